import { describe, expect, it } from 'vitest';
import { checkPasskeyName, readSecondStepCode } from './security-rules.ts';

describe('reading a second step code', () => {
  it('takes six digits from the app, spaces forgiven', () => {
    expect(readSecondStepCode(' 123 456 ')).toEqual({ kind: 'totp', code: '123456' });
  });

  it('takes a recovery code in any case, with or without its dash', () => {
    expect(readSecondStepCode('ABCDE-FGHJK')).toEqual({ kind: 'recovery', code: 'abcde-fghjk' });
    expect(readSecondStepCode('abcdefghjk')).toEqual({ kind: 'recovery', code: 'abcde-fghjk' });
  });

  it('refuses anything else: five or seven digits, letters a recovery code never has', () => {
    expect(readSecondStepCode('12345').kind).toBe('invalid');
    expect(readSecondStepCode('1234567').kind).toBe('invalid');
    expect(readSecondStepCode('abcde-fghio').kind).toBe('invalid');
    expect(readSecondStepCode('').kind).toBe('invalid');
  });
});

describe('a passkey name', () => {
  it('is tidied', () => {
    expect(checkPasskeyName('  İş   bilgisayarı ')).toEqual({ ok: true, name: 'İş bilgisayarı' });
  });

  it('must be given and short', () => {
    expect(checkPasskeyName('   ')).toEqual({ ok: false, message: 'Geçiş anahtarına bir ad verin' });
    expect(checkPasskeyName('ş'.repeat(61)).ok).toBe(false);
    expect(checkPasskeyName('ş'.repeat(60)).ok).toBe(true);
  });
});
