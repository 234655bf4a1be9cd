import { finiteNumber, getJson, isRecord } from './http-json.ts';
import { GeocoderUnavailableError, type AddressLookup, type Geocoder, type Place } from './types.ts';

export interface GoogleGeocoderOptions {
  readonly apiKey: string;
  /** Origin of the Geocoding API; a loopback fake in tests. */
  readonly baseUrl: string;
  readonly timeoutMs: number;
  readonly userAgent: string;
}

/** The maps service: Google Geocoding API, JSON protocol. */
export class GoogleGeocoder implements Geocoder {
  readonly name = 'google' as const;

  constructor(private readonly options: GoogleGeocoderOptions) {}

  async geocode(lookup: AddressLookup): Promise<readonly Place[]> {
    const url = new URL('/maps/api/geocode/json', `${this.options.baseUrl}/`);
    url.searchParams.set('address', lookup.text);
    url.searchParams.set('key', this.options.apiKey);
    url.searchParams.set('language', 'tr');
    url.searchParams.set('region', 'tr');
    const body = await getJson(this.name, url, this.options);
    return parseGoogleAnswer(body);
  }
}

/** Reads status, results[].geometry.location, formatted_address and geometry.location_type. */
export function parseGoogleAnswer(body: unknown): readonly Place[] {
  if (!isRecord(body) || typeof body.status !== 'string')
    throw new GeocoderUnavailableError('google', 'malformed answer');
  if (body.status === 'ZERO_RESULTS') return [];
  // OVER_QUERY_LIMIT, REQUEST_DENIED, INVALID_REQUEST, UNKNOWN_ERROR: ask the next provider.
  if (body.status !== 'OK') throw new GeocoderUnavailableError('google', `status ${body.status.slice(0, 40)}`);
  if (!Array.isArray(body.results)) throw new GeocoderUnavailableError('google', 'malformed answer');
  const places: Place[] = [];
  for (const result of body.results) {
    if (!isRecord(result) || !isRecord(result.geometry) || !isRecord(result.geometry.location)) continue;
    const lat = finiteNumber(result.geometry.location.lat);
    const lng = finiteNumber(result.geometry.location.lng);
    if (lat === null || lng === null) continue;
    places.push({
      lat,
      lng,
      formattedAddress: typeof result.formatted_address === 'string' ? result.formatted_address : '',
      approximate: result.geometry.location_type === 'APPROXIMATE',
    });
  }
  if (places.length === 0) throw new GeocoderUnavailableError('google', 'malformed answer');
  return places;
}
