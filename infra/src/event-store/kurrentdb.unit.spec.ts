import { setImmediate as tick } from 'node:timers/promises';
import {
  ANY,
  BACKWARDS,
  END,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AllStreamResolvedEvent,
  type AppendStreamRequest,
  type AppendStreamState,
  type JSONRecordedEvent,
  type MetadataType,
  type MultiAppendResult,
  type Position,
  type ReadAllOptions,
  type ReadStreamOptions,
  type ResolvedEvent,
} from '@kurrent/kurrentdb-client';
import { describe, expect, it } from 'vitest';
import { compareCheckpoints, makeCheckpoint } from './checkpoint.ts';
import { describeEventStoreContract } from './contract.ts';
import { createEventStore } from './create.ts';
import {
  EVENT_ID_MARKER_TYPE,
  KurrentDbEventStore,
  READ_ALL_FILTER,
  dataHash,
  eventIdStream,
  expectedStateFor,
  fromKurrentMetadata,
  readPositionAfter,
  toCheckpoint,
  toKurrentMetadata,
  type KurrentDbClientPort,
} from './kurrentdb.ts';
import type { Checkpoint } from './types.ts';

interface StoredRecord {
  readonly streamId: string;
  readonly id: string;
  readonly type: string;
  readonly revision: bigint;
  readonly data: unknown;
  readonly metadata: unknown;
  readonly created: Date;
  readonly position: Position;
}

/**
 * An in-memory stand-in for a KurrentDB 25.1 node, as far as the adapter uses it, modelled on the client's documented
 * behaviour: a missing stream throws StreamNotFoundError, a failed expectation anywhere in a multi-stream append
 * throws WrongExpectedVersionError and writes nothing, $all is in commit order with "commit:prepare" positions
 * (one commit position per append, after its prepares), a forward read from a position includes the event at it,
 * a multi-stream append's string properties read back as JSON metadata beside `$schema.format`/`$schema.name` (as the
 * client's own multiStreamAppend test expects),
 * filters are event-type regexes and maxCount counts matching events. Every call yields to the event loop first, so
 * concurrent appends interleave between their reads and their write, as they would over the network. It proves the
 * adapter's logic; the real server is proven by kurrentdb.int.spec.ts where one is reachable.
 */
class InMemoryKurrentDb implements KurrentDbClientPort {
  readonly log: StoredRecord[] = [];
  readonly appends: AppendStreamRequest[][] = [];
  private readonly streams = new Map<string, StoredRecord[]>();
  private next = 100n;

  constructor() {
    // What a real node writes by itself: the adapter must never hand these out.
    this.write('$stats-127.0.0.1:2113', '$statsCollected', {});
  }

  async *readStream(streamName: string, options: ReadStreamOptions = {}): AsyncIterableIterator<ResolvedEvent> {
    await tick();
    const records = this.streams.get(streamName);
    if (!records) throw new StreamNotFoundError(undefined, streamName);
    const max = Number(options.maxCount ?? Number.MAX_SAFE_INTEGER);
    const from = options.fromRevision ?? (options.direction === BACKWARDS ? END : START);
    const ordered =
      options.direction === BACKWARDS
        ? records.filter((record) => from === END || (from !== START && record.revision <= from)).reverse()
        : records.filter((record) => from === START || (from !== END && record.revision >= from));
    for (const record of ordered.slice(0, max)) yield { event: recorded(record) };
  }

  async *readAll(options: ReadAllOptions = {}): AsyncIterableIterator<AllStreamResolvedEvent> {
    await tick();
    const filter = options.filter;
    if (filter && (filter.filterOn !== 'eventType' || !('regex' in filter))) throw new Error('unsupported filter');
    const matches = (record: StoredRecord) =>
      !filter || !('regex' in filter) || new RegExp(filter.regex).test(record.type);
    const from = options.fromPosition ?? (options.direction === BACKWARDS ? END : START);
    const at = (record: StoredRecord) =>
      compareCheckpoints(toCheckpoint(record.position), toCheckpoint(from as Position));
    const ordered =
      options.direction === BACKWARDS
        ? this.log.filter((record) => from === END || (from !== START && at(record) <= 0)).reverse()
        : this.log.filter((record) => from === START || (from !== END && at(record) >= 0));
    let left = Number(options.maxCount ?? Number.MAX_SAFE_INTEGER);
    for (const record of ordered) {
      if (left <= 0) return;
      if (!matches(record)) continue;
      left -= 1;
      yield { event: recorded(record) };
    }
  }

