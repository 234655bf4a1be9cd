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
import { telemetryStreamId } from '@kartvizit/schemas';
import { projectionSpecification } from '@kartvizit/projector/core/projection-specification';
import { rebuildProjection } from '@kartvizit/projector/core/rebuild';
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
 * aggregates computed over the events table, across batch boundaries (batches of 97 events)
 * and a blue/green rebuild. The rules one visit or click follows, and redelivery, are told
 * event by event (given / when / then rows).
 */
let database: TestDatabase;
let store: EventStore;
let codec: EventCodec;
let signals: SignalBus;
let runner: ProjectionRunner;
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
  runner = new ProjectionRunner(statisticsProjection, { pool: database.pool, store, codec, signals, batchSize: 97 });
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
  // It remembers the last telemetry event it counted.
  const last = await database.pool.query<{ position: string }>(
    `SELECT transaction_id::text || ':' || global_position::text AS position FROM events
      WHERE type IN ('CardVisited', 'ContactClicked') ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
  );
  expect(tables.position).toBe(last.rows[0]?.position);
}

const spec = projectionSpecification(statisticsProjection, {
  pool: () => database.pool,
  codec: () => codec,
  streamOf: () => telemetryStreamId(0),
});

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
    const appended = await appendTelemetry({ store, codec }, [visited({ ownerId: carol.ownerId, cardId: 'VC-CAROL1', at: new Date() })]);
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

  it('keeps the visit times, unknown places and browsers, and clicks without a card only for the owner', async () => {
    const owner = randomUUID();
    const cardId = 'VC-BILINM';
    await spec
      .given([
        visited({ ownerId: owner, cardId, at: '2026-03-05T10:00:00.000Z', country: null, city: null, browser: null }),
      ])
      .when([
        visited({ ownerId: owner, cardId, at: '2026-03-04T10:00:00.000Z', country: 'TR', city: null }),
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
          { card_id: '*', dimension: 'location', key: '', detail: '', count: 1 },
          { card_id: '*', dimension: 'location', key: 'TR', detail: '', count: 1 },
          { card_id: cardId, dimension: 'browser', key: '', detail: '', count: 1 },
          { card_id: cardId, dimension: 'browser', key: 'Chrome', detail: '', count: 1 },
          { card_id: cardId, dimension: 'device', key: 'mobile', detail: '', count: 2 },
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
          { card_id: '*', dimension: 'location', count: 1 },
          { card_id: cardId, dimension: 'browser', count: 1 },
          { card_id: cardId, dimension: 'click', count: 1 },
          { card_id: cardId, dimension: 'device', count: 1 },
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
