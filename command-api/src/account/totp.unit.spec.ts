import { describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { readSecondStepCode } from '@kartvizit/schemas';
import { newRecoveryCodes, newTotpSecret, otpauthUrl, totpStep } from './totp.ts';

describe('TOTP codes', () => {
  const { secret } = newTotpSecret();
  const at = new Date('2026-11-28T10:00:10Z');
  const code = (date: Date) => generate({ secret, epoch: Math.floor(date.getTime() / 1000) });

  it('accepts the code of now and names its 30-second step', async () => {
    expect(await totpStep(secret, await code(at), at)).toBe(Math.floor(at.getTime() / 30_000));
  });

  it('allows one step of drift either side, not two', async () => {
    const step = Math.floor(at.getTime() / 30_000);
    expect(await totpStep(secret, await code(new Date(at.getTime() - 30_000)), at)).toBe(step - 1);
    expect(await totpStep(secret, await code(new Date(at.getTime() + 30_000)), at)).toBe(step + 1);
    expect(await totpStep(secret, await code(new Date(at.getTime() - 60_000)), at)).toBeNull();
  });

  it('refuses a wrong code', async () => {
    const right = await code(at);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    expect(await totpStep(secret, wrong, at)).toBeNull();
  });

  it('is offered to an authenticator app as an otpauth URL naming the account', () => {
    const url = new URL(otpauthUrl(secret, 'ayse@example.com'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe('Dijital Kartvizit');
    expect(decodeURIComponent(url.pathname)).toContain('ayse@example.com');
  });
});

describe('recovery codes', () => {
  it('are ten different codes the code field reads as recovery codes', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(readSecondStepCode(code)).toEqual({ kind: 'recovery', code });
  });
});
