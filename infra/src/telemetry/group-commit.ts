import { DuplicateEventError, type AppendRequest, type EventStore, type NewEvent } from '../event-store/types.ts';

export interface GroupCommitOptions {
  readonly store: EventStore;
  /** The most events one append writes; more waiting form the next batch. */
  readonly maxBatchEvents?: number;
  /** Events waiting or being written at most; past it `enqueue` refuses new ones at once ('overloaded'). */
  readonly maxBufferedEvents?: number;
  /**
   * How long an event may wait for a failing store: past it, it is taken out of the queue and its `enqueue` fails
   * ('unavailable'), so a request waiting for it can be answered. A batch being written is waited for.
   */
  readonly maxWaitMs?: number;
  /** First retry delay after a failed append; doubles up to `maxRetryDelayMs`. */
  readonly retryDelayMs?: number;
  readonly maxRetryDelayMs?: number;
  /** How long `close()` keeps retrying a failing store before it gives up. */
  readonly closeTimeoutMs?: number;
  /** Operational lines: counts and error messages only, never event data. */
  readonly log?: (message: string) => void;
  /** A monotonic clock in milliseconds (default `performance.now`), for the waiting limit. */
  readonly now?: () => number;
}

export interface GroupCommitStats {
  readonly appended: number;
  readonly appendCalls: number;
  readonly failedAppends: number;
  /** Events that were not stored: refused (full, closed), given up on, or refused by the store. */
  readonly notStored: number;
  readonly waiting: number;
}

/** Why an event was not stored: its `enqueue` fails with this, and nothing of it is in the store. */
export type NotStoredReason = 'overloaded' | 'unavailable' | 'refused' | 'closed';

export class NotStoredError extends Error {
  constructor(readonly reason: NotStoredReason) {
    super(`Telemetri olayı kaydedilmedi (${reason})`);
    this.name = 'NotStoredError';
  }
}

interface Entry {
  readonly streamId: string;
  readonly event: NewEvent;
  /** Past this moment (of `now`) a waiting entry is given up on. */
  readonly deadline: number;
  readonly stored: () => void;
  readonly notStored: (error: NotStoredError) => void;
}

export const GROUP_COMMIT_DEFAULTS = {
  maxBatchEvents: 5_000,
  maxBufferedEvents: 50_000,
  maxWaitMs: 5_000,
  retryDelayMs: 100,
  maxRetryDelayMs: 5_000,
  closeTimeoutMs: 10_000,
} as const;

// Events not stored are reported at most this often, as one line with the counts since the last report.
const REPORT_INTERVAL_MS = 10_000;
// The expiry timer fires no more often than this: a waiting event is given up on at most this late.
const EXPIRY_GRANULARITY_MS = 100;

const REASON_TEXT: Record<NotStoredReason, string> = {
  overloaded: 'arabellek dolu',
  unavailable: 'depo zamanında yazamadı',
  refused: 'depo kabul etmedi',
  closed: 'kapanıyor',
};

/**
 * Group commit for appends that protect no invariant (visits, clicks), with no fixed wait: `enqueue` answers a promise
 * that settles when the event is committed (or certainly not stored), so a request can be answered only then. When no
 * batch is being written, the events enqueued in this turn of the event loop are written at the end of it; while one
 * is written, what arrives waits and forms the next batch, written as soon as that one has finished. A quiet system
 * commits each hit at once, a busy one writes larger batches by itself (as PostgreSQL's own group commit does). One
 * batch is in flight at a time, one `store.append` each (several streams, expected version 'any').
 *
 * A failed batch goes back to the front and is retried with backoff; its event ids are kept, so a batch that was in
 * fact committed before the error is not written twice. Events waiting longer than `maxWaitMs` for a failing store
 * are given up on ('unavailable'). `close()` writes everything still waiting.
 */
export class GroupCommitAppender {
  private readonly store: EventStore;
  private readonly settings: Required<Omit<GroupCommitOptions, 'store' | 'log' | 'now'>>;
  private readonly log: (message: string) => void;
  private readonly now: () => number;
  private buffer: Entry[] = [];
  /** Events of the batch being written. */
  private writing = 0;
  private flushing: Promise<boolean> | null = null;
  private startPending = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private expiryTimer: NodeJS.Timeout | undefined;
  private failures = 0;
  private closed = false;
  private unreported: Record<NotStoredReason, number> = { overloaded: 0, unavailable: 0, refused: 0, closed: 0 };
  private notStoredReport: NodeJS.Timeout | undefined;
  private counters = { appended: 0, appendCalls: 0, failedAppends: 0, notStored: 0 };

