import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimStreamId } from './claims.ts';
import { compareCheckpoints } from './checkpoint.ts';
import { untilReadable } from './horizon.ts';
import {
  ConcurrencyError,
  DuplicateEventError,
  type AppendRequest,
  type Checkpoint,
  type EventStore,
  type NewEvent,
} from './types.ts';

/** A fresh, empty store for one run of the contract, and how to get rid of it. */
export interface EventStoreUnderTest {
  readonly store: EventStore;
  cleanup(): Promise<void>;
}

export interface EventStoreContractHooks {
  /** The adapter calls it after every append that wrote events (createEventStore's onAppended). */
  readonly onAppended: () => void;
}

const CLAIM_SECRET = 'test-claim-secret';

function event(type: string, data: Record<string, unknown> = {}): NewEvent {
  return { eventId: randomUUID(), type, schemaVersion: 1, data };
}

function streamId(kind: string): string {
  return `${kind}-${randomUUID()}`;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

/**
 * What every EventStore adapter promises (types.ts), run against each: PostgreSQL always (postgres.int.spec.ts),
 * KurrentDB where a server is reachable (kurrentdb.int.spec.ts). Assertions about one adapter's storage (rows in
 * `events`, transactions held open) live in that adapter's own suite. Streams are named per test, so the tests share
 * one store and may run in any order.
 */
export function describeEventStoreContract(
  name: string,
  factory: (hooks: EventStoreContractHooks) => Promise<EventStoreUnderTest>,
): void {
  describe(`${name}: the event store contract`, () => {
    let underTest: EventStoreUnderTest | undefined;
    let appendedSignals = 0;
    const store = (): EventStore => {
      if (!underTest) throw new Error('the store was not created');
      return underTest.store;
    };
    const eventsIn = async (...streamIds: string[]): Promise<number> => {
      const reads = await Promise.all(streamIds.map((id) => store().readStream(id)));
      return reads.reduce((sum, read) => sum + read.events.length, 0);
    };

    beforeAll(async () => {
      underTest = await factory({ onAppended: () => (appendedSignals += 1) });
    });

    afterAll(async () => {
      await underTest?.store.close();
      await underTest?.cleanup();
    });

    describe('expected versions', () => {
      it('given a stream at version 1, when a writer appends expecting version 0, then ConcurrencyError and nothing is written', async () => {
        const card = streamId('card');
        await store().append([
          { streamId: card, expected: 'no_stream', events: [event('CardCreated'), event('CardActivated')] },
        ]);

        const error = await rejection(
          store().append([{ streamId: card, expected: 0, events: [event('CardRenamed')] }]),
        );

        expect(error).toBeInstanceOf(ConcurrencyError);
        expect(error).toMatchObject({ streamId: card, expected: 0, actual: 1 });
        const read = await store().readStream(card);
        expect(read.version).toBe(1);
        expect(read.events).toHaveLength(2);
      });

      it('given an existing stream, when a writer appends expecting no_stream, then ConcurrencyError with the actual version', async () => {
        const card = streamId('card');
        await store().append([{ streamId: card, expected: 'no_stream', events: [event('CardCreated')] }]);

        const error = await rejection(
          store().append([{ streamId: card, expected: 'no_stream', events: [event('CardCreated')] }]),
        );

        expect(error).toMatchObject({ name: 'ConcurrencyError', streamId: card, expected: 'no_stream', actual: 0 });
        expect(await eventsIn(card)).toBe(1);
      });

      it('given a stream at version 0, when a writer appends expecting exactly 0, then the events get positions 1 and 2', async () => {
        const card = streamId('card');
        const created = await store().append([{ streamId: card, expected: -1, events: [event('CardCreated')] }]);

        const result = await store().append([
          { streamId: card, expected: 0, events: [event('CardRenamed', { name: 'Satış' }), event('CardActivated')] },
        ]);

        expect(result.streams).toEqual([{ streamId: card, version: 2 }]);
        expect(compareCheckpoints(result.position, created.position)).toBeGreaterThan(0);
        const read = await store().readStream(card);
        expect(read.version).toBe(2);
        expect(read.events.map((e) => [e.streamPosition, e.type])).toEqual([
          [0, 'CardCreated'],
          [1, 'CardRenamed'],
          [2, 'CardActivated'],
        ]);
        expect(read.events[1]?.data).toEqual({ name: 'Satış' });
        expect(read.events.at(-1)?.position).toBe(result.position);
      });

      it('given no stream, when a writer expects stream_exists, then ConcurrencyError with actual -1; "any" appends regardless', async () => {
        const shard = streamId('visits');

        const error = await rejection(
          store().append([{ streamId: shard, expected: 'stream_exists', events: [event('CardVisited')] }]),
        );
        expect(error).toMatchObject({ name: 'ConcurrencyError', actual: -1 });

        await store().append([{ streamId: shard, expected: 'any', events: [event('CardVisited')] }]);
        await store().append([{ streamId: shard, expected: 'any', events: [event('CardVisited')] }]);
        await store().append([{ streamId: shard, expected: 'stream_exists', events: [event('CardVisited')] }]);
        expect((await store().readStream(shard)).version).toBe(2);
      });

      it('given ten writers that read version 0, when they append at once, then exactly one succeeds', async () => {
        const card = streamId('card');
        await store().append([{ streamId: card, expected: 'no_stream', events: [event('CardCreated')] }]);

        const outcomes = await Promise.allSettled(
          Array.from({ length: 10 }, () =>
            store().append([{ streamId: card, expected: 0, events: [event('CardRenamed')] }]),
          ),
        );

        expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
        for (const outcome of outcomes) {
          if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(ConcurrencyError);
        }
        expect(await eventsIn(card)).toBe(2);
      });

      it('given malformed requests, when appended, then they are refused before anything is written', async () => {
        const card = streamId('card');
        const cases: AppendRequest[][] = [
          [],
          [{ streamId: card, expected: 'any', events: [] }],
          [{ streamId: card, expected: -2, events: [event('A')] }],
          [{ streamId: card, expected: 'any', events: [{ ...event('A'), eventId: 'not-a-uuid' }] }],
        ];
        for (const requests of cases) await expect(store().append(requests)).rejects.toBeInstanceOf(TypeError);
        expect(await store().readStream(card)).toEqual({ version: -1, events: [] });
      });
    });

    describe('atomic appends over several streams', () => {
      it('given a taken claim, when an account and its claim are appended together, then the claim fails and the account stream is not written', async () => {
        const claim = streamId('claim-email');
        const account = streamId('account');
        const other = streamId('account');
        await store().append([
          { streamId: other, expected: 'no_stream', events: [event('AccountRegistered')] },
          { streamId: claim, expected: 'no_stream', events: [event('EmailClaimed')] },
        ]);

        const error = await rejection(
          store().append([
            { streamId: account, expected: 'no_stream', events: [event('AccountRegistered'), event('ProfileCreated')] },
            { streamId: claim, expected: 'no_stream', events: [event('EmailClaimed')] },
          ]),
        );

        expect(error).toMatchObject({ name: 'ConcurrencyError', streamId: claim });
        expect(await store().readStream(account)).toEqual({ version: -1, events: [] });
      });

      it('given two requests, when they succeed, then the result lists each stream version in request order and the position of the last event', async () => {
        const account = streamId('account');
        const claim = streamId('claim-email');

        const result = await store().append([
          { streamId: account, expected: 'no_stream', events: [event('AccountRegistered'), event('ProfileCreated')] },
          { streamId: claim, expected: 'no_stream', events: [event('EmailClaimed')] },
        ]);

        expect(result.streams).toEqual([
          { streamId: account, version: 1 },
          { streamId: claim, version: 0 },
        ]);
        const [accountEvents, claimEvents] = await Promise.all([
          store().readStream(account),
          store().readStream(claim),
        ]);
        expect(claimEvents.events[0]?.position).toBe(result.position);
        for (const e of accountEvents.events) expect(compareCheckpoints(e.position, result.position)).toBeLessThan(0);
      });

      it('given an account registered with an e-mail, when another registers it in other letter case, then ConcurrencyError on the claim and no second account', async () => {
        const first = registration('Ayşe.Yılmaz@Example.COM');
        await store().append(first.requests);

        const second = registration('ayşe.yılmaz@EXAMPLE.com');
        const attempt = store().append(second.requests);

        await expect(attempt).rejects.toBeInstanceOf(ConcurrencyError);
        await expect(attempt).rejects.toMatchObject({
          streamId: second.requests[1]?.streamId,
          expected: 'no_stream',
          actual: 0,
        });
        expect((await store().readStream(second.account)).version).toBe(-1);
      });

      it('given twenty registrations of one e-mail at the same moment, when they race, then exactly one wins', async () => {
        const email = `yarış-${randomUUID()}@example.com`;
        const attempts = Array.from({ length: 20 }, () => registration(email.toUpperCase()));

        const outcomes = await Promise.allSettled(attempts.map((attempt) => store().append(attempt.requests)));

        const winners = outcomes.flatMap((outcome, i) => (outcome.status === 'fulfilled' ? [attempts[i]] : []));
        expect(winners).toHaveLength(1);
        for (const outcome of outcomes) {
          if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(ConcurrencyError);
        }
        const claim = await store().readStream(claimStreamId('email', email.toUpperCase().toLowerCase(), CLAIM_SECRET));
        expect(claim.events).toHaveLength(1);
        expect(claim.events[0]?.data).toEqual({ account: winners[0]?.account });
        expect(await eventsIn(...attempts.map((attempt) => attempt.account))).toBe(1);
      });
    });

    describe('a retried command is a no-op', () => {
      it('given a committed append, when the same events are appended again, then it succeeds, writes nothing and reports the first positions', async () => {
        const account = streamId('account');
        const claim = streamId('claim-email');
        const command: AppendRequest[] = [
          {
            streamId: account,
            expected: 'no_stream',
            events: [event('AccountRegistered', { ownerId: 'o-1' }), event('ProfileCreated')],
          },
          { streamId: claim, expected: 'no_stream', events: [event('EmailClaimed')] },
        ];
        const first = await store().append(command);
        const signalsBefore = appendedSignals;

        const retried = await store().append(command);

        expect(retried).toEqual(first);
        expect(await eventsIn(account, claim)).toBe(3);
        expect(appendedSignals).toBe(signalsBefore);
      });

      it('given a retried command whose stream has moved on since, when re-appended with its old expected version, then it still succeeds', async () => {
        const card = streamId('card');
        await store().append([{ streamId: card, expected: 'no_stream', events: [event('CardCreated')] }]);
        const rename: AppendRequest[] = [
          { streamId: card, expected: 0, events: [event('CardRenamed', { name: 'A' })] },
        ];
        const first = await store().append(rename);
        await store().append([{ streamId: card, expected: 1, events: [event('CardActivated')] }]);

        const retried = await store().append(rename);

        expect(retried).toEqual(first);
        expect((await store().readStream(card)).version).toBe(2);
      });

      it('given one command sent five times at once, when they race, then all succeed and its events are stored once', async () => {
        const card = streamId('card');
        const command: AppendRequest[] = [
          { streamId: card, expected: 'no_stream', events: [event('CardCreated'), event('CardActivated')] },
        ];

        const results = await Promise.all(Array.from({ length: 5 }, () => store().append(command)));

        expect(new Set(results.map((result) => result.position)).size).toBe(1);
        expect((await store().readStream(card)).events).toHaveLength(2);
      });

      it('given a telemetry batch partly stored, when re-sent with new events unconditionally, then only the new events are written', async () => {
        const shard = streamId('visits');
        const earlier = [event('CardVisited', { n: 1 }), event('CardVisited', { n: 2 })];
        await store().append([{ streamId: shard, expected: 'any', events: earlier }]);

        const result = await store().append([
          { streamId: shard, expected: 'any', events: [...earlier, event('CardVisited', { n: 3 })] },
        ]);

        expect(result.streams).toEqual([{ streamId: shard, version: 2 }]);
        expect((await store().readStream(shard)).events.map((e) => e.data.n)).toEqual([1, 2, 3]);
      });
    });

    describe('an event id re-used for something else', () => {
      it('given a stored event, when its id comes back with other data, then DuplicateEventError and nothing is written', async () => {
        const card = streamId('card');
        const original = event('CardRenamed', { name: 'Kartım' });
        await store().append([{ streamId: card, expected: 'any', events: [original] }]);

        const error = store().append([
          { streamId: card, expected: 'any', events: [{ ...original, data: { name: 'Başka' } }] },
        ]);

        await expect(error).rejects.toBeInstanceOf(DuplicateEventError);
        await expect(error).rejects.toMatchObject({ eventId: original.eventId });
        expect(await eventsIn(card)).toBe(1);
      });

      it('given a stored event, when its id comes back with the same data in another key order, then it is the same event', async () => {
        const card = streamId('card');
        const original = event('CardRenamed', { name: 'Kartım', slug: 'kartim' });
        const first = await store().append([{ streamId: card, expected: 'any', events: [original] }]);

        const retried = await store().append([
          { streamId: card, expected: 'any', events: [{ ...original, data: { slug: 'kartim', name: 'Kartım' } }] },
        ]);

        expect(retried).toEqual(first);
        expect(await eventsIn(card)).toBe(1);
      });

      it('given a stored event, when its id comes back in another stream or with another type, then DuplicateEventError', async () => {
        const original = event('CardRenamed', { name: 'X' });
        await store().append([{ streamId: streamId('card'), expected: 'any', events: [original] }]);

        await expect(
          store().append([{ streamId: streamId('card'), expected: 'any', events: [original] }]),
        ).rejects.toBeInstanceOf(DuplicateEventError);
        await expect(
          store().append([
            { streamId: streamId('card'), expected: 'any', events: [{ ...original, type: 'CardDeleted' }] },
          ]),
        ).rejects.toBeInstanceOf(DuplicateEventError);
      });

      it('given a request half of which is stored, when it expects a version, then DuplicateEventError rather than a partial write', async () => {
        const card = streamId('card');
        const stored = event('CardCreated');
        await store().append([{ streamId: card, expected: 'no_stream', events: [stored] }]);

        await expect(
          store().append([{ streamId: card, expected: 0, events: [stored, event('CardActivated')] }]),
        ).rejects.toBeInstanceOf(DuplicateEventError);
        expect((await store().readStream(card)).version).toBe(0);
      });

      it('given one id twice in a single append, when appended, then DuplicateEventError', async () => {
        const twice = event('CardCreated');
        await expect(
          store().append([{ streamId: streamId('card'), expected: 'any', events: [twice, twice] }]),
        ).rejects.toBeInstanceOf(DuplicateEventError);
      });

      it('given the same id sent to two different streams at once, when they race, then one is stored and the others get DuplicateEventError', async () => {
        const shared = event('CardCreated');

        const outcomes = await Promise.allSettled(
          Array.from({ length: 6 }, () =>
            store().append([{ streamId: streamId('card'), expected: 'no_stream', events: [shared] }]),
          ),
        );

        expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
        for (const outcome of outcomes) {
          if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(DuplicateEventError);
        }
      });
    });

    describe('reading', () => {
      it('given appended events, when read from a position, then only later events come back with the current version', async () => {
        const card = streamId('card');
        await store().append([{ streamId: card, expected: 'no_stream', events: [event('A'), event('B'), event('C')] }]);

        const read = await store().readStream(card, { fromPosition: 1 });

        expect(read.version).toBe(2);
        expect(read.events.map((e) => e.type)).toEqual(['B', 'C']);
        expect(await store().readStream(card, { fromPosition: 5 })).toEqual({ version: 2, events: [] });
      });

      it('given metadata or none, when read back, then metadata and schema version are what was written, or {}', async () => {
        const card = streamId('card');
        const withMetadata: NewEvent = {
          ...event('A'),
          schemaVersion: 3,
          metadata: { correlationId: 'c-1', actor: 'system' },
        };
        await store().append([{ streamId: card, expected: 'no_stream', events: [withMetadata, event('B')] }]);

        const read = await store().readStream(card);

        expect(read.events.map((e) => e.metadata)).toEqual([{ correlationId: 'c-1', actor: 'system' }, {}]);
        expect(read.events.map((e) => e.schemaVersion)).toEqual([3, 1]);
        expect(read.events.map((e) => e.eventId)).toEqual([withMetadata.eventId, read.events[1]?.eventId]);
        expect(read.events[0]?.createdAt).toBeInstanceOf(Date);
      });

      it('given events in the store, when read in pages from the start, then every event arrives once, in order, and the head matches', async () => {
        const mark = streamId('page');
        let last: Checkpoint | null = null;
        for (let i = 0; i < 7; i += 1) {
          const written = await store().append([
            { streamId: `${mark}-${i % 3}`, expected: 'any', events: [event('Paged', { i })] },
          ]);
          last = written.position;
        }
        // Other writers on the same server may hold the readers' horizon back for a moment.
        if (last) await untilReadable(store(), last);

        const seen: number[] = [];
        let checkpoint: Checkpoint | null = null;
        let previous: Checkpoint | null = null;
        for (;;) {
          const page = await store().readAll(checkpoint, 3);
          if (page.events.length === 0) {
            expect(page.checkpoint).toBe(checkpoint);
            break;
          }
          expect(page.scanned).toBe(page.events.length);
          for (const e of page.events) {
            expect(compareCheckpoints(previous, e.position)).toBeLessThan(0);
            expect(e.type.startsWith('$')).toBe(false);
            previous = e.position;
            if (e.streamId.startsWith(mark)) seen.push(Number(e.data.i));
          }
          checkpoint = page.checkpoint;
        }

        expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6]);
        expect(await store().headCheckpoint()).toBe(checkpoint);
      });

      it('given events of many types, when read for some types in small windows, then only those arrive, in order, and the checkpoint passes the rest', async () => {
        // Given: 3 wanted events among 9 (types unique to this test, so other tests' events are skipped too).
        const mark = streamId('typed');
        const wanted = `Wanted-${mark}`;
        const also = `AlsoWanted-${mark}`;
        const before = await store().headCheckpoint();
        const types = ['Other', wanted, 'Other', 'Other', also, 'Other', 'Other', 'Other', wanted];
        let last: Checkpoint | null = null;
        for (const [i, type] of types.entries()) {
          last = (await store().append([{ streamId: mark, expected: 'any', events: [event(type, { i })] }])).position;
        }
        if (last) await untilReadable(store(), last);

        // When: read in windows of 2 events looked at.
        const seen: number[] = [];
        const windows: number[] = [];
        let checkpoint = before;
        for (;;) {
          const page = await store().readAll(checkpoint, 2, { types: [wanted, also] });
          if (page.scanned === 0) {
            expect(page.events).toEqual([]);
            expect(page.checkpoint).toBe(checkpoint);
            break;
          }
          windows.push(page.scanned);
          expect(page.events.length).toBeLessThanOrEqual(page.scanned);
          seen.push(...page.events.map((e) => Number(e.data.i)));
          expect(compareCheckpoints(checkpoint, page.checkpoint)).toBeLessThan(0);
          checkpoint = page.checkpoint;
        }

        // Then: the wanted ones in order, every window but the last full, and the reader ends at the head.
        expect(seen).toEqual([1, 4, 8]);
        expect(windows.slice(0, -1).every((size) => size === 2)).toBe(true);
        expect(checkpoint).toBe(await store().headCheckpoint());
      });

      it('given a large telemetry batch, when appended at once, then all events are stored in order with consecutive positions', async () => {
        const shard = streamId('visits');
        const batch = Array.from({ length: 5_000 }, (_, i) => event('CardVisited', { i, cardId: 'ABC123' }));
        const before = await store().headCheckpoint();

        const result = await store().append([{ streamId: shard, expected: 'any', events: batch }]);

        expect(result.streams).toEqual([{ streamId: shard, version: 4_999 }]);
        const read = await store().readStream(shard);
        expect(read.events.map((e) => e.data.i)).toEqual(batch.map((_, i) => i));
        await untilReadable(store(), result.position);
        const all = await store().readAll(before, 10_000);
        expect(all.events.filter((e) => e.streamId === shard).map((e) => e.streamPosition)).toEqual(
          batch.map((_, i) => i),
        );
        expect(all.checkpoint).toBe(result.position);
      });

      it('given a checkpoint that is not this kind of store’s, when read from, then TypeError', async () => {
        await expect(store().readAll('not-a-checkpoint' as Checkpoint, 10)).rejects.toBeInstanceOf(TypeError);
        await expect(store().readAll(null, 0)).rejects.toBeInstanceOf(TypeError);
      });
    });

    describe('signalling appends', () => {
      it('given the onAppended hook, when an append commits or fails, then it is called only for the commit', async () => {
        const card = streamId('card');
        const before = appendedSignals;

        await store().append([{ streamId: card, expected: 'no_stream', events: [event('CardCreated')] }]);
        await rejection(store().append([{ streamId: card, expected: 'no_stream', events: [event('CardCreated')] }]));

        expect(appendedSignals - before).toBe(1);
      });
    });
  });
}

/** What a register-account route appends: the account and the claim on its e-mail, together. */
function registration(email: string): { account: string; requests: AppendRequest[] } {
  const account = streamId('account');
  const claim = claimStreamId('email', email.trim().toLowerCase(), CLAIM_SECRET);
  return {
    account,
    requests: [
      { streamId: account, expected: 'no_stream', events: [event('AccountRegistered')] },
      { streamId: claim, expected: 'no_stream', events: [event('EmailClaimed', { account })] },
    ],
  };
}
