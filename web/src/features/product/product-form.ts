import { OWNER_LANGUAGES, type OwnerLanguage } from '@kartvizit/schemas/language/model';
import type { Product } from '@kartvizit/schemas/product/http';
import {
  DEFAULT_ACTION_LABELS,
  DEFAULT_PRODUCT_CURRENCY,
  type ProductActionType,
  type ProductCurrency,
} from '@kartvizit/schemas/product/model';
import type { CatalogueItemKind } from '@kartvizit/schemas/product/listing';
import { formatProductMoney, parseProductMoney, validateProductInput } from '@kartvizit/schemas/product/rules';
import { parseProfilePhone } from '@kartvizit/schemas/profile/rules';
import {
  EMPTY_LISTING_FORM,
  listingBody,
  listingFormFrom,
  type ListingFormValues,
  type ListingRequestBody,
} from './listing-form.ts';

/**
 * The product form as the screen holds it (every input is text, as typed) and the request body it
 * becomes. The server reads the same body with the same rules (schemas/src/product/rules.ts), so a
 * message shown before sending is the one the server would answer.
 */
/**
 * 'Diğer Diller' of a product (issue 31): its words in one language, as typed. Features one per line, as the
 * Turkish features input takes them.
 */
export interface ProductLanguageValues {
  readonly name: string;
  readonly description: string;
  readonly features: string;
  readonly actionLabel: string;
}
export type ProductTranslationValues = { readonly [L in OwnerLanguage]: ProductLanguageValues };
export type ProductTranslatedText = keyof ProductLanguageValues;
export const PRODUCT_TRANSLATED_TEXTS: readonly ProductTranslatedText[] = [
  'name',
  'description',
  'features',
  'actionLabel',
];

const UNWRITTEN: ProductLanguageValues = { name: '', description: '', features: '', actionLabel: '' };
export const NO_PRODUCT_TRANSLATIONS: ProductTranslationValues = {
  en: UNWRITTEN,
  ru: UNWRITTEN,
  ar: UNWRITTEN,
  de: UNWRITTEN,
};

export interface ProductFormState {
  /** 'Ürün' or 'İlan' (issue 33): a listing shows the listing's fields and hides the product-only ones. */
  readonly kind: CatalogueItemKind;
  /** The listing's inputs; kept while the owner looks at 'Ürün', sent only for 'İlan'. */
  readonly listing: ListingFormValues;
  readonly name: string;
  readonly description: string;
  readonly category: string;
  readonly priceValue: string;
  readonly compareAtValue: string;
  readonly currency: ProductCurrency;
  readonly isDisplayed: boolean;
  /** Our own media addresses, in the order the owner sees them. */
  readonly images: readonly string[];
  readonly externalLink: string;
  readonly url: string;
  readonly actionType: ProductActionType;
  readonly actionLabel: string;
  readonly actionValue: string;
  /** Comma-separated, as typed. */
  readonly tags: string;
  /** One feature per line. */
  readonly features: string;
  readonly stock: string;
  readonly isActive: boolean;
  readonly featured: boolean;
  readonly translations: ProductTranslationValues;
}

export const EMPTY_PRODUCT_FORM: ProductFormState = {
  kind: 'product',
  listing: EMPTY_LISTING_FORM,
  name: '',
  description: '',
  category: '',
  priceValue: '',
  compareAtValue: '',
  currency: DEFAULT_PRODUCT_CURRENCY,
  isDisplayed: true,
  images: [],
  externalLink: '',
  url: '',
  actionType: 'none',
  actionLabel: DEFAULT_ACTION_LABELS.none,
  actionValue: '',
  tags: '',
  features: '',
  stock: '',
  isActive: true,
  featured: false,
  translations: NO_PRODUCT_TRANSLATIONS,
};

/** Real-estate listings are the common product; the category stays free text. */
export const CATEGORY_SUGGESTIONS = ['Daire', 'Villa', 'Arsa', 'İşyeri', 'Kiralık', 'Satılık'] as const;

export const ACTION_TYPE_LABELS: { readonly [T in ProductActionType]: string } = {
  none: 'Buton yok (İletişime Geç)',
  contact: 'İletişim',
  whatsapp: 'WhatsApp',
  instagram: 'Instagram',
  link: 'Bağlantı',
};

/** What the value input asks for, per type (SPEC §5). */
export const ACTION_VALUE_LABELS: { readonly [T in ProductActionType]: string } = {
  none: '',
  contact: '',
  whatsapp: 'WhatsApp numarası',
  instagram: 'Instagram kullanıcı adı',
  link: 'Buton bağlantısı',
};

