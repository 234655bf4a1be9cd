import { describe, expect, it } from 'vitest';
import { returnTarget, returnToStateFor, secondStepOf } from './return-to.ts';

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

describe('a second step handed to the sign-in screen', () => {
  it('is read from the router state a reset or an e-mail change leaves', () => {
    expect(secondStepOf({ secondStep: { challenge: 'abc', message: 'Kodu girin' } })).toEqual({
      challenge: 'abc',
      message: 'Kodu girin',
    });
  });

  it('is nothing for any other state', () => {
    expect(secondStepOf(null)).toBeNull();
    expect(secondStepOf({ from: '/cards' })).toBeNull();
    expect(secondStepOf({ secondStep: { challenge: 1, message: 'x' } })).toBeNull();
  });
});
