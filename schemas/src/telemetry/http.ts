import { Type, type Static } from 'typebox';
import { CLICK_TYPES, PRODUCT_CLICK_ACTIONS, WEB_VITALS_PAGES } from './events.ts';
import { PUBLIC_LANGUAGES } from '../language/model.ts';
import { literalUnion } from '../common/http.ts';

// Beacons are tiny; anything bigger is refused with 413 before it is parsed.
export const TELEMETRY_BODY_LIMIT = 2 * 1024;

// Fields are optional in the schema so the route can answer a missing one with its own Turkish
// message; lengths only bound the work. Values the page may leave empty can arrive as null.
const Id = Type.String({ maxLength: 64 });
const OptionalNumber = Type.Optional(Type.Union([Type.Number(), Type.Null()]));

/** `POST /api/telemetry/visit`, sent by navigator.sendBeacon (application/json or text/plain JSON). */
export const RecordVisitBody = Type.Object(
  {
    cardId: Type.Optional(Id),
    /** navigator.maxTouchPoints: tells an iPad that presents itself as a Mac from a Mac. */
    touchPoints: OptionalNumber,
    /** screen.width in CSS pixels. Accepted for the page's convenience; not stored. */
    screenWidth: OptionalNumber,
    /** The language the page was shown in (issue 31); absent: Turkish, as every page was before. */
    language: Type.Optional(Type.Union([literalUnion(PUBLIC_LANGUAGES), Type.Null()])),
  },
  { additionalProperties: false },
);
export type RecordVisitBody = Static<typeof RecordVisitBody>;

/** `POST /api/profile/record-click` (SPEC §7). */
export const RecordClickBody = Type.Object(
  {
    /** The profile's `_id` from GET /api/profile/card/{cardId}. */
    profileId: Type.Optional(Id),
    cardId: Type.Optional(Type.Union([Id, Type.Null()])),
    clickType: Type.Optional(Type.String({ maxLength: 32, description: `One of: ${CLICK_TYPES.join(', ')}` })),
    /** social: the link's platform (instagram, linkedin, …); directions: google | apple | waze. */
    platform: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
    touchPoints: OptionalNumber,
  },
  { additionalProperties: false },
);
export type RecordClickBody = Static<typeof RecordClickBody>;

/** `POST /api/telemetry/product-view`, sent by the product page (/product/{id}) like the visit beacon. */
export const RecordProductViewBody = Type.Object(
  {
    /** The product's `_id` (a UUID). */
    productId: Type.Optional(Id),
    /** The card whose catalogue linked to the page (the page's `?card=`, checked), or null. */
    cardId: Type.Optional(Type.Union([Id, Type.Null()])),
    touchPoints: OptionalNumber,
  },
  { additionalProperties: false },
);
export type RecordProductViewBody = Static<typeof RecordProductViewBody>;

/** `POST /api/telemetry/product-click`: the product page's 'Satın Al' or WhatsApp button. */
export const RecordProductClickBody = Type.Object(
  {
    productId: Type.Optional(Id),
    cardId: Type.Optional(Type.Union([Id, Type.Null()])),
    action: Type.Optional(Type.String({ maxLength: 32, description: `One of: ${PRODUCT_CLICK_ACTIONS.join(', ')}` })),
    touchPoints: OptionalNumber,
  },
  { additionalProperties: false },
);
export type RecordProductClickBody = Static<typeof RecordProductClickBody>;

/** Upper bounds of a plausible value: beyond them a beacon is broken or made up, not a slow phone. */
export const WEB_VITAL_LIMITS = {
  /** LCP, INP and TTFB: ten minutes in milliseconds. */
  milliseconds: 600_000,
  /** CLS: a page whose whole viewport jumps a hundred times. */
  layoutShift: 100,
} as const;

// The route says which metric is broken (Turkish, by name); the schema only keeps the types and the shape.
const MetricValue = Type.Optional(Type.Union([Type.Number(), Type.Null()]));

/**
 * `POST /api/telemetry/vitals`: one sampled page load's Core Web Vitals, sent once when the page is hidden or left
 * (sendBeacon, so text/plain JSON as well as application/json). At least one metric.
 */
export const RecordWebVitalsBody = Type.Object(
  {
    page: Type.Optional(Type.String({ maxLength: 16, description: `One of: ${WEB_VITALS_PAGES.join(', ')}` })),
    metrics: Type.Optional(
      Type.Object(
        { LCP: MetricValue, INP: MetricValue, CLS: MetricValue, TTFB: MetricValue },
        { additionalProperties: false },
      ),
    ),
    /** navigator.maxTouchPoints: tells an iPad that presents itself as a Mac from a Mac. */
    touchPoints: OptionalNumber,
  },
  { additionalProperties: false },
);
export type RecordWebVitalsBody = Static<typeof RecordWebVitalsBody>;

/** Accepted or silently not counted: the answer never tells which (bots learn nothing). */
export const TelemetryAccepted = Type.Null({
  description: '204: accepted, or not counted (bot, prefetch, unknown or inactive card)',
});
