import type pg from 'pg';
import { compareCheckpoints } from '../event-store/checkpoint.ts';
import type { Checkpoint } from '../event-store/types.ts';
import type { SignalBus } from '../signals/types.ts';
import { formatProjectionAdvanced } from '../signals/projection-advanced.ts';
import { coveredByReader, offsetsAtOrBefore } from '../transport/marks.ts';
import type { EventTransport, TransportBatch } from '../transport/types.ts';
import { KafkaGroupSource, saveOffset, storedOffset } from './kafka-source.ts';
import type { StoredEvent } from '../vault/event-codec.ts';
import { typesRead, type Projection } from './projection.ts';
import {
  initialiseProjection,
  inTransaction,
  rebuildProjection,
  writeBatch,
  type ProjectionDependencies,
} from './rebuild.ts';

export interface KafkaRunnerOptions extends ProjectionDependencies {
  /** The topic the relay publishes the log to (KAFKA_TOPIC). */
  readonly topic: string;
  readonly transport: EventTransport;
  readonly signals?: SignalBus;
  /** How long to wait before trying again when joining the group failed (default 1 s). */
  readonly retryMs?: number;
  /** How often the checkpoint is moved to the relay's newest covered mark without a batch (default 1 s). */
  readonly pollIntervalMs?: number;
}

/** After a batch, how long the checkpoint is chased to the batch's last event (its mark is recorded after the ack). */
const CHASE_FOR_MS = 10_000;
const CHASE_FIRST_WAIT_MS = 5;
const CHASE_MAX_WAIT_MS = 250;

/** The consumer group of a projection: every instance of the projector shares its partitions. */
export function projectionGroup(name: string): string {
  return `kartvizit.projection.${name}`;
}

type Queryable = Pick<pg.ClientBase, 'query'>;

/**
 * Keeps one projection up to date from the topic the relay publishes the log to (EVENT_TRANSPORT=kafka, issue 16,
 * decision 42), instead of reading the event store like ProjectionRunner; same outward shape, so startProcessing
 * chooses by configuration.
 *
 * - One consumer group per projection (`kartvizit.projection.<name>`): any number of instances share the partitions.
 *   Their batches serialize on the projection's checkpoint row, which each one locks.
 * - The database says what was applied, not the group's committed offsets: each batch, its partition's next offset
 *   (projection_kafka_offsets) and the projection's checkpoint commit together. A partition without a row continues
 *   from the relay's newest mark at or before the checkpoint (a first start). A blue/green rebuild keeps the rows: its
 *   replay from the store covers everything the runner had consumed (see rebuildProjection).
 * - Kafka orders events per partition only; the checkpoint (what read-your-writes and a rebuild speak) is the newest
 *   relay mark every partition has been read up to (coveredByReader).
 * - The relay records a mark only after the broker acknowledged its batch, so a batch may be applied before the mark
 *   that covers it exists: after a batch, the runner moves the checkpoint again shortly (chase), and on a slow timer.
 * - Initialising and blue/green rebuilds still replay from the store (rebuild.ts).
 */
export class KafkaProjectionRunner {
  private readonly source: KafkaGroupSource;
  private pollTimer: NodeJS.Timeout | null = null;
  /** The newest event position a handled batch held, until the checkpoint reaches it. */
  private chaseTarget: Checkpoint | null = null;
  private chasing: Promise<void> | null = null;

  constructor(
    private readonly projection: Projection,
    private readonly options: KafkaRunnerOptions,
  ) {
    this.source = new KafkaGroupSource(projectionGroup(projection.name), { ...options, name: projection.name });
  }

  get name(): string {
    return this.projection.name;
  }

  get group(): string {
    return this.source.group;
  }

