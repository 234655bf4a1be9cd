import { createHash, randomUUID } from 'node:crypto';
import {
  BACKWARDS,
  END,
  FORWARDS,
  KurrentDBClient,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AppendStreamRequest,
  type AppendStreamState,
  type Filter,
  type MultiAppendResult,
  type Position,
  type ReadAllOptions as KurrentReadAllOptions,
  type ReadPosition,
  type ReadStreamOptions,
  type RecordedEvent as KurrentRecordedEvent,
  type ResolvedEvent,
} from '@kurrent/kurrentdb-client';
import { announceAppended, latest, planAppend, validateAppend, type StoredEvent } from './append-plan.ts';
import { makeCheckpoint, parseCheckpoint } from './checkpoint.ts';
import { ConcurrencyError, DuplicateEventError } from './types.ts';
import type {
  AppendRequest,
  AppendResult,
  Checkpoint,
  EventMetadata,
  EventStore,
  NewEvent,
  ReadAllOptions,
  ReadAllResult,
  ReadStreamResult,
  RecordedEvent,
} from './types.ts';

/**
 * The event store on KurrentDB 25.1+ (docs/decisions/0041-event-store-adapters.md), through the official client.
 *
 * - Every append is one multi-stream append (`multiStreamAppend`, KurrentDB 25.1+): the domain streams and, per event, a
 *   marker stream `kartvizit-event-id-<id>` written with NO_STREAM. The server's own idempotency covers only a retry
 *   with the same expected revision within its cache; the markers make an id unique for good, across streams, and
 *   remember where the event went, so a re-append answers like PostgreSQL's: a retry is a no-op with the first result,
 *   an id re-used for something else is a DuplicateEventError. Markers carry a `$`-prefixed type: `$all` readers skip
 *   them with the system events.
 * - The plan (append-plan.ts) fixes each event's stream position from the streams' revisions read just before, and the
 *   append expects exactly those revisions (NO_STREAM for -1): the caller's expectation was checked against the same
 *   revisions, and the markers can record where each event lands. Another writer in between makes the server refuse
 *   the whole append (WrongExpectedVersionError); the append is then planned again from the new revisions, which turns
 *   it into the ConcurrencyError or DuplicateEventError the contract promises, or succeeds ('any' appends).
 * - `$all` is ordered by commit: a reader never misses an event that commits later at an earlier position, so
 *   heldBack() is always false. Checkpoints are "commit:prepare".
 */
export interface KurrentDbEventStoreOptions {
  /** KURRENTDB_URL, e.g. kurrentdb://127.0.0.1:2113?tls=false */
  readonly url: string;
  /** Called after every append that wrote events; must not throw (it only wakes readers). */
  readonly onAppended?: () => void;
}

export const EVENT_ID_STREAM_PREFIX = 'kartvizit-event-id-';
export const EVENT_ID_MARKER_TYPE = '$kartvizit-event-id';
/** Metadata keys the adapter writes; multi-stream appends take string values only. */
const SCHEMA_VERSION_KEY = 'schemaVersion';
const METADATA_KEYS = ['correlationId', 'causationId', 'actor'] as const;
/** Appends planned again after another writer moved a stream or stored an id in between. */
const MAX_ATTEMPTS = 8;
/** Reads in flight at once when looking event ids up (a re-sent batch of thousands of beacons). */
const LOOKUP_CONCURRENCY = 64;

interface EventIdMarker {
  readonly streamId: string;
  readonly streamPosition: number;
  readonly type: string;
  readonly dataHash: string;
}

/** What the adapter uses of the client (a KurrentDBClient): the surface the adapter is written against. */
export interface KurrentDbClientPort {
  readStream(streamName: string, options?: ReadStreamOptions): AsyncIterableIterator<ResolvedEvent>;
  readAll(options?: KurrentReadAllOptions): AsyncIterableIterator<AllStreamResolvedEvent>;
  multiStreamAppend(requests: AppendStreamRequest[]): Promise<MultiAppendResult>;
  dispose(): Promise<void>;
}

type Attempt =
  | { readonly kind: 'done'; readonly result: AppendResult; readonly wrote: boolean }
  | { readonly kind: 'conflict'; readonly streamName: string; readonly actual: number };

export class KurrentDbEventStore implements EventStore {
  constructor(
    private readonly client: KurrentDbClientPort,
    private readonly onAppended?: () => void,
  ) {}

  static connect(options: KurrentDbEventStoreOptions): KurrentDbEventStore {
    return new KurrentDbEventStore(KurrentDBClient.connectionString(options.url), options.onAppended);
  }

