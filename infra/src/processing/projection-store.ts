import type { Checkpoint } from '../event-store/types.ts';
import { formatProjectionAdvanced } from '../signals/projection-advanced.ts';
import { Processor, type ProcessorOptions } from './processor.ts';
import type { Projection } from './projection.ts';
import type { SharedLockSession } from './lock-session.ts';
import {
  DEFAULT_BATCH_SIZE,
  initialiseProjection,
  inTransaction,
  lockKey,
  readNextBatch,
  rebuildProjection,
  writeBatch,
  type ProjectionDependencies,
} from './rebuild.ts';

export interface RunnerOptions extends ProjectionDependencies, Pick<ProcessorOptions, 'signals' | 'pollIntervalMs'> {
  /**
   * The session holding this process's processor locks: every projection and reactor of a process shares one
   * connection for them. Without it, the runner holds its lock on a connection of its own.
   */
  readonly lockSession?: SharedLockSession;
}

type BatchOutcome =
  | { kind: 'applied'; read: number; checkpoint: Checkpoint | null; touched: readonly string[] | undefined }
  | { kind: 'idle' }
  | { kind: 'missing' }
  | { kind: 'stale' }
  | { kind: 'moved' };

/**
 * Keeps one projection up to date. Only the instance holding the projection's advisory lock
 * writes; others wait as standbys. Each batch and its checkpoint commit together, so a crash at
 * any point replays at most the uncommitted batch.
 *
 * A batch is read first (events and the vault's keys, on the pool) and only then written, on a
 * connection taken for that write alone: a runner never holds a connection, let alone a
 * transaction, while it waits for another. (When it did, seven projections and a test's held
 * append used up a pool of ten, each waiting for an eleventh while holding its batch's
 * transaction open, which also held back every reader of the database server.)
 */
export class ProjectionRunner {
  private readonly processor: Processor;

  constructor(
    private readonly projection: Projection,
    private readonly options: RunnerOptions,
  ) {
    this.processor = new Processor(
      projection.name,
      lockKey('live', projection.name),
      async () => {
        await this.catchUp();
      },
      options,
    );
  }

  get name(): string {
    return this.projection.name;
  }

  start(): void {
    this.processor.start();
  }

  async stop(): Promise<void> {
    await this.processor.stop();
  }

  /** Processes batches until nothing new is visible. Used by tests and the CLI; the loop does the same. */
  async catchUp(): Promise<number> {
    let total = 0;
    for (;;) {
      const outcome = await this.processBatch();
      if (outcome.kind === 'missing') {
        await initialiseProjection(this.options, this.projection);
        continue;
      }
      if (outcome.kind === 'stale') {
        total += (await rebuildProjection(this.options, this.projection, { onlyIfStale: true })).events;
        continue;
      }
      // A rebuild switched generations between the read and the write: read again.
      if (outcome.kind === 'moved') continue;
      if (outcome.kind === 'idle') return total;
      total += outcome.read;
      if (outcome.read < (this.options.batchSize ?? DEFAULT_BATCH_SIZE)) return total;
    }
  }

  private async processBatch(): Promise<BatchOutcome> {
    const { pool } = this.options;
    const found = await pool.query<CheckpointRow>(CHECKPOINT_SQL, [this.name]);
    const seen = found.rows[0];
    if (!seen) return { kind: 'missing' };
    if (seen.version !== this.projection.version || seen.generation === 0) return { kind: 'stale' };
    const batch = await readNextBatch(this.options, this.projection, seen.checkpoint as Checkpoint | null);
    if (batch.scanned === 0) return { kind: 'idle' };

    const client = await pool.connect();
    let outcome: BatchOutcome;
    try {
      outcome = await inTransaction(client, async (): Promise<BatchOutcome> => {
        const locked = await client.query<CheckpointRow>(`${CHECKPOINT_SQL} FOR UPDATE`, [this.name]);
        const row = locked.rows[0];
        if (
          !row ||
          row.version !== seen.version ||
          row.generation !== seen.generation ||
          row.checkpoint !== seen.checkpoint
        ) {
          return { kind: 'moved' };
        }
        const touched = await writeBatch(client, this.projection, row.generation, batch.events);
        await client.query('UPDATE projection_checkpoints SET checkpoint = $2, updated_at = now() WHERE name = $1', [
          this.name,
          batch.checkpoint,
        ]);
        return { kind: 'applied', read: batch.scanned, checkpoint: batch.checkpoint, touched };
      });
    } finally {
      client.release();
    }
    if (outcome.kind === 'applied') {
      await this.options.signals?.publish(
        'projection_advanced',
        formatProjectionAdvanced(this.name, outcome.checkpoint, outcome.touched),
      );
    }
    return outcome;
  }
}

interface CheckpointRow {
  readonly checkpoint: string | null;
  readonly version: number;
  readonly generation: number;
}

const CHECKPOINT_SQL = 'SELECT checkpoint, version, generation FROM projection_checkpoints WHERE name = $1';
