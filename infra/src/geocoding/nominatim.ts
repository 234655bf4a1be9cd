import { finiteNumber, getJson, isRecord } from './http-json.ts';
import type { RequestThrottle } from './throttle.ts';
import { GeocoderUnavailableError, type AddressLookup, type Geocoder, type Place } from './types.ts';

export interface NominatimGeocoderOptions {
  readonly baseUrl: string;
  readonly timeoutMs: number;
  readonly userAgent: string;
  /** Spacing between requests, shared by every process through the throttle. */
  readonly intervalMs: number;
  readonly throttle: RequestThrottle;
}

/**
 * Below this importance a hit is only a rough guess (a district or a city for a street
 * address), unless it is itself a street or a building (place_rank 26+), whose importance is
 * naturally low.
 */
export const LOW_IMPORTANCE = 0.25;
const STREET_RANK = 26;
export const NOMINATIM_LIMIT = 5;

/** The open street-map geocoder (Nominatim search API, jsonv2). */
export class NominatimGeocoder implements Geocoder {
  readonly name = 'nominatim' as const;

  constructor(private readonly options: NominatimGeocoderOptions) {}

  async geocode(lookup: AddressLookup): Promise<readonly Place[]> {
    const url = new URL('search', `${this.options.baseUrl}/`);
    url.searchParams.set('format', 'jsonv2');
    url.searchParams.set('q', lookup.text);
    url.searchParams.set('limit', String(NOMINATIM_LIMIT));
    url.searchParams.set('accept-language', 'tr');
    if (lookup.turkey) url.searchParams.set('countrycodes', 'tr');
    const turn = await this.options.throttle.acquire(this.name, this.options.intervalMs);
    if (!turn) throw new GeocoderUnavailableError(this.name, 'too many lookups queued');
    const body = await getJson(this.name, url, this.options);
    return parseNominatimAnswer(body);
  }
}

/** Reads lat, lon, display_name, importance (and place_rank) of each hit. */
export function parseNominatimAnswer(body: unknown): readonly Place[] {
  if (!Array.isArray(body)) throw new GeocoderUnavailableError('nominatim', 'malformed answer');
  const places: Place[] = [];
  for (const hit of body) {
    if (!isRecord(hit)) continue;
    const lat = finiteNumber(hit.lat);
    const lng = finiteNumber(hit.lon);
    if (lat === null || lng === null) continue;
    const importance = finiteNumber(hit.importance);
    const rank = finiteNumber(hit.place_rank) ?? 0;
    places.push({
      lat,
      lng,
      formattedAddress: typeof hit.display_name === 'string' ? hit.display_name : '',
      approximate: importance !== null && importance < LOW_IMPORTANCE && rank < STREET_RANK,
    });
  }
  if (places.length === 0 && body.length > 0) throw new GeocoderUnavailableError('nominatim', 'malformed answer');
  return places;
}
