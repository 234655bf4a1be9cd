import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { AuthSuccess } from '@kartvizit/schemas/auth/http';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { AUTH_OUTCOME } from './auth-outcome-toast.ts';
import { MESSAGES } from '@kartvizit/schemas/messages';
import { loginProblem } from '@kartvizit/schemas/auth/rules';
import { useAppDispatch } from '../../app/hooks.ts';
import { serverProblem } from '../../shared/server-problem.ts';
import { useLoginMutation } from './api.ts';
import { focusField, PasswordField, TextField } from './form-fields.tsx';
import { returnTarget, secondStepOf } from './return-to.ts';
import { PasskeySignIn, SecondStepForm } from './security-login.tsx';
import { startSession } from './session.ts';

type LoginField = 'email' | 'password';

interface FormError {
  readonly message: string;
  readonly field: LoginField | null;
  /** Fields to mark invalid beside a form-level message. */
  readonly invalid: readonly LoginField[];
}

function asLoginField(field: string | null): LoginField | null {
  return field === 'email' || field === 'password' ? field : null;
}

export function LoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<FormError | null>(null);
  const [attempt, setAttempt] = useState(0);
  /** Two-step sign-in is on: the password was right, a code finishes (issue 34). */
  const location = useLocation();
  // A reset or an e-mail change may hand over a second step to finish here.
  const [secondStep, setSecondStep] = useState<{ readonly challenge: string; readonly message: string } | null>(() =>
    secondStepOf(location.state),
  );
  const [login, { isLoading }] = useLoginMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  /** The field to focus once the password form is back from the second step. */
  const focusOnReturn = useRef<LoginField | null>(null);

  useEffect(() => {
    if (secondStep || !focusOnReturn.current) return;
    focusField(formRef.current, focusOnReturn.current);
    focusOnReturn.current = null;
  }, [secondStep]);

  const fail = (next: FormError) => {
    setError(next);
    setAttempt((count) => count + 1);
    focusField(formRef.current, next.field ?? next.invalid[0] ?? 'email');
  };

  /** Every way in ends here: the password, the second step, a passkey. */
  const signedIn = (answer: AuthSuccess) => {
    dispatch(startSession(answer.token, answer.user));
    toast.success(MESSAGES.loginSuccess, AUTH_OUTCOME);
    void navigate(returnTarget(location.state), { replace: true });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    const problem = loginProblem({ email, password });
    if (problem) {
      const empty: LoginField[] = [];
      if (email.trim() === '') empty.push('email');
      if (password === '') empty.push('password');
      fail({ message: problem, field: null, invalid: empty });
      return;
    }
    setError(null);
    const result = await login({ email: email.trim(), password });
    if ('error' in result) {
      const server = serverProblem(result.error);
      const message = server?.message ?? MESSAGES.loginError;
      toast.error(message, AUTH_OUTCOME);
      fail({ message, field: asLoginField(server?.field ?? null), invalid: [] });
      return;
    }
    const { data } = result;
    if (data.success && 'twoFactorRequired' in data && data.twoFactorRequired) {
      setPassword('');
      setSecondStep({ challenge: data.challenge, message: data.message });
      return;
    }
    if (!data.success || !('token' in data) || !data.token) {
      const message = data.message || MESSAGES.loginFailed;
      toast.error(message, AUTH_OUTCOME);
      fail({ message, field: null, invalid: [] });
      return;
    }
    signedIn(data);
  };

  if (secondStep) {
    return (
      <SecondStepForm
        challenge={secondStep.challenge}
        message={secondStep.message}
        onSignedIn={signedIn}
        onRestart={(problem) => {
          setSecondStep(null);
          if (problem) {
            // The challenge ran out: the same address, the password again.
            toast.error(problem, AUTH_OUTCOME);
            setError({ message: problem, field: null, invalid: [] });
            setAttempt((count) => count + 1);
            focusOnReturn.current = 'password';
          } else {
            setError(null);
            focusOnReturn.current = 'email';
          }
        }}
      />
    );
  }

  const fieldError = (field: LoginField) => (error?.field === field ? error.message : null);
  const formLevel = error && error.field === null ? error.message : null;

  return (
    <div className="auth-page">
      <title>Giriş Yap · Dijital Kartvizit</title>
      <h1>Giriş Yap</h1>
      <p className="auth-page__subtitle">Kartlarınızı ve profilinizi yönetmek için hesabınıza giriş yapın.</p>
      <form
        ref={formRef}
        className="auth-form"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        aria-busy={isLoading}
      >
        {formLevel && (
          <div key={attempt} className="alert" role="alert">
            {formLevel}
          </div>
        )}
        <TextField
          label="E-posta"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={fieldError('email')}
          invalid={error?.invalid.includes('email')}
        />
        <PasswordField
          label="Şifre"
          revealLabel="Şifreyi"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={fieldError('password')}
          invalid={error?.invalid.includes('password')}
          labelAside={<Link to="/auth/forgot-password">Şifremi unuttum</Link>}
        />
        <button type="submit" className="btn btn--primary btn--lg btn--block auth-form__submit" disabled={isLoading}>
          {isLoading ? 'Giriş Yapılıyor...' : 'Giriş Yap'}
        </button>
      </form>
      <PasskeySignIn
        disabled={isLoading}
        onSignedIn={signedIn}
        onProblem={(message) => {
          if (message === null) {
            setError(null);
            return;
          }
          toast.error(message, AUTH_OUTCOME);
          setError({ message, field: null, invalid: [] });
          setAttempt((count) => count + 1);
        }}
      />
      <p className="auth-page__switch">
        Hesabınız yok mu?{' '}
        <Link to="/auth/register" state={location.state as unknown}>
          Hemen kayıt olun
        </Link>
      </p>
    </div>
  );
}
