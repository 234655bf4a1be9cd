import type { ProductData } from '@kartvizit/schemas/product/events';
import { productImageKeysOf } from '@kartvizit/schemas/product/media';
import { safeMediaPath } from './urls.ts';
import { PRODUCT_CURRENCIES as CURRENCIES, type ProductCurrency as Currency } from '@kartvizit/schemas/product/model';

/**
 * What every page that shows a product says about it, the same way: its price in Turkish money format, its images as
 * our own media paths with their small variants, and its page's address. From the product as `readStoredProduct`
 * (schemas) reads it.
 */

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * `Intl.NumberFormat(locale, { style: 'currency', currency })`: in Turkish '₺1.234,50', '$12,00'; in English
 * '₺1,234.50'. The price stays in its currency; only the way it is written follows the page's language (issue 31).
 */
export function formatPrice(value: number, currency: string, locale = 'tr-TR'): string {
  const code: Currency = (CURRENCIES as readonly string[]).includes(currency) ? (currency as Currency) : 'TRY';
  let formatter = formatters.get(`${locale}|${code}`);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' });
    formatters.set(`${locale}|${code}`, formatter);
  }
  return formatter.format(value);
}

export interface PriceView {
  readonly text: string;
  /** The struck-through "before" price: only when it is above the price. */
  readonly compareAt: string | null;
}

/** A list's entries trimmed, the empty ones left out. */
export function trimmedTexts(values: readonly string[]): string[] {
  return values.map((value) => value.trim()).filter((value) => value !== '');
}

/** SPEC §5: a price shows only when it has a value (non-zero) and `isDisplayed` is true. */
export function priceOf(product: ProductData, locale = 'tr-TR'): PriceView | null {
  const { value, currency, isDisplayed, compareAtValue } = product.price;
  if (value <= 0 || !isDisplayed) return null;
  return {
    text: formatPrice(value, currency, locale),
    compareAt: compareAtValue !== null && compareAtValue > value ? formatPrice(compareAtValue, currency, locale) : null,
  };
}

/** A product image as the page may show it: our own media path, in full size and its 400 px variant. */
export interface ProductImage {
  readonly src: string;
  readonly small: string;
  /** The small variant as WebP, only when its file exists (uploads before decision 23 have none). */
  readonly smallWebp: string | null;
}

export function imagesOf(product: ProductData, webp: ReadonlySet<string> = new Set()): ProductImage[] {
  return trimmedTexts(product.images)
    .map((url) => safeMediaPath(url))
    .filter((url): url is string => url !== null)
    .map((src) => {
      const keys = productImageKeysOf(src);
      const smallWebp = keys && webp.has(keys.smallWebp) ? safeMediaPath(`/media/${keys.smallWebp}`) : null;
      return { src, small: keys ? (safeMediaPath(`/media/${keys.small}`) ?? src) : src, smallWebp };
    });
}

/**
 * A product's page; from a card's catalogue it names that card (`?card=`), for the way back and the counting, and the
 * language the card was read in (`?lang=`, issue 31), so the visitor stays in it.
 */
export function productPath(id: string, fromCardId: string | null = null, language: string | null = null): string {
  const query = [
    fromCardId ? `card=${encodeURIComponent(fromCardId)}` : '',
    language ? `lang=${encodeURIComponent(language)}` : '',
  ].filter(Boolean);
  return query.length ? `/product/${id}?${query.join('&')}` : `/product/${id}`;
}
