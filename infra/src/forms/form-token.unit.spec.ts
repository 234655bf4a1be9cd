import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FORM_TOKEN_MAX_AGE_MS, FORM_TOKEN_MIN_AGE_MS, issueFormToken, verifyFormToken } from './form-token.ts';

const key = randomBytes(32);
const issuedAt = new Date('2026-11-21T10:00:00.000Z');
const after = (ms: number) => new Date(issuedAt.getTime() + ms);

describe('form tokens', () => {
  const token = issueFormToken(key, 'KV-ABCD2345', issuedAt);

  it('carries only the issue time and a signature', () => {
    expect(token).toMatch(/^1\.\d+\.[A-Za-z0-9_-]{43}$/);
    expect(token).not.toContain('KV-ABCD2345');
  });

  it('is accepted between 3 seconds and 24 hours after the page was rendered', () => {
    expect(verifyFormToken(key, token, 'KV-ABCD2345', after(FORM_TOKEN_MIN_AGE_MS))).toBe('ok');
    expect(verifyFormToken(key, token, 'KV-ABCD2345', after(10 * 60 * 1000))).toBe('ok');
    expect(verifyFormToken(key, token, 'KV-ABCD2345', after(FORM_TOKEN_MAX_AGE_MS))).toBe('ok');
  });

  it('is too fast when sent under 3 seconds after rendering (no person types that fast)', () => {
    expect(verifyFormToken(key, token, 'KV-ABCD2345', issuedAt)).toBe('too-fast');
    expect(verifyFormToken(key, token, 'KV-ABCD2345', after(FORM_TOKEN_MIN_AGE_MS - 1))).toBe('too-fast');
    // A little clock skew between instances reads as "just now", not as forged.
    expect(verifyFormToken(key, token, 'KV-ABCD2345', after(-30_000))).toBe('too-fast');
  });

  it('expires after 24 hours', () => {
    expect(verifyFormToken(key, token, 'KV-ABCD2345', after(FORM_TOKEN_MAX_AGE_MS + 1))).toBe('expired');
  });

  it('belongs to its card (card ids compare without case, as the URL may carry them)', () => {
    expect(verifyFormToken(key, token, 'KV-ZZZZ9999', after(5_000))).toBe('invalid');
    expect(verifyFormToken(key, token, 'kv-abcd2345', after(5_000))).toBe('ok');
  });

  it('is invalid under another key, when tampered with, malformed or issued far in the future', () => {
    expect(verifyFormToken(randomBytes(32), token, 'KV-ABCD2345', after(5_000))).toBe('invalid');
    const [version, time, mac] = token.split('.') as [string, string, string];
    // An earlier issue time would make a bot's instant post look slow: the signature covers the time.
    expect(verifyFormToken(key, `${version}.${Number(time) - 60_000}.${mac}`, 'KV-ABCD2345', after(5_000))).toBe('invalid');
    const flipped = `${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`;
    expect(verifyFormToken(key, `${version}.${time}.${flipped}`, 'KV-ABCD2345', after(5_000))).toBe('invalid');
    for (const bad of ['', 'abc', `2.${time}.${mac}`, `${version}.${time}`, `${version}.x${time}.${mac}`, `${token}.extra`]) {
      expect(verifyFormToken(key, bad, 'KV-ABCD2345', after(5_000))).toBe('invalid');
    }
    const future = issueFormToken(key, 'KV-ABCD2345', after(5 * 60 * 1000));
    expect(verifyFormToken(key, future, 'KV-ABCD2345', issuedAt)).toBe('invalid');
  });
});
