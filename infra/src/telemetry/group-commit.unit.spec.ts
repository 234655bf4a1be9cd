import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppendRequest, AppendResult, Checkpoint, EventStore, NewEvent } from '../event-store/types.ts';
import { GroupCommitAppender, NotStoredError } from './group-commit.ts';

/**
 * The group commit driven by hand: every append the appender starts waits until the test commits or fails it, so
 * what is written when, and when each enqueue settles, follows from the steps alone, never from time.
 */
interface PendingAppend {
  readonly requests: readonly AppendRequest[];
  commit(): void;
  fail(error: Error): void;
}

class ControllableStore implements EventStore {
  readonly appends: PendingAppend[] = [];

  append(requests: readonly AppendRequest[]): Promise<AppendResult> {
    return new Promise((resolve, reject) => {
      this.appends.push({
        requests: [...requests],
        commit: () => resolve({ streams: [], position: '1:1' as Checkpoint }),
        fail: reject,
      });
    });
  }
  readStream(): never {
    throw new Error('not used');
  }
  readAll(): never {
    throw new Error('not used');
  }
  async headCheckpoint(): Promise<null> {
    return null;
  }
  async heldBack(): Promise<boolean> {
    return false;
  }
  async close(): Promise<void> {}

  /** The append started last. */
  last(): PendingAppend {
    const append = this.appends.at(-1);
    if (!append) throw new Error('no append was started');
    return append;
  }
}

/** Event ids of one append, in order. */
const idsOf = (append: PendingAppend) =>
  append.requests.flatMap((request) => request.events.map((event) => event.eventId));

function event(): NewEvent {
  return { eventId: randomUUID(), type: 'CardVisited', schemaVersion: 1, data: { n: 1 } };
}

/** Lets the appender run what it scheduled for the end of this turn of the event loop. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A promise's state, without waiting for it. */
function watch(promise: Promise<void>): { readonly state: 'waiting' | 'stored' | NotStoredError } {
  const watched: { state: 'waiting' | 'stored' | NotStoredError } = { state: 'waiting' };
  promise.then(
    () => (watched.state = 'stored'),
    (error: unknown) => (watched.state = error instanceof NotStoredError ? error : new NotStoredError('refused')),
  );
  return watched;
}

const connectionLost = () => Object.assign(new Error('connection terminated'), { code: 'ECONNRESET' });

afterEach(() => {
  vi.useRealTimers();
});

describe('GroupCommitAppender: when a batch is written', () => {
  it('given a quiet appender, when one event arrives, then it is written at once, and settles only once committed', async () => {
    const store = new ControllableStore();
    const appender = new GroupCommitAppender({ store });

    const sent = event();
    const hit = watch(appender.enqueue('telemetry-1', sent));
    await nextTurn();

    expect(store.appends).toHaveLength(1);
    expect(idsOf(store.last())).toEqual([sent.eventId]);
    expect(hit.state).toBe('waiting');

    store.last().commit();
    await nextTurn();
    expect(hit.state).toBe('stored');
  });

  it('given events arriving in one turn, then they are one append over several streams, each with expected version any', async () => {
    const store = new ControllableStore();
    const appender = new GroupCommitAppender({ store });

    void appender.enqueue('telemetry-1', event());
    void appender.enqueue('telemetry-2', event());
    void appender.enqueue('telemetry-1', event());
    await nextTurn();

    expect(store.appends).toHaveLength(1);
    expect(store.last().requests.map((request) => [request.streamId, request.expected, request.events.length])).toEqual(
      [
        ['telemetry-1', 'any', 2],
        ['telemetry-2', 'any', 1],
      ],
    );
    store.last().commit();
  });

  it('given a batch being written, when more events arrive, then they wait for it and are written together as soon as it has committed', async () => {
    const store = new ControllableStore();
    const appender = new GroupCommitAppender({ store });
    const first = watch(appender.enqueue('telemetry-1', event()));
    await nextTurn();

    const later = [event(), event(), event()];
    const waiting = later.map((sent, index) => watch(appender.enqueue(`telemetry-${index}`, sent)));
    await nextTurn();
    await nextTurn();
    expect(store.appends).toHaveLength(1);

    store.appends[0]?.commit();
    await nextTurn();
    await nextTurn();
    expect(first.state).toBe('stored');
    expect(store.appends).toHaveLength(2);
    expect(idsOf(store.last()).sort()).toEqual(later.map((sent) => sent.eventId).sort());
    expect(waiting.map((hit) => hit.state)).toEqual(['waiting', 'waiting', 'waiting']);

    store.last().commit();
    await nextTurn();
    expect(waiting.map((hit) => hit.state)).toEqual(['stored', 'stored', 'stored']);
  });

  it('given more waiting than one batch holds, then they are written in batches of at most that size, one after another', async () => {
    const store = new ControllableStore();
    const appender = new GroupCommitAppender({ store, maxBatchEvents: 10 });
    void appender.enqueue('telemetry-0', event());
    await nextTurn();
    for (let index = 0; index < 25; index++) void appender.enqueue('telemetry-0', event());

    const sizes: number[] = [];
    for (let round = 0; round < 4; round++) {
      const append = store.last();
      sizes.push(idsOf(append).length);
      append.commit();
      await nextTurn();
      await nextTurn();
    }
    expect(sizes).toEqual([1, 10, 10, 5]);
    expect(store.appends).toHaveLength(4);
    expect(appender.stats()).toMatchObject({ appended: 26, appendCalls: 4, waiting: 0 });
  });
});

