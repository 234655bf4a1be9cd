import type { EventRegistry } from '../common/event-type-info.ts';
import type { PublicLanguage } from '../language/model.ts';

/**
 * Visits and clicks on public cards (issue 4). They protect no invariant, so they are appended
 * without a version check, micro-batched, to a fixed set of shard streams `telemetry-<n>` chosen by
 * the card id (a product's hits by the product id): a busy card never becomes a hot stream. Nothing here is personal data: the visitor
 * hash is keyed with a salt that is deleted within two days, and the client address never leaves
 * the memory of the request that carried it. Statistics projections build everything from these
 * events: per owner and per card, the Istanbul day from `at` (`telemetryDay`).
 */
export const DEVICE_TYPES = ['mobile', 'tablet', 'desktop'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** SPEC §7 record-click, plus the tracking events the card page fires (social, vcard, directions). */
export const CLICK_TYPES = [
  'phone',
  'whatsapp',
  'email',
  'website',
  'address',
  'directions',
  'social',
  'vcard',
] as const;
export type ClickType = (typeof CLICK_TYPES)[number];

/** Map services the card page links to for directions. */
export const DIRECTIONS_PLATFORMS = ['google', 'apple', 'waze'] as const;
export type DirectionsPlatform = (typeof DIRECTIONS_PLATFORMS)[number];

/** Number of shard streams; changing it only spreads new events differently (streams carry no invariant). */
export const TELEMETRY_SHARD_COUNT = 16;

/** What is known about the visitor behind one hit, without saying who it is. */
export interface VisitorContext {
  /**
   * Hex HMAC-SHA256 (128 bits) keyed with the Istanbul day's random salt over owner id, address
   * and user agent: one visitor has one hash per owner and day, and none once the salt is gone.
   */
  readonly visitorHash: string;
  readonly device: DeviceType;
  /** e.g. 'Chrome', 'Safari', 'Samsung Internet', 'Edge'; null when the user agent says nothing usable. */
  readonly browser: string | null;
  /** e.g. 'iOS', 'Android', 'Windows', 'macOS'; null when unknown. */
  readonly os: string | null;
  /** ISO 3166-1 alpha-2 ('TR'); null for unknown, private and local addresses. */
  readonly country: string | null;
  /** Turkish addresses: the province in Turkish spelling ('İstanbul'); elsewhere the city. Null when unknown. */
  readonly city: string | null;
  /** ISO instant of the hit; its day in Europe/Istanbul is `telemetryDay(at)`. */
  readonly at: string;
}

/** A person (not a bot, not a prefetch) opened the public page of an active card. */
export interface CardVisited {
  readonly type: 'CardVisited';
  readonly data: {
    readonly cardId: string;
    readonly ownerId: string;
    /**
     * The language the page was shown in (issue 31), as the page says it: nothing more about the visitor. Since
     * schema version 2; absent in earlier visits, which all saw the Turkish page.
     */
    readonly language?: PublicLanguage;
  } & VisitorContext;
}

/** A visitor used a contact action on the public card (call, e-mail, social link, directions, contact file…). */
export interface ContactClicked {
  readonly type: 'ContactClicked';
  readonly data: {
    /** The card whose page it was; null when the page did not say. */
    readonly cardId: string | null;
    readonly ownerId: string;
    readonly profileId: string;
    readonly clickType: ClickType;
    /** social: a stored social platform ('instagram', … 'other'); directions: google | apple | waze; otherwise null. */
    readonly platform: string | null;
  } & VisitorContext;
}

/** The buttons of the product page that count (issue 12): 'Satın Al' (the product's url) and 'WhatsApp ile Bilgi Al'. */
/** 'Satın Al', 'WhatsApp ile Bilgi Al', and a listing's 'Ara' (issue 33). */
export const PRODUCT_CLICK_ACTIONS = ['buy', 'whatsapp', 'call'] as const;
export type ProductClickAction = (typeof PRODUCT_CLICK_ACTIONS)[number];

/**
 * A person opened the page of a shown product (/product/{id}). The owner is the product's in the read
 * model when the hit came, never what the page said. The card is the one whose catalogue linked there, when it is one
 * of that owner's shown cards (decision 47).
 */
export interface ProductViewed {
  readonly type: 'ProductViewed';
  readonly data: {
    readonly productId: string;
    readonly ownerId: string;
    /** Since schema version 2: the card the visitor came from, or null; version 1 events have none (read as null). */
    readonly cardId?: string | null;
  } & VisitorContext;
}

/** A visitor used the 'Satın Al' or WhatsApp button of a shown product's page. */
export interface ProductClicked {
  readonly type: 'ProductClicked';
  readonly data: {
    readonly productId: string;
    readonly ownerId: string;
    /** As for ProductViewed (since schema version 2). */
    readonly cardId?: string | null;
    readonly action: ProductClickAction;
  } & VisitorContext;
}

/** The hits owners' statistics are made of: each names the owner whose figures it counts. */
export type TelemetryEvent = CardVisited | ContactClicked | ProductViewed | ProductClicked;

/** Pages that report Core Web Vitals (issue 17): the public card page and the owners' dashboard. */
export const WEB_VITALS_PAGES = ['card', 'dashboard'] as const;
export type WebVitalsPage = (typeof WEB_VITALS_PAGES)[number];

/** The Core Web Vitals kept, in the order they are stored and shown. */
export const WEB_VITAL_METRICS = ['LCP', 'INP', 'CLS', 'TTFB'] as const;
export type WebVitalMetric = (typeof WEB_VITAL_METRICS)[number];

export const WEB_VITAL_RATINGS = ['good', 'needs-improvement', 'poor'] as const;
export type WebVitalRating = (typeof WEB_VITAL_RATINGS)[number];

/**
 * The thresholds web.dev and the `web-vitals` library rate by: at most the first is 'good', above the second 'poor'.
 * LCP, INP and TTFB in milliseconds, CLS unitless.
 */
export const WEB_VITAL_THRESHOLDS: { readonly [M in WebVitalMetric]: readonly [good: number, poor: number] } = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
  TTFB: [800, 1800],
};

