import { describe, expect, it } from 'vitest';
import { returnTarget, returnToStateFor } from './return-to.ts';

describe('returnTarget', () => {
  it('returns to the page the user wanted, with its query and hash', () => {
    expect(returnTarget(returnToStateFor({ pathname: '/cards/AB-1', search: '?q=1', hash: '#qr' }))).toBe(
      '/cards/AB-1?q=1#qr',
    );
  });

  it.each([
    ['no state', null],
    ['state without from', { other: 1 }],
    ['another site', { from: 'https://example.com/x' }],
    ['protocol-relative URL', { from: '//example.com/x' }],
    ['backslash trick', { from: '/\\example.com' }],
    ['the sign-in pages themselves', { from: '/auth/login' }],
    ['not a string', { from: 42 }],
  ])('falls back to the dashboard for %s', (_case, state) => {
    expect(returnTarget(state)).toBe('/dashboard');
  });
});
