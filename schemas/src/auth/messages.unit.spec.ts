import { describe, expect, it } from 'vitest';
import { signInLockedMessage } from './messages.ts';

describe('the sign-in lock message', () => {
  it.each([
    [0.2, '1\u00a0saniye'],
    [5, '5\u00a0saniye'],
    [59, '59\u00a0saniye'],
    [60, '1\u00a0dakika'],
    [61, '2\u00a0dakika'],
    [900, '15\u00a0dakika'],
  ])('after %s s says to wait %j', (seconds, wait) => {
    expect(signInLockedMessage(seconds)).toBe(
      `Bu e-posta adresiyle çok fazla hatalı giriş denemesi yapıldı. Güvenliğiniz için lütfen ${wait} sonra tekrar deneyin.`,
    );
  });
});
