import { useCallback, useState } from 'react';
import { MESSAGES } from '@kartvizit/schemas/messages';
import type { LatLng } from '@kartvizit/schemas/geocoding/rules';
import { GEOLOCATION_OPTIONS } from './constants.ts';
import { roundLocation } from './coordinates.ts';

export type GeolocationOutcome =
  | { readonly ok: true; readonly location: LatLng; readonly message: string }
  | { readonly ok: false; readonly reason: 'unsupported' | 'unavailable'; readonly message: string };

/**
 * The browser's position once (SPEC §7, §8). Never rejects: the outcome carries the Turkish
 * message to show, as a toast on the profile screen or inline in the picker.
 */
export function getCurrentLocation(
  geolocation: Geolocation | null = browserGeolocation(),
): Promise<GeolocationOutcome> {
  if (!geolocation) {
    return Promise.resolve({ ok: false, reason: 'unsupported', message: MESSAGES.geolocationUnsupported });
  }
  return new Promise((resolve) => {
    geolocation.getCurrentPosition(
      (position) =>
        resolve({
          ok: true,
          location: roundLocation({ lat: position.coords.latitude, lng: position.coords.longitude }),
          message: MESSAGES.geolocationUsed,
        }),
      // Denied, unavailable or timed out: the SPEC has one message for all three.
      () => resolve({ ok: false, reason: 'unavailable', message: MESSAGES.geolocationDenied }),
      GEOLOCATION_OPTIONS,
    );
  });
}

function browserGeolocation(): Geolocation | null {
  return typeof navigator !== 'undefined' && 'geolocation' in navigator ? navigator.geolocation : null;
}

export interface UseGeolocation {
  readonly locate: () => Promise<GeolocationOutcome>;
  /** A request is on its way (the button shows it and is disabled). */
  readonly locating: boolean;
}

export function useGeolocation(): UseGeolocation {
  const [locating, setLocating] = useState(false);
  const locate = useCallback(async () => {
    setLocating(true);
    try {
      return await getCurrentLocation();
    } finally {
      setLocating(false);
    }
  }, []);
  return { locate, locating };
}
