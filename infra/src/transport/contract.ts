import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeCheckpoint } from '../event-store/checkpoint.ts';
import type { RecordedEvent } from '../event-store/types.ts';
import type { EventTransport, TransportBatch, TransportDelivery, TransportSubscriber } from './types.ts';

/**
 * What every EventTransport honours (issue 16), run against each adapter: Kafka now (tests/kafka/transport.int.spec.ts).
 * Every test has a topic of its own. Delivery is at least once, so a subscriber here counts each (partition, offset)
 * once, at its first delivery, unless the story is about redelivery.
 */
export interface TransportContractOptions {
  /** A reason to skip the suite (no broker here), shown in its title; null runs it. */
  readonly skipped?: string | null;
}

/** A transport on `topic` (created by ensureTopic with `partitions` partitions). Called again for a second process. */
export type TransportFactory = (topic: {
  readonly topic: string;
  readonly partitions: number;
}) => Promise<EventTransport>;

const WAIT = { timeout: 60_000, interval: 25 } as const;

let globalPosition = 0;

/** `count` events spread over `streams` streams, interleaved as the global order mixes them. */
export function sampleEvents(count: number, streams: readonly string[]): RecordedEvent[] {
  const versions = new Map<string, number>();
  return Array.from({ length: count }, (_, index) => {
    const streamId = streams[index % streams.length] ?? 'stream';
    const streamPosition = versions.get(streamId) ?? 0;
    versions.set(streamId, streamPosition + 1);
    globalPosition += 1;
    return {
      eventId: randomUUID(),
      type: 'ContractEventRecorded',
      schemaVersion: 2,
      data: { index, note: 'ğüşöçı İ' },
      metadata: { actor: 'system', correlationId: randomUUID() },
      streamId,
      streamPosition,
      position: makeCheckpoint(1000n, BigInt(globalPosition)),
      createdAt: new Date(Date.UTC(2026, 10, 24, 12, 0, 0, index)),
    };
  });
}

/**
 * A subscriber that keeps its own record of where it is in each partition (as a projection does in its database):
 * `resumeAt` answers from it, `handle` moves it. Hooks change one answer for a story.
 */
export class RecordingSubscriber implements TransportSubscriber {
  /** Every delivery, in the order handed, repeats included. */
  readonly handed: TransportDelivery[] = [];
  readonly batches: TransportBatch[] = [];
  /** partition → next offset: the subscriber's own record. */
  readonly record = new Map<number, string>();
  readonly asked: number[] = [];
  private readonly seen = new Set<string>();
  /** Each (partition, offset) once, at its first delivery. */
  readonly firsts: TransportDelivery[] = [];

  constructor(
    private readonly hooks: {
      readonly resumeAt?: (partition: number) => string | null | undefined;
      readonly handle?: (batch: TransportBatch) => void | { readonly seekTo: string } | undefined;
    } = {},
  ) {}

