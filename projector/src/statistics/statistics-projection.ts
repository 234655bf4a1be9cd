import { createHash } from 'node:crypto';
import {
  STATISTICS_ALL_CARDS,
  telemetryDay,
  type CardVisited,
  type ContactClicked,
  type ProductClicked,
  type ProductViewed,
  type TelemetryEvent,
} from '@kartvizit/schemas';
import type { StoredEvent } from '@kartvizit/infra/vault/event-codec';
import { DEFAULT_LANGUAGE } from '@kartvizit/schemas/language/model';
import { batchedUpsert } from '@kartvizit/infra/processing/batched-upsert';
import type { Projection, ProjectionContext } from '@kartvizit/infra/processing/projection';

/**
 * The owners' statistics from visits and clicks (docs/decisions/0011-statistics.md), and their products' views and
 * 'Satın Al' / WhatsApp clicks (docs/decisions/0024-product-telemetry.md). Every row is
 * kept per card and once more for all of the owner's cards (card_id '*'), so each screen reads a
 * few rows whatever the traffic; the owner's unique visitors are not the sum of the cards'.
 *
 * Counters cannot remember "the last stream position" (a row sums events of many streams), so the
 * projection remembers, per telemetry stream, the stream position of the last event it counted
 * (stat_stream_positions), in the batch's transaction: one at or before it is a redelivery, not
 * counted again. No global order is needed: fed by Kafka (issue 16), events come in order per stream
 * only, and streams interleave in any order. Telemetry goes to a few shard streams (telemetryStreamId),
 * so the guard costs one read and one upsert of a few rows per batch. Unique visitors are exact through
 * per-day sets of visitor hashes; an insert that conflicts is a visitor already counted.
 */
type Telemetry = StoredEvent<TelemetryEvent>;
type CardHit = StoredEvent<CardVisited | ContactClicked>;
type ProductHit = StoredEvent<ProductViewed | ProductClicked>;

function isProductHit(event: Telemetry): event is ProductHit {
  return event.type === 'ProductViewed' || event.type === 'ProductClicked';
}

/** Dimensions of `stat_breakdowns`; `key`/`detail` are '' where the visit did not reveal them. */
export const BREAKDOWNS = {
  /** key: mobile | tablet | desktop (visits) */
  device: 'device',
  /** key: browser name (visits) */
  browser: 'browser',
  /** key: ISO country code, detail: city (visits) */
  location: 'location',
  /** key: click type, detail: platform for social and directions (clicks) */
  click: 'click',
  /** key: the language the page was shown in, 'tr' for visits from before the languages (visits, issue 31) */
  language: 'language',
} as const;

interface DailyRow {
  ownerId: string;
  cardId: string;
  day: string;
  visits: number;
  uniqueVisitors: number;
  clicks: number;
}

interface TotalsRow {
  ownerId: string;
  cardId: string;
  visits: number;
  uniqueVisitors: number;
  clicks: number;
  firstVisitAt: number | null;
  lastVisitAt: number | null;
}

interface BreakdownRow {
  ownerId: string;
  cardId: string;
  dimension: string;
  key: string;
  detail: string;
  count: number;
}

/** A product's figures, per card it was reached from and once more for all of them ('*'), as for cards. */
interface ProductRow {
  ownerId: string;
  cardId: string;
  productId: string;
  views: number;
  uniqueVisitors: number;
  buyClicks: number;
  whatsappClicks: number;
  /** A listing's 'Ara' (issue 33). */
  callClicks: number;
  lastViewedAt: number | null;
}

/** A visitor of a per-day set (stat_visitors, stat_product_visitors): the set's key columns, then the hash. */
interface VisitorSetRow {
  readonly key: readonly string[];
  readonly visitor: string;
}

/**
 * Adds visitors to a per-day set; answers the keys of the rows that were new, each a visitor not counted yet (an
 * insert that conflicts is one already counted). `keys`: the set's columns before `visitor`, with their SQL types.
 */
