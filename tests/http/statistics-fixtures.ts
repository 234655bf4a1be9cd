import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { PublicLanguage } from '@kartvizit/schemas/language/model';
import {
  CLICK_TYPES,
  DEVICE_TYPES,
  telemetryShard,
  telemetryShardKey,
  telemetryStreamId,
  type CardVisited,
  type ClickType,
  type ContactClicked,
  type DeviceType,
  type ProductClickAction,
  type ProductClicked,
  type ProductViewed,
  type TelemetryEvent,
} from '@kartvizit/schemas';
import type { AppendRequest, Checkpoint, EventStore } from '@kartvizit/infra/event-store/types';
import type { EventCodec } from '@kartvizit/infra/vault/event-codec';

/**
 * Helpers of the statistics suites (tests/http/statistics*.int.spec.ts,
 * tests/projector/statistics*.int.spec.ts): telemetry written straight into the store the way
 * ingestion writes it (shard streams, no version check), and the expected numbers computed by SQL
 * over the events table itself, independently of the projection.
 */

export interface Hit {
  readonly ownerId: string;
  readonly cardId: string | null;
  readonly at: Date | string;
  /** Any text; turned into a hex visitor hash (the same text, the same visitor). */
  readonly visitor?: string;
  readonly device?: DeviceType;
  readonly browser?: string | null;
  readonly country?: string | null;
  readonly city?: string | null;
  /** The page's language (issue 31); absent as in visits from before the languages. */
  readonly language?: PublicLanguage;
}

export const visitorHash = (visitor: string) => createHash('sha256').update(visitor).digest('hex').slice(0, 32);

function context(hit: Hit) {
  return {
    visitorHash: visitorHash(hit.visitor ?? 'ziyaretçi'),
    device: hit.device ?? 'mobile',
    browser: hit.browser === undefined ? 'Chrome' : hit.browser,
    os: 'Android',
    country: hit.country === undefined ? 'TR' : hit.country,
    city: hit.city === undefined ? 'İstanbul' : hit.city,
    at: typeof hit.at === 'string' ? hit.at : hit.at.toISOString(),
  };
}

export function visited(hit: Hit & { readonly cardId: string }): CardVisited {
  const language = hit.language ? { language: hit.language } : {};
  return { type: 'CardVisited', data: { cardId: hit.cardId, ownerId: hit.ownerId, ...language, ...context(hit) } };
}

export function clicked(
  hit: Hit & { readonly clickType: ClickType; readonly platform?: string | null },
): ContactClicked {
  return {
    type: 'ContactClicked',
    data: {
      cardId: hit.cardId,
      ownerId: hit.ownerId,
      profileId: hit.ownerId,
      clickType: hit.clickType,
      platform: hit.platform ?? null,
      ...context(hit),
    },
  };
}

export interface ProductHit extends Omit<Hit, 'cardId'> {
  readonly productId: string;
  /** The card whose catalogue led to the product page (decision 47); none when left out. */
  readonly cardId?: string;
}

export function productViewed(hit: ProductHit): ProductViewed {
  return {
    type: 'ProductViewed',
    data: {
      productId: hit.productId,
      ownerId: hit.ownerId,
      ...(hit.cardId ? { cardId: hit.cardId } : {}),
      ...context({ ...hit, cardId: null }),
    },
  };
}

export function productClicked(hit: ProductHit & { readonly action: ProductClickAction }): ProductClicked {
  return {
    type: 'ProductClicked',
    data: {
      productId: hit.productId,
      ownerId: hit.ownerId,
      ...(hit.cardId ? { cardId: hit.cardId } : {}),
      action: hit.action,
      ...context({ ...hit, cardId: null }),
    },
  };
}

/** Appends as ingestion does: each event to its card's (or owner's) shard, several streams per append. */
export async function appendTelemetry(
  deps: { readonly store: EventStore; readonly codec: EventCodec },
  events: readonly TelemetryEvent[],
  perAppend = 250,
): Promise<Checkpoint | null> {
  let last: Checkpoint | null = null;
  for (let start = 0; start < events.length; start += perAppend) {
    const byStream = new Map<string, AppendRequest['events'][number][]>();
    for (const event of events.slice(start, start + perAppend)) {
      const stream = telemetryStreamId(telemetryShard(telemetryShardKey(event)));
      const list = byStream.get(stream) ?? [];
      list.push(await deps.codec.encode(event, { actor: 'visitor' }));
      byStream.set(stream, list);
    }
    const appended = await deps.store.append(
      [...byStream].map(([streamId, list]) => ({ streamId, expected: 'any' as const, events: list })),
    );
    last = appended.position;
  }
  return last;
}

