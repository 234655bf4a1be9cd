import { DuplicateEventError, type AppendRequest, type EventStore, type NewEvent } from '../event-store/types.ts';

export interface GroupCommitOptions {
  readonly store: EventStore;
  /** Longest an event waits in memory before its batch is written. */
  readonly flushIntervalMs?: number;
  /** A batch this full is written at once. */
  readonly maxBatchEvents?: number;
  /** Past this many waiting events (the store is down), the oldest are dropped and counted. */
  readonly maxBufferedEvents?: number;
  /** First retry delay after a failed append; doubles up to `maxRetryDelayMs`. */
  readonly retryDelayMs?: number;
  readonly maxRetryDelayMs?: number;
  /** How long `close()` keeps retrying a failing store before it gives up. */
  readonly closeTimeoutMs?: number;
  /** Operational lines: counts and error messages only, never event data. */
  readonly log?: (message: string) => void;
}

export interface GroupCommitStats {
  readonly appended: number;
  readonly appendCalls: number;
  readonly failedAppends: number;
  readonly dropped: number;
  readonly waiting: number;
}

interface Entry {
  readonly streamId: string;
  readonly event: NewEvent;
}

export const GROUP_COMMIT_DEFAULTS = {
  flushIntervalMs: 100,
  maxBatchEvents: 5_000,
  maxBufferedEvents: 50_000,
  retryDelayMs: 100,
  maxRetryDelayMs: 5_000,
  closeTimeoutMs: 10_000,
} as const;

// Drops are reported at most this often, as one line with the count since the last report.
const DROP_REPORT_INTERVAL_MS = 10_000;

/**
 * Group commit for appends that protect no invariant (visits, clicks): events wait in memory
 * for at most `flushIntervalMs` or until `maxBatchEvents` are waiting, then one `store.append`
 * writes the whole batch, several streams at once, with expected version 'any'. One batch is in
 * flight at a time. A failed batch goes back to the front and is retried with backoff; its event
 * ids are kept, so a batch that was in fact committed before the error is not written twice.
 * `close()` writes everything still waiting.
 */
