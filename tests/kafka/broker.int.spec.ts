import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { Kafka, Partitioners, logLevel, type EachMessagePayload, type IHeaders } from 'kafkajs';
import { kafkaForTests } from '../support/kafka.ts';

/**
 * The smallest real proof that kafkajs 2.2.4 and our Kafka 3.9 broker understand each other, in the shape the relay
 * of issue 16 will use: a topic created on purpose, an idempotent producer keyed by stream id with the event's
 * identity in headers, and a consumer group reading from the beginning.
 */
const { kafka, skipped } = await kafkaForTests();
afterAll(() => kafka?.stop());

const STREAMS = ['card-1', 'card-2', 'account-7'];
const EVENTS_PER_STREAM = 20;

interface Received {
  readonly key: string;
  readonly partition: number;
  readonly offset: string;
  readonly headers: Record<string, string>;
  readonly value: { streamId: string; streamPosition: number };
}

function text(headers: IHeaders | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (Buffer.isBuffer(value)) result[name] = value.toString('utf8');
    else if (typeof value === 'string') result[name] = value;
  }
  return result;
}

/** Processes whose command line names the broker's folder: its JVM, or anything it left behind (Linux's /proc). */
function processesUsing(dir: string): number[] {
  const pids: number[] = [];
  if (!existsSync('/proc')) return pids;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(dir)) pids.push(Number(entry));
    } catch {
      // gone while we looked
    }
  }
  return pids;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe.skipIf(kafka === null)(
  `Kafka broker for the scaled shape${skipped === null ? '' : ` (skipped: ${skipped})`}`,
  () => {
    it('given a topic created explicitly with three partitions, when an idempotent producer sends keyed events with headers, then a consumer group reading from the beginning gets every event once, each stream in order on one partition, headers intact', async () => {
      const brokers = kafka?.brokers ?? [];
      // kafkajs logs every retriable answer ('the coordinator is loading') as an ERROR while the broker's internal
      // topics come up; what matters reaches us as a rejected call or the consumer's crash below.
      const client = new Kafka({ clientId: 'kartvizit-broker-proof', brokers, logLevel: logLevel.NOTHING });
      const topic = `kartvizit.proof.${randomUUID()}`;

      const admin = client.admin();
      await admin.connect();
      try {
        // auto.create.topics.enable=false: the topic exists only because we made it, and its leaders are known
        // before anyone produces (kafkajs #1563).
        expect(
          await admin.createTopics({
            topics: [{ topic, numPartitions: 3, replicationFactor: 1 }],
            waitForLeaders: true,
          }),
        ).toBe(true);
        const metadata = await admin.fetchTopicMetadata({ topics: [topic] });
        expect(metadata.topics[0]?.partitions.map((partition) => partition.leader).sort()).toEqual([1, 1, 1]);
      } finally {
        await admin.disconnect();
      }

      // Interleaved across streams, the way the global order mixes them.
      const sent = Array.from({ length: EVENTS_PER_STREAM }, (_, index) =>
        STREAMS.map((streamId) => ({ streamId, streamPosition: index + 1, eventId: randomUUID() })),
      ).flat();
      const producer = client.producer({
        idempotent: true,
        maxInFlightRequests: 1,
        createPartitioner: Partitioners.DefaultPartitioner,
      });
      await producer.connect();
      try {
        // In batches, one after the other, as a relay publishes a page of the log at a time.
        for (let start = 0; start < sent.length; start += 10) {
          await producer.send({
            topic,
            acks: -1,
            messages: sent.slice(start, start + 10).map((event, index) => ({
              key: event.streamId,
              value: JSON.stringify({ streamId: event.streamId, streamPosition: event.streamPosition }),
              headers: {
                'event-id': event.eventId,
                'event-type': 'ProofRecorded',
                'schema-version': '1',
                'global-position': String(start + index + 1),
              },
            })),
          });
        }
      } finally {
        await producer.disconnect();
      }

      // The log itself holds each event once: the idempotent producer's retries wrote nothing twice.
      const logReader = client.admin();
      await logReader.connect();
      try {
        const offsets = await logReader.fetchTopicOffsets(topic);
        expect(offsets.reduce((sum, partition) => sum + Number(partition.high) - Number(partition.low), 0)).toBe(
          sent.length,
        );
      } finally {
        await logReader.disconnect();
      }

      // Delivery is at least once: a consumer kafkajs restarts after a retriable crash may see a message again, so
      // each log entry (partition, offset) counts once, at its first delivery.
      const received: Received[] = [];
      const seen = new Set<string>();
      let allArrived: () => void = () => undefined;
      let gaveUp: (error: Error) => void = () => undefined;
      const arrived = new Promise<void>((resolve, reject) => {
        allArrived = resolve;
        gaveUp = reject;
      });
      const consumer = client.consumer({ groupId: `kartvizit-proof-${randomUUID()}` });
      consumer.on(consumer.events.CRASH, ({ payload }) => {
        if (!payload.restart) gaveUp(payload.error);
      });
      await consumer.connect();
      try {
        await consumer.subscribe({ topics: [topic], fromBeginning: true });
        await consumer.run({
          eachMessage: async ({ partition, message }: EachMessagePayload) => {
            if (seen.has(`${partition}:${message.offset}`)) return;
            seen.add(`${partition}:${message.offset}`);
            received.push({
              key: message.key?.toString('utf8') ?? '',
              partition,
              offset: message.offset,
              headers: text(message.headers),
              value: JSON.parse(message.value?.toString('utf8') ?? 'null') as Received['value'],
            });
            if (received.length >= sent.length) allArrived();
          },
        });
        await arrived;
      } finally {
        await consumer.disconnect();
      }

      expect(received).toHaveLength(sent.length);
      expect(new Set(received.map((message) => message.headers['event-id'])).size).toBe(sent.length);
      for (const streamId of STREAMS) {
        const ofStream = received.filter((message) => message.key === streamId);
        expect(ofStream.map((message) => message.value.streamPosition)).toEqual(
          Array.from({ length: EVENTS_PER_STREAM }, (_, index) => index + 1),
        );
        expect(new Set(ofStream.map((message) => message.partition)).size).toBe(1);
        // The stream's events sit in the log in the order they were sent.
        const offsets = ofStream.map((message) => BigInt(message.offset));
        expect(offsets).toEqual([...offsets].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      }
      const byEventId = new Map(received.map((message) => [message.headers['event-id'], message]));
      sent.forEach((event, index) => {
        const message = byEventId.get(event.eventId);
        expect(message?.headers).toEqual({
          'event-id': event.eventId,
          'event-type': 'ProofRecorded',
          'schema-version': '1',
          'global-position': String(index + 1),
        });
        expect(message?.value).toEqual({ streamId: event.streamId, streamPosition: event.streamPosition });
      });
    });

    it('given the file’s Kafka, when the tests stop it, then our own broker leaves no JVM, no process on its folder and no folder behind, while a shared KAFKA_BROKERS cluster is left running', async () => {
      if (!kafka) throw new Error('no Kafka');
      const broker = kafka.broker;
      if (broker) expect(isAlive(broker.pid)).toBe(true);

      await kafka.stop();

      if (broker) {
        expect(isAlive(broker.pid)).toBe(false);
        expect(processesUsing(broker.dir)).toEqual([]);
        expect(existsSync(broker.dir)).toBe(false);
      } else {
        const admin = new Kafka({
          clientId: 'kartvizit-broker-proof',
          brokers: kafka.brokers,
          logLevel: logLevel.NOTHING,
        }).admin();
        await admin.connect();
        try {
          expect((await admin.describeCluster()).brokers.length).toBeGreaterThan(0);
        } finally {
          await admin.disconnect();
        }
      }
    });
  },
);
