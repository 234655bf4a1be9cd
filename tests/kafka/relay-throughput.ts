/**
 * Relay throughput (issue 16): how many stored events per second the relay publishes to Kafka, the broker's ack and
 * the checkpoint's commit included. `measureRelayThroughput` is for the bench (`npm run bench -- --shape scaled`);
 * run alone:
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres [KAFKA_BROKERS=127.0.0.1:9092] \
 *     npx tsx tests/kafka/relay-throughput.ts [--events 50000]
 *
 * It makes a database of its own on that server (dropped at the end) and, without KAFKA_BROKERS, a broker of its own.
 *
 * The bench (tests/bench/scaled-shape.ts) runs each measurement in a process of its own, on a database it seeded
 * (DATABASE_URL names that database itself) and its broker (KAFKA_BROKERS), answering one JSON line on stdout:
 *
 *   --measure relay       the relay publishing the whole store (measureRelayThroughput)
 *   --measure producer    the baseline: the same records produced with kafkajs alone (measureBareProducer)
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kafka, Partitioners, logLevel, type Message } from 'kafkajs';
import type pg from 'pg';
import { startKafkaBroker } from '../../infra/kafka/broker.ts';
import { createDatabaseIfMissing, dropDatabase } from '../../infra/src/db/admin.ts';
import { openDatabase } from '../../infra/src/db/database.ts';
import { withDatabase } from '../../infra/src/db/url.ts';
import { compareCheckpoints } from '../../infra/src/event-store/checkpoint.ts';
import { createEventStore } from '../../infra/src/event-store/create.ts';
import type { Checkpoint, EventStore, NewEvent } from '../../infra/src/event-store/types.ts';
import type { RecordedEvent } from '../../infra/src/event-store/types.ts';
import { createEventTransport } from '../../infra/src/transport/create.ts';
import { chunksByBytes, eventMessage } from '../../infra/src/transport/kafka.ts';
import { KafkaRelay, readRelayCheckpoint } from '../../infra/src/transport/relay.ts';

export interface RelayThroughput {
  readonly events: number;
  readonly seconds: number;
  readonly eventsPerSecond: number;
}

/**
 * Appends `count` events shaped like the product's busiest ones (a visit's size, spread over `streams` card streams),
 * 1,000 per append. Answers the position of the last one.
 */
export async function seedRelayEvents(store: EventStore, count: number, streams = 500): Promise<Checkpoint> {
  let last: Checkpoint | null = null;
  for (let start = 0; start < count; start += 1_000) {
    const byStream = new Map<string, NewEvent[]>();
    for (let index = start; index < Math.min(count, start + 1_000); index += 1) {
      const streamId = `card-${index % streams}`;
      const events = byStream.get(streamId) ?? [];
      events.push({
        eventId: randomUUID(),
        type: 'CardVisited',
        schemaVersion: 1,
        data: {
          cardId: `card-${index % streams}`,
          visitorId: randomBytes(16).toString('hex'),
          device: 'mobile',
          browser: 'Safari',
          city: 'İstanbul',
          country: 'TR',
          referrer: 'qr',
          visitedAt: new Date(Date.UTC(2026, 10, 24, 12, 0, 0, index)).toISOString(),
        },
        metadata: { actor: 'visitor' },
      });
      byStream.set(streamId, events);
    }
    const result = await store.append(
      [...byStream].map(([streamId, events]) => ({ streamId, expected: 'any' as const, events })),
    );
    last = result.position;
  }
  if (last === null) throw new Error('seedRelayEvents: nothing to seed');
  return last;
}

/**
 * A relay publishing the store from its start (a topic of its own) until its checkpoint reaches `until`: events per
 * second from its start to its last commit.
 */
export async function measureRelayThroughput(options: {
  readonly pool: pg.Pool;
  readonly store: EventStore;
  readonly brokers: readonly string[];
  readonly until: Checkpoint;
  readonly events: number;
  readonly partitions?: number;
  readonly log?: (message: string) => void;
}): Promise<RelayThroughput> {
  const topic = `kartvizit.relay-bench.${randomUUID()}`;
  const transport = createEventTransport(
    { brokers: options.brokers, topic, partitions: options.partitions ?? 6, transport: 'kafka' },
    options.log ?? (() => undefined),
    { role: 'relay-bench' },
  );
  await transport.ensureTopic();
  const relay = new KafkaRelay({
    pool: options.pool,
    store: options.store,
    transport,
    topic,
    pollIntervalMs: 20,
    log: options.log,
  });
  const started = performance.now();
  relay.start();
  try {
    for (;;) {
      const checkpoint = await readRelayCheckpoint(options.pool, topic);
      if (compareCheckpoints(checkpoint, options.until) >= 0) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const seconds = (performance.now() - started) / 1000;
    const onTopic = [...(await transport.endOffsets()).values()].reduce((total, end) => total + Number(end), 0);
    if (onTopic < options.events) throw new Error(`the topic holds ${onTopic} events, expected ${options.events}`);
    return { events: options.events, seconds, eventsPerSecond: options.events / seconds };
  } finally {
    await relay.stop();
    await transport.close();
  }
}

/** Every event of the store, in the log's order, read as the relay reads it (pages of 1,000). */
export async function readWholeStore(store: EventStore): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  let checkpoint: Checkpoint | null = null;
  for (;;) {
    const page = await store.readAll(checkpoint, RELAY_PAGE);
    if (page.events.length === 0 || page.checkpoint === null) return events;
    events.push(...page.events);
    checkpoint = page.checkpoint;
  }
}

/** The relay's page: events read from the store and handed to one publish. */
const RELAY_PAGE = 1_000;

