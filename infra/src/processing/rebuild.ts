import type pg from 'pg';
import { inTransaction } from '../db/transaction.ts';
import type { Checkpoint, EventStore } from '../event-store/types.ts';
import type { EventCodec, StoredEvent } from '../vault/event-codec.ts';
import {
  OWNER_ERASED,
  erasedOwnersTable,
  physicalTableName,
  readModelName,
  tablesOf,
  typesRead,
  type Projection,
  type ProjectionContext,
} from './projection.ts';

export interface ProjectionDependencies {
  readonly pool: pg.Pool;
  readonly store: EventStore;
  readonly codec: EventCodec;
  readonly batchSize?: number;
  readonly log?: (message: string) => void;
}

export const DEFAULT_BATCH_SIZE = 1000;
/** A rebuild reads bigger batches: fewer round trips, and more events folded into each upsert row. */
export const REBUILD_BATCH_SIZE = 5000;

interface ReadBatch {
  readonly scanned: number;
  readonly checkpoint: Checkpoint | null;
  readonly events: readonly StoredEvent[];
}

/** The next batch after `after`, decoded; only the handled types travel (the store skips the rest and still moves the checkpoint past them). */
async function readBatch(
  deps: ProjectionDependencies,
  projection: Projection,
  after: Checkpoint | null,
  size: number,
): Promise<ReadBatch> {
  const { events, checkpoint, scanned } = await deps.store.readAll(after, size, { types: typesRead(projection) });
  if (scanned === 0) return { scanned: 0, checkpoint: after, events: [] };
  const decoded: StoredEvent[] = [];
  for (const recorded of events) {
    const event = await deps.codec.decode(recorded);
    if (event) decoded.push(event);
  }
  return { scanned, checkpoint, events: decoded };
}

/** The next batch after `after` at the live batch size, decoded (the runner reads it before it takes a connection to write). */
export function readNextBatch(
  deps: ProjectionDependencies,
  projection: Projection,
  after: Checkpoint | null,
): Promise<ReadBatch> {
  return readBatch(deps, projection, after, deps.batchSize ?? DEFAULT_BATCH_SIZE);
}

/** Writes a read batch into `generation`, in the caller's transaction on `client`; answers whose data changed. */
export function writeBatch(
  client: pg.PoolClient,
  projection: Projection,
  generation: number,
  events: readonly StoredEvent[],
): Promise<readonly string[] | undefined> {
  return applyBatch(client, projection, generation, events);
}

/** Writes a read batch into `generation`; answers whose data changed (undefined: everyone's). */
async function applyBatch(
  client: pg.PoolClient,
  projection: Projection,
  generation: number,
  events: readonly StoredEvent[],
): Promise<readonly string[] | undefined> {
  return applyEvents(projection, { client, table: (name) => physicalTableName(name, generation) }, events);
}

/**
 * Hands a batch (of the types the projection reads, in log order) to the projection, in the caller's transaction.
 * With an erasure, an AccountDeleted erases its owner where it stands in the batch, and no later event of an erased
 * owner reaches `apply` (Projection.erasure). Answers whose data changed (undefined: everyone's).
 */
