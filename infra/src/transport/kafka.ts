import {
  Kafka,
  Partitioners,
  logLevel,
  type Admin,
  type Consumer,
  type EachBatchPayload,
  type IHeaders,
  type KafkaMessage,
  type LogEntry,
  type Message,
  type Producer,
  type RetryOptions,
} from 'kafkajs';
import { isCheckpoint } from '../event-store/checkpoint.ts';
import type { EventMetadata, RecordedEvent } from '../event-store/types.ts';
import type {
  EventTransport,
  PartitionOffsets,
  PublishReceipt,
  TransportBatch,
  TransportDelivery,
  TransportSubscriber,
  TransportSubscription,
} from './types.ts';

/**
 * The EventTransport on Kafka (issue 16, decision 42), with kafkajs 2.2.4 against a Kafka 3.9 broker (decision 40).
 *
 * - Publishing: an idempotent producer (acks from every in-sync replica, one request in flight), key = stream id with
 *   the Java client's partitioner (murmur2), so one stream's events land on one partition, in order. The partition is
 *   chosen here with that same partitioner and named in each message: the receipt's per-partition ends are then the
 *   broker's base offset plus the count we sent there. Value = the RecordedEvent as stored (personal fields stay
 *   sealed), headers = its identity and position.
 * - Consuming: one kafkajs consumer per subscription, in the group; the subscriber's own record says where a partition
 *   continues (`resumeAt`), the group's committed offset is only a hint for tools.
 */

export interface KafkaTransportOptions {
  readonly brokers: readonly string[];
  readonly topic: string;
  /** Partitions of the topic when ensureTopic creates it. */
  readonly partitions: number;
  /** Who is connecting: the client id is `kartvizit-<role>` (relay, projector, …). */
  readonly role: string;
  /** Operator log (WARN and worse from kafkajs, the consumer's failures). Never an event's data. */
  readonly log?: (message: string) => void;
  /** Connection retries; the default gives up after a few seconds instead of waiting for the broker forever. */
  readonly retry?: RetryOptions;
  readonly connectionTimeoutMs?: number;
  /** How long a consumer's fetch waits on the broker for new events (also bounds how long stop() waits). */
  readonly maxWaitTimeMs?: number;
  /** Consumer heartbeats: how soon an instance notices that the group is rebalancing. */
  readonly heartbeatIntervalMs?: number;
  readonly sessionTimeoutMs?: number;
}

/** Header names; the value is the RecordedEvent as stored, as JSON. */
export const EVENT_HEADERS = {
  eventId: 'event-id',
  eventType: 'event-type',
  schemaVersion: 'schema-version',
  position: 'position',
  streamPosition: 'stream-position',
} as const;

/**
 * Bytes per produce request. The broker refuses a record batch over `message.max.bytes` (1 MB by default) and kafkajs
 * puts all of one request's messages for a partition in one batch: half of that leaves room for the batch's framing.
 */
const MAX_REQUEST_BYTES = 512 * 1024;
/** Per-message framing counted on top of key, value and headers (record header, varints). */
const MESSAGE_OVERHEAD_BYTES = 64;
/** How long the topic's partition count is trusted before it is read again (partitions are added, never removed). */
const PARTITION_COUNT_TTL_MS = 30_000;
const FIRST_BACKOFF_MS = 200;
const MAX_BACKOFF_MS = 10_000;

const DEFAULT_RETRY: RetryOptions = { retries: 5, initialRetryTime: 300, maxRetryTime: 5_000 };

export class KafkaEventTransport implements EventTransport {
  private readonly kafka: Kafka;
  private readonly log: (message: string) => void;
  private producer: Promise<Producer> | null = null;
  private admin: Promise<Admin> | null = null;
  private partitionCount: { readonly count: number; readonly at: number } | null = null;
  private readonly partitioner = Partitioners.DefaultPartitioner();
  private readonly subscriptions = new Set<KafkaSubscription>();
  private topicReady: Promise<void> | null = null;

