import { Refusal, refuse } from '../common/refusal.ts';
import { latitudeProblem, longitudeProblem } from '../geocoding/rules.ts';
import { districtsOf, PROVINCES } from '../places/turkey.ts';
import { foldTurkish } from '../text.ts';
import {
  AREA_M2_MAX,
  BATHROOMS_MAX,
  BUILDING_AGE_MAX,
  BUILDING_FLOORS_MAX,
  EIDS_NUMBER_PATTERN,
  FLOOR_MAX,
  FLOOR_MIN,
  HEATING_TYPES,
  LAND_TYPES,
  LISTING_PURPOSES,
  MAHALLE_MAX_LENGTH,
  NAMED_FLOORS,
  PARKING_TYPES,
  PROPERTY_TYPES,
  ROOMS_PATTERN,
  TITLE_DEED_TYPES,
  YETKI_BELGESI_PATTERN,
  type ListingData,
  type ListingEids,
  type ListingLocation,
} from './listing.ts';
import { LISTING_MESSAGES } from './listing-messages.ts';
import { parseProductMoney } from './money.ts';

/**
 * The listing form's rules (issue 33), shared by the screen and the server: `listing` of a catalogue item of kind
 * 'listing', checked in the order a buyer reads it and normalised. Pure; the authorisation's date against today is the
 * decider's (it needs the clock), see listing-authorisation.ts.
 */

export type ListingResult =
  | { readonly ok: true; readonly value: ListingData }
  | { readonly ok: false; readonly message: string; readonly field: string };

type Input = Readonly<Record<string, unknown>>;

function isPlainObject(value: unknown): value is Input {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function blank(raw: unknown): boolean {
  return raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '');
}

function text(raw: unknown, field: string): string {
  if (blank(raw)) return '';
  if (typeof raw !== 'string') refuse(LISTING_MESSAGES.listingTextInvalid, field);
  return raw.normalize('NFC').trim();
}

function choice<T extends string>(raw: unknown, field: string, choices: readonly T[], message: string): T | null {
  if (blank(raw)) return null;
  const value = typeof raw === 'string' ? raw.trim() : raw;
  const found = choices.find((item) => item === value);
  if (found === undefined) refuse(message, field);
  return found;
}

function flag(raw: unknown, field: string): boolean | null {
  if (blank(raw)) return null;
  if (raw === true || raw === 'true') return true;
  if (raw === false || raw === 'false') return false;
  return refuse(LISTING_MESSAGES.listingFlagInvalid, field);
}

/**
 * A whole number as a person writes it: 125, '125', '1.250' or '1 250' (Turkish thousands groups), '-1' where
 * negatives are allowed. Null when blank; `message` when it is none of these or outside [min, max].
 */
export function parseWholeNumber(
  raw: unknown,
  bounds: { readonly min: number; readonly max: number },
): { readonly ok: true; readonly value: number | null } | { readonly ok: false } {
  if (blank(raw)) return { ok: true, value: null };
  let value: number;
  if (typeof raw === 'number') value = raw;
  else if (typeof raw === 'string') {
    const written = raw.trim();
    if (!/^-?(?:\d{1,3}(?:[. \u00a0\u202f]\d{3})+|\d+)$/.test(written)) return { ok: false };
    value = Number(written.replace(/[. \u00a0\u202f]/g, ''));
  } else return { ok: false };
  if (!Number.isInteger(value) || value < bounds.min || value > bounds.max) return { ok: false };
  return { ok: true, value };
}

function whole(raw: unknown, field: string, min: number, max: number, message: string): number | null {
  const parsed = parseWholeNumber(raw, { min, max });
  if (!parsed.ok) refuse(message, field);
  return parsed.value;
}

function money(raw: unknown, field: string, message: string): number | null {
  const parsed = parseProductMoney(raw);
  if (!parsed.ok) refuse(message, field);
  return parsed.value;
}

function floor(raw: unknown): string | null {
  if (blank(raw)) return null;
  const named = NAMED_FLOORS.find((name) => name === raw);
  if (named) return named;
  const parsed = parseWholeNumber(raw, { min: FLOOR_MIN, max: FLOOR_MAX });
  if (!parsed.ok) refuse(LISTING_MESSAGES.listingFloorInvalid, 'listing.floor');
  return parsed.value === null ? null : String(parsed.value);
}

/** A place's name as compared: any case, Turkish letters or their plain forms ('KADIKÖY', 'kadikoy'). */
function placeKey(name: string): string {
  return foldTurkish(name.toLocaleLowerCase('tr-TR'));
}

/** The province by its plate code ('34') or its name in any case or spelling ('istanbul', 'İSTANBUL'). */
function province(raw: unknown): string {
  const written = text(raw, 'listing.il');
  if (written === '') refuse(LISTING_MESSAGES.listingIlRequired, 'listing.il');
  const folded = placeKey(written);
  const found = PROVINCES.find((item) => item.id === written || placeKey(item.name) === folded);
  if (!found) refuse(LISTING_MESSAGES.listingIlInvalid, 'listing.il');
  return found.name;
}