  async append(requests: readonly AppendRequest[]): Promise<AppendResult> {
    validateAppend(requests);
    // As in PostgreSQL: appends that expect nothing of their streams (visits, clicks) try first without looking their
    // ids up; the markers still refuse a repeated id, and the next attempt looks them up to answer the retry.
    const optimistic = requests.every((request) => request.expected === 'any');
    for (let attempt = 1; ; attempt += 1) {
      const outcome = await this.appendOnce(requests, !optimistic || attempt > 1);
      if (outcome.kind === 'done') {
        if (outcome.wrote) announceAppended(this.onAppended);
        return outcome.result;
      }
      if (attempt >= MAX_ATTEMPTS) throw conflictError(requests, outcome.streamName, outcome.actual);
    }
  }

  private async appendOnce(requests: readonly AppendRequest[], lookUpEventIds: boolean): Promise<Attempt> {
    const streamIds = [...new Set(requests.map((request) => request.streamId))];
    const revisions = await Promise.all(streamIds.map((streamId) => this.lastRevision(streamId)));
    const baseVersions = new Map(streamIds.map((streamId, index) => [streamId, revisions[index] ?? -1]));
    const stored = lookUpEventIds
      ? await this.findStored(requests.flatMap((request) => request.events.map((event) => event.eventId)))
      : new Map<string, StoredEvent>();

    const plan = planAppend(requests, baseVersions, stored, (found, event) => found.data === dataHash(event.data));
    if (plan.inserts.length === 0) {
      if (plan.latestExisting === null) throw new Error('Append produced no position');
      return { kind: 'done', result: { streams: plan.results, position: plan.latestExisting }, wrote: false };
    }

    const appends: AppendStreamRequest[] = [];
    const byStream = new Map<string, AppendStreamRequest>();
    const lastWritten = new Map<string, number>();
    for (const { streamId, streamPosition, event } of plan.inserts) {
      let request = byStream.get(streamId);
      if (!request) {
        request = {
          streamName: streamId,
          expectedState: expectedStateFor(baseVersions.get(streamId) ?? -1),
          events: [],
        };
        byStream.set(streamId, request);
        appends.push(request);
      }
      request.events.push(toEventData(event));
      lastWritten.set(streamId, streamPosition);
    }
    for (const { streamId, streamPosition, event } of plan.inserts) {
      const marker: EventIdMarker = { streamId, streamPosition, type: event.type, dataHash: dataHash(event.data) };
      appends.push({
        streamName: eventIdStream(event.eventId),
        expectedState: NO_STREAM,
        events: [jsonEvent({ id: randomUUID(), type: EVENT_ID_MARKER_TYPE, data: { ...marker } })],
      });
    }

    try {
      await this.client.multiStreamAppend(appends);
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      return { kind: 'conflict', streamName: error.streamName, actual: revisionNumber(error.actualState) };
    }

    // The append answers one log position; the contract's position is the last event's checkpoint, which only a
    // read gives ("commit:prepare"). A retry finds the same events, so it answers the same position.
    let position = plan.latestExisting;
    const written = await Promise.all(
      [...lastWritten].map(([streamId, streamPosition]) => this.eventAt(streamId, streamPosition)),
    );
    for (const event of written) position = latest(position, event.position);
    if (position === null) throw new Error('Append produced no position');
    return { kind: 'done', result: { streams: plan.results, position }, wrote: true };
  }

