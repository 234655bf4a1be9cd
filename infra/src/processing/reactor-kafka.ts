import type pg from 'pg';
import type { DomainEvent } from '@kartvizit/schemas';
import type { Checkpoint } from '../event-store/types.ts';
import { compareCheckpoints } from '../event-store/checkpoint.ts';
import { inTransaction } from '../db/transaction.ts';
import { coveredByReader, offsetsAtOrBefore } from '../transport/marks.ts';
import type { EventTransport, TransportBatch } from '../transport/types.ts';
import { KafkaGroupSource, saveOffset, storedOffset } from './kafka-source.ts';
import { Processor, type RoundOutcome } from './processor.ts';
import { Reactions } from './delivery-ledger.ts';
import type { Reactor } from './reactor.ts';
import { reactorCheckpoint, type ReactorDependencies } from './reactor-store.ts';

export interface KafkaReactorOptions extends ReactorDependencies {
  /** The topic the relay publishes the log to (KAFKA_TOPIC). */
  readonly topic: string;
  readonly transport: EventTransport;
  /** How long to wait before trying again when joining the group failed (default 1 s). */
  readonly retryMs?: number;
}

/** The consumer group of a reactor: every projector process shares its partitions. */
export function reactorGroup(name: string): string {
  return `kartvizit.reactor.${name}`;
}

/** The reactor's rows in projection_kafka_offsets (the same table as the projections', under a name of its own). */
export function reactorOffsetsName(name: string): string {
  return `reactor:${name}`;
}

/**
 * Runs one reactor from the topic the relay publishes the log to (EVENT_TRANSPORT=kafka, issue 16, decision 42),
 * instead of reading the event store like ReactorRunner; the same Reactions (attempts, retries with backoff, parked
 * events per reactor partition, dead letters in reactor_deliveries) and the same outward shape.
 *
 * - Consumption is shared: consumer group `kartvizit.reactor.<name>`, each Kafka partition's events met in order by
 *   the instance that holds it. Its place is kept in PostgreSQL (projection_kafka_offsets, name `reactor:<name>`),
 *   moved after each event met (or, with `concurrency` above 1, after the batch), as the store loop moves its
 *   checkpoint: a redelivery meets nothing twice but what the store loop would also meet twice after a crash.
 * - What waits (retries that fall due, partitions to release) is tended by ONE instance at a time: a Processor on the
 *   reactor's own advisory lock (`reactor:<name>`, the store loop's), woken by its timer, the poll and this process's
 *   batches that left something waiting.
 * - Where it begins: reactor_checkpoints (created on first sight at the log's head, or its start, `startAt`; or where
 *   the store loop left it). A partition without a place resumes at the relay's newest mark at or before it, and
 *   events at or before it are passed over. After each batch the checkpoint moves to the newest relay mark every
 *   partition has been read up to, so the store loop could take over again from there.
 */
export class KafkaReactorRunner<E extends DomainEvent = DomainEvent> {
  private readonly reactions: Reactions<E>;
  private readonly tender: Processor;
  private readonly source: KafkaGroupSource;
  /** Tending rounds of this runner one after another (the Processor's, and a tend() beside it). */
  private rounds: Promise<unknown> = Promise.resolve();
  /**
   * Per Kafka partition, where this instance's last handled batch ended and the newest store position it held. Within a
   * partition the relay publishes in the log's order, so a position not past it is a copy the relay published again
   * (a relay stopped between the broker's ack and its checkpoint): passed over, not reacted to twice.
   */
  private readonly lastMet = new Map<number, { readonly next: string; readonly position: Checkpoint }>();

  constructor(
    private readonly reactor: Reactor<E>,
    private readonly options: KafkaReactorOptions,
  ) {
    this.reactions = new Reactions(reactor, options);
    this.tender = new Processor(reactor.name, `reactor:${reactor.name}`, () => this.tend(), options);
    this.source = new KafkaGroupSource(reactorGroup(reactor.name), { ...options, name: reactor.name });
  }

  get name(): string {
    return this.reactor.name;
  }

  get group(): string {
    return this.source.group;
  }

  start(): void {
    if (this.source.isStopped) return;
    this.tender.start();
    this.source.start(
      { resumeAt: (partition) => this.resumeAt(partition), handle: (batch) => this.handle(batch) },
      { prepare: () => reactorCheckpoint(this.options.pool, this.reactor, this.options.store) },
    );
  }

  async stop(): Promise<void> {
    await this.source.stop();
    await this.tender.stop();
  }

  /**
   * One tending round now, as the tender does it while it holds the reactor's lock: retries that are due, partitions
   * whose parked events can go. Answers when the next retry is due, if one waits. (Tests call it directly.)
   */
  tend(): Promise<RoundOutcome | void> {
    const round = this.rounds.then(async () => {
      await this.reactions.tend(this.options.pool);
      const wakeInMs = await this.reactions.nextDueInMs(this.options.pool);
      return wakeInMs === undefined ? undefined : { wakeInMs };
    });
    this.rounds = round.catch(() => undefined);
    return round;
  }

