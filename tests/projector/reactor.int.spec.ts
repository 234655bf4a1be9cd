import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reactionStreamId, type AccountRegistered } from '@kartvizit/schemas';
import { deriveKey } from '@kartvizit/infra/config/secrets';
import { createTestDatabase } from '@kartvizit/infra/db/test-database';
import { createEventStore } from '@kartvizit/infra/event-store/create';
import { untilReadable } from '@kartvizit/infra/event-store/horizon';
import type { EventStore } from '@kartvizit/infra/event-store/types';
import { deliveryProblems, requestRetry } from '@kartvizit/infra/processing/delivery-operations';
import { ReactorWork } from '@kartvizit/infra/processing/reactor-work';
import { StoreSource } from '@kartvizit/infra/processing/store-source';
import type { RetryPolicy } from '@kartvizit/infra/processing/reactor';
import { EventCodec } from '@kartvizit/infra/vault/event-codec';
import { PersonalDataVault } from '@kartvizit/infra/vault/personal-data-vault';
import { deliveringReactor } from '../support/delivering-reactor.ts';
import { appendRegistration } from '../support/registered-account.ts';
import { startIdempotentReceiver, type IdempotentReceiver } from '../support/idempotent-receiver.ts';

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;
let database: TestDatabase;
let store: EventStore;
let codec: EventCodec;
let receiver: IdempotentReceiver;
const secret = randomBytes(32);
const runners: StoreSource[] = [];

beforeEach(async () => {
  database = await createTestDatabase();
  store = await createEventStore({ kind: 'postgres' }, { pool: database.pool });
  codec = new EventCodec(new PersonalDataVault(database.pool, deriveKey(secret, 'personal-data-kek')));
  receiver = await startIdempotentReceiver();
});

afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
  await receiver.close();
  await store.close();
  await database.drop();
});

/** Registers an account; answers the event's id, which is the reaction's idempotency key. */
async function register(name: string, lastName = 'Yılmaz'): Promise<string> {
  const { eventId, position } = await appendRegistration({ store, codec }, name, lastName);
  // A reader sees it only once every older transaction on the server has ended (another test file's may be open):
  // a test that calls catchUp() right after must not find the log still held back.
  await untilReadable(store, position);
  return eventId;
}

function startReactor(retry: Partial<RetryPolicy>, partitionOf?: (event: AccountRegistered) => string): StoreSource {
  const deps = { pool: database.pool, store, codec, pollIntervalMs: 50 };
  const runner = new StoreSource(new ReactorWork(deliveringReactor(receiver.url, retry, partitionOf), deps), deps);
  runners.push(runner);
  runner.start();
  return runner;
}

async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not reached in 30 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function deadLetteredEvents(): Promise<Array<Record<string, unknown>>> {
  const { events } = await store.readStream(reactionStreamId('test-delivery'));
  return events.filter((event) => event.type === 'ReactionDeadLettered').map((event) => event.data);
}

