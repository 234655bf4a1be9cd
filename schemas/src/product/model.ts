/**
 * What a product is made of, apart from its events: the lists its fields choose from and the limits
 * (SPEC §5 "Product", §9; ours in docs/decisions/0021-product-catalogue.md). No imports: the screen,
 * the server and the public pages read this file by sub-path.
 */

export const PRODUCT_CURRENCIES = ['TRY', 'USD', 'EUR', 'GBP'] as const;
export type ProductCurrency = (typeof PRODUCT_CURRENCIES)[number];
export const DEFAULT_PRODUCT_CURRENCY: ProductCurrency = 'TRY';
export const PRODUCT_ACTION_TYPES = ['none', 'whatsapp', 'instagram', 'link', 'contact'] as const;
export type ProductActionType = (typeof PRODUCT_ACTION_TYPES)[number];
export const PRODUCT_NAME_MAX_LENGTH = 120;
export const PRODUCT_DESCRIPTION_MAX_LENGTH = 5000;
/** Category, button label, one tag, one feature. */
export const PRODUCT_TEXT_MAX_LENGTH = 200;
export const PRODUCT_URL_MAX_LENGTH = 2048;
export const PRODUCT_MAX_TAGS = 20;
export const PRODUCT_MAX_FEATURES = 30;
export const PRODUCT_MAX_IMAGES = 10;
export const PRODUCT_PRICE_MAX = 999_999_999.99;
export const PRODUCT_STOCK_MAX = 1_000_000_000;
/** Products one owner may keep: a bound on the catalogue stream every product command reads. */
export const MAX_PRODUCTS_PER_OWNER = 200;
/** The owner's words of a product, written again per language (issue 31): `translations.en.name`. */
export const PRODUCT_TRANSLATED_FIELDS = ['name', 'description', 'features', 'actionLabel'] as const;
export type ProductTranslatedField = (typeof PRODUCT_TRANSLATED_FIELDS)[number];
/** One uploaded product image (SPEC: any image type; we take JPEG, PNG and WebP, re-encoded). */
export const PRODUCT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Files in one upload request: as many as one product may show. */
export const PRODUCT_UPLOAD_MAX_FILES = PRODUCT_MAX_IMAGES;

/** SPEC §4: what the button says when the owner leaves its label blank. */
export const DEFAULT_ACTION_LABELS: { readonly [T in ProductActionType]: string } = {
  whatsapp: "WhatsApp'tan Sipariş Ver",
  instagram: "Instagram'dan Mesaj Gönder",
  link: 'Satın Al',
  none: 'İletişime Geç',
  contact: 'İletişime Geç',
};
