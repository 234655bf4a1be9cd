import type { ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Checkpoint } from '@kartvizit/infra/event-store/types';
import { InProcessSignalBus } from '@kartvizit/infra/signals/in-process';
import { formatProjectionAdvanced } from '@kartvizit/infra/signals/projection-advanced';
import { StatisticsStream, StatisticsStreamHub } from './stream-hub.ts';

/** The parts of a ServerResponse a stream touches, recording what was written. */
class FakeResponse {
  readonly chunks: string[] = [];
  destroyed = false;
  ended = false;
  get writableEnded(): boolean {
    return this.ended;
  }
  writableLength = 0;
  write(chunk: string): boolean {
    this.chunks.push(chunk);
    return true;
  }
  end(): void {
    this.ended = true;
  }
  destroy(): void {
    this.destroyed = true;
  }
  events(): string[] {
    return this.chunks
      .filter((chunk) => chunk.startsWith('event: '))
      .map((chunk) => /data: (.*)\n/.exec(chunk)?.[1] ?? '');
  }
}

const cp = (n: number) => `1:${n}` as Checkpoint;
const AYSE = '00000000-0000-4000-8000-00000000000a';
const BORA = '00000000-0000-4000-8000-00000000000b';
const CEM = '00000000-0000-4000-8000-00000000000c';
const OFFICE = '0ff1ce00-0000-4000-8000-000000000001';

let bus: InProcessSignalBus;
let checkpoint: Checkpoint | null;
let versions: Map<string, number>;
let hub: StatisticsStreamHub;
/** The office's members as the offices read model has them; null: Ayşe no longer administers it. */
let team: string[] | null;

function open(ownerId: string, sessionVersion = 1): FakeResponse {
  const response = new FakeResponse();
  hub.add(new StatisticsStream({ ownerId, sessionVersion }, response as unknown as ServerResponse, 1000));
  return response;
}

const advanced = (touched: readonly string[] | undefined, position: number) =>
  bus.publish('projection_advanced', formatProjectionAdvanced('statistics', cp(position), touched));

beforeEach(() => {
  vi.useFakeTimers();
  bus = new InProcessSignalBus();
  checkpoint = cp(1);
  versions = new Map([
    [AYSE, 1],
    [BORA, 1],
  ]);
  team = [AYSE, BORA];
  hub = new StatisticsStreamHub({
    signals: bus,
    readCheckpoint: async () => checkpoint,
    sessionVersions: async (owners) => new Map([...versions].filter(([owner]) => owners.includes(owner))),
    officeAudience: async (officeId, adminId) => (officeId === OFFICE && adminId === AYSE ? team : null),
    heartbeatMs: 15_000,
    log: (error) => {
      throw error;
    },
  });
});

afterEach(async () => {
  hub.close();
  await bus.close();
  vi.useRealTimers();
});