  /** The partition's place, else its end at the relay's newest mark at or before where the reactor began, else null. */
  async resumeAt(partition: number): Promise<string | null> {
    const { pool, topic } = this.options;
    const stored = await this.storedOffset(partition);
    if (stored !== null) return stored;
    const begun = await reactorCheckpoint(pool, this.reactor, this.options.store);
    return (await offsetsAtOrBefore(pool, topic, begun))?.get(partition) ?? null;
  }

  private storedOffset(partition: number): Promise<string | null> {
    return storedOffset(this.options.pool, reactorOffsetsName(this.name), this.options.topic, partition);
  }

  private saveOffset(partition: number, next: string): Promise<void> {
    return saveOffset(this.options.pool, reactorOffsetsName(this.name), this.options.topic, partition, next);
  }

  /**
   * One Kafka partition's events, in order: each one the reactor handles is met (reacted to, parked behind its reactor
   * partition, or put up for a retry) and the partition's place moves past it. Statements run on the pool one at a
   * time, as the store loop's do: no connection is held while the outside world answers.
   */
  async handle(batch: TransportBatch): Promise<void | { readonly seekTo: string }> {
    const { pool } = this.options;
    const expected = await this.storedOffset(batch.partition);
    const first = batch.deliveries[0]?.offset ?? batch.nextOffset;
    // The batch starts past the reactor's place (the consumer's and the database's disagree): hand it over from there.
    if (expected !== null && BigInt(first) > BigInt(expected)) return { seekTo: expected };
    const begun = await reactorCheckpoint(pool, this.reactor, this.options.store);
    const last = this.lastMet.get(batch.partition);
    const floor =
      last && last.next === expected && compareCheckpoints(last.position, begun) > 0 ? last.position : begun;
    const types = this.reactions.typesRead();
    // Before the place: met already (a redelivery). At or before where the reactor began, or where this partition's
    // last batch got to (the relay's copy of a page it published twice): not to be met again.
    let newest = floor;
    const fresh = batch.deliveries.filter((delivery) => {
      if (expected !== null && BigInt(delivery.offset) < BigInt(expected)) return false;
      if (compareCheckpoints(delivery.event.position, newest) <= 0) return false;
      newest = delivery.event.position;
      return true;
    });
    const events = fresh.filter((delivery) => types.includes(delivery.event.type));
    // What waits now, from any instance: a new event of a waiting partition is parked behind it.
    const blocked = await this.reactions.blockedPartitions(pool);
    let leftWaiting = false;
    if (this.reactions.concurrency > 1) {
      leftWaiting = await this.reactions.meetInLanes(
        pool,
        events.map((delivery) => delivery.event),
        blocked,
      );
    } else {
      for (const delivery of events) {
        if (await this.reactions.meetRecorded(pool, delivery.event, blocked)) leftWaiting = true;
        await this.saveOffset(batch.partition, (BigInt(delivery.offset) + 1n).toString());
      }
    }
    // Past the events of other types, too.
    await this.saveOffset(batch.partition, batch.nextOffset);
    if (newest !== null) this.lastMet.set(batch.partition, { next: batch.nextOffset, position: newest });
    await this.cover();
    if (leftWaiting) this.tender.wakeUp();
  }

  /**
   * Moves the reactor's checkpoint (reactor_checkpoints) to the newest relay mark every partition has been read up to,
   * as a Kafka-fed projection does: where it begins in a partition it has no place in yet, and where the store loop
   * would continue if EVENT_TRANSPORT went back to `store`. One instance at a time (the row is locked).
   */
  private async cover(): Promise<void> {
    const { pool, topic } = this.options;
    const client = await pool.connect();
    try {
      await inTransaction(client, async () => {
        const { rows } = await client.query<{ checkpoint: string | null }>(
          'SELECT checkpoint FROM reactor_checkpoints WHERE name = $1 FOR UPDATE',
          [this.name],
        );
        if (!rows[0]) return;
        const checkpoint = (rows[0].checkpoint ?? null) as Checkpoint | null;
        const covered = await coveredByReader(client, topic, reactorOffsetsName(this.name), checkpoint);
        if (covered !== null) {
          await client.query('UPDATE reactor_checkpoints SET checkpoint = $2, updated_at = now() WHERE name = $1', [
            this.name,
            covered,
          ]);
        }
      });
    } finally {
      client.release();
    }
  }
}

/** For tests and tools: where a Kafka-fed reactor stands in each partition of the topic. */
export async function reactorOffsets(pool: pg.Pool, name: string, topic: string): Promise<Map<number, string>> {
  const { rows } = await pool.query<{ partition: number; next_offset: string }>(
    `SELECT partition, next_offset::text FROM projection_kafka_offsets WHERE name = $1 AND topic = $2`,
    [reactorOffsetsName(name), topic],
  );
  return new Map(rows.map((row) => [row.partition, row.next_offset]));
}
