import { describe, expect, it } from 'vitest';
import * as rules from '@kartvizit/schemas/validation/profile';
import { IMAGE_ACCEPT, IMAGE_LIMIT_BYTES, IMAGE_TOO_LARGE } from './image-files.ts';
import {
  BANK_CURRENCIES,
  DEFAULT_CURRENCY,
  PAYMENT_TYPE_LABELS,
  PAYMENT_TYPES,
  PROFILE_THEMES,
  SOCIAL_PLATFORM_LABELS,
  SOCIAL_PLATFORMS,
} from './options.ts';

// The screen keeps its own copies so the phone metadata stays out of its first download.
describe('the screen’s option lists match the shared rules', () => {
  it('social platforms (8), currencies (23), payment types (4)', () => {
    expect(SOCIAL_PLATFORMS).toEqual(rules.SOCIAL_PLATFORMS);
    expect(BANK_CURRENCIES).toEqual(rules.BANK_CURRENCIES);
    expect(BANK_CURRENCIES).toHaveLength(23);
    expect(DEFAULT_CURRENCY).toBe(rules.DEFAULT_BANK_CURRENCY);
    expect(PAYMENT_TYPES).toEqual(rules.PAYMENT_METHOD_TYPES);
  });

  it('every stored platform and payment type has a Turkish label', () => {
    for (const platform of rules.PUBLIC_CARD_SOCIAL_PLATFORMS) expect(SOCIAL_PLATFORM_LABELS[platform]).toBeTruthy();
    expect(PAYMENT_TYPE_LABELS).toMatchObject({
      bankTransfer: 'Banka Havalesi',
      creditCard: 'Kredi Kartı',
      paypal: 'PayPal',
      other: 'Diğer',
    });
  });

  it('upload limits, messages and accepted types', () => {
    expect(IMAGE_LIMIT_BYTES).toEqual(rules.PROFILE_IMAGE_MAX_BYTES);
    expect(IMAGE_TOO_LARGE).toEqual(rules.PROFILE_IMAGE_TOO_LARGE);
    expect(IMAGE_ACCEPT).toBe(rules.PROFILE_IMAGE_ACCEPT);
  });

  it('theme names are ones the server accepts', () => {
    for (const theme of PROFILE_THEMES) {
      const result = rules.validateProfileInput({ theme: theme.value }, { currentYear: 2025 });
      expect(result.ok).toBe(true);
    }
  });
});
