import { isDeepStrictEqual } from 'node:util';
import { compareCheckpoints } from './checkpoint.ts';
import { ConcurrencyError, DuplicateEventError } from './types.ts';
import type { AppendRequest, Checkpoint, ExpectedVersion, NewEvent } from './types.ts';
import { UUID_PATTERN_ANY_CASE } from '@kartvizit/schemas/ids';

/**
 * The rules of append() every adapter shares: what a request may look like, when an expectation holds, and what a
 * re-append of stored event ids means (a retried command: a no-op with the first result; an id re-used for something
 * else: DuplicateEventError). The adapter brings the streams' versions and the events already stored under the
 * request's ids, read in the same attempt, and writes what the plan says.
 */

/** An event already in the store under one of the request's ids. */
export interface StoredEvent {
  readonly eventId: string;
  readonly streamId: string;
  readonly streamPosition: number;
  readonly type: string;
  /** The data as stored, or a stand-in the adapter compares the same way (see `sameData`). */
  readonly data: unknown;
  readonly position: Checkpoint;
}

export interface PlannedEvent {
  readonly streamId: string;
  readonly streamPosition: number;
  readonly event: NewEvent;
}

export interface AppendPlan {
  /** Events to write, in request order, each with the stream position it gets. */
  readonly inserts: PlannedEvent[];
  /** Last stream position per request, in request order. */
  readonly results: { streamId: string; version: number }[];
  /** Newest position among re-appended events that were already stored. */
  latestExisting: Checkpoint | null;
}

/**
 * @param baseVersions each stream's version before the append (-1: no stream)
 * @param stored events already stored under the request's ids, by lower-cased id
 * @param sameData whether a stored event's data is the new event's (default: equal after a JSON round trip)
 */
export function planAppend(
  requests: readonly AppendRequest[],
  baseVersions: ReadonlyMap<string, number>,
  stored: ReadonlyMap<string, StoredEvent>,
  sameData: (stored: StoredEvent, event: NewEvent) => boolean = sameJsonData,
): AppendPlan {
  const versions = new Map(baseVersions);
  const plan: AppendPlan = { inserts: [], results: [], latestExisting: null };

  for (const request of requests) {
    const current = versions.get(request.streamId) ?? -1;
    const already: StoredEvent[] = [];
    for (const event of request.events) {
      const found = stored.get(event.eventId.toLowerCase());
      if (!found) continue;
      if (found.streamId !== request.streamId || found.type !== event.type || !sameData(found, event)) {
        throw new DuplicateEventError(event.eventId);
      }
      already.push(found);
    }

    // A retried command: everything it asked for is stored, so it succeeded the first time.
    // Its expectation is not re-checked, because its own events have moved the stream on.
    if (request.events.length > 0 && already.length === request.events.length) {
      const version = Math.max(...already.map((event) => event.streamPosition));
      plan.results.push({ streamId: request.streamId, version });
      for (const event of already) plan.latestExisting = latest(plan.latestExisting, event.position);
      continue;
    }
    // Half stored is not a retry of this request; only unconditional appends may fill the rest in.
    const firstStored = already[0];
    if (firstStored && request.expected !== 'any') throw new DuplicateEventError(firstStored.eventId);

    if (!meetsExpectation(request.expected, current)) {
      throw new ConcurrencyError(request.streamId, request.expected, current);
    }
    let position = current;
    for (const event of request.events) {
      if (stored.has(event.eventId.toLowerCase())) continue;
      position += 1;
      plan.inserts.push({ streamId: request.streamId, streamPosition: position, event });
    }
    versions.set(request.streamId, position);
    plan.results.push({ streamId: request.streamId, version: position });
  }
  return plan;
}

export function meetsExpectation(expected: ExpectedVersion, current: number): boolean {
  switch (expected) {
    case 'any':
      return true;
    case 'no_stream':
      return current === -1;
    case 'stream_exists':
      return current >= 0;
    default:
      return expected === current;
  }
}

/** Compare as JSON after a round trip: that is the value a store keeps. */
function sameJsonData(stored: StoredEvent, event: NewEvent): boolean {
  const data: unknown = JSON.parse(JSON.stringify(event.data));
  return isDeepStrictEqual(stored.data, data);
}

/** Refuses what no adapter may store, before anything is read or written. */
export function validateAppend(requests: readonly AppendRequest[]): void {
  const seen = new Set<string>();
  let events = 0;
  for (const request of requests) {
    if (typeof request.streamId !== 'string' || request.streamId === '') throw new TypeError('streamId is empty');
    const { expected } = request;
    if (typeof expected === 'number' && (!Number.isSafeInteger(expected) || expected < -1)) {
      throw new TypeError(`Expected version must be an integer >= -1: ${expected}`);
    }
    for (const event of request.events) {
      if (!UUID_PATTERN_ANY_CASE.test(event.eventId)) throw new TypeError(`eventId is not a UUID: ${event.eventId}`);
      const key = event.eventId.toLowerCase();
      if (seen.has(key)) throw new DuplicateEventError(event.eventId);
      seen.add(key);
      if (typeof event.data !== 'object' || event.data === null || Array.isArray(event.data)) {
        throw new TypeError(`Event ${event.eventId}: data must be an object`);
      }
      events += 1;
    }
  }
  if (events === 0) throw new TypeError('append() needs at least one event');
}

export function latest(a: Checkpoint | null, b: Checkpoint | null): Checkpoint | null {
  return compareCheckpoints(a, b) >= 0 ? a : b;
}

/** Tells the runtime that events were committed; never throws (the events are stored: failing now would make the caller retry a success). */
export function announceAppended(onAppended: (() => void) | undefined): void {
  if (!onAppended) return;
  try {
    onAppended();
  } catch (error) {
    process.emitWarning(`onAppended threw: ${String(error)}`);
  }
}
