import { merge, timer, type Subscription } from 'rxjs';
import type pg from 'pg';
import type { Checkpoint } from '@kartvizit/infra/event-store/types';
import { formatProjectionAdvanced } from '@kartvizit/infra/signals/projection-advanced';
import type { SignalBus } from '@kartvizit/infra/signals/types';
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

/** First wait before reading again while appended events are held back by an older open transaction; doubles. */
const HELD_BACK_FIRST_RETRY_MS = 10;
/**
 * The longest such wait, whatever the poll interval: once the holder ends, the events show within this. A hold of
 * seconds (another test run's open transaction) had doubled the wait past the time it took to end.
 */
const HELD_BACK_MAX_RETRY_MS = 250;

export interface RunnerOptions extends ProjectionDependencies {
  readonly signals?: SignalBus;
  /** Fallback when a wake-up signal is lost, and the standby's retry interval. */
  readonly pollIntervalMs?: number;
}

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
  private stopped = false;
  private lockClient: pg.PoolClient | null = null;
  /** The lock connection is running a batch; a concurrent catchUp() must not share it. */
  private lockClientBusy = false;
  private wake: (() => void) | null = null;
  /** A wake-up that arrived while a batch was running: go round again instead of sleeping. */
  private pending = false;
  /** How long to wait before reading again while the log's newest events are held back. */
  private heldBackDelay = HELD_BACK_FIRST_RETRY_MS;
  private subscription: Subscription | null = null;
  private loop: Promise<void> | null = null;

  constructor(
    private readonly projection: Projection,
    private readonly options: RunnerOptions,
  ) {}

  get name(): string {
    return this.projection.name;
  }

  start(): void {
    if (this.loop) return;
    const interval = this.options.pollIntervalMs ?? 1000;
    const wakeups = this.options.signals ? merge(this.options.signals.on('events_appended'), timer(interval, interval)) : timer(interval, interval);
    this.subscription = wakeups.subscribe(() => {
      if (this.wake) this.wake();
      else this.pending = true;
    });
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.subscription?.unsubscribe();
    this.wake?.();
    await this.loop;
    this.loop = null;
    if (this.lockClient) {
      await this.lockClient.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
      this.lockClient.release();
      this.lockClient = null;
    }
  }

  /** Processes batches until nothing new is visible. Used by the loop and by tests. */
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
      if (outcome.kind === 'idle') return total;
      total += outcome.read;
      if (outcome.read < (this.options.batchSize ?? DEFAULT_BATCH_SIZE)) return total;
    }
  }

  private async run(): Promise<void> {
    const log = this.options.log ?? (() => undefined);
    while (!this.stopped) {
      try {
        if (!(await this.holdLock())) {
          await this.sleep();
          continue;
        }
        await this.catchUp();
        // Events already appended but held back by an older open transaction (anywhere on the database server) bring
        // no further wake-up: read again soon, backing off, instead of waiting for the next append or the poll.
        if (await this.options.store.heldBack()) {
          await this.sleep(this.heldBackDelay);
          this.heldBackDelay = Math.min(this.heldBackDelay * 2, HELD_BACK_MAX_RETRY_MS, this.options.pollIntervalMs ?? 1000);
        } else {
          this.heldBackDelay = HELD_BACK_FIRST_RETRY_MS;
          await this.sleep();
        }
      } catch (error) {
        log(`${this.name}: ${error instanceof Error ? error.message : String(error)}; retrying`);
        await this.dropLock();
        await this.sleep();
      }
    }
  }

  private async processBatch(): Promise<BatchOutcome> {
    // The batch runs on the connection that holds the lock: a runner then keeps one connection
    // while it waits for another (the store's read, the vault's keys), not two. With one lock
    // connection and one batch connection per runner, five runners on a pool of ten all waited
    // for an eleventh. (A catchUp() without the lock, or beside the loop's, borrows one.)
    const lockClient = this.lockClient !== null && !this.lockClientBusy ? this.lockClient : null;
    if (lockClient) this.lockClientBusy = true;
    const client = lockClient ?? (await this.options.pool.connect());
    try {
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
    } finally {
      if (lockClient) this.lockClientBusy = false;
      else client.release();
    }
  }

  private async holdLock(): Promise<boolean> {
    if (this.lockClient) return true;
    const client = await this.options.pool.connect();
    const result = await client.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked',
      [lockKey('live', this.name)],
    );
    if (result.rows[0]?.locked) {
      // A broken connection loses the lock; drop ours so the loop competes for it again.
      client.on('error', () => void this.dropLock());
      this.lockClient = client;
      return true;
    }
    client.release();
    return false;
  }

  private async dropLock(): Promise<void> {
    const client = this.lockClient;
    this.lockClient = null;
    if (!client) return;
    await client.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
    client.release(true);
  }

  /** Until a wake-up (an append, the poll timer, stop), or at most `timeoutMs`. */
  private sleep(timeoutMs?: number): Promise<void> {
    if (this.stopped || this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = timeoutMs === undefined ? undefined : setTimeout(() => this.wake?.(), timeoutMs);
      this.wake = () => {
        this.wake = null;
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
