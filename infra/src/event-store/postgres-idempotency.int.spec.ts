import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../db/test-database.ts';
import { PostgresEventStore } from './postgres.ts';
import { DuplicateEventError, type AppendRequest, type NewEvent } from './types.ts';

let db: TestDatabase;
let store: PostgresEventStore;

beforeAll(async () => {
  db = await createTestDatabase();
  store = new PostgresEventStore({ pool: db.pool });
});

afterAll(async () => {
  await db?.drop();
});

function event(type: string, data: Record<string, unknown> = {}): NewEvent {
  return { eventId: randomUUID(), type, schemaVersion: 1, data };
}

async function totalEvents(): Promise<number> {
  const { rows } = await db.pool.query<{ count: string }>('select count(*) from events');
  return Number(rows[0]?.count);
}

describe('PostgresEventStore: a retried command is a no-op', () => {
  it('given a committed append, when the same events are appended again, then it succeeds, writes nothing and reports the first positions', async () => {
    const account = `account-${randomUUID()}`;
    const claim = `claim-email-${randomUUID()}`;
    const command: AppendRequest[] = [
      {
        streamId: account,
        expected: 'no_stream',
        events: [event('AccountRegistered', { ownerId: 'o-1' }), event('ProfileCreated')],
      },
      { streamId: claim, expected: 'no_stream', events: [event('EmailClaimed')] },
    ];
    const first = await store.append(command);
    const before = await totalEvents();

    const retried = await store.append(command);

    expect(retried).toEqual(first);
    expect(await totalEvents()).toBe(before);
  });

  it('given a retried command whose stream has moved on since, when re-appended with its old expected version, then it still succeeds', async () => {
    const card = `card-${randomUUID()}`;
    await store.append([{ streamId: card, expected: 'no_stream', events: [event('CardCreated')] }]);
    const rename: AppendRequest[] = [{ streamId: card, expected: 0, events: [event('CardRenamed', { name: 'A' })] }];
    const first = await store.append(rename);
    await store.append([{ streamId: card, expected: 1, events: [event('CardActivated')] }]);

    const retried = await store.append(rename);

    expect(retried).toEqual(first);
    expect((await store.readStream(card)).version).toBe(2);
  });

  it('given one command sent five times at once, when they race, then all succeed and its events are stored once', async () => {
    const card = `card-${randomUUID()}`;
    const command: AppendRequest[] = [
      { streamId: card, expected: 'no_stream', events: [event('CardCreated'), event('CardActivated')] },
    ];

    const results = await Promise.all(Array.from({ length: 5 }, () => store.append(command)));

    expect(new Set(results.map((result) => result.position)).size).toBe(1);
    expect((await store.readStream(card)).events).toHaveLength(2);
  });

  it('given a telemetry batch partly stored, when re-sent with new events unconditionally, then only the new events are written', async () => {
    const shard = `visits-${randomUUID()}`;
    const earlier = [event('CardVisited', { n: 1 }), event('CardVisited', { n: 2 })];
    await store.append([{ streamId: shard, expected: 'any', events: earlier }]);

    const result = await store.append([
      { streamId: shard, expected: 'any', events: [...earlier, event('CardVisited', { n: 3 })] },
    ]);

    expect(result.streams).toEqual([{ streamId: shard, version: 2 }]);
    expect((await store.readStream(shard)).events.map((e) => e.data.n)).toEqual([1, 2, 3]);
  });
});

describe('PostgresEventStore: an event id re-used for something else', () => {
  it('given a stored event, when its id comes back with other data, then DuplicateEventError and nothing is written', async () => {
    const card = `card-${randomUUID()}`;
    const original = event('CardRenamed', { name: 'Kartım' });
    await store.append([{ streamId: card, expected: 'any', events: [original] }]);
    const before = await totalEvents();

    const error = store.append([
      { streamId: card, expected: 'any', events: [{ ...original, data: { name: 'Başka' } }] },
    ]);

    await expect(error).rejects.toBeInstanceOf(DuplicateEventError);
    await expect(error).rejects.toMatchObject({ eventId: original.eventId });
    expect(await totalEvents()).toBe(before);
  });

  it('given a stored event, when its id comes back in another stream or with another type, then DuplicateEventError', async () => {
    const original = event('CardRenamed', { name: 'X' });
    await store.append([{ streamId: `card-${randomUUID()}`, expected: 'any', events: [original] }]);

    await expect(
      store.append([{ streamId: `card-${randomUUID()}`, expected: 'any', events: [original] }]),
    ).rejects.toBeInstanceOf(DuplicateEventError);
    await expect(
      store.append([
        { streamId: `card-${randomUUID()}`, expected: 'any', events: [{ ...original, type: 'CardDeleted' }] },
      ]),
    ).rejects.toBeInstanceOf(DuplicateEventError);
  });

  it('given a request half of which is stored, when it expects a version, then DuplicateEventError rather than a partial write', async () => {
    const card = `card-${randomUUID()}`;
    const stored = event('CardCreated');
    await store.append([{ streamId: card, expected: 'no_stream', events: [stored] }]);

    await expect(
      store.append([{ streamId: card, expected: 0, events: [stored, event('CardActivated')] }]),
    ).rejects.toBeInstanceOf(DuplicateEventError);
    expect((await store.readStream(card)).version).toBe(0);
  });

  it('given one id twice in a single append, when appended, then DuplicateEventError', async () => {
    const twice = event('CardCreated');
    await expect(
      store.append([{ streamId: `card-${randomUUID()}`, expected: 'any', events: [twice, twice] }]),
    ).rejects.toBeInstanceOf(DuplicateEventError);
  });

  it('given another transaction holding an uncommitted event with our id, when it commits while we append, then DuplicateEventError, not a unique violation', async () => {
    const contested = event('CardCreated');
    const other = await db.pool.connect();
    try {
      await other.query('begin');
      await other.query(
        `insert into events (stream_id, stream_position, event_id, type, schema_version, data)
         values ($1, 0, $2, 'CardCreated', 1, '{}')`,
        [`card-${randomUUID()}`, contested.eventId],
      );
      const append = store.append([{ streamId: `card-${randomUUID()}`, expected: 'no_stream', events: [contested] }]);
      const outcome = append.then(
        () => null,
        (error: unknown) => error,
      );
      // Our insert now waits on the other transaction's index entry.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await other.query('commit');

      expect(await outcome).toBeInstanceOf(DuplicateEventError);
    } finally {
      other.release();
    }
  });

  it('given the same id sent to two different streams at once, when they race, then one is stored and the others get DuplicateEventError', async () => {
    const shared = event('CardCreated');

    const outcomes = await Promise.allSettled(
      Array.from({ length: 6 }, () =>
        store.append([{ streamId: `card-${randomUUID()}`, expected: 'no_stream', events: [shared] }]),
      ),
    );

    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(DuplicateEventError);
    }
  });
});
