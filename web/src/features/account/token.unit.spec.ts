import { describe, expect, it } from 'vitest';
import { decodeClaims, isExpired, tokenSubject } from './token.ts';

function tokenWith(payload: unknown): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.c2ln`;
}

describe('decodeClaims', () => {
  it('reads exp (seconds) from a JWT payload, including non-ASCII claims', () => {
    expect(decodeClaims(tokenWith({ sub: 'Ayşe', exp: 1_900_000_000 }))).toEqual({ exp: 1_900_000_000 });
  });

  it.each([
    ['not a JWT', 'abc'],
    ['two parts', 'a.b'],
    ['payload not base64 JSON', 'a.%%%.c'],
    ['no exp', tokenWith({ sub: 'x' })],
    ['exp not a number', tokenWith({ exp: 'yarın' })],
    ['payload not an object', tokenWith(42)],
  ])('gives null for %s', (_case, token) => {
    expect(decodeClaims(token)).toBeNull();
  });
});

describe('tokenSubject', () => {
  it('reads the user id (sub), lower-cased without a locale', () => {
    expect(tokenSubject(tokenWith({ sub: '0F8E1C2A-1111-4222-8333-944455556666', exp: 1 }))).toBe(
      '0f8e1c2a-1111-4222-8333-944455556666',
    );
  });

  it.each([
    ['not a JWT', 'abc'],
    ['no sub', tokenWith({ exp: 1 })],
    ['sub not a string', tokenWith({ sub: 42 })],
    // It names a cache: nothing that could read as a path or another prefix.
    ['sub with other characters', tokenWith({ sub: '../başka' })],
  ])('gives null for %s', (_case, token) => {
    expect(tokenSubject(token)).toBeNull();
  });
});

describe('isExpired', () => {
  const now = Date.UTC(2025, 0, 1, 12, 0, 0);
  const nowSeconds = now / 1000;

  it('compares exp in seconds with now', () => {
    expect(isExpired({ exp: nowSeconds - 1 }, now)).toBe(true);
    expect(isExpired({ exp: nowSeconds }, now)).toBe(false);
    expect(isExpired({ exp: nowSeconds + 3600 }, now)).toBe(false);
  });
});
