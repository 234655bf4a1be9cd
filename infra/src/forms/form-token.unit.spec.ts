import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FORM_TOKEN_MAX_AGE_MS, FORM_TOKEN_MIN_AGE_MS, issueFormToken, verifyFormToken } from './form-token.ts';

const key = randomBytes(32);
const issuedAt = new Date('2026-11-21T10:00:00.000Z');
const after = (ms: number) => new Date(issuedAt.getTime() + ms);
const verdict = (token: string, cardId: string, now: Date, withKey = key) => verifyFormToken(withKey, token, cardId, now).verdict;

describe('form tokens', () => {
  const token = issueFormToken(key, 'KV-ABCD2345', issuedAt);

  it('carries only the issue time, a nonce and a signature', () => {
    expect(token).toMatch(/^2\.\d+\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{43}$/);
    expect(token).not.toContain('KV-ABCD2345');
  });

  it('is a different token for every page, even two rendered in the same millisecond', () => {
    const again = issueFormToken(key, 'KV-ABCD2345', issuedAt);
    expect(again).not.toBe(token);
    const ids = [token, again].map((each) => verifyFormToken(key, each, 'KV-ABCD2345', after(5_000)));
    expect(ids[0]?.verdict).toBe('ok');
    expect(ids[1]?.verdict).toBe('ok');
    expect(ids[0]).not.toEqual(ids[1]);
  });

  it('is accepted between 3 seconds and 24 hours after the page was rendered', () => {
    expect(verdict(token, 'KV-ABCD2345', after(FORM_TOKEN_MIN_AGE_MS))).toBe('ok');
    expect(verdict(token, 'KV-ABCD2345', after(10 * 60 * 1000))).toBe('ok');
    expect(verdict(token, 'KV-ABCD2345', after(FORM_TOKEN_MAX_AGE_MS))).toBe('ok');
  });

  it('is too fast when sent under 3 seconds after rendering (no person types that fast)', () => {
    expect(verdict(token, 'KV-ABCD2345', issuedAt)).toBe('too-fast');
    expect(verdict(token, 'KV-ABCD2345', after(FORM_TOKEN_MIN_AGE_MS - 1))).toBe('too-fast');
  });

  it('issued later than now is refused as from the future, however little', () => {
    expect(verdict(token, 'KV-ABCD2345', after(-1))).toBe('future');
    expect(verdict(token, 'KV-ABCD2345', after(-30_000))).toBe('future');
    const farAhead = issueFormToken(key, 'KV-ABCD2345', after(5 * 60 * 1000));
    expect(verdict(farAhead, 'KV-ABCD2345', issuedAt)).toBe('future');
  });

  it('expires after 24 hours', () => {
    expect(verdict(token, 'KV-ABCD2345', after(FORM_TOKEN_MAX_AGE_MS + 1))).toBe('expired');
  });

  it('belongs to its card (card ids compare without case, as the URL may carry them)', () => {
    expect(verdict(token, 'KV-ZZZZ9999', after(5_000))).toBe('invalid');
    expect(verifyFormToken(key, token, 'kv-abcd2345', after(5_000))).toEqual(verifyFormToken(key, token, 'KV-ABCD2345', after(5_000)));
  });

  it('names itself the same however its time is spelled, so a replay cannot pass for a new token', () => {
    const [version, time, ...rest] = token.split('.');
    const respelled = [version, `00${time ?? ''}`, ...rest].join('.');
    expect(verifyFormToken(key, respelled, 'KV-ABCD2345', after(5_000))).toEqual(verifyFormToken(key, token, 'KV-ABCD2345', after(5_000)));
  });

  it('is invalid under another key, when tampered with or malformed', () => {
    expect(verdict(token, 'KV-ABCD2345', after(5_000), randomBytes(32))).toBe('invalid');
    const [version, time, nonce, mac] = token.split('.') as [string, string, string, string];
    // An earlier issue time would make a bot's instant post look slow: the signature covers the time.
    expect(verdict(`${version}.${Number(time) - 60_000}.${nonce}.${mac}`, 'KV-ABCD2345', after(5_000))).toBe('invalid');
    // The nonce is signed too: a bot cannot mint fresh tokens from one it was given.
    const otherNonce = `${nonce.startsWith('A') ? 'B' : 'A'}${nonce.slice(1)}`;
    expect(verdict(`${version}.${time}.${otherNonce}.${mac}`, 'KV-ABCD2345', after(5_000))).toBe('invalid');
    const flipped = `${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`;
    expect(verdict(`${version}.${time}.${nonce}.${flipped}`, 'KV-ABCD2345', after(5_000))).toBe('invalid');
    for (const bad of ['', 'abc', `3.${time}.${nonce}.${mac}`, `${version}.${time}.${mac}`, `${version}.x${time}.${nonce}.${mac}`, `${token}.extra`]) {
      expect(verdict(bad, 'KV-ABCD2345', after(5_000))).toBe('invalid');
    }
  });

  it('still verifies version 1 tokens (no nonce) that pages rendered before version 2 carry', () => {
    const issuedAtMs = issuedAt.getTime();
    const mac = createHmac('sha256', key).update(`kartvizit-form:1:KV-ABCD2345:${issuedAtMs}`).digest('base64url');
    const legacy = `1.${issuedAtMs}.${mac}`;
    expect(verifyFormToken(key, legacy, 'KV-ABCD2345', after(5_000))).toEqual({ verdict: 'ok', tokenId: `1:KV-ABCD2345:${issuedAtMs}` });
    expect(verdict(legacy, 'KV-ABCD2345', after(1_000))).toBe('too-fast');
    expect(verdict(legacy, 'KV-ZZZZ9999', after(5_000))).toBe('invalid');
  });
});