/** SPEC §4: label and value hidden for none; value hidden for contact. */
export function actionFieldsShown(type: ProductActionType): { readonly label: boolean; readonly value: boolean } {
  switch (type) {
    case 'none':
      return { label: false, value: false };
    case 'contact':
      return { label: true, value: false };
    case 'whatsapp':
    case 'instagram':
    case 'link':
      return { label: true, value: true };
    default: {
      const unknown: never = type;
      return unknown;
    }
  }
}

/** SPEC §4: another button type starts from its own default label and an empty value. */
export function withActionType(form: ProductFormState, type: ProductActionType): ProductFormState {
  return { ...form, actionType: type, actionLabel: DEFAULT_ACTION_LABELS[type], actionValue: '' };
}

/**
 * A price as the owner typed it, shown the Turkish way once it reads ('8750000' → '8.750.000', '12,5' → '12,50');
 * what does not read stays as typed, for the rule's message. The server reads either (decision 46).
 */
export function shownMoney(typed: string): string {
  const parsed = parseProductMoney(typed);
  return parsed.ok && parsed.value !== null ? formatProductMoney(parsed.value) : typed;
}

/** A WhatsApp number as typed, shown as the profile shows phones once it reads ('05321234567' → '0532 123 45 67'). */
export function shownPhone(typed: string): string {
  return parseProfilePhone(typed)?.formatted ?? typed;
}

function money(value: number | null): string {
  return value === null || value === 0 ? '' : formatProductMoney(value);
}

/** Edit mode: the stored product in the form, defaults where it has nothing (SPEC §4). */
export function formFromProduct(product: Product): ProductFormState {
  return {
    kind: product.kind,
    listing: product.listing ? listingFormFrom(product.listing) : EMPTY_LISTING_FORM,
    name: product.name,
    description: product.description,
    category: product.category,
    priceValue: money(product.price.value),
    compareAtValue: money(product.price.compareAtValue),
    currency: product.price.currency,
    isDisplayed: product.price.isDisplayed,
    images: [...product.images],
    externalLink: product.externalLink,
    url: product.url,
    actionType: product.actionButton.type,
    actionLabel: product.actionButton.label || DEFAULT_ACTION_LABELS[product.actionButton.type],
    // A WhatsApp number is stored in its international digits; the owner reads it as the profile shows phones.
    actionValue:
      product.actionButton.type === 'whatsapp' && product.actionButton.value
        ? shownPhone(`+${product.actionButton.value}`)
        : product.actionButton.value,
    tags: product.tags.join(', '),
    features: product.features.join('\n'),
    stock: product.stock === null ? '' : String(product.stock),
    isActive: product.isActive,
    featured: product.featured,
    translations: translationsFromProduct(product.translations),
  };
}

/** The stored words per language in the form; a language the product has nothing in is blank. */
export function translationsFromProduct(stored: Product['translations'] | null | undefined): ProductTranslationValues {
  const result: Partial<Record<OwnerLanguage, ProductLanguageValues>> = {};
  for (const language of OWNER_LANGUAGES) {
    const own = stored?.[language];
    result[language] = {
      name: own?.name ?? '',
      description: own?.description ?? '',
      features: (own?.features ?? []).join('\n'),
      actionLabel: own?.actionLabel ?? '',
    };
  }
  return result as ProductTranslationValues;
}

/** Whether anything is written in this language (blanks do not count). */
export function hasProductText(values: ProductLanguageValues): boolean {
  return PRODUCT_TRANSLATED_TEXTS.some((field) => values[field].trim() !== '');
}

export interface ProductTranslationBody {
  readonly name?: string;
  readonly description?: string;
  readonly features?: readonly string[];
  readonly actionLabel?: string;
}
export type ProductTranslationsBody = { readonly [L in OwnerLanguage]?: ProductTranslationBody };

/**
 * The product's `translations` as the API takes them: only the fields filled in, a language with nothing dropped.
 * Always sent, so emptying every field clears them (`{}`). The button's label goes only when the button has one,
 * as the Turkish label does.
 */
