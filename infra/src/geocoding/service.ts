import {
  GEOCODE_FAILURE_HINTS,
  GEOCODING_MESSAGES,
  joinAddress,
  isTurkey,
  type AddressParts,
} from '@kartvizit/schemas';
import { HIT_TTL_MS, MISS_TTL_MS, type CachedAnswer, type GeocodeCache } from './cache.ts';
import { classify, toCandidate } from './places.ts';
import {
  GeocoderUnavailableError,
  type Geocoder,
  type GeocodeOutcome,
  type Place,
  type ProviderName,
} from './types.ts';

export interface GeocodingServiceOptions {
  /** Asked in this order; the first that finds something answers (SPEC §7: maps service first). */
  readonly geocoders: readonly Geocoder[];
  readonly cache: GeocodeCache;
  /** Cache key of an address text (see cacheKeyer). */
  readonly keyOf: (text: string, turkey: boolean) => string;
}

interface Found {
  readonly answer: CachedAnswer;
  readonly provider: ProviderName;
  /** False when a provider could not be asked: the miss may not be true, so it is not remembered. */
  readonly cacheable: boolean;
  readonly problems: readonly GeocoderUnavailableError[];
}

/**
 * Address → coordinates with a cache in front of the providers. Never throws for a provider's
 * sake: time-outs and errors move on to the next provider and end, at worst, in 'failed'.
 */
export class GeocodingService {
  /** Concurrent lookups of one address in this process share one provider call. */
  private readonly inFlight = new Map<string, Promise<Found>>();

  constructor(private readonly options: GeocodingServiceOptions) {}

  /** The caller has checked geocodeAddressProblem (city present). */
  async geocode(address: AddressParts): Promise<GeocodeOutcome> {
    const text = joinAddress(address);
    const turkey = isTurkey(address.country);
    const key = this.options.keyOf(text, turkey);
    const cached = await this.options.cache.get(key);
    if (cached) return { response: { ...cached, source: 'cache' }, problems: [] };

    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.lookUp(key, text, turkey).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    const found = await pending;
    return { response: { ...found.answer, source: found.provider }, problems: found.problems };
  }

  private async lookUp(key: string, text: string, turkey: boolean): Promise<Found> {
    const found = await this.askProviders(text, turkey);
    if (found.cacheable) {
      const ttl = found.answer.status === 'failed' ? MISS_TTL_MS : HIT_TTL_MS;
      await this.options.cache.put(key, found.answer, found.provider, ttl);
    }
    return found;
  }

  private async askProviders(text: string, turkey: boolean): Promise<Found> {
    const problems: GeocoderUnavailableError[] = [];
    let last: ProviderName = 'nominatim';
    for (const geocoder of this.options.geocoders) {
      last = geocoder.name;
      let places: readonly Place[];
      try {
        places = await geocoder.geocode({ text, turkey });
      } catch (error) {
        problems.push(
          error instanceof GeocoderUnavailableError
            ? error
            : new GeocoderUnavailableError(geocoder.name, 'unexpected error'),
        );
        continue;
      }
      if (places.length === 0) continue;
      const best = places[0];
      if (!best) continue;
      const { status, candidates } = classify(places);
      const top = toCandidate(best);
      const answer: CachedAnswer = {
        success: true,
        status,
        coordinates: { lat: top.lat, lng: top.lng },
        formatted_address: top.formatted_address || text,
        suggestions: candidates,
        hints: [],
      };
      return { answer, provider: geocoder.name, cacheable: true, problems };
    }
    return { answer: failed(), provider: last, cacheable: problems.length === 0, problems };
  }
}

function failed(): CachedAnswer {
  return {
    success: false,
    status: 'failed',
    coordinates: null,
    formatted_address: null,
    error: GEOCODING_MESSAGES.geocodeNotFound,
    suggestions: [],
    hints: [...GEOCODE_FAILURE_HINTS],
  };
}