  /** The stream's last revision, -1 when it does not exist. */
  private async lastRevision(streamId: string): Promise<number> {
    try {
      for await (const resolved of this.client.readStream(streamId, {
        direction: BACKWARDS,
        fromRevision: END,
        maxCount: 1,
      })) {
        if (resolved.event) return Number(resolved.event.revision);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return -1;
      throw error;
    }
    return -1;
  }

  private async eventAt(streamId: string, streamPosition: number): Promise<RecordedEvent> {
    for await (const resolved of this.client.readStream(streamId, {
      direction: FORWARDS,
      fromRevision: BigInt(streamPosition),
      maxCount: 1,
    })) {
      if (resolved.event) return toRecordedEvent(resolved.event);
    }
    throw new Error(`Stream ${streamId} has no event at ${streamPosition}`);
  }

  /** The events already stored under these ids, found through their marker streams. */
  private async findStored(eventIds: readonly string[]): Promise<Map<string, StoredEvent>> {
    const stored = new Map<string, StoredEvent>();
    for (let start = 0; start < eventIds.length; start += LOOKUP_CONCURRENCY) {
      const chunk = eventIds.slice(start, start + LOOKUP_CONCURRENCY);
      const found = await Promise.all(chunk.map((eventId) => this.findOne(eventId)));
      for (const event of found) if (event) stored.set(event.eventId.toLowerCase(), event);
    }
    return stored;
  }

  private async findOne(eventId: string): Promise<StoredEvent | null> {
    let marker: EventIdMarker | null = null;
    try {
      for await (const resolved of this.client.readStream(eventIdStream(eventId), { maxCount: 1 })) {
        marker = parseMarker(resolved.event?.data);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return null;
      throw error;
    }
    if (!marker) return null;
    const event = await this.eventAt(marker.streamId, marker.streamPosition);
    return {
      eventId,
      streamId: marker.streamId,
      streamPosition: marker.streamPosition,
      type: marker.type,
      data: marker.dataHash,
      position: event.position,
    };
  }

  async readStream(streamId: string, options: { readonly fromPosition?: number } = {}): Promise<ReadStreamResult> {
    const fromPosition = options.fromPosition ?? 0;
    if (!Number.isSafeInteger(fromPosition) || fromPosition < 0) {
      throw new TypeError(`fromPosition must be a non-negative integer: ${fromPosition}`);
    }
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, {
        direction: FORWARDS,
        fromRevision: BigInt(fromPosition),
      })) {
        if (resolved.event) events.push(toRecordedEvent(resolved.event));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return { version: -1, events: [] };
      throw error;
    }
    // Read to the end: the last event is the version these events belong to. Past the end, ask for it.
    const last = events.at(-1);
    return { version: last ? last.streamPosition : await this.lastRevision(streamId), events };
  }

  async readAll(after: Checkpoint | null, limit: number, options: ReadAllOptions = {}): Promise<ReadAllResult> {
    if (!Number.isSafeInteger(limit) || limit <= 0) throw new TypeError(`limit must be a positive integer: ${limit}`);
    const from = readPositionAfter(after);
    const wanted = options.types === undefined ? null : new Set(options.types);
    const events: RecordedEvent[] = [];
    let scanned = 0;
    let tail: Checkpoint | null = null;
    for await (const resolved of this.client.readAll({
      direction: FORWARDS,
      fromPosition: from,
      // A read from a position may return the event at it: one more, and that one is skipped below.
      maxCount: after === null ? limit : limit + 1,
      filter: READ_ALL_FILTER,
    })) {
      const event = resolved.event;
      if (!event?.position || isSystemEvent(event)) continue;
      const position = toCheckpoint(event.position);
      if (after !== null && !isAfter(position, after)) continue;
      scanned += 1;
      tail = position;
      if (wanted === null || wanted.has(event.type)) events.push(toRecordedEvent(event));
      if (scanned >= limit) break;
    }
    return { events, checkpoint: tail ?? after, scanned };
  }

  async headCheckpoint(): Promise<Checkpoint | null> {
    for await (const resolved of this.client.readAll({
      direction: BACKWARDS,
      fromPosition: END,
      maxCount: 1,
      filter: READ_ALL_FILTER,
    })) {
      const event = resolved.event;
      if (event?.position && !isSystemEvent(event)) return toCheckpoint(event.position);
    }
    return null;
  }

  /** $all is ordered by commit: nothing that commits later can take an earlier position, so nothing is held back. */
  async heldBack(): Promise<boolean> {
    return false;
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }
}

/**
 * Type-filtered reads filter here, not on the server. The client's readAll yields events only, no filter checkpoints,
 * so a server-side type filter could neither count the events it passed over (`scanned`) nor move the checkpoint past
 * them: a reader of rare types would scan the whole tail of $all on every read. The server drops system events (and
 * the id markers); the window counts every domain event looked at, as in PostgreSQL.
 */
export const READ_ALL_FILTER: Filter = excludeSystemEvents();

/** The revision the plan built on: the append expects exactly it. */
export function expectedStateFor(baseVersion: number): AppendStreamState {
  if (!Number.isSafeInteger(baseVersion) || baseVersion < -1)
    throw new TypeError(`Not a stream version: ${baseVersion}`);
  return baseVersion === -1 ? NO_STREAM : BigInt(baseVersion);
}

export function eventIdStream(eventId: string): string {
  return `${EVENT_ID_STREAM_PREFIX}${eventId.toLowerCase()}`;
}

export function toCheckpoint(position: Position): Checkpoint {
  return makeCheckpoint(position.commit, position.prepare);
}

