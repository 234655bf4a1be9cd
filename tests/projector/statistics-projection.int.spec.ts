import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveKey } from '@kartvizit/infra/config/secrets';
import { createTestDatabase, type TestDatabase } from '@kartvizit/infra/db/test-database';
import { untilReadable } from '@kartvizit/infra/event-store/horizon';
import { createEventStore } from '@kartvizit/infra/event-store/create';
import type { EventStore } from '@kartvizit/infra/event-store/types';
import { createSignalBus } from '@kartvizit/infra/signals/create';
import type { SignalBus } from '@kartvizit/infra/signals/types';
import { parseProjectionAdvanced } from '@kartvizit/infra/signals/projection-advanced';
import { EventCodec } from '@kartvizit/infra/vault/event-codec';
import { PersonalDataVault } from '@kartvizit/infra/vault/personal-data-vault';
import { telemetryStreamId, type TelemetryEvent } from '@kartvizit/schemas';
import { makeCheckpoint } from '@kartvizit/infra/event-store/checkpoint';
import type { StoredEvent } from '@kartvizit/infra/vault/event-codec';
import { physicalTableName, tablesOf } from '@kartvizit/infra/processing/projection';
import { projectionSpecification } from '@kartvizit/projector/core/projection-specification';
import { applyEvents, createTables, inTransaction, rebuildProjection } from '@kartvizit/infra/processing/rebuild';
import { ProjectionWork } from '@kartvizit/infra/processing/projection-work';
import { StoreSource } from '@kartvizit/infra/processing/store-source';
import { statisticsProjection } from '@kartvizit/projector/statistics/statistics-projection';
import {
  appendTelemetry,
  clicked,
  expectedBreakdowns,
  expectedDaily,
  expectedTotals,
  projectedTables,
  traffic,
  visited,
  visitorHash,
} from '../http/statistics-fixtures.ts';

/**
 * The statistics projection against the events it was built from: every table equals SQL
 * aggregates computed over the events table, across batch boundaries (batches of 97 events)
 * and a blue/green rebuild. The rules one visit or click follows, and redelivery, are told
 * event by event (given / when / then rows).
 */
let database: TestDatabase;
let store: EventStore;
let codec: EventCodec;
let signals: SignalBus;
let runner: StoreSource;
const published: string[] = [];

const ayse = { ownerId: randomUUID(), cards: ['VC-AYSE01', 'VC-AYSE02'] };
const bora = { ownerId: randomUUID(), cards: ['VC-BORA01'] };
const EVENTS = 3000;

beforeAll(async () => {
  database = await createTestDatabase();
  store = await createEventStore({ kind: 'postgres' }, { pool: database.pool });
  codec = new EventCodec(new PersonalDataVault(database.pool, deriveKey(randomBytes(32), 'personal-data-kek')));
  signals = createSignalBus({ kind: 'in-process' });
  signals.on('projection_advanced').subscribe((payload) => published.push(payload));
  const deps = { pool: database.pool, store, codec, signals, batchSize: 97 };
  runner = new StoreSource(new ProjectionWork(statisticsProjection, deps), deps);
  const appended = await appendTelemetry(
    { store, codec },
    traffic([ayse, bora], { count: EVENTS, days: 9, until: new Date(), seed: 20260301 }),
  );
  // A transaction open elsewhere on the server (another test file, another run) holds readers back: catchUp() would
  // stop at what is readable now, short of the traffic.
  if (appended) await untilReadable(store, appended);
  await runner.catchUp();
}, 120_000);

afterAll(async () => {
  await runner?.stop();
  await signals?.close();
  await store?.close();
  await database?.drop();
});

async function expectTablesEqualToEvents(): Promise<void> {
  const tables = await projectedTables(database.pool);
  expect(tables.daily).toEqual(await expectedDaily(database.pool));
  expect(tables.totals).toEqual(await expectedTotals(database.pool));
  expect(tables.breakdowns).toEqual(await expectedBreakdowns(database.pool));
  // It remembers, per telemetry stream, the last event it counted.
  const last = await database.pool.query<{ stream_id: string; stream_position: number }>(
    `SELECT stream_id, max(stream_position)::int AS stream_position FROM events
      WHERE type IN ('CardVisited', 'ContactClicked') GROUP BY stream_id ORDER BY 1`,
  );
  expect(tables.positions).toEqual(last.rows);
}

