import { markup, trustedHtml, type SafeHtml } from '@kartvizit/infra/html/markup';
import { productImageKeysOf } from '@kartvizit/schemas/product/media';
import { readStoredProduct } from '@kartvizit/schemas/product/read';
import { icon } from '../html/icons.ts';
import { imagesOf, priceOf, productPath, trimmedTexts, type PriceView, type ProductImage } from '../html/product.ts';
import type { CatalogueRow } from './load.ts';
import { DEFAULT_LANGUAGE, translated, type PublicLanguage } from '@kartvizit/schemas/language/model';
import { FORMAT_LOCALES, messagesFor, type Translate } from '../language/messages.ts';
import { countOf, LISTING_WORDS, type ListingWords } from '../language/listing-words.ts';
import { listingLine, listingPath, listingPrice } from '../html/listing.ts';
import type { ListingPurpose, PropertyType } from '@kartvizit/schemas/product/listing';
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
  /** A listing's card (issue 33): what the portfolio shows and filters on; null for a product. */
  readonly listing: {
    readonly purpose: ListingPurpose;
    readonly propertyType: PropertyType;
    readonly rooms: string | null;
    /** Its price with what it is for ('/ay'), or 'Fiyat sorunuz'. */
    readonly price: string;
    /** '3+1 · 120 m² · Kadıköy'. */
    readonly line: string;
    /** It carries an EİDS authorisation (an ended one is not shown at all). */
    readonly verified: boolean;
  } | null;
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
      const locale = FORMAT_LOCALES[language];
      const { listing } = product;
      return {
        id,
        name,
        description: product.description.trim(),
        price: priceOf(product, locale),
        image: imagesOf(product, webp)[0] ?? null,
        featured: row.featured,
        listing: listing
          ? {
              purpose: listing.purpose,
              propertyType: listing.propertyType,
              rooms: listing.rooms,
              price: listingPrice(product, LISTING_WORDS[language], locale),
              line: listingLine(listing, locale),
              verified: listing.eids !== null,
            }
          : null,
      };
    })
    .filter((item): item is CatalogueItem => item !== null);
}

function itemImage(item: CatalogueItem, t: Translate): SafeHtml | '' {
  const { width, height } = CATALOGUE_IMAGE;
  const img = item.image
    ? markup`<img class="pc-product__img" src="${item.image.small}" alt="" width="${width}" height="${height}" loading="lazy" decoding="async">`
    : '';
  return item.image
    ? item.image.smallWebp
      ? markup`<picture><source type="image/webp" srcset="${item.image.smallWebp}">${img}</picture>`
      : img
    : markup`<span class="pc-product__img pc-product__img--none">${icon('image')}<span>${t('catalogueNoImage')}</span></span>`;
}

/** A listing's card: photo, purpose and the EİDS badge, price, rooms · m² · district; what the filters read is on the item. */
function listingCard(item: CatalogueItem, index: number, links: CatalogueLinks, words: ListingWords): SafeHtml {
  const { t } = links;
  const listing = item.listing;
  if (!listing) return productCard(item, index, links);
  const verified = listing.verified
    ? markup`<span class="pc-listing__verified">${icon('shield', 'pc-icon pc-icon--sm')}${words.verified}</span>`
    : '';
  return markup`<li class="pc-cat__item" data-index="${index}" data-purpose="${listing.purpose}" data-type="${listing.propertyType}" data-rooms="${listing.rooms ?? ''}"><a class="pc-product pc-listing" href="${listingPath(item.id, links.cardId, links.language)}" data-product="${item.id}"><span class="pc-product__media">${itemImage(item, t)}<span class="pc-product__badge pc-listing__purpose">${words.purposes[listing.purpose]}</span></span><span class="pc-product__body">${verified}<span class="pc-product__name">${item.name}</span><span class="pc-product__price">${listing.price}</span><span class="pc-product__text">${listing.line}</span><span class="pc-product__more" aria-hidden="true">${t('catalogueDetails')}${icon('next', 'pc-icon pc-icon--sm')}</span></span></a></li>`;
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
  /** The page's language, for a portfolio's words (default Turkish). */
  readonly pageLanguage?: PublicLanguage;
  /** The agent's (or the office's) Taşınmaz Ticareti Yetki Belgesi number, shown with a portfolio ('' none). */
  readonly yetkiBelgesiNo?: string;
}

const TURKISH_LINKS: CatalogueLinks = { cardId: null, t: messagesFor(DEFAULT_LANGUAGE), language: null };

/** Each choice of one filter that some listing has, in the list's order: 'Tümü' first. */
function filterGroup(
  name: string,
  legend: string,
  all: string,
  choices: readonly (readonly [value: string, label: string])[],
): SafeHtml | '' {
  if (choices.length < 2) return '';
  const options = [['', all] as const, ...choices].map(
    ([value, label], index) =>
      markup`<label class="pc-filter__chip"><input type="radio" name="${name}" value="${value}"${index === 0 ? trustedHtml(' checked') : ''}><span>${label}</span></label>`,
  );
  return markup`<fieldset class="pc-filter"><legend class="pc-filter__legend">${legend}</legend>${options}</fieldset>`;
}

