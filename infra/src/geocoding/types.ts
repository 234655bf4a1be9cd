import type { GeocodeResponse } from '@kartvizit/schemas';

/** The providers, in the order they are asked (SPEC §7: the maps service first). */
export type ProviderName = 'google' | 'nominatim';

/** What is sent to a provider: the joined address text and whether to keep to Türkiye. */
export interface AddressLookup {
  readonly text: string;
  readonly turkey: boolean;
}

export interface Place {
  readonly lat: number;
  readonly lng: number;
  readonly formattedAddress: string;
  /** The provider itself says this hit is only approximate (Google APPROXIMATE, low Nominatim importance). */
  readonly approximate: boolean;
}

/**
 * One address geocoder. Answers the places it found, best first; an empty list is a definite
 * "nothing there". Anything else (time-out, quota, HTTP error, malformed answer) is thrown as a
 * GeocoderUnavailableError, so the next provider is asked and the miss is not cached.
 */
export interface Geocoder {
  readonly name: ProviderName;
  geocode(lookup: AddressLookup): Promise<readonly Place[]>;
}

export class GeocoderUnavailableError extends Error {
  constructor(
    readonly provider: ProviderName,
    /** Our own short words (never the URL: it may carry the API key). */
    readonly reason: string,
  ) {
    super(`${provider} unavailable: ${reason}`);
    this.name = 'GeocoderUnavailableError';
  }
}

/** A lookup's answer plus what went wrong on the way, for the route to log. */
export interface GeocodeOutcome {
  readonly response: GeocodeResponse;
  readonly problems: readonly GeocoderUnavailableError[];
}
