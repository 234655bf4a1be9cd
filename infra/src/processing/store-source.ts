import type { Checkpoint, RecordedEvent } from '../event-store/types.ts';
import type { SharedLockSession } from './lock-session.ts';
import { Processor, type ProcessorOptions, type RoundOutcome } from './processor.ts';
import { saveCheckpoint, type SourcePosition, type Work } from './work.ts';

export interface StoreSourceOptions extends ProcessorOptions {
  /**
   * The session holding this process's locks: every projection and reactor of a process shares one connection for
   * them (decision 25). Without it, the source holds its lock on a connection of its own.
   */
  readonly lockSession?: SharedLockSession;
}

/**
 * The event store as a source: the processor's loop (one active instance by the work's advisory lock, wake-ups, the
 * fallback poll, the held-back backoff) reads batches after the work's checkpoint, and the work's checkpoint row is
 * its place. A round first tends what waits (a reactor's retries), then reads the log until nothing new is visible.
 */
export class StoreSource {
  private readonly processor: Processor;
  /** Rounds one after another (the loop's, and a catchUp() beside it). */
  private rounds: Promise<unknown> = Promise.resolve();

  constructor(
    readonly work: Work,
    private readonly options: StoreSourceOptions,
  ) {
    this.processor = new Processor(work.name, work.lockKey, () => this.catchUp(), options);
  }

  get name(): string {
    return this.work.name;
  }

  start(): void {
    this.processor.start();
  }

  stop(): Promise<void> {
    return this.processor.stop();
  }

  /**
   * One round now, as the loop does it (tests and the CLI): answers when the work wants to be woken again (a retry
   * that falls due), if it does. Instances in other processes are kept out by the processor's lock.
   */
  catchUp(): Promise<RoundOutcome | void> {
    const round = this.rounds.then(() => this.round());
    this.rounds = round.catch(() => undefined);
    return round;
  }

  private async round(): Promise<RoundOutcome | void> {
    const { work } = this;
    // Most rounds (every append wakes every reactor) find nothing waiting: one statement, then the log.
    let waiting = (await work.tend?.()) ?? false;
    for (;;) {
      const standing = await work.checkpoint(this.options.pool);
      if (!standing) {
        await work.prepare();
        continue;
      }
      const read = await this.options.store.readAll(standing.checkpoint, work.batchSize, { types: work.types });
      if (read.scanned === 0) break;
      const handled = await work.handle(
        read.events,
        storePosition(work, read.events, standing.checkpoint, read.checkpoint),
      );
      // A rebuild switched generations between the read and the write: read again.
      if (handled === 'again') continue;
      if (handled === 'waiting') waiting = true;
      if (read.scanned < work.batchSize) break;
    }
    if (!waiting) return;
    const wakeInMs = await work.dueInMs?.();
    if (wakeInMs !== undefined) return { wakeInMs };
  }
}

/** A store batch read after `after`: claimed while the checkpoint is still there, done at `end` (past other types too). */
function storePosition(
  work: Work,
  events: readonly RecordedEvent[],
  after: Checkpoint | null,
  end: Checkpoint | null,
): SourcePosition {
  return {
    async claim(_db, checkpoint) {
      return checkpoint === after ? events : null;
    },
    doneThrough: (db, event) => saveCheckpoint(db, work, event.position),
    async done(db) {
      await saveCheckpoint(db, work, end);
      return { checkpoint: end, moved: true };
    },
  };
}
