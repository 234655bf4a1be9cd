/**
 * The event store contract every adapter (PostgreSQL now, KurrentDB later) honours.
 * Features see only this file; nothing here mentions SQL.
 */

/** A domain event before it is stored: what a decider returns. */
export interface NewEvent {
  /** Unique id. Re-appending an event whose id is already stored (a retried command) is a no-op. */
  readonly eventId: string;
  readonly type: string;
  readonly schemaVersion: number;
  readonly data: Readonly<Record<string, unknown>>;
  readonly metadata?: EventMetadata;
}

export interface EventMetadata {
  readonly correlationId?: string;
  readonly causationId?: string;
  /** Who caused it: an owner id, 'system', 'visitor'. Never an IP address. */
  readonly actor?: string;
}

export interface RecordedEvent extends NewEvent {
  readonly streamId: string;
  /** 0-based position inside the stream. */
  readonly streamPosition: number;
  /** Opaque, totally ordered position in the whole store (see Checkpoint). */
  readonly position: Checkpoint;
  readonly metadata: EventMetadata;
  readonly createdAt: Date;
}

/**
 * Opaque string. Compare with `compareCheckpoints`, never as text.
 * The PostgreSQL adapter encodes "transactionId:globalPosition".
 */
export type Checkpoint = string & { readonly __checkpoint: unique symbol };

/**
 * What the writer believes about the stream before the append.
 * - 'no_stream': the stream must not exist (creation, uniqueness claims)
 * - 'stream_exists': the stream must exist, any version
 * - 'any': no check (telemetry shards)
 * - number: the stream's last position must be exactly this (-1 would mean no_stream)
 */
export type ExpectedVersion = 'no_stream' | 'stream_exists' | 'any' | number;

export interface AppendRequest {
  readonly streamId: string;
  readonly expected: ExpectedVersion;
  readonly events: readonly NewEvent[];
}

export interface AppendResult {
  /** Last stream position per stream, in request order. */
  readonly streams: readonly { readonly streamId: string; readonly version: number }[];
  /** Position of the last event written: pass to queries for read-your-writes. */
  readonly position: Checkpoint;
}

export interface ReadStreamResult {
  /** -1 when the stream does not exist. */
  readonly version: number;
  readonly events: readonly RecordedEvent[];
}

export interface ReadAllResult {
  readonly events: readonly RecordedEvent[];
  /** Where the next read continues; equals `after` when nothing new is visible. */
  readonly checkpoint: Checkpoint | null;
  /** Events the read went past: `events.length`, plus those of other types when `types` filtered. */
  readonly scanned: number;
}

export interface ReadAllOptions {
  /**
   * Only events of these types. The limit still counts every event passed over, and the checkpoint moves past
   * the skipped ones too: a reader of account events is not handed, nor made to look again at, a million visits.
   */
  readonly types?: readonly string[];
}

export interface EventStore {
  /**
   * Appends to one or more streams atomically: all or nothing.
   * Throws ConcurrencyError when an expectation fails.
   */
  append(requests: readonly AppendRequest[]): Promise<AppendResult>;
  readStream(streamId: string, options?: { readonly fromPosition?: number }): Promise<ReadStreamResult>;
  /**
   * Events in commit-safe global order after `after` (null = from the start).
   * Never returns an event while an earlier-positioned one might still commit.
   */
  readAll(after: Checkpoint | null, limit: number, options?: ReadAllOptions): Promise<ReadAllResult>;
  /** Newest checkpoint visible to readAll now (null for an empty store). */
  headCheckpoint(): Promise<Checkpoint | null>;
  /**
   * True while committed events exist that readAll does not return yet, because a transaction that began before them
   * is still open (it might still commit an earlier position). A reader that finds nothing new and this true reads
   * again soon by itself: no wake-up will come for events already appended.
   */
  heldBack(): Promise<boolean>;
  close(): Promise<void>;
}

export class ConcurrencyError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number,
  ) {
    super(`Stream ${streamId}: expected ${String(expected)}, actual ${actual}`);
    this.name = 'ConcurrencyError';
  }
}

/** An event id was re-used with different content or for another stream. */
export class DuplicateEventError extends Error {
  constructor(readonly eventId: string) {
    super(`Event ${eventId} already exists with other content`);
    this.name = 'DuplicateEventError';
  }
}
