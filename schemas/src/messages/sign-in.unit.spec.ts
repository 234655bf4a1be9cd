import { describe, expect, it } from 'vitest';
import { signInLockedMessage } from './sign-in.ts';

describe('the sign-in lock message', () => {
  it.each([
    [0.2, '1 saniye'],
    [5, '5 saniye'],
    [59, '59 saniye'],
    [60, '1 dakika'],
    [61, '2 dakika'],
    [900, '15 dakika'],
  ])('after %s s says “%s”', (seconds, wait) => {
    expect(signInLockedMessage(seconds)).toBe(
      `Bu e-posta adresiyle çok fazla hatalı giriş denemesi yapıldı. Güvenliğiniz için lütfen ${wait} sonra tekrar deneyin.`,
    );
  });
});
