import type pg from 'pg';
import type { Checkpoint } from '@kartvizit/infra/event-store/types';
import { formatProjectionAdvanced } from '@kartvizit/infra/signals/projection-advanced';
import { Processor, type ProcessorOptions } from '@kartvizit/infra/processing/processor';
import type { Projection } from './projection.ts';
import {
  applyNextBatch,
  DEFAULT_BATCH_SIZE,
  initialiseProjection,
  inTransaction,
  lockKey,
  rebuildProjection,
  type ProjectionDependencies,
} from './rebuild.ts';

export interface RunnerOptions extends ProjectionDependencies, Pick<ProcessorOptions, 'signals' | 'pollIntervalMs'> {}

type BatchOutcome =
  | { kind: 'applied'; read: number; checkpoint: Checkpoint | null; touched: readonly string[] | undefined }
  | { kind: 'idle' }
  | { kind: 'missing' }
  | { kind: 'stale' };

/**
 * Keeps one projection up to date. Only the instance holding the projection's advisory lock
 * writes; others wait as standbys. Each batch and its checkpoint commit together, so a crash at
 * any point replays at most the uncommitted batch.
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
    return this.processor.withConnection((client) => this.catchUpOn(client));
  }

  // The batches run on the connection that holds the lock: a runner then keeps one connection
  // while it waits for another (the store's read, the vault's keys), not two. With one lock
  // connection and one batch connection per runner, five runners on a pool of ten all waited
  // for an eleventh. (A catchUp() without the lock, or beside the loop's, borrows one.)
  private async catchUpOn(client: pg.PoolClient): Promise<number> {
    let total = 0;
    for (;;) {
      const outcome = await this.processBatch(client);
      if (outcome.kind === 'missing') {
        await initialiseProjection(this.options, this.projection);
        continue;
      }
      if (outcome.kind === 'stale') {
        total += (await rebuildProjection(this.options, this.projection, { onlyIfStale: true })).events;
        continue;
      }
      if (outcome.kind === 'idle') return total;
      total += outcome.read;
      if (outcome.read < (this.options.batchSize ?? DEFAULT_BATCH_SIZE)) return total;
    }
  }

  private async processBatch(client: pg.PoolClient): Promise<BatchOutcome> {
    const outcome = await inTransaction(client, async (): Promise<BatchOutcome> => {
      const result = await client.query<{ checkpoint: string | null; version: number; generation: number }>(
        'SELECT checkpoint, version, generation FROM projection_checkpoints WHERE name = $1 FOR UPDATE',
        [this.name],
      );
      const row = result.rows[0];
      if (!row) return { kind: 'missing' };
      if (row.version !== this.projection.version || row.generation === 0) return { kind: 'stale' };
      const batch = await applyNextBatch(
        this.options,
        client,
        this.projection,
        row.generation,
        row.checkpoint as Checkpoint | null,
      );
      if (batch.read === 0) return { kind: 'idle' };
      await client.query('UPDATE projection_checkpoints SET checkpoint = $2, updated_at = now() WHERE name = $1', [
        this.name,
        batch.checkpoint,
      ]);
      return { kind: 'applied', read: batch.read, checkpoint: batch.checkpoint, touched: batch.touched };
    });
    if (outcome.kind === 'applied') {
      await this.options.signals?.publish(
        'projection_advanced',
        formatProjectionAdvanced(this.name, outcome.checkpoint, outcome.touched),
      );
    }
    return outcome;
  }
}
