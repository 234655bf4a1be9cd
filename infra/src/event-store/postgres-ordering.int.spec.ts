import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../db/test-database.ts';
import { compareCheckpoints } from './checkpoint.ts';
import { PostgresEventStore } from './postgres.ts';
import type { Checkpoint } from './types.ts';

const WRITERS = 32;
const TRANSACTIONS_PER_WRITER = 30;
/** Held open between insert and commit, so commits land out of global_position order. */
const MAX_COMMIT_DELAY_MS = 8;
/** Writers going through PostgresEventStore.append alongside the raw ones. */
const STORE_WRITERS = 4;

let db: TestDatabase;
let writerPool: pg.Pool;
let store: PostgresEventStore;

beforeAll(async () => {
  db = await createTestDatabase();
  // One connection per writer, plus the readers and the store writers.
  writerPool = new pg.Pool({ connectionString: db.url, max: WRITERS + STORE_WRITERS + 4 });
  writerPool.on('error', () => undefined);
  store = new PostgresEventStore({ pool: writerPool });
});

afterAll(async () => {
  await writerPool?.end();
  await db?.drop();
});

/**
 * Inserts like the store does, but holds the transaction open for a random moment after the
 * insert: global positions are handed out at insert, visibility comes at commit.
 */
async function slowWriter(writer: number, written: string[]): Promise<void> {
  const streamId = `ordering-${writer}`;
  let position = 0;
  for (let transaction = 0; transaction < TRANSACTIONS_PER_WRITER; transaction += 1) {
    const ids = Array.from({ length: 1 + (transaction % 3) }, () => randomUUID());
    const client = await writerPool.connect();
    try {
      await client.query('begin');
      await client.query(
        `insert into events (stream_id, stream_position, event_id, type, schema_version, data)
         select $1, $2 + ord - 1, id, 'OrderingProbe', 1, '{}'
         from unnest($3::uuid[]) with ordinality as batch(id, ord)`,
        [streamId, position, ids],
      );
      await sleep(Math.random() * MAX_COMMIT_DELAY_MS);
      await client.query('commit');
      position += ids.length;
      written.push(...ids);
    } finally {
      client.release();
    }
  }
}

async function storeWriter(writer: number, written: string[]): Promise<void> {
  for (let transaction = 0; transaction < TRANSACTIONS_PER_WRITER; transaction += 1) {
    const events = Array.from({ length: 2 }, () => ({
      eventId: randomUUID(),
      type: 'OrderingProbe',
      schemaVersion: 1,
      data: {},
    }));
    await store.append([{ streamId: `ordering-store-${writer}`, expected: 'any', events }]);
    written.push(...events.map((event) => event.eventId));
  }
}

/** The subscriber every projection runs: readAll from its checkpoint, over and over. */
async function subscriber(done: () => boolean, expected: () => number): Promise<{ seen: string[]; ordered: boolean }> {
  const seen: string[] = [];
  let ordered = true;
  let checkpoint: Checkpoint | null = null;
  const deadline = Date.now() + 50_000;
  while (Date.now() < deadline) {
    const page = await store.readAll(checkpoint, 500);
    for (const event of page.events) {
      if (checkpoint !== null && compareCheckpoints(checkpoint, event.position) >= 0) ordered = false;
      checkpoint = event.position;
      seen.push(event.eventId);
    }
    checkpoint = page.checkpoint;
    if (page.events.length === 0) {
      // Transactions elsewhere on the server hold the horizon back for a moment; keep reading.
      if (done() && seen.length >= expected()) break;
      await sleep(1);
    }
  }
  return { seen, ordered };
}

/** What goes wrong without the transaction-id rule: "global_position > last seen". */
async function naiveReader(done: () => boolean): Promise<string[]> {
  const seen: string[] = [];
  let last = '0';
  let finalRead = false;
  for (;;) {
    const writersFinished = done();
    const { rows } = await writerPool.query<{ event_id: string; global_position: string }>(
      `select event_id, global_position::text as global_position from events
       where global_position > $1 order by events.global_position limit 500`,
      [last],
    );
    for (const row of rows) {
      seen.push(row.event_id);
      last = row.global_position;
    }
    if (rows.length === 0) {
      if (finalRead) break;
      finalRead = writersFinished;
      await sleep(1);
    }
  }
  return seen;
}

describe('PostgresEventStore: readAll under concurrent writers', () => {
  it('given 32 writers committing out of position order, when a subscriber follows readAll, then it sees every event exactly once, in order; a naive reader misses some', async () => {
    const written: string[] = [];
    let writersDone = false;
    const done = (): boolean => writersDone;

    const subscription = subscriber(done, () => written.length);
    const naive = naiveReader(done);
    await Promise.all([
      ...Array.from({ length: WRITERS }, (_, writer) => slowWriter(writer, written)),
      ...Array.from({ length: STORE_WRITERS }, (_, writer) => storeWriter(writer, written)),
    ]);
    writersDone = true;
    const [{ seen, ordered }, naiveSeen] = await Promise.all([subscription, naive]);

    expect(written.length).toBeGreaterThan(WRITERS * TRANSACTIONS_PER_WRITER);
    expect(seen).toHaveLength(written.length);
    expect(new Set(seen)).toEqual(new Set(written));
    expect(ordered).toBe(true);

    const missed = written.length - new Set(naiveSeen).size;
    console.log(`[ordering] ${written.length} events; subscriber saw all, naive reader missed ${missed}`);
    expect(missed).toBeGreaterThan(0);
  });
});
