import type { ProductData } from '@kartvizit/schemas/product/events';
import { NAMED_FLOORS, type ListingData, type NamedFloor } from '@kartvizit/schemas/product/listing';
import type { ListingWords } from '../language/listing-words.ts';
import { formatPrice } from './product.ts';

/**
 * What every page that shows a real-estate listing (issue 33, docs/decisions/0064-listings.md) says about it the same
 * way: its address (`/ilan/{id}`), its price with what it is for ('/ay', '/gece') or 'Fiyat sorunuz', its area, its
 * place, and the day its EİDS authorisation runs to. From the listing as `readStoredProduct` (schemas) reads it and the
 * page language's words (language/listing-words.ts).
 */

/**
 * A listing's page; from a card's portfolio it names that card (`?card=`) and the language the card was read in
 * (`?lang=`), as a product's page does (decision 47).
 */
export function listingPath(id: string, fromCardId: string | null = null, language: string | null = null): string {
  const query = [
    fromCardId ? `card=${encodeURIComponent(fromCardId)}` : '',
    language ? `lang=${encodeURIComponent(language)}` : '',
  ].filter(Boolean);
  return query.length ? `/ilan/${id}?${query.join('&')}` : `/ilan/${id}`;
}

/** A wa.me link with the message written in (no number: WhatsApp asks whom to send it to). */
export function whatsAppUrl(number: string | null, text: string): string {
  return `https://wa.me/${number ?? ''}?text=${encodeURIComponent(text)}`;
}

/** The price shows: displayed and above 0 (else the visitor is asked to ask). */
export function listingPriceShown(product: ProductData): boolean {
  return product.price.isDisplayed && product.price.value > 0;
}

/**
 * The price as a buyer reads it: in its currency with what it is for ('₺45.000/ay', '₺3.500/gece'); 'Fiyat sorunuz'
 * when none is shown.
 */
export function listingPrice(product: ProductData, words: ListingWords, locale: string): string {
  if (!listingPriceShown(product)) return words.askPrice;
  const purpose = product.listing?.purpose ?? 'sale';
  const suffix = purpose === 'rent' ? words.perMonth : purpose === 'dailyRent' ? words.perNight : '';
  return `${propertyMoney(product.price.value, product.price.currency, locale)}${suffix}`;
}

const WHOLE = new Map<string, Intl.NumberFormat>();
/**
 * An amount as property prices are written: '₺8.750.000', without kuruş unless there are some ('₺1.750,50'); in its
 * currency, the page's language's way.
 */
export function propertyMoney(value: number, currency: string, locale: string): string {
  if (!Number.isInteger(value)) return formatPrice(value, currency, locale);
  const key = `${locale}|${currency}`;
  let format = WHOLE.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'narrowSymbol', maximumFractionDigits: 0, minimumFractionDigits: 0 });
    WHOLE.set(key, format);
  }
  return format.format(value);
}

/** The area a buyer compares: the net m² when given, else the gross. */
export function listingArea(listing: ListingData): number | null {
  return listing.netM2 ?? listing.grossM2;
}

/** '120 m²' in the page's number format. */
export function formatArea(area: number, locale: string): string {
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(area)} m²`;
}

/** 'Kadıköy, İstanbul': the district, then the province (either may be missing on a damaged row). */
export function listingPlace(listing: ListingData): string {
  return [listing.ilce.trim(), listing.il.trim()].filter(Boolean).join(', ');
}

/** '3+1 · 120 m²': the rooms and the area. */
export function listingKeyFacts(listing: ListingData, locale: string): string {
  const area = listingArea(listing);
  return [listing.rooms ?? '', area !== null ? formatArea(area, locale) : ''].filter(Boolean).join(' · ');
}

/** '3+1 · 120 m² · Kadıköy': the rooms, the area and the district, under a card's price. */
export function listingLine(listing: ListingData, locale: string): string {
  return [listingKeyFacts(listing, locale), listing.ilce.trim() || listing.il.trim()].filter(Boolean).join(' · ');
}

/** A floor in the page's words: 'Bahçe Katı', '3. Kat'. */
export function floorWords(floor: string, words: ListingWords): string {
  return (NAMED_FLOORS as readonly string[]).includes(floor) ? words.floors[floor as NamedFloor] : words.floor(floor);
}

/** An authorisation's last day ('2026-12-31') as the page's language writes a date: '31.12.2026' in Turkish. */
export function formatDay(day: string, locale: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** The facts a buyer scans, in the order they read them (the listing page's table): what is not said is left out. */
export function listingFacts(
  listing: ListingData,
  price: ProductData['price'],
  words: ListingWords,
  locale: string,
): [label: string, value: string][] {
  const { facts } = words;
  const count = (value: number | null) => (value === null ? null : new Intl.NumberFormat(locale).format(value));
  const yesNo = (value: boolean | null) => (value === null ? null : value ? words.yes : words.no);
  const rows: [string, string | null][] = [
    [facts.purpose, words.purposes[listing.purpose]],
    [facts.type, words.types[listing.propertyType]],
    [facts.rooms, listing.rooms],
    [facts.grossM2, listing.grossM2 === null ? null : formatArea(listing.grossM2, locale)],
    [facts.netM2, listing.netM2 === null ? null : formatArea(listing.netM2, locale)],
    [facts.floor, listing.floor === null ? null : floorWords(listing.floor, words)],
    [facts.buildingFloors, count(listing.buildingFloors)],
    [facts.buildingAge, count(listing.buildingAge)],
    [facts.heating, listing.heating === null ? null : words.heating[listing.heating]],
    [facts.bathrooms, count(listing.bathrooms)],
    [facts.furnished, yesNo(listing.furnished)],
    [facts.inSite, yesNo(listing.inSite)],
    [facts.balcony, yesNo(listing.balcony)],
    [facts.parking, listing.parking === null ? null : words.parking[listing.parking]],
    [facts.lift, yesNo(listing.lift)],
    [facts.titleDeed, listing.titleDeed === null ? null : words.titleDeeds[listing.titleDeed]],
    [facts.creditEligible, yesNo(listing.creditEligible)],
    [facts.swap, yesNo(listing.swap)],
    [facts.dues, listing.dues === null ? null : propertyMoney(listing.dues, 'TRY', locale)],
    [facts.deposit, listing.deposit === null ? null : propertyMoney(listing.deposit, price.currency, locale)],
    [facts.place, [listing.mahalle.trim(), listingPlace(listing)].filter(Boolean).join(', ') || null],
  ];
  return rows.filter((row): row is [string, string] => row[1] !== null && row[1] !== '');
}
