import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../db/test-database.ts';
import { compareCheckpoints } from './checkpoint.ts';
import { untilReadable } from './horizon.ts';
import { PostgresEventStore } from './postgres.ts';
import { ConcurrencyError, type AppendRequest, type Checkpoint, type NewEvent } from './types.ts';

let db: TestDatabase;
let store: PostgresEventStore;
let appendedSignals = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  store = new PostgresEventStore({ pool: db.pool, onAppended: () => (appendedSignals += 1) });
});

afterAll(async () => {
  await db?.drop();
});

function event(type: string, data: Record<string, unknown> = {}): NewEvent {
  return { eventId: randomUUID(), type, schemaVersion: 1, data };
}

function streamId(kind: string): string {
  return `${kind}-${randomUUID()}`;
}

async function storedCount(...streamIds: string[]): Promise<number> {
  const { rows } = await db.pool.query<{ count: string }>(
    'select count(*) from events where stream_id = any($1::text[])',
    [streamIds],
  );
  return Number(rows[0]?.count);
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('PostgresEventStore: expected versions', () => {
  it('given a stream at version 1, when a writer appends expecting version 0, then ConcurrencyError and nothing is written', async () => {
    const card = streamId('card');
    await store.append([
      { streamId: card, expected: 'no_stream', events: [event('CardCreated'), event('CardActivated')] },
    ]);

    const error = await rejection(store.append([{ streamId: card, expected: 0, events: [event('CardRenamed')] }]));

    expect(error).toBeInstanceOf(ConcurrencyError);
    expect(error).toMatchObject({ streamId: card, expected: 0, actual: 1 });
    expect(await storedCount(card)).toBe(2);
    expect((await store.readStream(card)).version).toBe(1);
  });

  it('given an existing stream, when a writer appends expecting no_stream, then ConcurrencyError with the actual version', async () => {
    const card = streamId('card');
    await store.append([{ streamId: card, expected: 'no_stream', events: [event('CardCreated')] }]);

    const error = await rejection(
      store.append([{ streamId: card, expected: 'no_stream', events: [event('CardCreated')] }]),
    );

    expect(error).toMatchObject({ name: 'ConcurrencyError', streamId: card, expected: 'no_stream', actual: 0 });
    expect(await storedCount(card)).toBe(1);
  });

  it('given a stream at version 0, when a writer appends expecting exactly 0, then the events get positions 1 and 2', async () => {
    const card = streamId('card');
    const created = await store.append([{ streamId: card, expected: -1, events: [event('CardCreated')] }]);

    const result = await store.append([
      { streamId: card, expected: 0, events: [event('CardRenamed', { name: 'Satış' }), event('CardActivated')] },
    ]);

    expect(result.streams).toEqual([{ streamId: card, version: 2 }]);
    expect(compareCheckpoints(result.position, created.position)).toBeGreaterThan(0);
    const read = await store.readStream(card);
    expect(read.version).toBe(2);
    expect(read.events.map((e) => [e.streamPosition, e.type])).toEqual([
      [0, 'CardCreated'],
      [1, 'CardRenamed'],
      [2, 'CardActivated'],
    ]);
    expect(read.events[1]?.data).toEqual({ name: 'Satış' });
    expect(read.events.at(-1)?.position).toBe(result.position);
  });

  it('given no stream, when a writer expects stream_exists, then ConcurrencyError with actual -1; "any" appends regardless', async () => {
    const shard = streamId('visits');

    const error = await rejection(
      store.append([{ streamId: shard, expected: 'stream_exists', events: [event('CardVisited')] }]),
    );
    expect(error).toMatchObject({ name: 'ConcurrencyError', actual: -1 });

    await store.append([{ streamId: shard, expected: 'any', events: [event('CardVisited')] }]);
    await store.append([{ streamId: shard, expected: 'any', events: [event('CardVisited')] }]);
    await store.append([{ streamId: shard, expected: 'stream_exists', events: [event('CardVisited')] }]);
    expect((await store.readStream(shard)).version).toBe(2);
  });

  it('given ten writers that read version 0, when they append at once, then exactly one succeeds', async () => {
    const card = streamId('card');
    await store.append([{ streamId: card, expected: 'no_stream', events: [event('CardCreated')] }]);

    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, () => store.append([{ streamId: card, expected: 0, events: [event('CardRenamed')] }])),
    );

    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(ConcurrencyError);
    }
    expect(await storedCount(card)).toBe(2);
  });

  it('given a writer that bypassed the streams lock, when the store appends at a taken position, then ConcurrencyError, not a raw unique violation', async () => {
    const card = streamId('card');
    await db.pool.query(
      `insert into events (stream_id, stream_position, event_id, type, schema_version, data)
       values ($1, 0, $2, 'CardCreated', 1, '{}')`,
      [card, randomUUID()],
    );

    const error = await rejection(
      store.append([{ streamId: card, expected: 'no_stream', events: [event('CardCreated')] }]),
    );

    expect(error).toBeInstanceOf(ConcurrencyError);
    expect(error).toMatchObject({ streamId: card, expected: 'no_stream', actual: 0 });
  });
});

