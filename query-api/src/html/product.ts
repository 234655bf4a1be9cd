import { productImageKeysOf } from '@kartvizit/schemas/validation/product';
import { safeMediaPath } from './urls.ts';

/**
 * What every page that shows a product says about it, the same way: its price in Turkish money format, its images as
 * our own media paths with their small variants, and its page's address. The stored content is read defensively: a
 * field of the wrong type counts as empty.
 */

const CURRENCIES = ['TRY', 'USD', 'EUR', 'GBP'] as const;
type Currency = (typeof CURRENCIES)[number];

const formatters = new Map<Currency, Intl.NumberFormat>();

/** `Intl.NumberFormat('tr-TR', { style: 'currency', currency })`: '₺1.234,50', '$12,00'. */
export function formatPrice(value: number, currency: string): string {
  const code: Currency = (CURRENCIES as readonly string[]).includes(currency) ? (currency as Currency) : 'TRY';
  let formatter = formatters.get(code);
  if (!formatter) {
    formatter = new Intl.NumberFormat('tr-TR', { style: 'currency', currency: code });
    formatters.set(code, formatter);
  }
  return formatter.format(value);
}

export interface PriceView {
  readonly text: string;
  /** The struck-through "before" price: only when it is above the price. */
  readonly compareAt: string | null;
}

type Data = Readonly<Record<string, unknown>>;

export function record(value: unknown): Data {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Data) : {};
}

export function textOf(source: Data, key: string): string {
  const value = source[key];
  return typeof value === 'string' ? value.trim() : '';
}

export function stringsOf(source: Data, key: string): string[] {
  const value = source[key];
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string' && item.trim() !== '').map((item) => item.trim())
    : [];
}

const finite = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** SPEC §5: a price shows only when it has a value (non-zero) and `isDisplayed` is true. */
export function priceOf(data: Data): PriceView | null {
  const price = record(data.price);
  const value = finite(price.value);
  if (value === null || value <= 0 || price.isDisplayed === false) return null;
  const currency = typeof price.currency === 'string' ? price.currency : 'TRY';
  const compare = finite(price.compareAtValue);
  return {
    text: formatPrice(value, currency),
    compareAt: compare !== null && compare > value ? formatPrice(compare, currency) : null,
  };
}

/** A product image as the page may show it: our own media path, in full size and its 400 px variant. */
export interface ProductImage {
  readonly src: string;
  readonly small: string;
  /** The small variant as WebP, only when its file exists (uploads before decision 23 have none). */
  readonly smallWebp: string | null;
}

export function imagesOf(data: Data, webp: ReadonlySet<string> = new Set()): ProductImage[] {
  return stringsOf(data, 'images')
    .map((url) => safeMediaPath(url))
    .filter((url): url is string => url !== null)
    .map((src) => {
      const keys = productImageKeysOf(src);
      const smallWebp = keys && webp.has(keys.smallWebp) ? safeMediaPath(`/media/${keys.smallWebp}`) : null;
      return { src, small: keys ? (safeMediaPath(`/media/${keys.small}`) ?? src) : src, smallWebp };
    });
}

/** A product's page; from a card's catalogue it names that card (`?card=`), for the way back and the counting. */
export function productPath(id: string, fromCardId: string | null = null): string {
  return fromCardId ? `/product/${id}?card=${encodeURIComponent(fromCardId)}` : `/product/${id}`;
}
