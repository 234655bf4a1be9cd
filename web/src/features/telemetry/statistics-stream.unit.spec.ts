import { describe, expect, it } from 'vitest';
import { coalesce, parseChange, retryDelay, subscribeStatistics, type EventSourceLike, type LiveStatus } from './statistics-stream.ts';

class FakeSource implements EventSourceLike {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private readonly listeners = new Map<string, ((event: MessageEvent<unknown>) => void)[]>();

  constructor(readonly url: string) {}

  addEventListener(type: string, listener: (event: MessageEvent<unknown>) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close(): void {
    this.closed = true;
    this.readyState = 2;
  }

  opened(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  emit(type: string, data: string): void {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data }));
  }

  fail(readyState: 0 | 2): void {
    this.readyState = readyState;
    this.onerror?.(new Event('error'));
  }
}

function harness(tokens: (string | null)[] = ['t1']) {
  const sources: FakeSource[] = [];
  const statuses: LiveStatus[] = [];
  const changes: (string | null)[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  let resyncs = 0;
  let tickets = 0;
  let token: string | null = tokens[0] ?? null;
  let ticketFails = false;
  const stop = subscribeStatistics({
    address: async () => {
      if (ticketFails) throw new Error('down');
      tickets++;
      return token ? `/api/statistics/stream?ticket=k${tickets}` : null;
    },
    readToken: () => token,
    onStatus: (status) => statuses.push(status),
    onChange: (position) => changes.push(position),
    onResync: () => resyncs++,
    open: (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source;
    },
    setTimer: (run, ms) => {
      const timer = { run, ms };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => {
      const index = timers.indexOf(timer as { run: () => void; ms: number });
      if (index >= 0) timers.splice(index, 1);
    },
    random: () => 0.5,
  });
  return {
    sources,
    statuses,
    changes,
    timers,
    stop,
    get resyncs() {
      return resyncs;
    },
    setToken(value: string | null) {
      token = value;
    },
    setTicketFails(value: boolean) {
      ticketFails = value;
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the statistics stream', () => {
  it('opens with a ticket, says when it is live and passes on each change with its position', async () => {
    const h = harness();
    await settle();
    expect(h.sources).toHaveLength(1);
    expect(h.sources[0]?.url).toBe('/api/statistics/stream?ticket=k1');
    h.sources[0]?.opened();
    expect(h.statuses).toEqual(['connecting', 'live']);
    h.sources[0]?.emit('statistics', '{"position":"42"}');
    h.sources[0]?.emit('statistics', 'not json');
    expect(h.changes).toEqual(['42', null]);
    expect(h.resyncs).toBe(0);
  });

  it('lets the browser reconnect a dropped connection, then reads again what it may have missed', async () => {
    const h = harness();
    await settle();
    h.sources[0]?.opened();
    h.sources[0]?.fail(0);
    expect(h.statuses.at(-1)).toBe('connecting');
    expect(h.sources).toHaveLength(1);
    h.sources[0]?.opened();
    expect(h.statuses.at(-1)).toBe('live');
    expect(h.resyncs).toBe(1);
  });

  it('after a refusal fetches a new ticket with growing delays', async () => {
    const h = harness();
    await settle();
    h.sources[0]?.opened();
    h.sources[0]?.fail(2);
    expect(h.sources[0]?.closed).toBe(true);
    expect(h.statuses.at(-1)).toBe('offline');
    expect(h.resyncs).toBe(1);
    expect(h.timers.map((timer) => timer.ms)).toEqual([750]);
    h.timers.shift()?.run();
    await settle();
    expect(h.sources).toHaveLength(2);
    expect(h.sources[1]?.url).toBe('/api/statistics/stream?ticket=k2');
    h.sources[1]?.fail(2);
    expect(h.timers.map((timer) => timer.ms)).toEqual([1500]);
  });

  it('retries when no ticket can be had, and stops when the session is gone', async () => {
    const h = harness();
    h.setTicketFails(true);
    await settle();
    h.setTicketFails(false);
    // The first attempt got its ticket before the failure was switched on.
    h.sources[0]?.fail(2);
    h.setTicketFails(true);
    h.timers.shift()?.run();
    await settle();
    expect(h.sources).toHaveLength(1);
    expect(h.timers).toHaveLength(1);
    h.setTicketFails(false);
    h.setToken(null);
    h.timers.shift()?.run();
    await settle();
    expect(h.sources).toHaveLength(1);
    expect(h.timers).toHaveLength(0);
    expect(h.statuses.at(-1)).toBe('offline');
  });

  it('reopens at once for a new account and ignores the old stream', async () => {
    const h = harness();
    await settle();
    h.sources[0]?.opened();
    h.setToken('t2');
    h.sources[0]?.fail(0);
    await settle();
    expect(h.sources[0]?.closed).toBe(true);
    expect(h.sources).toHaveLength(2);
    h.sources[0]?.emit('statistics', '{"position":"1"}');
    expect(h.changes).toEqual([]);
  });

  it('closes for good when stopped', async () => {
    const h = harness();
    await settle();
    h.sources[0]?.fail(2);
    expect(h.timers).toHaveLength(1);
    h.stop();
    expect(h.timers).toHaveLength(0);
    expect(h.sources[0]?.closed).toBe(true);
  });
});

describe('stream helpers', () => {
  it('reads the position of a change', () => {
    expect(parseChange('{"position":"0/1A:12"}')).toBe('0/1A:12');
    expect(parseChange('{"position":17}')).toBe('17');
    expect(parseChange('{}')).toBeNull();
  });

  it('backs off exponentially to at most 30 s', () => {
    expect(retryDelay(0, () => 0)).toBe(500);
    expect(retryDelay(0, () => 1)).toBe(1000);
    expect(retryDelay(3, () => 1)).toBe(8000);
    expect(retryDelay(20, () => 1)).toBe(30_000);
  });

  it('coalesces a burst into one run now and one at the end', () => {
    const timers: (() => void)[] = [];
    let runs = 0;
    const refresh = coalesce(
      () => runs++,
      400,
      (run) => {
        timers.push(run);
        return run;
      },
      () => undefined,
    );
    refresh.run();
    refresh.run();
    refresh.run();
    expect(runs).toBe(1);
    timers.shift()?.();
    expect(runs).toBe(2);
    timers.shift()?.();
    expect(runs).toBe(2);
    refresh.run();
    expect(runs).toBe(3);
  });
});
