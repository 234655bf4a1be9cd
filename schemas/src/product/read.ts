import type { ProductData } from './events.ts';
import { DEFAULT_ACTION_LABELS, DEFAULT_PRODUCT_CURRENCY } from './model.ts';

/** Reading stored product content: what an event or a read-model row holds once decoded. */

/** A product as replayed for a forgotten owner: its sealed content reads as '' (KVKK erasure). */
export const FORGOTTEN_PRODUCT: ProductData = {
  name: '',
  description: '',
  price: { value: 0, currency: DEFAULT_PRODUCT_CURRENCY, isDisplayed: false, compareAtValue: null },
  images: [],
  externalLink: '',
  url: '',
  actionButton: { type: 'none', label: DEFAULT_ACTION_LABELS.none, value: '' },
  category: '',
  tags: [],
  features: [],
  stock: null,
};

/** The product content of an event as decoded: the forgotten placeholder when it was unsealable. */
export function readProductData(raw: unknown): ProductData {
  return typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as ProductData) : FORGOTTEN_PRODUCT;
}
