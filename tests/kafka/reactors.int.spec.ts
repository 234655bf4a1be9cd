import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reactionStreamId, type AccountRegistered } from '@kartvizit/schemas';
import type { KafkaSettings } from '@kartvizit/infra/config/env';
import { deriveKey } from '@kartvizit/infra/config/secrets';
import { createTestDatabase } from '@kartvizit/infra/db/test-database';
import { createEventStore } from '@kartvizit/infra/event-store/create';
import type { Checkpoint, EventStore } from '@kartvizit/infra/event-store/types';
import { KafkaSource, kafkaPlaces } from '@kartvizit/infra/processing/kafka-source';
import { ReactorWork } from '@kartvizit/infra/processing/reactor-work';
import { deliveryProblems } from '@kartvizit/infra/processing/delivery-operations';
import type { Reactor, RetryPolicy } from '@kartvizit/infra/processing/reactor';
import { createEventTransport } from '@kartvizit/infra/transport/create';
import { recordMark } from '@kartvizit/infra/transport/marks';
import type { EventTransport } from '@kartvizit/infra/transport/types';
import { EventCodec } from '@kartvizit/infra/vault/event-codec';
import { PersonalDataVault } from '@kartvizit/infra/vault/personal-data-vault';
import { deliveringReactor } from '../support/delivering-reactor.ts';
import { appendRegistration } from '../support/registered-account.ts';
import { startIdempotentReceiver, type IdempotentReceiver } from '../support/idempotent-receiver.ts';
import { kafkaForTests } from '../support/kafka.ts';

/**
 * Reactors fed by Kafka (EVENT_TRANSPORT=kafka, issue 16, decision 42), on a real broker and real PostgreSQL: accounts
 * are registered in the store, a small relay of this file publishes them to a topic of the test's own (publish, then
 * the mark, as the real relay does), and Kafka-fed reactors deliver each one to an outside service that keeps every
 * idempotency key once and counts every request.
 */
const { kafka, skipped } = await kafkaForTests();

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;
let database: TestDatabase;
let store: EventStore;
let codec: EventCodec;
let receiver: IdempotentReceiver;
let settings: KafkaSettings;
let publisher: EventTransport;
/**
 * The reactor's name in this test, hence its consumer group: one of its own per test, so that no member a previous test
 * left in a group (until the broker's session timeout) delays this test's rebalance.
 */
let reactorName = 'test-delivery';
let tests = 0;
const secret = randomBytes(32);
const transports: EventTransport[] = [];
const runners: KafkaSource[] = [];
const log = (message: string) => {
  if (process.env.KAFKA_TEST_LOG) console.log(message);
};

/** The relay's work, in this file: every stored event after the last publish to the topic, then its mark. */
const relay = {
  checkpoint: null as Checkpoint | null,
  ends: new Map<number, string>(),
  async publish(): Promise<void> {
    if (this.ends.size === 0) this.ends = new Map(await publisher.endOffsets());
    for (;;) {
      const batch = await store.readAll(this.checkpoint, 200);
      if (batch.scanned === 0 || batch.checkpoint === null) return;
      const receipt = await publisher.publish(batch.events);
      for (const [partition, end] of receipt.ends) this.ends.set(partition, end);
      await recordMark(database.pool, settings.topic, batch.checkpoint, this.ends);
      this.checkpoint = batch.checkpoint;
    }
  },
};

/** A topic of the test's own with `partitions` partitions, and an empty database. */
async function given(partitions: number): Promise<void> {
  settings = {
    brokers: kafka?.brokers ?? [],
    topic: `reactors-${randomUUID()}`,
    partitions,
    transport: 'kafka',
  };
  publisher = createEventTransport(settings, log, { role: 'relay' });
  transports.push(publisher);
  await publisher.ensureTopic();
  relay.checkpoint = null;
  relay.ends = new Map();
  tests += 1;
  reactorName = `test-delivery-${tests}`;
}

beforeEach(async () => {
  database = await createTestDatabase();
  store = await createEventStore({ kind: 'postgres' }, { pool: database.pool });
  codec = new EventCodec(new PersonalDataVault(database.pool, deriveKey(secret, 'personal-data-kek')));
  receiver = await startIdempotentReceiver();
});

afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
  await Promise.all(transports.splice(0).map((transport) => transport.close()));
  await receiver.close();
  await store.close();
  await database.drop();
});

afterAll(async () => {
  await kafka?.stop();
});

/** Registers an account; answers the event's id, which is the reaction's idempotency key. */
async function register(name: string, lastName = 'Yılmaz'): Promise<string> {
  return (await appendRegistration({ store, codec }, name, lastName)).eventId;
}

