import type { PasskeyAdded, SessionStarted, TwoFactorDisabled, TwoFactorEnabled } from '@kartvizit/schemas';
import type { MailContent } from '@kartvizit/infra/mail/layout';
import type { Reactor } from '@kartvizit/infra/processing/reactor';
import { readAccountHolder, sendMail, type AccountHolder, type MailDependencies } from '../mail/recipients.ts';

const WHEN = new Intl.DateTimeFormat('tr-TR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Istanbul' });

const DEVICE_NAMES: Readonly<Record<string, string>> = {
  mobile: 'telefon',
  tablet: 'tablet',
  desktop: 'bilgisayar',
};

/** "Chrome, Android (telefon) · İstanbul, Türkiye": what the product knows of the device and place, nothing more. */
export function describeSignIn(data: SessionStarted['data']): string {
  const software = [data.browser, data.os].filter(Boolean).join(', ') || 'Bilinmeyen tarayıcı';
  const device = DEVICE_NAMES[data.device] ?? 'cihaz';
  const country = data.country ? new Intl.DisplayNames(['tr'], { type: 'region' }).of(data.country) : null;
  const place = [data.city, country].filter(Boolean).join(', ') || 'konum bilinmiyor';
  return `${software} (${device}) · ${place}`;
}

const SECURITY_FOOTNOTE = 'Bu e-postayı, hesabınızın güvenliğiyle ilgili bir değişiklik olduğu için aldınız.';

/** A sign-in from a browser that never signed in to this account before. */
export function newSignInMail(holder: AccountHolder, data: SessionStarted['data'], publicBaseUrl: string): MailContent {
  return {
    subject: 'Hesabınıza yeni bir cihazdan giriş yapıldı',
    greeting: `Merhaba ${holder.firstName},`,
    paragraphs: [
      `Dijital Kartvizit hesabınıza ${WHEN.format(new Date(data.startedAt))} tarihinde daha önce görmediğimiz bir cihazdan giriş yapıldı: ${describeSignIn(data)}.`,
      'Bu siz idiyseniz bir şey yapmanıza gerek yok.',
      'Siz değilseniz Hesap Ayarları’ndaki Oturumlar bölümünden bu oturumu hemen sonlandırın, şifrenizi değiştirin ve iki adımlı doğrulamayı açın.',
    ],
    action: { label: 'Oturumlarımı Gör', url: `${publicBaseUrl}/account#guvenlik` },
    footnote: SECURITY_FOOTNOTE,
  };
}

export function twoFactorChangedMail(
  holder: AccountHolder,
  enabled: boolean,
  at: string,
  publicBaseUrl: string,
): MailContent {
  return {
    subject: enabled ? 'İki adımlı doğrulama açıldı' : 'İki adımlı doğrulama kapatıldı',
    greeting: `Merhaba ${holder.firstName},`,
    paragraphs: enabled
      ? [
          `Dijital Kartvizit hesabınızda ${WHEN.format(new Date(at))} tarihinde iki adımlı doğrulama açıldı. Bundan sonra şifrenizden sonra kimlik doğrulama uygulamanızdaki kod da sorulacak; diğer cihazlardaki oturumlar kapatıldı.`,
          'Kurtarma kodlarınızı güvenli bir yerde saklayın: telefonunuza erişemezseniz giriş yapmanın tek yolu onlardır.',
        ]
      : [
          `Dijital Kartvizit hesabınızda ${WHEN.format(new Date(at))} tarihinde iki adımlı doğrulama kapatıldı. Giriş için artık yalnızca şifreniz yeterli; diğer cihazlardaki oturumlar kapatıldı.`,
          'Bu değişikliği siz yapmadıysanız hemen şifrenizi değiştirin ve iki adımlı doğrulamayı yeniden açın.',
        ],
    action: { label: 'Güvenlik Ayarlarım', url: `${publicBaseUrl}/account#guvenlik` },
    footnote: SECURITY_FOOTNOTE,
  };
}

export function passkeyAddedMail(holder: AccountHolder, name: string, at: string, publicBaseUrl: string): MailContent {
  return {
    subject: 'Hesabınıza bir geçiş anahtarı eklendi',
    greeting: `Merhaba ${holder.firstName},`,
    paragraphs: [
      `Dijital Kartvizit hesabınıza ${WHEN.format(new Date(at))} tarihinde “${name}” adlı bir geçiş anahtarı eklendi. Bu anahtarla şifre yazmadan giriş yapılabilir.`,
      'Bu değişikliği siz yapmadıysanız Hesap Ayarları’ndan anahtarı hemen kaldırın ve şifrenizi değiştirin.',
    ],
    action: { label: 'Geçiş Anahtarlarım', url: `${publicBaseUrl}/account#guvenlik` },
    footnote: SECURITY_FOOTNOTE,
  };
}

type SecurityMailEvent = SessionStarted | TwoFactorEnabled | TwoFactorDisabled | PasskeyAdded;

/**
 * The account's security e-mails (issue 34), as GitHub and Google send them: a sign-in from a device never seen, two-step
 * sign-in turned on or off, a passkey added. To the account's address; each once (the mail reactor's idempotency).
 */
export function securityMailReactor(deps: MailDependencies): Reactor<SecurityMailEvent> {
  return {
    name: 'account-security-mail',
    handles: ['SessionStarted', 'TwoFactorEnabled', 'TwoFactorDisabled', 'PasskeyAdded'],
    async react(event, { idempotencyKey }) {
      if (event.type === 'SessionStarted' && !event.data.newDevice) return;
      if (event.forgotten) return;
      const holder = await readAccountHolder(deps, event.data.userId, event.position);
      if (!holder) return;
      const mail = (() => {
        switch (event.type) {
          case 'SessionStarted':
            return { kind: 'new-sign-in' as const, content: newSignInMail(holder, event.data, deps.publicBaseUrl) };
          case 'TwoFactorEnabled':
            return {
              kind: 'two-factor-changed' as const,
              content: twoFactorChangedMail(holder, true, event.data.enabledAt, deps.publicBaseUrl),
            };
          case 'TwoFactorDisabled':
            return {
              kind: 'two-factor-changed' as const,
              content: twoFactorChangedMail(holder, false, event.data.disabledAt, deps.publicBaseUrl),
            };
          case 'PasskeyAdded':
            return {
              kind: 'passkey-added' as const,
              content: passkeyAddedMail(holder, event.data.name, event.data.addedAt, deps.publicBaseUrl),
            };
          default: {
            const unhandled: never = event;
            return unhandled;
          }
        }
      })();
      return sendMail(deps, {
        to: holder.email,
        content: mail.content,
        kind: mail.kind,
        ownerId: event.data.userId,
        cause: event,
        idempotencyKey,
      });
    },
  };
}
