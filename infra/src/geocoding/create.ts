import type pg from 'pg';
import { cacheKeyer, PostgresGeocodeCache } from './cache.ts';
import { GoogleGeocoder } from './google.ts';
import { NominatimGeocoder } from './nominatim.ts';
import { GeocodingService } from './service.ts';
import type { GeocodingSettings } from './settings.ts';
import { PostgresRequestThrottle } from './throttle.ts';
import type { Geocoder } from './types.ts';

/** The production wiring: Google when a key is configured, then Nominatim; cache and throttle in PostgreSQL. */
export function createGeocodingService(
  pool: pg.Pool,
  appSecret: Buffer,
  settings: GeocodingSettings,
): GeocodingService {
  const http = { timeoutMs: settings.timeoutMs, userAgent: settings.userAgent };
  const geocoders: Geocoder[] = [];
  if (settings.googleApiKey) {
    geocoders.push(new GoogleGeocoder({ ...http, apiKey: settings.googleApiKey, baseUrl: settings.googleUrl }));
  }
  geocoders.push(
    new NominatimGeocoder({
      ...http,
      baseUrl: settings.nominatimUrl,
      intervalMs: settings.nominatimIntervalMs,
      throttle: new PostgresRequestThrottle(pool, settings.maxQueueMs),
    }),
  );
  return new GeocodingService({ geocoders, cache: new PostgresGeocodeCache(pool), keyOf: cacheKeyer(appSecret) });
}
