import type pg from 'pg';
import { isPgError, UNIQUE_VIOLATION } from '../db/pg-error.ts';
import { announceAppended, latest, planAppend, validateAppend, type StoredEvent } from './append-plan.ts';
import { makeCheckpoint, parseCheckpoint } from './checkpoint.ts';
import { ConcurrencyError, DuplicateEventError } from './types.ts';
import type {
  AppendRequest,
  AppendResult,
  Checkpoint,
  EventMetadata,
  EventStore,
  ReadAllOptions,
  ReadAllResult,
  ReadStreamResult,
  RecordedEvent,
} from './types.ts';

export interface PostgresEventStoreOptions {
  readonly pool: pg.Pool;
  /**
   * Called after every commit that wrote events; must not throw (it only wakes readers). The runtime passes the signal
   * bus's coalesced publish of 'events_appended' (docs/decisions/0041-event-store-adapters.md).
   */
  readonly onAppended?: () => void;
}

/** Rows per INSERT: keeps each statement's arrays and the server's memory for it bounded. */
const INSERT_CHUNK_SIZE = 5_000;
/** An event-id race (same id, two streams, concurrently) is re-run once the winner has committed. */
const MAX_ATTEMPTS = 3;

// Read as text: bigint and xid8 exceed JavaScript numbers. ORDER BY must then name the columns
// qualified (events.global_position), or PostgreSQL sorts by these text aliases: '10' < '9'.
const EVENT_COLUMNS = `transaction_id::text as transaction_id, global_position::text as global_position,
  stream_id, stream_position::text as stream_position, event_id, type, schema_version, data, metadata, created_at`;

// Locks every stream of the append in one sorted pass, so two multi-stream appends cannot
// deadlock. ON CONFLICT DO UPDATE locks the existing row even when it changes nothing, and a
// concurrent creator of the same new stream waits here for us to commit or roll back.
const LOCK_STREAMS_SQL = `
  insert into streams (stream_id, version)
  select stream_id, -1 from unnest($1::text[]) as locking(stream_id) order by stream_id
  on conflict (stream_id) do update set version = streams.version
  returning stream_id, version::text as version`;

const FIND_EXISTING_SQL = `
  select ${EVENT_COLUMNS} from events where event_id = any($1::uuid[])`;

// The batch travels as one JSON array (one JSON.stringify here, parsed by the server) rather than seven array
// literals the driver would escape element by element. One row comes back: the last position written.
const INSERT_EVENTS_SQL = `
  with inserted as (
    insert into events (stream_id, stream_position, event_id, type, schema_version, data, metadata)
    select event->>'streamId', (event->>'streamPosition')::bigint, (event->>'eventId')::uuid, event->>'type',
      (event->>'schemaVersion')::integer, event->'data', event->'metadata'
    from jsonb_array_elements($1::jsonb) with ordinality as batch(event, ord)
    order by ord
    returning transaction_id, global_position
  )
  select transaction_id::text as transaction_id, global_position::text as global_position
  from inserted order by inserted.global_position desc limit 1`;

// Readers are woken after the commit, through onAppended and the signal bus, not from inside the transaction: the
// store then wakes them the same way whichever bus (or none) the process uses.
const FINISH_APPEND_SQL = `
  update streams set version = batch.version
  from unnest($1::text[], $2::bigint[]) as batch(stream_id, version)
  where streams.stream_id = batch.stream_id`;

const READ_STREAM_SQL = `
  select streams.version::text as stream_version, streams.stream_id,
    events.transaction_id::text as transaction_id, events.global_position::text as global_position,
    events.stream_position::text as stream_position, events.event_id, events.type, events.schema_version,
    events.data, events.metadata, events.created_at
  from streams
  left join events on events.stream_id = streams.stream_id and events.stream_position >= $2
  where streams.stream_id = $1
  order by events.stream_position`;

