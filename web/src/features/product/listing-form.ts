import {
  FLOOR_MAX,
  FLOOR_MIN,
  floorLabel,
  LAND_TYPES,
  LISTING_PURPOSE_LABELS,
  NAMED_FLOOR_LABELS,
  NAMED_FLOORS,
  type HeatingType,
  type ListingData,
  type ListingPurpose,
  type ParkingType,
  type PropertyType,
  type TitleDeedType,
} from '@kartvizit/schemas/product/listing';
import { parseWholeNumber } from '@kartvizit/schemas/product/listing-rules';
import { formatProductMoney } from '@kartvizit/schemas/product/money';
import { districtsOf, PROVINCES } from '@kartvizit/schemas/places/turkey';

/**
 * A real-estate listing ('İlan', issue 33) as the product screen holds it: every input as typed, and the `listing`
 * object POST/PUT /api/products take. The shared rules (validateListingInput, through validateProductInput) read it
 * the same way in the browser and on the server.
 */

/** A yes/no the owner may leave unsaid: '' is 'Belirtilmemiş'. */
export type YesNo = '' | 'true' | 'false';

export interface ListingLocationValue {
  readonly lat: number;
  readonly lng: number;
}

export interface ListingFormValues {
  readonly purpose: ListingPurpose;
  readonly propertyType: PropertyType | '';
  readonly rooms: string;
  readonly grossM2: string;
  readonly netM2: string;
  /** A NAMED_FLOORS name or a number's text; '' for none. */
  readonly floor: string;
  readonly buildingFloors: string;
  readonly buildingAge: string;
  readonly heating: HeatingType | '';
  readonly bathrooms: string;
  readonly furnished: YesNo;
  readonly inSite: YesNo;
  readonly balcony: YesNo;
  readonly lift: YesNo;
  readonly parking: ParkingType | '';
  readonly titleDeed: TitleDeedType | '';
  readonly creditEligible: YesNo;
  readonly swap: YesNo;
  readonly dues: string;
  readonly deposit: string;
  /** The province's plate code ('34'), as the select holds it. */
  readonly il: string;
  readonly ilce: string;
  readonly mahalle: string;
  readonly location: ListingLocationValue | null;
  readonly eidsNumber: string;
  /** 'YYYY-MM-DD', as a date input gives it. */
  readonly eidsValidUntil: string;
}

export const EMPTY_LISTING_FORM: ListingFormValues = {
  purpose: 'sale',
  propertyType: '',
  rooms: '',
  grossM2: '',
  netM2: '',
  floor: '',
  buildingFloors: '',
  buildingAge: '',
  heating: '',
  bathrooms: '',
  furnished: '',
  inSite: '',
  balcony: '',
  lift: '',
  parking: '',
  titleDeed: '',
  creditEligible: '',
  swap: '',
  dues: '',
  deposit: '',
  il: '',
  ilce: '',
  mahalle: '',
  location: null,
  eidsNumber: '',
  eidsValidUntil: '',
};

/** Land (Arsa, Tarla) has no rooms, floors, age, heating or bathrooms: the form hides them. */
export function isLand(values: Pick<ListingFormValues, 'propertyType'>): boolean {
  return values.propertyType !== '' && LAND_TYPES.includes(values.propertyType);
}

/** A deposit belongs to a rent, monthly or daily. */
export function depositShown(values: Pick<ListingFormValues, 'purpose'>): boolean {
  return values.purpose !== 'sale';
}

export interface Choice {
  readonly value: string;
  readonly label: string;
}

/** The floor select: the named floors, then the numbers (0 is 'Zemin Kat'); a stored floor outside them stays. */
export function floorChoices(current: string): {
  readonly named: readonly Choice[];
  readonly numbered: readonly Choice[];
} {
  const numbers: string[] = [];
  for (let floor = FLOOR_MIN; floor <= FLOOR_MAX; floor += 1) if (floor !== 0) numbers.push(String(floor));
  const named: readonly string[] = NAMED_FLOORS;
  if (current !== '' && !named.includes(current) && !numbers.includes(current)) numbers.push(current);
  return {
    named: NAMED_FLOORS.map((value) => ({ value, label: NAMED_FLOOR_LABELS[value] })),
    numbered: numbers.map((value) => ({ value, label: floorLabel(value) })),
  };
}

/** The province's plate code for a stored name ('İstanbul' → '34'); '' when it is none of the 81. */
export function provinceIdOf(name: string): string {
  return PROVINCES.find((province) => province.name === name)?.id ?? '';
}

export function provinceNameOf(id: string): string {
  return PROVINCES.find((province) => province.id === id)?.name ?? '';
}

export { districtsOf, PROVINCES };

const WHOLE = new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 0 });

/** A whole number shown the Turkish way once it reads ('1250' → '1.250'); as typed otherwise, for the rule's message. */
export function shownWhole(typed: string): string {
  const parsed = parseWholeNumber(typed, { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });
  return parsed.ok && parsed.value !== null ? WHOLE.format(parsed.value) : typed;
}

