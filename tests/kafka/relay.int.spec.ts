import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { accountStreamId, type AccountEvent } from '@kartvizit/schemas';
import { deriveKey } from '@kartvizit/infra/config/secrets';
import { createTestDatabase, type TestDatabase } from '@kartvizit/infra/db/test-database';
import { compareCheckpoints, parseCheckpoint } from '@kartvizit/infra/event-store/checkpoint';
import { createEventStore } from '@kartvizit/infra/event-store/create';
import type { Checkpoint, EventStore, RecordedEvent } from '@kartvizit/infra/event-store/types';
import { createEventTransport } from '@kartvizit/infra/transport/create';
import { KafkaRelay, readRelayCheckpoint } from '@kartvizit/infra/transport/relay';
import type { EventTransport } from '@kartvizit/infra/transport/types';
import { EventCodec } from '@kartvizit/infra/vault/event-codec';
import { PersonalDataVault } from '@kartvizit/infra/vault/personal-data-vault';
import { kafkaForTests } from '../support/kafka.ts';
import { expectAsStored, headerTexts, rawMessages, type RawMessage } from './raw.ts';

/**
 * The relay (issue 16, decision 42) against real PostgreSQL and the real broker: every stored event reaches the topic,
 * once per acknowledged page, in the log's order per stream; the checkpoint moves only after the broker's ack.
 */
const { kafka, skipped } = await kafkaForTests();
afterAll(() => kafka?.stop());

const brokers = kafka?.brokers ?? [];
const WAIT = { timeout: 60_000, interval: 25 } as const;

interface World {
  readonly db: TestDatabase;
  readonly store: EventStore;
  readonly codec: EventCodec;
  readonly topic: string;
  readonly logs: string[];
  /** A relay instance (its own transport, the test's topic), started. */
  readonly relay: (options?: {
    readonly brokers?: readonly string[];
    readonly batchSize?: number;
    readonly pruneMinAgeMs?: number;
  }) => KafkaRelay;
  /** Registers `owners` accounts (AccountRegistered with a sealed e-mail, then PasswordChanged). */
  readonly register: (owners: number) => Promise<void>;
  readonly everything: () => Promise<RecordedEvent[]>;
  /** Waits until the relay has published everything appended; answers its checkpoint. */
  readonly published: () => Promise<Checkpoint | null>;
  /** How many messages the topic holds. */
  readonly onTopic: () => Promise<number>;
  readonly close: () => Promise<void>;
}

let world: World | null = null;
afterEach(async () => {
  await world?.close();
  world = null;
});

async function given(): Promise<World> {
  const db = await createTestDatabase();
  const store = await createEventStore({ kind: 'postgres' }, { pool: db.pool });
  const codec = new EventCodec(new PersonalDataVault(db.pool, deriveKey(randomBytes(32), 'personal-data-kek')));
  const topic = `kartvizit.relay.${randomUUID()}`;
  const logs: string[] = [];
  const relays: KafkaRelay[] = [];
  const transports: EventTransport[] = [];
  const transportTo = (to: readonly string[]) => {
    const transport = createEventTransport(
      { brokers: to, topic, partitions: 3, transport: 'kafka' },
      (message) => logs.push(message),
      { role: 'relay-test', retry: { retries: 1, initialRetryTime: 50, maxRetryTime: 200 } },
    );
    transports.push(transport);
    return transport;
  };
  const reader = transportTo(brokers);
  let registered = 0;
  /** Where the last append ended: the store's head once no other transaction on the server holds it back. */
  let appended: Checkpoint | null = null;
  const caughtUp = (checkpoint: Checkpoint | null) =>
    expect(compareCheckpoints(checkpoint, appended)).toBeGreaterThanOrEqual(0);
  const created: World = {
    db,
    store,
    codec,
    topic,
    logs,
    relay(options = {}) {
      const relay = new KafkaRelay({
        pool: db.pool,
        store,
        transport: transportTo(options.brokers ?? brokers),
        topic,
        pollIntervalMs: 50,
        batchSize: options.batchSize,
        pruneEveryMs: options.pruneMinAgeMs === undefined ? undefined : 0,
        pruneMinAgeMs: options.pruneMinAgeMs,
        log: (message) => logs.push(message),
      });
      relays.push(relay);
      relay.start();
      return relay;
    },
    async register(owners) {
      for (let index = 0; index < owners; index += 1) {
        const userId = randomUUID();
        registered += 1;
        const history: AccountEvent[] = [
          {
            type: 'AccountRegistered',
            data: {
              userId,
              email: `gizli.kisi.${registered}@example.com`,
              firstName: 'Şükrü',
              lastName: 'Çağlayan',
              registeredAt: new Date(Date.UTC(2026, 10, 24)).toISOString(),
            },
          },
          { type: 'PasswordChanged', data: { userId, changedAt: new Date(Date.UTC(2026, 10, 25)).toISOString() } },
        ];
        const result = await store.append([
          {
            streamId: accountStreamId(userId),
            expected: 'no_stream',
            events: await Promise.all(history.map((event) => codec.encode(event))),
          },
        ]);
        appended = result.position;
      }
    },
    async everything() {
      // Events appended show in readAll once no older transaction anywhere on the server can still commit before them.
      let events: readonly RecordedEvent[] = [];
      await vi.waitFor(async () => {
        events = (await store.readAll(null, 100_000)).events;
        caughtUp(events.at(-1)?.position ?? null);
      }, WAIT);
      return [...events];
    },
    async published() {
      let checkpoint: Checkpoint | null = null;
      await vi.waitFor(async () => {
        checkpoint = await readRelayCheckpoint(db.pool, topic);
        caughtUp(checkpoint);
      }, WAIT);
      return checkpoint;
    },
    async onTopic() {
      await reader.ensureTopic();
      return [...(await reader.endOffsets()).values()].reduce((total, end) => total + Number(end), 0);
    },
    async close() {
      await Promise.all(relays.map((relay) => relay.stop()));
      await Promise.all(transports.map((transport) => transport.close()));
      await store.close();
      await db.drop();
    },
  };
  world = created;
  return created;
}