  async multiStreamAppend(requests: AppendStreamRequest[]): Promise<MultiAppendResult> {
    this.appends.push(requests);
    await tick();
    for (const request of requests) {
      const current = this.streams.get(request.streamName)?.at(-1)?.revision;
      if (!meets(request.expectedState, current)) {
        throw new WrongExpectedVersionError(undefined, {
          streamName: request.streamName,
          expected: request.expectedState,
          current: current ?? NO_STREAM,
        });
      }
    }
    const count = BigInt(requests.reduce((sum, request) => sum + request.events.length, 0));
    const commit = this.next + count;
    const responses = requests.map((request) => {
      let revision = -1n;
      for (const event of request.events) {
        // A multi-stream append's string properties come back as JSON metadata, with the schema the server adds.
        const metadata = {
          ...(event.metadata as Record<string, string>),
          '$schema.format': 'Json',
          '$schema.name': event.type,
        };
        revision = this.write(request.streamName, event.type, event.data, metadata, event.id, commit).revision;
      }
      return { streamName: request.streamName, revision };
    });
    this.next = commit + 1n;
    return { position: commit, responses };
  }

  async dispose(): Promise<void> {}

  private write(
    streamId: string,
    type: string,
    data: unknown,
    metadata: unknown = undefined,
    id: string = crypto.randomUUID(),
    commit?: bigint,
  ): StoredRecord {
    const records = this.streams.get(streamId) ?? [];
    const prepare = this.next;
    this.next += 1n;
    const record: StoredRecord = {
      streamId,
      id,
      type,
      revision: BigInt(records.length),
      data: JSON.parse(JSON.stringify(data)),
      metadata: metadata === undefined ? undefined : JSON.parse(JSON.stringify(metadata)),
      created: new Date(),
      position: { commit: commit ?? prepare, prepare },
    };
    records.push(record);
    this.streams.set(streamId, records);
    this.log.push(record);
    return record;
  }
}

function meets(expected: AppendStreamState, current: bigint | undefined): boolean {
  if (expected === ANY) return true;
  if (expected === NO_STREAM) return current === undefined;
  if (expected === STREAM_EXISTS) return current !== undefined;
  return current === expected;
}

function recorded(record: StoredRecord): JSONRecordedEvent & { position: Position } {
  return {
    streamId: record.streamId,
    id: record.id,
    isJson: true,
    revision: record.revision,
    type: record.type,
    created: record.created,
    data: record.data as Record<string, unknown>,
    metadata: record.metadata as MetadataType | undefined,
    position: record.position,
  };
}

describeEventStoreContract('KurrentDbEventStore on an in-memory stand-in for the server', async ({ onAppended }) => ({
  store: new KurrentDbEventStore(new InMemoryKurrentDb(), onAppended),
  cleanup: async () => undefined,
}));

describe('KurrentDbEventStore: what it asks of the server', () => {
  it('given an append, when sent, then the domain stream expects the revision the plan built on and every event gets an id marker expecting no stream', async () => {
    const server = new InMemoryKurrentDb();
    const store = new KurrentDbEventStore(server);
    const first = { eventId: crypto.randomUUID(), type: 'CardCreated', schemaVersion: 1, data: {} };
    const second = {
      eventId: crypto.randomUUID().toUpperCase(),
      type: 'CardRenamed',
      schemaVersion: 2,
      data: { a: 1 },
    };
    await store.append([{ streamId: 'card-1', expected: 'no_stream', events: [first] }]);

    await store.append([{ streamId: 'card-1', expected: 'any', events: [second] }]);

    const [created, renamed] = server.appends;
    expect(created?.map((request) => [request.streamName, request.expectedState])).toEqual([
      ['card-1', NO_STREAM],
      [eventIdStream(first.eventId), NO_STREAM],
    ]);
    expect(renamed?.map((request) => [request.streamName, request.expectedState])).toEqual([
      ['card-1', 0n],
      [`kartvizit-event-id-${second.eventId.toLowerCase()}`, NO_STREAM],
    ]);
    expect(renamed?.[0]?.events[0]).toMatchObject({
      id: second.eventId,
      type: 'CardRenamed',
      contentType: 'application/json',
      data: { a: 1 },
      metadata: { schemaVersion: '2' },
    });
    expect(renamed?.[1]?.events[0]).toMatchObject({
      type: EVENT_ID_MARKER_TYPE,
      data: { streamId: 'card-1', streamPosition: 1, type: 'CardRenamed', dataHash: dataHash({ a: 1 }) },
    });
  });

  it('given the markers and the server’s own events in $all, when read, then neither is handed out nor counted', async () => {
    const server = new InMemoryKurrentDb();
    const store = new KurrentDbEventStore(server);
    await store.append([
      {
        streamId: 'card-1',
        expected: 'no_stream',
        events: [{ eventId: crypto.randomUUID(), type: 'CardCreated', schemaVersion: 1, data: {} }],
      },
    ]);

    const page = await store.readAll(null, 10);

    expect(server.log.map((record) => record.type)).toEqual(['$statsCollected', 'CardCreated', EVENT_ID_MARKER_TYPE]);
    expect(page.events.map((event) => event.type)).toEqual(['CardCreated']);
    expect(page.scanned).toBe(1);
    expect(await store.headCheckpoint()).toBe(page.checkpoint);
    expect(await store.heldBack()).toBe(false);
  });

  it('given a winner between our read and our write, when the server refuses, then the append is planned again and lands after it', async () => {
    const server = new InMemoryKurrentDb();
    const store = new KurrentDbEventStore(server);
    const visit = (n: number) => ({ eventId: crypto.randomUUID(), type: 'CardVisited', schemaVersion: 1, data: { n } });

    const results = await Promise.all(
      [1, 2, 3].map((n) => store.append([{ streamId: 'visits-0', expected: 'any', events: [visit(n)] }])),
    );

    expect(results.map((result) => result.streams[0]?.version).sort()).toEqual([0, 1, 2]);
    const refused = server.appends.length - 3;
    expect(refused).toBeGreaterThan(0);
    expect((await store.readStream('visits-0')).version).toBe(2);
  });
});