  constructor(private readonly options: KafkaTransportOptions) {
    if (options.brokers.length === 0) throw new Error('KafkaEventTransport needs at least one broker');
    this.log = options.log ?? (() => undefined);
    this.kafka = new Kafka({
      clientId: `kartvizit-${options.role}`,
      brokers: [...options.brokers],
      connectionTimeout: options.connectionTimeoutMs ?? 3_000,
      retry: options.retry ?? DEFAULT_RETRY,
      logLevel: logLevel.WARN,
      logCreator: () => (entry: LogEntry) => this.logEntry(entry),
    });
  }

  get topic(): string {
    return this.options.topic;
  }

  async ensureTopic(): Promise<void> {
    this.topicReady ??= this.createTopic().catch((error: unknown) => {
      this.topicReady = null;
      throw error;
    });
    return this.topicReady;
  }

  async publish(events: readonly RecordedEvent[]): Promise<PublishReceipt> {
    const ends = new Map<number, string>();
    if (events.length === 0) return { ends };
    const producer = await this.connectedProducer();
    const partitions = await this.partitionsOfTopic();
    for (const chunk of chunksByBytes(events.map((event) => this.message(event, partitions)))) {
      const counts = new Map<number, number>();
      for (const message of chunk) {
        const partition = message.partition ?? 0;
        counts.set(partition, (counts.get(partition) ?? 0) + 1);
      }
      let results: Awaited<ReturnType<Producer['send']>>;
      try {
        results = await producer.send({ topic: this.options.topic, acks: -1, messages: chunk });
      } catch (error) {
        // A send given up on may leave the idempotent producer's sequence numbers out of step with the broker's: the
        // next publish starts a new producer (a new producer id) instead of failing on them.
        await this.dropProducer();
        throw error;
      }
      for (const result of results) {
        const count = counts.get(result.partition);
        if (count === undefined || result.baseOffset === undefined) continue;
        ends.set(result.partition, (BigInt(result.baseOffset) + BigInt(count)).toString());
      }
      for (const partition of counts.keys()) {
        if (!ends.has(partition)) throw new Error(`Kafka acknowledged no offset for partition ${partition}`);
      }
    }
    return { ends };
  }

  async endOffsets(): Promise<PartitionOffsets> {
    const admin = await this.connectedAdmin();
    const offsets = await admin.fetchTopicOffsets(this.options.topic);
    return new Map(offsets.map((entry) => [entry.partition, entry.high]));
  }

  async subscribe(group: string, subscriber: TransportSubscriber): Promise<TransportSubscription> {
    await this.ensureTopic();
    const consumer = this.kafka.consumer({
      groupId: group,
      maxWaitTimeInMs: this.options.maxWaitTimeMs ?? 1_000,
      heartbeatInterval: this.options.heartbeatIntervalMs ?? 3_000,
      sessionTimeout: this.options.sessionTimeoutMs ?? 30_000,
    });
    const subscription = new KafkaSubscription(consumer, this.options.topic, group, subscriber, this.log, () =>
      this.subscriptions.delete(subscription),
    );
    await subscription.start();
    this.subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    const producer = this.producer;
    const admin = this.admin;
    this.producer = null;
    this.admin = null;
    await Promise.all([
      producer?.then((connected) => connected.disconnect()).catch(() => undefined),
      admin?.then((connected) => connected.disconnect()).catch(() => undefined),
    ]);
  }

  private async createTopic(): Promise<void> {
    const admin = await this.connectedAdmin();
    if ((await admin.listTopics()).includes(this.options.topic)) return;
    const { brokers } = await admin.describeCluster();
    try {
      await admin.createTopics({
        topics: [
          {
            topic: this.options.topic,
            numPartitions: this.options.partitions,
            // Three copies where the cluster has three brokers; the single-node broker of development has one.
            replicationFactor: Math.max(1, Math.min(3, brokers.length)),
          },
        ],
        waitForLeaders: true,
      });
    } catch (error) {
      if (!isTopicAlreadyThere(error)) throw error;
    }
  }

  private message(event: RecordedEvent, partitions: number): Message {
    return eventMessage(event, { topic: this.options.topic, partitions, partitioner: this.partitioner });
  }

