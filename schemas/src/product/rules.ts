import { Refusal, refuse } from '../common/refusal.ts';
import { parseProfilePhone } from '../profile/rules.ts';
import type { ProductActionButton, ProductData, ProductPrice, ProductTranslations } from './events.ts';
import { OWNER_LANGUAGES, isOwnerLanguage } from '../language/model.ts';
import { productImageKeysOf } from './media.ts';
import { PRODUCT_MESSAGES } from './messages.ts';
import { CATALOGUE_ITEM_KINDS, LISTING_MAX_IMAGES, type CatalogueItemKind, type ListingData } from './listing.ts';
import { LISTING_MESSAGES } from './listing-messages.ts';
import { validateListingInput } from './listing-rules.ts';
import { parseProductMoney } from './money.ts';

export { formatProductMoney, parseProductMoney } from './money.ts';
import {
  DEFAULT_ACTION_LABELS,
  DEFAULT_PRODUCT_CURRENCY,
  PRODUCT_ACTION_TYPES,
  PRODUCT_CURRENCIES,
  PRODUCT_DESCRIPTION_MAX_LENGTH,
  PRODUCT_MAX_FEATURES,
  PRODUCT_MAX_IMAGES,
  PRODUCT_MAX_TAGS,
  PRODUCT_NAME_MAX_LENGTH,
  PRODUCT_STOCK_MAX,
  PRODUCT_TEXT_MAX_LENGTH,
  PRODUCT_TRANSLATED_FIELDS,
  PRODUCT_URL_MAX_LENGTH,
  type ProductActionType,
  type ProductCurrency,
} from './model.ts';

/**
 * Product rules, shared by the product screen and the server (SPEC §5 "Product", §9). Pure
 * functions; no TypeBox here, so the web can import this file by sub-path. Lists and limits are in
 * model.ts, image addresses in media.ts, reading stored content in read.ts.
 */

export interface ProductInput {
  readonly product: ProductData;
  readonly isActive: boolean;
  readonly featured: boolean;
}

export type ProductInputResult =
  | { readonly ok: true; readonly value: ProductInput }
  | { readonly ok: false; readonly message: string; readonly field: string };

function isPlainObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(raw: unknown, field: string, max: number, tooLong: string = PRODUCT_MESSAGES.productTextTooLong): string {
  if (raw === undefined || raw === null) return '';
  // No coercion, as everywhere in the API: a number is not a name.
  if (typeof raw !== 'string') refuse(PRODUCT_MESSAGES.productTextInvalid, field);
  const value = raw.normalize('NFC').trim();
  if ([...value].length > max) refuse(tooLong, field);
  return value;
}

function flag(raw: unknown, field: string, fallback: boolean): boolean {
  if (raw === undefined || raw === null || raw === '') return fallback;
  if (raw === true || raw === 'true') return true;
  if (raw === false || raw === 'false') return false;
  return refuse(PRODUCT_MESSAGES.productFlagInvalid, field);
}

function money(raw: unknown, field: string): number | null {
  const parsed = parseProductMoney(raw);
  if (!parsed.ok) refuse(parsed.message, field);
  return parsed.value;
}

function isCurrency(value: string): value is ProductCurrency {
  return PRODUCT_CURRENCIES.some((currency) => currency === value);
}

function price(raw: unknown): ProductPrice {
  if (raw === undefined || raw === null) {
    return { value: 0, currency: DEFAULT_PRODUCT_CURRENCY, isDisplayed: true, compareAtValue: null };
  }
  if (!isPlainObject(raw)) refuse(PRODUCT_MESSAGES.productPriceInvalid, 'price');
  const currencyText = text(raw.currency, 'price.currency', 10).toUpperCase() || DEFAULT_PRODUCT_CURRENCY;
  if (!isCurrency(currencyText)) refuse(PRODUCT_MESSAGES.productCurrencyInvalid, 'price.currency');
  return {
    value: money(raw.value, 'price.value') ?? 0,
    currency: currencyText,
    isDisplayed: flag(raw.isDisplayed, 'price.isDisplayed', true),
    compareAtValue: money(raw.compareAtValue, 'price.compareAtValue'),
  };
}

/** An address a visitor may open: http(s) only, with a host; '' when blank. */
export function productUrlProblem(value: string): string | null {
  if (value === '') return null;
  if (value.length > PRODUCT_URL_MAX_LENGTH || /\s/.test(value)) return PRODUCT_MESSAGES.productUrlInvalid;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return PRODUCT_MESSAGES.productUrlInvalid;
  }
  if (
    (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') ||
    parsed.hostname === '' ||
    parsed.username ||
    parsed.password
  ) {
    return PRODUCT_MESSAGES.productUrlInvalid;
  }
  return null;
}

function webUrl(raw: unknown, field: string): string {
  const value = text(raw, field, PRODUCT_URL_MAX_LENGTH, PRODUCT_MESSAGES.productUrlInvalid);
  const problem = productUrlProblem(value);
  if (problem) refuse(problem, field);
  return value;
}

const INSTAGRAM_USERNAME = /^[A-Za-z0-9._]{1,30}$/;

