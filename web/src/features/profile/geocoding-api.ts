import type { GeocodeQuery, GeocodeResponse, PublicConfigResponse } from '@kartvizit/schemas/geocoding/http';
import { api } from '../../app/api.ts';

const PARTS = ['street', 'city', 'state', 'zipCode', 'country'] as const;

/** Only the parts that say something, trimmed: fewer distinct cache entries, shorter URLs. */
export function geocodeParams(address: GeocodeQuery): Record<string, string> {
  const params: Record<string, string> = {};
  for (const part of PARTS) {
    const value = address[part]?.trim();
    if (value) params[part] = value;
  }
  return params;
}

/**
 * Address lookup for the profile screen (GET /api/geocode, owner only) and the map settings the
 * location picker needs (GET /api/config/public). Answers are cached on the server too.
 */
export const geocodingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getGeocode: build.query<GeocodeResponse, GeocodeQuery>({
      query: (address) => ({ url: '/geocode', params: geocodeParams(address) }),
      keepUnusedDataFor: 600,
    }),
    getPublicConfig: build.query<PublicConfigResponse, void>({
      query: () => '/config/public',
      extraOptions: { anonymous: true },
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useGetGeocodeQuery, useLazyGetGeocodeQuery, useGetPublicConfigQuery } = geocodingApi;