// A transaction id below the snapshot's xmin belongs to a transaction that has finished, and so
// does every smaller one: nothing can still commit before these events. Committed events of
// younger transactions wait for the next read instead of being skipped for good.
const READ_ALL_SQL = `
  select ${EVENT_COLUMNS} from events
  where (transaction_id, global_position) > ($1::xid8, $2::bigint)
    and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
  order by events.transaction_id, events.global_position
  limit $3`;

// The same window of events, but only the given types come back; every row carries the position of the last
// event looked at (the window's tail), where the next read continues. No event looked at: no row.
const READ_ALL_OF_TYPES_SQL = `
  with scanned as materialized (
    select * from events
    where (transaction_id, global_position) > ($1::xid8, $2::bigint)
      and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
    order by events.transaction_id, events.global_position
    limit $3
  ), tail as (
    select transaction_id, global_position from scanned
    order by scanned.transaction_id desc, scanned.global_position desc
    limit 1
  )
  select tail.transaction_id::text as tail_transaction_id, tail.global_position::text as tail_global_position,
    (select count(*) from scanned)::integer as scanned, matched.*
  from tail left join lateral (
    select ${EVENT_COLUMNS}, transaction_id as order_xid, global_position as order_position
    from scanned where type = any($4::text[])
  ) as matched on true
  order by matched.order_xid, matched.order_position`;

const HEAD_SQL = `
  select transaction_id::text as transaction_id, global_position::text as global_position from events
  where transaction_id < pg_snapshot_xmin(pg_current_snapshot())
  order by events.transaction_id desc, events.global_position desc
  limit 1`;

// Committed events at or past the readers' horizon: readAll holds them back until the older transactions end. Asked
// as "is the newest event's transaction at or past it", one step down the (transaction_id, global_position) index.
// Asked as `exists (… where transaction_id >= xmin)`, the planner guessed a third of the log matches and scanned the
// table: every runner asks after each catch-up, and under the beacon bench's load that was most of PostgreSQL's CPU.
export const HELD_BACK_SQL = `
  select coalesce(
    (select transaction_id from events order by transaction_id desc limit 1) >= pg_snapshot_xmin(pg_current_snapshot()),
    false) as held_back`;

interface EventRow {
  readonly transaction_id: string;
  readonly global_position: string;
  readonly stream_id: string;
  readonly stream_position: string;
  readonly event_id: string;
  readonly type: string;
  readonly schema_version: number;
  readonly data: Readonly<Record<string, unknown>>;
  readonly metadata: EventMetadata | null;
  readonly created_at: Date;
}

interface TailRow {
  readonly tail_transaction_id: string;
  readonly tail_global_position: string;
  readonly scanned: number;
}

interface PositionRow {
  readonly transaction_id: string;
  readonly global_position: string;
}

/** Another append stored one of our event ids between our check and our insert. */
class EventIdRace extends Error {
  constructor(readonly eventId: string | null) {
    super(`Event id ${eventId ?? '(unknown)'} was stored concurrently`);
  }
}

export class PostgresEventStore implements EventStore {
  private readonly pool: pg.Pool;
  private readonly onAppended: (() => void) | undefined;

  constructor(options: PostgresEventStoreOptions) {
    this.pool = options.pool;
    this.onAppended = options.onAppended;
  }

