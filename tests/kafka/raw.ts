import { randomUUID } from 'node:crypto';
import { expect, vi } from 'vitest';
import { Kafka, logLevel, type IHeaders, type KafkaMessage } from 'kafkajs';
import type { RecordedEvent } from '@kartvizit/infra/event-store/types';

/** A message as it sits on the topic, read with kafkajs itself (no transport in between). */
export type RawMessage = KafkaMessage & { readonly partition: number };

/** Every message of `topic` (exactly `count` of them), each (partition, offset) once, in offset order per partition. */
export async function rawMessages(brokers: readonly string[], topic: string, count: number): Promise<RawMessage[]> {
  const client = new Kafka({ clientId: 'kartvizit-raw-reader', brokers: [...brokers], logLevel: logLevel.NOTHING });
  const consumer = client.consumer({ groupId: `raw-${randomUUID()}`, maxWaitTimeInMs: 500 });
  const messages = new Map<string, RawMessage>();
  await consumer.connect();
  try {
    await consumer.subscribe({ topics: [topic], fromBeginning: true });
    await consumer.run({
      eachMessage: ({ partition, message }) => {
        messages.set(`${partition}:${message.offset}`, { ...message, partition });
        return Promise.resolve();
      },
    });
    await vi.waitFor(() => expect(messages.size).toBe(count), { timeout: 60_000, interval: 25 });
  } finally {
    await consumer.disconnect();
  }
  return [...messages.values()].sort(
    (a, b) => a.partition - b.partition || Number(BigInt(a.offset) - BigInt(b.offset)),
  );
}

export function headerTexts(headers: IHeaders | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers ?? {}).map(([name, value]) => [
      name,
      Buffer.isBuffer(value) ? value.toString('utf8') : String(value),
    ]),
  );
}

/** The message of `event` as the relay and the transport write it: keyed by its stream, its identity in headers, the event as stored in its value. */
export function expectAsStored(message: RawMessage | undefined, event: RecordedEvent): void {
  expect(message?.key?.toString('utf8')).toBe(event.streamId);
  expect(headerTexts(message?.headers)).toEqual({
    'event-id': event.eventId,
    'event-type': event.type,
    'schema-version': String(event.schemaVersion),
    position: event.position,
    'stream-position': String(event.streamPosition),
  });
  expect(JSON.parse(message?.value?.toString('utf8') ?? 'null')).toEqual({
    ...event,
    createdAt: event.createdAt.toISOString(),
  });
}