describe('GroupCommitAppender: when the store fails', () => {
  it('given a failed append, then its events stay unanswered and are written again, with the same ids, in order', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const store = new ControllableStore();
    const lines: string[] = [];
    const appender = new GroupCommitAppender({ store, retryDelayMs: 100, log: (line) => lines.push(line) });
    const sent = [event(), event()];
    const hits = sent.map((entry) => watch(appender.enqueue('telemetry-3', entry)));
    await nextTurn();

    store.last().fail(connectionLost());
    await nextTurn();
    const third = event();
    const late = watch(appender.enqueue('telemetry-3', third));
    await nextTurn();
    expect(store.appends).toHaveLength(1);
    expect(hits.map((hit) => hit.state)).toEqual(['waiting', 'waiting']);

    await vi.advanceTimersByTimeAsync(100);
    expect(store.appends).toHaveLength(2);
    expect(idsOf(store.last())).toEqual([...sent, third].map((entry) => entry.eventId));

    store.last().commit();
    await nextTurn();
    expect([...hits, late].map((hit) => hit.state)).toEqual(['stored', 'stored', 'stored']);
    expect(lines[0]).toContain('tekrar denenecek');
  });

  it('given a retry waiting out its delay, when many events arrive, then they do not cut the delay short', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const store = new ControllableStore();
    const appender = new GroupCommitAppender({
      store,
      maxBatchEvents: 10,
      retryDelayMs: 1_000,
      maxRetryDelayMs: 1_000,
    });
    void appender.enqueue('telemetry-0', event());
    await nextTurn();
    store.last().fail(new Error('database is down'));
    await nextTurn();

    for (let index = 0; index < 30; index++) void appender.enqueue('telemetry-0', event());
    await nextTurn();
    await nextTurn();
    expect(store.appends).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(1_000);
    expect(store.appends).toHaveLength(2);
    store.last().commit();
  });

  it('given a store that stays down, when an event has waited its longest, then it fails as not stored and is never written', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let clock = 0;
    const store = new ControllableStore();
    const appender = new GroupCommitAppender({
      store,
      maxWaitMs: 5_000,
      retryDelayMs: 60_000,
      maxRetryDelayMs: 60_000,
      now: () => clock,
    });
    const given = event();
    const hit = watch(appender.enqueue('telemetry-0', given));
    await nextTurn();
    store.last().fail(new Error('database is down'));
    await nextTurn();

    clock = 5_000;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(hit.state).toBeInstanceOf(NotStoredError);
    expect((hit.state as NotStoredError).reason).toBe('unavailable');

    // The store is back: what was given up on is not written after all.
    await vi.advanceTimersByTimeAsync(60_000);
    const fresh = event();
    const next = watch(appender.enqueue('telemetry-0', fresh));
    await nextTurn();
    expect(store.appends.slice(1).flatMap(idsOf)).toEqual([fresh.eventId]);
    store.last().commit();
    await nextTurn();
    expect(next.state).toBe('stored');
    expect(appender.stats()).toMatchObject({ appended: 1, notStored: 1, waiting: 0 });
  });

  it('given a full queue, when another event arrives, then it is refused at once and the log says how many, never what', async () => {
    const store = new ControllableStore();
    const lines: string[] = [];
    const appender = new GroupCommitAppender({ store, maxBufferedEvents: 3, log: (line) => lines.push(line) });
    const accepted = [event(), event(), event()].map((entry) => watch(appender.enqueue('telemetry-4', entry)));
    await nextTurn();

    const refused = event();
    const hit = watch(appender.enqueue('telemetry-4', refused));
    await nextTurn();
    expect((hit.state as NotStoredError).reason).toBe('overloaded');

    store.last().commit();
    await nextTurn();
    expect(accepted.map((entry) => entry.state)).toEqual(['stored', 'stored', 'stored']);
    expect(store.appends.flatMap(idsOf)).not.toContain(refused.eventId);
    expect(lines.join('\n')).toMatch(/arabellek dolu: 1/);
    expect(lines.join('\n')).not.toContain(refused.eventId);
  });

  it('given content the store refuses, then the batch is written event by event and only the refused one fails', async () => {
    const store = new ControllableStore();
    const appender = new GroupCommitAppender({ store });
    const good = [event(), event()];
    const bad = event();
    const hits = [good[0], bad, good[1]].map((entry, index) => watch(appender.enqueue(`telemetry-${index}`, entry!)));
    await nextTurn();

    store.last().fail(Object.assign(new Error('unsupported Unicode escape sequence'), { code: '22P05' }));
    for (const expected of [good[0], bad, good[1]]) {
      await nextTurn();
      expect(idsOf(store.last())).toEqual([expected!.eventId]);
      if (expected === bad) store.last().fail(Object.assign(new Error('bad'), { code: '22P05' }));
      else store.last().commit();
    }
    await nextTurn();
    expect(hits[0]?.state).toBe('stored');
    expect((hits[1]?.state as NotStoredError).reason).toBe('refused');
    expect(hits[2]?.state).toBe('stored');
    expect(appender.stats()).toMatchObject({ appended: 2, notStored: 1, waiting: 0 });
  });
});

