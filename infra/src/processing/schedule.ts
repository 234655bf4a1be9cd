import type { SharedLockSession } from './lock-session.ts';
import { Processor, type ProcessorOptions, type RoundOutcome } from './processor.ts';

/**
 * Reactions driven by time (issue 33): a feature keeps its deadlines in its own read model (a projection writes when
 * to look next), and a schedule acts on those that have come. It keeps nothing of its own: a restart finds the
 * deadlines where the read model has them, and what a deadline does is a decision on a stream that knows whether it
 * was already made (the same deadline fired twice appends once). It runs in the projector's processes, whichever way
 * they are fed (store or Kafka: a schedule reads only PostgreSQL), one active instance per schedule by an advisory
 * lock like every projection and reactor (decision 25).
 */

/** One deadline of a feature's read model: what it is about, and when it falls due. */
export interface Deadline {
  /** Unique among the schedule's deadlines (a product's id). */
  readonly key: string;
  readonly dueAt: Date;
}

export interface Schedule<D extends Deadline = Deadline> {
  /** Stable name: the lock's key. */
  readonly name: string;
  /** Deadlines that have come at `now`, earliest first, at most `limit`. */
  due(now: Date, limit: number): Promise<readonly D[]>;
  /** The earliest deadline still to come after `now`, to wake for it; null when there is none. */
  nextAfter(now: Date): Promise<Date | null>;
  /**
   * Does what the deadline stands for, as of `now` (a decision appended to its stream). Must be idempotent: a deadline
   * whose read model has not yet caught up with the previous firing is fired again after a restart.
   */
  fire(deadline: D, now: Date): Promise<void>;
}

export interface ScheduleOptions extends ProcessorOptions {
  readonly lockSession?: SharedLockSession;
  /** Now, for the deadlines (tests move it); default the system's. */
  readonly clock?: () => Date;
}

/** Deadlines fired per round at most: a backlog is worked through round after round, other work going on between. */
const BATCH = 50;
/** The longest sleep between rounds even with nothing due: a moved clock or a lost wake-up is noticed within it. */
const MAX_SLEEP_MS = 60_000;

/** A schedule as the processing runtime runs it: the processor's loop, lock and wake-ups, and one round of firing. */
export class ScheduleRunner<D extends Deadline = Deadline> {
  private readonly processor: Processor;
  /**
   * Deadlines this process fired whose read model has not moved yet (key → due time): not fired again until it has.
   * The projection updates the row moments after the append; until then the same row is still due.
   */
  private readonly fired = new Map<string, number>();
  private rounds: Promise<unknown> = Promise.resolve();

  constructor(
    readonly schedule: Schedule<D>,
    private readonly options: ScheduleOptions,
  ) {
    this.processor = new Processor(`schedule:${schedule.name}`, `schedule:${schedule.name}`, () => this.tick(), options);
  }

  get name(): string {
    return this.schedule.name;
  }

  start(): void {
    this.processor.start();
  }

  stop(): Promise<void> {
    return this.processor.stop();
  }

  /** One round now (the loop's; tests call it after moving their clock): fires what has come, answers when to wake. */
  tick(): Promise<RoundOutcome> {
    const round = this.rounds.then(() => this.round());
    this.rounds = round.catch(() => undefined);
    return round;
  }

  private async round(): Promise<RoundOutcome> {
    const now = (this.options.clock ?? (() => new Date()))();
    const due = await this.schedule.due(now, BATCH);
    const dueKeys = new Set(due.map((deadline) => deadline.key));
    for (const key of this.fired.keys()) if (!dueKeys.has(key)) this.fired.delete(key);
    const log = this.options.log ?? (() => undefined);
    for (const deadline of due) {
      if (this.fired.get(deadline.key) === deadline.dueAt.getTime()) continue;
      try {
        await this.schedule.fire(deadline, now);
        this.fired.set(deadline.key, deadline.dueAt.getTime());
      } catch (error) {
        // Tried again next round (a conflicting write, the database away for a moment).
        log(`schedule ${this.schedule.name}: ${deadline.key}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    const next = await this.schedule.nextAfter(now);
    const wakeInMs = next ? Math.max(0, next.getTime() - now.getTime()) : MAX_SLEEP_MS;
    return { wakeInMs: Math.min(wakeInMs, MAX_SLEEP_MS) };
  }
}
