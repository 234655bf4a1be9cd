import { merge, timer, type Subscription } from 'rxjs';
import type pg from 'pg';
import type { EventStore } from '../event-store/types.ts';
import type { SignalBus } from '../signals/types.ts';
import type { SharedLockSession } from './lock-session.ts';

/** First wait before reading again while appended events are held back by an older open transaction; doubles. */
const HELD_BACK_FIRST_RETRY_MS = 10;
/**
 * The longest such wait, whatever the poll interval: once the holder ends, the events show within this. A hold of
 * seconds (another test run's open transaction) had doubled the wait past the time it took to end.
 */
const HELD_BACK_MAX_RETRY_MS = 250;

export interface ProcessorOptions {
  readonly pool: pg.Pool;
  readonly store: EventStore;
  readonly signals?: SignalBus;
  /** Fallback when a wake-up signal is lost, and the standby's retry interval. */
  readonly pollIntervalMs?: number;
  readonly log?: (message: string) => void;
}

/** What one round of work asks of the loop: to come back by itself after a while (a retry that is due then). */
export interface RoundOutcome {
  readonly wakeInMs?: number;
}

/** One round: process what is visible now, and return when nothing more can be done yet. */
export type ProcessorRound = () => Promise<RoundOutcome | void>;

/**
 * The one subscription loop of the product: what keeps a projection (the projector) or a reactor
 * (e-mail, later REMS, meetings, the Kafka relay) following the event log.
 *
 * - **One active instance per name**: only the instance holding the name's advisory lock works; others
 *   wait as standbys and take over when its connection goes.
 * - **Wake-ups**: every 'events_appended' signal, a fallback poll (a lost signal costs at most one
 *   interval), and, while appended events are held back by an older open transaction anywhere on the
 *   server, a short backoff (no further signal will come for them).
 * - **A round's own timer**: a round may ask to be woken after a delay (a reactor's retry that falls due).
 *
 * What a round does, and where it keeps its checkpoint, belongs to its user; a round takes the
 * connections it needs from the pool for as long as it needs them. The lock is held on a session
 * shared by the processors of a process (`lockSession`: one connection for all of them), or, without
 * one, on a connection of the processor's own.
 */
export class Processor {
  private stopped = false;
  private lockClient: pg.PoolClient | null = null;
  private wake: (() => void) | null = null;
  /** A wake-up that arrived while a round was running: go round again instead of sleeping. */
  private pending = false;
  /** How long to wait before reading again while the log's newest events are held back. */
  private heldBackDelay = HELD_BACK_FIRST_RETRY_MS;
  private subscription: Subscription | null = null;
  private loop: Promise<void> | null = null;

  constructor(
    readonly name: string,
    /** The advisory lock's key: one active instance per key on the database server. */
    private readonly lockKey: string,
    private readonly round: ProcessorRound,
    private readonly options: ProcessorOptions & { readonly lockSession?: SharedLockSession },
  ) {}

  start(): void {
    if (this.loop) return;
    const interval = this.options.pollIntervalMs ?? 1000;
    const wakeups = this.options.signals
      ? merge(this.options.signals.on('events_appended'), timer(interval, interval))
      : timer(interval, interval);
    this.subscription = wakeups.subscribe(() => this.wakeUp());
    this.loop = this.run();
  }

  /** Go round again now (or as soon as the running round ends). */
  wakeUp(): void {
    if (this.wake) this.wake();
    else this.pending = true;
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

  private async run(): Promise<void> {
    const log = this.options.log ?? (() => undefined);
    const interval = this.options.pollIntervalMs ?? 1000;
    while (!this.stopped) {
      try {
        if (!(await this.holdLock())) {
          await this.sleep();
          continue;
        }
        const outcome = await this.round();
        const wakeInMs = outcome?.wakeInMs;
        // Events already appended but held back by an older open transaction (anywhere on the database server) bring
        // no further wake-up: read again soon, backing off, instead of waiting for the next append or the poll.
        if (await this.options.store.heldBack()) {
          await this.sleep(Math.min(this.heldBackDelay, wakeInMs ?? Infinity));
          this.heldBackDelay = Math.min(this.heldBackDelay * 2, HELD_BACK_MAX_RETRY_MS, interval);
        } else {
          this.heldBackDelay = HELD_BACK_FIRST_RETRY_MS;
          await this.sleep(wakeInMs);
        }
      } catch (error) {
        log(`${this.name}: ${error instanceof Error ? error.message : String(error)}; retrying`);
        await this.dropLock();
        await this.sleep();
      }
    }
  }

  private async holdLock(): Promise<boolean> {
    if (this.options.lockSession) return this.options.lockSession.tryHold(this.lockKey);
    if (this.lockClient) return true;
    const client = await this.options.pool.connect();
    const result = await client.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked',
      [this.lockKey],
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
      const timer = timeoutMs === undefined ? undefined : setTimeout(() => this.wake?.(), Math.max(0, timeoutMs));
      this.wake = () => {
        this.wake = null;
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