function isActionType(value: string): value is ProductActionType {
  return PRODUCT_ACTION_TYPES.some((type) => type === value);
}

function actionButton(raw: unknown): ProductActionButton {
  if (raw === undefined || raw === null) return { type: 'none', label: DEFAULT_ACTION_LABELS.none, value: '' };
  if (!isPlainObject(raw)) refuse(PRODUCT_MESSAGES.productActionTypeInvalid, 'actionButton');
  const type = text(raw.type, 'actionButton.type', 20) || 'none';
  if (!isActionType(type)) refuse(PRODUCT_MESSAGES.productActionTypeInvalid, 'actionButton.type');
  const label = text(raw.label, 'actionButton.label', PRODUCT_TEXT_MAX_LENGTH) || DEFAULT_ACTION_LABELS[type];
  const field = 'actionButton.value';
  switch (type) {
    case 'none':
    case 'contact':
      // SPEC §4: no value for these; label shown only for contact.
      return { type, label: type === 'none' ? DEFAULT_ACTION_LABELS.none : label, value: '' };
    case 'whatsapp': {
      // Every form the profile's phone takes ('0532 123 45 67', '+90 532…', '905321234567', foreign numbers),
      // stored in one: the international digits wa.me takes ('905321234567').
      const typed = text(raw.value, field, 40);
      if (typed === '') refuse(PRODUCT_MESSAGES.productWhatsappRequired, field);
      const number = parseProfilePhone(typed);
      if (!number) refuse(PRODUCT_MESSAGES.productWhatsappInvalid, field);
      return { type, label, value: number.e164.slice(1) };
    }
    case 'instagram': {
      const username = text(raw.value, field, 60);
      if (username === '') refuse(PRODUCT_MESSAGES.productInstagramRequired, field);
      if (username.startsWith('@')) refuse(PRODUCT_MESSAGES.productInstagramAt, field);
      if (!INSTAGRAM_USERNAME.test(username)) refuse(PRODUCT_MESSAGES.productInstagramInvalid, field);
      return { type, label, value: username };
    }
    case 'link': {
      const url = webUrl(raw.value, field);
      if (url === '') refuse(PRODUCT_MESSAGES.productLinkRequired, field);
      return { type, label, value: url };
    }
    default: {
      const unknown: never = type;
      return unknown;
    }
  }
}

/** Tags and features: a list of texts (or one comma-separated text for tags), blanks dropped. */
function textList(
  raw: unknown,
  field: 'tags' | 'features',
  max: number,
  tooMany: string,
  path: string = field,
): string[] {
  if (raw === undefined || raw === null || raw === '') return [];
  const items = typeof raw === 'string' && field === 'tags' ? raw.split(',') : raw;
  if (!Array.isArray(items)) refuse(PRODUCT_MESSAGES.productListInvalid, path);
  const values = (items as unknown[]).map((item) => {
    if (typeof item !== 'string') refuse(PRODUCT_MESSAGES.productListInvalid, path);
    return text(item, path, PRODUCT_TEXT_MAX_LENGTH);
  });
  const kept = values.filter((value) => value !== '');
  if (kept.length > max) refuse(tooMany, path);
  return kept;
}

function stock(raw: unknown): number | null {
  if (raw === undefined || raw === null || raw === '') return null;
  const value = typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : raw;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > PRODUCT_STOCK_MAX) {
    refuse(PRODUCT_MESSAGES.productStockInvalid, 'stock');
  }
  return value;
}