  async append(requests: readonly AppendRequest[]): Promise<AppendResult> {
    validateAppend(requests);
    // Appends that expect nothing of their streams (visits, clicks) try first without looking their event ids up:
    // the unique index still refuses a repeated id, and the next attempt looks them up to answer the retry.
    const optimistic = requests.every((request) => request.expected === 'any');
    const attempts = MAX_ATTEMPTS + (optimistic ? 1 : 0);
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.appendOnce(requests, { lookUpEventIds: !optimistic || attempt > 1 });
      } catch (error) {
        if (!(error instanceof EventIdRace)) throw error;
        if (attempt >= attempts) throw new DuplicateEventError(error.eventId ?? 'unknown');
      }
    }
  }

  private async appendOnce(
    requests: readonly AppendRequest[],
    options: { readonly lookUpEventIds: boolean },
  ): Promise<AppendResult> {
    const client = await this.pool.connect();
    let brokenConnection: Error | undefined;
    const baseVersions = new Map<string, number>();
    let outcome: { result: AppendResult; wrote: boolean };
    try {
      await client.query('begin');
      outcome = await appendInTransaction(client, requests, baseVersions, options.lookUpEventIds);
      await client.query('commit');
    } catch (error) {
      try {
        await client.query('rollback');
      } catch (rollbackError) {
        brokenConnection = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
      }
      throw await this.explain(error, requests, baseVersions);
    } finally {
      client.release(brokenConnection);
    }
    if (outcome.wrote) announceAppended(this.onAppended);
    return outcome.result;
  }

  /** Unique violations from a race become the domain errors the contract promises. */
  private async explain(
    error: unknown,
    requests: readonly AppendRequest[],
    baseVersions: ReadonlyMap<string, number>,
  ): Promise<unknown> {
    if (!isPgError(error) || error.code !== UNIQUE_VIOLATION) return error;
    if (error.constraint === 'events_event_id_key') {
      const detail = 'detail' in error && typeof error.detail === 'string' ? error.detail : '';
      return new EventIdRace(/\(event_id\)=\(([^)]+)\)/.exec(detail)?.[1] ?? null);
    }
    if (error.constraint !== 'events_pkey') return error;

    // Someone wrote to a stream without holding its streams row: report the stream that moved.
    const streamIds = [...new Set(requests.map((request) => request.streamId))];
    const { rows } = await this.pool.query<{ stream_id: string; version: string }>(
      `select stream_id, max(stream_position)::text as version from events
       where stream_id = any($1::text[]) group by stream_id`,
      [streamIds],
    );
    const actual = new Map(rows.map((row) => [row.stream_id, Number(row.version)]));
    const moved =
      requests.find((request) => (actual.get(request.streamId) ?? -1) !== baseVersions.get(request.streamId)) ??
      requests[0];
    if (!moved) return error;
    return new ConcurrencyError(moved.streamId, moved.expected, actual.get(moved.streamId) ?? -1);
  }

  async readStream(streamId: string, options: { readonly fromPosition?: number } = {}): Promise<ReadStreamResult> {
    const fromPosition = options.fromPosition ?? 0;
    if (!Number.isSafeInteger(fromPosition) || fromPosition < 0) {
      throw new TypeError(`fromPosition must be a non-negative integer: ${fromPosition}`);
    }
    // One statement, one snapshot: the version always matches the events returned with it.
    const { rows } = await this.pool.query<{ stream_version: string } & Nullable<EventRow>>(READ_STREAM_SQL, [
      streamId,
      fromPosition,
    ]);
    const first = rows[0];
    if (!first) return { version: -1, events: [] };
    const events = rows.flatMap((row) => (isEventRow(row) ? [toRecordedEvent(row)] : []));
    return { version: Number(first.stream_version), events };
  }

  async readAll(after: Checkpoint | null, limit: number, options: ReadAllOptions = {}): Promise<ReadAllResult> {
    if (!Number.isSafeInteger(limit) || limit <= 0) throw new TypeError(`limit must be a positive integer: ${limit}`);
    const from = after === null ? { major: 0n, minor: 0n } : parseCheckpoint(after);
    if (!from) throw new TypeError(`Not a PostgreSQL event store checkpoint: ${after}`);
    const window = [from.major.toString(), from.minor.toString(), limit];
    if (options.types === undefined) {
      const { rows } = await this.pool.query<EventRow>(READ_ALL_SQL, window);
      const events = rows.map(toRecordedEvent);
      return { events, checkpoint: events.at(-1)?.position ?? after, scanned: events.length };
    }
    const { rows } = await this.pool.query<TailRow & Nullable<EventRow>>(READ_ALL_OF_TYPES_SQL, [
      ...window,
      [...options.types],
    ]);
    const tail = rows[0];
    if (!tail) return { events: [], checkpoint: after, scanned: 0 };
    const events = rows.flatMap((row) => (isEventRow(row) ? [toRecordedEvent(row)] : []));
    return {
      events,
      checkpoint: makeCheckpoint(tail.tail_transaction_id, tail.tail_global_position),
      scanned: tail.scanned,
    };
  }

  async headCheckpoint(): Promise<Checkpoint | null> {
    const { rows } = await this.pool.query<PositionRow>(HEAD_SQL);
    const head = rows[0];
    return head ? makeCheckpoint(head.transaction_id, head.global_position) : null;
  }

  async heldBack(): Promise<boolean> {
    const { rows } = await this.pool.query<{ held_back: boolean }>(HELD_BACK_SQL);
    return rows[0]?.held_back === true;
  }

  /** The pool belongs to whoever opened the database; projections share it. */
  async close(): Promise<void> {}
}