async function addToVisitorSet(
  { client, table }: ProjectionContext,
  logical: string,
  keys: readonly (readonly [column: string, type: string])[],
  rows: readonly VisitorSetRow[],
): Promise<string[][]> {
  if (rows.length === 0) return [];
  const columns = keys.map(([column]) => column).join(', ');
  const arrays = keys.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ');
  const added = await client.query<{ key: string[] }>(
    `INSERT INTO ${table(logical)} (${columns}, visitor)
     SELECT ${columns}, decode(visitor, 'hex')
       FROM unnest(${arrays}, $${keys.length + 1}::text[]) AS v(${columns}, visitor)
     ON CONFLICT DO NOTHING
     RETURNING ARRAY[${keys.map(([column]) => `${column}::text`).join(', ')}] AS key`,
    [...keys.map((_, index) => rows.map((row) => row.key[index])), rows.map((row) => row.visitor)],
  );
  return added.rows.map((row) => row.key);
}

/** The instant of a hit: `at`, or when it was stored should `at` be unreadable. */
function instantOf(event: Telemetry): Date {
  const at = new Date(event.data.at);
  return Number.isNaN(at.getTime()) ? event.createdAt : at;
}

/** Hashes are hex (stored as bytes); anything else is hashed to hex rather than failing the batch. */
function visitorKey(hash: string): string {
  const lower = hash.toLowerCase();
  return /^(?:[0-9a-f]{2}){1,64}$/.test(lower) ? lower : createHash('sha256').update(hash).digest('hex').slice(0, 32);
}

/** The card's rows and the owner's all-cards rows; a click (or a product hit) without a card only the latter. */
function cardsOf(event: CardHit | ProductHit): readonly string[] {
  return event.data.cardId ? [event.data.cardId, STATISTICS_ALL_CARDS] : [STATISTICS_ALL_CARDS];
}

class BatchAggregate {
  readonly daily = new Map<string, DailyRow>();
  readonly totals = new Map<string, TotalsRow>();
  readonly breakdowns = new Map<string, BreakdownRow>();
  readonly products = new Map<string, ProductRow>();

  productRow(ownerId: string, cardId: string, productId: string): ProductRow {
    const key = `${ownerId}|${cardId}|${productId}`;
    let row = this.products.get(key);
    if (!row) {
      row = {
        ownerId,
        cardId,
        productId,
        views: 0,
        uniqueVisitors: 0,
        buyClicks: 0,
        whatsappClicks: 0,
        callClicks: 0,
        lastViewedAt: null,
      };
      this.products.set(key, row);
    }
    return row;
  }

  addProduct(event: ProductHit, ownerId: string): void {
    for (const cardId of cardsOf(event))
      this.addProductTo(this.productRow(ownerId, cardId, event.data.productId.toLowerCase()), event);
  }