  /** Initialises or rebuilds the projection from the store when it must, then joins its group; retries until stopped. */
  start(): void {
    const log = this.options.log ?? (() => undefined);
    this.source.start(
      { resumeAt: (partition) => this.resumeAt(partition), handle: (batch) => this.handle(batch) },
      {
        prepare: () => this.prepare(),
        joined: () => {
          this.pollTimer = setInterval(() => {
            this.advance().catch((error: unknown) =>
              log(`${this.name}: moving the checkpoint failed: ${String(error)}`),
            );
          }, this.options.pollIntervalMs ?? 1000);
        },
      },
    );
  }

  async stop(): Promise<void> {
    const stopping = this.source.stop();
    if (this.pollTimer) clearInterval(this.pollTimer);
    await this.chasing;
    await stopping;
  }

  /**
   * Waits until the projection has applied everything the store held when called (the relay must be publishing).
   * For start-up and tests; answers 0: the events are counted by the relay, not here.
   */
  async catchUp(timeoutMs = 60_000): Promise<number> {
    await this.prepare();
    const head = await this.options.store.headCheckpoint();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const row = await readCheckpoint(this.options.pool, this.name);
      if (compareCheckpoints((row?.checkpoint ?? null) as Checkpoint | null, head) >= 0) return 0;
      if (Date.now() > deadline) {
        throw new Error(`${this.name}: not caught up with ${head ?? 'the start'} from Kafka within ${timeoutMs} ms`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** The same start as ProjectionRunner's: tables of a first generation, or a rebuild when the version changed. */
  private async prepare(): Promise<void> {
    const row = await readCheckpoint(this.options.pool, this.name);
    if (!row) await initialiseProjection(this.options, this.projection);
    else if (row.version !== this.projection.version || row.generation === 0) {
      await rebuildProjection(this.options, this.projection, { onlyIfStale: true });
    }
  }

  /** The partition's row, else the partition's end at the newest mark at or before the checkpoint, else its start. */
  async resumeAt(partition: number): Promise<string | null> {
    const client = this.options.pool;
    const row = await readCheckpoint(client, this.name);
    return this.expectedOffset(client, partition, (row?.checkpoint ?? null) as Checkpoint | null);
  }

  private async expectedOffset(
    db: Queryable,
    partition: number,
    checkpoint: Checkpoint | null,
  ): Promise<string | null> {
    const next = await storedOffset(db, this.name, this.options.topic, partition);
    if (next !== null) return next;
    return (await offsetsAtOrBefore(db, this.options.topic, checkpoint))?.get(partition) ?? null;
  }

  async handle(batch: TransportBatch): Promise<void | { readonly seekTo: string }> {
    const { pool, codec, signals } = this.options;
    const read = typesRead(this.projection);
    // Decoded before a connection is taken (the vault's keys come from the pool), as ProjectionRunner reads first.
    const decoded = new Map<string, StoredEvent>();
    for (const delivery of batch.deliveries) {
      if (!read.includes(delivery.event.type)) continue;
      const event = await codec.decode(delivery.event);
      if (event) decoded.set(delivery.offset, event);
    }

    const client = await pool.connect();
    let outcome: Outcome;
    try {
      outcome = await inTransaction(client, () => this.applyInTransaction(client, batch, decoded));
    } finally {
      client.release();
    }
    if (outcome.kind === 'stale') {
      await this.prepare();
      return { seekTo: (await this.resumeAt(batch.partition)) ?? '0' };
    }
    if (outcome.kind === 'seek') return { seekTo: outcome.to };
    if (outcome.kind !== 'applied') return;
    if (outcome.moved || outcome.touched === undefined || outcome.touched.length > 0) {
      await signals?.publish(
        'projection_advanced',
        formatProjectionAdvanced(this.name, outcome.checkpoint, outcome.touched),
      );
    }
    const last = batch.deliveries.at(-1)?.event.position ?? null;
    if (compareCheckpoints(outcome.checkpoint, last) < 0) this.chase(last);
  }

  /**
   * Moves the checkpoint to the newest relay mark every partition has been read up to, without a batch (the mark of
   * the last batch came after it). Answers the checkpoint.
   */
  async advance(): Promise<Checkpoint | null> {
    const client = await this.options.pool.connect();
    let outcome: { checkpoint: Checkpoint | null; moved: boolean };
    try {
      outcome = await inTransaction(client, async () => {
        const row = await readCheckpoint(client, this.name, true);
        const checkpoint = (row?.checkpoint ?? null) as Checkpoint | null;
        if (!row || row.version !== this.projection.version || row.generation === 0) {
          return { checkpoint, moved: false };
        }
        const covered = await this.cover(client, checkpoint);
        return { checkpoint: covered ?? checkpoint, moved: covered !== null };
      });
    } finally {
      client.release();
    }
    if (outcome.moved) {
      // Nobody's data changed; waiters for read-your-writes wake up.
      await this.options.signals?.publish(
        'projection_advanced',
        formatProjectionAdvanced(this.name, outcome.checkpoint, []),
      );
    }
    return outcome.checkpoint;
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
    while (!this.source.isStopped && this.chaseTarget !== null && Date.now() < deadline) {
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

  /**
   * In the caller's transaction (holding the checkpoint row): the newest mark after `checkpoint` that every partition
   * has been read up to, written as the checkpoint; null when there is none.
   */
  private async cover(client: pg.PoolClient, checkpoint: Checkpoint | null): Promise<Checkpoint | null> {
    const covered = await coveredByReader(client, this.options.topic, this.name, checkpoint);
    if (covered !== null) {
      await client.query('UPDATE projection_checkpoints SET checkpoint = $2, updated_at = now() WHERE name = $1', [
        this.name,
        covered,
      ]);
    }
    return covered;
  }

  private async applyInTransaction(
    client: pg.PoolClient,
    batch: TransportBatch,
    decoded: ReadonlyMap<string, StoredEvent>,
  ): Promise<Outcome> {
    const { topic } = this.options;
    // Every batch of this projection, from any instance, waits here: one at a time, and never beside a rebuild's switch.
    const row = await readCheckpoint(client, this.name, true);
    if (!row || row.version !== this.projection.version || row.generation === 0) return { kind: 'stale' };
    const checkpoint = row.checkpoint as Checkpoint | null;

    const expected = await this.expectedOffset(client, batch.partition, checkpoint);
    const first = batch.deliveries[0]?.offset ?? batch.nextOffset;
    // The batch starts past what was applied (the consumer's place and the projection's record disagree): hand the
    // partition over again from there.
    if (expected !== null && BigInt(first) > BigInt(expected)) return { kind: 'seek', to: expected };
    // Deliveries before `expected` were applied already (a redelivery); the rest are new.
    const fresh = batch.deliveries.filter(
      (delivery) => expected === null || BigInt(delivery.offset) >= BigInt(expected),
    );
    if (fresh.length === 0) return { kind: 'skipped' };
    const events = fresh.flatMap((delivery) => decoded.get(delivery.offset) ?? []);

    const touched = await writeBatch(client, this.projection, row.generation, events);
    await saveOffset(client, this.name, topic, batch.partition, batch.nextOffset);

    const covered = await this.cover(client, checkpoint);
    return { kind: 'applied', checkpoint: covered ?? checkpoint, moved: covered !== null, touched };
  }
}

type Outcome =
  | { readonly kind: 'stale' }
  | { readonly kind: 'seek'; readonly to: string }
  | { readonly kind: 'skipped' }
  | {
      readonly kind: 'applied';
      readonly checkpoint: Checkpoint | null;
      readonly moved: boolean;
      readonly touched: readonly string[] | undefined;
    };

interface CheckpointRow {
  readonly checkpoint: string | null;
  readonly version: number;
  readonly generation: number;
}

async function readCheckpoint(db: Queryable, name: string, forUpdate = false): Promise<CheckpointRow | undefined> {
  const { rows } = await db.query<CheckpointRow>(
    `SELECT checkpoint, version, generation FROM projection_checkpoints WHERE name = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [name],
  );
  return rows[0];
}
