import type pg from 'pg';
import type { DomainEvent } from '@kartvizit/schemas';
import type { Checkpoint, EventStore, RecordedEvent } from '../event-store/types.ts';
import { Reactions, type ReactionDependencies } from './delivery-ledger.ts';
import type { Reactor } from './reactor.ts';
import { transaction, type Handled, type Queryable, type SourcePosition, type Work } from './work.ts';

export interface ReactorDependencies extends ReactionDependencies {
  readonly pool: pg.Pool;
  /** Events read per batch from the store; the reactor still handles them one at a time. */
  readonly batchSize?: number;
}

const DEFAULT_BATCH_SIZE = 100;

/**
 * A reactor as work (decision 25): each event it handles is met through the delivery ledger (reacted to, parked behind
 * its partition, or put up for a retry) and the source's place moves past it; with `concurrency` above 1, lanes of
 * partitions at once and the place moves after the batch. Statements run on the pool one at a time: no connection, let
 * alone a transaction, is held while the outside world answers (two reactors never wait on each other's connections).
 * What waits (retries that fall due, partitions whose holder has gone) is tended by the source's one active instance.
 */
export class ReactorWork<E extends DomainEvent = DomainEvent> implements Work {
  readonly lockKey: string;
  readonly group: string;
  readonly offsetsName: string;
  readonly checkpointTable = 'reactor_checkpoints';
  readonly batchSize: number;
  readonly types: readonly string[];
  private readonly reactions: Reactions<E>;

  constructor(
    private readonly reactor: Reactor<E>,
    private readonly deps: ReactorDependencies,
  ) {
    this.reactions = new Reactions(reactor, deps);
    this.lockKey = `reactor:${reactor.name}`;
    // The consumer group of a reactor: every projector process shares its partitions.
    this.group = `kartvizit.reactor.${reactor.name}`;
    // Its rows in projection_kafka_offsets: the projections' table, under a name of its own.
    this.offsetsName = `reactor:${reactor.name}`;
    this.batchSize = deps.batchSize ?? DEFAULT_BATCH_SIZE;
    this.types = this.reactions.typesRead();
  }

  get name(): string {
    return this.reactor.name;
  }

  prepare(): Promise<Checkpoint | null> {
    return reactorCheckpoint(this.deps.pool, this.reactor, this.deps.store);
  }

  async checkpoint(db: Queryable, forUpdate = false): Promise<{ checkpoint: Checkpoint | null } | null> {
    const { rows } = await db.query<{ checkpoint: Checkpoint | null }>(
      `SELECT checkpoint FROM reactor_checkpoints WHERE name = $1${forUpdate ? ' FOR UPDATE' : ''}`,
      [this.name],
    );
    return rows[0] ?? null;
  }

  async handle(events: readonly RecordedEvent[], position: SourcePosition): Promise<Handled> {
    const { pool } = this.deps;
    const pending = await position.claim(pool, await this.prepare());
    if (!pending) return 'again';
    const handled = pending.filter((recorded) => this.types.includes(recorded.type));
    let leftWaiting = false;
    if (handled.length > 0) {
      // What waits now, from any instance: a new event of a waiting partition is parked behind it.
      const blocked = await this.reactions.blockedPartitions(pool);
      if (this.reactions.concurrency > 1) {
        leftWaiting = await this.reactions.meetInLanes(pool, handled, blocked);
      } else {
        for (const recorded of handled) {
          if (await this.reactions.meetRecorded(pool, recorded, blocked)) leftWaiting = true;
          await position.doneThrough(pool, recorded);
        }
      }
    }
    // Past the events of other types, too.
    await transaction(pool, (client) => position.done(client));
    return leftWaiting ? 'waiting' : 'done';
  }

  async tend(): Promise<boolean> {
    return (await this.reactions.tend(this.deps.pool)).length > 0;
  }

  dueInMs(): Promise<number | undefined> {
    return this.reactions.nextDueInMs(this.deps.pool);
  }
}

/**
 * Where a reactor stands in the log (reactor_checkpoints), created on first sight: at the log's head, or its start
 * (`startAt`). A Kafka-fed reactor begins there in a partition it has no place in yet.
 */
async function reactorCheckpoint(
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