async function appendInTransaction(
  client: pg.PoolClient,
  requests: readonly AppendRequest[],
  baseVersions: Map<string, number>,
  lookUpEventIds: boolean,
): Promise<{ result: AppendResult; wrote: boolean }> {
  const streamIds = [...new Set(requests.map((request) => request.streamId))];
  const locked = await client.query<{ stream_id: string; version: string }>(LOCK_STREAMS_SQL, [streamIds]);
  for (const row of locked.rows) baseVersions.set(row.stream_id, Number(row.version));

  const stored = new Map<string, StoredEvent>();
  if (lookUpEventIds) {
    const eventIds = requests.flatMap((request) => request.events.map((event) => event.eventId));
    const existing = await client.query<EventRow>(FIND_EXISTING_SQL, [eventIds]);
    for (const row of existing.rows) {
      const recorded = toRecordedEvent(row);
      stored.set(row.event_id.toLowerCase(), { ...recorded, eventId: row.event_id });
    }
  }

  const plan = planAppend(requests, baseVersions, stored);
  let written: Checkpoint | null = null;
  for (let start = 0; start < plan.inserts.length; start += INSERT_CHUNK_SIZE) {
    const chunk = plan.inserts.slice(start, start + INSERT_CHUNK_SIZE);
    const batch = chunk.map(({ streamId, streamPosition, event }) => ({
      streamId,
      streamPosition,
      eventId: event.eventId,
      type: event.type,
      schemaVersion: event.schemaVersion,
      data: event.data,
      metadata: event.metadata ?? {},
    }));
    const inserted = await client.query<PositionRow>(INSERT_EVENTS_SQL, [JSON.stringify(batch)]);
    for (const row of inserted.rows) written = latest(written, makeCheckpoint(row.transaction_id, row.global_position));
  }

  if (plan.inserts.length > 0) {
    // Inserts are planned in stream order, so the last one per stream is its new version.
    const newVersions = new Map(plan.inserts.map((row) => [row.streamId, row.streamPosition]));
    await client.query(FINISH_APPEND_SQL, [[...newVersions.keys()], [...newVersions.values()]]);
  }

  const position = latest(written, plan.latestExisting);
  if (position === null) throw new Error('Append produced no position');
  return { result: { streams: plan.results, position }, wrote: written !== null };
}

type Nullable<T> = { readonly [K in keyof T]: T[K] | null };

function isEventRow(row: Nullable<EventRow>): row is EventRow {
  return row.event_id !== null;
}

function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    eventId: row.event_id,
    type: row.type,
    schemaVersion: row.schema_version,
    data: row.data,
    metadata: row.metadata ?? {},
    streamId: row.stream_id,
    streamPosition: Number(row.stream_position),
    position: makeCheckpoint(row.transaction_id, row.global_position),
    createdAt: row.created_at,
  };
}
