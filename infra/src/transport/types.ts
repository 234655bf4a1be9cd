import type { RecordedEvent } from '../event-store/types.ts';

/**
 * How stored events travel to their readers in the scaled shape (issue 16): the relay publishes them, in the log's order,
 * and projections (EVENT_TRANSPORT=kafka) consume them. Kafka is the adapter (kafka.ts); the contract is
 * describeEventTransportContract. Events travel as stored: personal fields stay sealed.
 */
export interface EventTransport {
  /** Makes sure the topic exists (explicitly created: no auto-creation). Idempotent. */
  ensureTopic(): Promise<void>;
  /**
   * Publishes the events in the given order (one stream's events land on one partition, in order) and resolves only once
   * the broker acknowledged every one of them. Answers where each partition the publish touched now ends.
   */
  publish(events: readonly RecordedEvent[]): Promise<PublishReceipt>;
  /** Where every partition of the topic ends now (next offset), for the relay's first mark. */
  endOffsets(): Promise<PartitionOffsets>;
  /**
   * Joins consumer group `group`: instances of one group share the partitions; each partition is handed to one
   * instance at a time, its events in order, at least once.
   */
  subscribe(group: string, subscriber: TransportSubscriber): Promise<TransportSubscription>;
  close(): Promise<void>;
}

/** Partition number → next offset (decimal string: offsets are 64-bit). */
export type PartitionOffsets = ReadonlyMap<number, string>;

export interface PublishReceipt {
  /** For each partition the publish wrote to: the offset after its last event. */
  readonly ends: PartitionOffsets;
}

export interface TransportDelivery {
  readonly partition: number;
  readonly offset: string;
  readonly event: RecordedEvent;
}

export interface TransportBatch {
  readonly topic: string;
  readonly partition: number;
  /** In offset order; never empty. */
  readonly deliveries: readonly TransportDelivery[];
  /** The offset after the last delivery: where the group continues in this partition. */
  readonly nextOffset: string;
}

export interface TransportSubscriber {
  /**
   * Where the group continues in a partition it was just given: the offset of the next event to hand over, or null for
   * the partition's start. Asked before the first batch of that partition after every (re)assignment.
   */
  resumeAt(partition: number): Promise<string | null>;
  /**
   * One partition's events in order. Resolving moves the group past them; answering `{ seekTo }` hands the partition
   * over again from that offset instead (the subscriber's own record disagrees with what it was handed); throwing hands
   * the same events again later.
   */
  handle(batch: TransportBatch): Promise<void | { readonly seekTo: string }>;
}

export interface TransportSubscription {
  /** Leaves the group (its partitions go to the other instances) once the batch in hand is done. */
  stop(): Promise<void>;
}