  private async partitionsOfTopic(): Promise<number> {
    const cached = this.partitionCount;
    if (cached && Date.now() - cached.at < PARTITION_COUNT_TTL_MS) return cached.count;
    await this.ensureTopic();
    const admin = await this.connectedAdmin();
    const metadata = await admin.fetchTopicMetadata({ topics: [this.options.topic] });
    const count = metadata.topics[0]?.partitions.length ?? 0;
    if (count === 0) throw new Error(`Kafka topic ${this.options.topic} has no partitions`);
    this.partitionCount = { count, at: Date.now() };
    return count;
  }

  private connectedProducer(): Promise<Producer> {
    this.producer ??= connect(
      this.kafka.producer({
        idempotent: true,
        maxInFlightRequests: 1,
        allowAutoTopicCreation: false,
        createPartitioner: Partitioners.DefaultPartitioner,
      }),
      () => {
        this.producer = null;
      },
    );
    return this.producer;
  }

  private async dropProducer(): Promise<void> {
    const producer = this.producer;
    this.producer = null;
    await producer?.then((connected) => connected.disconnect()).catch(() => undefined);
  }

  private connectedAdmin(): Promise<Admin> {
    this.admin ??= connect(this.kafka.admin(), () => {
      this.admin = null;
    });
    return this.admin;
  }

  private logEntry(entry: LogEntry): void {
    if (entry.level > logLevel.WARN) return;
    // Said once per producer because its retries are bounded (so that a publish to an unreachable broker fails instead
    // of hanging). What it warns of, a send given up and sent again, writes an event twice: the readers' guard.
    if (entry.log.message.startsWith('Limiting retries for the idempotent producer')) return;
    const detail: unknown = entry.log.error;
    const reason = typeof detail === 'string' && detail !== '' ? `: ${detail}` : '';
    // A CreateTopics answer with errors ("already exists" when two processes create the topic at once, which
    // ensureTopic expects) comes back to ensureTopic as its error too: the caller tells what matters.
    if (entry.log.message.startsWith('Response CreateTopics')) return;
    const level = entry.level === logLevel.ERROR ? 'error' : 'warn';
    this.log(`kafka ${level} (${entry.namespace}): ${entry.log.message}${reason}`);
  }
}

/** Connects, and forgets the client (so the next call connects afresh) when that fails. */
async function connect<T extends { connect(): Promise<void> }>(client: T, forget: () => void): Promise<T> {
  try {
    await client.connect();
    return client;
  } catch (error) {
    forget();
    throw error;
  }
}

function isTopicAlreadyThere(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { type, errors } = error as Error & {
    type?: string;
    errors?: readonly { readonly type?: string }[];
  };
  if (type === 'TOPIC_ALREADY_EXISTS') return true;
  return errors !== undefined && errors.length > 0 && errors.every((each) => each.type === 'TOPIC_ALREADY_EXISTS');
}

/**
 * An event as it goes on the topic: key = its stream, value = the event as stored (JSON), its identity in headers, and
 * the partition the Java client would choose (murmur2 of the key), chosen here so that the sender knows where each goes.
 */
export function eventMessage(
  event: RecordedEvent,
  on: {
    readonly topic: string;
    readonly partitions: number;
    readonly partitioner: ReturnType<typeof Partitioners.DefaultPartitioner>;
  },
): Message {
  const key = event.streamId;
  const partition = on.partitioner({
    topic: on.topic,
    partitionMetadata: Array.from({ length: on.partitions }, (_, partitionId) => ({
      partitionId,
      leader: 0,
      partitionErrorCode: 0,
      replicas: [],
      isr: [],
    })),
    message: { key, value: null },
  });
  return {
    key,
    value: JSON.stringify(event),
    headers: {
      [EVENT_HEADERS.eventId]: event.eventId,
      [EVENT_HEADERS.eventType]: event.type,
      [EVENT_HEADERS.schemaVersion]: String(event.schemaVersion),
      [EVENT_HEADERS.position]: event.position,
      [EVENT_HEADERS.streamPosition]: String(event.streamPosition),
    },
    partition,
  };
}

function messageBytes(message: Message): number {
  let bytes = MESSAGE_OVERHEAD_BYTES;
  bytes += typeof message.key === 'string' ? Buffer.byteLength(message.key) : (message.key?.length ?? 0);
  bytes += typeof message.value === 'string' ? Buffer.byteLength(message.value) : (message.value?.length ?? 0);
  for (const [name, value] of Object.entries(message.headers ?? {})) {
    bytes += Buffer.byteLength(name) + (typeof value === 'string' ? Buffer.byteLength(value) : 16);
  }
  return bytes;
}