describe('a reactor', () => {
  it('given a service that refuses twice, when it reacts, then it tries again and the service keeps the event once, before the next one', async () => {
    // Given two new accounts, and a service that refuses the first account's delivery twice
    const first = await register('ayşe');
    const second = await register('çağrı');
    receiver.refuse(2, first);

    // When the reactor runs
    startReactor({ firstDelayMs: 20, maxDelayMs: 40 });
    await until(() => receiver.kept.length === 2, 'both deliveries kept');

    // Then the first was tried three times and kept once, and the second waited for it
    expect(receiver.seen.get(first)).toBe(3);
    expect(receiver.kept).toEqual([first, second]);
    // (The service keeps a delivery before the reactor hears its answer and lets the waiting row go.)
    await until(async () => (await deliveryProblems(database.pool)).length === 0, 'nothing left waiting');
    expect(await deadLetteredEvents()).toEqual([]);
  });

  it('given a reactor killed after the service kept a delivery, when it starts again, then it delivers again with the same key and the service keeps it once', async () => {
    // Given an account, and a reactor process whose delivery the service keeps but does not answer
    const key = await register('şule');
    const arrived = receiver.holdNext();
    const child = fork(new URL('../support/reactor-child.ts', import.meta.url).pathname, [], {
      execArgv: ['--import', 'tsx'],
      env: {
        ...process.env,
        CHILD_DATABASE_URL: database.url,
        CHILD_APP_SECRET: secret.toString('hex'),
        CHILD_RECEIVER_URL: receiver.url,
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    expect(await arrived).toBe(key);

    // When the process is killed before it hears the answer, and a reactor starts again
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    receiver.release();
    startReactor({ firstDelayMs: 20 });

    // Then the delivery came twice under one key, and the service kept it once
    await until(() => receiver.seen.get(key) === 2, 'the delivery made again');
    expect(receiver.kept).toEqual([key]);
    const savedCheckpoint = async () =>
      (
        await database.pool.query<{ checkpoint: string | null }>(
          `SELECT checkpoint FROM reactor_checkpoints WHERE name = 'test-delivery'`,
        )
      ).rows[0]?.checkpoint;
    await until(
      async () => (await savedCheckpoint()) === (await store.headCheckpoint()),
      'the checkpoint past the event',
    );
    expect(receiver.seen.get(key)).toBe(2);
  });

  it('given a service that keeps refusing one event, when the reactor gives up, then the event is dead-lettered, the next ones go on, and a retry command delivers it', async () => {
    // Given a service that refuses one account's delivery for good
    const refused = await register('gülşen');
    receiver.refuse(1_000, refused);
    const later = await register('ömer');

    // When the reactor runs with two attempts per event
    startReactor({ maxAttempts: 2, firstDelayMs: 20 });
    await until(() => receiver.kept.includes(later), 'the later delivery kept');

    // Then the refused event is dead-lettered, visible to the operator and in the log without the error's text
    await until(
      async () => (await deliveryProblems(database.pool)).every((problem) => problem.state === 'dead'),
      'the later delivery no longer waiting',
    );
    const [problem] = await deliveryProblems(database.pool, 'test-delivery');
    expect(problem).toMatchObject({ eventId: refused, eventType: 'AccountRegistered', state: 'dead', attempts: 2 });
    expect(problem?.lastError).toContain('503');
    expect(await deadLetteredEvents()).toEqual([
      expect.objectContaining({
        reactor: 'test-delivery',
        eventId: refused,
        eventType: 'AccountRegistered',
        attempts: 2,
        reason: 'HTTP_503',
      }),
    ]);
    expect(receiver.kept).toEqual([later]);

    // When the service works again and an operator asks for a retry (and for one that is not dead-lettered)
    receiver.stopRefusing();
    expect(await requestRetry({ pool: database.pool, store, codec }, 'test-delivery', later)).toBe(false);
    expect(await requestRetry({ pool: database.pool, store, codec }, 'test-delivery', refused)).toBe(true);

    // Then the event is delivered and nothing is left waiting
    await until(() => receiver.kept.includes(refused), 'the retried delivery kept');
    await until(async () => (await deliveryProblems(database.pool)).length === 0, 'no problem left');
    expect(receiver.kept).toEqual([later, refused]);
    expect(receiver.seen.get(refused)).toBe(3);
  });
});

describe('a reactor and a rate-limited service', () => {
  it('given a service that answers 429 with Retry-After, when the reactor tries again, then not before the time it asked for', async () => {
    // Given an account, and a service that is rate-limited once, asking for two seconds
    const key = await register('nurcan');
    receiver.refuse(1, key, 2);

    // When the reactor runs with a much shorter backoff of its own
    startReactor({ firstDelayMs: 20, maxDelayMs: 40 });
    await until(() => receiver.kept.includes(key), 'the delivery kept');

    // Then the second attempt came two seconds or more after the first (a lower bound: a slow machine only adds)
    const [first = 0, second = 0] = receiver.arrivals.get(key) ?? [];
    expect(receiver.seen.get(key)).toBe(2);
    expect(second - first).toBeGreaterThanOrEqual(2_000);
  });
});

describe('a reactor with partitions (decision 32)', () => {
  const byFamily = (event: AccountRegistered) => event.data.lastName;

  it("given one family's service refusing, when it reacts, then the other family's deliveries go on, and the refused family's later ones wait and follow in order", async () => {
    // Given two families' accounts, interleaved, and the first Yılmaz delivery refused three times
    const yilmaz1 = await register('ayşe', 'Yılmaz');
    const kaya1 = await register('bora', 'Kaya');
    const yilmaz2 = await register('ali', 'Yılmaz');
    const kaya2 = await register('berk', 'Kaya');
    receiver.refuse(3, yilmaz1);

    // When the reactor runs, keeping the order per family
    // (The retries are a second apart: the first Yılmaz cannot be kept before the checks just below.)
    startReactor({ firstDelayMs: 1_000, maxDelayMs: 1_000 }, byFamily);
    await until(() => receiver.kept.includes(kaya2), 'the Kaya deliveries kept');

    // Then the Kaya family did not wait, and the second Yılmaz waits, parked, behind the first
    expect(receiver.kept).toEqual([kaya1, kaya2]);
    const waiting = await deliveryProblems(database.pool, 'test-delivery');
    expect(waiting.map((problem) => [problem.eventId, problem.state])).toEqual([
      [yilmaz1, 'retrying'],
      [yilmaz2, 'parked'],
    ]);

    // And once the service keeps the first, the second follows it, each kept once
    await until(() => receiver.kept.length === 4, 'every delivery kept');
    expect(receiver.kept).toEqual([kaya1, kaya2, yilmaz1, yilmaz2]);
    expect(receiver.seen.get(yilmaz1)).toBe(4);
    expect(receiver.seen.get(yilmaz2)).toBe(1);
    await until(async () => (await deliveryProblems(database.pool)).length === 0, 'nothing left waiting');
  });

  it('given a partition whose waiting event was settled when the process stopped, when the reactor starts again, then the parked events follow', async () => {
    // Given a Yılmaz delivery refused for good and a later one parked behind it
    const refused = await register('gülşen', 'Yılmaz');
    const later = await register('ömer', 'Yılmaz');
    receiver.refuse(1_000, refused);
    const first = startReactor({ firstDelayMs: 60_000 }, byFamily);
    await until(
      async () => (await deliveryProblems(database.pool)).some((problem) => problem.state === 'parked'),
      'the later delivery parked',
    );

    // When the process stops just after the waiting event was settled (its row gone) and before its partition moved on
    await first.stop();
    await database.pool.query(`DELETE FROM reactor_deliveries WHERE event_id = $1`, [refused]);
    receiver.stopRefusing();
    startReactor({ firstDelayMs: 60_000 }, byFamily);

    // Then the parked event is delivered, and nothing is left waiting
    await until(() => receiver.kept.includes(later), 'the parked delivery kept');
    await until(async () => (await deliveryProblems(database.pool)).length === 0, 'nothing left waiting');
    expect(receiver.kept).toEqual([later]);
  });

  it('given a reactor taking three partitions at once, when three families wait, then the three are in flight together and each family in its order', async () => {
    // Given three families of three accounts each, interleaved in the log
    const families = ['Yılmaz', 'Kaya', 'Şahin'];
    const registered: string[] = [];
    for (const name of ['ayşe', 'bora', 'cem'])
      for (const family of families) registered.push(await register(name, family));

    // And a receiver that keeps its first three calls waiting until three are open at once (one after another, it
    // would wait for ever and the test would time out)
    let open = 0;
    let mostOpen = 0;
    let twoOfOneFamily = false;
    let threeOpen: () => void = () => undefined;
    const allThreeOpen = new Promise<void>((resolve) => (threeOpen = resolve));
    const openPerFamily = new Map<string, number>();
    const keptPerFamily = new Map<string, string[]>();
    const deps = { pool: database.pool, store, codec, pollIntervalMs: 50 };
    const lanes = new ReactorWork<AccountRegistered>(
      {
        name: 'test-lanes',
        handles: ['AccountRegistered'],
        startAt: 'start',
        partitionOf: byFamily,
        concurrency: 3,
        async react(event) {
          const family = byFamily(event);
          openPerFamily.set(family, (openPerFamily.get(family) ?? 0) + 1);
          // (Noted, not asserted here: an assertion thrown in react would only count as a failed attempt.)
          if ((openPerFamily.get(family) ?? 0) > 1) twoOfOneFamily = true;
          mostOpen = Math.max(mostOpen, ++open);
          if (open === 3) threeOpen();
          await allThreeOpen;
          await new Promise((resolve) => setTimeout(resolve, 5));
          keptPerFamily.set(family, [...(keptPerFamily.get(family) ?? []), event.eventId]);
          openPerFamily.set(family, (openPerFamily.get(family) ?? 0) - 1);
          open--;
        },
      },
      deps,
    );
    const runner = new StoreSource(lanes, deps);

    // When it runs
    await runner.catchUp();

    // Then three were in flight together, never two of one family, and each family was kept in its log order
    expect(mostOpen).toBe(3);
    expect(twoOfOneFamily).toBe(false);
    families.forEach((family, index) =>
      expect(keptPerFamily.get(family)).toEqual([registered[index], registered[index + 3], registered[index + 6]]),
    );
  });
});
