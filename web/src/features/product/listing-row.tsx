import { LISTING_PRICE_SUFFIXES } from '@kartvizit/schemas/product/listing';
import { LISTING_MESSAGES } from '@kartvizit/schemas/product/listing-messages';
import { formatProductPrice } from '../../shared/format.ts';
import type { Product } from './api.ts';
import { listingSummary } from './listing-form.ts';
import './listing-row.css';

/** 'İlan' before a listing's facts in the owner's lists (issue 33). */
export const LISTING_KIND_LABEL = 'İlan';

/** What the owner's lists call the catalogue: 'Portföy ve Ürünler' once it holds a listing. */
export function catalogueTitle(products: readonly Pick<Product, 'kind'>[], plain: string): string {
  return products.some((product) => product.kind === 'listing') ? 'Portföy ve Ürünler' : plain;
}

/** A listing's line: 'İlan · Satılık · 3+1 · 125 m²'; null for a product. */
export function listingLine(product: Pick<Product, 'kind' | 'listing'>): string | null {
  if (product.kind !== 'listing' || !product.listing) return null;
  const summary = listingSummary(product.listing);
  return summary ? `${LISTING_KIND_LABEL} · ${summary}` : LISTING_KIND_LABEL;
}

/** The price as the lists show it: a rent's per month ('/ay'), a daily rent's per night; 'Fiyat sorunuz' when hidden. */
export function listedPrice(product: Pick<Product, 'kind' | 'listing' | 'price'>): string | null {
  const price = formatProductPrice(product.price);
  if (product.kind !== 'listing' || !product.listing) return price;
  if (!product.price.isDisplayed) return LISTING_MESSAGES.listingAskPrice;
  return price ? `${price}${LISTING_PRICE_SUFFIXES[product.listing.purpose]}` : null;
}

/**
 * The authorisation's state: 'EİDS Doğrulandı' while it runs, 'Yetki sona erdi' after it ended (the caller shows
 * LISTING_MESSAGES.listingAuthorisationEnded beside it: why the listing is off the card, and what to do).
 */
export function ListingBadge({
  product,
}: {
  readonly product: Pick<Product, 'kind' | 'listing' | 'authorisationEnded'>;
}) {
  if (product.kind !== 'listing' || !product.listing) return null;
  if (product.authorisationEnded) return <span className="listing-badge listing-badge--ended">Yetki sona erdi</span>;
  if (!product.listing.eids) return null;
  return <span className="listing-badge listing-badge--verified">{LISTING_MESSAGES.listingVerifiedBadge}</span>;
}

export function authorisationEnded(product: Pick<Product, 'kind' | 'authorisationEnded'>): boolean {
  return product.kind === 'listing' && product.authorisationEnded;
}
