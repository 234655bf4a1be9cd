import { describe, expect, it } from 'vitest';
import { readStoredProduct } from '@kartvizit/schemas/product/read';
import { formatPrice, priceOf } from './product.ts';

describe('prices', () => {
  it("are formatted with Intl.NumberFormat('tr-TR') in the product's currency", () => {
    expect(formatPrice(1234.5, 'TRY')).toBe('₺1.234,50');
    expect(formatPrice(12, 'USD')).toBe('$12,00');
    expect(formatPrice(99.99, 'EUR')).toBe('€99,99');
    expect(formatPrice(1_000_000, 'GBP')).toBe('£1.000.000,00');
    // A currency the product cannot have is shown as the default, never thrown on.
    expect(formatPrice(5, 'XXX; drop')).toBe('₺5,00');
  });

  it('show only with a value above zero that is to be displayed; a compare-at price only above the price', () => {
    const item = (price: Record<string, unknown>) => priceOf(readStoredProduct({ name: 'Bakır Lamba', price }));
    expect(item({ value: 0, currency: 'TRY', isDisplayed: true })).toBeNull();
    expect(item({ value: 10, currency: 'TRY', isDisplayed: false })).toBeNull();
    expect(item({ value: '10', currency: 'TRY', isDisplayed: true })).toBeNull();
    expect(item({ value: 10, currency: 'TRY', isDisplayed: true, compareAtValue: 8 })).toEqual({
      text: '₺10,00',
      compareAt: null,
    });
    expect(item({ value: 10, currency: 'USD', isDisplayed: true, compareAtValue: 12 })).toEqual({
      text: '$10,00',
      compareAt: '$12,00',
    });
  });
});