function eventOf(message: RawMessage): RecordedEvent & { readonly createdAt: string } {
  return JSON.parse(message.value?.toString('utf8') ?? 'null') as RecordedEvent & { readonly createdAt: string };
}

async function marks(topic: string, db: TestDatabase) {
  const { rows } = await db.pool.query<{ checkpoint: Checkpoint; offsets: Record<string, string> }>(
    'SELECT checkpoint, offsets FROM kafka_relay_marks WHERE topic = $1 ORDER BY major, minor',
    [topic],
  );
  return rows;
}

describe.skipIf(kafka === null)(`the Kafka relay${skipped === null ? '' : ` (skipped: ${skipped})`}`, () => {
  it('given a store holding events of many streams, when the relay runs, then every event is on the topic once, each stream in the log’s order on one partition, with its headers; and every mark names exactly what the topic held then', async () => {
    const { db, topic, relay, register, everything, published, onTopic } = await given();
    await register(15);

    relay({ batchSize: 7 });
    const head = await published();

    const stored = await everything();
    expect(await onTopic()).toBe(stored.length);
    const messages = await rawMessages(brokers, topic, stored.length);
    const byId = new Map(messages.map((message) => [headerTexts(message.headers)['event-id'], message]));
    for (const event of stored) {
      const message = byId.get(event.eventId);
      expectAsStored(message, event);
    }
    for (const streamId of new Set(stored.map((event) => event.streamId))) {
      const ofStream = messages.filter((message) => message.key?.toString('utf8') === streamId);
      expect(new Set(ofStream.map((message) => message.partition)).size).toBe(1);
      expect(ofStream.map((message) => eventOf(message).streamPosition)).toEqual([0, 1]);
    }
    // Across streams too, each partition holds its events in the log's order.
    for (const partition of [0, 1, 2]) {
      const positions = messages
        .filter((message) => message.partition === partition)
        .map((message) => headerTexts(message.headers).position as Checkpoint);
      expect(positions).toEqual([...positions].sort(compareCheckpoints));
    }

    // Pages of 7: several marks, the last one at the head. Each names where every partition ended when its checkpoint
    // was reached: below those ends lie exactly the events up to the checkpoint.
    const recorded = await marks(topic, db);
    expect(recorded.length).toBeGreaterThan(2);
    expect(recorded.at(-1)?.checkpoint).toBe(head);
    for (const mark of recorded) {
      const below = messages.filter(
        (message) => BigInt(message.offset) < BigInt(mark.offsets[String(message.partition)] ?? '0'),
      );
      const upTo = stored.filter((event) => compareCheckpoints(event.position, mark.checkpoint) <= 0);
      expect(below.map((message) => headerTexts(message.headers)['event-id']).sort()).toEqual(
        upTo.map((event) => event.eventId).sort(),
      );
      expect(Object.keys(mark.offsets).sort()).toEqual(['0', '1', '2']);
    }
  });

  it('given owners’ personal data sealed in the store, then it is sealed on the topic: the plaintext e-mail and name are in no message', async () => {
    const { topic, relay, register, everything, published } = await given();
    await register(3);

    relay();
    await published();

    const stored = await everything();
    const messages = await rawMessages(brokers, topic, stored.length);
    const registrations = messages.filter(
      (message) => headerTexts(message.headers)['event-type'] === 'AccountRegistered',
    );
    expect(registrations).toHaveLength(3);
    for (const message of registrations) expect(eventOf(message).data).toHaveProperty('sealed');
    for (const message of messages) {
      const bytes = Buffer.concat([
        message.key ?? Buffer.alloc(0),
        message.value ?? Buffer.alloc(0),
        Buffer.from(JSON.stringify(headerTexts(message.headers))),
      ]).toString('utf8');
      expect(bytes).not.toMatch(/gizli\.kisi/);
      expect(bytes).not.toMatch(/Şükrü|Çağlayan/);
    }
  });

  it('given two relay instances on one topic, then one publishes and the other stands by; when the publisher stops, the standby takes over where it stopped', async () => {
    const { relay, register, everything, published, onTopic } = await given();
    const first = relay();
    const second = relay();
    await register(10);
    await published();
    // Two publishers would have put every event on the topic twice.
    expect(await onTopic()).toBe((await everything()).length);

    // Stop whichever holds the lock: both, one after the other, with events appended in between.
    await first.stop();
    await register(5);
    await published();
    expect(await onTopic()).toBe((await everything()).length);
    await second.stop();
    const third = relay();
    await register(5);
    await published();
    expect(await onTopic()).toBe((await everything()).length);
    await third.stop();
  });

  it('given the broker unreachable, when the relay tries, then its checkpoint does not move and nothing is lost; once a relay reaches the broker, every event is published once', async () => {
    const { db, topic, relay, register, everything, published, onTopic, logs } = await given();
    await register(4);

    const cut = relay({ brokers: ['127.0.0.1:9'] });
    await vi.waitFor(() => expect(logs.some((line) => line.includes('retrying'))).toBe(true), WAIT);
    await cut.stop();
    expect(await readRelayCheckpoint(db.pool, topic)).toBeNull();
    expect(await marks(topic, db)).toEqual([]);

    relay();
    await published();
    expect(await onTopic()).toBe((await everything()).length);
    // The log says where each instance started and why the first failed, never what the events hold.
    expect(logs.filter((line) => line.startsWith(`kafka relay: publishing to ${topic} from`))).toHaveLength(2);
    expect(logs.join('\n')).not.toMatch(/gizli|Şükrü|Çağlayan/);
  });

  it('given a relay that published and stopped, when another starts after more appends, then it continues where the first stopped: nothing twice, nothing missing', async () => {
    const { topic, relay, register, everything, published, onTopic } = await given();
    await register(6);
    const first = relay();
    const stoppedAt = await published();
    await first.stop();

    await register(6);
    relay();
    await published();

    const stored = await everything();
    expect(await onTopic()).toBe(stored.length);
    const messages = await rawMessages(brokers, topic, stored.length);
    expect(messages.map((message) => headerTexts(message.headers)['event-id']).sort()).toEqual(
      stored.map((event) => event.eventId).sort(),
    );
    // In every partition, the second relay's events come after the first one's.
    for (const partition of [0, 1, 2]) {
      const afterStop = messages
        .filter((message) => message.partition === partition)
        .map((message) => compareCheckpoints(headerTexts(message.headers).position as Checkpoint, stoppedAt) > 0);
      expect(afterStop).toEqual([...afterStop].sort());
    }
    expect(parseCheckpoint(stoppedAt ?? '')).not.toBeNull();
  });

  it('given projections that have read past some marks, then the relay forgets the marks nobody can need and keeps the one a rebuilt projection resumes from', async () => {
    const { db, topic, relay, register, everything, published } = await given();
    await register(10);
    const stored = await everything();
    // The slowest projection has read up to the 9th event; another is further.
    const slowest = stored[8]?.position;
    await db.pool.query(
      `INSERT INTO projection_checkpoints (name, checkpoint, version) VALUES ('accounts', $1, 1), ('cards', $2, 1)`,
      [slowest, stored.at(-1)?.position],
    );

    relay({ batchSize: 4, pruneMinAgeMs: 0 });
    await published();

    // Pages of at most 4 (fewer when another transaction on the server holds later events back): the newest mark at
    // or before the 9th event is at the 6th or later. It stays, with every mark after it; those before it go, among
    // them the first page's (at the 4th or before).
    const head = stored.at(-1)?.position;
    await vi.waitFor(async () => {
      const [kept, ...later] = (await marks(topic, db)).map((mark) => mark.checkpoint);
      expect(compareCheckpoints(kept ?? null, stored[5]?.position ?? null)).toBeGreaterThanOrEqual(0);
      expect(compareCheckpoints(kept ?? null, slowest ?? null)).toBeLessThanOrEqual(0);
      for (const mark of later) expect(compareCheckpoints(mark, slowest ?? null)).toBeGreaterThan(0);
      expect(later.at(-1)).toBe(head);
    }, WAIT);
  });
});