describe('PostgresEventStore: atomic appends over several streams', () => {
  it('given a taken claim, when an account and its claim are appended together, then the claim fails and the account stream is not written', async () => {
    const claim = streamId('claim-email');
    const account = streamId('account');
    const other = streamId('account');
    await store.append([
      { streamId: other, expected: 'no_stream', events: [event('AccountRegistered')] },
      { streamId: claim, expected: 'no_stream', events: [event('EmailClaimed')] },
    ]);

    const error = await rejection(
      store.append([
        { streamId: account, expected: 'no_stream', events: [event('AccountRegistered'), event('ProfileCreated')] },
        { streamId: claim, expected: 'no_stream', events: [event('EmailClaimed')] },
      ]),
    );

    expect(error).toMatchObject({ name: 'ConcurrencyError', streamId: claim });
    expect(await storedCount(account)).toBe(0);
    expect(await store.readStream(account)).toEqual({ version: -1, events: [] });
  });

  it('given two requests, when they succeed, then the result lists each stream version in request order and one transaction position', async () => {
    const account = streamId('account');
    const claim = streamId('claim-email');

    const result = await store.append([
      { streamId: account, expected: 'no_stream', events: [event('AccountRegistered'), event('ProfileCreated')] },
      { streamId: claim, expected: 'no_stream', events: [event('EmailClaimed')] },
    ]);

    expect(result.streams).toEqual([
      { streamId: account, version: 1 },
      { streamId: claim, version: 0 },
    ]);
    const [accountEvents, claimEvents] = await Promise.all([store.readStream(account), store.readStream(claim)]);
    const transactionIds = new Set(
      [...accountEvents.events, ...claimEvents.events].map((e) => e.position.split(':')[0]),
    );
    expect(transactionIds.size).toBe(1);
    expect(claimEvents.events[0]?.position).toBe(result.position);
  });
});

