import type pg from 'pg';
import type { EventTransport, TransportSubscriber, TransportSubscription } from '../transport/types.ts';

type Queryable = Pick<pg.ClientBase, 'query'>;

/**
 * The Kafka source of a projection or a reactor (EVENT_TRANSPORT=kafka, decision 42): membership of the relay topic's
 * consumer group, joined after `prepare` and tried again until it works or the source is stopped. What a batch does,
 * and where the place in each partition is kept, belongs to its user (projection-kafka.ts, reactor-kafka.ts).
 */
export class KafkaGroupSource {
  private stopped = false;
  private opening: Promise<void> | null = null;
  private subscription: TransportSubscription | null = null;
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(
    readonly group: string,
    private readonly options: {
      readonly name: string;
      readonly transport: EventTransport;
      /** How long to wait before trying again when joining the group failed (default 1 s). */
      readonly retryMs?: number;
      readonly log?: (message: string) => void;
    },
  ) {}

  /** Runs `prepare`, then joins the group; `joined` runs once the subscription stands. */
  start(subscriber: TransportSubscriber, hooks: { prepare(): Promise<unknown>; joined?(): void }): void {
    if (this.opening || this.stopped) return;
    this.opening = this.open(subscriber, hooks);
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await this.opening;
    const subscription = this.subscription;
    this.subscription = null;
    await subscription?.stop();
  }

  private async open(
    subscriber: TransportSubscriber,
    hooks: { prepare(): Promise<unknown>; joined?(): void },
  ): Promise<void> {
    const log = this.options.log ?? (() => undefined);
    while (!this.stopped) {
      try {
        await hooks.prepare();
        if (this.stopped) return;
        this.subscription = await this.options.transport.subscribe(this.group, subscriber);
        if (this.stopped) {
          await this.subscription.stop();
          this.subscription = null;
          return;
        }
        hooks.joined?.();
        return;
      } catch (error) {
        log(`${this.options.name}: joining ${this.group} failed, trying again: ${String(error)}`);
        await new Promise<void>((resolve) => {
          this.retryTimer = setTimeout(resolve, this.options.retryMs ?? 1000);
        });
      }
    }
  }
}

/** Where a Kafka-fed projection or reactor stands in one partition (projection_kafka_offsets), or null. */
export async function storedOffset(
  db: Queryable,
  name: string,
  topic: string,
  partition: number,
): Promise<string | null> {
  const { rows } = await db.query<{ next_offset: string }>(
    `SELECT next_offset::text FROM projection_kafka_offsets WHERE name = $1 AND topic = $2 AND partition = $3`,
    [name, topic, partition],
  );
  return rows[0]?.next_offset ?? null;
}

export async function saveOffset(
  db: Queryable,
  name: string,
  topic: string,
  partition: number,
  next: string,
): Promise<void> {
  await db.query(
    `INSERT INTO projection_kafka_offsets (name, topic, partition, next_offset) VALUES ($1, $2, $3, $4)
     ON CONFLICT (name, topic, partition) DO UPDATE SET next_offset = EXCLUDED.next_offset`,
    [name, topic, partition, next],
  );
}
