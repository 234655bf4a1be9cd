import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { expect } from 'vitest';
import { accountStreamId, type AccountDeleted, type DomainEvent } from '@kartvizit/schemas';
import { deriveKey } from '@kartvizit/infra/config/secrets';
import { makeCheckpoint } from '@kartvizit/infra/event-store/checkpoint';
import type { RecordedEvent } from '@kartvizit/infra/event-store/types';
import { EventCodec, type StoredEvent } from '@kartvizit/infra/vault/event-codec';
import { PersonalDataVault } from '@kartvizit/infra/vault/personal-data-vault';
import { physicalTableName, readsEvent, tablesOf, type Projection, type ProjectionOutcome } from '@kartvizit/infra/processing/projection';
import { applyEvents, createTables, inTransaction } from '@kartvizit/infra/processing/rebuild';

/**
 * Given events / when events / then rows: a projection test on real PostgreSQL, with no runner and
 * no event store in between (after emmett's PostgreSQLProjectionSpec).
 *
 * Each array of events is one batch, handed to `apply` in a transaction of its own, as the runner
 * would. The whole history is sealed first, the way it was appended (personal fields go through the
 * real vault), and each batch is decoded when it is delivered, so `forget(owner)` between batches
 * makes the later ones read as forgotten. Every scenario writes fresh tables of a generation other
 * than 1, through `table()`: a projection that names a physical table itself fails here.
 *
 * Batches go through the core's own `applyEvents`, so a projection with an erasure can be given an owner's
 * AccountDeleted among its events, as the log would bring it.
 */
export interface ProjectionSpecificationOptions<E extends DomainEvent> {
  readonly pool: () => pg.Pool;
  /** The event's stream (its feature's stream-id helper): stream positions count per stream. */
  readonly streamOf: (event: E) => string;
  /** The codec (and vault) other writers of the same database use; by default one with a key of its own. */
  readonly codec?: () => EventCodec;
}

/** Expected rows per logical table, in primary-key order (code-point order for text); only the columns they name are compared. */
export type ExpectedRows = Readonly<Record<string, readonly Readonly<Record<string, unknown>>[]>>;

type Step<E> =
  | { readonly kind: 'deliver'; readonly events: readonly E[]; readonly when: boolean }
  /** `batch`: only that earlier batch (0-based, counting every batch delivered before); otherwise all of them. */
  | { readonly kind: 'redeliver'; readonly followedBy: readonly E[]; readonly batch?: number }
  | { readonly kind: 'forget'; readonly keyId: string };

/** bigint as a number, timestamps as ISO strings, dates as 'YYYY-MM-DD', bytes as hex: rows read like events. */
const READABLE: ReadonlyMap<number, (value: string) => unknown> = new Map<number, (value: string) => unknown>([
  [pg.types.builtins.INT8, (value) => Number(value)],
  [pg.types.builtins.TIMESTAMPTZ, (value) => new Date(value).toISOString()],
  [pg.types.builtins.DATE, (value) => value],
  // Text format of bytea is '\x' and hex digits (bytea_output 'hex', the default).
  [pg.types.builtins.BYTEA, (value) => value.slice(2)],
]);
const defaultParser: (oid: number, format?: 'text' | 'binary') => (value: string) => unknown = pg.types.getTypeParser;
const READABLE_TYPES: pg.CustomTypesConfig = {
  getTypeParser: (oid, format) => READABLE.get(oid) ?? defaultParser(oid, format),
};

// Unique per process (each test file has a database of its own), and far from the generations a
// runner or rebuild in the same database makes.
let nextGeneration = 1001;