const spec = projectionSpecification(statisticsProjection, {
  pool: () => database.pool,
  codec: () => codec,
  streamOf: () => telemetryStreamId(0),
});

/** Telemetry as the log holds it: each event the next in its stream (shard) and in the log. */
function logOf(events: readonly (readonly [shard: number, event: TelemetryEvent])[]): StoredEvent<TelemetryEvent>[] {
  const streams = new Map<string, number>();
  return events.map(([shard, event], index) => {
    const streamId = telemetryStreamId(shard);
    const streamPosition = (streams.get(streamId) ?? -1) + 1;
    streams.set(streamId, streamPosition);
    const position = makeCheckpoint('1', String(index + 1));
    return {
      ...event,
      eventId: randomUUID(),
      streamId,
      streamPosition,
      position,
      metadata: {},
      createdAt: new Date(),
      forgotten: false,
    };
  });
}

let nextGeneration = 2001;

/** Hands the batches to the projection as a Kafka-fed runner would (each in a transaction of its own); answers its totals and guard. */
async function countedFrom(batches: readonly (readonly StoredEvent<TelemetryEvent>[])[]) {
  const generation = nextGeneration++;
  const table = (name: string) => physicalTableName(name, generation);
  const client = await database.pool.connect();
  try {
    await inTransaction(client, () => createTables(client, statisticsProjection, generation));
    for (const batch of batches) {
      await inTransaction(client, () => applyEvents(statisticsProjection, { client, table }, batch as StoredEvent[]));
    }
    const totals = await client.query(
      `SELECT card_id, visits::int, unique_visitors::int, clicks::int FROM ${table('stat_totals')} ORDER BY card_id COLLATE "C"`,
    );
    const positions = await client.query(
      `SELECT stream_id, stream_position::int FROM ${table('stat_stream_positions')} ORDER BY stream_id COLLATE "C"`,
    );
    return { totals: totals.rows, positions: positions.rows };
  } finally {
    await client.query(`DROP TABLE IF EXISTS ${Object.keys(tablesOf(statisticsProjection)).map(table).join(', ')}`);
    client.release();
  }
}