export function webVitalRating(metric: WebVitalMetric, value: number): WebVitalRating {
  const [good, poor] = WEB_VITAL_THRESHOLDS[metric];
  if (value > poor) return 'poor';
  return value > good ? 'needs-improvement' : 'good';
}

/** One metric of one page load, as `web-vitals` measured it. */
export interface WebVitalSample {
  readonly name: WebVitalMetric;
  readonly value: number;
  readonly rating: WebVitalRating;
}

/**
 * A sampled page load's Core Web Vitals (issue 17), sent once as the page was hidden or left. Operator figures, not an
 * owner's: no card, no owner, no visitor hash, no place, no user agent: only what kind of page and of device it was.
 */
export interface WebVitalsReported {
  readonly type: 'WebVitalsReported';
  readonly data: {
    readonly page: WebVitalsPage;
    /** From the user agent and touch points, as for visits (describeDevice); the user agent itself is not kept. */
    readonly device: DeviceType;
    /** Each metric at most once, in WEB_VITAL_METRICS order; a page left early may lack some. */
    readonly metrics: readonly WebVitalSample[];
    /** ISO instant the beacon arrived; its Istanbul day is the read model's day. */
    readonly at: string;
  };
}

export const TELEMETRY_EVENT_TYPES: EventRegistry<TelemetryEvent | WebVitalsReported> = {
  CardVisited: { schemaVersion: 2 },
  ContactClicked: { schemaVersion: 1 },
  // 2: `cardId`, the card the product page was reached from (decision 47).
  ProductViewed: { schemaVersion: 2 },
  ProductClicked: { schemaVersion: 2 },
  WebVitalsReported: { schemaVersion: 1 },
};

/** Shard of a card (or, for a click without a card, of its owner; of a product for its views and clicks): FNV-1a 32-bit, modulo the shard count. */
export function telemetryShard(key: string, shards: number = TELEMETRY_SHARD_COUNT): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index++) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % shards;
}

/** What an event is sharded by: its product, its card, or (a click without a card) its owner. */
export function telemetryShardKey(event: TelemetryEvent): string {
  switch (event.type) {
    case 'ProductViewed':
    case 'ProductClicked':
      return event.data.productId;
    case 'CardVisited':
      return event.data.cardId;
    case 'ContactClicked':
      return event.data.cardId ?? event.data.ownerId;
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

export function telemetryStreamId(shard: number): string {
  return `telemetry-${shard}`;
}

export function isTelemetryStreamId(streamId: string): boolean {
  return /^telemetry-\d+$/.test(streamId);
}

const ISTANBUL_DATE = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Istanbul',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

function formatDay(epochMs: number): string {
  const parts = ISTANBUL_DATE.formatToParts(epochMs);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

const HOUR_MS = 3_600_000;
const DAY_BY_HOUR_LIMIT = 4096;
// UTC hour → its Istanbul day, for hours that lie wholly inside one day (the formatter is slow, and
// every beacon and every replayed event asks). Bounded: when full, it starts over.
const dayByHour = new Map<number, string>();

/**
 * The calendar day (YYYY-MM-DD) in Europe/Istanbul of an instant: the statistics' day and the salt's day.
 * Remembered per UTC hour when the hour's first and last millisecond fall on the same day: the local day only
 * moves forward in time, so every instant between them does too. The hour holding a midnight (every hour
 * since Türkiye's offsets are whole hours, except historical ones) is formatted instant by instant.
 */
export function telemetryDay(instant: Date | string): string {
  const epochMs = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  if (!Number.isFinite(epochMs)) throw new RangeError(`Geçersiz zaman: ${String(instant)}`);
  const hour = Math.floor(epochMs / HOUR_MS);
  const known = dayByHour.get(hour);
  if (known !== undefined) return known;
  const first = formatDay(hour * HOUR_MS);
  if (first !== formatDay(hour * HOUR_MS + HOUR_MS - 1)) return formatDay(epochMs);
  if (dayByHour.size >= DAY_BY_HOUR_LIMIT) dayByHour.clear();
  dayByHour.set(hour, first);
  return first;
}

/** The day before a YYYY-MM-DD day (calendar arithmetic, no time zone involved). */
export function previousDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}
