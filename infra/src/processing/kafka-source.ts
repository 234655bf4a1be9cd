import type pg from 'pg';
import { compareCheckpoints } from '../event-store/checkpoint.ts';
import type { Checkpoint, EventStore } from '../event-store/types.ts';
import { coveredByReader, offsetsAtOrBefore } from '../transport/marks.ts';
import type { EventTransport, TransportBatch, TransportSubscription } from '../transport/types.ts';
import type { SharedLockSession } from './lock-session.ts';
import { Processor } from './processor.ts';
import { saveCheckpoint, transaction, type Queryable, type SourcePosition, type Work } from './work.ts';

export interface KafkaSourceOptions {
  readonly pool: pg.Pool;
  readonly store: EventStore;
  readonly transport: EventTransport;
  /** The topic the relay publishes the log to (KAFKA_TOPIC). */
  readonly topic: string;
  /** How long to wait before trying again when joining the group failed (default 1 s). */
  readonly retryMs?: number;
  /** How often the checkpoint is moved to the relay's newest covered mark without a batch (default 1 s). */
  readonly pollIntervalMs?: number;
  /** For the tending of what waits (a reactor's retries), on the store source's lock. */
  readonly lockSession?: SharedLockSession;
  readonly log?: (message: string) => void;
}

/** After a batch, how long the checkpoint is chased to the batch's last event (its mark is recorded after the ack). */
const CHASE_FOR_MS = 10_000;
const CHASE_FIRST_WAIT_MS = 5;
const CHASE_MAX_WAIT_MS = 250;

/**
 * The relay's topic as a source (EVENT_TRANSPORT=kafka, issue 16, decision 42): the work's consumer group, joined after
 * the work is prepared and tried again until it works or the source is stopped.
 *
 * - Any number of instances share the partitions. The database says what was done, not the group's committed
 *   offsets: a partition's next offset is kept in projection_kafka_offsets (under the work's `offsetsName`) as the work
 *   commits its place. A partition without a row continues from the relay's newest mark at or before the work's
 *   checkpoint (a first start). A blue/green rebuild keeps the rows: its replay from the store covers everything the
 *   projection had consumed (see rebuildProjection).
 * - Kafka orders events per partition only; the checkpoint (what read-your-writes, a rebuild and the store source
 *   speak) is the newest relay mark every partition has been read up to (coveredByReader).
 * - The relay records a mark only after the broker acknowledged its batch, so a batch may be done before the mark
 *   that covers it exists: for a work that is told when its checkpoint moves (a projection, whose readers wait for
 *   it), the checkpoint is moved again shortly after a batch (chase), and on a slow timer.
 * - What waits outside the log (a reactor's retries, parked partitions) is tended by ONE instance at a time: a
 *   Processor on the work's advisory lock (the store source's), woken by its timer, the poll and this process's
 *   batches that left something waiting.
 */
export class KafkaSource {
  private stopped = false;
  private opening: Promise<void> | null = null;
  private subscription: TransportSubscription | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private pollTimer: NodeJS.Timeout | null = null;
  private readonly tender: Processor | null;
  /** The newest event position a handled batch held, until the checkpoint reaches it. */
  private chaseTarget: Checkpoint | null = null;
  private chasing: Promise<void> | null = null;
  /**
   * Per partition, where this instance's last handled batch ended and the newest store position it held. Within a
   * partition the relay publishes in the log's order, so a position not past it is a copy the relay published again
   * (a relay stopped between the broker's ack and its checkpoint): passed over, not done twice.
   */
  private readonly lastMet = new Map<number, { readonly next: string; readonly position: Checkpoint }>();

  constructor(
    readonly work: Work,
    private readonly options: KafkaSourceOptions,
  ) {
    this.tender = work.tend
      ? new Processor(
          work.name,
          work.lockKey,
          async () => {
            if (!(await work.tend?.())) return;
            const wakeInMs = await work.dueInMs?.();
            return wakeInMs === undefined ? undefined : { wakeInMs };
          },
          options,
        )
      : null;
  }

  get name(): string {
    return this.work.name;
  }

  get group(): string {
    return this.work.group;
  }

