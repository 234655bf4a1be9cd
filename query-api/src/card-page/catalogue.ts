import { markup, type SafeHtml } from '@kartvizit/infra/html/markup';
import { productImageKeysOf } from '@kartvizit/schemas/product/media';
import { readStoredProduct } from '@kartvizit/schemas/product/read';
import { icon } from '../html/icons.ts';
import { imagesOf, priceOf, productPath, trimmedTexts, type PriceView, type ProductImage } from '../html/product.ts';
import type { CatalogueRow } from './load.ts';
import { DEFAULT_LANGUAGE, translated, type PublicLanguage } from '@kartvizit/schemas/language/model';
import { FORMAT_LOCALES, messagesFor, type Translate } from '../language/messages.ts';
// Product ids are UUIDs (command-api draws them); anything else is not linked.
import { UUID_PATTERN as PRODUCT_ID } from '@kartvizit/schemas/ids';

/**
 * 'Ürün Kataloğu' on the card page (docs/decisions/0023-public-catalogue.md): the owner's shown products as the
 * read model gives them (SHOWN_PRODUCTS, featured first, then the owner's order), server-rendered. Without a script it
 * is a horizontal CSS scroll-snap strip; the card page's script adds previous/next, the progress bar and the
 * 'Tümünü Gör' / 'Kaydırmalı Görünüm' toggle. Each product is read by `readStoredProduct` (schemas): a field of the
 * wrong type counts as empty.
 */


/** SPEC §9: a product card is 220 px wide; the small image variant is 400 px, so it is sharp at 2× too. */
export const CATALOGUE_IMAGE = { width: 220, height: 165 } as const;

/** The progress bar shows with more than this many products (SPEC §9). */
export const PROGRESS_AFTER = 3;

/** The blob keys of the WebP variants the catalogue could show (each product's first image), to look up. */
export function catalogueWebpKeys(rows: readonly CatalogueRow[]): string[] {
  return rows.flatMap((row) => {
    const [first] = trimmedTexts(readStoredProduct(row.data).images);
    const keys = first ? productImageKeysOf(first) : null;
    return keys ? [keys.smallWebp] : [];
  });
}

export interface CatalogueItem {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly price: PriceView | null;
  readonly image: ProductImage | null;
  readonly featured: boolean;
}

/**
 * The catalogue rows (`{ id, featured, data }`, in the read model's order) as the page shows them; `webp`: the blob
 * keys of WebP variants that exist.
 */
export function toCatalogue(
  rows: readonly CatalogueRow[],
  webp: ReadonlySet<string> = new Set(),
  language: PublicLanguage = DEFAULT_LANGUAGE,
): CatalogueItem[] {
  return rows
    .map((row): CatalogueItem | null => {
      const id = row.id.toLowerCase();
      const stored = readStoredProduct(row.data);
      // The owner's words in the page's language, field by field (issue 31).
      const product = { ...stored, ...translated({ name: stored.name, description: stored.description }, stored.translations, language) };
      const name = product.name.trim();
      if (!PRODUCT_ID.test(id) || !name) return null;
      return {
        id,
        name,
        description: product.description.trim(),
        price: priceOf(product, FORMAT_LOCALES[language]),
        image: imagesOf(product, webp)[0] ?? null,
        featured: row.featured,
      };
    })
    .filter((item): item is CatalogueItem => item !== null);
}

function productCard(item: CatalogueItem, index: number, links: CatalogueLinks): SafeHtml {
  const { t } = links;
  const { width, height } = CATALOGUE_IMAGE;
  const img = item.image
    ? markup`<img class="pc-product__img" src="${item.image.small}" alt="" width="${width}" height="${height}" loading="lazy" decoding="async">`
    : '';
  const image = item.image
    ? item.image.smallWebp
      ? markup`<picture><source type="image/webp" srcset="${item.image.smallWebp}">${img}</picture>`
      : img
    : markup`<span class="pc-product__img pc-product__img--none">${icon('image')}<span>${t('catalogueNoImage')}</span></span>`;
  const badge = item.featured ? markup`<span class="pc-product__badge">${t('catalogueFeatured')}</span>` : '';
  const description = item.description ? markup`<span class="pc-product__text">${item.description}</span>` : '';
  const price = item.price ? markup`<span class="pc-product__price">${item.price.text}</span>` : '';
  // The whole card is the link; its name is the product's name (the image is decorative, 'Detaylar' says what it does).
  return markup`<li class="pc-cat__item" data-index="${index}"><a class="pc-product" href="${productPath(item.id, links.cardId, links.language)}" data-product="${item.id}"><span class="pc-product__media">${image}${badge}</span><span class="pc-product__body"><span class="pc-product__name">${item.name}</span>${description}${price}<span class="pc-product__more" aria-hidden="true">${t('catalogueDetails')}${icon('next', 'pc-icon pc-icon--sm')}</span></span></a></li>`;
}

/**
 * The section; `cardId`: the card whose page it is, named in each product's link. An owner without a shown product
 * gets it too, saying 'Ürün bulunamadı' (SPEC).
 */
export interface CatalogueLinks {
  /** The card whose page it is, named in each product's link. */
  readonly cardId: string | null;
  readonly t: Translate;
  /** The language the products' links keep (`?lang=`), when the owner writes in more than Turkish. */
  readonly language: PublicLanguage | null;
}

const TURKISH_LINKS: CatalogueLinks = { cardId: null, t: messagesFor(DEFAULT_LANGUAGE), language: null };

export function renderCatalogue(items: readonly CatalogueItem[], links: CatalogueLinks = TURKISH_LINKS): SafeHtml {
  const { t } = links;
  const head = (aside: SafeHtml | '') =>
    markup`<div class="pc-section__head"><h2 class="pc-h2" id="pc-catalogue-h">${t('catalogueTitle')}</h2>${aside}</div>`;
  if (items.length === 0) {
    return markup`<section class="pc-section pc-cat" aria-labelledby="pc-catalogue-h">
${head('')}
<p class="pc-cat__empty">${t('catalogueEmpty')}</p>
</section>`;
  }
  const toggle = markup`<button type="button" class="pc-cat__toggle pc-js" data-cat-toggle aria-pressed="false" aria-controls="pc-cat-list">${t('catalogueShowAll')}</button>`;
  const progress =
    items.length > PROGRESS_AFTER
      ? markup`<div class="pc-cat__progress pc-js" aria-hidden="true"><span data-cat-progress></span></div>`
      : '';
  return markup`<section class="pc-section pc-cat" aria-labelledby="pc-catalogue-h" data-cat data-view="scroll">
${head(toggle)}
<div class="pc-cat__frame"><button type="button" class="pc-cat__nav pc-cat__nav--prev pc-js" data-cat-prev aria-label="${t('cataloguePrevious')}" aria-controls="pc-cat-list" disabled>${icon('previous')}</button><ul class="pc-cat__list" id="pc-cat-list" role="list" aria-label="${t('catalogueProducts')}" data-cat-list>${items.map((item, index) => productCard(item, index, links))}</ul><button type="button" class="pc-cat__nav pc-cat__nav--next pc-js" data-cat-next aria-label="${t('catalogueNext')}" aria-controls="pc-cat-list">${icon('next')}</button></div>
${progress}
</section>`;
}