describe('KurrentDB mapping', () => {
  it('maps the base version to the expected revision: -1 is no stream, a version its revision', () => {
    expect(expectedStateFor(-1)).toBe(NO_STREAM);
    expect(expectedStateFor(0)).toBe(0n);
    expect(expectedStateFor(41)).toBe(41n);
    expect(() => expectedStateFor(-2)).toThrow(TypeError);
    expect(() => expectedStateFor(1.5)).toThrow(TypeError);
  });

  it('turns positions into checkpoints ordered as the log is, and back', () => {
    const early = toCheckpoint({ commit: 2n ** 40n, prepare: 5n });
    const later = toCheckpoint({ commit: 2n ** 40n, prepare: 6n });
    const next = toCheckpoint({ commit: 2n ** 40n + 1n, prepare: 0n });

    expect(early).toBe(`${2n ** 40n}:5`);
    expect(compareCheckpoints(early, later)).toBeLessThan(0);
    expect(compareCheckpoints(later, next)).toBeLessThan(0);
    expect(readPositionAfter(later)).toEqual({ commit: 2n ** 40n, prepare: 6n });
    expect(readPositionAfter(null)).toBe(START);
    expect(() => readPositionAfter('nope' as Checkpoint)).toThrow(TypeError);
    expect(readPositionAfter(makeCheckpoint(18446744073709551615n, 0n))).toEqual({
      commit: 18446744073709551615n,
      prepare: 0n,
    });
  });

  it('lets the server drop system events by type and leaves type filtering to the adapter', () => {
    expect(READ_ALL_FILTER).toMatchObject({ filterOn: 'eventType' });
    const regex = new RegExp('regex' in READ_ALL_FILTER ? READ_ALL_FILTER.regex : '(?!)');
    expect(['CardCreated', 'AccountRegistered'].every((type) => regex.test(type))).toBe(true);
    expect(['$>', '$metadata', '$statsCollected', EVENT_ID_MARKER_TYPE].some((type) => regex.test(type))).toBe(false);
  });

  it('hashes data the way JSON stores it: key order does not matter, values do', () => {
    expect(dataHash({ a: 1, b: { c: [1, 2], d: 'ş' } })).toBe(dataHash({ b: { d: 'ş', c: [1, 2] }, a: 1 }));
    expect(dataHash({ a: 1 })).not.toBe(dataHash({ a: 2 }));
    expect(dataHash({ a: [1, 2] })).not.toBe(dataHash({ a: [2, 1] }));
    expect(dataHash({ a: undefined, b: 1 })).toBe(dataHash({ b: 1 }));
  });

  it('carries the schema version and the known metadata as string properties, and reads them back from any metadata', () => {
    const metadata = toKurrentMetadata({
      eventId: crypto.randomUUID(),
      type: 'A',
      schemaVersion: 3,
      data: {},
      metadata: { correlationId: 'c-1', actor: 'system' },
    });
    expect(metadata).toEqual({ schemaVersion: '3', correlationId: 'c-1', actor: 'system' });
    expect(fromKurrentMetadata({ ...metadata, '$schema.name': 'A', other: 1 })).toEqual({
      schemaVersion: 3,
      metadata: { correlationId: 'c-1', actor: 'system' },
    });
    expect(fromKurrentMetadata(undefined)).toEqual({ schemaVersion: 1, metadata: {} });
    expect(fromKurrentMetadata(new Uint8Array([1, 2]))).toEqual({ schemaVersion: 1, metadata: {} });
  });

  it('is chosen by EVENT_STORE=kurrentdb without a PostgreSQL pool, and connects only when used', async () => {
    const store = await createEventStore({ kind: 'kurrentdb', url: 'kurrentdb://127.0.0.1:1?tls=false' }, {});

    expect(store).toBeInstanceOf(KurrentDbEventStore);
    expect(await store.heldBack()).toBe(false);
    await store.close();
    await expect(createEventStore({ kind: 'postgres' }, {})).rejects.toThrow('needs the PostgreSQL pool');
  });
});
