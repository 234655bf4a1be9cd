import type { GeocodeCandidate } from '@kartvizit/schemas';
import type { Place } from './types.ts';

/** Hits closer than this to a better one are the same place (a building and its street, say). */
export const SAME_PLACE_METERS = 100;
export const MAX_SUGGESTIONS = 5;

const EARTH_RADIUS_M = 6_371_000;

export function distanceMeters(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Distinct places, best first: later hits near an earlier one are dropped. */
export function distinctPlaces(places: readonly Place[]): Place[] {
  const kept: Place[] = [];
  for (const place of places) {
    if (kept.length >= MAX_SUGGESTIONS) break;
    if (kept.every((other) => distanceMeters(other, place) >= SAME_PLACE_METERS)) kept.push(place);
  }
  return kept;
}

/** Coordinates rounded to 7 decimals (about 1 cm): providers send more digits than mean anything. */
export function roundCoordinate(value: number): number {
  return Math.round(value * 1e7) / 1e7;
}

export function toCandidate(place: Place): GeocodeCandidate {
  return {
    lat: roundCoordinate(place.lat),
    lng: roundCoordinate(place.lng),
    formatted_address: place.formattedAddress,
  };
}

/** success: one clear place; uncertain: several distinct places, or one the provider calls approximate. */
export function classify(places: readonly Place[]): {
  status: 'success' | 'uncertain';
  candidates: GeocodeCandidate[];
} {
  const distinct = distinctPlaces(places);
  const best = distinct[0];
  if (!best) throw new Error('classify needs at least one place');
  const uncertain = distinct.length > 1 || best.approximate;
  return { status: uncertain ? 'uncertain' : 'success', candidates: uncertain ? distinct.map(toCandidate) : [] };
}
