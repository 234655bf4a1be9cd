import type { GeocodeResponse } from '@kartvizit/schemas/geocoding/http';
import { GEOCODE_FAILURE_HINTS, GEOCODING_MESSAGES } from '@kartvizit/schemas/geocoding/messages';
import type { GeocodeCandidate, GeocodeOutcome } from './form-state.ts';

/** Reads the address lookup's answer (SPEC §4) into what the profile form does with it. */
export function geocodeOutcome(response: GeocodeResponse): GeocodeOutcome {
  const failed: GeocodeOutcome = {
    status: 'failed',
    message: response.error?.trim() || GEOCODING_MESSAGES.geocodeNotFound,
    hints: response.hints.length > 0 ? response.hints : GEOCODE_FAILURE_HINTS,
  };
  switch (response.status) {
    case 'success':
      if (!response.coordinates) return failed;
      return {
        status: 'success',
        coordinates: { lat: response.coordinates.lat, lng: response.coordinates.lng },
        formattedAddress: response.formatted_address,
      };
    case 'uncertain': {
      const candidates: GeocodeCandidate[] = response.suggestions.map((suggestion) => ({
        label: suggestion.formatted_address,
        coordinates: { lat: suggestion.lat, lng: suggestion.lng },
      }));
      // Only an approximate place and nothing to choose from: offer the best guess itself.
      if (candidates.length === 0 && response.coordinates) {
        candidates.push({
          label: response.formatted_address ?? `${response.coordinates.lat}, ${response.coordinates.lng}`,
          coordinates: { lat: response.coordinates.lat, lng: response.coordinates.lng },
        });
      }
      return candidates.length > 0 ? { status: 'uncertain', candidates } : failed;
    }
    case 'failed':
      return failed;
    default: {
      const unknown: never = response.status;
      return unknown;
    }
  }
}

/** A request that got no usable answer (network, server error) reads like "nothing found". */
export const GEOCODE_UNREACHABLE: GeocodeOutcome = {
  status: 'failed',
  message: GEOCODING_MESSAGES.geocodeNotFound,
  hints: GEOCODE_FAILURE_HINTS,
};