  constructor(options: GroupCommitOptions) {
    this.store = options.store;
    this.log = options.log ?? ((): void => undefined);
    this.now = options.now ?? (() => performance.now());
    this.settings = {
      maxBatchEvents: Math.max(1, options.maxBatchEvents ?? GROUP_COMMIT_DEFAULTS.maxBatchEvents),
      maxBufferedEvents: Math.max(1, options.maxBufferedEvents ?? GROUP_COMMIT_DEFAULTS.maxBufferedEvents),
      maxWaitMs: options.maxWaitMs ?? GROUP_COMMIT_DEFAULTS.maxWaitMs,
      retryDelayMs: options.retryDelayMs ?? GROUP_COMMIT_DEFAULTS.retryDelayMs,
      maxRetryDelayMs: options.maxRetryDelayMs ?? GROUP_COMMIT_DEFAULTS.maxRetryDelayMs,
      closeTimeoutMs: options.closeTimeoutMs ?? GROUP_COMMIT_DEFAULTS.closeTimeoutMs,
    };
  }

  /**
   * Queues one event; settles once it is committed, or fails with a NotStoredError when it certainly is not stored:
   * the queue is full, the store stayed unreachable for `maxWaitMs`, the store refused the event, or the appender
   * was closed.
   */
  enqueue(streamId: string, event: NewEvent): Promise<void> {
    if (this.closed) return Promise.reject(this.refuse('closed'));
    if (this.buffer.length + this.writing >= this.settings.maxBufferedEvents) {
      return Promise.reject(this.refuse('overloaded'));
    }
    return new Promise<void>((stored, notStored) => {
      this.buffer.push({ streamId, event, deadline: this.now() + this.settings.maxWaitMs, stored, notStored });
      this.armExpiry();
      this.startSoon();
    });
  }

  stats(): GroupCommitStats {
    return { ...this.counters, waiting: this.buffer.length };
  }

  /** Writes everything waiting (retrying a failing store until `closeTimeoutMs`), then refuses new events. */
  async close(): Promise<void> {
    this.closed = true;
    this.clearRetry();
    const deadline = this.now() + this.settings.closeTimeoutMs;
    for (;;) {
      if (this.flushing) await this.flushing;
      if (this.buffer.length === 0) break;
      if (this.now() >= deadline) {
        this.giveUp(this.buffer.splice(0), 'unavailable');
        break;
      }
      const ok = await this.runFlush();
      if (!ok) await sleep(Math.min(this.backoffDelay(), Math.max(0, deadline - this.now())));
    }
    this.clearRetry();
    if (this.expiryTimer !== undefined) clearTimeout(this.expiryTimer);
    this.expiryTimer = undefined;
    if (this.notStoredReport !== undefined) clearTimeout(this.notStoredReport);
    this.notStoredReport = undefined;
    this.writeReport();
  }

  /**
   * Starts a batch at the end of this turn of the event loop, unless one is being written (its end starts the next)
   * or a retry is waiting out its backoff (new events do not cut it short).
   */
  private startSoon(): void {
    if (this.startPending || this.flushing || this.retryTimer !== undefined || this.closed) return;
    this.startPending = true;
    setImmediate(() => {
      this.startPending = false;
      if (this.flushing || this.retryTimer !== undefined || this.closed || this.buffer.length === 0) return;
      void this.runFlush();
    });
  }

  private clearRetry(): void {
    if (this.retryTimer !== undefined) clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }

  /** One batch; answers whether it was written. Never throws. */
  private runFlush(): Promise<boolean> {
    if (this.flushing) return this.flushing.then(() => true);
    this.expire();
    const batch = this.buffer.splice(0, this.settings.maxBatchEvents);
    if (batch.length === 0) return Promise.resolve(true);
    this.writing = batch.length;
    const flushing = this.write(batch).then(
      () => true,
      (error: unknown) => {
        this.failures += 1;
        this.counters.failedAppends += 1;
        if (this.failures === 1 || this.failures % 10 === 0) {
          const message = error instanceof Error ? error.message : String(error);
          this.log(
            `Telemetri: ${this.buffer.length} olay yazılamadı (deneme ${this.failures}), tekrar denenecek: ${message}`,
          );
        }
        return false;
      },
    );
    this.flushing = flushing.finally(() => {
      this.flushing = null;
      this.writing = 0;
      if (this.closed || this.buffer.length === 0) return;
      if (this.failures === 0) {
        this.startSoon();
        return;
      }
      this.retryTimer = setTimeout(() => {
        this.retryTimer = undefined;
        void this.runFlush();
      }, this.backoffDelay());
    });
    return this.flushing;
  }

