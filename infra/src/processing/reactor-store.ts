import type pg from 'pg';
import type { DomainEvent } from '@kartvizit/schemas';
import type { Checkpoint, EventStore } from '../event-store/types.ts';
import type { EventCodec } from '../vault/event-codec.ts';
import { Processor, type ProcessorOptions, type RoundOutcome } from './processor.ts';
import type { SharedLockSession } from './lock-session.ts';
import { Reactions } from './delivery-ledger.ts';
import type { Reactor } from './reactor.ts';

export interface ReactorDependencies extends ProcessorOptions {
  readonly codec: EventCodec;
  /**
   * The session holding this process's reactor locks: every reactor of a process shares one
   * connection for them (decision 25). Without it, the runner holds its lock on a session of its own.
   */
  readonly lockSession?: SharedLockSession;
  /** Events read per round; the reactor still handles them one at a time. */
  readonly batchSize?: number;
  /** The reactor's clock (tests move it); defaults to the system's. */
  readonly now?: () => Date;
}

const DEFAULT_BATCH_SIZE = 100;

/** Runs one reactor from the event store: the shared processor's loop, with the reactor's checkpoint (decision 25). */
export class ReactorRunner<E extends DomainEvent = DomainEvent> {
  private readonly processor: Processor;
  private readonly reactions: Reactions<E>;
  /** Rounds of this runner one after another (the loop's, and a catchUp() beside it). */
  private rounds: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly reactor: Reactor<E>,
    private readonly deps: ReactorDependencies,
  ) {
    this.reactions = new Reactions(reactor, deps);
    this.processor = new Processor(reactor.name, `reactor:${reactor.name}`, () => this.catchUp(), deps);
  }

  get name(): string {
    return this.reactor.name;
  }

  start(): void {
    this.processor.start();
  }

  stop(): Promise<void> {
    return this.processor.stop();
  }

  /**
   * One round now, as the loop does it. Answers when the next retry is due, if one waits. Its
   * statements run on the pool, one at a time, so a reactor holds no connection while it waits for
   * the store, the vault or the outside world (two reactors never wait on each other's connections).
   * Instances in other processes are kept out by the processor's lock.
   */
  catchUp(): Promise<RoundOutcome | void> {
    const round = this.rounds.then(() => this.roundHoldingLock(this.deps.pool));
    this.rounds = round.catch(() => undefined);
    return round;
  }

  private async roundHoldingLock(db: pg.Pool): Promise<RoundOutcome | void> {
    // First what waits: retries that are due, and partitions whose holder has gone (a crash mid-release). Most rounds
    // (every append wakes every reactor) find nothing waiting: one statement, then the log.
    const waiting = await this.reactions.tend(db);

    // Then the log: an event of a partition that waits is parked behind it, any other is reacted to now.
    let checkpoint = await reactorCheckpoint(db, this.reactor, this.deps.store);
    const batchSize = this.deps.batchSize ?? DEFAULT_BATCH_SIZE;
    const types = this.reactions.typesRead();
    const blocked = new Set(waiting.map((row) => row.partition));
    const concurrency = this.reactions.concurrency;
    let leftWaiting = false;
    for (;;) {
      const { events, checkpoint: next, scanned } = await this.deps.store.readAll(checkpoint, batchSize, { types });
      if (scanned === 0) break;
      if (concurrency > 1) {
        if (await this.reactions.meetInLanes(db, events, blocked)) leftWaiting = true;
      } else {
        for (const recorded of events) {
          if (await this.reactions.meetRecorded(db, recorded, blocked)) leftWaiting = true;
          checkpoint = recorded.position;
          await this.saveCheckpoint(db, checkpoint);
        }
      }
      // Past the events of other types the read skipped, too.
      checkpoint = next;
      await this.saveCheckpoint(db, checkpoint);
      if (scanned < batchSize) break;
    }
    if (waiting.length === 0 && !leftWaiting) return;
    const wakeInMs = await this.reactions.nextDueInMs(db);
    if (wakeInMs !== undefined) return { wakeInMs };
  }

  private async saveCheckpoint(db: pg.Pool, checkpoint: Checkpoint | null): Promise<void> {
    await db.query('UPDATE reactor_checkpoints SET checkpoint = $2, updated_at = now() WHERE name = $1', [
      this.reactor.name,
      checkpoint,
    ]);
  }
}

/**
 * Where a reactor stands in the log (reactor_checkpoints), created on first sight: at the log's head, or its start
 * (`startAt`). The store-fed runner moves it; the Kafka-fed one reads it as where to begin.
 */
export async function reactorCheckpoint(
  db: pg.Pool,
  reactor: Pick<Reactor, 'name' | 'startAt'>,
  store: Pick<EventStore, 'headCheckpoint'>,
): Promise<Checkpoint | null> {
  const { rows } = await db.query<{ checkpoint: string | null }>(
    'SELECT checkpoint FROM reactor_checkpoints WHERE name = $1',
    [reactor.name],
  );
  if (rows[0]) return rows[0].checkpoint as Checkpoint | null;
  const start = reactor.startAt === 'start' ? null : await store.headCheckpoint();
  await db.query('INSERT INTO reactor_checkpoints (name, checkpoint) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    reactor.name,
    start,
  ]);
  // Another instance may have been first: its start stands.
  const { rows: stored } = await db.query<{ checkpoint: string | null }>(
    'SELECT checkpoint FROM reactor_checkpoints WHERE name = $1',
    [reactor.name],
  );
  return (stored[0]?.checkpoint ?? null) as Checkpoint | null;
}