describe('the statistics projection', () => {
  it('counts a few thousand visits and clicks of 2 owners and 3 cards exactly as SQL over the events does', async () => {
    await expectTablesEqualToEvents();
    const tables = await projectedTables(database.pool);
    // The generator really spread the traffic: both owners, every card, several days, clicks without a card.
    expect(new Set(tables.daily.map((row) => row.card_id))).toEqual(new Set(['*', ...ayse.cards, ...bora.cards]));
    expect(new Set(tables.daily.map((row) => row.day)).size).toBeGreaterThanOrEqual(9);
    const all = tables.totals.filter((row) => row.card_id === '*');
    expect(all.map((row) => row.owner_id).sort()).toEqual([ayse.ownerId, bora.ownerId].sort());
    expect(all.reduce((sum, row) => sum + row.visits + row.clicks, 0)).toBe(EVENTS);
    // Owner-wide uniques are not the sum of the cards' (the same visitor on two cards is one).
    const ayseAll = tables.daily.filter((row) => row.owner_id === ayse.ownerId && row.card_id === '*');
    const ayseCards = tables.daily.filter((row) => row.owner_id === ayse.ownerId && row.card_id !== '*');
    const sumOf = (rows: typeof ayseAll) => rows.reduce((sum, row) => sum + row.unique_visitors, 0);
    expect(sumOf(ayseAll)).toBeLessThan(sumOf(ayseCards));
  });

  it('tells whose statistics a batch changed: only the owners in it', async () => {
    const carol = { ownerId: randomUUID(), cards: ['VC-CAROL1'] };
    published.length = 0;
    const appended = await appendTelemetry({ store, codec }, [
      visited({ ownerId: carol.ownerId, cardId: 'VC-CAROL1', at: new Date() }),
    ]);
    if (appended) await untilReadable(store, appended);
    await runner.catchUp();
    const signal = published.map(parseProjectionAdvanced).find((entry) => entry?.projection === 'statistics');
    expect(signal?.touched).toEqual([carol.ownerId]);
    expect(signal?.checkpoint).toMatch(/^\d+:\d+$/);
  });

  it('counts a visitor once a day per card, once a day for the owner across cards, and again the next day', async () => {
    const owner = randomUUID();
    const [first, second] = ['VC-UNIQ01', 'VC-UNIQ02'];
    const at = (iso: string) => ({ ownerId: owner, at: iso, visitor: 'aynı kişi' });
    await spec
      .given()
      .when([
        visited({ ...at('2026-03-02T08:00:00Z'), cardId: first }),
        visited({ ...at('2026-03-02T09:30:00Z'), cardId: first }),
        visited({ ...at('2026-03-02T10:00:00Z'), cardId: second }),
        visited({ ...at('2026-03-03T10:00:00Z'), cardId: first }),
        visited({ ...at('2026-03-03T10:00:00Z'), cardId: first, visitor: 'başka biri' }),
      ])
      .then({
        stat_daily: [
          { card_id: '*', day: '2026-03-02', visits: 3, unique_visitors: 1 },
          { card_id: '*', day: '2026-03-03', visits: 2, unique_visitors: 2 },
          { card_id: first, day: '2026-03-02', visits: 2, unique_visitors: 1 },
          { card_id: first, day: '2026-03-03', visits: 2, unique_visitors: 2 },
          { card_id: second, day: '2026-03-02', visits: 1, unique_visitors: 1 },
        ],
        // Unique visitors = the sum over days of each day's distinct visitors.
        stat_totals: [
          { card_id: '*', unique_visitors: 3 },
          { card_id: first, unique_visitors: 3 },
          { card_id: second, unique_visitors: 1 },
        ],
      });
  });

  it('counts a visitor seen in an earlier batch on the same day once', async () => {
    const owner = randomUUID();
    const cardId = 'VC-UNIQ03';
    await spec
      .given([visited({ ownerId: owner, cardId, at: '2026-03-02T08:00:00Z', visitor: 'aynı kişi' })])
      .when([visited({ ownerId: owner, cardId, at: '2026-03-02T18:00:00Z', visitor: 'aynı kişi' })])
      .then({
        stat_daily: [
          { card_id: '*', visits: 2, unique_visitors: 1 },
          { card_id: cardId, visits: 2, unique_visitors: 1 },
        ],
        stat_visitors: [
          { card_id: '*', day: '2026-03-02', visitor: visitorHash('aynı kişi') },
          { card_id: cardId, day: '2026-03-02', visitor: visitorHash('aynı kişi') },
        ],
      });
  });

  it('puts 23:59:59 Istanbul (20:59:59Z) on one day and 00:00:00 Istanbul (21:00:00Z) on the next', async () => {
    const owner = randomUUID();
    const cardId = 'VC-GECE01';
    await spec
      .given()
      .when([
        visited({ ownerId: owner, cardId, at: '2026-03-09T20:59:59.999Z', visitor: 'gece kuşu' }),
        visited({ ownerId: owner, cardId, at: '2026-03-09T21:00:00.000Z', visitor: 'gece kuşu' }),
        clicked({ ownerId: owner, cardId, at: '2026-03-09T21:00:00.000Z', clickType: 'phone' }),
      ])
      .then({
        stat_daily: [
          { card_id: '*', day: '2026-03-09', visits: 1, unique_visitors: 1, clicks: 0 },
          { card_id: '*', day: '2026-03-10', visits: 1, unique_visitors: 1, clicks: 1 },
          { card_id: cardId, day: '2026-03-09', visits: 1, unique_visitors: 1, clicks: 0 },
          { card_id: cardId, day: '2026-03-10', visits: 1, unique_visitors: 1, clicks: 1 },
        ],
      });
  });

  it('keeps the visit times, unknown places and browsers, the page’s language (Turkish before there were others), and clicks without a card only for the owner', async () => {
    const owner = randomUUID();
    const cardId = 'VC-BILINM';
    await spec
      .given([
        visited({ ownerId: owner, cardId, at: '2026-03-05T10:00:00.000Z', country: null, city: null, browser: null }),
      ])
      .when([
        visited({ ownerId: owner, cardId, at: '2026-03-04T10:00:00.000Z', country: 'TR', city: null, language: 'en' }),
        clicked({
          ownerId: owner,
          cardId: null,
          at: '2026-03-05T11:00:00.000Z',
          clickType: 'social',
          platform: 'instagram',
        }),
      ])
      .then({
        stat_totals: [
          {
            card_id: '*',
            visits: 2,
            clicks: 1,
            first_visit_at: '2026-03-04T10:00:00.000Z',
            last_visit_at: '2026-03-05T10:00:00.000Z',
          },
          {
            card_id: cardId,
            visits: 2,
            clicks: 0,
            first_visit_at: '2026-03-04T10:00:00.000Z',
            last_visit_at: '2026-03-05T10:00:00.000Z',
          },
        ],
        stat_breakdowns: [
          { card_id: '*', dimension: 'browser', key: '', detail: '', count: 1 },
          { card_id: '*', dimension: 'browser', key: 'Chrome', detail: '', count: 1 },
          { card_id: '*', dimension: 'click', key: 'social', detail: 'instagram', count: 1 },
          { card_id: '*', dimension: 'device', key: 'mobile', detail: '', count: 2 },
          { card_id: '*', dimension: 'language', key: 'en', detail: '', count: 1 },
          { card_id: '*', dimension: 'language', key: 'tr', detail: '', count: 1 },
          { card_id: '*', dimension: 'location', key: '', detail: '', count: 1 },
          { card_id: '*', dimension: 'location', key: 'TR', detail: '', count: 1 },
          { card_id: cardId, dimension: 'browser', key: '', detail: '', count: 1 },
          { card_id: cardId, dimension: 'browser', key: 'Chrome', detail: '', count: 1 },
          { card_id: cardId, dimension: 'device', key: 'mobile', detail: '', count: 2 },
          { card_id: cardId, dimension: 'language', key: 'en', detail: '', count: 1 },
          { card_id: cardId, dimension: 'language', key: 'tr', detail: '', count: 1 },
          { card_id: cardId, dimension: 'location', key: '', detail: '', count: 1 },
          { card_id: cardId, dimension: 'location', key: 'TR', detail: '', count: 1 },
        ],
      });
  });

  it('counts nothing twice when a batch is delivered again', async () => {
    const owner = randomUUID();
    const cardId = 'VC-TEKRAR';
    const outcome = await spec
      .given(
        [visited({ ownerId: owner, cardId, at: '2026-03-05T09:00:00Z', visitor: 'biri' })],
        [clicked({ ownerId: owner, cardId, at: '2026-03-05T09:01:00Z', clickType: 'phone' })],
      )
      .whenRedelivered()
      .then({
        stat_totals: [
          { card_id: '*', visits: 1, unique_visitors: 1, clicks: 1 },
          { card_id: cardId, visits: 1, unique_visitors: 1, clicks: 1 },
        ],
        stat_breakdowns: [
          { card_id: '*', dimension: 'browser', count: 1 },
          { card_id: '*', dimension: 'click', count: 1 },
          { card_id: '*', dimension: 'device', count: 1 },
          { card_id: '*', dimension: 'language', count: 1 },
          { card_id: '*', dimension: 'location', count: 1 },
          { card_id: cardId, dimension: 'browser', count: 1 },
          { card_id: cardId, dimension: 'click', count: 1 },
          { card_id: cardId, dimension: 'device', count: 1 },
          { card_id: cardId, dimension: 'language', count: 1 },
          { card_id: cardId, dimension: 'location', count: 1 },
        ],
      });
    expect(outcome).toEqual({ touched: [] });
  });

  it('counts only the new events of a batch that begins with events it counted before', async () => {
    const owner = randomUUID();
    const cardId = 'VC-YENI01';
    // When a batch arrives holding the whole history: everything counted before, then two new visits.
    const outcome = await spec
      .given([visited({ ownerId: owner, cardId, at: '2026-03-05T08:00:00Z', visitor: 'biri' })])
      .whenRedelivered(
        visited({ ownerId: owner, cardId, at: '2026-03-05T09:00:00Z', visitor: 'biri' }),
        visited({ ownerId: owner, cardId, at: '2026-03-05T09:05:00Z', visitor: 'öteki' }),
      )
      .then({
        stat_totals: [
          { card_id: '*', visits: 3, unique_visitors: 2 },
          { card_id: cardId, visits: 3, unique_visitors: 2 },
        ],
      });
    expect(outcome).toEqual({ touched: [owner] });
  });

  it("counts events of two streams once each, whichever stream's events come first (Kafka orders per stream only)", async () => {
    const owner = randomUUID();
    const cardId = 'VC-SHARD1';
    // Given a log in which two telemetry shards interleave: a0 b0 a1 b1.
    const [a0, b0, a1, b1] = logOf([
      [1, visited({ ownerId: owner, cardId, at: '2026-03-05T09:00:00Z', visitor: 'bir' })],
      [2, clicked({ ownerId: owner, cardId, at: '2026-03-05T09:01:00Z', clickType: 'phone' })],
      [1, visited({ ownerId: owner, cardId, at: '2026-03-05T09:02:00Z', visitor: 'iki' })],
      [2, visited({ ownerId: owner, cardId, at: '2026-03-05T09:03:00Z', visitor: 'üç' })],
    ]) as [
      StoredEvent<TelemetryEvent>,
      StoredEvent<TelemetryEvent>,
      StoredEvent<TelemetryEvent>,
      StoredEvent<TelemetryEvent>,
    ];
    const expected = {
      totals: [
        { card_id: '*', visits: 3, unique_visitors: 3, clicks: 1 },
        { card_id: cardId, visits: 3, unique_visitors: 3, clicks: 1 },
      ],
      positions: [
        { stream_id: telemetryStreamId(1), stream_position: 1 },
        { stream_id: telemetryStreamId(2), stream_position: 1 },
      ],
    };
    // When each shard's partition is delivered on its own, the later stream first, or batches mixing them out of the
    // log's order: then every event counts once.
    expect(
      await countedFrom([
        [b0, b1],
        [a0, a1],
      ]),
    ).toEqual(expected);
    expect(
      await countedFrom([
        [a0, a1],
        [b0, b1],
      ]),
    ).toEqual(expected);
    expect(await countedFrom([[b0], [a0], [b1], [a1]])).toEqual(expected);
    expect(await countedFrom([[b0, a0, b1, a1]])).toEqual(expected);
  });

  it("counts nothing twice when one stream's batch comes again after other streams moved on", async () => {
    const owner = randomUUID();
    const cardId = 'VC-SHARD2';
    const [a0, b0, a1, b1] = logOf([
      [1, visited({ ownerId: owner, cardId, at: '2026-03-05T09:00:00Z', visitor: 'bir' })],
      [2, visited({ ownerId: owner, cardId, at: '2026-03-05T09:01:00Z', visitor: 'iki' })],
      [1, clicked({ ownerId: owner, cardId, at: '2026-03-05T09:02:00Z', clickType: 'email' })],
      [2, visited({ ownerId: owner, cardId, at: '2026-03-05T09:03:00Z', visitor: 'üç' })],
    ]) as [
      StoredEvent<TelemetryEvent>,
      StoredEvent<TelemetryEvent>,
      StoredEvent<TelemetryEvent>,
      StoredEvent<TelemetryEvent>,
    ];
    // Given every event counted; when shard 1's batch is redelivered (a partition handed over again), and shard 2's
    // first event with it; then the counts stay those of four events.
    const counted = await countedFrom([[a0, a1], [b0, b1], [a0, a1], [b0], [a1, b1]]);
    expect(counted.totals).toEqual([
      { card_id: '*', visits: 3, unique_visitors: 3, clicks: 1 },
      { card_id: cardId, visits: 3, unique_visitors: 3, clicks: 1 },
    ]);
  });

  it('builds the same tables when history is replayed into a new generation', async () => {
    const live = await projectedTables(database.pool);
    const result = await rebuildProjection({ pool: database.pool, store, codec, batchSize: 250 }, statisticsProjection);
    expect(result.generation).toBe(2);
    expect(await projectedTables(database.pool)).toEqual(live);
    await expectTablesEqualToEvents();
  });

  it('stores visitor hashes as bytes and nothing that names a person', async () => {
    const owner = randomUUID();
    await spec
      .given()
      .when([visited({ ownerId: owner, cardId: 'VC-BAYT01', at: '2026-03-05T09:00:00Z', visitor: 'Ayşe Yılmaz' })])
      .then({
        stat_visitors: [
          { owner_id: owner, card_id: '*', visitor: visitorHash('Ayşe Yılmaz') },
          { owner_id: owner, card_id: 'VC-BAYT01', visitor: visitorHash('Ayşe Yılmaz') },
        ],
      });
    const { rows } = await database.pool.query<{ visitor: string }>(
      "SELECT encode(visitor, 'hex') AS visitor FROM rm_stat_visitors LIMIT 1",
    );
    expect(rows[0]?.visitor).toMatch(/^[0-9a-f]{32}$/);
  });
});