describe('PostgresEventStore: reading', () => {
  it('given appended events, when read from a position, then only later events come back with the current version', async () => {
    const card = streamId('card');
    await store.append([{ streamId: card, expected: 'no_stream', events: [event('A'), event('B'), event('C')] }]);

    const read = await store.readStream(card, { fromPosition: 1 });

    expect(read.version).toBe(2);
    expect(read.events.map((e) => e.type)).toEqual(['B', 'C']);
    expect(await store.readStream(card, { fromPosition: 5 })).toEqual({ version: 2, events: [] });
  });

  it('given metadata or none, when read back, then metadata is what was written or {}', async () => {
    const card = streamId('card');
    const withMetadata: NewEvent = { ...event('A'), metadata: { correlationId: 'c-1', actor: 'system' } };
    await store.append([{ streamId: card, expected: 'no_stream', events: [withMetadata, event('B')] }]);

    const read = await store.readStream(card);

    expect(read.events.map((e) => e.metadata)).toEqual([{ correlationId: 'c-1', actor: 'system' }, {}]);
    expect(read.events[0]?.createdAt).toBeInstanceOf(Date);
  });

  it('given events in the store, when read in pages from the start, then every event arrives once, in order, and the head matches', async () => {
    const mark = streamId('page');
    let last: Checkpoint | null = null;
    for (let i = 0; i < 7; i += 1) {
      last = (await store.append([{ streamId: `${mark}-${i % 3}`, expected: 'any', events: [event('Paged', { i })] }])).position;
    }
    // Other test files' writers on the same server may hold the readers' horizon back for a moment.
    if (last) await untilReadable(store, last);

    const seen: number[] = [];
    let checkpoint: Checkpoint | null = null;
    let previous: Checkpoint | null = null;
    for (;;) {
      const page = await store.readAll(checkpoint, 3);
      if (page.events.length === 0) {
        expect(page.checkpoint).toBe(checkpoint);
        break;
      }
      for (const e of page.events) {
        expect(compareCheckpoints(previous, e.position)).toBeLessThan(0);
        previous = e.position;
        if (e.streamId.startsWith(mark)) seen.push(Number(e.data.i));
      }
      checkpoint = page.checkpoint;
    }

    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(await store.headCheckpoint()).toBe(checkpoint);
  });

  it('given events of many types, when read for some types in small windows, then only those arrive, in order, and the checkpoint passes the rest', async () => {
    // Given: 3 wanted events among 9 (types unique to this test, so other tests' events are skipped too).
    const mark = streamId('typed');
    const wanted = `Wanted-${mark}`;
    const also = `AlsoWanted-${mark}`;
    const before = await store.headCheckpoint();
    const types = ['Other', wanted, 'Other', 'Other', also, 'Other', 'Other', 'Other', wanted];
    let last: Checkpoint | null = null;
    for (const [i, type] of types.entries()) {
      last = (await store.append([{ streamId: mark, expected: 'any', events: [event(type, { i })] }])).position;
    }
    if (last) await untilReadable(store, last);

    // When: read in windows of 2 events looked at.
    const seen: number[] = [];
    const windows: number[] = [];
    let checkpoint = before;
    for (;;) {
      const page = await store.readAll(checkpoint, 2, { types: [wanted, also] });
      if (page.scanned === 0) {
        expect(page.events).toEqual([]);
        expect(page.checkpoint).toBe(checkpoint);
        break;
      }
      windows.push(page.scanned);
      expect(page.events.length).toBeLessThanOrEqual(page.scanned);
      seen.push(...page.events.map((e) => Number(e.data.i)));
      expect(compareCheckpoints(checkpoint, page.checkpoint)).toBeLessThan(0);
      checkpoint = page.checkpoint;
    }

    // Then: the wanted ones in order, every window but the last full, and the reader ends at the head.
    expect(seen).toEqual([1, 4, 8]);
    expect(windows.slice(0, -1).every((size) => size === 2)).toBe(true);
    expect(checkpoint).toBe(await store.headCheckpoint());
  });

  it('given a large telemetry batch, when appended at once, then all events are stored in order with consecutive positions', async () => {
    const shard = streamId('visits');
    const batch = Array.from({ length: 5_000 }, (_, i) => event('CardVisited', { i, cardId: 'ABC123' }));
    const before = await store.headCheckpoint();

    const result = await store.append([{ streamId: shard, expected: 'any', events: batch }]);

    expect(result.streams).toEqual([{ streamId: shard, version: 4_999 }]);
    const read = await store.readStream(shard);
    expect(read.events.map((e) => e.data.i)).toEqual(batch.map((_, i) => i));
    await untilReadable(store, result.position);
    const all = await store.readAll(before, 10_000);
    expect(all.events.filter((e) => e.streamId === shard).map((e) => e.streamPosition)).toEqual(batch.map((_, i) => i));
    expect(all.checkpoint).toBe(result.position);
  });
});

describe('PostgresEventStore: signalling appends', () => {
  it('given a callback, when an append commits or fails, then it is called only for the commit', async () => {
    const card = streamId('card');
    const before = appendedSignals;

    await store.append([{ streamId: card, expected: 'no_stream', events: [event('CardCreated')] }]);
    await rejection(store.append([{ streamId: card, expected: 'no_stream', events: [event('CardCreated')] }]));

    expect(appendedSignals - before).toBe(1);
  });

  it('given malformed requests, when appended, then they are refused before touching the database', async () => {
    const card = streamId('card');
    const cases: AppendRequest[][] = [
      [],
      [{ streamId: card, expected: 'any', events: [] }],
      [{ streamId: card, expected: -2, events: [event('A')] }],
      [{ streamId: card, expected: 'any', events: [{ ...event('A'), eventId: 'not-a-uuid' }] }],
    ];
    for (const requests of cases) await expect(store.append(requests)).rejects.toBeInstanceOf(TypeError);
    expect(await storedCount(card)).toBe(0);
  });
});