function startReactor(
  retry: Partial<RetryPolicy>,
  shape: { readonly partitionOf?: (event: AccountRegistered) => string; readonly startAt?: 'head' | 'start' } = {},
): KafkaSource {
  const transport = createEventTransport(settings, log, { role: 'projector' });
  transports.push(transport);
  const reactor: Reactor<AccountRegistered> = {
    ...deliveringReactor(receiver.url, retry, shape.partitionOf),
    name: reactorName,
    ...(shape.startAt ? { startAt: shape.startAt } : {}),
  };
  const deps = { pool: database.pool, store, codec, pollIntervalMs: 50, log, transport, topic: settings.topic };
  const runner = new KafkaSource(new ReactorWork(reactor, deps), deps);
  runners.push(runner);
  runner.start();
  return runner;
}

async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 45_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not reached in 45 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Every partition's place is at its end on the topic: the reactor met everything published. A partition it has no
 * place in yet counts where it would resume (a partition the reactor never needed to hand anything from).
 */
async function placesAtTheEnd(runner: KafkaSource): Promise<boolean> {
  const places = await kafkaPlaces(database.pool, runner.work, settings.topic);
  for (const [partition, end] of relay.ends) {
    if ((places.get(partition) ?? (await runner.resumeAt(partition)) ?? '0') !== end) return false;
  }
  return true;
}

async function storedCheckpoint(): Promise<string | null | undefined> {
  const { rows } = await database.pool.query<{ checkpoint: string | null }>(
    'SELECT checkpoint FROM reactor_checkpoints WHERE name = $1',
    [reactorName],
  );
  return rows[0]?.checkpoint;
}

function requestsOf(keys: readonly string[]): number[] {
  return keys.map((key) => receiver.seen.get(key) ?? 0);
}