/** Consecutive runs of messages, each under MAX_REQUEST_BYTES (a bigger message goes alone). Order is kept. */
export function chunksByBytes(messages: readonly Message[]): Message[][] {
  const chunks: Message[][] = [];
  let chunk: Message[] = [];
  let bytes = 0;
  for (const message of messages) {
    const size = messageBytes(message);
    if (chunk.length > 0 && bytes + size > MAX_REQUEST_BYTES) {
      chunks.push(chunk);
      chunk = [];
      bytes = 0;
    }
    chunk.push(message);
    bytes += size;
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}

function headerText(headers: IHeaders | undefined, name: string): string | undefined {
  const value = headers?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  if (first === undefined) return undefined;
  return Buffer.isBuffer(first) ? first.toString('utf8') : String(first);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function metadataOf(value: unknown): EventMetadata | null {
  if (!isRecord(value)) return null;
  for (const field of ['correlationId', 'causationId', 'actor'] as const) {
    if (value[field] !== undefined && typeof value[field] !== 'string') return null;
  }
  const metadata: EventMetadata = value;
  return metadata;
}

/**
 * A message back to the RecordedEvent the relay published, or the reason it is not one (logged and skipped by the
 * consumer: a stranger's message on the topic must not stop a projection). The position comes from the header.
 */
export function decodeEventMessage(message: Pick<KafkaMessage, 'value' | 'headers'>): RecordedEvent | string {
  const position = headerText(message.headers, EVENT_HEADERS.position);
  if (position === undefined || !isCheckpoint(position)) return 'no valid position header';
  if (!message.value) return 'no value';
  let parsed: unknown;
  try {
    parsed = JSON.parse(message.value.toString('utf8'));
  } catch {
    return 'value is not JSON';
  }
  if (!isRecord(parsed)) return 'value is not an object';
  const { eventId, type, schemaVersion, data, streamId, streamPosition, createdAt } = parsed;
  if (typeof eventId !== 'string' || eventId === '') return 'no eventId';
  if (typeof type !== 'string' || type === '') return 'no type';
  if (typeof schemaVersion !== 'number' || !Number.isInteger(schemaVersion)) return 'no schemaVersion';
  if (!isRecord(data)) return 'no data';
  if (typeof streamId !== 'string' || streamId === '') return 'no streamId';
  if (typeof streamPosition !== 'number' || !Number.isInteger(streamPosition) || streamPosition < 0) {
    return 'no streamPosition';
  }
  if (typeof createdAt !== 'string' || Number.isNaN(Date.parse(createdAt))) return 'no createdAt';
  const metadata = metadataOf(parsed.metadata ?? {});
  if (metadata === null) return 'malformed metadata';
  return {
    eventId,
    type,
    schemaVersion,
    data,
    metadata,
    streamId,
    streamPosition,
    position,
    createdAt: new Date(createdAt),
  };
}

/**
 * One member of a consumer group. Offsets are resolved only for batches the subscriber handled; a partition newly
 * assigned is first moved to where the subscriber says it continues. kafkajs applies a seek at its next fetch, so a
 * batch fetched before that (from the group's committed offset) is dropped, unresolved, and fetched again from there.
 */
class KafkaSubscription implements TransportSubscription {
  /** Partitions moved to the subscriber's own offset since the last (re)assignment. */
  private readonly resumed = new Set<number>();
  private readonly failures = new Map<number, number>();
  private stopping: Promise<void> | null = null;

  constructor(
    private readonly consumer: Consumer,
    private readonly topic: string,
    private readonly group: string,
    private readonly subscriber: TransportSubscriber,
    private readonly log: (message: string) => void,
    private readonly forget: () => void,
  ) {}

  async start(): Promise<void> {
    const { consumer } = this;
    // Every (re)assignment: ask the subscriber again for each partition before handing it anything.
    consumer.on(consumer.events.GROUP_JOIN, () => this.resumed.clear());
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      const restart = payload.restart ? 'restarting' : 'stopped';
      this.log(`kafka consumer ${this.group}: ${payload.error.message} (${restart})`);
    });
    try {
      await consumer.connect();
      await consumer.subscribe({ topics: [this.topic], fromBeginning: true });
      await consumer.run({
        autoCommit: false,
        eachBatchAutoResolve: false,
        partitionsConsumedConcurrently: 1,
        eachBatch: (payload) => this.eachBatch(payload),
      });
    } catch (error) {
      await consumer.disconnect().catch(() => undefined);
      throw error;
    }
  }

  stop(): Promise<void> {
    this.stopping ??= this.consumer.disconnect().finally(() => this.forget());
    return this.stopping;
  }

  private async eachBatch(payload: EachBatchPayload): Promise<void> {
    const { batch } = payload;
    const { partition } = batch;
    if (batch.messages.length === 0 || !payload.isRunning() || payload.isStale()) return;

    if (!this.resumed.has(partition)) {
      let resumeAt: string;
      try {
        resumeAt = (await this.subscriber.resumeAt(partition)) ?? '0';
      } catch (error) {
        // Its record could not be read (the database is away): hand nothing, ask again after the pause.
        await this.failed(partition, batch.firstOffset(), error, payload);
        return;
      }
      this.resumed.add(partition);
      if (resumeAt !== batch.firstOffset()) {
        // Offset 0 where the log no longer starts at 0: kafkajs answers the broker's "out of range" with the
        // partition's earliest offset (fromBeginning), which is "the partition's start".
        this.consumer.seek({ topic: this.topic, partition, offset: resumeAt });
        return;
      }
    }

    const deliveries: TransportDelivery[] = [];
    for (const message of batch.messages) {
      const event = decodeEventMessage(message);
      if (typeof event === 'string') {
        this.log(`kafka consumer ${this.group}: skipped partition ${partition} offset ${message.offset}: ${event}`);
        continue;
      }
      deliveries.push({ partition, offset: message.offset, event });
    }
    const nextOffset = (BigInt(batch.lastOffset()) + 1n).toString();

    if (deliveries.length > 0) {
      const handed: TransportBatch = { topic: this.topic, partition, deliveries, nextOffset };
      let answer: Awaited<ReturnType<TransportSubscriber['handle']>>;
      try {
        answer = await this.subscriber.handle(handed);
      } catch (error) {
        // Nothing resolved: kafkajs fetches the same events again after the pause.
        await this.failed(partition, batch.firstOffset(), error, payload);
        return;
      }
      this.failures.delete(partition);
      if (answer && typeof answer === 'object' && 'seekTo' in answer) {
        this.consumer.seek({ topic: this.topic, partition, offset: answer.seekTo });
        return;
      }
    }

    payload.resolveOffset(batch.lastOffset());
    // Only a hint for tools (kafka-consumer-groups): the subscriber's own record says where it is.
    await payload
      .commitOffsetsIfNecessary({ topics: [{ topic: this.topic, partitions: [{ partition, offset: nextOffset }] }] })
      .catch((error: unknown) => {
        this.log(
          `kafka consumer ${this.group}: committing offsets failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
    await payload.heartbeat();
  }

  /** Logs a failed batch (where, never what) and waits before the same events are fetched again, longer each time. */
  private async failed(
    partition: number,
    offset: string | null,
    error: unknown,
    payload: EachBatchPayload,
  ): Promise<void> {
    const failures = (this.failures.get(partition) ?? 0) + 1;
    this.failures.set(partition, failures);
    const delay = Math.min(FIRST_BACKOFF_MS * 2 ** (failures - 1), MAX_BACKOFF_MS);
    this.log(
      `kafka consumer ${this.group}: partition ${partition} at offset ${offset} failed ` +
        `(${failures} times: ${error instanceof Error ? error.message : String(error)}); again in ${delay} ms`,
    );
    await pause(delay, payload);
  }
}

/** Waits `ms`, heartbeating so the group keeps us, and ends early when the consumer stops. */
async function pause(ms: number, payload: EachBatchPayload): Promise<void> {
  const until = Date.now() + ms;
  while (payload.isRunning() && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(1_000, until - Date.now())));
    await payload.heartbeat();
  }
}
