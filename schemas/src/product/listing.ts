/**
 * A real-estate listing ('İlan', issue 33): a catalogue item of `kind: 'listing'` carries these facts beside the
 * product's name, description, price and photos. The lists, their Turkish labels as Turkish listings write them, and
 * the limits. No imports: the screen, the server and the public pages read this file by sub-path
 * (`@kartvizit/schemas/product/listing`). Rules are in listing-rules.ts; the authorisation's deadlines in
 * listing-authorisation.ts; docs/decisions/0064-listings.md says why.
 */

export const CATALOGUE_ITEM_KINDS = ['product', 'listing'] as const;
export type CatalogueItemKind = (typeof CATALOGUE_ITEM_KINDS)[number];

export const LISTING_PURPOSES = ['sale', 'rent', 'dailyRent'] as const;
export type ListingPurpose = (typeof LISTING_PURPOSES)[number];
export const LISTING_PURPOSE_LABELS: { readonly [P in ListingPurpose]: string } = {
  sale: 'Satılık',
  rent: 'Kiralık',
  dailyRent: 'Günlük Kiralık',
};
/** What the price is for: a sale's is the whole, a rent's a month's, a daily rent's a night's. */
export const LISTING_PRICE_SUFFIXES: { readonly [P in ListingPurpose]: string } = {
  sale: '',
  rent: '/ay',
  dailyRent: '/gece',
};

export const PROPERTY_TYPES = [
  'apartment',
  'residence',
  'detachedHouse',
  'villa',
  'summerHouse',
  'land',
  'field',
  'commercial',
  'office',
  'shop',
  'warehouse',
  'building',
] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];
export const PROPERTY_TYPE_LABELS: { readonly [T in PropertyType]: string } = {
  apartment: 'Daire',
  residence: 'Rezidans',
  detachedHouse: 'Müstakil Ev',
  villa: 'Villa',
  summerHouse: 'Yazlık',
  land: 'Arsa',
  field: 'Tarla',
  commercial: 'İşyeri',
  office: 'Ofis',
  shop: 'Dükkan',
  warehouse: 'Depo',
  building: 'Bina',
};
/** Land has no rooms, floors, age or heating: the form hides them and the rules refuse them. */
export const LAND_TYPES: readonly PropertyType[] = ['land', 'field'];

/**
 * Rooms as Turkish listings write them: rooms + living rooms ('3+1'), a half room ('2.5+1'), a studio ('1+0'), and
 * '10+' for ten or more. The form offers ROOM_CHOICES; the API takes any `N+M` (N 1–9, optionally '.5'; M 0–5).
 */
export const ROOM_CHOICES = [
  '1+0',
  '1+1',
  '1.5+1',
  '2+0',
  '2+1',
  '2.5+1',
  '2+2',
  '3+1',
  '3.5+1',
  '3+2',
  '4+1',
  '4.5+1',
  '4+2',
  '5+1',
  '5+2',
  '6+1',
  '6+2',
  '7+1',
  '7+2',
  '8+1',
  '8+2',
  '9+1',
  '10+',
] as const;
export const ROOMS_PATTERN = /^(?:[1-9](?:\.5)?\+[0-5]|10\+)$/;

export const HEATING_TYPES = [
  'none',
  'stove',
  'gasStove',
  'combi',
  'central',
  'centralMetered',
  'underfloor',
  'airConditioning',
  'fancoil',
  'solar',
  'geothermal',
  'electric',
] as const;
export type HeatingType = (typeof HEATING_TYPES)[number];
export const HEATING_LABELS: { readonly [H in HeatingType]: string } = {
  none: 'Yok',
  stove: 'Soba',
  gasStove: 'Doğalgaz Sobası',
  combi: 'Doğalgaz (Kombi)',
  central: 'Merkezi',
  centralMetered: 'Merkezi (Pay Ölçer)',
  underfloor: 'Yerden Isıtma',
  airConditioning: 'Klima',
  fancoil: 'Fancoil Ünitesi',
  solar: 'Güneş Enerjisi',
  geothermal: 'Jeotermal',
  electric: 'Elektrikli Radyatör',
};

export const PARKING_TYPES = ['none', 'open', 'closed', 'openAndClosed'] as const;
export type ParkingType = (typeof PARKING_TYPES)[number];
export const PARKING_LABELS: { readonly [P in ParkingType]: string } = {
  none: 'Yok',
  open: 'Açık Otopark',
  closed: 'Kapalı Otopark',
  openAndClosed: 'Açık ve Kapalı Otopark',
};

