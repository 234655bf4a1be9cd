import { describe, expect, it } from 'vitest';
import {
  asksForSecondStepSetup,
  cleanCode,
  countryName,
  defaultPasskeyName,
  groupSecret,
  RECOVERY_CODES_FILE_NAME,
  recoveryCodesFileText,
  relativeTimeTr,
  sessionDeviceLine,
  sessionPlace,
  signInMethodLabel,
} from './security-format.ts';

describe('groupSecret', () => {
  it('groups the base32 secret in fours', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXPJBSWY3DP')).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP');
  });
  it('leaves a short last group and drops the spaces it was given', () => {
    expect(groupSecret('ABCD EFGH IJ')).toBe('ABCD EFGH IJ');
    expect(groupSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
    expect(groupSecret('')).toBe('');
  });
});

describe('recoveryCodesFileText', () => {
  const codes = ['abcde-12345', 'fghij-67890'];
  it('starts with a Turkish heading and lists one code a line', () => {
    const text = recoveryCodesFileText(codes);
    const lines = text.split('\n');
    expect(lines[0]).toBe('Dijital Kartvizit – Kurtarma Kodları');
    expect(lines).toContain('abcde-12345');
    expect(lines).toContain('fghij-67890');
    expect(text).toContain('yalnızca bir kez');
    expect(text.endsWith('fghij-67890\n')).toBe(true);
  });
  it('names the account and when the codes were made', () => {
    const text = recoveryCodesFileText(codes, {
      email: 'ayse@example.com',
      createdAt: new Date('2025-11-21T11:05:00Z'),
    });
    expect(text).toContain('Hesap: ayse@example.com');
    expect(text).toContain('Oluşturulma: 21 Kasım 2025 14:05');
  });
  it('is saved under the agreed file name', () => {
    expect(RECOVERY_CODES_FILE_NAME).toBe('kartvizit-kurtarma-kodlari.txt');
  });
});

describe('signInMethodLabel', () => {
  it.each([
    ['password', 'Şifre'],
    ['totp', 'Şifre + doğrulama kodu'],
    ['recovery-code', 'Şifre + kurtarma kodu'],
    ['passkey', 'Geçiş anahtarı'],
    ['registration', 'Kayıt'],
    ['link', 'E-posta bağlantısı'],
  ])('%s → %s', (method, label) => {
    expect(signInMethodLabel(method)).toBe(label);
  });
  it('names a method it does not know as unknown, never the raw value or a prototype key', () => {
    expect(signInMethodLabel('sms')).toBe('Bilinmeyen yöntem');
    expect(signInMethodLabel('toString')).toBe('Bilinmeyen yöntem');
  });
});

describe('sessions', () => {
  const session = { device: null, browser: 'Chrome', os: 'Windows', city: 'İstanbul', country: 'TR' };
  it('shows the device class in Turkish, the browser and the system', () => {
    expect(sessionDeviceLine({ ...session, device: 'desktop' })).toBe('Masaüstü · Chrome · Windows');
    expect(sessionDeviceLine({ ...session, device: 'mobile', browser: 'Safari', os: 'iOS' })).toBe(
      'Mobil · Safari · iOS',
    );
    expect(sessionDeviceLine({ ...session, device: 'bilinmeyen' })).toBe('Chrome · Windows');
    expect(sessionDeviceLine({ ...session, browser: null, os: ' ' })).toBe('Bilinmeyen cihaz');
  });
  it('names the place in Turkish', () => {
    expect(sessionPlace(session)).toBe('İstanbul, Türkiye');
    expect(sessionPlace({ ...session, city: null, country: 'Almanya' })).toBe('Almanya');
    expect(sessionPlace({ ...session, city: null, country: null })).toBeNull();
    expect(countryName('de')).toBe('Almanya');
  });
});

describe('defaultPasskeyName', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome – Windows',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge – Windows',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari – iPhone',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'Safari – macOS',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox – Linux'],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      'Samsung Internet – Android',
    ],
    ['', 'Geçiş anahtarım'],
  ])('%s', (userAgent, name) => {
    expect(defaultPasskeyName(userAgent)).toBe(name);
  });
});

describe('relativeTimeTr', () => {
  const now = new Date('2025-11-21T12:00:00Z');
  it('says how long ago, in Turkish', () => {
    expect(relativeTimeTr('2025-11-21T11:59:30Z', now)).toBe('Az önce');
    expect(relativeTimeTr('2025-11-21T11:55:00Z', now)).toBe('5 dakika önce');
    expect(relativeTimeTr('2025-11-21T09:00:00Z', now)).toBe('3 saat önce');
    expect(relativeTimeTr('2025-11-20T10:00:00Z', now)).toBe('dün');
    expect(relativeTimeTr('2025-11-17T10:00:00Z', now)).toBe('4 gün önce');
  });
  it('gives the date a week or more ago', () => {
    expect(relativeTimeTr('2025-10-01T10:00:00Z', now)).toBe('1 Ekim 2025');
  });
});

describe('cleanCode', () => {
  it('drops the spaces a paste brings', () => {
    expect(cleanCode(' 123 456\n')).toBe('123456');
    expect(cleanCode('abcde-12345')).toBe('abcde-12345');
  });
});

describe('asksForSecondStepSetup', () => {
  it('is the 403 whose field is secondStepSetup, nothing else', () => {
    const data = { success: false, message: 'x', field: 'secondStepSetup' };
    expect(asksForSecondStepSetup({ status: 403, data })).toBe(true);
    expect(asksForSecondStepSetup({ status: 403, data: { ...data, field: 'other' } })).toBe(false);
    expect(asksForSecondStepSetup({ status: 401, data })).toBe(false);
    expect(asksForSecondStepSetup({ status: 403, data: 'x' })).toBe(false);
    expect(asksForSecondStepSetup(undefined)).toBe(false);
  });
});