describe('GroupCommitAppender: closing', () => {
  it('given events waiting behind a batch, when closed, then everything is written before close() ends, and later events are refused', async () => {
    const store = new ControllableStore();
    const appender = new GroupCommitAppender({ store });
    const first = watch(appender.enqueue('telemetry-0', event()));
    await nextTurn();
    const waiting = Array.from({ length: 5 }, (_, index) => watch(appender.enqueue(`telemetry-${index}`, event())));

    const closed = appender.close();
    store.last().commit();
    await nextTurn();
    await nextTurn();
    expect(store.appends).toHaveLength(2);
    store.last().commit();
    await closed;

    expect([first, ...waiting].every((hit) => hit.state === 'stored')).toBe(true);
    const late = watch(appender.enqueue('telemetry-0', event()));
    await nextTurn();
    expect((late.state as NotStoredError).reason).toBe('closed');
  });

  it('given a store that stays down, when closed, then it gives up after its timeout and the waiting events fail as not stored', async () => {
    let clock = 0;
    const store = new ControllableStore();
    const append = store.append.bind(store);
    // Every attempt fails and takes a second of the appender's clock.
    store.append = (requests) => {
      const pending = append(requests);
      clock += 1_000;
      store.last().fail(new Error('down'));
      return pending;
    };
    const lines: string[] = [];
    const appender = new GroupCommitAppender({
      store,
      retryDelayMs: 1,
      maxRetryDelayMs: 1,
      closeTimeoutMs: 5_000,
      maxWaitMs: 60_000,
      now: () => clock,
      log: (line) => lines.push(line),
    });
    const hit = watch(appender.enqueue('telemetry-0', event()));
    await appender.close();
    await nextTurn();

    expect((hit.state as NotStoredError).reason).toBe('unavailable');
    expect(appender.stats()).toMatchObject({ notStored: 1, waiting: 0 });
    expect(lines.at(-1)).toContain('depo zamanında yazamadı: 1');
  });
});
