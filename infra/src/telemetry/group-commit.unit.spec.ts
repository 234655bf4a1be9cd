import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppendRequest, AppendResult, Checkpoint, EventStore, NewEvent } from '../event-store/types.ts';
import { GroupCommitAppender } from './group-commit.ts';

/** Records every append; fails while `failing` is set. */
class FakeStore implements EventStore {
  readonly calls: AppendRequest[][] = [];
  failing: Error | null = null;

  async append(requests: readonly AppendRequest[]): Promise<AppendResult> {
    this.calls.push([...requests]);
    if (this.failing) throw this.failing;
    return { streams: [], position: '1:1' as Checkpoint };
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
  async close(): Promise<void> {}

  /** Event ids of successful appends, in order. */
  written(): string[] {
    return this.succeeded.flatMap((requests) =>
      requests.flatMap((request) => request.events.map((event) => event.eventId)),
    );
  }
  succeeded: AppendRequest[][] = [];
}

function recordingStore(): FakeStore {
  const store = new FakeStore();
  const append = store.append.bind(store);
  store.append = async (requests) => {
    const result = await append(requests);
    store.succeeded.push([...requests]);
    return result;
  };
  return store;
}

function event(): NewEvent {
  return { eventId: randomUUID(), type: 'CardVisited', schemaVersion: 1, data: { n: 1 } };
}

describe('GroupCommitAppender', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes what arrives within one interval as one append over several streams', async () => {
    vi.useFakeTimers();
    const store = recordingStore();
    const appender = new GroupCommitAppender({ store, flushIntervalMs: 25 });
    appender.enqueue('telemetry-1', event());
    appender.enqueue('telemetry-2', event());
    appender.enqueue('telemetry-1', event());
    expect(store.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(25);
    expect(store.calls).toHaveLength(1);
    const [requests] = store.calls;
    expect(requests?.map((request) => [request.streamId, request.expected, request.events.length])).toEqual([
      ['telemetry-1', 'any', 2],
      ['telemetry-2', 'any', 1],
    ]);
    await appender.close();
  });

  it('writes a full batch at once, without waiting for the interval', async () => {
    vi.useFakeTimers();
    const store = recordingStore();
    const appender = new GroupCommitAppender({ store, flushIntervalMs: 10_000, maxBatchEvents: 10 });
    for (let index = 0; index < 25; index++) appender.enqueue('telemetry-0', event());
    await vi.advanceTimersByTimeAsync(5);
    expect(store.written()).toHaveLength(20);
    expect(store.calls).toHaveLength(2);
    await appender.close();
    expect(store.written()).toHaveLength(25);
  });

  it('keeps a failed batch, in order, and retries it with growing delays', async () => {
    vi.useFakeTimers();
    const store = recordingStore();
    const lines: string[] = [];
    const appender = new GroupCommitAppender({
      store,
      flushIntervalMs: 25,
      retryDelayMs: 100,
      maxRetryDelayMs: 1_000,
      log: (line) => lines.push(line),
    });
    const sent = [event(), event(), event()];
    store.failing = Object.assign(new Error('connection terminated'), { code: 'ECONNRESET' });
    appender.enqueue('telemetry-3', sent[0]!);
    appender.enqueue('telemetry-3', sent[1]!);
    await vi.advanceTimersByTimeAsync(25);
    expect(store.calls).toHaveLength(1);
    appender.enqueue('telemetry-3', sent[2]!);
    await vi.advanceTimersByTimeAsync(2_000);
    const attempts = store.calls.length;
    expect(attempts).toBeGreaterThan(2);
    expect(attempts).toBeLessThan(10);
    store.failing = null;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(store.written()).toEqual(sent.map((entry) => entry.eventId));
    expect(appender.stats()).toMatchObject({ appended: 3, dropped: 0, waiting: 0 });
    expect(lines[0]).toContain('tekrar denenecek');
    await appender.close();
  });

