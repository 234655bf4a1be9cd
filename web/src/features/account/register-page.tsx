import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { LEGAL_PATHS } from '@kartvizit/schemas/legal';
import { toast } from 'sonner';
import { AUTH_OUTCOME } from './auth-outcome-toast.ts';
import { MESSAGES } from '@kartvizit/schemas/messages';
import { nameProblem, passwordProblem, registrationProblem } from '@kartvizit/schemas/auth/rules';
import { useAppDispatch } from '../../app/hooks.ts';
import { serverProblem } from '../../shared/server-problem.ts';
import { useRegisterMutation } from './api.ts';
import { focusField, PasswordField, TextField } from './form-fields.tsx';
import { returnTarget } from './return-to.ts';
import { startSession } from './session.ts';

const FIELDS = ['firstName', 'lastName', 'email', 'password', 'confirmPassword'] as const;
type RegisterField = (typeof FIELDS)[number];
type RegisterValues = Record<RegisterField, string>;

interface FormError {
  readonly message: string;
  /** The one field the message is about; shown beside it. */
  readonly field: RegisterField | null;
  /** Fields to mark invalid beside a form-level message (the empty ones). */
  readonly invalid: readonly RegisterField[];
}

const EMPTY: RegisterValues = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' };

/** The shared rules trim names and e-mail but take passwords as typed. */
function isBlank(field: RegisterField, value: string): boolean {
  return field === 'password' || field === 'confirmPassword' ? value === '' : value.trim() === '';
}

function isRegisterField(field: string | null): field is RegisterField {
  return FIELDS.some((known) => known === field);
}

/** Which field the shared rules' message is about, so it can be shown beside that field. */
function fieldOf(message: string, values: RegisterValues): RegisterField | null {
  if (message === MESSAGES.invalidEmail) return 'email';
  if (message === MESSAGES.passwordsDoNotMatch) return 'confirmPassword';
  if (passwordProblem(values.password) === message) return 'password';
  if (nameProblem(values.firstName.trim()) === message) return 'firstName';
  if (nameProblem(values.lastName.trim()) === message) return 'lastName';
  return null;
}

export function RegisterPage() {
  const [values, setValues] = useState<RegisterValues>(EMPTY);
  const [error, setError] = useState<FormError | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [register, { isLoading }] = useRegisterMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);

  const fail = (next: FormError) => {
    setError(next);
    setAttempt((count) => count + 1);
    const target = next.field ?? next.invalid[0];
    if (target) focusField(formRef.current, target);
  };

  const update = (field: RegisterField) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    // A message about this field alone is out of date once the field changes.
    if (error?.field === field) setError(null);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    const problem = registrationProblem(values);
    if (problem) {
      if (problem === MESSAGES.fillAllFields) {
        const empty = FIELDS.filter((field) => isBlank(field, values[field]));
        fail({ message: problem, field: null, invalid: empty });
      } else {
        fail({ message: problem, field: fieldOf(problem, values), invalid: [] });
      }
      return;
    }
    setError(null);
    const result = await register({
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      password: values.password,
    });
    if ('error' in result) {
      const server = serverProblem(result.error);
      const message = server?.message ?? MESSAGES.registerError;
      const field = server?.field ?? null;
      toast.error(message, AUTH_OUTCOME);
      fail({ message, field: isRegisterField(field) ? field : null, invalid: [] });
      return;
    }
    const { data } = result;
    if (!data.success || !data.token) {
      const message = data.message || MESSAGES.registerFailed;
      toast.error(message, AUTH_OUTCOME);
      fail({ message, field: null, invalid: [] });
      return;
    }
    dispatch(startSession(data.token, data.user));
    toast.success(MESSAGES.registerRedirect, AUTH_OUTCOME);
    void navigate(returnTarget(location.state), { replace: true });
  };

  const fieldError = (field: RegisterField) => (error?.field === field ? error.message : null);
  const isInvalid = (field: RegisterField) => error?.invalid.includes(field);
  const formLevel = error && error.field === null ? error.message : null;

  return (
    <div className="auth-page">
      <title>Kayıt Ol · Dijital Kartvizit</title>
      <h1>Kayıt Ol</h1>
      <p className="auth-page__subtitle">
        Ücretsiz hesabınızı oluşturun, dijital kartvizitinizi dakikalar içinde paylaşın.
      </p>
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
        <div className="auth-form__row">
          <TextField
            label="Ad"
            name="firstName"
            autoComplete="given-name"
            autoCapitalize="words"
            value={values.firstName}
            onChange={update('firstName')}
            error={fieldError('firstName')}
            invalid={isInvalid('firstName')}
          />
          <TextField
            label="Soyad"
            name="lastName"
            autoComplete="family-name"
            autoCapitalize="words"
            value={values.lastName}
            onChange={update('lastName')}
            error={fieldError('lastName')}
            invalid={isInvalid('lastName')}
          />
        </div>
        <TextField
          label="E-posta"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          value={values.email}
          onChange={update('email')}
          error={fieldError('email')}
          invalid={isInvalid('email')}
        />
        <PasswordField
          label="Şifre"
          revealLabel="Şifreyi"
          name="password"
          autoComplete="new-password"
          hint="En az 6 karakter"
          value={values.password}
          onChange={update('password')}
          error={fieldError('password')}
          invalid={isInvalid('password')}
        />
        <PasswordField
          label="Şifre Tekrar"
          revealLabel="Şifre tekrarını"
          name="confirmPassword"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={update('confirmPassword')}
          error={fieldError('confirmPassword')}
          invalid={isInvalid('confirmPassword')}
        />
        <button type="submit" className="btn btn--primary btn--lg btn--block auth-form__submit" disabled={isLoading}>
          {isLoading ? 'Kayıt Yapılıyor...' : 'Kayıt Ol'}
        </button>
      </form>
      <p className="auth-page__legal">
        Kayıt olarak <Link to={LEGAL_PATHS.terms}>Kullanım Koşulları</Link>’nı kabul etmiş olursunuz. Kişisel
        verilerinizin nasıl işlendiği <Link to={LEGAL_PATHS.disclosure}>Aydınlatma Metni</Link>’nde anlatılır.
      </p>
      <p className="auth-page__switch">
        Zaten hesabınız var mı?{' '}
        <Link to="/auth/login" state={location.state as unknown}>
          Giriş yapın
        </Link>
      </p>
    </div>
  );
}