  /** Prepares the work (a projection initialised or rebuilt from the store), then joins its group. */
  start(): void {
    if (this.opening || this.stopped) return;
    this.tender?.start();
    this.opening = this.open();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.pollTimer) clearInterval(this.pollTimer);
    await this.opening;
    const subscription = this.subscription;
    this.subscription = null;
    await this.chasing;
    await subscription?.stop();
    await this.tender?.stop();
  }

  /**
   * Waits until the work's checkpoint reaches what the store held when called (the relay must be publishing). For
   * start-up and tests.
   */
  async catchUp(timeoutMs = 60_000): Promise<void> {
    await this.work.prepare();
    const head = await this.options.store.headCheckpoint();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const standing = await this.work.checkpoint(this.options.pool);
      if (compareCheckpoints(standing?.checkpoint ?? null, head) >= 0) return;
      if (Date.now() > deadline) {
        throw new Error(`${this.name}: not caught up with ${head ?? 'the start'} from Kafka within ${timeoutMs} ms`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** The partition's row, else the partition's end at the newest mark at or before the checkpoint, else its start. */
  async resumeAt(partition: number): Promise<string | null> {
    const standing = await this.work.checkpoint(this.options.pool);
    return this.expectedOffset(this.options.pool, partition, standing?.checkpoint ?? null);
  }

  /** One partition's batch, handed to the work; answers where to hand the partition over from when it must be again. */
  async handle(batch: TransportBatch): Promise<void | { readonly seekTo: string }> {
    let reached: Checkpoint | null | undefined;
    const position = this.position(batch, (checkpoint) => (reached = checkpoint));
    const handled = await this.work.handle(
      batch.deliveries.map((delivery) => delivery.event),
      position,
    );
    if (handled === 'again') {
      if (!(await this.work.checkpoint(this.options.pool))) await this.work.prepare();
      return { seekTo: (await this.resumeAt(batch.partition)) ?? '0' };
    }
    if (handled === 'waiting') this.tender?.wakeUp();
    const last = batch.deliveries.at(-1)?.event.position ?? null;
    if (this.work.advanced && reached !== undefined && compareCheckpoints(reached, last) < 0) this.chase(last);
  }

  /**
   * Moves the checkpoint to the newest relay mark every partition has been read up to, without a batch (the mark of
   * the last batch came after it). Answers the checkpoint.
   */
  async advance(): Promise<Checkpoint | null> {
    const outcome = await transaction(this.options.pool, async (client) => {
      const standing = await this.work.checkpoint(client, true);
      if (!standing) return { checkpoint: null, moved: false };
      const covered = await this.cover(client, standing.checkpoint);
      return { checkpoint: covered ?? standing.checkpoint, moved: covered !== null };
    });
    if (outcome.moved) await this.work.advanced?.(outcome.checkpoint);
    return outcome.checkpoint;
  }

  private async open(): Promise<void> {
    const log = this.options.log ?? (() => undefined);
    while (!this.stopped) {
      try {
        await this.work.prepare();
        if (this.stopped) return;
        this.subscription = await this.options.transport.subscribe(this.group, {
          resumeAt: (partition) => this.resumeAt(partition),
          handle: (batch) => this.handle(batch),
        });
        if (this.stopped) {
          await this.subscription.stop();
          this.subscription = null;
          return;
        }
        if (this.work.advanced) {
          this.pollTimer = setInterval(() => {
            this.advance().catch((error: unknown) =>
              log(`${this.name}: moving the checkpoint failed: ${String(error)}`),
            );
          }, this.options.pollIntervalMs ?? 1000);
        }
        return;
      } catch (error) {
        log(`${this.name}: joining ${this.group} failed, trying again: ${String(error)}`);
        await new Promise<void>((resolve) => {
          this.retryTimer = setTimeout(resolve, this.options.retryMs ?? 1000);
        });
      }
    }
  }

  /** The batch's place: claimed against the partition's row, done by moving it and covering the newest mark. */
  private position(batch: TransportBatch, reached: (checkpoint: Checkpoint | null) => void): SourcePosition {
    const { partition, nextOffset } = batch;
    let fresh = false;
    let newest: Checkpoint | null = null;
    return {
      claim: async (db, checkpoint) => {
        const expected = await this.expectedOffset(db, partition, checkpoint);
        const first = batch.deliveries[0]?.offset ?? nextOffset;
        // The batch starts past what was done (the consumer's place and the database's disagree): hand the partition
        // over again from there.
        if (expected !== null && BigInt(first) > BigInt(expected)) return null;
        const last = this.lastMet.get(partition);
        newest =
          last && last.next === expected && compareCheckpoints(last.position, checkpoint) > 0
            ? last.position
            : checkpoint;
        // Before the place: done already (a redelivery). At or before the checkpoint, or where this partition's last
        // batch got to (the relay's copy of a page it published twice): not to be done again.
        const pending = batch.deliveries.filter((delivery) => {
          if (expected !== null && BigInt(delivery.offset) < BigInt(expected)) return false;
          fresh = true;
          if (compareCheckpoints(delivery.event.position, newest) <= 0) return false;
          newest = delivery.event.position;
          return true;
        });
        return pending.map((delivery) => delivery.event);
      },
      doneThrough: async (db, event) => {
        const delivery = batch.deliveries.find((candidate) => candidate.event === event);
        if (delivery) await this.saveOffset(db, partition, (BigInt(delivery.offset) + 1n).toString());
      },
      done: async (db) => {
        const standing = await this.work.checkpoint(db, true);
        const checkpoint = standing?.checkpoint ?? null;
        // Nothing past the place: the partition's row stays where it is.
        if (!fresh) return { checkpoint, moved: false };
        await this.saveOffset(db, partition, nextOffset);
        if (newest !== null) this.lastMet.set(partition, { next: nextOffset, position: newest });
        const covered = standing ? await this.cover(db, checkpoint) : null;
        reached(covered ?? checkpoint);
        return { checkpoint: covered ?? checkpoint, moved: covered !== null };
      },
    };
  }

  private async expectedOffset(
    db: Queryable,
    partition: number,
    checkpoint: Checkpoint | null,
  ): Promise<string | null> {
    const { rows } = await db.query<{ next_offset: string }>(
      `SELECT next_offset::text FROM projection_kafka_offsets WHERE name = $1 AND topic = $2 AND partition = $3`,
      [this.work.offsetsName, this.options.topic, partition],
    );
    if (rows[0]) return rows[0].next_offset;
    return (await offsetsAtOrBefore(db, this.options.topic, checkpoint))?.get(partition) ?? null;
  }

  private async saveOffset(db: Queryable, partition: number, next: string): Promise<void> {
    await db.query(
      `INSERT INTO projection_kafka_offsets (name, topic, partition, next_offset) VALUES ($1, $2, $3, $4)
       ON CONFLICT (name, topic, partition) DO UPDATE SET next_offset = EXCLUDED.next_offset`,
      [this.work.offsetsName, this.options.topic, partition, next],
    );
  }

  /**
   * In the caller's transaction (holding the work's checkpoint row): the newest mark after `checkpoint` that every
   * partition has been read up to, written as the checkpoint; null when there is none.
   */
  private async cover(db: Queryable, checkpoint: Checkpoint | null): Promise<Checkpoint | null> {
    const covered = await coveredByReader(db, this.options.topic, this.work.offsetsName, checkpoint);
    if (covered !== null) await saveCheckpoint(db, this.work, covered);
    return covered;
  }

  private chase(target: Checkpoint | null): void {
    if (compareCheckpoints(target, this.chaseTarget) > 0) this.chaseTarget = target;
    this.chasing ??= this.runChase().finally(() => {
      this.chasing = null;
    });
  }

  private async runChase(): Promise<void> {
    const log = this.options.log ?? (() => undefined);
    const deadline = Date.now() + CHASE_FOR_MS;
    let wait = CHASE_FIRST_WAIT_MS;
    while (!this.stopped && this.chaseTarget !== null && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      wait = Math.min(wait * 2, CHASE_MAX_WAIT_MS);
      try {
        const reached = await this.advance();
        if (compareCheckpoints(reached, this.chaseTarget) >= 0) this.chaseTarget = null;
      } catch (error) {
        log(`${this.name}: moving the checkpoint failed: ${String(error)}`);
      }
    }
    this.chaseTarget = null;
  }
}

/** For tests and tools: where a Kafka-fed work stands in each partition of the topic. */
export async function kafkaPlaces(
  pool: pg.Pool,
  work: Pick<Work, 'offsetsName'>,
  topic: string,
): Promise<Map<number, string>> {
  const { rows } = await pool.query<{ partition: number; next_offset: string }>(
    `SELECT partition, next_offset::text FROM projection_kafka_offsets WHERE name = $1 AND topic = $2`,
    [work.offsetsName, topic],
  );
  return new Map(rows.map((row) => [row.partition, row.next_offset]));
}