/**
 * The baseline for the relay: kafkajs alone producing the very records the relay publishes, as the transport builds
 * them (key = stream id, value = the event as JSON, the same five headers, the partition chosen with the Java client's
 * partitioner), from an idempotent producer (one request in flight, acks from all in-sync replicas), in the relay's
 * pages of 1,000 split into the same requests, each awaited. No store, no checkpoint, no marks. Events per second from
 * the producer's connect to the last ack, like the relay's figure from its start to its last commit.
 */
export async function measureBareProducer(options: {
  readonly brokers: readonly string[];
  readonly events: readonly RecordedEvent[];
  readonly partitions?: number;
}): Promise<RelayThroughput> {
  const topic = `kartvizit.producer-bench.${randomUUID()}`;
  const partitions = options.partitions ?? 6;
  const kafka = new Kafka({
    clientId: 'kartvizit-producer-bench',
    brokers: [...options.brokers],
    // kafkajs logs the retries it makes itself (a fresh broker's coordinator still loading); a failure throws anyway.
    logLevel: logLevel.NOTHING,
  });
  const admin = kafka.admin();
  await admin.connect();
  const producer = kafka.producer({
    idempotent: true,
    maxInFlightRequests: 1,
    allowAutoTopicCreation: false,
    createPartitioner: Partitioners.DefaultPartitioner,
  });
  try {
    await admin.createTopics({
      topics: [{ topic, numPartitions: partitions, replicationFactor: 1 }],
      waitForLeaders: true,
    });
    const partitioner = Partitioners.DefaultPartitioner();
    const messages = options.events.map((event) => eventMessage(event, { topic, partitions, partitioner }));
    const requests: Message[][] = [];
    for (let start = 0; start < messages.length; start += RELAY_PAGE) {
      requests.push(...chunksByBytes(messages.slice(start, start + RELAY_PAGE)));
    }
    const started = performance.now();
    await producer.connect();
    for (const request of requests) await producer.send({ topic, acks: -1, messages: request });
    const seconds = (performance.now() - started) / 1000;
    const offsets = await admin.fetchTopicOffsets(topic);
    const onTopic = offsets.reduce((total, entry) => total + Number(entry.high), 0);
    if (onTopic !== messages.length) throw new Error(`the topic holds ${onTopic} records, expected ${messages.length}`);
    return { events: messages.length, seconds, eventsPerSecond: messages.length / seconds };
  } finally {
    await producer.disconnect();
    await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
    await admin.disconnect();
  }
}

/**
 * `--measure relay|producer` (the bench): one measurement on the seeded database DATABASE_URL names, one JSON line.
 */
async function measureOnce(
  kind: string,
  databaseUrl: string,
  brokers: readonly string[],
  events: number,
): Promise<void> {
  if (kind !== 'relay' && kind !== 'producer') throw new Error(`--measure must be relay or producer, got ${kind}`);
  const workDir = mkdtempSync(join(tmpdir(), 'kartvizit-relay-bench-'));
  const database = await openDatabase({ databaseUrl, dataDir: workDir });
  const store = await createEventStore({ kind: 'postgres' }, { pool: database.pool });
  try {
    let result: RelayThroughput;
    if (kind === 'relay') {
      const stored = await readWholeStore(store);
      const until = stored.at(-1)?.position;
      if (until === undefined || stored.length !== events) {
        throw new Error(`the store holds ${stored.length} events, expected ${events}`);
      }
      stored.length = 0;
      result = await measureRelayThroughput({ pool: database.pool, store, brokers, until, events });
    } else {
      // Read before the clock starts, and the database closed: the producer works alone.
      const stored = await readWholeStore(store);
      if (stored.length !== events) throw new Error(`the store holds ${stored.length} events, expected ${events}`);
      await store.close();
      await database.close();
      result = await measureBareProducer({ brokers, events: stored });
    }
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await store.close();
    await database.close();
    rmSync(workDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const server = process.env.DATABASE_URL;
  if (!server) throw new Error('DATABASE_URL (a PostgreSQL server) is needed');
  const eventsArg = process.argv.indexOf('--events');
  const events = eventsArg > 0 ? Number(process.argv[eventsArg + 1]) : 50_000;
  const log = (message: string) => console.log(`[relay-throughput] ${message}`);

  const external = process.env.KAFKA_BROKERS?.split(',').filter((broker) => broker.trim() !== '');
  const measureArg = process.argv.indexOf('--measure');
  if (measureArg > 0) {
    if (!external?.length) throw new Error('--measure needs KAFKA_BROKERS');
    await measureOnce(process.argv[measureArg + 1] ?? '', server, external, events);
    return;
  }
  const broker = external?.length ? null : await startKafkaBroker();
  const brokers = external?.length ? external : (broker?.brokers ?? []);
  const name = `kartvizit_relay_bench_${randomBytes(4).toString('hex')}`;
  const workDir = mkdtempSync(join(tmpdir(), 'kartvizit-relay-bench-'));
  await createDatabaseIfMissing(server, name);
  const database = await openDatabase({ databaseUrl: withDatabase(server, name), dataDir: workDir });
  const store = await createEventStore({ kind: 'postgres' }, { pool: database.pool });
  try {
    const seeding = performance.now();
    const until = await seedRelayEvents(store, events);
    log(`${events} events stored in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
    const result = await measureRelayThroughput({ pool: database.pool, store, brokers, until, events, log });
    log(
      `published ${result.events} events in ${result.seconds.toFixed(2)} s: ` +
        `${Math.round(result.eventsPerSecond)} events/s (broker ack and checkpoint commit included)`,
    );
  } finally {
    await store.close();
    await database.close();
    await dropDatabase(server, name);
    rmSync(workDir, { recursive: true, force: true });
    await broker?.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
