import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { Kafka, logLevel } from 'kafkajs';
import {
  RecordingSubscriber,
  describeEventTransportContract,
  sampleEvents,
} from '../../infra/src/transport/contract.ts';
import { createEventTransport } from '../../infra/src/transport/create.ts';
import type { EventTransport } from '../../infra/src/transport/types.ts';
import { kafkaForTests } from '../support/kafka.ts';
import { expectAsStored, headerTexts, rawMessages } from './raw.ts';

/** The EventTransport contract against the real Kafka broker (one per file; a fresh topic per test), and what only Kafka has. */
const { kafka, skipped } = await kafkaForTests();
afterAll(() => kafka?.stop());

const brokers = kafka?.brokers ?? [];
const warnings: string[] = [];

function transportOn(topic: string, partitions: number): EventTransport {
  return createEventTransport(
    { brokers, topic, partitions, transport: 'kafka' },
    (message) => {
      warnings.push(message);
      console.warn(`[kafka transport] ${message}`);
    },
    // Quick heartbeats: an instance notices a group's rebalance within half a second instead of three.
    { role: 'transport-contract', heartbeatIntervalMs: 500, sessionTimeoutMs: 10_000, maxWaitTimeMs: 500 },
  );
}

describeEventTransportContract('Kafka', ({ topic, partitions }) => Promise.resolve(transportOn(topic, partitions)), {
  skipped,
});

describe.skipIf(kafka === null)(
  `Kafka transport, on the wire${skipped === null ? '' : ` (skipped: ${skipped})`}`,
  () => {
    it('given events published, then each message is keyed by its stream, carries its identity in headers and the event as stored in its value', async () => {
      const topic = `kartvizit.wire.${randomUUID()}`;
      const transport = transportOn(topic, 3);
      try {
        await transport.ensureTopic();
        const events = sampleEvents(12, ['card-1', 'lead-9', 'profile-2']);
        await transport.publish(events);

        const messages = await rawMessages(brokers, topic, events.length);
        for (const event of events) {
          const message = messages.find((each) => headerTexts(each.headers)['event-id'] === event.eventId);
          expectAsStored(message, event);
        }
      } finally {
        await transport.close();
      }
    });

    it('given a publish bigger than the broker takes in one request (about 3 MB), then it goes in several and every event lands once, each partition’s end right', async () => {
      const topic = `kartvizit.big.${randomUUID()}`;
      const transport = transportOn(topic, 2);
      try {
        await transport.ensureTopic();
        const filler = 'x'.repeat(1_000);
        const events = sampleEvents(3_000, ['big-1', 'big-2', 'big-3', 'big-4']).map((event) => ({
          ...event,
          data: { ...event.data, filler },
        }));

        const receipt = await transport.publish(events);

        const ends = await transport.endOffsets();
        expect([...ends.values()].reduce((total, end) => total + Number(end), 0)).toBe(events.length);
        expect(receipt.ends).toEqual(ends);
      } finally {
        await transport.close();
      }
    });

    it('given several processes making sure of the topic at once, then all succeed, the topic has its partitions, and no error is logged', async () => {
      const topic = `kartvizit.race.${randomUUID()}`;
      const transports = [transportOn(topic, 4), transportOn(topic, 4), transportOn(topic, 4)];
      const before = warnings.length;
      try {
        await Promise.all(transports.map((transport) => transport.ensureTopic()));
        expect([...(await transports[0]!.endOffsets()).keys()].sort()).toEqual([0, 1, 2, 3]);
        expect(warnings.slice(before)).toEqual([]);
      } finally {
        await Promise.all(transports.map((transport) => transport.close()));
      }
    });

    it('given a publish the broker refuses (an event over its 1 MB limit), then it fails, nothing of it is on the topic, and the next publish through the same transport goes through', async () => {
      const topic = `kartvizit.refused.${randomUUID()}`;
      const transport = transportOn(topic, 1);
      try {
        await transport.ensureTopic();
        const [huge] = sampleEvents(1, ['s']).map((event) => ({ ...event, data: { filler: 'x'.repeat(1_200_000) } }));
        if (!huge) throw new Error('no event');

        await expect(transport.publish([huge])).rejects.toThrow();
        expect(await transport.endOffsets()).toEqual(new Map([[0, '0']]));

        const receipt = await transport.publish(sampleEvents(3, ['s']));
        expect(receipt.ends).toEqual(new Map([[0, '3']]));
      } finally {
        await transport.close();
      }
    });

    it('given a message on the topic that is not an event, then the consumer logs it, skips it and goes on', async () => {
      const topic = `kartvizit.stranger.${randomUUID()}`;
      const transport = transportOn(topic, 1);
      const client = new Kafka({ clientId: 'kartvizit-stranger', brokers, logLevel: logLevel.NOTHING });
      const producer = client.producer();
      try {
        await transport.ensureTopic();
        const [before, after] = [sampleEvents(2, ['s']), sampleEvents(2, ['s'])];
        await transport.publish(before);
        await producer.connect();
        await producer.send({ topic, messages: [{ key: 's', value: 'not json', headers: { position: '1:1' } }] });
        await producer.send({ topic, messages: [{ key: 's', value: '{"eventId":"x"}' }] });
        await transport.publish(after);

        const subscriber = new RecordingSubscriber();
        await transport.subscribe(`group-${randomUUID()}`, subscriber);
        await vi.waitFor(() => expect(subscriber.firsts).toHaveLength(4), { timeout: 60_000, interval: 25 });

        expect(subscriber.eventIds()).toEqual([...before, ...after].map((event) => event.eventId));
        expect(subscriber.firsts.map((delivery) => delivery.offset)).toEqual(['0', '1', '4', '5']);
        expect(warnings.some((warning) => warning.includes('offset 2: value is not JSON'))).toBe(true);
        expect(warnings.some((warning) => warning.includes('offset 3: no valid position header'))).toBe(true);
      } finally {
        await producer.disconnect();
        await transport.close();
      }
    });

    it('given no broker at the address, when publishing, then the publish fails in plain words instead of waiting forever', async () => {
      const transport = createEventTransport(
        { brokers: ['127.0.0.1:9'], topic: `kartvizit.nowhere.${randomUUID()}`, partitions: 1, transport: 'kafka' },
        () => undefined,
        { role: 'transport-contract', retry: { retries: 1, initialRetryTime: 50, maxRetryTime: 100 } },
      );
      try {
        await expect(transport.publish(sampleEvents(1, ['s']))).rejects.toThrow(/connect/i);
      } finally {
        await transport.close();
      }
    });
  },
);
