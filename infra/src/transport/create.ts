import type { KafkaSettings } from '../config/env.ts';
import { KafkaEventTransport, type KafkaTransportOptions } from './kafka.ts';
import type { EventTransport } from './types.ts';

/**
 * The one place an EventTransport is built (issue 16): the relay, the Kafka-fed projections and the tests ask here.
 * Kafka is the only adapter; `settings.brokers` must not be empty (callers check `config.kafka.brokers.length > 0`).
 * `role` names the client to the broker (`kartvizit-<role>`): relay, projector, …
 */
export function createEventTransport(
  settings: KafkaSettings,
  log: (message: string) => void,
  options: { readonly role?: string } & Partial<
    Omit<KafkaTransportOptions, 'brokers' | 'topic' | 'partitions' | 'log' | 'role'>
  > = {},
): EventTransport {
  if (settings.brokers.length === 0) throw new Error('No Kafka: KAFKA_BROKERS is empty');
  return new KafkaEventTransport({
    ...options,
    brokers: settings.brokers,
    topic: settings.topic,
    partitions: settings.partitions,
    role: options.role ?? 'service',
    log,
  });
}