export const TITLE_DEED_TYPES = [
  'condominium',
  'floorEasement',
  'shared',
  'detached',
  'landTitle',
  'cooperative',
  'allocation',
] as const;
export type TitleDeedType = (typeof TITLE_DEED_TYPES)[number];
export const TITLE_DEED_LABELS: { readonly [T in TitleDeedType]: string } = {
  condominium: 'Kat Mülkiyetli',
  floorEasement: 'Kat İrtifaklı',
  shared: 'Hisseli Tapu',
  detached: 'Müstakil Tapulu',
  landTitle: 'Arsa Tapulu',
  cooperative: 'Kooperatif Hisseli',
  allocation: 'Tahsis',
};

/**
 * Floors with names (as the title deed and buyers say them); any other floor is its number, -5 … 200. Stored as
 * the name or the number's text ('3', '-1').
 */
export const NAMED_FLOORS = ['basement', 'ground', 'garden', 'raisedGround', 'villa', 'roof'] as const;
export type NamedFloor = (typeof NAMED_FLOORS)[number];
export const NAMED_FLOOR_LABELS: { readonly [F in NamedFloor]: string } = {
  basement: 'Bodrum Kat',
  ground: 'Zemin Kat',
  garden: 'Bahçe Katı',
  raisedGround: 'Yüksek Giriş',
  villa: 'Villa Katı',
  roof: 'Çatı Katı',
};
export const FLOOR_MIN = -5;
export const FLOOR_MAX = 200;
export const BUILDING_FLOORS_MAX = 200;
export const BUILDING_AGE_MAX = 500;
export const BATHROOMS_MAX = 20;
/** Square metres: a field may be large (a hundred hectares is 1.000.000 m²). */
export const AREA_M2_MAX = 10_000_000;
export const MAHALLE_MAX_LENGTH = 100;
/** A listing shows up to 30 photos (a product 10). */
export const LISTING_MAX_IMAGES = 30;

/** The EİDS authorisation number as e-Devlet shows it: letters, digits and hyphens. */
export const EIDS_NUMBER_PATTERN = /^[A-Za-z0-9-]{4,30}$/;
/** The Taşınmaz Ticareti Yetki Belgesi number: digits (the province's plate code, then the office's number). */
export const YETKI_BELGESI_PATTERN = /^\d{5,12}$/;
/** Authorisations run in Türkiye's time: one ends at the close of its last day there (UTC+3, no summer time). */
export const LISTING_TIME_ZONE = 'Europe/Istanbul';
export const LISTING_TIME_ZONE_OFFSET = '+03:00';

export interface ListingLocation {
  readonly lat: number;
  readonly lng: number;
}

/** The e-Devlet EİDS authorisation the agent was given for this listing: its number and its last day. */
export interface ListingEids {
  readonly number: string;
  /** The last day it runs, 'YYYY-MM-DD' in Türkiye's time. */
  readonly validUntil: string;
}

/** A listing's facts (issue 33), normalised: null where the owner left a field blank or it does not apply. */
export interface ListingData {
  readonly purpose: ListingPurpose;
  readonly propertyType: PropertyType;
  readonly rooms: string | null;
  readonly grossM2: number | null;
  readonly netM2: number | null;
  /** A NAMED_FLOORS name or a number's text ('3', '-1'). */
  readonly floor: string | null;
  readonly buildingFloors: number | null;
  readonly buildingAge: number | null;
  readonly heating: HeatingType | null;
  readonly bathrooms: number | null;
  readonly furnished: boolean | null;
  readonly inSite: boolean | null;
  readonly balcony: boolean | null;
  readonly parking: ParkingType | null;
  readonly lift: boolean | null;
  readonly titleDeed: TitleDeedType | null;
  readonly creditEligible: boolean | null;
  readonly swap: boolean | null;
  /** Monthly dues (aidat) in TRY. */
  readonly dues: number | null;
  /** A rent's deposit, in the price's currency. */
  readonly deposit: number | null;
  /** The province's name as Turkish writes it ('İstanbul'). */
  readonly il: string;
  /** One of the province's districts, as the list writes it ('Kadıköy'). */
  readonly ilce: string;
  readonly mahalle: string;
  readonly location: ListingLocation | null;
  /** Required by the rules; a damaged stored listing may lack it (readListing), and then shows without the badge. */
  readonly eids: ListingEids | null;
}

/** A floor as a buyer reads it: 'Bahçe Katı', '3. Kat', '-1. Kat'. */
export function floorLabel(floor: string): string {
  const named = (NAMED_FLOORS as readonly string[]).includes(floor)
    ? NAMED_FLOOR_LABELS[floor as NamedFloor]
    : null;
  return named ?? `${floor}. Kat`;
}