function whole(value: number | null): string {
  return value === null ? '' : WHOLE.format(value);
}

function amount(value: number | null): string {
  return value === null ? '' : formatProductMoney(value);
}

function yesNo(value: boolean | null): YesNo {
  return value === null ? '' : value ? 'true' : 'false';
}

/** Edit mode: the stored listing in the form. */
export function listingFormFrom(listing: ListingData): ListingFormValues {
  return {
    purpose: listing.purpose,
    propertyType: listing.propertyType,
    rooms: listing.rooms ?? '',
    grossM2: whole(listing.grossM2),
    netM2: whole(listing.netM2),
    floor: listing.floor ?? '',
    buildingFloors: whole(listing.buildingFloors),
    buildingAge: whole(listing.buildingAge),
    heating: listing.heating ?? '',
    bathrooms: whole(listing.bathrooms),
    furnished: yesNo(listing.furnished),
    inSite: yesNo(listing.inSite),
    balcony: yesNo(listing.balcony),
    lift: yesNo(listing.lift),
    parking: listing.parking ?? '',
    titleDeed: listing.titleDeed ?? '',
    creditEligible: yesNo(listing.creditEligible),
    swap: yesNo(listing.swap),
    dues: amount(listing.dues),
    deposit: amount(listing.deposit),
    il: provinceIdOf(listing.il),
    ilce: listing.ilce,
    mahalle: listing.mahalle,
    location: listing.location ? { lat: listing.location.lat, lng: listing.location.lng } : null,
    eidsNumber: listing.eids?.number ?? '',
    eidsValidUntil: listing.eids?.validUntil ?? '',
  };
}

/** The `listing` object as POST/PUT /api/products take it: blanks as null, numbers as typed ('1.250'). */
export interface ListingRequestBody {
  readonly purpose: ListingPurpose;
  readonly propertyType: PropertyType | null;
  readonly rooms: string | null;
  readonly grossM2: string | null;
  readonly netM2: string | null;
  readonly floor: string | null;
  readonly buildingFloors: string | null;
  readonly buildingAge: string | null;
  readonly heating: HeatingType | null;
  readonly bathrooms: string | null;
  readonly furnished: boolean | null;
  readonly inSite: boolean | null;
  readonly balcony: boolean | null;
  readonly parking: ParkingType | null;
  readonly lift: boolean | null;
  readonly titleDeed: TitleDeedType | null;
  readonly creditEligible: boolean | null;
  readonly swap: boolean | null;
  readonly dues: string | null;
  readonly deposit: string | null;
  readonly il: string | null;
  readonly ilce: string | null;
  readonly mahalle: string;
  readonly location: ListingLocationValue | null;
  readonly eids: { readonly number: string; readonly validUntil: string };
}

function typed(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

function flag(value: YesNo): boolean | null {
  return value === '' ? null : value === 'true';
}

/** Fields the form hides (a land's building, a sale's deposit) are sent blank, whatever they held before. */
export function listingBody(values: ListingFormValues): ListingRequestBody {
  const building = !isLand(values);
  const onBuilding = (value: string) => (building ? typed(value) : null);
  return {
    purpose: values.purpose,
    propertyType: values.propertyType === '' ? null : values.propertyType,
    rooms: onBuilding(values.rooms),
    grossM2: typed(values.grossM2),
    netM2: typed(values.netM2),
    floor: onBuilding(values.floor),
    buildingFloors: onBuilding(values.buildingFloors),
    buildingAge: onBuilding(values.buildingAge),
    heating: building && values.heating !== '' ? values.heating : null,
    bathrooms: onBuilding(values.bathrooms),
    furnished: flag(values.furnished),
    inSite: flag(values.inSite),
    balcony: flag(values.balcony),
    parking: values.parking === '' ? null : values.parking,
    lift: flag(values.lift),
    titleDeed: values.titleDeed === '' ? null : values.titleDeed,
    creditEligible: flag(values.creditEligible),
    swap: flag(values.swap),
    dues: typed(values.dues),
    deposit: depositShown(values) ? typed(values.deposit) : null,
    il: typed(provinceNameOf(values.il)),
    ilce: typed(values.ilce),
    mahalle: values.mahalle.trim(),
    location: values.location,
    eids: { number: values.eidsNumber.trim(), validUntil: values.eidsValidUntil.trim() },
  };
}

/** A listing in one line, as the owner's lists show it: 'Satılık · 3+1 · 125 m²' (brüt, else net). */
export function listingSummary(listing: ListingData): string {
  const area = listing.grossM2 ?? listing.netM2;
  return [LISTING_PURPOSE_LABELS[listing.purpose], listing.rooms, area === null ? null : `${WHOLE.format(area)} m²`]
    .filter((part): part is string => part !== null && part !== '')
    .join(' · ');
}
