import type { PasswordChanged, PasswordReset, PasswordResetRequested } from '@kartvizit/schemas';
import { passwordResetUrl, type PasswordResetTokens } from '@kartvizit/infra/auth/password-reset-token';
import { renderMail, type MailContent } from '@kartvizit/infra/mail/layout';
import type { Reactor } from '@kartvizit/infra/processing/reactor';
import { emailSent, readAccountHolder, type AccountHolder, type MailDependencies } from '../mail/recipients.ts';

const WHEN = new Intl.DateTimeFormat('tr-TR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Istanbul' });

/** The e-mail with the link that sets a new password. */
export function passwordResetMail(holder: AccountHolder, link: string): MailContent {
  return {
    subject: 'Şifre sıfırlama bağlantınız',
    greeting: `Merhaba ${holder.firstName},`,
    paragraphs: [
      'Dijital Kartvizit hesabınız için şifre sıfırlama istendi. Yeni şifrenizi aşağıdaki bağlantıyla belirleyebilirsiniz.',
      'Bağlantı 30 dakika geçerlidir ve bir kez kullanılabilir; daha yeni bir bağlantı isterseniz bu bağlantı geçersiz olur.',
      'Bunu siz istemediyseniz bu e-postayı yok sayabilirsiniz: şifreniz değişmez.',
    ],
    action: { label: 'Yeni Şifre Belirle', url: link },
    footnote: 'Bu e-postayı, hesabınızın e-posta adresiyle şifre sıfırlama istendiği için aldınız.',
  };
}

/** The notice that the password changed (on /account, or through a reset link). */
export function passwordChangedMail(
  holder: AccountHolder,
  at: string,
  viaReset: boolean,
  publicBaseUrl: string,
): MailContent {
  return {
    subject: 'Şifreniz değiştirildi',
    greeting: `Merhaba ${holder.firstName},`,
    paragraphs: [
      `Dijital Kartvizit hesabınızın şifresi ${WHEN.format(new Date(at))} tarihinde ${viaReset ? 'e-postayla gönderilen bağlantıyla yenilendi' : 'değiştirildi'}. Diğer cihazlardaki oturumlar kapatıldı.`,
      'Bu değişikliği siz yapmadıysanız hemen yeni bir şifre belirleyin.',
    ],
    action: { label: 'Şifremi Sıfırla', url: `${publicBaseUrl}/auth/forgot-password` },
    footnote: 'Bu e-postayı, hesabınızın güvenliğiyle ilgili bir değişiklik olduğu için aldınız.',
  };
}

/**
 * The account's e-mails: the reset link (only while it still works: a link that waited past its
 * half hour for a mail server is not sent), and the notice after every password change.
 */
export function accountMailReactors(deps: MailDependencies & { readonly resetTokens: PasswordResetTokens }): Reactor[] {
  const resetLink: Reactor<PasswordResetRequested> = {
    name: 'password-reset-mail',
    handles: ['PasswordResetRequested'],
    async react(event, { idempotencyKey }) {
      if (Date.now() > Date.parse(event.data.expiresAt)) return;
      const holder = await readAccountHolder(deps, event.data.userId);
      if (!holder) return;
      const link = passwordResetUrl(
        deps.publicBaseUrl,
        deps.resetTokens.issue(event.data.userId, event.data.requestId),
      );
      await deps.mailer.send({
        to: holder.email,
        ...renderMail(passwordResetMail(holder, link)),
        key: `${idempotencyKey}.password-reset`,
      });
      return emailSent(event.data.userId, 'password-reset', event);
    },
  };
  const changed: Reactor<PasswordChanged | PasswordReset> = {
    name: 'password-changed-mail',
    handles: ['PasswordChanged', 'PasswordReset'],
    async react(event, { idempotencyKey }) {
      const holder = await readAccountHolder(deps, event.data.userId);
      if (!holder) return;
      const at = event.type === 'PasswordReset' ? event.data.resetAt : event.data.changedAt;
      const content = passwordChangedMail(holder, at, event.type === 'PasswordReset', deps.publicBaseUrl);
      await deps.mailer.send({ to: holder.email, ...renderMail(content), key: `${idempotencyKey}.password-changed` });
      return emailSent(event.data.userId, 'password-changed', event);
    },
  };
  return [resetLink, changed];
}
