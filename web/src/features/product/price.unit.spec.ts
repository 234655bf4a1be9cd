import { describe, expect, it } from 'vitest';
import { formatProductPrice } from '../../shared/format.ts';

// Intl puts a no-break space between amount and sign; compare with plain spaces.
const plain = (text: string | null) => text?.replace(/\s/g, ' ') ?? null;

describe('a product price on the owner’s screens (SPEC §5, §9)', () => {
  it('given a shown price, then it is written the Turkish way in its currency', () => {
    expect(plain(formatProductPrice({ value: 4250000.5, currency: 'TRY', isDisplayed: true }))).toBe('₺4.250.000,50');
    expect(plain(formatProductPrice({ value: 12, currency: 'EUR', isDisplayed: true }))).toBe('€12,00');
  });

  it('given a zero price or a hidden one, then no price is shown', () => {
    expect(formatProductPrice({ value: 0, currency: 'TRY', isDisplayed: true })).toBeNull();
    expect(formatProductPrice({ value: 99, currency: 'USD', isDisplayed: false })).toBeNull();
  });
});
