import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveKey } from '@kartvizit/infra/config/secrets';
import { createTestDatabase, type TestDatabase } from '@kartvizit/infra/db/test-database';
import { untilReadable } from '@kartvizit/infra/event-store/horizon';
import { createEventStore } from '@kartvizit/infra/event-store/create';
import type { Checkpoint, EventStore, RecordedEvent } from '@kartvizit/infra/event-store/types';
import { recordMark } from '@kartvizit/infra/transport/marks';
import type { EventTransport, TransportBatch } from '@kartvizit/infra/transport/types';
import { EventCodec } from '@kartvizit/infra/vault/event-codec';
import { PersonalDataVault } from '@kartvizit/infra/vault/personal-data-vault';
import { KafkaSource } from '@kartvizit/infra/processing/kafka-source';
import { ProjectionWork } from '@kartvizit/infra/processing/projection-work';
import { initialiseProjection, rebuildProjection } from '@kartvizit/infra/processing/rebuild';
import { statisticsProjection } from '@kartvizit/projector/statistics/statistics-projection';
import {
  appendTelemetry,
  expectedBreakdowns,
  expectedDaily,
  expectedTotals,
  projectedTables,
  traffic,
} from '../http/statistics-fixtures.ts';

/**
 * The Kafka-fed runner's bookkeeping, batch by batch, without a broker: this file plays the topic (two partitions,
 * events keyed by stream) and the relay's marks, and hands the runner the batches a consumer would, in the orders and
 * repetitions Kafka may bring them. The statistics are the projection: their counters show any event counted twice or
 * missed. (tests/kafka/projections.int.spec.ts runs the same runner on a real broker.)
 */
const TOPIC = 'kartvizit.events.runner';
let database: TestDatabase;
let store: EventStore;
let codec: EventCodec;
let runner: KafkaSource;

/** The topic as this file keeps it: partition → events in offset order. */
const partitions = new Map<number, RecordedEvent[]>([
  [0, []],
  [1, []],
]);
const streams: string[] = [];
let published: Checkpoint | null = null;

function partitionOf(streamId: string): number {
  if (!streams.includes(streamId)) streams.push(streamId);
  return streams.indexOf(streamId) % partitions.size;
}

function ends(): Map<number, string> {
  return new Map([...partitions].map(([partition, events]) => [partition, String(events.length)]));
}

/** Publishes what the store holds after the last publish; the mark comes only when asked (the relay writes it after the ack). */
async function publish(options: { readonly mark: boolean }): Promise<Checkpoint | null> {
  const { events, checkpoint } = await store.readAll(published, 10_000);
  for (const event of events) partitions.get(partitionOf(event.streamId))?.push(event);
  published = checkpoint ?? published;
  if (options.mark && published) await recordMark(database.pool, TOPIC, published, ends());
  return published;
}

/** A partition's events from `from` (offset) on, as one batch. */
function batch(partition: number, from: number, to?: number): TransportBatch {
  const events = (partitions.get(partition) ?? []).slice(from, to);
  return {
    topic: TOPIC,
    partition,
    deliveries: events.map((event, index) => ({ partition, offset: String(from + index), event })),
    nextOffset: String(from + events.length),
  };
}

async function checkpointNow(): Promise<string | null> {
  const { rows } = await database.pool.query<{ checkpoint: string | null }>(
    "SELECT checkpoint FROM projection_checkpoints WHERE name = 'statistics'",
  );
  return rows[0]?.checkpoint ?? null;
}

async function expectStatisticsOfTheWholeLog(): Promise<void> {
  const tables = await projectedTables(database.pool);
  expect(tables.daily).toEqual(await expectedDaily(database.pool));
  expect(tables.totals).toEqual(await expectedTotals(database.pool));
  expect(tables.breakdowns).toEqual(await expectedBreakdowns(database.pool));
}

async function appendTraffic(count: number, seed: number): Promise<void> {
  const owners = [
    { ownerId: randomUUID(), cards: ['VC-KAFKA1', 'VC-KAFKA2'] },
    { ownerId: randomUUID(), cards: ['VC-KAFKA3'] },
  ];
  const appended = await appendTelemetry(
    { store, codec },
    traffic(owners, { count, days: 3, until: new Date(), seed }),
    25,
  );
  if (appended) await untilReadable(store, appended);
}

beforeAll(async () => {
  database = await createTestDatabase();
  store = await createEventStore({ kind: 'postgres' }, { pool: database.pool });
  codec = new EventCodec(new PersonalDataVault(database.pool, deriveKey(randomBytes(32), 'personal-data-kek')));
  // No broker here: the runner is handed batches directly, and never asked to subscribe.
  const transport = {} as EventTransport;
  const deps = { pool: database.pool, store, codec, topic: TOPIC, transport };
  runner = new KafkaSource(new ProjectionWork(statisticsProjection, deps), deps);
  await initialiseProjection({ pool: database.pool, store, codec }, statisticsProjection);
  await appendTraffic(400, 20261124);
}, 60_000);

