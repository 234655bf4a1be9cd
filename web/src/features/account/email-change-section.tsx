import { useRef, useState, type FormEvent } from 'react';
import { MESSAGES } from '@kartvizit/schemas/messages';
import { normaliseEmail } from '@kartvizit/schemas/text';
import { isValidEmail } from '@kartvizit/schemas/common/email';
import { useAppSelector } from '../../app/hooks.ts';
import { serverProblem } from '../../shared/server-problem.ts';
import { useRequestEmailChangeMutation } from './api.ts';
import { focusField, PasswordField, TextField } from './form-fields.tsx';
import { selectCurrentUser } from './session-slice.ts';
import './auth.css';
import './account-settings.css';
import './email-change-section.css';

type Field = 'newEmail' | 'password';

interface Problem {
  readonly message: string;
  readonly field: Field | null;
}

/**
 * /account's 'E-posta Adresi' (decision 30): the current address, and a form that sends a confirmation link to a new
 * one. Nothing changes until that link is opened (confirm-email-page.tsx), so the address shown stays the current one.
 */
export function EmailChangeSection() {
  const user = useAppSelector(selectCurrentUser);
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [requestChange, { isLoading }] = useRequestEmailChangeMutation();
  const formRef = useRef<HTMLFormElement>(null);

  const fail = (next: Problem) => {
    setProblem(next);
    setSent(null);
    focusField(formRef.current, next.field ?? 'newEmail');
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    const address = normaliseEmail(newEmail);
    if (address === '') return fail({ message: MESSAGES.emailChangeFieldsMissing, field: 'newEmail' });
    if (password === '') return fail({ message: MESSAGES.emailChangeFieldsMissing, field: 'password' });
    if (!isValidEmail(address)) return fail({ message: MESSAGES.invalidEmail, field: 'newEmail' });
    if (address === user?.email) return fail({ message: MESSAGES.emailSameAsCurrent, field: 'newEmail' });
    setProblem(null);
    const result = await requestChange({ newEmail: address, password });
    if ('error' in result) {
      const server = serverProblem(result.error);
      const field = server?.field === 'newEmail' || server?.field === 'password' ? server.field : null;
      fail({ message: server?.message ?? MESSAGES.serverError, field });
      return;
    }
    setNewEmail('');
    setPassword('');
    setSent(result.data.message);
  };

  const fieldError = (field: Field) => (problem?.field === field ? problem.message : null);
  return (
    <section className="panel as-section" aria-labelledby="hesap-eposta-title">
      <header className="as-section__head">
        <h2 id="hesap-eposta-title">E-posta Adresi</h2>
        <p>
          Giriş yaparken kullandığınız ve e-postalarımızın geldiği adres. Değiştirmek için yeni adresinize bir onay
          bağlantısı göndeririz; adresiniz, o bağlantıyı açıp onayladığınızda değişir ve diğer cihazlardaki oturumlar
          kapanır.
        </p>
      </header>
      <div className="as-readonly">
        <span className="as-readonly__label">Mevcut e-posta adresi</span>
        <span className="as-readonly__value">{user?.email}</span>
      </div>
      {sent && (
        <div className="email-change__sent" role="status">
          {sent}
        </div>
      )}
      <form
        ref={formRef}
        className="as-form"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        aria-busy={isLoading}
      >
        {problem && problem.field === null && (
          <div className="alert" role="alert">
            {problem.message}
          </div>
        )}
        <div className="as-form__row">
          <TextField
            label="Yeni e-posta adresi"
            name="newEmail"
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            value={newEmail}
            onChange={(event) => setNewEmail(event.target.value)}
            error={fieldError('newEmail')}
          />
          <PasswordField
            label="Mevcut şifreniz"
            revealLabel="Mevcut şifrenizi"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={fieldError('password')}
          />
        </div>
        <div className="as-form__actions">
          <button type="submit" className="btn btn--primary" disabled={isLoading}>
            {isLoading ? 'Gönderiliyor...' : 'Onay Bağlantısı Gönder'}
          </button>
        </div>
      </form>
    </section>
  );
}