/** A small deterministic generator (mulberry32), so a failing run can be repeated. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const PLACES: readonly (readonly [string | null, string | null])[] = [
  ['TR', 'İstanbul'],
  ['TR', 'Ankara'],
  ['TR', 'İzmir'],
  ['TR', null],
  ['DE', 'Berlin'],
  ['GB', 'London'],
  [null, null],
];
const BROWSERS = ['Chrome', 'Safari', 'Samsung Internet', 'Firefox', 'Edge', null] as const;
const SOCIAL = ['instagram', 'linkedin', 'twitter', 'github', 'other'] as const;

/**
 * `count` visits and clicks over `days` Istanbul days up to `until`, for the given owners and
 * their cards: few visitors per day, so the same visitor comes back the same day, on another card
 * and on another day; some clicks carry no card.
 */
export function traffic(
  owners: readonly { readonly ownerId: string; readonly cards: readonly string[] }[],
  options: { readonly count: number; readonly days: number; readonly until: Date; readonly seed: number },
): TelemetryEvent[] {
  const next = random(options.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const events: TelemetryEvent[] = [];
  for (let index = 0; index < options.count; index++) {
    const owner = pick(owners);
    const at = new Date(options.until.getTime() - Math.floor(next() * options.days * 86_400_000));
    const [country, city] = pick(PLACES);
    const hit: Hit = {
      ownerId: owner.ownerId,
      cardId: pick(owner.cards),
      at,
      // Visitors are per owner and per Istanbul day (as the salted hash is); 12 a day, so many return.
      visitor: `${owner.ownerId}|${at.toLocaleDateString('en-CA', { timeZone: 'Europe/Istanbul' })}|${Math.floor(next() * 12)}`,
      device: pick(DEVICE_TYPES),
      browser: pick(BROWSERS),
      country,
      city,
    };
    if (next() < 0.7) {
      // Some visits from before the languages (none said), the others in the page's language.
      const language = pick([undefined, 'tr', 'tr', 'en', 'ar', 'ru'] as const);
      events.push(visited({ ...hit, cardId: hit.cardId ?? '', ...(language ? { language } : {}) }));
      continue;
    }
    const clickType = pick(CLICK_TYPES);
    const platform =
      clickType === 'social' ? pick(SOCIAL) : clickType === 'directions' ? pick(['google', 'apple', 'waze']) : null;
    events.push(clicked({ ...hit, cardId: next() < 0.15 ? null : hit.cardId, clickType, platform }));
  }
  return events;
}

/** Every telemetry hit, per card and once more for all of the owner's cards ('*'), with its Istanbul day. */
const SCOPED_HITS = `
  WITH hits AS (
    SELECT type, data->>'ownerId' AS owner_id, data->>'cardId' AS card_id,
           ((data->>'at')::timestamptz AT TIME ZONE 'Europe/Istanbul')::date AS day,
           (data->>'at')::timestamptz AS at,
           data->>'visitorHash' AS visitor, data->>'device' AS device, coalesce(data->>'browser', '') AS browser,
           coalesce(data->>'country', '') AS country, coalesce(data->>'city', '') AS city,
           data->>'clickType' AS click_type, coalesce(data->>'platform', '') AS platform,
           coalesce(data->>'language', 'tr') AS language
      FROM events WHERE type IN ('CardVisited', 'ContactClicked')
  )
  SELECT *, card_id AS scope FROM hits WHERE card_id IS NOT NULL
  UNION ALL
  SELECT *, '*' AS scope FROM hits`;

export interface ExpectedDay {
  owner_id: string;
  card_id: string;
  day: string;
  visits: number;
  unique_visitors: number;
  clicks: number;
}

/** Per owner, card ('*' for all) and Istanbul day: visits, distinct visitors, clicks. */
export async function expectedDaily(pool: pg.Pool): Promise<ExpectedDay[]> {
  const { rows } = await pool.query<ExpectedDay>(
    `SELECT owner_id, scope AS card_id, day::text AS day,
            count(*) FILTER (WHERE type = 'CardVisited')::int AS visits,
            count(DISTINCT visitor) FILTER (WHERE type = 'CardVisited')::int AS unique_visitors,
            count(*) FILTER (WHERE type = 'ContactClicked')::int AS clicks
       FROM (${SCOPED_HITS}) scoped
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
  );
  return rows;
}

export interface ExpectedTotals {
  owner_id: string;
  card_id: string;
  visits: number;
  unique_visitors: number;
  clicks: number;
  first_visit_at: string | null;
  last_visit_at: string | null;
}

export async function expectedTotals(pool: pg.Pool): Promise<ExpectedTotals[]> {
  const { rows } = await pool.query<ExpectedTotals>(
    `WITH days AS (
       SELECT owner_id, scope AS card_id, day,
              count(*) FILTER (WHERE type = 'CardVisited') AS visits,
              count(DISTINCT visitor) FILTER (WHERE type = 'CardVisited') AS unique_visitors,
              count(*) FILTER (WHERE type = 'ContactClicked') AS clicks,
              min(at) FILTER (WHERE type = 'CardVisited') AS first_visit_at,
              max(at) FILTER (WHERE type = 'CardVisited') AS last_visit_at
         FROM (${SCOPED_HITS}) scoped GROUP BY 1, 2, 3
     )
     SELECT owner_id, card_id, sum(visits)::int AS visits, sum(unique_visitors)::int AS unique_visitors,
            sum(clicks)::int AS clicks, min(first_visit_at) AS first_visit_at, max(last_visit_at) AS last_visit_at
       FROM days GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  return rows;
}

export interface ExpectedBreakdown {
  owner_id: string;
  card_id: string;
  dimension: string;
  key: string;
  detail: string;
  count: number;
}

export async function expectedBreakdowns(pool: pg.Pool): Promise<ExpectedBreakdown[]> {
  const { rows } = await pool.query<ExpectedBreakdown>(
    `SELECT owner_id, scope AS card_id, dimension, key, detail, count(*)::int AS count FROM (
        SELECT owner_id, scope, 'device' AS dimension, device AS key, '' AS detail FROM (${SCOPED_HITS}) s WHERE type = 'CardVisited'
        UNION ALL
        SELECT owner_id, scope, 'browser', browser, '' FROM (${SCOPED_HITS}) s WHERE type = 'CardVisited'
        UNION ALL
        SELECT owner_id, scope, 'location', country, city FROM (${SCOPED_HITS}) s WHERE type = 'CardVisited'
        UNION ALL
        SELECT owner_id, scope, 'language', language, '' FROM (${SCOPED_HITS}) s WHERE type = 'CardVisited'
        UNION ALL
        SELECT owner_id, scope, 'click', click_type, platform FROM (${SCOPED_HITS}) s WHERE type = 'ContactClicked'
     ) counted
     GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`,
  );
  return rows;
}

/** The projection's tables, in the shapes above (for "equal to SQL" and "rebuild equals live"). */
export async function projectedTables(pool: pg.Pool) {
  const daily = await pool.query<ExpectedDay>(
    `SELECT owner_id::text AS owner_id, card_id, day::text AS day, visits::int AS visits,
            unique_visitors::int AS unique_visitors, clicks::int AS clicks
       FROM rm_stat_daily ORDER BY 1, 2, 3`,
  );
  const totals = await pool.query<ExpectedTotals>(
    `SELECT owner_id::text AS owner_id, card_id, visits::int AS visits, unique_visitors::int AS unique_visitors,
            clicks::int AS clicks, first_visit_at, last_visit_at
       FROM rm_stat_totals ORDER BY 1, 2`,
  );
  const breakdowns = await pool.query<ExpectedBreakdown>(
    `SELECT owner_id::text AS owner_id, card_id, dimension, key, detail, count::int AS count
       FROM rm_stat_breakdowns ORDER BY 1, 2, 3, 4, 5`,
  );
  const visitors = await pool.query<{ owner_id: string; card_id: string; day: string; visitor: string }>(
    `SELECT owner_id::text AS owner_id, card_id, day::text AS day, encode(visitor, 'hex') AS visitor
       FROM rm_stat_visitors ORDER BY 1, 2, 3, 4`,
  );
  const positions = await pool.query<{ stream_id: string; stream_position: number }>(
    'SELECT stream_id, stream_position::int AS stream_position FROM rm_stat_stream_positions ORDER BY 1',
  );
  return {
    daily: daily.rows,
    totals: totals.rows,
    breakdowns: breakdowns.rows,
    visitors: visitors.rows,
    /** Per telemetry stream, the stream position of the last event counted. */
    positions: positions.rows,
  };
}