/** An image address as a client sends it back: origin, query and fragment dropped. */
function canonicalImageAddress(raw: string): string {
  const value = raw.trim();
  const path = /^https?:\/\/[^/]+(\/.*)$/i.exec(value)?.[1] ?? value;
  return path.replace(/[?#].*$/, '');
}

function images(raw: unknown, ownerId: string, kind: CatalogueItemKind): string[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) refuse(PRODUCT_MESSAGES.productImageInvalid, 'images');
  if (kind === 'listing' && raw.length > LISTING_MAX_IMAGES) refuse(LISTING_MESSAGES.listingTooManyImages, 'images');
  if (kind === 'product' && raw.length > PRODUCT_MAX_IMAGES) refuse(PRODUCT_MESSAGES.productTooManyImages, 'images');
  const urls = (raw as unknown[]).map((item) => {
    if (typeof item !== 'string' || item.length > PRODUCT_URL_MAX_LENGTH)
      refuse(PRODUCT_MESSAGES.productImageInvalid, 'images');
    const url = canonicalImageAddress(item);
    // Only this owner's own uploads: no hot-linking, and nobody shows another owner's files.
    if (productImageKeysOf(url)?.ownerId !== ownerId.toLowerCase())
      refuse(PRODUCT_MESSAGES.productImageInvalid, 'images');
    return url;
  });
  return [...new Set(urls)];
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * 'Diğer Diller' of a product (issue 31): `{ en: { name, description, features, actionLabel }, … }`, each text checked
 * as its Turkish field is, blanks dropped, a language with nothing left off. Absent, null or '': none.
 */
function translations(raw: unknown): ProductTranslations {
  if (raw === undefined || raw === null || raw === '') return {};
  if (!isRecord(raw)) refuse(PRODUCT_MESSAGES.productTranslationsInvalid, 'translations');
  const result: Record<string, Record<string, unknown>> = {};
  for (const [language, fields] of Object.entries(raw)) {
    const path = `translations.${language}`;
    if (!isOwnerLanguage(language)) refuse(PRODUCT_MESSAGES.productLanguageUnknown, path);
    if (fields === null || fields === undefined) continue;
    if (!isRecord(fields)) refuse(PRODUCT_MESSAGES.productTranslationsInvalid, path);
    const unknown = Object.keys(fields).find((key) => !(PRODUCT_TRANSLATED_FIELDS as readonly string[]).includes(key));
    if (unknown !== undefined) refuse(PRODUCT_MESSAGES.productTranslationFieldUnknown, `${path}.${unknown}`);
    const entry: Record<string, unknown> = {};
    const name = text(fields.name, `${path}.name`, PRODUCT_NAME_MAX_LENGTH, PRODUCT_MESSAGES.productNameTooLong);
    if (name) entry.name = name;
    const description = text(
      fields.description,
      `${path}.description`,
      PRODUCT_DESCRIPTION_MAX_LENGTH,
      PRODUCT_MESSAGES.productDescriptionTooLong,
    );
    if (description) entry.description = description;
    const features = textList(fields.features, 'features', PRODUCT_MAX_FEATURES, PRODUCT_MESSAGES.productTooManyFeatures, `${path}.features`);
    if (features.length > 0) entry.features = features;
    const actionLabel = text(fields.actionLabel, `${path}.actionLabel`, PRODUCT_TEXT_MAX_LENGTH);
    if (actionLabel) entry.actionLabel = actionLabel;
    if (Object.keys(entry).length > 0) result[language] = entry;
  }
  return Object.fromEntries(
    OWNER_LANGUAGES.filter((language) => result[language]).map((language) => [language, result[language]]),
  );
}

/** 'Ürün' or 'İlan': absent or blank is a product, as every item was before listings. */
function kindOf(raw: unknown): CatalogueItemKind {
  if (raw === undefined || raw === null || raw === '') return 'product';
  const found = CATALOGUE_ITEM_KINDS.find((kind) => kind === raw);
  if (!found) refuse(LISTING_MESSAGES.catalogueKindInvalid, 'kind');
  return found;
}

/** A listing's facts, checked by the listing rules; a product carries none. */
function listingOf(kind: CatalogueItemKind, raw: unknown): ListingData | null {
  if (kind === 'product') {
    if (raw !== undefined && raw !== null) refuse(LISTING_MESSAGES.listingOnlyForListings, 'listing');
    return null;
  }
  const checked = validateListingInput(raw);
  if (!checked.ok) refuse(checked.message, checked.field);
  return checked.value;
}

/**
 * The whole product form (POST, or a full PUT), checked in the order of the form and normalised.
 * `ownerId` is the signed-in owner: image addresses must be their own uploads.
 */
export function validateProductInput(
  body: Readonly<Record<string, unknown>>,
  options: { readonly ownerId: string },
): ProductInputResult {
  try {
    const kind = kindOf(body.kind);
    const name = text(body.name, 'name', PRODUCT_NAME_MAX_LENGTH, PRODUCT_MESSAGES.productNameTooLong);
    if (name === '') refuse(PRODUCT_MESSAGES.productNameRequired, 'name');
    const product: ProductData = {
      name,
      description: text(
        body.description,
        'description',
        PRODUCT_DESCRIPTION_MAX_LENGTH,
        PRODUCT_MESSAGES.productDescriptionTooLong,
      ),
      price: price(body.price),
      images: images(body.images, options.ownerId, kind),
      externalLink: webUrl(body.externalLink, 'externalLink'),
      url: webUrl(body.url, 'url'),
      actionButton: actionButton(body.actionButton),
      category: text(body.category, 'category', PRODUCT_TEXT_MAX_LENGTH),
      tags: textList(body.tags, 'tags', PRODUCT_MAX_TAGS, PRODUCT_MESSAGES.productTooManyTags),
      features: textList(body.features, 'features', PRODUCT_MAX_FEATURES, PRODUCT_MESSAGES.productTooManyFeatures),
      stock: stock(body.stock),
      translations: translations(body.translations),
      kind,
      listing: listingOf(kind, body.listing),
    };
    return {
      ok: true,
      value: {
        product,
        isActive: flag(body.isActive, 'isActive', true),
        featured: flag(body.featured, 'featured', false),
      },
    };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, message: error.message, field: error.field };
    throw error;
  }
}

/** A featured-only change (PUT with just `{featured}`): the flag, or the Turkish refusal. */
export function parseFeaturedFlag(
  raw: unknown,
): { readonly ok: true; readonly featured: boolean } | { readonly ok: false; readonly message: string } {
  if (raw === true || raw === 'true') return { ok: true, featured: true };
  if (raw === false || raw === 'false') return { ok: true, featured: false };
  return { ok: false, message: PRODUCT_MESSAGES.productFlagInvalid };
}