/** Where a forward read of $all starts for a reader at `after`. */
export function readPositionAfter(after: Checkpoint | null): ReadPosition {
  if (after === null) return START;
  const parsed = parseCheckpoint(after);
  if (!parsed) throw new TypeError(`Not a KurrentDB event store checkpoint: ${after}`);
  return { commit: parsed.major, prepare: parsed.minor };
}

function isAfter(position: Checkpoint, after: Checkpoint): boolean {
  const a = parseCheckpoint(position);
  const b = parseCheckpoint(after);
  if (!a || !b) throw new Error('Invalid checkpoint');
  return a.major > b.major || (a.major === b.major && a.minor > b.minor);
}

/** System streams and events ($-prefixed: $metadata, $>, the id markers) are never a domain event. */
export function isSystemEvent(event: { readonly type: string; readonly streamId: string }): boolean {
  return event.type.startsWith('$') || event.streamId.startsWith('$');
}

/** sha256 of the data as JSON with sorted keys: equal exactly when the stored JSON values are equal. */
export function dataHash(data: unknown): string {
  return createHash('sha256')
    .update(canonicalJson(JSON.parse(JSON.stringify(data))))
    .digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonicalJson(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Multi-stream appends take metadata as string properties: the schema version and the known metadata fields. */
export function toKurrentMetadata(event: NewEvent): Record<string, string> {
  const metadata: Record<string, string> = { [SCHEMA_VERSION_KEY]: String(event.schemaVersion) };
  for (const key of METADATA_KEYS) {
    const value = event.metadata?.[key];
    if (value !== undefined) metadata[key] = value;
  }
  return metadata;
}

export function fromKurrentMetadata(metadata: unknown): { schemaVersion: number; metadata: EventMetadata } {
  const source = metadata !== null && typeof metadata === 'object' && !(metadata instanceof Uint8Array) ? metadata : {};
  const fields: { correlationId?: string; causationId?: string; actor?: string } = {};
  for (const key of METADATA_KEYS) {
    const value: unknown = Reflect.get(source, key);
    if (typeof value === 'string') fields[key] = value;
  }
  const version = Number(Reflect.get(source, SCHEMA_VERSION_KEY));
  return { schemaVersion: Number.isSafeInteger(version) && version > 0 ? version : 1, metadata: fields };
}

function toEventData(event: NewEvent) {
  return jsonEvent({
    id: event.eventId,
    type: event.type,
    data: { ...event.data },
    metadata: toKurrentMetadata(event),
  });
}

function toRecordedEvent(event: KurrentRecordedEvent): RecordedEvent {
  if (!event.position) throw new Error(`Event ${event.id} of ${event.streamId} came without its position`);
  const data: unknown = event.data;
  if (!event.isJson || data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new Error(`Event ${event.id} of ${event.streamId} is not a JSON object`);
  }
  const { schemaVersion, metadata } = fromKurrentMetadata(event.metadata);
  return {
    eventId: event.id,
    type: event.type,
    schemaVersion,
    data: { ...data },
    metadata,
    streamId: event.streamId,
    streamPosition: Number(event.revision),
    position: toCheckpoint(event.position),
    createdAt: event.created,
  };
}

function parseMarker(data: unknown): EventIdMarker | null {
  if (data === null || typeof data !== 'object') return null;
  const streamId: unknown = Reflect.get(data, 'streamId');
  const streamPosition: unknown = Reflect.get(data, 'streamPosition');
  const type: unknown = Reflect.get(data, 'type');
  const hash: unknown = Reflect.get(data, 'dataHash');
  if (typeof streamId !== 'string' || typeof type !== 'string' || typeof hash !== 'string') return null;
  if (typeof streamPosition !== 'number' || !Number.isSafeInteger(streamPosition)) return null;
  return { streamId, streamPosition, type, dataHash: hash };
}

/** The server's actual state of a stream: a revision, or no stream (-1). */
function revisionNumber(state: unknown): number {
  return typeof state === 'bigint' ? Number(state) : -1;
}

/** After every attempt lost to other writers: the error PostgreSQL would give for the same race. */
function conflictError(requests: readonly AppendRequest[], streamName: string, actual: number): Error {
  if (streamName.startsWith(EVENT_ID_STREAM_PREFIX)) {
    return new DuplicateEventError(streamName.slice(EVENT_ID_STREAM_PREFIX.length));
  }
  const request = requests.find((candidate) => candidate.streamId === streamName) ?? requests[0];
  return new ConcurrencyError(streamName, request?.expected ?? 'any', actual);
}
