import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../db/test-database.ts';
import { describeEventStoreContract } from './contract.ts';
import { createEventStore } from './create.ts';
import { HELD_BACK_SQL, PostgresEventStore } from './postgres.ts';
import { ConcurrencyError, DuplicateEventError, type AppendRequest, type NewEvent } from './types.ts';

// Every adapter's promises, on a database of its own.
describeEventStoreContract('PostgresEventStore', async ({ onAppended }) => {
  const database = await createTestDatabase();
  const store = await createEventStore({ kind: 'postgres' }, { pool: database.pool, onAppended });
  return { store, cleanup: () => database.drop() };
});

// What only the PostgreSQL adapter does: its rows in `events`, and other transactions on the same tables.
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

async function totalEvents(): Promise<number> {
  const { rows } = await db.pool.query<{ count: string }>('select count(*) from events');
  return Number(rows[0]?.count);
}

describe('PostgresEventStore: rows in events', () => {
  it('given a log of 50,000 events, when a reader asks whether events are held back, then PostgreSQL walks the index, not the table', async () => {
    // Every runner asks after each catch-up: a scan of the whole log there was most of PostgreSQL's CPU under load.
    await db.pool.query(
      `insert into events (stream_id, stream_position, event_id, type, schema_version, data)
       select 'held-back-plan-' || (i / 1000), i % 1000, gen_random_uuid(), 'CardVisited', 1, '{}'
       from generate_series(0, 49999) as i`,
    );
    await db.pool.query('analyze events');

    const { rows } = await db.pool.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${HELD_BACK_SQL}`);
    const plan = JSON.stringify(rows[0]?.['QUERY PLAN']);

    expect(plan).toContain('"Node Type":"Index Only Scan"');
    expect(plan).toContain('"Scan Direction":"Backward"');
    expect(plan).not.toContain('Seq Scan');
    expect(await store.heldBack()).toBe(false);
  });

  it('given a writer that bypassed the streams lock, when the store appends at a taken position, then ConcurrencyError, not a raw unique violation', async () => {
    const card = streamId('card');
    await db.pool.query(
      `insert into events (stream_id, stream_position, event_id, type, schema_version, data)
       values ($1, 0, $2, 'CardCreated', 1, '{}')`,
      [card, randomUUID()],
    );

    const error = store.append([{ streamId: card, expected: 'no_stream', events: [event('CardCreated')] }]);

    await expect(error).rejects.toBeInstanceOf(ConcurrencyError);
    await expect(error).rejects.toMatchObject({ streamId: card, expected: 'no_stream', actual: 0 });
  });

  it('given a failed multi-stream append, when the claim is taken, then no row of the account was written', async () => {
    const claim = streamId('claim-email');
    const account = streamId('account');
    await store.append([{ streamId: claim, expected: 'no_stream', events: [event('EmailClaimed')] }]);

    await expect(
      store.append([
        { streamId: account, expected: 'no_stream', events: [event('AccountRegistered')] },
        { streamId: claim, expected: 'no_stream', events: [event('EmailClaimed')] },
      ]),
    ).rejects.toBeInstanceOf(ConcurrencyError);

    expect(await storedCount(account)).toBe(0);
  });

  it('given two requests, when they succeed, then their events share one transaction id', async () => {
    const account = streamId('account');
    const claim = streamId('claim-email');

    await store.append([
      { streamId: account, expected: 'no_stream', events: [event('AccountRegistered'), event('ProfileCreated')] },
      { streamId: claim, expected: 'no_stream', events: [event('EmailClaimed')] },
    ]);

    const [accountEvents, claimEvents] = await Promise.all([store.readStream(account), store.readStream(claim)]);
    const transactionIds = new Set(
      [...accountEvents.events, ...claimEvents.events].map((e) => e.position.split(':')[0]),
    );
    expect(transactionIds.size).toBe(1);
  });

  it('given a committed append, when it is retried, then no row is added anywhere', async () => {
    const command: AppendRequest[] = [
      { streamId: streamId('card'), expected: 'no_stream', events: [event('CardCreated')] },
    ];
    await store.append(command);
    const before = await totalEvents();

    await store.append(command);

    expect(await totalEvents()).toBe(before);
  });

  it('given malformed requests, when appended, then they are refused before touching the database', async () => {
    const card = streamId('card');
    const cases: AppendRequest[][] = [
      [{ streamId: card, expected: -2, events: [event('A')] }],
      [{ streamId: card, expected: 'any', events: [{ ...event('A'), eventId: 'not-a-uuid' }] }],
    ];
    for (const requests of cases) await expect(store.append(requests)).rejects.toBeInstanceOf(TypeError);
    expect(await storedCount(card)).toBe(0);
    const { rows } = await db.pool.query('select 1 from streams where stream_id = $1', [card]);
    expect(rows).toEqual([]);
  });

  it('given another transaction holding an uncommitted event with our id, when it commits while we append, then DuplicateEventError, not a unique violation', async () => {
    const contested = event('CardCreated');
    const other = await db.pool.connect();
    try {
      await other.query('begin');
      await other.query(
        `insert into events (stream_id, stream_position, event_id, type, schema_version, data)
         values ($1, 0, $2, 'CardCreated', 1, '{}')`,
        [streamId('card'), contested.eventId],
      );
      const append = store.append([{ streamId: streamId('card'), expected: 'no_stream', events: [contested] }]);
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
});
