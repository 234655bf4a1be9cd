import type pg from 'pg';
import { inTransaction } from '../db/transaction.ts';
import type { Checkpoint, RecordedEvent } from '../event-store/types.ts';

export type Queryable = Pick<pg.ClientBase, 'query'>;

/**
 * A source's place in what it delivered, handed to the work with each batch. The work decides the transaction: a
 * projection claims, writes and calls `done` in one; a reactor calls `doneThrough` after each event it met.
 */
export interface SourcePosition {
  /**
   * Given the work's checkpoint (for a projection, read in its transaction, holding its row): the batch's events still
   * to be done, in log order; null when the source's place moved under the work (read again, or be handed the
   * partition again from where the database says).
   */
  claim(db: Queryable, checkpoint: Checkpoint | null): Promise<readonly RecordedEvent[] | null>;
  /** Done up to and including `event` (a reactor, after each event it met). */
  doneThrough(db: Queryable, event: RecordedEvent): Promise<void>;
  /** The whole batch done (events of other types too); answers the work's checkpoint now, and whether it moved. */
  done(db: Queryable): Promise<{ readonly checkpoint: Checkpoint | null; readonly moved: boolean }>;
}

/** What became of a batch: done, done with something left waiting (a reactor's retry), or to be handed again. */
export type Handled = 'done' | 'waiting' | 'again';

/**
 * What follows the log, whatever the source (store-source.ts, kafka-source.ts): a projection (projection-work.ts) or a
 * reactor (reactor-work.ts). Its names say where its place is kept and how its one active instance is chosen.
 */
export interface Work {
  readonly name: string;
  /** The store source's advisory lock (one active instance per key). */
  readonly lockKey: string;
  /** The Kafka source's consumer group. */
  readonly group: string;
  /** The Kafka source's rows in projection_kafka_offsets. */
  readonly offsetsName: string;
  /** The table of the work's checkpoint row (keyed by `name`, column `checkpoint`). */
  readonly checkpointTable: 'projection_checkpoints' | 'reactor_checkpoints';
  /** Events the store source reads per batch. */
  readonly batchSize: number;
  /** The event types the work reads. */
  readonly types: readonly string[];
  /** Makes the checkpoint row ready: created, or a projection's tables initialised or rebuilt. */
  prepare(): Promise<unknown>;
  /** The work's checkpoint, null while it must be prepared first; with `forUpdate`, its row locked (in a transaction). */
  checkpoint(db: Queryable, forUpdate?: boolean): Promise<{ readonly checkpoint: Checkpoint | null } | null>;
  /** One batch, in log order (events of other types among them). */
  handle(events: readonly RecordedEvent[], position: SourcePosition): Promise<Handled>;
  /** The checkpoint moved without a batch (the Kafka source's chase). */
  advanced?(checkpoint: Checkpoint | null): Promise<void>;
  /** What waits outside the log (a reactor's retries, parked partitions), by the one active instance: true if some still waits. */
  tend?(): Promise<boolean>;
  /** How long until what waits falls due; undefined when nothing does. */
  dueInMs?(): Promise<number | undefined>;
}

/** The work's checkpoint moved to `checkpoint` (a store batch's end, or a relay mark). */
export async function saveCheckpoint(db: Queryable, work: Work, checkpoint: Checkpoint | null): Promise<void> {
  await db.query(`UPDATE ${work.checkpointTable} SET checkpoint = $2, updated_at = now() WHERE name = $1`, [
    work.name,
    checkpoint,
  ]);
}

/** Runs `body` in a transaction on a connection taken for it alone. */
export async function transaction<T>(pool: pg.Pool, body: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    return await inTransaction(client, () => body(client));
  } finally {
    client.release();
  }
}