  private async write(batch: readonly Entry[]): Promise<void> {
    const byStream = new Map<string, NewEvent[]>();
    for (const entry of batch) {
      const events = byStream.get(entry.streamId);
      if (events) events.push(entry.event);
      else byStream.set(entry.streamId, [entry.event]);
    }
    const requests: AppendRequest[] = [...byStream].map(([streamId, events]) => ({
      streamId,
      expected: 'any',
      events,
    }));
    try {
      this.counters.appendCalls += 1;
      await this.store.append(requests);
    } catch (error) {
      if (isPermanent(error)) {
        await this.salvage(batch);
        return;
      }
      this.requeue(batch);
      throw error;
    }
    this.failures = 0;
    this.counters.appended += batch.length;
    for (const entry of batch) entry.stored();
  }

  /**
   * The store refused the batch's content (not a passing outage): write its events one by one so a
   * single bad event cannot hold up the rest forever; the refused ones are not stored and say so.
   */
  private async salvage(batch: readonly Entry[]): Promise<void> {
    for (const [index, entry] of batch.entries()) {
      try {
        this.counters.appendCalls += 1;
        await this.store.append([{ streamId: entry.streamId, expected: 'any', events: [entry.event] }]);
        this.counters.appended += 1;
        entry.stored();
      } catch (error) {
        if (!isPermanent(error)) {
          this.requeue(batch.slice(index));
          throw error;
        }
        this.giveUp([entry], 'refused');
      }
    }
    this.failures = 0;
  }

  /** Back to the front, ahead of anything that arrived meanwhile (they are older: the order of deadlines holds). */
  private requeue(entries: readonly Entry[]): void {
    this.writing = 0;
    this.buffer = entries.concat(this.buffer);
    this.armExpiry();
  }

  /** Gives up on the waiting events whose time is up (the oldest are at the front). */
  private expire(): void {
    const now = this.now();
    let due = 0;
    while (due < this.buffer.length && (this.buffer[due]?.deadline ?? Infinity) <= now) due += 1;
    this.giveUp(this.buffer.splice(0, due), 'unavailable');
  }

  /** One timer for the oldest waiting event's deadline, while any waits: a request never waits far past it. */
  private armExpiry(): void {
    if (this.expiryTimer !== undefined) return;
    const oldest = this.buffer[0];
    if (!oldest) return;
    this.expiryTimer = setTimeout(
      () => {
        this.expiryTimer = undefined;
        this.expire();
        this.armExpiry();
      },
      Math.max(EXPIRY_GRANULARITY_MS, oldest.deadline - this.now()),
    );
    this.expiryTimer.unref();
  }

  private giveUp(entries: readonly Entry[], reason: NotStoredReason): void {
    if (entries.length === 0) return;
    this.report(entries.length, reason);
    const error = new NotStoredError(reason);
    for (const entry of entries) entry.notStored(error);
  }

  private backoffDelay(): number {
    const exponent = Math.min(Math.max(this.failures - 1, 0), 16);
    const delay = Math.min(this.settings.retryDelayMs * 2 ** exponent, this.settings.maxRetryDelayMs);
    return Math.round(delay * (0.5 + Math.random() / 2));
  }

  /** An event refused at the door: counted and reported like the others. */
  private refuse(reason: 'overloaded' | 'closed'): NotStoredError {
    this.report(1, reason);
    return new NotStoredError(reason);
  }

  /** Counts events not stored; says so at once, then at most once per interval with the counts since. */
  private report(count: number, reason: NotStoredReason): void {
    this.counters.notStored += count;
    this.unreported[reason] += count;
    if (this.notStoredReport !== undefined) return;
    this.writeReport();
    this.notStoredReport = setTimeout(() => {
      this.notStoredReport = undefined;
      this.writeReport();
    }, REPORT_INTERVAL_MS);
    this.notStoredReport.unref();
  }

  private writeReport(): void {
    const parts = (Object.keys(REASON_TEXT) as NotStoredReason[])
      .filter((reason) => this.unreported[reason] > 0)
      .map((reason) => `${REASON_TEXT[reason]}: ${this.unreported[reason]}`);
    if (parts.length === 0) return;
    this.log(`Telemetri: olaylar kaydedilmedi (${parts.join(', ')}; toplam ${this.counters.notStored})`);
    this.unreported = { overloaded: 0, unavailable: 0, refused: 0, closed: 0 };
  }
}

/**
 * Errors about the events themselves, which no retry can fix: the store's own checks, and
 * PostgreSQL's data exceptions (SQLSTATE class 22) and integrity violations (class 23).
 */
function isPermanent(error: unknown): boolean {
  if (error instanceof TypeError || error instanceof DuplicateEventError) return true;
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^2[23]/.test(code);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