afterAll(async () => {
  await runner?.stop();
  await store?.close();
  await database?.drop();
});

describe('a projection fed by Kafka, batch by batch', () => {
  it('starts each partition at its beginning, and names a checkpoint only once every partition is read up to a mark', async () => {
    const head = await publish({ mark: true });
    expect((partitions.get(0) ?? []).length).toBeGreaterThan(0);
    expect((partitions.get(1) ?? []).length).toBeGreaterThan(0);
    // Given a new projection: it starts every partition from the beginning.
    expect(await runner.resumeAt(0)).toBeNull();
    expect(await runner.resumeAt(1)).toBeNull();
    // When partition 1 is read: the mark still waits for partition 0.
    expect(await runner.handle(batch(1, 0))).toBeUndefined();
    expect(await checkpointNow()).toBeNull();
    // When partition 0 is read too: the checkpoint is the mark's, and the counts are those of the whole log.
    expect(await runner.handle(batch(0, 0))).toBeUndefined();
    expect(await checkpointNow()).toBe(head);
    await expectStatisticsOfTheWholeLog();
    expect(await runner.resumeAt(0)).toBe(String(partitions.get(0)?.length));
  });

  it('drops what it applied before when a partition comes again, and asks for what it missed when a batch skips ahead', async () => {
    const before = await projectedTables(database.pool);
    // When partition 0 is handed over again from its start (a rebalance before the group's offset was committed).
    expect(await runner.handle(batch(0, 0))).toBeUndefined();
    expect(await projectedTables(database.pool)).toEqual(before);
    // When new events come, and the consumer hands partition 1 from past what the projection applied.
    await appendTraffic(200, 7);
    await publish({ mark: true });
    const applied = await runner.resumeAt(1);
    const past = Number(applied) + 1;
    expect(await runner.handle(batch(1, past))).toEqual({ seekTo: applied });
    // Then nothing of that batch was counted; handed from the right place, everything is.
    expect(await projectedTables(database.pool)).toEqual(before);
    expect(await runner.handle(batch(1, Number(applied)))).toBeUndefined();
    expect(await runner.handle(batch(0, Number(await runner.resumeAt(0))))).toBeUndefined();
    await expectStatisticsOfTheWholeLog();
    expect(await checkpointNow()).toBe(published);
  });

  it('moves the checkpoint once the relay records the mark after the events were applied', async () => {
    const reached = await checkpointNow();
    // Given events applied before their mark exists (the relay writes it after the broker's ack).
    await appendTraffic(50, 11);
    const head = await publish({ mark: false });
    for (const partition of [0, 1]) await runner.handle(batch(partition, Number(await runner.resumeAt(partition))));
    expect(await checkpointNow()).toBe(reached);
    // When the mark is recorded: advancing names it, without another batch.
    await recordMark(database.pool, TOPIC, head as Checkpoint, ends());
    expect(await runner.advance()).toBe(head);
    expect(await checkpointNow()).toBe(head);
  });

  it('after a rebuild, continues each partition where it was, counting nothing twice and missing nothing', async () => {
    // Given events on the topic the projection has consumed in one partition only (the other lags), and a rebuild
    // from the store that replays the whole log into a new generation.
    await appendTraffic(120, 99);
    const head = await publish({ mark: true });
    const at0 = Number(await runner.resumeAt(0));
    expect(await runner.handle(batch(0, at0))).toBeUndefined();
    const places = await database.pool.query('SELECT partition, next_offset FROM projection_kafka_offsets ORDER BY 1');
    const rebuilt = await rebuildProjection({ pool: database.pool, store, codec }, statisticsProjection);
    expect(rebuilt.checkpoint).toBe(head);
    await expectStatisticsOfTheWholeLog();
    // Then its places in the partitions stay: the replay covered what it had consumed.
    const kept = await database.pool.query('SELECT partition, next_offset FROM projection_kafka_offsets ORDER BY 1');
    expect(kept.rows).toEqual(places.rows);
    // When the lagging partition's events come (the rebuild applied them already), and partition 0 again from an older
    // offset: nothing is counted twice; a batch past the place is sent back.
    const at1 = Number(await runner.resumeAt(1));
    expect(await runner.handle(batch(1, at1))).toBeUndefined();
    expect(await runner.handle(batch(0, Math.max(0, at0 - 30)))).toBeUndefined();
    const end1 = String(partitions.get(1)?.length);
    expect(await runner.handle(batch(1, Number(end1) + 1))).toEqual({ seekTo: end1 });
    await expectStatisticsOfTheWholeLog();
    // When new events come after the rebuild, they count once, and the checkpoint follows the marks.
    const end0 = String(partitions.get(0)?.length);
    await appendTraffic(60, 5);
    const next = await publish({ mark: true });
    expect(await runner.handle(batch(1, Number(end1)))).toBeUndefined();
    expect(await runner.handle(batch(0, Number(end0)))).toBeUndefined();
    await expectStatisticsOfTheWholeLog();
    expect(await checkpointNow()).toBe(next);
  });
});
