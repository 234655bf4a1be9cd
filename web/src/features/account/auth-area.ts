// The sign-in screens, loaded together on demand (the landing page does not need them).
export { AuthLayout } from './auth-layout.tsx';
export { LoginPage } from './login-page.tsx';
export { RegisterPage } from './register-page.tsx';
export { ForgotPasswordPage } from './forgot-password-page.tsx';
export { ResetPasswordPage } from './reset-password-page.tsx';
export { ConfirmEmailPage } from './confirm-email-page.tsx';
