import { NO_STREAM, START } from '@kurrent/kurrentdb-client';
import { describe, expect, it } from 'vitest';
import { compareCheckpoints, makeCheckpoint } from './checkpoint.ts';
import { createEventStore } from './create.ts';
import {
  EVENT_ID_MARKER_TYPE,
  KurrentDbEventStore,
  READ_ALL_FILTER,
  dataHash,
  expectedStateFor,
  fromKurrentMetadata,
  readPositionAfter,
  toCheckpoint,
  toKurrentMetadata,
} from './kurrentdb.ts';
import type { Checkpoint } from './types.ts';

/**
 * What the KurrentDB adapter computes by itself, without a server. Its behaviour against a server is the event store
 * contract in kurrentdb.int.spec.ts, which runs where KURRENTDB_URL is set or a Docker engine is reachable: no stand-in
 * for the server is used, so nothing here can pass for a proof of what only a real node can show.
 */
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