export function projectionSpecification<P extends DomainEvent>(
  projection: Projection<P>,
  options: ProjectionSpecificationOptions<P>,
) {
  type E = P | AccountDeleted;
  const streamOf = (event: E): string =>
    event.type === 'AccountDeleted' ? accountStreamId(event.data.userId) : options.streamOf(event);
  let made: EventCodec | null = null;
  const codecFor = (pool: pg.Pool) =>
    (made ??=
      options.codec?.() ??
      new EventCodec(new PersonalDataVault(pool, deriveKey(randomBytes(32), 'personal-data-kek'))));

  async function run(steps: readonly Step<E>[], expected: ExpectedRows): Promise<ProjectionOutcome | void> {
    const pool = options.pool();
    const codec = codecFor(pool);
    const generation = nextGeneration++;
    const table = (name: string) => physicalTableName(name, generation);

    // The history as it was appended: each new event gets the next position in its stream and in the log.
    const streams = new Map<string, number>();
    let logPosition = 0;
    const record = async (event: E): Promise<RecordedEvent> => {
      const streamId = streamOf(event);
      const streamPosition = (streams.get(streamId) ?? -1) + 1;
      streams.set(streamId, streamPosition);
      const stored = await codec.encode(event);
      logPosition += 1;
      return {
        ...stored,
        streamId,
        streamPosition,
        position: makeCheckpoint('1', String(logPosition)),
        metadata: stored.metadata ?? {},
        createdAt: new Date(),
      };
    };
    const history = new Map<Step<E>, RecordedEvent[]>();
    for (const step of steps) {
      if (step.kind === 'deliver') history.set(step, await mapInOrder(step.events, record));
      if (step.kind === 'redeliver') history.set(step, await mapInOrder(step.followedBy, record));
    }

    const client = await pool.connect();
    try {
      await inTransaction(client, () => createTables(client, projection, generation));
      const log: RecordedEvent[] = [];
      const batches: RecordedEvent[][] = [];
      let outcome: ProjectionOutcome | void = undefined;
      for (const step of steps) {
        if (step.kind === 'forget') {
          await codec.forget(step.keyId);
          continue;
        }
        const added = history.get(step) ?? [];
        const again = step.kind === 'redeliver' ? (step.batch === undefined ? log : batches[step.batch]) : [];
        if (!again) throw new Error('Only a batch delivered before can be delivered again');
        const batch = [...again, ...added];
        log.push(...added);
        batches.push(batch);
        const decoded: StoredEvent[] = [];
        for (const recorded of batch) {
          const event = await codec.decode(recorded);
          if (event) decoded.push(event);
        }
        const read = decoded.filter((event) => readsEvent(projection as Projection, event));
        const touched = await inTransaction(client, () =>
          applyEvents(projection as Projection, { client, table }, read),
        );
        if (step.kind === 'redeliver' || step.when) outcome = touched === undefined ? undefined : { touched };
      }

      for (const [logical, rows] of Object.entries(expected)) {
        const actual = await readTable(client, table(logical));
        const columns = new Set(rows.flatMap((row) => Object.keys(row)));
        const compared = columns.size === 0 ? actual : actual.map((row) => pick(row, columns));
        expect(compared, `rows of ${logical}`).toEqual(rows);
      }
      return outcome;
    } finally {
      await client
        .query(
          `DROP TABLE IF EXISTS ${Object.keys(tablesOf(projection as Projection))
            .map(table)
            .join(', ')}`,
        )
        .catch(() => undefined);
      client.release();
    }
  }

  function scenario(steps: readonly Step<E>[]) {
    return {
      /** More batches before the `when`. */
      given: (...batches: readonly (readonly E[])[]) =>
        scenario([...steps, ...batches.map((events) => deliver(events, false))]),
      /** The owner's (or lead's) key is destroyed here: batches delivered later read its personal fields as forgotten. */
      forget: (keyId: string) => scenario([...steps, { kind: 'forget', keyId }]),
      /** Each array is one batch, delivered in order. */
      when: (...batches: readonly (readonly E[])[]) =>
        outcome([...steps, ...batches.map((events) => deliver(events, true))]),
      /** Every event delivered so far, once more as one batch (a redelivery or replay), then `followedBy` in it. */
      whenRedelivered: (...followedBy: readonly E[]) => outcome([...steps, { kind: 'redeliver', followedBy }]),
      /** One earlier batch (0-based) once more, after newer ones: a late redelivery. */
      whenBatchRedelivered: (batch: number) => outcome([...steps, { kind: 'redeliver', followedBy: [], batch }]),
    };
  }

  function outcome(steps: readonly Step<E>[]) {
    return {
      /** Compares the listed tables and answers what the last `when` batch returned. */
      then: (expected: ExpectedRows) => run(steps, expected),
    };
  }

  return {
    /** Each array is one batch, delivered in order before the `when`. */
    given: (...batches: readonly (readonly E[])[]) => scenario([]).given(...batches),
  };
}

function deliver<E>(events: readonly E[], when: boolean): Step<E> {
  return { kind: 'deliver', events, when };
}

async function mapInOrder<T, U>(items: readonly T[], map: (item: T) => Promise<U>): Promise<U[]> {
  const results: U[] = [];
  for (const item of items) results.push(await map(item));
  return results;
}

/** All rows, in primary-key order compared in code (not in the database's collation), so expected rows read the same everywhere. */
async function readTable(client: pg.PoolClient, physical: string): Promise<Record<string, unknown>[]> {
  const key = await client.query<{ name: string }>(
    `SELECT a.attname AS name
       FROM pg_index i
       JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord) ON true
       JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
      WHERE i.indrelid = $1::regclass AND i.indisprimary
      ORDER BY k.ord`,
    [physical],
  );
  const result = await client.query<Record<string, unknown>>({
    text: `SELECT * FROM ${physical}`,
    types: READABLE_TYPES,
  });
  const columns = key.rows.map((row) => row.name);
  return result.rows.sort((a, b) => {
    for (const column of columns) {
      const order = compareValues(a[column], b[column]);
      if (order !== 0) return order;
    }
    return 0;
  });
}

function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const [x, y] = [String(a), String(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

function pick(row: Record<string, unknown>, columns: ReadonlySet<string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([name]) => columns.has(name)));
}
