import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES } from '@kartvizit/schemas/messages';
import { normaliseEmail } from '@kartvizit/schemas/text';
import { isValidEmail } from '@kartvizit/schemas/common/email';
import { serverProblem } from '../../shared/server-problem.ts';
import { useForgotPasswordMutation } from './api.ts';
import { focusField, TextField } from './form-fields.tsx';

/** Linked from sign-in: asks for a reset link by e-mail. The answer never says whether an account has the address. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [ask, { isLoading }] = useForgotPasswordMutation();
  const formRef = useRef<HTMLFormElement>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    const address = normaliseEmail(email);
    const problem = address === '' ? MESSAGES.fillAllFields : isValidEmail(address) ? null : MESSAGES.invalidEmail;
    if (problem) {
      setError(problem);
      focusField(formRef.current, 'email');
      return;
    }
    setError(null);
    const result = await ask({ email: address });
    if ('error' in result) {
      setError(serverProblem(result.error)?.message ?? MESSAGES.serverError);
      focusField(formRef.current, 'email');
      return;
    }
    setSentTo(address);
  };

  if (sentTo) {
    return (
      <div className="auth-page">
        <title>Şifremi Unuttum · Dijital Kartvizit</title>
        <h1>E-postanızı kontrol edin</h1>
        <div className="auth-page__notice" role="status">
          <p>
            <strong>{sentTo}</strong>
          </p>
          <p>{MESSAGES.resetLinkSent}</p>
        </div>
        <div className="auth-page__actions">
          <Link className="btn btn--primary btn--lg btn--block" to="/auth/login">
            Giriş Sayfasına Dön
          </Link>
          <button type="button" className="btn btn--secondary btn--lg btn--block" onClick={() => setSentTo(null)}>
            Başka bir adres dene
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className="auth-page">
      <title>Şifremi Unuttum · Dijital Kartvizit</title>
      <h1>Şifremi Unuttum</h1>
      <p className="auth-page__subtitle">
        Hesabınızın e-posta adresini yazın; yeni şifre belirlemeniz için 30 dakika geçerli bir bağlantı gönderelim.
      </p>
      <form ref={formRef} className="auth-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={isLoading}>
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
          error={error}
        />
        <button type="submit" className="btn btn--primary btn--lg btn--block auth-form__submit" disabled={isLoading}>
          {isLoading ? 'Gönderiliyor...' : 'Sıfırlama Bağlantısı Gönder'}
        </button>
      </form>
      <p className="auth-page__switch">
        Şifrenizi hatırladınız mı? <Link to="/auth/login">Giriş yapın</Link>
      </p>
    </div>
  );
}
