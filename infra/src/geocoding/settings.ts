/**
 * Geocoder and map-tile settings from the environment. docs/configuration.md and
 * docs/decisions/0007-geocoding-and-maps.md describe them.
 */
export interface GeocodingSettings {
  /** Unset: the maps service (Google Geocoding API) is not asked. */
  readonly googleApiKey: string | undefined;
  readonly googleUrl: string;
  readonly nominatimUrl: string;
  /** Nominatim's usage policy wants an identifying User-Agent. */
  readonly userAgent: string;
  /** Per provider request, not counting the wait for Nominatim's turn. */
  readonly timeoutMs: number;
  /** Spacing of Nominatim requests across every process (its policy: at most 1 per second). */
  readonly nominatimIntervalMs: number;
  /** A lookup that would queue longer than this for Nominatim's turn answers 'failed' instead. */
  readonly maxQueueMs: number;
}

export interface MapSettings {
  /** XYZ tile template with {z}, {x}, {y}. */
  readonly tileUrl: string;
  readonly attribution: string;
  readonly attributionUrl: string;
}

export interface MapsSettings {
  readonly geocoding: GeocodingSettings;
  readonly map: MapSettings;
}

export const DEFAULT_NOMINATIM_URL = 'https://nominatim.openstreetmap.org';
export const DEFAULT_GOOGLE_GEOCODING_URL = 'https://maps.googleapis.com';
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_MAP_ATTRIBUTION = '© OpenStreetMap katkıda bulunanlar';
export const DEFAULT_MAP_ATTRIBUTION_URL = 'https://www.openstreetmap.org/copyright';
export const NOMINATIM_INTERVAL_MS = 1000;

function httpUrl(value: string | undefined, fallback: string, name: string): string {
  const text = value === undefined || value === '' ? fallback : value;
  let url: URL;
  try {
    url = new URL(text.replace(/\{[a-z-]+\}/giu, '0'));
  } catch {
    throw new Error(`${name} must be an http(s) URL, got "${text}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`${name} must be an http(s) URL, got "${text}"`);
  return text.replace(/\/+$/u, '');
}

function tileTemplate(value: string | undefined): string {
  const template = httpUrl(value, DEFAULT_MAP_TILE_URL, 'MAP_TILE_URL');
  const hasY = template.includes('{y}') || template.includes('{-y}');
  if (!template.includes('{z}') || !template.includes('{x}') || !hasY) {
    throw new Error(`MAP_TILE_URL must contain {z}, {x} and {y}, got "${template}"`);
  }
  return template;
}

function positive(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0)
    throw new Error(`${name} must be a positive whole number, got "${value}"`);
  return parsed;
}

export function readMapsSettings(env: NodeJS.ProcessEnv, publicBaseUrl: string): MapsSettings {
  const key = env.GOOGLE_MAPS_API_KEY?.trim();
  return {
    geocoding: {
      googleApiKey: key === undefined || key === '' ? undefined : key,
      googleUrl: httpUrl(env.GOOGLE_GEOCODING_URL, DEFAULT_GOOGLE_GEOCODING_URL, 'GOOGLE_GEOCODING_URL'),
      nominatimUrl: httpUrl(env.NOMINATIM_URL, DEFAULT_NOMINATIM_URL, 'NOMINATIM_URL'),
      userAgent: env.GEOCODER_USER_AGENT?.trim() || `DijitalKartvizit/0.1 (+${publicBaseUrl})`,
      timeoutMs: positive(env.GEOCODER_TIMEOUT_MS, 5000, 'GEOCODER_TIMEOUT_MS'),
      // Not configurable: the public instance's policy, not a tuning knob.
      nominatimIntervalMs: NOMINATIM_INTERVAL_MS,
      maxQueueMs: 8000,
    },
    map: {
      tileUrl: tileTemplate(env.MAP_TILE_URL),
      attribution: env.MAP_ATTRIBUTION?.trim() || DEFAULT_MAP_ATTRIBUTION,
      attributionUrl: httpUrl(env.MAP_ATTRIBUTION_URL, DEFAULT_MAP_ATTRIBUTION_URL, 'MAP_ATTRIBUTION_URL'),
    },
  };
}
