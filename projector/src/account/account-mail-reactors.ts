import {
  accountStreamId,
  type EmailChangeRequested,
  type EmailChanged,
  type PasswordChanged,
  type PasswordReset,
  type PasswordResetRequested,
} from '@kartvizit/schemas';
import type { SignedLinks } from '@kartvizit/infra/auth/signed-link';
import type { MailContent } from '@kartvizit/infra/mail/layout';
import type { Reactor } from '@kartvizit/infra/processing/reactor';
import { securityMailReactor } from './security-mail.ts';
import { readAccountHolder, sendMail, type AccountHolder, type MailDependencies } from '../mail/recipients.ts';

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

/** The e-mail to the NEW address with the link that confirms it (decision 30). */
export function emailChangeMail(holder: AccountHolder, newEmail: string, link: string): MailContent {
  return {
    subject: 'Yeni e-posta adresinizi onaylayın',
    greeting: `Merhaba ${holder.firstName},`,
    paragraphs: [
      `Dijital Kartvizit hesabınızın e-posta adresini ${newEmail} olarak değiştirmek istediniz. Değişikliği tamamlamak için aşağıdaki bağlantıyı açıp onaylayın; onaylayana kadar hesabınız eski adresinizle kalır.`,
      'Bağlantı 24 saat geçerlidir ve bir kez kullanılabilir; daha yeni bir bağlantı isterseniz ya da şifrenizi değiştirirseniz bu bağlantı geçersiz olur.',
      'Bunu siz istemediyseniz bu e-postayı yok sayabilirsiniz: hiçbir hesap bu adrese taşınmaz.',
    ],
    action: { label: 'E-posta Adresimi Onayla', url: link },
    footnote: 'Bu e-postayı, bir Dijital Kartvizit hesabı bu adrese taşınmak istendiği için aldınız.',
  };
}

/**
 * The heads-up to the CURRENT address that a move was asked for (as GitHub tells the primary address of a new one):
 * an intruder who knows the password cannot move the account away unnoticed, and a password reset ends the request.
 */
export function emailChangeRequestedMail(
  holder: AccountHolder,
  newEmail: string,
  at: string,
  publicBaseUrl: string,
): MailContent {
  return {
    subject: 'E-posta adresinizi değiştirme isteği',
    greeting: `Merhaba ${holder.firstName},`,
    paragraphs: [
      `Dijital Kartvizit hesabınızın e-posta adresini ${newEmail} olarak değiştirmek için ${WHEN.format(new Date(at))} tarihinde bir onay bağlantısı istendi. Adresiniz, bağlantı o adreste açılıp onaylanınca değişecek.`,
      'Bunu siz istediyseniz bir şey yapmanıza gerek yok.',
      'Siz istemediyseniz hemen yeni bir şifre belirleyin: istek geçersiz olur ve diğer cihazlardaki oturumlar kapanır.',
    ],
    action: { label: 'Şifremi Sıfırla', url: `${publicBaseUrl}/auth/forgot-password` },
    footnote: 'Bu e-postayı, hesabınızın güvenliğiyle ilgili bir istek olduğu için aldınız.',
  };
}

/** The notice to the OLD address once the account has moved away from it. */
export function emailChangedMail(
  holder: AccountHolder,
  newEmail: string,
  at: string,
  publicBaseUrl: string,
): MailContent {
  return {
    subject: 'E-posta adresiniz değiştirildi',
    greeting: `Merhaba ${holder.firstName},`,
    paragraphs: [
      `Dijital Kartvizit hesabınızın e-posta adresi ${WHEN.format(new Date(at))} tarihinde ${newEmail} olarak değiştirildi. Giriş yaparken ve e-postalarımızda artık bu adres kullanılacak; diğer cihazlardaki oturumlar kapatıldı.`,
      `Bu değişikliği siz yapmadıysanız: şifreniz değişmedi. Hemen ${newEmail} adresi ve şifrenizle giriş yapın, Hesap Ayarları’ndan şifrenizi değiştirin ve e-posta adresinizi bu adrese geri alın.`,
    ],
    action: { label: 'Giriş Yap', url: `${publicBaseUrl}/auth/login` },
    footnote: 'Bu e-postayı, hesabınızın güvenliğiyle ilgili bir değişiklik olduğu için eski adresinize gönderdik.',
  };
}

/** Events after which a confirmation link no longer works (see the account decider): a newer one, or its end. */
const ENDS_EMAIL_CHANGE: ReadonlySet<string> = new Set([
  'EmailChangeRequested',
  'EmailChanged',
  'PasswordChanged',
  'PasswordReset',
  'AccountDeleted',
]);

