/**
 * Product image addresses: content-addressed media keys of the owner's uploads, served at /media/<key>.
 * The command side writes them, the product rules accept only these, the pages and the erasure read them.
 */

const PRODUCT_IMAGE_URL = /^\/media\/(products\/([0-9a-f-]{36})\/[0-9a-f]{32})\.(jpg|png)$/;

/** The blob keys of one product image: the main variant, its small one, and the small one as WebP (`…-sm.webp`). */
export interface ProductImageKeys {
  readonly main: string;
  readonly small: string;
  /** Written for uploads since the card page's catalogue (decision 23); older images have none. */
  readonly smallWebp: string;
}

/** The folder of blob keys that holds an owner's product images (removed whole when the account is deleted). */
export function productImageFolder(ownerId: string): string {
  return `products/${ownerId.toLowerCase()}`;
}

/** Blob keys of one processed upload: `products/<owner>/<sha256/128>.<ext>` and its small `…-sm.<ext>`. */
export function productImageKeys(ownerId: string, hash: string, extension: 'jpg' | 'png'): ProductImageKeys {
  const base = `${productImageFolder(ownerId)}/${hash}`;
  return { main: `${base}.${extension}`, small: `${base}-sm.${extension}`, smallWebp: `${base}-sm.webp` };
}

/** The owner and blob keys behind one of our product image URLs, or null for anything else. */
export function productImageKeysOf(url: string): (ProductImageKeys & { readonly ownerId: string }) | null {
  const match = PRODUCT_IMAGE_URL.exec(url);
  if (!match) return null;
  const [, base = '', ownerId = '', extension = ''] = match;
  return { ownerId, main: `${base}.${extension}`, small: `${base}-sm.${extension}`, smallWebp: `${base}-sm.webp` };
}
