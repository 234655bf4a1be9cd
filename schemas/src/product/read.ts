import { OWNER_LANGUAGES } from '../language/model.ts';
import type { ProductData, ProductTranslations } from './events.ts';
import {
  HEATING_TYPES,
  LISTING_PURPOSES,
  PARKING_TYPES,
  PROPERTY_TYPES,
  TITLE_DEED_TYPES,
  type ListingData,
} from './listing.ts';
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
  kind: 'product',
  listing: null,
};

/** The product content of an event as decoded: the forgotten placeholder when it was unsealable. */
export function readProductData(raw: unknown): ProductData {
  if (!isPlainObject(raw)) return FORGOTTEN_PRODUCT;
  // Events from before the languages (schema version 1) have none; from before listings (2), every item is a product.
  const listing = raw.kind === 'listing' ? readListing(raw.listing) : null;
  return {
    ...(raw as unknown as ProductData),
    translations: readProductTranslations(raw.translations),
    kind: listing ? 'listing' : 'product',
    listing,
  };
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

function oneOf<T extends string>(choices: readonly T[], value: unknown): T | null {
  return choices.find((choice) => choice === value) ?? null;
}

/**
 * A stored listing (an event's or a read-model row's): a field of the wrong type reads as not given, so a page shows
 * less rather than fails; null when it is no listing at all.
 */
export function readListing(raw: unknown): ListingData | null {
  if (!isPlainObject(raw)) return null;
  const purpose = oneOf(LISTING_PURPOSES, raw.purpose);
  const propertyType = oneOf(PROPERTY_TYPES, raw.propertyType);
  if (!purpose || !propertyType) return null;
  const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
  const yesNo = (value: unknown) => (typeof value === 'boolean' ? value : null);
  const words = (value: unknown) => (typeof value === 'string' ? value : '');
  const location = isPlainObject(raw.location) ? raw.location : null;
  const eids = isPlainObject(raw.eids) ? raw.eids : null;
  return {
    purpose,
    propertyType,
    rooms: typeof raw.rooms === 'string' ? raw.rooms : null,
    grossM2: count(raw.grossM2),
    netM2: count(raw.netM2),
    floor: typeof raw.floor === 'string' ? raw.floor : null,
    buildingFloors: count(raw.buildingFloors),
    buildingAge: count(raw.buildingAge),
    heating: oneOf(HEATING_TYPES, raw.heating),
    bathrooms: count(raw.bathrooms),
    furnished: yesNo(raw.furnished),
    inSite: yesNo(raw.inSite),
    balcony: yesNo(raw.balcony),
    parking: oneOf(PARKING_TYPES, raw.parking),
    lift: yesNo(raw.lift),
    titleDeed: oneOf(TITLE_DEED_TYPES, raw.titleDeed),
    creditEligible: yesNo(raw.creditEligible),
    swap: yesNo(raw.swap),
    dues: count(raw.dues),
    deposit: count(raw.deposit),
    il: words(raw.il),
    ilce: words(raw.ilce),
    mahalle: words(raw.mahalle),
    location:
      location && count(location.lat) !== null && count(location.lng) !== null
        ? { lat: Number(location.lat), lng: Number(location.lng) }
        : null,
    eids:
      eids && typeof eids.number === 'string' && typeof eids.validUntil === 'string'
        ? { number: eids.number, validUntil: eids.validUntil }
        : null,
  };
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
  const listing = raw.kind === 'listing' ? readListing(raw.listing) : null;
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
    kind: listing ? 'listing' : 'product',
    listing,
  };
}