/** Whether the request is still the live one as the account stream says now (nothing came after it that ends it). */
async function stillPending(deps: MailDependencies, event: EmailChangeRequested & { streamPosition: number }) {
  const { events } = await deps.store.readStream(accountStreamId(event.data.userId));
  return !events.some((later) => later.streamPosition > event.streamPosition && ENDS_EMAIL_CHANGE.has(later.type));
}

/**
 * The account's e-mails: the reset link (only while it still works: a link that waited past its
 * half hour for a mail server is not sent), the notice after every password change, the link that
 * confirms a new address (only while it is the live one) with a heads-up to the current address, and the notice to
 * the old address after the change.
 */
export function accountMailReactors(
  deps: MailDependencies & { readonly resetLinks: SignedLinks; readonly emailChangeLinks: SignedLinks },
): Reactor[] {
  const resetLink: Reactor<PasswordResetRequested> = {
    name: 'password-reset-mail',
    handles: ['PasswordResetRequested'],
    async react(event, { idempotencyKey }) {
      if (Date.now() > Date.parse(event.data.expiresAt)) return;
      const holder = await readAccountHolder(deps, event.data.userId);
      if (!holder) return;
      const link = deps.resetLinks.url(
        deps.publicBaseUrl,
        deps.resetLinks.issue(event.data.userId, event.data.requestId),
      );
      return sendMail(deps, {
        to: holder.email,
        content: passwordResetMail(holder, link),
        kind: 'password-reset',
        ownerId: event.data.userId,
        cause: event,
        idempotencyKey,
      });
    },
  };
  const changed: Reactor<PasswordChanged | PasswordReset> = {
    name: 'password-changed-mail',
    handles: ['PasswordChanged', 'PasswordReset'],
    async react(event, { idempotencyKey }) {
      const holder = await readAccountHolder(deps, event.data.userId);
      if (!holder) return;
      const at = event.type === 'PasswordReset' ? event.data.resetAt : event.data.changedAt;
      return sendMail(deps, {
        to: holder.email,
        content: passwordChangedMail(holder, at, event.type === 'PasswordReset', deps.publicBaseUrl),
        kind: 'password-changed',
        ownerId: event.data.userId,
        cause: event,
        idempotencyKey,
      });
    },
  };
  const emailChangeLink: Reactor<EmailChangeRequested> = {
    name: 'email-change-mail',
    handles: ['EmailChangeRequested'],
    async react(event, { idempotencyKey }) {
      // A link that waited past its day, or that a newer request, a password change or the change itself has ended,
      // is not sent; nor one whose owner is gone (the address reads as forgotten).
      if (event.forgotten || Date.now() > Date.parse(event.data.expiresAt)) return;
      if (!(await stillPending(deps, event))) return;
      const holder = await readAccountHolder(deps, event.data.userId);
      if (!holder) return;
      const links = deps.emailChangeLinks;
      const link = links.url(deps.publicBaseUrl, links.issue(event.data.userId, event.data.requestId));
      return sendMail(deps, {
        to: event.data.newEmail,
        content: emailChangeMail(holder, event.data.newEmail, link),
        kind: 'email-change',
        ownerId: event.data.userId,
        cause: event,
        idempotencyKey,
      });
    },
  };
  const emailChangeRequested: Reactor<EmailChangeRequested> = {
    name: 'email-change-requested-mail',
    handles: ['EmailChangeRequested'],
    async react(event, { idempotencyKey }) {
      // A request already ended (a newer one sends its own heads-up; a done change, its own notice) goes unmentioned.
      if (event.forgotten || !(await stillPending(deps, event))) return;
      const holder = await readAccountHolder(deps, event.data.userId, event.position);
      if (!holder) return;
      return sendMail(deps, {
        to: holder.email,
        content: emailChangeRequestedMail(holder, event.data.newEmail, event.data.requestedAt, deps.publicBaseUrl),
        kind: 'email-change-requested',
        ownerId: event.data.userId,
        cause: event,
        idempotencyKey,
      });
    },
  };
  const emailChanged: Reactor<EmailChanged> = {
    name: 'email-changed-mail',
    handles: ['EmailChanged'],
    async react(event, { idempotencyKey }) {
      if (event.forgotten) return;
      // The address the account moved away from: the stream as it was just before this event.
      const before = await readAccountHolder(deps, event.data.userId, { before: event });
      if (!before || before.email === event.data.email) return;
      return sendMail(deps, {
        to: before.email,
        content: emailChangedMail(before, event.data.email, event.data.changedAt, deps.publicBaseUrl),
        kind: 'email-changed',
        ownerId: event.data.userId,
        cause: event,
        idempotencyKey,
      });
    },
  };
  return [resetLink, changed, emailChangeLink, emailChangeRequested, emailChanged, securityMailReactor(deps)];
}