  it('does not cut a retry delay short when a full batch piles up during an outage', async () => {
    vi.useFakeTimers();
    const store = recordingStore();
    store.failing = new Error('database is down');
    const appender = new GroupCommitAppender({
      store,
      flushIntervalMs: 25,
      maxBatchEvents: 10,
      retryDelayMs: 1_000,
      maxRetryDelayMs: 1_000,
    });
    appender.enqueue('telemetry-0', event());
    await vi.advanceTimersByTimeAsync(25);
    expect(store.calls).toHaveLength(1);
    for (let index = 0; index < 30; index++) appender.enqueue('telemetry-0', event());
    await vi.advanceTimersByTimeAsync(400);
    expect(store.calls).toHaveLength(1);
    store.failing = null;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(store.written()).toHaveLength(31);
    await appender.close();
  });

  it('drops the oldest events past its bound and says how many, never what', async () => {
    vi.useFakeTimers();
    const store = recordingStore();
    store.failing = new Error('database is down');
    const lines: string[] = [];
    const appender = new GroupCommitAppender({
      store,
      flushIntervalMs: 25,
      maxBufferedEvents: 5,
      log: (line) => lines.push(line),
    });
    const sent = Array.from({ length: 8 }, event);
    for (const entry of sent) appender.enqueue('telemetry-4', entry);
    expect(appender.stats()).toMatchObject({ dropped: 3, waiting: 5 });
    store.failing = null;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(store.written()).toEqual(sent.slice(3).map((entry) => entry.eventId));
    expect(lines[0]).toMatch(/en eski 1 olay atıldı/);
    expect(lines.some((line) => /en eski 2 olay atıldı \(toplam 3\)/.test(line))).toBe(true);
    expect(lines.join('\n')).not.toContain(sent[0]!.eventId);
    await appender.close();
  });

  it('writes one event at a time when the store refuses the batch content, and drops only the refused one', async () => {
    const store = recordingStore();
    const bad = event();
    const append = store.append.bind(store);
    store.append = async (requests) => {
      if (requests.some((request) => request.events.includes(bad))) {
        store.calls.push([...requests]);
        throw Object.assign(new Error('unsupported Unicode escape sequence'), { code: '22P05' });
      }
      return append(requests);
    };
    const appender = new GroupCommitAppender({ store, flushIntervalMs: 1 });
    const good = [event(), event()];
    appender.enqueue('telemetry-5', good[0]!);
    appender.enqueue('telemetry-5', bad);
    appender.enqueue('telemetry-6', good[1]!);
    await appender.close();
    expect(store.written().sort()).toEqual(good.map((entry) => entry.eventId).sort());
    expect(appender.stats()).toMatchObject({ appended: 2, dropped: 1, waiting: 0 });
  });

  it('close() writes everything still waiting, and later events are counted as dropped', async () => {
    const store = recordingStore();
    const appender = new GroupCommitAppender({ store, flushIntervalMs: 60_000 });
    for (let index = 0; index < 7; index++) appender.enqueue(`telemetry-${index}`, event());
    await appender.close();
    expect(store.written()).toHaveLength(7);
    expect(store.calls).toHaveLength(1);
    appender.enqueue('telemetry-0', event());
    expect(appender.stats()).toMatchObject({ appended: 7, dropped: 1 });
  });

  it('close() gives up on a store that stays down, after its timeout', async () => {
    const store = recordingStore();
    store.failing = new Error('down');
    const lines: string[] = [];
    const appender = new GroupCommitAppender({
      store,
      flushIntervalMs: 60_000,
      retryDelayMs: 5,
      closeTimeoutMs: 100,
      log: (line) => lines.push(line),
    });
    appender.enqueue('telemetry-0', event());
    await appender.close();
    expect(appender.stats()).toMatchObject({ dropped: 1, waiting: 0 });
    expect(lines.at(-1)).toContain('kapanışta 1 olay yazılamadı');
  });
});