/**
 * The portfolio's filters (issue 33): radio groups for purpose, type and rooms, only those with a choice to make. The
 * card page's script hides what does not match and says how many remain; without a script every listing shows.
 */
function portfolioFilters(items: readonly CatalogueItem[], words: ListingWords, language: PublicLanguage): SafeHtml | '' {
  const listings = items.flatMap((item) => (item.listing ? [item.listing] : []));
  const distinct = <T extends string>(values: readonly T[]) => [...new Set(values)];
  const purposes = distinct(listings.map((listing) => listing.purpose)).map((value) => [value, words.purposes[value]] as const);
  const types = distinct(listings.map((listing) => listing.propertyType)).map((value) => [value, words.types[value]] as const);
  const rooms = distinct(listings.flatMap((listing) => (listing.rooms ? [listing.rooms] : [])))
    .sort((a, b) => parseFloat(a) - parseFloat(b) || a.localeCompare(b))
    .map((value) => [value, value] as const);
  const groups = [
    filterGroup('purpose', words.facts.purpose, words.all, purposes),
    filterGroup('type', words.facts.type, words.all, types),
    filterGroup('rooms', words.facts.rooms, words.all, rooms),
  ].filter((group) => group !== '');
  if (groups.length === 0) return '';
  return markup`<form class="pc-filters pc-js" data-cat-filters data-count-forms="${JSON.stringify(words.countForms)}" lang="${language}" aria-label="${words.filters}">${groups}<p class="pc-filters__count" data-cat-count role="status" aria-live="polite">${countOf(language, listings.length)}</p><p class="pc-filters__none" data-cat-none hidden>${words.noneMatch}</p></form>`;
}

/**
 * The portfolio's own styles, sent only with a portfolio (a card without listings is not one byte heavier): the
 * filter chips, the EİDS badge and the licence line.
 */
const PORTFOLIO_CSS = trustedHtml(
  '<style>.pc-filters{display:grid;gap:.75rem;margin:0 0 1rem}.pc-filter{border:0;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:.5rem}.pc-filter__legend{font-weight:600;font-size:.875rem;margin-bottom:.375rem;padding:0}.pc-filter__chip{position:relative;display:inline-flex}.pc-filter__chip input{position:absolute;opacity:0;inset:0;margin:0;cursor:pointer}.pc-filter__chip span{display:inline-block;padding:.4rem .8rem;border:1px solid currentColor;border-radius:999px;font-size:.875rem;line-height:1.2;min-height:24px}.pc-filter__chip input:checked+span{background:var(--pc-brand-strong);border-color:var(--pc-brand-strong);color:#fff}.pc-filter__chip input:focus-visible+span{outline:3px solid var(--pc-brand-strong);outline-offset:2px}.pc-filters__count{margin:0;font-size:.875rem}.pc-filters__none{margin:0}.pc-listing__verified{display:inline-flex;align-items:center;gap:.25rem;font-size:.75rem;font-weight:600;color:#166534}.pc-listing__licence{margin:0 0 1rem;font-size:.8125rem}.pc-cat__item[hidden]{display:none}</style>',
);

export function renderCatalogue(items: readonly CatalogueItem[], links: CatalogueLinks = TURKISH_LINKS): SafeHtml {
  const { t } = links;
  // An owner with listings has a portfolio ('Portföy'); a card without them renders exactly as before.
  const words = items.some((item) => item.listing) ? LISTING_WORDS[links.pageLanguage ?? DEFAULT_LANGUAGE] : null;
  const title = words ? words.portfolio : t('catalogueTitle');
  const head = (aside: SafeHtml | '') =>
    markup`<div class="pc-section__head"><h2 class="pc-h2" id="pc-catalogue-h">${title}</h2>${aside}</div>`;
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
  const card = (item: CatalogueItem, index: number) =>
    words && item.listing ? listingCard(item, index, links, words) : productCard(item, index, links);
  const language = links.pageLanguage ?? DEFAULT_LANGUAGE;
  const portfolio = words
    ? markup`${PORTFOLIO_CSS}${portfolioFilters(items, words, language)}${links.yetkiBelgesiNo ? markup`<p class="pc-listing__licence">${words.yetkiBelgesi(links.yetkiBelgesiNo)}</p>` : ''}
`
    : '';
  return markup`<section class="pc-section pc-cat" aria-labelledby="pc-catalogue-h" data-cat data-view="scroll">
${head(toggle)}
${portfolio}<div class="pc-cat__frame"><button type="button" class="pc-cat__nav pc-cat__nav--prev pc-js" data-cat-prev aria-label="${t('cataloguePrevious')}" aria-controls="pc-cat-list" disabled>${icon('previous')}</button><ul class="pc-cat__list" id="pc-cat-list" role="list" aria-label="${t('catalogueProducts')}" data-cat-list>${items.map(card)}</ul><button type="button" class="pc-cat__nav pc-cat__nav--next pc-js" data-cat-next aria-label="${t('catalogueNext')}" aria-controls="pc-cat-list">${icon('next')}</button></div>
${progress}
</section>`;
}
