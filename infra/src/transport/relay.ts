import type pg from 'pg';
import { inTransaction } from '../db/transaction.ts';
import type { KafkaSettings } from '../config/env.ts';
import { compareCheckpoints, isCheckpoint } from '../event-store/checkpoint.ts';
import type { Checkpoint } from '../event-store/types.ts';
import { Processor, type ProcessorOptions } from '../processing/processor.ts';
import type { SharedLockSession } from '../processing/lock-session.ts';
import { createEventTransport } from './create.ts';
import { pruneMarks, recordMark } from './marks.ts';
import type { EventTransport, PartitionOffsets } from './types.ts';

/** Events read from the store and published per step. */
const DEFAULT_BATCH_SIZE = 1_000;
/** How often, at most, marks nobody can need are forgotten. */
const DEFAULT_PRUNE_EVERY_MS = 60_000;
/** A mark is kept at least this long, whatever the projections' checkpoints say (a rebuild may be about to start). */
const DEFAULT_PRUNE_MIN_AGE_MS = 10 * 60_000;

export interface KafkaRelayOptions extends ProcessorOptions {
  readonly transport: EventTransport;
  readonly topic: string;
  readonly lockSession?: SharedLockSession;
  readonly batchSize?: number;
  readonly pruneEveryMs?: number;
  readonly pruneMinAgeMs?: number;
}

/**
 * The relay (issue 16, decision 42): publishes every stored event, in the log's order, to the Kafka topic, and moves
 * its checkpoint (kafka_relay) only after the broker acknowledged. With the checkpoint, in the same transaction, it
 * records a mark: every event up to here is on the topic, and this is where each partition then ended (marks.ts).
 *
 * It runs on the product's one subscription loop (Processor: one active instance per topic on the database server,
 * woken by appends and the poll), not as a per-event Reactor: it publishes whole pages, never dead-letters an event
 * (the topic must hold all of them, in order), and one failure stops it until the broker takes the page.
 *
 * A stop between the broker's ack and the commit publishes that page again: the topic then holds those events twice.
 * Readers shrug it off (rows remember their stream position; the statistics projection has a per-event guard).
 */
export class KafkaRelay {
  private readonly processor: Processor;
  private readonly log: (message: string) => void;
  private lastPrune = 0;
  /** Whether this instance has said that it is the one publishing. */
  private started = false;
  /** A round failed (logged by the loop): the next page that goes out says so once. */
  private failing = false;

  constructor(private readonly options: KafkaRelayOptions) {
    this.log = options.log ?? (() => undefined);
    this.processor = new Processor(`kafka relay (${options.topic})`, `relay:${options.topic}`, () => this.round(), {
      ...options,
      log: (message) => {
        this.failing = true;
        this.log(message);
      },
    });
  }

  start(): void {
    this.processor.start();
  }

  /** Publish now instead of at the next wake-up. */
  wakeUp(): void {
    this.processor.wakeUp();
  }

  stop(): Promise<void> {
    return this.processor.stop();
  }

  /** Where the relay has published up to (null: nothing yet). */
  async checkpoint(): Promise<Checkpoint | null> {
    return readRelayCheckpoint(this.options.pool, this.options.topic);
  }

  private async round(): Promise<void> {
    const { pool, store, transport, topic } = this.options;
    const batchSize = this.options.batchSize ?? DEFAULT_BATCH_SIZE;
    let checkpoint = await readRelayCheckpoint(pool, topic);
    if (!this.started) {
      this.started = true;
      this.log(`kafka relay: publishing to ${topic} from ${checkpoint ?? 'the start of the log'}`);
    }
    // Where every partition ends, read when there is something to publish: this instance may just have taken over
    // from another one, whose last pages are on the topic. Each receipt then moves the partitions it wrote to.
    let ends: Map<number, string> | null = null;
    for (;;) {
      const page = await store.readAll(checkpoint, batchSize);
      if (page.events.length === 0 || page.checkpoint === null) break;
      if (ends === null) {
        await transport.ensureTopic();
        ends = new Map(await transport.endOffsets());
      }
      const receipt = await transport.publish(page.events);
      mergeEnds(ends, receipt.ends);
      await saveProgress(pool, topic, page.checkpoint, ends);
      checkpoint = page.checkpoint;
      if (this.failing) {
        this.failing = false;
        this.log(`kafka relay: publishing to ${topic} again, now at ${checkpoint}`);
      }
    }
    await this.pruneNowAndThen();
  }

