import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveKey } from '@kartvizit/infra/config/secrets';
import { createTestDatabase, type TestDatabase } from '@kartvizit/infra/db/test-database';
import { PostgresEventStore } from '@kartvizit/infra/event-store/postgres';
import { untilReadable } from '@kartvizit/infra/event-store/horizon';
import type { RecordedEvent } from '@kartvizit/infra/event-store/types';
import { InProcessSignalBus } from '@kartvizit/infra/signals/in-process';
import { parseProjectionAdvanced } from '@kartvizit/infra/signals/projection-advanced';
import { EventCodec } from '@kartvizit/infra/vault/event-codec';
import { PersonalDataVault } from '@kartvizit/infra/vault/personal-data-vault';
import { inTransaction, rebuildProjection } from '@kartvizit/projector/core/rebuild';
import { physicalTableName } from '@kartvizit/projector/core/projection';
import { ProjectionRunner } from '@kartvizit/projector/core/runner';
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
 * aggregates computed over the events table, across batch boundaries (batches of 97 events),
 * redelivery and a blue/green rebuild.
 */
let database: TestDatabase;
let store: PostgresEventStore;
let codec: EventCodec;
let signals: InProcessSignalBus;
let runner: ProjectionRunner;
const published: string[] = [];

const ayse = { ownerId: randomUUID(), cards: ['VC-AYSE01', 'VC-AYSE02'] };
const bora = { ownerId: randomUUID(), cards: ['VC-BORA01'] };
const EVENTS = 3000;

