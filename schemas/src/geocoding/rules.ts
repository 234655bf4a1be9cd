import { DEFAULT_COUNTRY } from '../constants.ts';
import { GEOCODING_MESSAGES } from './messages.ts';

/**
 * Address-lookup rules the profile screen and the server share (SPEC §5, §9). Pure functions;
 * the screen imports this file by sub-path, so it must not pull in TypeBox.
 */

export const MIN_CITY_LENGTH = 2;
/** The profile screen waits this long after the last address edit before looking it up. */
export const GEOCODE_DELAY_MS = 1000;

export interface AddressParts {
  readonly street?: string;
  readonly city?: string;
  readonly state?: string;
  readonly zipCode?: string;
  readonly country?: string;
}

const PART_ORDER = ['street', 'city', 'state', 'zipCode', 'country'] as const;

function clean(value: string | undefined): string {
  return (value ?? '').replace(/\s+/gu, ' ').trim();
}

/** Street, city, state, zip code, country, skipping empties, joined with commas (SPEC §5). */
export function joinAddress(address: AddressParts): string {
  return PART_ORDER.map((part) => clean(address[part]))
    .filter((part) => part.length > 0)
    .join(', ');
}

/** The first reason the address cannot be looked up, or null. */
export function geocodeAddressProblem(address: AddressParts): string | null {
  if (clean(address.city).length < MIN_CITY_LENGTH) return GEOCODING_MESSAGES.geocodeCityRequired;
  return null;
}

const TURKEY_NAMES = new Set(['türkiye', 'turkiye', 'turkey', 'tr', 'türkiye cumhuriyeti', 'republic of türkiye']);

/** An empty country means the profile's default, Türkiye (SPEC §3). */
export function isTurkey(country: string | undefined): boolean {
  const value = clean(country);
  if (value.length === 0 || value === DEFAULT_COUNTRY) return true;
  // 'TURKIYE' lower-cases to 'turkıye' in Turkish and 'TÜRKİYE' to 'türki̇ye' without it: try both.
  return TURKEY_NAMES.has(value.toLowerCase()) || TURKEY_NAMES.has(value.toLocaleLowerCase('tr-TR'));
}

export interface LatLng {
  readonly lat: number;
  readonly lng: number;
}

export function latitudeProblem(lat: number): string | null {
  return Number.isFinite(lat) && lat >= -90 && lat <= 90 ? null : GEOCODING_MESSAGES.latitudeOutOfRange;
}

export function longitudeProblem(lng: number): string | null {
  return Number.isFinite(lng) && lng >= -180 && lng <= 180 ? null : GEOCODING_MESSAGES.longitudeOutOfRange;
}

export function isValidCoordinates(value: LatLng): boolean {
  return latitudeProblem(value.lat) === null && longitudeProblem(value.lng) === null;
}