function district(raw: unknown, provinceName: string): string {
  const written = text(raw, 'listing.ilce');
  if (written === '') refuse(LISTING_MESSAGES.listingIlceRequired, 'listing.ilce');
  const id = PROVINCES.find((item) => item.name === provinceName)?.id ?? '';
  const folded = placeKey(written);
  const found = districtsOf(id).find((name) => placeKey(name) === folded);
  if (!found) refuse(LISTING_MESSAGES.listingIlceInvalid, 'listing.ilce');
  return found;
}

function coordinate(raw: unknown, field: string): number | null {
  if (blank(raw)) return null;
  const value = typeof raw === 'string' ? raw.trim().replace(',', '.') : raw;
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^[+-]?\d{1,3}(\.\d{1,15})?$/.test(value) ? Number(value) : NaN;
  if (!Number.isFinite(number)) refuse(LISTING_MESSAGES.listingCoordinateInvalid, field);
  return number;
}

function location(raw: unknown): ListingLocation | null {
  if (blank(raw)) return null;
  if (!isPlainObject(raw)) refuse(LISTING_MESSAGES.listingLocationInvalid, 'listing.location');
  const lat = coordinate(raw.lat, 'listing.location.lat');
  const lng = coordinate(raw.lng, 'listing.location.lng');
  if (lat === null && lng === null) return null;
  if (lat === null) refuse(LISTING_MESSAGES.listingLocationIncomplete, 'listing.location.lat');
  if (lng === null) refuse(LISTING_MESSAGES.listingLocationIncomplete, 'listing.location.lng');
  const latIssue = latitudeProblem(lat);
  if (latIssue) refuse(latIssue, 'listing.location.lat');
  const lngIssue = longitudeProblem(lng);
  if (lngIssue) refuse(lngIssue, 'listing.location.lng');
  return { lat, lng };
}

