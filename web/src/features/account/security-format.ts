import type { AccountSession } from '@kartvizit/schemas/account/security-http';
import { countryLabel, deviceLabel, isDeviceType } from '../telemetry/statistics-facts.ts';
import { SECOND_STEP_SETUP_FIELD, type SignInMethod } from '@kartvizit/schemas/account/security-rules';
import { LOCALE, TIME_ZONE } from '@kartvizit/schemas/constants';

/**
 * What /account's 'Güvenlik' (issue 34) and the sign-in screen's second step show, as pure functions: the secret in
 * groups, the recovery codes' file, sign-in methods in Turkish, a session's device and place, a passkey's default
 * name and how long ago something happened.
 */

/** The section's anchor: `/account#guvenlik` scrolls to it, and a required second step leads there. */
export const SECURITY_SECTION_ID = 'guvenlik';

/**
 * A 403 whose `field` is 'secondStepSetup' (issue 34): the person's office requires two-step sign-in or a passkey
 * and they have neither. The app then opens only /account's 'Güvenlik' until one is set up (route-guards.tsx).
 */
export function asksForSecondStepSetup(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('status' in error) || error.status !== 403) return false;
  if (!('data' in error) || typeof error.data !== 'object' || error.data === null) return false;
  return 'field' in error.data && error.data.field === SECOND_STEP_SETUP_FIELD;
}

export const RECOVERY_CODES_FILE_NAME = 'kartvizit-kurtarma-kodlari.txt';

/** The base32 secret as an app's "enter a key" screen is easiest typed from: groups of four. */
export function groupSecret(secret: string): string {
  const compact = secret.replace(/\s+/g, '');
  return compact.match(/.{1,4}/g)?.join(' ') ?? '';
}

/** The downloaded file: a Turkish heading, what the codes are for, then one code a line. */
export function recoveryCodesFileText(
  codes: readonly string[],
  options: { readonly email?: string | null; readonly createdAt?: Date } = {},
): string {
  const lines = ['Dijital Kartvizit – Kurtarma Kodları'];
  if (options.email) lines.push(`Hesap: ${options.email}`);
  if (options.createdAt) lines.push(`Oluşturulma: ${formatDateTimeTr(options.createdAt)}`);
  lines.push(
    '',
    'Kimlik doğrulama uygulamanıza erişemediğinizde, giriş yaparken doğrulama kodu yerine bu kodlardan birini girin.',
    'Her kod yalnızca bir kez kullanılabilir. Bu dosyayı güvenli bir yerde saklayın ve kimseyle paylaşmayın.',
    '',
    ...codes,
    '',
  );
  return lines.join('\n');
}

const METHOD_LABELS: Readonly<Record<SignInMethod, string>> = {
  password: 'Şifre',
  totp: 'Şifre + doğrulama kodu',
  'recovery-code': 'Şifre + kurtarma kodu',
  passkey: 'Geçiş anahtarı',
  registration: 'Kayıt',
  link: 'E-posta bağlantısı',
};

/** How a session was signed in, in Turkish; a method this screen does not know yet is named as such. */
export function signInMethodLabel(method: string): string {
  return Object.hasOwn(METHOD_LABELS, method) ? METHOD_LABELS[method as SignInMethod] : 'Bilinmeyen yöntem';
}

/** A country as the server gave it: a two-letter code is named in Turkish ('TR' → 'Türkiye'), a name kept. */
export function countryName(country: string): string {
  return countryLabel(country);
}

type SessionFacts = Pick<AccountSession, 'device' | 'browser' | 'os' | 'city' | 'country'>;

function present(value: string | null): value is string {
  return value !== null && value.trim() !== '';
}

/** 'Mobil · Chrome · Android': the device class, browser and system; 'Bilinmeyen cihaz' when nothing is known. */
export function sessionDeviceLine(session: SessionFacts): string {
  const parts = [session.browser, session.os].filter(present).map((part) => part.trim());
  // The device class the statistics name too: 'Mobil', 'Tablet', 'Masaüstü'.
  const device = present(session.device) && isDeviceType(session.device) ? deviceLabel(session.device) : null;
  if (device && !parts.some((part) => part.toLowerCase() === device.toLowerCase())) parts.unshift(device);
  return parts.length > 0 ? parts.join(' · ') : 'Bilinmeyen cihaz';
}

/** 'İstanbul, Türkiye'; null when the server knows neither. */
export function sessionPlace(session: SessionFacts): string | null {
  const parts = [
    present(session.city) ? session.city.trim() : null,
    present(session.country) ? countryName(session.country) : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(', ') : null;
}

function browserOf(userAgent: string): string | null {
  if (/Edg(e|A|iOS)?\//.test(userAgent)) return 'Edge';
  if (/OPR\/|Opera/.test(userAgent)) return 'Opera';
  if (/SamsungBrowser\//.test(userAgent)) return 'Samsung Internet';
  if (/YaBrowser\//.test(userAgent)) return 'Yandex';
  if (/Firefox\/|FxiOS\//.test(userAgent)) return 'Firefox';
  if (/Chrome\/|CriOS\/|Chromium\//.test(userAgent)) return 'Chrome';
  if (/Safari\//.test(userAgent)) return 'Safari';
  return null;
}

function systemOf(userAgent: string): string | null {
  if (/Windows/.test(userAgent)) return 'Windows';
  if (/Android/.test(userAgent)) return 'Android';
  if (/iPhone|iPod/.test(userAgent)) return 'iPhone';
  if (/iPad/.test(userAgent)) return 'iPad';
  if (/CrOS/.test(userAgent)) return 'ChromeOS';
  if (/Mac OS X|Macintosh/.test(userAgent)) return 'macOS';
  if (/Linux/.test(userAgent)) return 'Linux';
  return null;
}

/** A name the owner will recognise in the list: 'Chrome – Windows', from this browser's user agent. */
export function defaultPasskeyName(userAgent: string): string {
  const parts = [browserOf(userAgent), systemOf(userAgent)].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(' – ') : 'Geçiş anahtarım';
}

const dateFormat = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const relativeFormat = new Intl.RelativeTimeFormat(LOCALE, { numeric: 'auto' });

/** '21 Kasım 2025'. */
export function formatDateTr(value: Date | string): string {
  return dateFormat.format(typeof value === 'string' ? new Date(value) : value);
}

/** '21 Kasım 2025 14:05'. */
export function formatDateTimeTr(value: Date | string): string {
  return dateTimeFormat.format(typeof value === 'string' ? new Date(value) : value);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** 'Az önce', '5 dakika önce', '3 saat önce', 'dün', '4 gün önce'; a week or more ago, the date. */
export function relativeTimeTr(value: Date | string, now: Date = new Date()): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  const elapsed = now.getTime() - date.getTime();
  if (Number.isNaN(elapsed)) return '';
  if (elapsed < MINUTE) return 'Az önce';
  if (elapsed < HOUR) return relativeFormat.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return relativeFormat.format(-Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 7 * DAY) return relativeFormat.format(-Math.floor(elapsed / DAY), 'day');
  return formatDateTr(date);
}

/** Spaces and line breaks a paste brings along are dropped; the server forgives dashes and case. */
export function cleanCode(code: string): string {
  return code.replace(/\s+/g, '');
}
