import { describe, expect, it } from 'vitest';
import {
  PROFILE_IMAGE_ACCEPT,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_TOO_LARGE,
  PUBLIC_CARD_SOCIAL_PLATFORMS,
} from '@kartvizit/schemas/profile/model';
import { validateProfileInput } from '@kartvizit/schemas/profile/rules';
import { IMAGE_ACCEPT, IMAGE_LIMIT_BYTES, IMAGE_TOO_LARGE } from './image-files.ts';
import { BANK_CURRENCIES, PAYMENT_TYPE_LABELS, PROFILE_THEMES, SOCIAL_PLATFORM_LABELS, SOCIAL_PLATFORMS } from './options.ts';

describe('the screen’s option lists', () => {
  it('are the SPEC’s: social platforms (8), currencies (23)', () => {
    expect(SOCIAL_PLATFORMS).toHaveLength(8);
    expect(BANK_CURRENCIES).toHaveLength(23);
  });

  it('give every stored platform and payment type a Turkish label', () => {
    for (const platform of PUBLIC_CARD_SOCIAL_PLATFORMS) expect(SOCIAL_PLATFORM_LABELS[platform]).toBeTruthy();
    expect(PAYMENT_TYPE_LABELS).toMatchObject({ bankTransfer: 'Banka Havalesi', creditCard: 'Kredi Kartı', paypal: 'PayPal', other: 'Diğer' });
  });

  it('upload limits, messages and accepted types match the server’s', () => {
    expect(IMAGE_LIMIT_BYTES).toEqual(PROFILE_IMAGE_MAX_BYTES);
    expect(IMAGE_TOO_LARGE).toEqual(PROFILE_IMAGE_TOO_LARGE);
    expect(IMAGE_ACCEPT).toBe(PROFILE_IMAGE_ACCEPT);
  });

  it('offer only theme names the server accepts', () => {
    for (const theme of PROFILE_THEMES) {
      const result = validateProfileInput({ theme: theme.value }, { currentYear: 2025 });
      expect(result.ok).toBe(true);
    }
  });
});
