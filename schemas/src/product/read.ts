import { OWNER_LANGUAGES } from '../language/model.ts';
import type { ProductData, ProductTranslations } from './events.ts';
import {
  DEFAULT_ACTION_LABELS,
  DEFAULT_PRODUCT_CURRENCY,
  PRODUCT_ACTION_TYPES,
  PRODUCT_CURRENCIES,
  PRODUCT_TRANSLATED_FIELDS,
} from './model.ts';

/** Reading stored product content: what an event or a read-model row holds once decoded. */

function isPlainObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

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
  translations: {},
};

/** The product content of an event as decoded: the forgotten placeholder when it was unsealable. */
export function readProductData(raw: unknown): ProductData {
  if (!isPlainObject(raw)) return FORGOTTEN_PRODUCT;
  // Events from before the languages (schema version 1) have none.
  return { ...(raw as unknown as ProductData), translations: readProductTranslations(raw.translations) };
}

/** Stored translations: a language or field of the wrong shape counts as absent. */
export function readProductTranslations(raw: unknown): ProductTranslations {
  if (!isPlainObject(raw)) return {};
  const result: Record<string, Record<string, unknown>> = {};
  for (const language of OWNER_LANGUAGES) {
    const fields = raw[language];
    if (!isPlainObject(fields)) continue;
    // In the one order the rules write them (PRODUCT_TRANSLATED_FIELDS): a replayed product compares equal to the same
    // form saved again, so an unchanged save appends nothing.
    const entry: Record<string, unknown> = {};
    for (const field of PRODUCT_TRANSLATED_FIELDS) {
      const value = fields[field];
      if (field === 'features') {
        const features = Array.isArray(value)
          ? value.filter((item): item is string => typeof item === 'string' && item !== '')
          : [];
        if (features.length > 0) entry.features = features;
      } else if (typeof value === 'string' && value !== '') entry[field] = value;
    }
    if (Object.keys(entry).length > 0) result[language] = entry;
  }
  return result;
}

/**
 * A product as the read model holds it, for the public pages: a field of the wrong type (an old or damaged row) reads
 * as the forgotten product's empty value, so a page shows less rather than fails. A price is displayed unless it says
 * otherwise; a stock that is not a number is not tracked.
 */
export function readStoredProduct(raw: unknown): ProductData {
  if (!isPlainObject(raw)) return FORGOTTEN_PRODUCT;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const texts = (value: unknown) =>
    Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  const finite = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
  const price = isPlainObject(raw.price) ? raw.price : {};
  const button = isPlainObject(raw.actionButton) ? raw.actionButton : {};
  const currency = PRODUCT_CURRENCIES.find((code) => code === price.currency) ?? DEFAULT_PRODUCT_CURRENCY;
  const action = PRODUCT_ACTION_TYPES.find((type) => type === button.type) ?? 'none';
  return {
    name: text(raw.name),
    description: text(raw.description),
    price: {
      value: finite(price.value) ?? 0,
      currency,
      isDisplayed: price.isDisplayed !== false,
      compareAtValue: finite(price.compareAtValue),
    },
    images: texts(raw.images),
    externalLink: text(raw.externalLink),
    url: text(raw.url),
    actionButton: { type: action, label: text(button.label), value: text(button.value) },
    category: text(raw.category),
    tags: texts(raw.tags),
    features: texts(raw.features),
    stock: finite(raw.stock),
    translations: readProductTranslations(raw.translations),
  };
}
