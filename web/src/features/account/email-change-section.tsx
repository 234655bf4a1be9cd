import { useState, type FormEvent } from 'react';
import { MESSAGES } from '@kartvizit/schemas/messages';
import { normaliseEmail } from '@kartvizit/schemas/text';
import { isValidEmail } from '@kartvizit/schemas/common/email';
import { useAppSelector } from '../../app/hooks.ts';
import { serverProblem } from '../../shared/server-problem.ts';
import { useRequestEmailChangeMutation } from './api.ts';
import { PasswordField, TextField } from './form-fields.tsx';
import { selectCurrentUser } from './session-slice.ts';
import { SettingsForm, SettingsSection, useSectionForm, type FieldProblem } from './settings-section.tsx';
import './email-change-section.css';

type Field = 'newEmail' | 'password';

/**
 * /account's 'E-posta Adresi' (decision 30): the current address, and a form that sends a confirmation link to a new
 * one. Nothing changes until that link is opened (confirm-email-page.tsx), so the address shown stays the current one.
 */
export function EmailChangeSection() {
  const user = useAppSelector(selectCurrentUser);
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const { formRef, problem, fail: showProblem, clear, fieldError } = useSectionForm<Field>('newEmail');
  const [sent, setSent] = useState<string | null>(null);
  const [requestChange, { isLoading }] = useRequestEmailChangeMutation();

  const fail = (next: FieldProblem<Field>) => {
    showProblem(next);
    setSent(null);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    const address = normaliseEmail(newEmail);
    if (address === '') return fail({ message: MESSAGES.emailChangeFieldsMissing, field: 'newEmail' });
    if (password === '') return fail({ message: MESSAGES.emailChangeFieldsMissing, field: 'password' });
    if (!isValidEmail(address)) return fail({ message: MESSAGES.invalidEmail, field: 'newEmail' });
    if (address === user?.email) return fail({ message: MESSAGES.emailSameAsCurrent, field: 'newEmail' });
    clear();
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

  return (
    <SettingsSection
      id="hesap-eposta"
      title="E-posta Adresi"
      description="Giriş yaparken kullandığınız ve e-postalarımızın geldiği adres. Değiştirmek için yeni adresinize bir onay bağlantısı göndeririz; adresiniz, o bağlantıyı açıp onayladığınızda değişir ve diğer cihazlardaki oturumlar kapanır."
    >
      <div className="as-readonly">
        <span className="as-readonly__label">Mevcut e-posta adresi</span>
        <span className="as-readonly__value">{user?.email}</span>
      </div>
      {sent && (
        <div className="email-change__sent" role="status">
          {sent}
        </div>
      )}
      <SettingsForm
        formRef={formRef}
        problem={problem}
        busy={isLoading}
        submitLabel="Onay Bağlantısı Gönder"
        busyLabel="Gönderiliyor..."
        onSubmit={onSubmit}
      >
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
      </SettingsForm>
    </SettingsSection>
  );
}