/** A calendar date as 'YYYY-MM-DD' from '2027-03-31' or the Turkish '31.03.2027'; null when it is no real date. */
export function parseCalendarDate(written: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(written);
  const turkish = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(written);
  const [year, month, day] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : turkish
      ? [Number(turkish[3]), Number(turkish[2]), Number(turkish[1])]
      : [NaN, NaN, NaN];
  if (!Number.isInteger(year) || year < 2000 || year > 2100) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** The EİDS authorisation: every listing needs one (the law asks it of every sale or rent advertisement). */
function eids(raw: unknown): ListingEids {
  if (blank(raw)) refuse(LISTING_MESSAGES.listingEidsNumberRequired, 'listing.eids.number');
  if (!isPlainObject(raw)) refuse(LISTING_MESSAGES.listingEidsInvalid, 'listing.eids');
  const number = text(raw.number, 'listing.eids.number');
  const writtenDate = text(raw.validUntil, 'listing.eids.validUntil');
  if (number === '') refuse(LISTING_MESSAGES.listingEidsNumberRequired, 'listing.eids.number');
  if (!EIDS_NUMBER_PATTERN.test(number)) refuse(LISTING_MESSAGES.listingEidsNumberInvalid, 'listing.eids.number');
  if (writtenDate === '') refuse(LISTING_MESSAGES.listingEidsDateRequired, 'listing.eids.validUntil');
  const validUntil = parseCalendarDate(writtenDate);
  if (!validUntil) refuse(LISTING_MESSAGES.listingEidsDateInvalid, 'listing.eids.validUntil');
  return { number: number.toUpperCase(), validUntil };
}

const LISTING_FIELDS = [
  'purpose',
  'propertyType',
  'rooms',
  'grossM2',
  'netM2',
  'floor',
  'buildingFloors',
  'buildingAge',
  'heating',
  'bathrooms',
  'furnished',
  'inSite',
  'balcony',
  'parking',
  'lift',
  'titleDeed',
  'creditEligible',
  'swap',
  'dues',
  'deposit',
  'il',
  'ilce',
  'mahalle',
  'location',
  'eids',
] as const;

/** The `listing` object of the form, checked and normalised; the first problem in the form's order. */
export function validateListingInput(raw: unknown): ListingResult {
  try {
    if (blank(raw)) refuse(LISTING_MESSAGES.listingRequired, 'listing');
    if (!isPlainObject(raw)) refuse(LISTING_MESSAGES.listingInvalid, 'listing');
    const unknown = Object.keys(raw).find((key) => !(LISTING_FIELDS as readonly string[]).includes(key));
    if (unknown !== undefined) refuse(LISTING_MESSAGES.listingFieldUnknown, `listing.${unknown}`);
    const purpose = choice(raw.purpose, 'listing.purpose', LISTING_PURPOSES, LISTING_MESSAGES.listingPurposeInvalid);
    if (!purpose) refuse(LISTING_MESSAGES.listingPurposeRequired, 'listing.purpose');
    const propertyType = choice(
      raw.propertyType,
      'listing.propertyType',
      PROPERTY_TYPES,
      LISTING_MESSAGES.listingPropertyTypeInvalid,
    );
    if (!propertyType) refuse(LISTING_MESSAGES.listingPropertyTypeRequired, 'listing.propertyType');
    const rooms = blank(raw.rooms) ? null : text(raw.rooms, 'listing.rooms').replace(/\s+/g, '').replace(',', '.');
    if (rooms !== null && !ROOMS_PATTERN.test(rooms)) refuse(LISTING_MESSAGES.listingRoomsInvalid, 'listing.rooms');
    const grossM2 = whole(raw.grossM2, 'listing.grossM2', 1, AREA_M2_MAX, LISTING_MESSAGES.listingAreaInvalid);
    const netM2 = whole(raw.netM2, 'listing.netM2', 1, AREA_M2_MAX, LISTING_MESSAGES.listingAreaInvalid);
    if (grossM2 !== null && netM2 !== null && netM2 > grossM2) refuse(LISTING_MESSAGES.listingNetAboveGross, 'listing.netM2');
    const floorValue = floor(raw.floor);
    const buildingFloors = whole(
      raw.buildingFloors,
      'listing.buildingFloors',
      1,
      BUILDING_FLOORS_MAX,
      LISTING_MESSAGES.listingBuildingFloorsInvalid,
    );
    if (floorValue !== null && buildingFloors !== null && /^\d+$/.test(floorValue) && Number(floorValue) > buildingFloors) {
      refuse(LISTING_MESSAGES.listingFloorAboveBuilding, 'listing.floor');
    }
    const buildingAge = whole(raw.buildingAge, 'listing.buildingAge', 0, BUILDING_AGE_MAX, LISTING_MESSAGES.listingBuildingAgeInvalid);
    const heating = choice(raw.heating, 'listing.heating', HEATING_TYPES, LISTING_MESSAGES.listingHeatingInvalid);
    const bathrooms = whole(raw.bathrooms, 'listing.bathrooms', 0, BATHROOMS_MAX, LISTING_MESSAGES.listingBathroomsInvalid);
    if (LAND_TYPES.includes(propertyType)) {
      const building = ['rooms', 'floor', 'buildingFloors', 'buildingAge', 'heating', 'bathrooms'] as const;
      const given = [rooms, floorValue, buildingFloors, buildingAge, heating, bathrooms].findIndex((value) => value !== null);
      if (given >= 0) refuse(LISTING_MESSAGES.listingLandHasNoBuilding, `listing.${building[given]}`);
    }
    const furnished = flag(raw.furnished, 'listing.furnished');
    const inSite = flag(raw.inSite, 'listing.inSite');
    const balcony = flag(raw.balcony, 'listing.balcony');
    const parking = choice(raw.parking, 'listing.parking', PARKING_TYPES, LISTING_MESSAGES.listingParkingInvalid);
    const lift = flag(raw.lift, 'listing.lift');
    const titleDeed = choice(raw.titleDeed, 'listing.titleDeed', TITLE_DEED_TYPES, LISTING_MESSAGES.listingTitleDeedInvalid);
    const creditEligible = flag(raw.creditEligible, 'listing.creditEligible');
    const swap = flag(raw.swap, 'listing.swap');
    const dues = money(raw.dues, 'listing.dues', LISTING_MESSAGES.listingDuesInvalid);
    const deposit = money(raw.deposit, 'listing.deposit', LISTING_MESSAGES.listingDepositInvalid);
    if (deposit !== null && purpose === 'sale') refuse(LISTING_MESSAGES.listingDepositOnlyForRent, 'listing.deposit');
    const il = province(raw.il);
    const ilce = district(raw.ilce, il);
    const mahalle = text(raw.mahalle, 'listing.mahalle');
    if ([...mahalle].length > MAHALLE_MAX_LENGTH) refuse(LISTING_MESSAGES.listingMahalleTooLong, 'listing.mahalle');
    return {
      ok: true,
      value: {
        purpose,
        propertyType,
        rooms,
        grossM2,
        netM2,
        floor: floorValue,
        buildingFloors,
        buildingAge,
        heating,
        bathrooms,
        furnished,
        inSite,
        balcony,
        parking,
        lift,
        titleDeed,
        creditEligible,
        swap,
        dues,
        deposit,
        il,
        ilce,
        mahalle,
        location: location(raw.location),
        eids: eids(raw.eids),
      },
    };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, message: error.message, field: error.field };
    throw error;
  }
}

/** The profile's `yetkiBelgesiNo`: '' when blank, the digits when well-formed, null when refused. */
export function parseYetkiBelgesiNo(raw: unknown): { readonly ok: true; readonly value: string } | { readonly ok: false; readonly message: string } {
  if (blank(raw)) return { ok: true, value: '' };
  if (typeof raw !== 'string' && typeof raw !== 'number') return { ok: false, message: LISTING_MESSAGES.yetkiBelgesiInvalid };
  const digits = String(raw).replace(/[\s-]/g, '');
  if (!YETKI_BELGESI_PATTERN.test(digits)) return { ok: false, message: LISTING_MESSAGES.yetkiBelgesiInvalid };
  return { ok: true, value: digits };
}