describe('the statistics stream hub', () => {
  it('wakes the owners a batch touched, everyone for "*", nobody for other projections', async () => {
    const ayse = open(AYSE);
    const bora = open(BORA);
    await advanced([AYSE], 2);
    expect(ayse.events()).toEqual(['{"position":"1:2"}']);
    expect(bora.events()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    await advanced(undefined, 3);
    expect(ayse.events()).toHaveLength(2);
    expect(bora.events()).toEqual(['{"position":"1:3"}']);
    await bus.publish('projection_advanced', formatProjectionAdvanced('cards', cp(9), [AYSE]));
    await vi.advanceTimersByTimeAsync(2000);
    expect(ayse.events()).toHaveLength(2);
  });

  it('sends at most one event a second per client; a burst ends with its newest position', async () => {
    const ayse = open(AYSE);
    for (let n = 2; n <= 6; n++) await advanced([AYSE], n);
    expect(ayse.events()).toEqual(['{"position":"1:2"}']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(ayse.events()).toEqual(['{"position":"1:2"}', '{"position":"1:6"}']);
    expect(ayse.chunks.at(-1)).toBe('event: statistics\nid: 1:6\ndata: {"position":"1:6"}\n\n');
  });

  it('writes a heartbeat comment every 15 s', async () => {
    const ayse = open(AYSE);
    await vi.advanceTimersByTimeAsync(45_000);
    expect(ayse.chunks.filter((chunk) => chunk === ': ping\n\n')).toHaveLength(3);
  });

  it('when the checkpoint moves and no signal covers it for a heartbeat, tells every stream (a lost signal)', async () => {
    const ayse = open(AYSE);
    const bora = open(BORA);
    await vi.advanceTimersByTimeAsync(0);
    // A signal that did arrive: nothing extra.
    checkpoint = cp(2);
    await advanced([AYSE], 2);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(bora.events()).toEqual([]);
    // One that was lost.
    checkpoint = cp(5);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(bora.events()).toEqual([]);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(bora.events()).toEqual(['{"position":"1:5"}']);
    expect(ayse.events()).toEqual(['{"position":"1:2"}', '{"position":"1:5"}']);
  });

  it('tells a reconnecting client at once when statistics moved past its Last-Event-ID', async () => {
    checkpoint = cp(7);
    const response = new FakeResponse();
    const stream = new StatisticsStream(
      { ownerId: AYSE, sessionVersion: 1 },
      response as unknown as ServerResponse,
      1000,
    );
    hub.add(stream);
    hub.resume(stream, cp(4));
    await vi.advanceTimersByTimeAsync(0);
    expect(response.events()).toEqual(['{"position":"1:7"}']);
    hub.resume(stream, cp(7));
    await vi.advanceTimersByTimeAsync(2000);
    expect(response.events()).toHaveLength(1);
  });

  it('ends the streams of a session that ended (password changed, account gone) within a minute', async () => {
    const ayse = open(AYSE);
    const bora = open(BORA);
    versions.set(AYSE, 2);
    versions.delete(BORA);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(ayse.ended).toBe(true);
    expect(bora.ended).toBe(true);
    expect(hub.size).toBe(0);
  });

  it('drops a client that stopped reading instead of buffering for it; close() ends every stream', () => {
    const slow = open(AYSE);
    const other = open(BORA);
    slow.writableLength = 1024 * 1024;
    vi.advanceTimersByTime(15_000);
    expect(slow.destroyed).toBe(true);
    hub.close();
    expect(other.ended).toBe(true);
  });
});

describe("an office's team stream (issue 30)", () => {
  function openTeam(): FakeResponse {
    const response = new FakeResponse();
    const stream = new StatisticsStream(
      { ownerId: AYSE, sessionVersion: 1, officeId: OFFICE },
      response as unknown as ServerResponse,
      1000,
    );
    hub.add(stream, team ?? []);
    return response;
  }

  it('wakes when a member it follows is touched, by visits or by leads; an owner’s own stream ignores leads', async () => {
    const teamStream = openTeam();
    const cem = open(CEM);
    await advanced([BORA], 2);
    expect(teamStream.events()).toEqual(['{"position":"1:2"}']);
    await vi.advanceTimersByTimeAsync(1000);
    await advanced([CEM], 3);
    expect(teamStream.events()).toHaveLength(1);
    await bus.publish('projection_advanced', formatProjectionAdvanced('leads', cp(4), [CEM]));
    await vi.advanceTimersByTimeAsync(1000);
    expect(teamStream.events()).toHaveLength(1);
    await bus.publish('projection_advanced', formatProjectionAdvanced('leads', cp(5), [AYSE, CEM]));
    await vi.advanceTimersByTimeAsync(1000);
    expect(teamStream.events()).toEqual(['{"position":"1:2"}', '{"position":"1:5"}']);
    expect(cem.events()).toEqual(['{"position":"1:3"}']);
  });

  it("wakes an owner's own stream when a REMS registration of theirs is projected (a listing's figures); a team stream ignores it", async () => {
    const teamStream = openTeam();
    const cem = open(CEM);
    const bora = open(BORA);
    await bus.publish('projection_advanced', formatProjectionAdvanced('rems_registrations', cp(4), [CEM]));
    await vi.advanceTimersByTimeAsync(1000);
    expect(cem.events()).toEqual(['{"position":"1:4"}']);
    expect(bora.events()).toEqual([]);
    expect(teamStream.events()).toEqual([]);
  });

  it('follows a member who joins from the next session check, and ends when its holder no longer administers the office', async () => {
    const teamStream = openTeam();
    team = [AYSE, BORA, CEM];
    await vi.advanceTimersByTimeAsync(60_000);
    await advanced([CEM], 2);
    expect(teamStream.events()).toEqual(['{"position":"1:2"}']);
    team = null;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(teamStream.ended).toBe(true);
    expect(hub.size).toBe(0);
  });
});