export function translationsBody(values: ProductTranslationValues, withActionLabel: boolean): ProductTranslationsBody {
  const result: Record<string, ProductTranslationBody> = {};
  for (const language of OWNER_LANGUAGES) {
    const own = values[language];
    const name = own.name.trim();
    const description = own.description.trim();
    const features = list(own.features, /\r?\n/);
    const actionLabel = withActionLabel ? own.actionLabel.trim() : '';
    const entry: ProductTranslationBody = {
      ...(name ? { name } : {}),
      ...(description ? { description } : {}),
      ...(features.length > 0 ? { features } : {}),
      ...(actionLabel ? { actionLabel } : {}),
    };
    if (Object.keys(entry).length > 0) result[language] = entry;
  }
  return result;
}

export interface ProductRequestBody {
  readonly kind: CatalogueItemKind;
  /** The listing's facts for kind 'listing'; null for a product. */
  readonly listing: ListingRequestBody | null;
  readonly name: string;
  readonly description: string;
  readonly category: string;
  readonly price: {
    readonly value: string;
    readonly currency: ProductCurrency;
    readonly isDisplayed: boolean;
    readonly compareAtValue: string;
  };
  readonly images: readonly string[];
  readonly externalLink: string;
  readonly url: string;
  readonly actionButton: { readonly type: ProductActionType; readonly label: string; readonly value: string };
  readonly tags: readonly string[];
  readonly features: readonly string[];
  readonly stock: string;
  readonly isActive: boolean;
  readonly featured: boolean;
  readonly translations: ProductTranslationsBody;
}

function listingRequestBody(form: ProductFormState): ProductRequestBody {
  return {
    kind: 'listing',
    listing: listingBody(form.listing),
    name: form.name,
    description: form.description,
    category: form.category,
    price: { value: form.priceValue, currency: form.currency, isDisplayed: form.isDisplayed, compareAtValue: '' },
    images: [...form.images],
    externalLink: '',
    url: '',
    actionButton: { type: 'none', label: '', value: '' },
    tags: [],
    features: list(form.features, /\r?\n/),
    stock: '',
    isActive: form.isActive,
    featured: form.featured,
    translations: translationsBody(form.translations, false),
  };
}

function list(text: string, separator: RegExp): string[] {
  return text
    .split(separator)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/**
 * The form as POST /api/products and PUT /api/products/{id} take it; hidden button fields are not sent, nor are the
 * product-only fields of a listing (stock, button, links, tags, the pre-discount price): sent blank, so a product
 * turned into a listing keeps none of them.
 */
export function requestBody(form: ProductFormState): ProductRequestBody {
  if (form.kind === 'listing') return listingRequestBody(form);
  const shown = actionFieldsShown(form.actionType);
  return {
    kind: 'product',
    listing: null,
    name: form.name,
    description: form.description,
    category: form.category,
    price: {
      value: form.priceValue,
      currency: form.currency,
      isDisplayed: form.isDisplayed,
      compareAtValue: form.compareAtValue,
    },
    images: [...form.images],
    externalLink: form.externalLink.trim(),
    url: form.url.trim(),
    actionButton: {
      type: form.actionType,
      label: shown.label ? form.actionLabel : '',
      value: shown.value ? form.actionValue : '',
    },
    tags: list(form.tags, /,/),
    features: list(form.features, /\r?\n/),
    stock: form.stock.trim(),
    isActive: form.isActive,
    featured: form.featured,
    translations: translationsBody(form.translations, shown.label),
  };
}

export interface FieldProblem {
  readonly field: string;
  readonly message: string;
}

/** The first problem in form order, by the server's own rules; null when the form may be sent. */
export function formProblem(form: ProductFormState, ownerId: string): FieldProblem | null {
  const body = requestBody(form);
  const checked = validateProductInput(body as unknown as Readonly<Record<string, unknown>>, { ownerId });
  if (checked.ok) return null;
  return { field: checked.field, message: checked.message };
}

/** Server fields that have no input of their own point at the nearest one. */
export function inputFieldOf(field: string): string {
  if (field === 'actionButton') return 'actionButton.type';
  if (field === 'price') return 'price.value';
  if (field === 'kind') return 'kind';
  // The listing as a whole: its first input; the EİDS authorisation as a whole: its number; the map pin: its button.
  if (field === 'listing') return 'listing.purpose';
  if (field === 'listing.eids') return 'listing.eids.number';
  if (field.startsWith('listing.location')) return 'listing.location';
  // A whole language refused ('translations.en'): its first input.
  if (/^translations\.[a-z]+$/.test(field)) return `${field}.name`;
  return field;
}

export function productFieldId(field: string): string {
  return `product-${inputFieldOf(field).replace(/\./g, '-')}`;
}