  resumeAt(partition: number): Promise<string | null> {
    this.asked.push(partition);
    let fromHook: string | null | undefined;
    try {
      fromHook = this.hooks.resumeAt?.(partition);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    if (fromHook !== undefined) return Promise.resolve(fromHook);
    return Promise.resolve(this.record.get(partition) ?? null);
  }

  handle(batch: TransportBatch): Promise<void | { readonly seekTo: string }> {
    this.batches.push(batch);
    let answer: void | { readonly seekTo: string } | undefined;
    try {
      answer = this.hooks.handle?.(batch);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    if (answer) return Promise.resolve(answer);
    for (const delivery of batch.deliveries) {
      this.handed.push(delivery);
      const key = `${delivery.partition}:${delivery.offset}`;
      if (!this.seen.has(key)) {
        this.seen.add(key);
        this.firsts.push(delivery);
      }
    }
    this.record.set(batch.partition, batch.nextOffset);
    return Promise.resolve();
  }

  eventIds(): string[] {
    return this.firsts.map((delivery) => delivery.event.eventId);
  }
}

function sum(offsets: ReadonlyMap<number, string>): number {
  return [...offsets.values()].reduce((total, offset) => total + Number(offset), 0);
}

function sortedIds(events: readonly RecordedEvent[]): string[] {
  return events.map((event) => event.eventId).sort();
}

export function describeEventTransportContract(
  name: string,
  factory: TransportFactory,
  options: TransportContractOptions = {},
): void {
  const skipped = options.skipped ?? null;
  describe.skipIf(skipped !== null)(
    `EventTransport contract: ${name}${skipped === null ? '' : ` (skipped: ${skipped})`}`,
    () => {
      const opened: EventTransport[] = [];

      async function transportOn(topic: string, partitions = 3): Promise<EventTransport> {
        const transport = await factory({ topic, partitions });
        opened.push(transport);
        await transport.ensureTopic();
        return transport;
      }

      const freshTopic = () => `kartvizit.contract.${randomUUID()}`;

      afterEach(async () => {
        await Promise.all(opened.splice(0).map((transport) => transport.close()));
      });

      it('given events published, when a group subscribes, then every event arrives as it was stored', async () => {
        const transport = await transportOn(freshTopic());
        const events = sampleEvents(30, ['card-1', 'card-2', 'account-7', 'profile-3']);
        await transport.publish(events);

        const subscriber = new RecordingSubscriber();
        const subscription = await transport.subscribe(`group-${randomUUID()}`, subscriber);
        await vi.waitFor(() => expect(subscriber.firsts).toHaveLength(events.length), WAIT);
        await subscription.stop();

        const received = new Map(subscriber.firsts.map((delivery) => [delivery.event.eventId, delivery.event]));
        for (const event of events) expect(received.get(event.eventId)).toEqual(event);
      });

      it('given a stream’s events published in several publishes, then they sit on one partition in stream order', async () => {
        const transport = await transportOn(freshTopic(), 4);
        const streams = ['card-a', 'card-b', 'card-c', 'card-d', 'card-e'];
        const events = sampleEvents(50, streams);
        for (let start = 0; start < events.length; start += 7) await transport.publish(events.slice(start, start + 7));

        const subscriber = new RecordingSubscriber();
        await transport.subscribe(`group-${randomUUID()}`, subscriber);
        await vi.waitFor(() => expect(subscriber.firsts).toHaveLength(events.length), WAIT);

        for (const streamId of streams) {
          const ofStream = subscriber.firsts.filter((delivery) => delivery.event.streamId === streamId);
          expect(new Set(ofStream.map((delivery) => delivery.partition)).size).toBe(1);
          const byOffset = [...ofStream].sort((a, b) => Number(BigInt(a.offset) - BigInt(b.offset)));
          expect(byOffset.map((delivery) => delivery.event.streamPosition)).toEqual(
            events.filter((event) => event.streamId === streamId).map((event) => event.streamPosition),
          );
          // Handed in that order too.
          expect(ofStream).toEqual(byOffset);
        }
      });

      it('given a publish that resolved, then the topic already holds it: the ends add up and a new group finds all', async () => {
        const topic = freshTopic();
        const transport = await transportOn(topic, 3);
        expect([...(await transport.endOffsets()).values()]).toEqual(['0', '0', '0']);
        const events = sampleEvents(40, ['s-1', 's-2', 's-3', 's-4', 's-5', 's-6']);

        const receipt = await transport.publish(events);

        // No waiting: what the publish answered is what the broker holds.
        const ends = await transport.endOffsets();
        expect(sum(ends)).toBe(events.length);
        for (const [partition, end] of receipt.ends) expect(ends.get(partition)).toBe(end);
        const more = sampleEvents(5, ['s-1']);
        const second = await transport.publish(more);
        expect(second.ends.size).toBe(1);
        const [partition, end] = [...second.ends][0] ?? [-1, ''];
        expect(end).toBe(String(Number(ends.get(partition)) + more.length));
        expect(await transport.endOffsets()).toEqual(new Map([...ends, [partition, end]]));

        const reader = await transportOn(topic, 3);
        const subscriber = new RecordingSubscriber();
        await reader.subscribe(`group-${randomUUID()}`, subscriber);
        await vi.waitFor(() => expect(subscriber.firsts).toHaveLength(events.length + more.length), WAIT);
      });

      it('given two groups, then each reads every event on its own, whatever the other does', async () => {
        const topic = freshTopic();
        const transport = await transportOn(topic);
        const events = sampleEvents(20, ['a', 'b', 'c']);
        await transport.publish(events);

        const first = new RecordingSubscriber();
        const second = new RecordingSubscriber();
        const firstSubscription = await transport.subscribe(`group-one-${randomUUID()}`, first);
        await vi.waitFor(() => expect(first.firsts).toHaveLength(events.length), WAIT);
        await firstSubscription.stop();

        // The first group is gone and read everything; the second still starts from its own beginning.
        const other = await transportOn(topic);
        await other.subscribe(`group-two-${randomUUID()}`, second);
        await vi.waitFor(() => expect(second.firsts).toHaveLength(events.length), WAIT);
        expect(second.eventIds().sort()).toEqual(sortedIds(events));
        expect(first.eventIds().sort()).toEqual(sortedIds(events));
      });

      it('given two instances of one group, then they share the partitions and together get every event; when one stops, the other takes its partitions and nothing is lost', async () => {
        const topic = freshTopic();
        const group = `group-${randomUUID()}`;
        const publisher = await transportOn(topic, 6);
        const one = new RecordingSubscriber();
        const two = new RecordingSubscriber();
        const first = await (await transportOn(topic, 6)).subscribe(group, one);
        await (await transportOn(topic, 6)).subscribe(group, two);

        // Publish a little at a time until both instances have been handed events: the group has split the topic.
        const published: RecordedEvent[] = [];
        const streams = Array.from({ length: 24 }, (_, index) => `shared-${index}`);
        await vi.waitFor(
          async () => {
            const events = sampleEvents(24, streams);
            await publisher.publish(events);
            published.push(...events);
            expect(one.firsts.length).toBeGreaterThan(0);
            expect(two.firsts.length).toBeGreaterThan(0);
          },
          { timeout: 60_000, interval: 200 },
        );
        await vi.waitFor(
          () => expect(new Set([...one.eventIds(), ...two.eventIds()]).size).toBe(published.length),
          WAIT,
        );

        // When the first instance leaves, then what is published next reaches the second, on every partition.
        await first.stop();
        const later = sampleEvents(48, streams);
        const receipt = await publisher.publish(later);
        const laterIds = new Set(later.map((event) => event.eventId));
        await vi.waitFor(() => expect(two.eventIds().filter((id) => laterIds.has(id)).length).toBe(later.length), WAIT);
        const partitionsOfLater = two.firsts
          .filter((delivery) => laterIds.has(delivery.event.eventId))
          .map((delivery) => delivery.partition);
        expect(new Set(partitionsOfLater)).toEqual(new Set(receipt.ends.keys()));
        // Among them, partitions the first instance had been reading.
        const hadByOne = new Set(one.firsts.map((delivery) => delivery.partition));
        expect(partitionsOfLater.some((partition) => hadByOne.has(partition))).toBe(true);
        expect(new Set([...one.eventIds(), ...two.eventIds()])).toEqual(
          new Set([...published, ...later].map((event) => event.eventId)),
        );
      });

      it('given a subscriber whose record says "from offset 4", then it is handed nothing before offset 4', async () => {
        const transport = await transportOn(freshTopic(), 1);
        const events = sampleEvents(10, ['only-stream']);
        await transport.publish(events);

        const subscriber = new RecordingSubscriber({ resumeAt: () => '4' });
        await transport.subscribe(`group-${randomUUID()}`, subscriber);
        await vi.waitFor(() => expect(subscriber.firsts).toHaveLength(6), WAIT);

        expect(subscriber.asked).toContain(0);
        expect(subscriber.handed.map((delivery) => delivery.offset)).toEqual(['4', '5', '6', '7', '8', '9']);
        expect(subscriber.handed.map((delivery) => delivery.event.eventId)).toEqual(
          events.slice(4).map((event) => event.eventId),
        );
      });

      it('given a subscriber answering { seekTo: 7 } to its first batch, then the partition is handed again from 7', async () => {
        const transport = await transportOn(freshTopic(), 1);
        const events = sampleEvents(10, ['only-stream']);
        await transport.publish(events);

        let answered = false;
        const subscriber = new RecordingSubscriber({
          handle: () => {
            if (answered) return undefined;
            answered = true;
            return { seekTo: '7' };
          },
        });
        await transport.subscribe(`group-${randomUUID()}`, subscriber);
        await vi.waitFor(() => expect(subscriber.firsts).toHaveLength(3), WAIT);

        expect(subscriber.batches[0]?.deliveries[0]?.offset).toBe('0');
        expect(subscriber.handed.map((delivery) => delivery.offset)).toEqual(['7', '8', '9']);
      });

      it('given a subscriber that throws on a batch, then the same events are handed again and then the rest', async () => {
        const transport = await transportOn(freshTopic(), 1);
        const events = sampleEvents(8, ['only-stream']);
        await transport.publish(events);

        let failures = 0;
        const subscriber = new RecordingSubscriber({
          handle: () => {
            if (failures >= 2) return undefined;
            failures += 1;
            throw new Error('the read model is away');
          },
        });
        await transport.subscribe(`group-${randomUUID()}`, subscriber);
        await vi.waitFor(() => expect(subscriber.firsts).toHaveLength(events.length), WAIT);

        const [firstTry, secondTry, handled] = subscriber.batches;
        expect(firstTry?.deliveries.map((delivery) => delivery.offset)).toEqual(
          secondTry?.deliveries.map((delivery) => delivery.offset),
        );
        expect(handled?.deliveries[0]?.offset).toBe(firstTry?.deliveries[0]?.offset);
        expect(subscriber.eventIds()).toEqual(events.map((event) => event.eventId));
      });

      it('given a subscriber whose record cannot be read at first, then it is asked again and handed everything from there', async () => {
        const transport = await transportOn(freshTopic(), 1);
        const events = sampleEvents(5, ['only-stream']);
        await transport.publish(events);

        let unreadable = 1;
        const subscriber = new RecordingSubscriber({
          resumeAt: () => {
            if (unreadable-- > 0) throw new Error('the database is away');
            return '2';
          },
        });
        await transport.subscribe(`group-${randomUUID()}`, subscriber);
        await vi.waitFor(() => expect(subscriber.firsts).toHaveLength(3), WAIT);

        expect(subscriber.asked.slice(0, 2)).toEqual([0, 0]);
        expect(subscriber.handed.map((delivery) => delivery.offset)).toEqual(['2', '3', '4']);
      });

      it('given a batch handed, then its next offset is where the partition continues', async () => {
        const transport = await transportOn(freshTopic(), 2);
        const events = sampleEvents(12, ['x', 'y', 'z']);
        const receipt = await transport.publish(events);

        const subscriber = new RecordingSubscriber();
        await transport.subscribe(`group-${randomUUID()}`, subscriber);
        await vi.waitFor(() => expect(subscriber.firsts).toHaveLength(events.length), WAIT);

        for (const batch of subscriber.batches) {
          expect(batch.deliveries.length).toBeGreaterThan(0);
          const last = batch.deliveries[batch.deliveries.length - 1];
          expect(BigInt(batch.nextOffset)).toBeGreaterThan(BigInt(last?.offset ?? '-1'));
        }
        // Having read everything, its record equals where the publish said each partition ends.
        for (const [partition, end] of receipt.ends) expect(subscriber.record.get(partition)).toBe(end);
      });
    },
  );
}