export class GroupCommitAppender {
  private readonly store: EventStore;
  private readonly settings: Required<Omit<GroupCommitOptions, 'store' | 'log'>>;
  private readonly log: (message: string) => void;
  private buffer: Entry[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | null = null;
  private failures = 0;
  private closed = false;
  private droppedSinceReport = 0;
  private dropReport: NodeJS.Timeout | undefined;
  private counters = { appended: 0, appendCalls: 0, failedAppends: 0, dropped: 0 };

  constructor(options: GroupCommitOptions) {
    this.store = options.store;
    this.log = options.log ?? ((): void => undefined);
    this.settings = {
      flushIntervalMs: options.flushIntervalMs ?? GROUP_COMMIT_DEFAULTS.flushIntervalMs,
      maxBatchEvents: Math.max(1, options.maxBatchEvents ?? GROUP_COMMIT_DEFAULTS.maxBatchEvents),
      maxBufferedEvents: Math.max(1, options.maxBufferedEvents ?? GROUP_COMMIT_DEFAULTS.maxBufferedEvents),
      retryDelayMs: options.retryDelayMs ?? GROUP_COMMIT_DEFAULTS.retryDelayMs,
      maxRetryDelayMs: options.maxRetryDelayMs ?? GROUP_COMMIT_DEFAULTS.maxRetryDelayMs,
      closeTimeoutMs: options.closeTimeoutMs ?? GROUP_COMMIT_DEFAULTS.closeTimeoutMs,
    };
  }

  /** Queues one event; it is written with the next batch. After `close()` events are dropped (and counted). */
  enqueue(streamId: string, event: NewEvent): void {
    if (this.closed) {
      this.drop(1);
      return;
    }
    this.buffer.push({ streamId, event });
    const overflow = this.buffer.length - this.settings.maxBufferedEvents;
    if (overflow > 0) {
      this.buffer.splice(0, overflow);
      this.drop(overflow);
    }
    // A batch in flight schedules the next one itself; a pending retry keeps its backoff.
    if (this.flushing || (this.failures > 0 && this.timer !== undefined)) return;
    if (this.buffer.length >= this.settings.maxBatchEvents) this.schedule(0);
    else this.schedule(this.settings.flushIntervalMs);
  }

  stats(): GroupCommitStats {
    return { ...this.counters, waiting: this.buffer.length };
  }

  /** Writes everything waiting (retrying a failing store until `closeTimeoutMs`), then refuses new events. */
  async close(): Promise<void> {
    this.closed = true;
    this.clearTimer();
    const deadline = Date.now() + this.settings.closeTimeoutMs;
    for (;;) {
      if (this.flushing) await this.flushing;
      if (this.buffer.length === 0) break;
      if (Date.now() >= deadline) {
        this.log(`Telemetri: kapanışta ${this.buffer.length} olay yazılamadı`);
        this.counters.dropped += this.buffer.length;
        this.buffer = [];
        break;
      }
      const ok = await this.runFlush();
      if (!ok) await sleep(Math.min(this.backoffDelay(), Math.max(0, deadline - Date.now())));
    }
    this.clearTimer();
    if (this.dropReport !== undefined) clearTimeout(this.dropReport);
    this.dropReport = undefined;
    if (this.droppedSinceReport > 0) this.reportDrops();
  }

  private schedule(delayMs: number): void {
    if (this.timer !== undefined) {
      if (delayMs > 0) return;
      this.clearTimer();
    }
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.runFlush();
    }, delayMs);
  }

  private clearTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** One batch; answers whether it was written. Never throws. */
  private runFlush(): Promise<boolean> {
    if (this.flushing) return this.flushing.then(() => true);
    let ok = true;
    const flushing = this.flushOnce()
      .catch((error: unknown) => {
        ok = false;
        this.failures += 1;
        this.counters.failedAppends += 1;
        if (this.failures === 1 || this.failures % 10 === 0) {
          const message = error instanceof Error ? error.message : String(error);
          this.log(
            `Telemetri: ${this.buffer.length} olay yazılamadı (deneme ${this.failures}), tekrar denenecek: ${message}`,
          );
        }
      })
      .finally(() => {
        this.flushing = null;
        if (this.closed || this.buffer.length === 0) return;
        if (!ok) this.schedule(this.backoffDelay());
        else if (this.buffer.length >= this.settings.maxBatchEvents) this.schedule(0);
        else this.schedule(this.settings.flushIntervalMs);
      });
    this.flushing = flushing;
    return flushing.then(() => ok);
  }

  private async flushOnce(): Promise<void> {
    const batch = this.buffer.splice(0, this.settings.maxBatchEvents);
    if (batch.length === 0) return;
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
  }

  /**
   * The store refused the batch's content (not a passing outage): write its events one by one so a
   * single bad event cannot hold up the rest forever; the refused ones are dropped and counted.
   */
  private async salvage(batch: readonly Entry[]): Promise<void> {
    let refused = 0;
    for (const [index, entry] of batch.entries()) {
      try {
        this.counters.appendCalls += 1;
        await this.store.append([{ streamId: entry.streamId, expected: 'any', events: [entry.event] }]);
        this.counters.appended += 1;
      } catch (error) {
        if (!isPermanent(error)) {
          this.requeue(batch.slice(index));
          throw error;
        }
        refused += 1;
      }
    }
    this.failures = 0;
    if (refused > 0) {
      this.counters.dropped += refused;
      this.log(`Telemetri: depo ${refused} olayı kabul etmedi, atıldı`);
    }
  }

  /** Back to the front, ahead of anything that arrived meanwhile; the bound still holds. */
  private requeue(entries: readonly Entry[]): void {
    this.buffer = entries.concat(this.buffer);
    const overflow = this.buffer.length - this.settings.maxBufferedEvents;
    if (overflow > 0) {
      this.buffer.splice(0, overflow);
      this.drop(overflow);
    }
  }

  private backoffDelay(): number {
    const exponent = Math.min(Math.max(this.failures - 1, 0), 16);
    const delay = Math.min(this.settings.retryDelayMs * 2 ** exponent, this.settings.maxRetryDelayMs);
    return Math.round(delay * (0.5 + Math.random() / 2));
  }

  /** Counts dropped events; says so at once, then at most once per interval with the count since. */
  private drop(count: number): void {
    this.counters.dropped += count;
    this.droppedSinceReport += count;
    if (this.dropReport !== undefined) return;
    this.reportDrops();
    this.dropReport = setTimeout(() => {
      this.dropReport = undefined;
      if (this.droppedSinceReport > 0) this.reportDrops();
    }, DROP_REPORT_INTERVAL_MS);
    this.dropReport.unref();
  }

  private reportDrops(): void {
    this.log(
      `Telemetri: arabellek dolu, en eski ${this.droppedSinceReport} olay atıldı (toplam ${this.counters.dropped})`,
    );
    this.droppedSinceReport = 0;
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
