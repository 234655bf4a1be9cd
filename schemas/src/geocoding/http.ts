import { Type, type Static } from 'typebox';

// Lengths only bound the work; the Turkish rule (city of at least 2 letters) is validation/geocoding.ts.
const Part = (maxLength: number) => Type.Optional(Type.String({ maxLength }));

/** GET /api/geocode query: the profile's address parts, every one optional. */
export const GeocodeQuery = Type.Object(
  { street: Part(300), city: Part(100), state: Part(100), zipCode: Part(20), country: Part(100) },
  { additionalProperties: false },
);
export type GeocodeQuery = Static<typeof GeocodeQuery>;

export const GeocodeCoordinates = Type.Object({
  lat: Type.Number({ minimum: -90, maximum: 90 }),
  lng: Type.Number({ minimum: -180, maximum: 180 }),
});
export type GeocodeCoordinates = Static<typeof GeocodeCoordinates>;

export const GeocodeCandidate = Type.Object({
  lat: Type.Number({ minimum: -90, maximum: 90 }),
  lng: Type.Number({ minimum: -180, maximum: 180 }),
  formatted_address: Type.String(),
});
export type GeocodeCandidate = Static<typeof GeocodeCandidate>;

export const GeocodeSource = Type.Union([Type.Literal('google'), Type.Literal('nominatim'), Type.Literal('cache')]);
export type GeocodeSource = Static<typeof GeocodeSource>;

export const GeocodeStatus = Type.Union([Type.Literal('success'), Type.Literal('uncertain'), Type.Literal('failed')]);
export type GeocodeStatus = Static<typeof GeocodeStatus>;

/**
 * SPEC §7 "background address lookup". success: one clear place. uncertain: several places or
 * only an approximate one; `coordinates` is the best guess and `suggestions` the candidates to
 * choose from. failed: nothing found (or no geocoder reachable); `error` and `hints` say what to do.
 */
export const GeocodeResponse = Type.Object({
  success: Type.Boolean(),
  status: GeocodeStatus,
  coordinates: Type.Union([GeocodeCoordinates, Type.Null()]),
  formatted_address: Type.Union([Type.String(), Type.Null()]),
  source: GeocodeSource,
  error: Type.Optional(Type.String()),
  suggestions: Type.Array(GeocodeCandidate),
  hints: Type.Array(Type.String()),
});
export type GeocodeResponse = Static<typeof GeocodeResponse>;

/** GET /api/config/public: settings the browser reads at run time (the map; how often to send Core Web Vitals). */
export const PublicConfigResponse = Type.Object({
  /** XYZ template with {z}, {x} and {y}. */
  mapTileUrl: Type.String(),
  /** Plain text, shown with a link to mapAttributionUrl. */
  mapAttribution: Type.String(),
  mapAttributionUrl: Type.String(),
  /** WEB_VITALS_SAMPLE_RATE: the share of page loads (0 to 1) that measure and send Core Web Vitals (issue 17). */
  webVitalsSampleRate: Type.Number({ minimum: 0, maximum: 1 }),
});
export type PublicConfigResponse = Static<typeof PublicConfigResponse>;