describe.skipIf(skipped !== null)(`reactors fed by Kafka${skipped ? ` (skipped: ${skipped})` : ''}`, () => {
  it('given accounts on the topic, when a Kafka-fed reactor runs, then each is delivered once and its places reach the partitions’ ends', async () => {
    // Given six accounts of three families on a topic of three partitions
    await given(3);
    const keys: string[] = [];
    for (const [index, name] of ['ayşe', 'çağrı', 'şule', 'ömer', 'ığdır', 'gül'].entries()) {
      keys.push(await register(name, ['Yılmaz', 'Öztürk', 'Çelik'][index % 3]));
    }
    await relay.publish();

    // When a reactor fed by Kafka runs
    const runner = startReactor({ firstDelayMs: 20, maxDelayMs: 40 }, { partitionOf: (event) => event.data.lastName });
    await until(() => receiver.kept.length === keys.length, 'every delivery kept');

    // Then each account was delivered once, and the reactor's place in every partition is at its end
    expect(new Set(receiver.kept)).toEqual(new Set(keys));
    expect(requestsOf(keys)).toEqual(keys.map(() => 1));
    await until(() => placesAtTheEnd(runner), 'places at the ends');
    expect(await deliveryProblems(database.pool)).toEqual([]);
    // And its checkpoint is the relay's newest mark, where the store loop would continue (EVENT_TRANSPORT=store)
    await until(async () => (await storedCheckpoint()) === relay.checkpoint, 'the checkpoint at the newest mark');
  });

  it('given a service that refuses the first delivery twice, when the reactor reacts, then it retries with backoff and the later events wait, parked, and follow in order', async () => {
    // Given three accounts on a topic of one partition (Kafka's order is then the log's), the first refused twice
    await given(1);
    const first = await register('ayşe');
    const second = await register('çağrı');
    const third = await register('şule');
    receiver.refuse(2, first);
    await relay.publish();

    // When the reactor runs
    startReactor({ firstDelayMs: 100, maxDelayMs: 200 });
    await until(async () => (await deliveryProblems(database.pool)).some((row) => row.state === 'parked'), 'parked');

    // Then, while the first waits for its retry, the later ones are parked behind it, not delivered
    const waiting = await deliveryProblems(database.pool);
    expect(waiting.find((row) => row.eventId === first)?.state).toBe('retrying');
    expect(receiver.seen.get(second)).toBeUndefined();

    // And once the service takes the first, the three are kept in the log's order, each once
    await until(() => receiver.kept.length === 3, 'all three kept');
    expect(receiver.kept).toEqual([first, second, third]);
    expect(requestsOf([first, second, third])).toEqual([3, 1, 1]);
    const [firstTry, secondTry] = receiver.arrivals.get(first) ?? [];
    expect((secondTry ?? 0) - (firstTry ?? 0)).toBeGreaterThanOrEqual(100);
    await until(async () => (await deliveryProblems(database.pool)).length === 0, 'nothing left waiting');
  });

  it('given a service that keeps refusing one event, when the reactor gives up, then it is dead-lettered and the next ones go on', async () => {
    // Given two accounts, the first refused every time
    await given(1);
    const refused = await register('ayşe');
    const next = await register('çağrı');
    receiver.refuse(1000, refused);
    await relay.publish();

    // When the reactor has tried three times
    startReactor({ maxAttempts: 3, firstDelayMs: 20, maxDelayMs: 40 });
    await until(() => receiver.kept.includes(next), 'the next one kept');

    // Then the first is a dead letter (a row and an event), tried exactly three times, and the next went on
    expect(receiver.seen.get(refused)).toBe(3);
    // (The service keeps the next one before the reactor hears its answer and lets its parked row go.)
    await until(async () => (await deliveryProblems(database.pool)).length === 1, 'only the dead letter left');
    const problems = await deliveryProblems(database.pool);
    expect(problems.map((row) => [row.eventId, row.state, row.attempts])).toEqual([[refused, 'dead', 3]]);
    const { events } = await store.readStream(reactionStreamId(reactorName));
    expect(events.map((event) => [event.type, (event.data as { eventId: string }).eventId])).toEqual([
      ['ReactionDeadLettered', refused],
    ]);
  });

  it('given two instances sharing the partitions, when one stops mid-stream, then every account is delivered once', async () => {
    // Given twelve accounts on a topic of four partitions, and two instances of the reactor in one group
    await given(4);
    const keys: string[] = [];
    for (let index = 0; index < 12; index += 1) keys.push(await register(`kişi${index}`));
    await relay.publish();
    const leaving = startReactor({ firstDelayMs: 20, maxDelayMs: 40 });
    const staying = startReactor({ firstDelayMs: 20, maxDelayMs: 40 });
    await until(() => receiver.kept.length === keys.length, 'the first twelve kept');

    // When one instance leaves and twelve more accounts come
    await leaving.stop();
    for (let index = 12; index < 24; index += 1) keys.push(await register(`kişi${index}`));
    await relay.publish();
    await until(() => receiver.kept.length === keys.length, 'all twenty-four kept');

    // Then each was delivered exactly once, by one instance or the other
    expect(new Set(receiver.kept)).toEqual(new Set(keys));
    expect(requestsOf(keys)).toEqual(keys.map(() => 1));
    await until(() => placesAtTheEnd(staying), 'places at the ends');
  });

  it('given a reactor stopped after some deliveries, when it starts again, then it continues from its stored places', async () => {
    // Given a reactor that delivered three accounts and stopped
    await given(2);
    const before: string[] = [];
    for (const name of ['ayşe', 'çağrı', 'şule']) before.push(await register(name));
    await relay.publish();
    const first = startReactor({ firstDelayMs: 20, maxDelayMs: 40 });
    await until(() => receiver.kept.length === 3, 'the first three kept');
    await until(() => placesAtTheEnd(first), 'places at the ends');
    await first.stop();

    // When three more come and a new instance starts
    const after: string[] = [];
    for (const name of ['ömer', 'gül', 'ığdır']) after.push(await register(name));
    await relay.publish();
    startReactor({ firstDelayMs: 20, maxDelayMs: 40 });
    await until(() => receiver.kept.length === 6, 'all six kept');

    // Then the new ones were delivered and none of the old ones again
    expect(requestsOf([...before, ...after])).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it('given the relay publishing the same events twice, when the reactor meets the copies, then nothing is delivered twice', async () => {
    // Given four accounts on the topic, delivered once each
    await given(2);
    const keys: string[] = [];
    for (const name of ['ayşe', 'çağrı', 'şule', 'ömer']) keys.push(await register(name));
    await relay.publish();
    const runner = startReactor({ firstDelayMs: 20, maxDelayMs: 40 });
    await until(() => receiver.kept.length === 4, 'the four kept');

    // When the relay publishes the whole log again (an instance stopped between the ack and its checkpoint), and one
    // more account after it
    relay.checkpoint = null;
    keys.push(await register('gül'));
    await relay.publish();
    await until(() => receiver.kept.length === 5, 'the fifth kept');
    await until(() => placesAtTheEnd(runner), 'places at the ends');

    // Then every account was delivered exactly once
    expect(requestsOf(keys)).toEqual([1, 1, 1, 1, 1]);
  });

  it('given a reactor starting at the head that the database has never seen, when it first runs, then it delivers only what comes after', async () => {
    // Given two accounts already on the topic
    await given(2);
    const old = [await register('ayşe'), await register('çağrı')];
    await relay.publish();

    // When a reactor that starts at the head first runs, and two accounts come after
    const runner = startReactor({ firstDelayMs: 20, maxDelayMs: 40 }, { startAt: 'head' });
    await until(async () => (await database.pool.query('SELECT 1 FROM reactor_checkpoints')).rowCount === 1, 'begun');
    const fresh = [await register('şule'), await register('ömer')];
    await relay.publish();
    await until(() => receiver.kept.length === 2, 'the new two kept');

    // Then only the new ones were delivered
    await until(() => placesAtTheEnd(runner), 'places at the ends');
    expect(new Set(receiver.kept)).toEqual(new Set(fresh));
    expect(requestsOf(old)).toEqual([0, 0]);
  });
});