beforeAll(async () => {
  database = await createTestDatabase();
  store = new PostgresEventStore({ pool: database.pool });
  codec = new EventCodec(new PersonalDataVault(database.pool, deriveKey(randomBytes(32), 'personal-data-kek')));
  signals = new InProcessSignalBus();
  signals.on('projection_advanced').subscribe((payload) => published.push(payload));
  runner = new ProjectionRunner(statisticsProjection, { pool: database.pool, store, codec, signals, batchSize: 97 });
  await appendTelemetry(
    { store, codec },
    traffic([ayse, bora], { count: EVENTS, days: 9, until: new Date(), seed: 20260301 }),
  );
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
  // It remembers the last telemetry event it counted.
  const last = await database.pool.query<{ position: string }>(
    `SELECT transaction_id::text || ':' || global_position::text AS position FROM events
      WHERE type IN ('CardVisited', 'ContactClicked') ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
  );
  expect(tables.position).toBe(last.rows[0]?.position);
}

/** Hands events to the projection as a batch, in a transaction of its own, past the runner and its checkpoint. */
async function deliverDirectly(events: readonly RecordedEvent[]) {
  const decoded = (await Promise.all(events.map((event) => codec.decode(event)))).filter((event) => event !== null);
  const client = await database.pool.connect();
  try {
    const found = await client.query<{ generation: number }>(
      "SELECT generation FROM projection_checkpoints WHERE name = 'statistics'",
    );
    const generation = found.rows[0]?.generation ?? 0;
    return await inTransaction(client, () =>
      statisticsProjection.apply(decoded, { client, table: (name) => physicalTableName(name, generation) }),
    );
  } finally {
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
    await appendTelemetry({ store, codec }, [visited({ ownerId: carol.ownerId, cardId: 'VC-CAROL1', at: new Date() })]);
    await runner.catchUp();
    const signal = published.map(parseProjectionAdvanced).find((entry) => entry?.projection === 'statistics');
    expect(signal?.touched).toEqual([carol.ownerId]);
    expect(signal?.checkpoint).toMatch(/^\d+:\d+$/);
  });

  it('counts a visitor once a day per card, once a day for the owner across cards, and again the next day', async () => {
    const owner = randomUUID();
    const [first, second] = ['VC-UNIQ01', 'VC-UNIQ02'];
    const at = (iso: string) => ({ ownerId: owner, at: iso, visitor: 'aynı kişi' });
    await appendTelemetry({ store, codec }, [
      visited({ ...at('2026-03-02T08:00:00Z'), cardId: first }),
      visited({ ...at('2026-03-02T09:30:00Z'), cardId: first }),
      visited({ ...at('2026-03-02T10:00:00Z'), cardId: second }),
      visited({ ...at('2026-03-03T10:00:00Z'), cardId: first }),
      visited({ ...at('2026-03-03T10:00:00Z'), cardId: first, visitor: 'başka biri' }),
    ]);
    await runner.catchUp();
    const { rows } = await database.pool.query<{
      card_id: string;
      day: string;
      visits: number;
      unique_visitors: number;
    }>(
      `SELECT card_id, day::text AS day, visits::int AS visits, unique_visitors::int AS unique_visitors
         FROM rm_stat_daily WHERE owner_id = $1 ORDER BY day, card_id`,
      [owner],
    );
    expect(rows).toEqual([
      { card_id: '*', day: '2026-03-02', visits: 3, unique_visitors: 1 },
      { card_id: first, day: '2026-03-02', visits: 2, unique_visitors: 1 },
      { card_id: second, day: '2026-03-02', visits: 1, unique_visitors: 1 },
      { card_id: '*', day: '2026-03-03', visits: 2, unique_visitors: 2 },
      { card_id: first, day: '2026-03-03', visits: 2, unique_visitors: 2 },
    ]);
    const totals = await database.pool.query<{ card_id: string; unique_visitors: number }>(
      'SELECT card_id, unique_visitors::int AS unique_visitors FROM rm_stat_totals WHERE owner_id = $1 ORDER BY card_id',
      [owner],
    );
    // Unique visitors = the sum over days of each day's distinct visitors.
    expect(totals.rows).toEqual([
      { card_id: '*', unique_visitors: 3 },
      { card_id: first, unique_visitors: 3 },
      { card_id: second, unique_visitors: 1 },
    ]);
  });

  it('puts 23:59:59 Istanbul (20:59:59Z) on one day and 00:00:00 Istanbul (21:00:00Z) on the next', async () => {
    const owner = randomUUID();
    const cardId = 'VC-GECE01';
    await appendTelemetry({ store, codec }, [
      visited({ ownerId: owner, cardId, at: '2026-03-09T20:59:59.999Z', visitor: 'gece kuşu' }),
      visited({ ownerId: owner, cardId, at: '2026-03-09T21:00:00.000Z', visitor: 'gece kuşu' }),
      clicked({ ownerId: owner, cardId, at: '2026-03-09T21:00:00.000Z', clickType: 'phone' }),
    ]);
    await runner.catchUp();
    const { rows } = await database.pool.query<{
      day: string;
      visits: number;
      unique_visitors: number;
      clicks: number;
    }>(
      `SELECT day::text AS day, visits::int AS visits, unique_visitors::int AS unique_visitors, clicks::int AS clicks
         FROM rm_stat_daily WHERE owner_id = $1 AND card_id = $2 ORDER BY day`,
      [owner, cardId],
    );
    expect(rows).toEqual([
      { day: '2026-03-09', visits: 1, unique_visitors: 1, clicks: 0 },
      { day: '2026-03-10', visits: 1, unique_visitors: 1, clicks: 1 },
    ]);
  });

  it('keeps the visit times, unknown places and browsers, and clicks without a card only for the owner', async () => {
    const owner = randomUUID();
    const cardId = 'VC-BILINM';
    await appendTelemetry({ store, codec }, [
      visited({ ownerId: owner, cardId, at: '2026-03-05T10:00:00.000Z', country: null, city: null, browser: null }),
      visited({ ownerId: owner, cardId, at: '2026-03-04T10:00:00.000Z', country: 'TR', city: null }),
      clicked({
        ownerId: owner,
        cardId: null,
        at: '2026-03-05T11:00:00.000Z',
        clickType: 'social',
        platform: 'instagram',
      }),
    ]);
    await runner.catchUp();
    const totals = await database.pool.query<{
      card_id: string;
      visits: number;
      clicks: number;
      first_visit_at: Date;
      last_visit_at: Date;
    }>(
      `SELECT card_id, visits::int AS visits, clicks::int AS clicks, first_visit_at, last_visit_at
         FROM rm_stat_totals WHERE owner_id = $1 ORDER BY card_id`,
      [owner],
    );
    expect(totals.rows).toEqual([
      {
        card_id: '*',
        visits: 2,
        clicks: 1,
        first_visit_at: new Date('2026-03-04T10:00:00.000Z'),
        last_visit_at: new Date('2026-03-05T10:00:00.000Z'),
      },
      {
        card_id: cardId,
        visits: 2,
        clicks: 0,
        first_visit_at: new Date('2026-03-04T10:00:00.000Z'),
        last_visit_at: new Date('2026-03-05T10:00:00.000Z'),
      },
    ]);
    const breakdowns = await database.pool.query<{ dimension: string; key: string; detail: string }>(
      `SELECT dimension, key, detail FROM rm_stat_breakdowns WHERE owner_id = $1 AND card_id = '*'
        AND dimension IN ('location', 'browser', 'click') ORDER BY dimension, key, detail`,
      [owner],
    );
    expect(breakdowns.rows).toEqual([
      { dimension: 'browser', key: '', detail: '' },
      { dimension: 'browser', key: 'Chrome', detail: '' },
      { dimension: 'click', key: 'social', detail: 'instagram' },
      { dimension: 'location', key: '', detail: '' },
      { dimension: 'location', key: 'TR', detail: '' },
    ]);
  });

  it('counts nothing twice when a batch is delivered again', async () => {
    const before = await projectedTables(database.pool);
    const outcome = await deliverDirectly((await store.readAll(null, 500)).events);
    expect(outcome).toEqual({ touched: [] });
    expect(await projectedTables(database.pool)).toEqual(before);
  });

  it('counts only the new events of a batch that begins with events it counted before', async () => {
    const given = await projectedTables(database.pool);
    const owner = randomUUID();
    const last = await appendTelemetry({ store, codec }, [
      visited({ ownerId: owner, cardId: 'VC-YENI01', at: '2026-03-05T09:00:00Z', visitor: 'biri' }),
      visited({ ownerId: owner, cardId: 'VC-YENI01', at: '2026-03-05T09:05:00Z', visitor: 'öteki' }),
    ]);
    // Writers elsewhere on the server may hold the readers' horizon back for a moment.
    if (last) await untilReadable(store, last);
    // When a batch arrives holding the whole history: everything counted before, then the two new visits.
    const history = await store.readAll(null, 100_000, { types: ['CardVisited', 'ContactClicked'] });
    expect(await deliverDirectly(history.events)).toEqual({ touched: [owner] });
    // Then only the new owner's rows were added, and the runner delivering them once more changes nothing.
    const added = await projectedTables(database.pool);
    expect(added.totals.filter((row) => row.owner_id !== owner)).toEqual(given.totals);
    expect(
      added.totals.filter((row) => row.owner_id === owner).map((row) => [row.card_id, row.visits, row.unique_visitors]),
    ).toEqual([
      ['*', 2, 2],
      ['VC-YENI01', 2, 2],
    ]);
    await runner.catchUp();
    expect(await projectedTables(database.pool)).toEqual(added);
    await expectTablesEqualToEvents();
  });

  it('builds the same tables when history is replayed into a new generation', async () => {
    const live = await projectedTables(database.pool);
    const result = await rebuildProjection({ pool: database.pool, store, codec, batchSize: 250 }, statisticsProjection);
    expect(result.generation).toBe(2);
    expect(await projectedTables(database.pool)).toEqual(live);
    await expectTablesEqualToEvents();
  });

  it('stores visitor hashes as bytes and nothing that names a person', async () => {
    const { rows } = await database.pool.query<{ visitor: string }>(
      "SELECT encode(visitor, 'hex') AS visitor FROM rm_stat_visitors LIMIT 1",
    );
    expect(rows[0]?.visitor).toMatch(/^[0-9a-f]{32}$/);
    expect(visitorHash('x')).toMatch(/^[0-9a-f]{32}$/);
  });
});
