import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { MESSAGES } from '@kartvizit/schemas/messages';
import { passwordProblem } from '@kartvizit/schemas/auth/rules';
import { useAppDispatch } from '../../app/hooks.ts';
import { serverProblem } from '../../shared/server-problem.ts';
import { useResetPasswordMutation } from './api.ts';
import { focusField, PasswordField } from './form-fields.tsx';
import { startSession } from './session.ts';
import type { SecondStepState } from './return-to.ts';

type Field = 'newPassword' | 'confirmPassword';

/** The e-mailed link's screen: a new password twice, then the owner is signed in. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<{ message: string; field: Field | 'token' } | null>(null);
  const [reset, { isLoading }] = useResetPasswordMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);

  const fail = (message: string, field: Field | 'token') => {
    setError({ message, field });
    if (field !== 'token') focusField(formRef.current, field);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    const problem = newPassword === '' ? MESSAGES.fillAllFields : passwordProblem(newPassword);
    if (problem) return fail(problem, 'newPassword');
    if (newPassword !== confirmPassword) return fail(MESSAGES.passwordsDoNotMatch, 'confirmPassword');
    setError(null);
    const result = await reset({ token, newPassword });
    if ('error' in result) {
      const server = serverProblem(result.error);
      return fail(server?.message ?? MESSAGES.serverError, server?.field === 'newPassword' ? 'newPassword' : 'token');
    }
    const { data } = result;
    // Two-step sign-in is on: the link changed what it changes, and the code opens the session (issue 34).
    if ('twoFactorRequired' in data) {
      toast.success(data.message);
      const state: SecondStepState = { secondStep: { challenge: data.challenge, message: data.message } };
      void navigate('/auth/login', { replace: true, state });
      return;
    }
    dispatch(startSession(data.token, data.user));
    toast.success(data.message);
    void navigate('/dashboard', { replace: true });
  };

  if (token === '' || error?.field === 'token') {
    return (
      <div className="auth-page">
        <title>Yeni Şifre · Dijital Kartvizit</title>
        <h1>Bağlantı geçersiz</h1>
        <div className="auth-page__notice" role="alert">
          <p>{error?.message ?? MESSAGES.resetLinkInvalid}</p>
        </div>
        <div className="auth-page__actions">
          <Link className="btn btn--primary btn--lg btn--block" to="/auth/forgot-password">
            Yeni Bağlantı İste
          </Link>
          <Link className="btn btn--secondary btn--lg btn--block" to="/auth/login">
            Giriş Sayfasına Dön
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="auth-page">
      <title>Yeni Şifre · Dijital Kartvizit</title>
      <h1>Yeni Şifre Belirle</h1>
      <p className="auth-page__subtitle">
        Hesabınız için yeni bir şifre seçin. Kaydettiğinizde diğer cihazlardaki oturumlar kapanır ve burada giriş yaparsınız.
      </p>
      <form ref={formRef} className="auth-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={isLoading}>
        <PasswordField
          label="Yeni Şifre"
          revealLabel="Yeni şifreyi"
          name="newPassword"
          autoComplete="new-password"
          value={newPassword}
          onChange={(event) => setNewPassword(event.target.value)}
          error={error?.field === 'newPassword' ? error.message : null}
          hint="En az 6 karakter"
        />
        <PasswordField
          label="Yeni Şifre Tekrar"
          revealLabel="Yeni şifre tekrarını"
          name="confirmPassword"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.target.value)}
          error={error?.field === 'confirmPassword' ? error.message : null}
        />
        <button type="submit" className="btn btn--primary btn--lg btn--block auth-form__submit" disabled={isLoading}>
          {isLoading ? 'Kaydediliyor...' : 'Şifreyi Kaydet ve Giriş Yap'}
        </button>
      </form>
    </div>
  );
}