export async function applyEvents(
  projection: Projection,
  context: ProjectionContext,
  events: readonly StoredEvent[],
): Promise<readonly string[] | undefined> {
  // Nothing handled: nobody's data changed. A projection that does not say wakes everyone (undefined).
  if (events.length === 0) return [];
  const apply = async (batch: readonly StoredEvent[]) => {
    if (batch.length === 0) return [];
    const outcome = await projection.apply(batch, context);
    return outcome ? outcome.touched : undefined;
  };
  const { erasure } = projection;
  if (!erasure) return apply(events);

  const erasedTable = context.table(erasedOwnersTable(projection));
  const ownerOf = (event: StoredEvent) =>
    event.type === OWNER_ERASED ? (event.data as { userId: string }).userId : erasure.ownerOf(event);
  const owners = [...new Set(events.map(ownerOf).filter((owner) => owner !== null))];
  const known = await context.client.query<{ owner_id: string }>(
    `SELECT owner_id FROM ${erasedTable} WHERE owner_id = ANY($1::text[])`,
    [owners],
  );
  const erased = new Set(known.rows.map((row) => row.owner_id));
  let touched: Set<string> | undefined = new Set();
  const note = (changed: readonly string[] | undefined) => {
    if (changed === undefined) touched = undefined;
    else for (const owner of changed) touched?.add(owner);
  };
  let pending: StoredEvent[] = [];
  const dropped: StoredEvent[] = [];
  for (const event of events) {
    const owner = ownerOf(event);
    if (event.type !== OWNER_ERASED) {
      if (owner === null || !erased.has(owner)) pending.push(event);
      else dropped.push(event);
      continue;
    }
    if (owner === null || erased.has(owner)) continue;
    note(await apply(pending));
    pending = [];
    await erasure.erase([owner], context);
    await context.client.query(
      `INSERT INTO ${erasedTable} (owner_id, erased_at) VALUES ($1, $2) ON CONFLICT (owner_id) DO NOTHING`,
      [owner, (event.data as { deletedAt: string }).deletedAt],
    );
    erased.add(owner);
    note([owner]);
  }
  note(await apply(pending));
  if (dropped.length > 0 && erasure.dropped) await erasure.dropped(dropped, context);
  return touched === undefined ? undefined : [...touched];
}

/** Reads the next batch after `after` and writes the handled events into `generation`. */
export async function applyNextBatch(
  deps: ProjectionDependencies,
  client: pg.PoolClient,
  projection: Projection,
  generation: number,
  after: Checkpoint | null,
): Promise<{ read: number; checkpoint: Checkpoint | null; touched: readonly string[] | undefined }> {
  const batch = await readBatch(deps, projection, after, deps.batchSize ?? DEFAULT_BATCH_SIZE);
  if (batch.scanned === 0) return { read: 0, checkpoint: after, touched: [] };
  const touched = await applyBatch(client, projection, generation, batch.events);
  return { read: batch.scanned, checkpoint: batch.checkpoint, touched };
}

function lockKey(kind: string, name: string): string {
  return `kartvizit:${kind}:${name}`;
}

export async function createTables(client: pg.PoolClient, projection: Projection, generation: number): Promise<void> {
  for (const [logical, ddl] of Object.entries(tablesOf(projection))) {
    const physical = physicalTableName(logical, generation);
    await client.query(`DROP TABLE IF EXISTS ${physical}`);
    await client.query(ddl(physical));
  }
}

async function switchViews(client: pg.PoolClient, projection: Projection, generation: number): Promise<void> {
  for (const logical of Object.keys(tablesOf(projection))) {
    await client.query(`DROP VIEW IF EXISTS ${readModelName(logical)}`);
    await client.query(
      `CREATE VIEW ${readModelName(logical)} AS SELECT * FROM ${physicalTableName(logical, generation)}`,
    );
  }
}

/**
 * First start of a projection: empty generation-1 tables go live at once and the runner fills
 * them batch by batch, each with its checkpoint, so progress survives a crash. (A blue/green
 * rebuild only pays off when there is a live generation to keep serving.)
 */
export async function initialiseProjection(deps: ProjectionDependencies, projection: Projection): Promise<boolean> {
  const client = await deps.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [lockKey('rebuild', projection.name)]);
    return await inTransaction(client, async () => {
      const existing = await client.query('SELECT 1 FROM projection_checkpoints WHERE name = $1', [projection.name]);
      if (existing.rowCount) return false;
      await createTables(client, projection, 1);
      await switchViews(client, projection, 1);
      await client.query(
        `INSERT INTO projection_checkpoints (name, checkpoint, version, generation, updated_at)
         VALUES ($1, NULL, $2, 1, now())`,
        [projection.name, projection.version],
      );
      return true;
    });
  } finally {
    await client
      .query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [lockKey('rebuild', projection.name)])
      .catch(() => undefined);
    client.release();
  }
}