  private addProductTo(row: ProductRow, event: ProductHit): void {
    switch (event.type) {
      case 'ProductViewed': {
        row.views += 1;
        const time = instantOf(event).getTime();
        row.lastViewedAt = row.lastViewedAt === null ? time : Math.max(row.lastViewedAt, time);
        break;
      }
      case 'ProductClicked':
        if (event.data.action === 'buy') row.buyClicks += 1;
        else if (event.data.action === 'call') row.callClicks += 1;
        else row.whatsappClicks += 1;
        break;
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  }

  dailyRow(ownerId: string, cardId: string, day: string): DailyRow {
    const key = `${ownerId}|${cardId}|${day}`;
    let row = this.daily.get(key);
    if (!row) {
      row = { ownerId, cardId, day, visits: 0, uniqueVisitors: 0, clicks: 0 };
      this.daily.set(key, row);
    }
    return row;
  }

  totalsRow(ownerId: string, cardId: string): TotalsRow {
    const key = `${ownerId}|${cardId}`;
    let row = this.totals.get(key);
    if (!row) {
      row = { ownerId, cardId, visits: 0, uniqueVisitors: 0, clicks: 0, firstVisitAt: null, lastVisitAt: null };
      this.totals.set(key, row);
    }
    return row;
  }

  count(ownerId: string, cardId: string, dimension: string, key: string | null, detail: string | null = null): void {
    const id = `${ownerId}|${cardId}|${dimension}|${key ?? ''}|${detail ?? ''}`;
    const row = this.breakdowns.get(id);
    if (row) row.count += 1;
    else this.breakdowns.set(id, { ownerId, cardId, dimension, key: key ?? '', detail: detail ?? '', count: 1 });
  }

  add(event: CardHit, ownerId: string): void {
    const at = instantOf(event);
    const day = telemetryDay(at);
    for (const cardId of cardsOf(event)) {
      const daily = this.dailyRow(ownerId, cardId, day);
      const totals = this.totalsRow(ownerId, cardId);
      switch (event.type) {
        case 'CardVisited': {
          daily.visits += 1;
          totals.visits += 1;
          const time = at.getTime();
          totals.firstVisitAt = totals.firstVisitAt === null ? time : Math.min(totals.firstVisitAt, time);
          totals.lastVisitAt = totals.lastVisitAt === null ? time : Math.max(totals.lastVisitAt, time);
          this.count(ownerId, cardId, BREAKDOWNS.device, event.data.device);
          this.count(ownerId, cardId, BREAKDOWNS.browser, event.data.browser);
          this.count(ownerId, cardId, BREAKDOWNS.location, event.data.country, event.data.city);
          this.count(ownerId, cardId, BREAKDOWNS.language, event.data.language ?? DEFAULT_LANGUAGE);
          break;
        }
        case 'ContactClicked':
          daily.clicks += 1;
          totals.clicks += 1;
          this.count(ownerId, cardId, BREAKDOWNS.click, event.data.clickType, event.data.platform);
          break;
        default: {
          const unhandled: never = event;
          return unhandled;
        }
      }
    }
  }

  /** A visitor first seen on this day (for this card, or for the owner across cards). */
  addUnique(ownerId: string, cardId: string, day: string): void {
    this.dailyRow(ownerId, cardId, day).uniqueVisitors += 1;
    this.totalsRow(ownerId, cardId).uniqueVisitors += 1;
  }
}

const iso = (time: number | null) => (time === null ? null : new Date(time).toISOString());

// Counters add a batch's sums; no row position guards them, apply() counts each event once (stat_stream_positions).
const upsertDaily = batchedUpsert<DailyRow>({
  table: 'stat_daily',
  key: ['owner_id', 'card_id', 'day'],
  columns: {
    owner_id: { type: 'uuid', value: (row) => row.ownerId },
    card_id: { type: 'text', value: (row) => row.cardId },
    day: { type: 'date', value: (row) => row.day },
    visits: { type: 'bigint', value: (row) => row.visits, merge: 'add' },
    unique_visitors: { type: 'bigint', value: (row) => row.uniqueVisitors, merge: 'add' },
    clicks: { type: 'bigint', value: (row) => row.clicks, merge: 'add' },
  },
});

// LEAST/GREATEST skip NULLs: a batch of clicks only leaves the visit times as they were.
const upsertTotals = batchedUpsert<TotalsRow>({
  table: 'stat_totals',
  key: ['owner_id', 'card_id'],
  columns: {
    owner_id: { type: 'uuid', value: (row) => row.ownerId },
    card_id: { type: 'text', value: (row) => row.cardId },
    visits: { type: 'bigint', value: (row) => row.visits, merge: 'add' },
    unique_visitors: { type: 'bigint', value: (row) => row.uniqueVisitors, merge: 'add' },
    clicks: { type: 'bigint', value: (row) => row.clicks, merge: 'add' },
    first_visit_at: { type: 'timestamptz', value: (row) => iso(row.firstVisitAt), merge: 'min' },
    last_visit_at: { type: 'timestamptz', value: (row) => iso(row.lastVisitAt), merge: 'max' },
  },
});

// LEAST/GREATEST skip NULLs: a batch of clicks only leaves the last view as it was.
const upsertProducts = batchedUpsert<ProductRow>({
  table: 'stat_products',
  key: ['owner_id', 'card_id', 'product_id'],
  columns: {
    owner_id: { type: 'uuid', value: (row) => row.ownerId },
    card_id: { type: 'text', value: (row) => row.cardId },
    product_id: { type: 'uuid', value: (row) => row.productId },
    views: { type: 'bigint', value: (row) => row.views, merge: 'add' },
    unique_visitors: { type: 'bigint', value: (row) => row.uniqueVisitors, merge: 'add' },
    buy_clicks: { type: 'bigint', value: (row) => row.buyClicks, merge: 'add' },
    whatsapp_clicks: { type: 'bigint', value: (row) => row.whatsappClicks, merge: 'add' },
    call_clicks: { type: 'bigint', value: (row) => row.callClicks, merge: 'add' },
    last_viewed_at: { type: 'timestamptz', value: (row) => iso(row.lastViewedAt), merge: 'max' },
  },
});

const upsertBreakdowns = batchedUpsert<BreakdownRow>({
  table: 'stat_breakdowns',
  key: ['owner_id', 'card_id', 'dimension', 'key', 'detail'],
  columns: {
    owner_id: { type: 'uuid', value: (row) => row.ownerId },
    card_id: { type: 'text', value: (row) => row.cardId },
    dimension: { type: 'text', value: (row) => row.dimension },
    key: { type: 'text', value: (row) => row.key },
    detail: { type: 'text', value: (row) => row.detail },
    count: { type: 'bigint', value: (row) => row.count, merge: 'add' },
  },
});

/** Every table of the statistics with an owner_id: all but stat_stream_positions. */
const OWNER_TABLES = [
  'stat_visitors',
  'stat_daily',
  'stat_totals',
  'stat_breakdowns',
  'stat_products',
  'stat_product_visitors',
] as const;

/**
 * The events of the batch not counted before, and the guard moved past them: each stream's events come in stream order
 * (in the log's order from the store, per partition from Kafka), so an event at or before its stream's remembered
 * position is a redelivery. A stream's events may come interleaved with other streams' in any order.
 */
async function newEvents(events: readonly Telemetry[], { client, table }: ProjectionContext): Promise<Telemetry[]> {
  if (events.length === 0) return [];
  const streams = [...new Set(events.map((event) => event.streamId))];
  const known = await client.query<{ stream_id: string; stream_position: string }>(
    `SELECT stream_id, stream_position::text FROM ${table('stat_stream_positions')} WHERE stream_id = ANY($1::text[])`,
    [streams],
  );
  const counted = new Map(known.rows.map((row) => [row.stream_id, Number(row.stream_position)]));
  const moved = new Map<string, number>();
  const fresh: Telemetry[] = [];
  for (const event of events) {
    const last = moved.get(event.streamId) ?? counted.get(event.streamId) ?? -1;
    if (event.streamPosition <= last) continue;
    moved.set(event.streamId, event.streamPosition);
    fresh.push(event);
  }
  if (moved.size > 0) {
    await client.query(
      `INSERT INTO ${table('stat_stream_positions')} (stream_id, stream_position)
       SELECT * FROM unnest($1::text[], $2::bigint[])
       ON CONFLICT (stream_id) DO UPDATE SET stream_position = EXCLUDED.stream_position`,
      [[...moved.keys()], [...moved.values()]],
    );
  }
  return fresh;
}

export const statisticsProjection: Projection<TelemetryEvent> = {
  name: 'statistics',
  // 2: the global position of the last counted event replaced the inbox of every counted event id.
  // 3: product views and clicks (stat_products, stat_product_visitors); rebuilt from history on start.
  // 4: a deleted account's statistics go (the core's erasure, decision 29).
  // 5: a stream position per telemetry stream replaced the one global position (Kafka orders per stream only).
  // 6: product figures per card they were reached from, and for all cards ('*') (decision 47).
  // 7: visits by the language the page was shown in (stat_breakdowns 'language', issue 31).
  // 8: a listing's calls (stat_products.call_clicks, issue 33).
  version: 8,
  tables: {
    // Per stream: the position of the last event counted (a redelivered one is at or before it).
    stat_stream_positions: (table) => `CREATE TABLE ${table} (
        stream_id text PRIMARY KEY,
        stream_position bigint NOT NULL
      )`,
    // Who visited on a day: per card, and per owner under card_id '*'.
    stat_visitors: (table) => `CREATE TABLE ${table} (
        owner_id uuid NOT NULL,
        card_id text NOT NULL,
        day date NOT NULL,
        visitor bytea NOT NULL,
        PRIMARY KEY (owner_id, card_id, day, visitor)
      )`,
    stat_daily: (table) => `CREATE TABLE ${table} (
        owner_id uuid NOT NULL,
        card_id text NOT NULL,
        day date NOT NULL,
        visits bigint NOT NULL,
        unique_visitors bigint NOT NULL,
        clicks bigint NOT NULL,
        PRIMARY KEY (owner_id, card_id, day)
      )`,
    stat_totals: (table) => `CREATE TABLE ${table} (
        owner_id uuid NOT NULL,
        card_id text NOT NULL,
        visits bigint NOT NULL,
        unique_visitors bigint NOT NULL,
        clicks bigint NOT NULL,
        first_visit_at timestamptz,
        last_visit_at timestamptz,
        PRIMARY KEY (owner_id, card_id)
      )`,
    stat_breakdowns: (table) => `CREATE TABLE ${table} (
        owner_id uuid NOT NULL,
        card_id text NOT NULL,
        dimension text NOT NULL,
        key text NOT NULL,
        detail text NOT NULL,
        count bigint NOT NULL,
        PRIMARY KEY (owner_id, card_id, dimension, key, detail)
      )`,
    // Per product, all time: its page's views, the sum of daily distinct viewers, and its two buttons' clicks; per
    // card the page was reached from, and for all of the owner's cards under card_id '*'.
    stat_products: (table) => `CREATE TABLE ${table} (
        owner_id uuid NOT NULL,
        card_id text NOT NULL,
        product_id uuid NOT NULL,
        views bigint NOT NULL,
        unique_visitors bigint NOT NULL,
        buy_clicks bigint NOT NULL,
        whatsapp_clicks bigint NOT NULL,
        call_clicks bigint NOT NULL DEFAULT 0,
        last_viewed_at timestamptz,
        PRIMARY KEY (owner_id, card_id, product_id)
      )`,
    // Who viewed a product on a day (the hash is the owner's visitor of that day), per card and under '*'.
    stat_product_visitors: (table) => `CREATE TABLE ${table} (
        owner_id uuid NOT NULL,
        card_id text NOT NULL,
        product_id uuid NOT NULL,
        day date NOT NULL,
        visitor bytea NOT NULL,
        PRIMARY KEY (owner_id, card_id, product_id, day, visitor)
      )`,
  },
  handles: ['CardVisited', 'ContactClicked', 'ProductViewed', 'ProductClicked'],
  erasure: {
    ownerOf: (event) => event.data.ownerId.toLowerCase(),
    async erase(ownerIds, { client, table }) {
      for (const logical of OWNER_TABLES) {
        await client.query(`DELETE FROM ${table(logical)} WHERE owner_id = ANY($1::uuid[])`, [ownerIds]);
      }
    },
  },

  async apply(events, context) {
    const batch = await newEvents(events, context);
    if (batch.length === 0) return { touched: [] };

    const aggregate = new BatchAggregate();
    const visitors = new Map<string, VisitorSetRow>();
    const productVisitors = new Map<string, VisitorSetRow>();
    const touched = new Set<string>();
    for (const event of batch) {
      const ownerId = event.data.ownerId.toLowerCase();
      touched.add(ownerId);
      if (isProductHit(event)) {
        aggregate.addProduct(event, ownerId);
        if (event.type !== 'ProductViewed') continue;
        const productId = event.data.productId.toLowerCase();
        const day = telemetryDay(instantOf(event));
        const visitor = visitorKey(event.data.visitorHash);
        for (const cardId of cardsOf(event))
          productVisitors.set(`${ownerId}|${cardId}|${productId}|${day}|${visitor}`, {
            key: [ownerId, cardId, productId, day],
            visitor,
          });
        continue;
      }
      aggregate.add(event, ownerId);
      if (event.type !== 'CardVisited') continue;
      const day = telemetryDay(instantOf(event));
      const visitor = visitorKey(event.data.visitorHash);
      for (const cardId of cardsOf(event))
        visitors.set(`${ownerId}|${cardId}|${day}|${visitor}`, { key: [ownerId, cardId, day], visitor });
    }

    const newVisitors = await addToVisitorSet(
      context,
      'stat_visitors',
      [
        ['owner_id', 'uuid'],
        ['card_id', 'text'],
        ['day', 'date'],
      ],
      [...visitors.values()],
    );
    for (const [ownerId = '', cardId = '', day = ''] of newVisitors) aggregate.addUnique(ownerId, cardId, day);
    const newProductVisitors = await addToVisitorSet(
      context,
      'stat_product_visitors',
      [
        ['owner_id', 'uuid'],
        ['card_id', 'text'],
        ['product_id', 'uuid'],
        ['day', 'date'],
      ],
      [...productVisitors.values()],
    );
    for (const [ownerId = '', cardId = '', productId = ''] of newProductVisitors)
      aggregate.productRow(ownerId, cardId, productId).uniqueVisitors += 1;

    await upsertDaily(context, [...aggregate.daily.values()]);
    await upsertTotals(context, [...aggregate.totals.values()]);
    await upsertBreakdowns(context, [...aggregate.breakdowns.values()]);
    await upsertProducts(context, [...aggregate.products.values()]);

    return { touched: [...touched] };
  },
};
