import { createHash } from 'node:crypto';
import type { ListingData, PropertyType } from '@kartvizit/schemas/product/listing';
import { readStoredProduct } from '@kartvizit/schemas/product/read';
import type { ProductData } from '@kartvizit/schemas/product/events';
import { readStoredProfile } from '@kartvizit/schemas/profile/read';
import type { PublicLanguage } from '@kartvizit/schemas/language/model';
import { LISTING_WORDS, type ListingWords } from '../language/listing-words.ts';
import { FORMAT_LOCALES } from '../language/messages.ts';
import {
  formatDay,
  listingArea,
  listingFacts,
  listingLine,
  listingPath,
  listingPlace,
  listingPrice,
  whatsAppUrl,
} from '../html/listing.ts';

/**
 * What /ilan/{id} shows beside a product page's gallery and words (issue 33): the facts as a table, the EİDS badge
 * and the agent's licence, 'WhatsApp ile Bilgi Al' naming the listing, 'Ara', 'Görüşme Planla' through REMS, the map,
 * the schema.org data and the Open Graph image's address.
 */
export interface ListingPageView {
  readonly words: ListingWords;
  /** 'Satılık · Daire': the purpose and the property type, above the name. */
  readonly kindLine: string;
  readonly facts: readonly (readonly [label: string, value: string])[];
  readonly price: string;
  readonly line: string;
  readonly place: string;
  readonly eids: { readonly number: string; readonly validUntil: string } | null;
  readonly yetkiBelgesiNo: string;
  readonly whatsAppAskUrl: string | null;
  readonly callUrl: string | null;
  /** The card's REMS form, when the owner takes customers through REMS. */
  readonly bookUrl: string | null;
  readonly location: { readonly lat: number; readonly lng: number } | null;
  /** {PUBLIC_BASE_URL}/ilan/{id}/og.png?v=…: the version changes with what the image shows. */
  readonly ogImageUrl: string;
  readonly structuredData: Record<string, unknown>;
}

export interface ListingPageInput {
  readonly productId: string;
  readonly data: unknown;
  readonly profile: unknown;
  readonly cardId: string | null;
  readonly remsActive: boolean;
  readonly publicBaseUrl: string;
  readonly canonicalUrl: string;
  readonly language: PublicLanguage;
  readonly name: string;
  readonly description: string;
  readonly images: readonly string[];
}

/** schema.org's type for the place: a flat is an Apartment, a house a House, land a Landform is wrong: a Place. */
const PLACE_TYPES: { readonly [T in PropertyType]: string } = {
  apartment: 'Apartment',
  residence: 'Apartment',
  detachedHouse: 'SingleFamilyResidence',
  villa: 'SingleFamilyResidence',
  summerHouse: 'House',
  land: 'Place',
  field: 'Place',
  commercial: 'Place',
  office: 'Place',
  shop: 'Place',
  warehouse: 'Place',
  building: 'Place',
};

/** The digits of a Turkish or international phone for tel: and wa.me ('+905321234567' → '905321234567'). */
function phoneDigits(phone: string): string | null {
  const compact = phone.replace(/[\s().-]/g, '');
  if (/^\+\d{8,15}$/.test(compact)) return compact.slice(1);
  if (/^0\d{10}$/.test(compact)) return `90${compact.slice(1)}`;
  return null;
}

/** What the OG image shows (in Turkish, as it is drawn), hashed: a new price or photo is a new image address. */
export function listingImageVersion(product: ProductData, image: string | null): string {
  const listing = product.listing;
  const shown = listing
    ? [listingPrice(product, LISTING_WORDS.tr, 'tr-TR'), listingLine(listing, 'tr-TR'), listingPlace(listing), image ?? '']
    : [];
  return createHash('sha256').update(shown.join('\u0000')).digest('hex').slice(0, 16);
}

function structuredData(input: ListingPageInput, listing: ListingData, priceValue: number, currency: string, shown: boolean): Record<string, unknown> {
  const area = listingArea(listing);
  const place: Record<string, unknown> = {
    '@type': PLACE_TYPES[listing.propertyType],
    name: input.name,
    address: {
      '@type': 'PostalAddress',
      addressCountry: 'TR',
      addressRegion: listing.il,
      addressLocality: listing.ilce,
      ...(listing.mahalle ? { streetAddress: listing.mahalle } : {}),
    },
    ...(listing.location ? { geo: { '@type': 'GeoCoordinates', latitude: listing.location.lat, longitude: listing.location.lng } } : {}),
  };
  if (PLACE_TYPES[listing.propertyType] !== 'Place') {
    if (listing.rooms) {
      const rooms = Number.parseFloat(listing.rooms);
      if (Number.isFinite(rooms)) place.numberOfRooms = rooms + (Number.parseInt(listing.rooms.split('+')[1] ?? '0', 10) || 0);
    }
    if (area !== null) place.floorSize = { '@type': 'QuantitativeValue', value: area, unitCode: 'MTK' };
    if (listing.bathrooms !== null) place.numberOfBathroomsTotal = listing.bathrooms;
  }
  const offer: Record<string, unknown> = {
    '@type': 'Offer',
    businessFunction: listing.purpose === 'sale' ? 'http://purl.org/goodrelations/v1#Sell' : 'http://purl.org/goodrelations/v1#LeaseOut',
    availability: 'https://schema.org/InStock',
    url: input.canonicalUrl,
    ...(shown ? { price: priceValue, priceCurrency: currency } : {}),
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'RealEstateListing',
    name: input.name,
    url: input.canonicalUrl,
    ...(input.description ? { description: input.description } : {}),
    ...(input.images.length ? { image: input.images.map((image) => `${input.publicBaseUrl}${image}`) } : {}),
    about: place,
    offers: offer,
  };
}

/** The listing's part of the page; null when the product is no listing. */
export function toListingPageView(input: ListingPageInput): ListingPageView | null {
  const product = readStoredProduct(input.data);
  const { listing } = product;
  if (!listing) return null;
  const profile = readStoredProfile(input.profile);
  const words = LISTING_WORDS[input.language];
  const locale = FORMAT_LOCALES[input.language];
  const price = listingPrice(product, words, locale);
  const line = listingLine(listing, locale);
  const place = listingPlace(listing);
  const digits = phoneDigits(profile.phone);
  const title = [listing.rooms, words.types[listing.propertyType], listing.ilce].filter(Boolean).join(' ');
  const shown = product.price.isDisplayed && product.price.value > 0;
  return {
    words,
    kindLine: `${words.purposes[listing.purpose]} · ${words.types[listing.propertyType]}`,
    facts: listingFacts(listing, product.price, words, locale),
    price,
    line,
    place,
    eids: listing.eids ? { number: listing.eids.number, validUntil: formatDay(listing.eids.validUntil, locale) } : null,
    yetkiBelgesiNo: profile.yetkiBelgesiNo,
    whatsAppAskUrl: digits ? whatsAppUrl(digits, words.whatsAppQuestion(input.name || title, input.canonicalUrl)) : null,
    callUrl: digits ? `tel:+${digits}` : null,
    bookUrl: input.remsActive && input.cardId ? `/p/${input.cardId}?ilan=${input.productId}#pc-rems-h` : null,
    location: listing.location,
    ogImageUrl: `${input.publicBaseUrl}${listingPath(input.productId)}/og.png?v=${listingImageVersion(product, input.images[0] ?? null)}`,
    structuredData: structuredData(input, listing, product.price.value, product.price.currency, shown),
  };
}