/**
 * Blue/green rebuild: replay the whole history into the next generation of tables while the live
 * generation keeps serving, then, holding the checkpoint row, catch up the last events and repoint
 * the views in one transaction. The old generation is dropped afterwards.
 */
export async function rebuildProjection(
  deps: ProjectionDependencies,
  projection: Projection,
  options: { readonly onlyIfStale?: boolean } = {},
): Promise<{ generation: number; checkpoint: Checkpoint | null; events: number }> {
  const log = deps.log ?? (() => undefined);
  const client = await deps.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [lockKey('rebuild', projection.name)]);
    const current = await client.query<{ generation: number; version: number; checkpoint: Checkpoint | null }>(
      'SELECT generation, version, checkpoint FROM projection_checkpoints WHERE name = $1',
      [projection.name],
    );
    const row = current.rows[0];
    // Another instance may have rebuilt while we waited for the lock.
    if (options.onlyIfStale && row && row.generation > 0 && row.version === projection.version) {
      return { generation: row.generation, checkpoint: row.checkpoint, events: 0 };
    }
    const previous = row?.generation ?? 0;
    const generation = previous + 1;
    log(`${projection.name}: rebuilding into generation ${generation}`);
    await createTables(client, projection, generation);

    // Replay: while one batch is written (on this connection), the next is read and decoded (on another).
    const size = deps.batchSize ?? REBUILD_BATCH_SIZE;
    let checkpoint: Checkpoint | null = null;
    let total = 0;
    let next = readBatch(deps, projection, checkpoint, size);
    for (;;) {
      const batch = await next;
      if (batch.scanned === 0) break;
      next = readBatch(deps, projection, batch.checkpoint, size);
      // A failed write ends the rebuild; the read already under way must not become an unhandled rejection.
      next.catch(() => undefined);
      await inTransaction(client, () => applyBatch(client, projection, generation, batch.events));
      checkpoint = batch.checkpoint;
      total += batch.scanned;
    }

    await inTransaction(client, async () => {
      await client.query(
        `INSERT INTO projection_checkpoints (name, checkpoint, version, generation, updated_at)
         VALUES ($1, NULL, $2, 0, now()) ON CONFLICT (name) DO NOTHING`,
        [projection.name, projection.version],
      );
      // Waits for the live runner's batch in flight and keeps it out until the switch is done.
      await client.query('SELECT 1 FROM projection_checkpoints WHERE name = $1 FOR UPDATE', [projection.name]);
      for (;;) {
        const batch = await applyNextBatch(deps, client, projection, generation, checkpoint);
        if (batch.read === 0) break;
        checkpoint = batch.checkpoint;
        total += batch.read;
      }
      await switchViews(client, projection, generation);
      await client.query(
        `UPDATE projection_checkpoints SET checkpoint = $2, version = $3, generation = $4, updated_at = now()
          WHERE name = $1`,
        [projection.name, checkpoint, projection.version, generation],
      );
      // Fed by Kafka, the live runner's places in the partitions (projection_kafka_offsets) stay: every event it had
      // consumed was readable in the store before this transaction, so the replay above applied it to the new
      // generation too. (Deleting them would send each partition back to the mark at or before `checkpoint`, and a
      // partition with no new event would never be handed over again: the checkpoint could not pass that mark.)
    });

    for (const logical of Object.keys(tablesOf(projection))) {
      const stale = await client.query<{ tablename: string }>(
        `SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename ~ $1 AND tablename <> $2`,
        [`^rm_${logical}_g[0-9]+$`, physicalTableName(logical, generation)],
      );
      for (const row of stale.rows) await client.query(`DROP TABLE IF EXISTS ${row.tablename}`);
    }
    log(`${projection.name}: generation ${generation} live after ${total} events`);
    return { generation, checkpoint, events: total };
  } finally {
    await client
      .query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [lockKey('rebuild', projection.name)])
      .catch(() => undefined);
    client.release();
  }
}

export { inTransaction, lockKey };
