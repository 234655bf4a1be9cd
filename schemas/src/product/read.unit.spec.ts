import { describe, expect, it } from 'vitest';
import { FORGOTTEN_PRODUCT, readStoredProduct } from './read.ts';

describe('a stored product as the public pages read it', () => {
  it('reads a field of the wrong type as empty, and anything but an object as the forgotten product', () => {
    expect(readStoredProduct('not an object')).toEqual(FORGOTTEN_PRODUCT);
    const product = readStoredProduct({
      name: 5,
      description: 'Dövme bakır',
      price: { value: '10', currency: 'XXX', compareAtValue: Number.NaN },
      images: ['/media/a.jpg', 7],
      actionButton: { type: 'whatsapp', value: '905321112233' },
      tags: 'bakır',
      stock: '3',
    });
    expect(product).toEqual({
      ...FORGOTTEN_PRODUCT,
      description: 'Dövme bakır',
      // A price displayed unless it says otherwise: with no value, nothing is shown anyway.
      price: { value: 0, currency: 'TRY', isDisplayed: true, compareAtValue: null },
      images: ['/media/a.jpg'],
      actionButton: { type: 'whatsapp', label: '', value: '905321112233' },
    });
  });
});