  private async pruneNowAndThen(): Promise<void> {
    const every = this.options.pruneEveryMs ?? DEFAULT_PRUNE_EVERY_MS;
    if (Date.now() - this.lastPrune < every) return;
    this.lastPrune = Date.now();
    const oldest = await oldestProjectionCheckpoint(this.options.pool);
    await pruneMarks(
      this.options.pool,
      this.options.topic,
      oldest,
      this.options.pruneMinAgeMs ?? DEFAULT_PRUNE_MIN_AGE_MS,
    );
  }
}

function mergeEnds(ends: Map<number, string>, receipt: PartitionOffsets): void {
  for (const [partition, end] of receipt) {
    const known = ends.get(partition);
    if (known === undefined || BigInt(end) > BigInt(known)) ends.set(partition, end);
  }
}

/** The checkpoint and its mark, in one transaction: a mark never names events the checkpoint has not passed. */
async function saveProgress(
  pool: pg.Pool,
  topic: string,
  checkpoint: Checkpoint,
  ends: PartitionOffsets,
): Promise<void> {
  const client = await pool.connect();
  try {
    await inTransaction(client, async () => {
      await client.query(
        `INSERT INTO kafka_relay (topic, checkpoint, updated_at) VALUES ($1, $2, now())
         ON CONFLICT (topic) DO UPDATE SET checkpoint = EXCLUDED.checkpoint, updated_at = now()`,
        [topic, checkpoint],
      );
      await recordMark(client, topic, checkpoint, ends);
    });
  } finally {
    client.release();
  }
}

export async function readRelayCheckpoint(pool: pg.Pool, topic: string): Promise<Checkpoint | null> {
  const { rows } = await pool.query<{ checkpoint: string | null }>(
    'SELECT checkpoint FROM kafka_relay WHERE topic = $1',
    [topic],
  );
  const checkpoint = rows[0]?.checkpoint ?? null;
  if (checkpoint !== null && !isCheckpoint(checkpoint))
    throw new Error(`kafka_relay holds no checkpoint: ${checkpoint}`);
  return checkpoint;
}

/** The oldest checkpoint of any projection; null while one has applied nothing yet (then no mark is pruned). */
async function oldestProjectionCheckpoint(pool: pg.Pool): Promise<Checkpoint | null> {
  const { rows } = await pool.query<{ checkpoint: string | null }>('SELECT checkpoint FROM projection_checkpoints');
  let oldest: Checkpoint | null = null;
  for (const [index, row] of rows.entries()) {
    if (row.checkpoint === null || !isCheckpoint(row.checkpoint)) return null;
    if (index === 0 || compareCheckpoints(row.checkpoint, oldest) < 0) oldest = row.checkpoint;
  }
  return oldest;
}

export interface RunningRelay {
  readonly relay: KafkaRelay;
  readonly transport: EventTransport;
  /** Stops the relay, then closes its transport. */
  stop(): Promise<void>;
}

/**
 * The relay of a process that has Kafka (KAFKA_BROKERS set): the projector's, or the embedded `npm start`'s. Null
 * without brokers: then nothing is published and readers follow the store.
 */
export function startKafkaRelay(
  settings: KafkaSettings,
  deps: ProcessorOptions & { readonly lockSession?: SharedLockSession },
): RunningRelay | null {
  if (settings.brokers.length === 0) return null;
  const log = deps.log ?? (() => undefined);
  const transport = createEventTransport(settings, log, { role: 'relay' });
  const relay = new KafkaRelay({ ...deps, transport, topic: settings.topic });
  relay.start();
  return {
    relay,
    transport,
    async stop() {
      await relay.stop();
      await transport.close();
    },
  };
}
