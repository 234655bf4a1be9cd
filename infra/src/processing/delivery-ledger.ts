import type pg from 'pg';
import { reactionStreamId, type DomainEvent, type ReactionRetryRequested } from '@kartvizit/schemas';
import { DuplicateEventError, type Checkpoint, type EventStore, type RecordedEvent } from '../event-store/types.ts';
import { compareCheckpoints } from '../event-store/checkpoint.ts';
import type { EventCodec, StoredEvent } from '../vault/event-codec.ts';
import {
  DEFAULT_RETRY,
  derivedEventId,
  type ReactionOutcome,
  type ReactionOutcomes,
  type Reactor,
  type RetryPolicy,
} from './reactor.ts';

/** A row of reactor_deliveries that holds its partition (retrying or parked) or was given up on (dead). */
export interface Delivery {
  readonly eventId: string;
  readonly streamId: string;
  readonly streamPosition: number;
  readonly state: 'retrying' | 'parked' | 'dead';
  readonly partition: string;
  /** Where the event (or the retry request that brought it back) stands in the log; null on rows of older code. */
  readonly position: Checkpoint | null;
  readonly attempts: number;
  readonly nextAttemptAt: Date | null;
}

interface DeliveryRow {
  readonly event_id: string;
  readonly stream_id: string;
  readonly stream_position: string;
  readonly state: Delivery['state'];
  readonly partition: string;
  readonly position: string | null;
  readonly attempts: number;
  readonly next_attempt_at: Date | null;
}

function toDelivery(row: DeliveryRow): Delivery {
  return {
    eventId: row.event_id,
    streamId: row.stream_id,
    streamPosition: Number(row.stream_position),
    state: row.state,
    partition: row.partition,
    position: row.position as Checkpoint | null,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
  };
}

/** Partitions with parked events and none retrying: their holder was done when the process stopped. */
function stalledPartitions(rows: readonly Delivery[]): string[] {
  const retrying = new Set(rows.filter((row) => row.state === 'retrying').map((row) => row.partition));
  return [
    ...new Set(
      rows.filter((row) => row.state === 'parked' && !retrying.has(row.partition)).map((row) => row.partition),
    ),
  ];
}

/** Older code's rows (no position) first: they were the reactor's next event when it stopped. */
function inLogOrder(a: Delivery, b: Delivery): number {
  if (a.position === null || b.position === null) return a.position === null ? (b.position === null ? 0 : -1) : 1;
  return compareCheckpoints(a.position, b.position);
}

/** What the operator's row keeps of an error's text. */
const ERROR_TEXT_LIMIT = 500;

/** What a reactor's runners need to react to events and keep reactor_deliveries. */
export interface ReactionDependencies {
  readonly store: EventStore;
  readonly codec: EventCodec;
  readonly log?: (message: string) => void;
  readonly now?: () => Date;
}

/**
 * What reacts to one event and keeps its row in reactor_deliveries: meeting an event (reacted to now, or parked behind
 * its partition), the attempt, the retry with backoff, the dead letter, and a partition's release: the reactor's work
 * (reactor-work.ts) on either source (decision 42); only where the events come from, and where the place in them is
 * kept, differ.
 */
export class Reactions<E extends DomainEvent = DomainEvent> {
  readonly retry: RetryPolicy;

  constructor(
    readonly reactor: Reactor<E>,
    private readonly deps: ReactionDependencies,
  ) {
    this.retry = { ...DEFAULT_RETRY, ...reactor.retry };
  }

  get name(): string {
    return this.reactor.name;
  }

  /** Partitions reacted to at once (at least 1). */
  get concurrency(): number {
    return Math.max(1, Math.floor(this.reactor.concurrency ?? 1));
  }

  /** The event types the reactor reads: its own, and the operator's retry requests. */
  typesRead(): string[] {
    return [...this.reactor.handles, 'ReactionRetryRequested'];
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /**
   * Retries that are due, and partitions whose holder has gone (a crash mid-release): answers the rows that still wait
   * afterwards, in the log's order.
   */
  async tend(db: pg.Pool): Promise<Delivery[]> {
    const waiting = await this.waitingRows(db);
    if (waiting.length === 0) return waiting;
    for (const row of waiting) {
      if (row.state === 'retrying' && row.nextAttemptAt && row.nextAttemptAt <= this.now())
        await this.retryRow(db, row);
    }
    for (const partition of stalledPartitions(await this.waitingRows(db))) await this.release(db, partition);
    return this.waitingRows(db);
  }

  /** How long until the next retry falls due (0: now); undefined when none waits. */
  async nextDueInMs(db: pg.Pool): Promise<number | undefined> {
    const due = (await this.waitingRows(db))
      .map((row) => row.nextAttemptAt?.getTime())
      .filter((at): at is number => at !== undefined);
    return due.length > 0 ? Math.max(0, Math.min(...due) - this.now().getTime()) : undefined;
  }

  /** Partitions that wait now (a retrying or parked row): a new event of theirs is parked. */
  async blockedPartitions(db: pg.Pool): Promise<Set<string>> {
    return new Set((await this.waitingRows(db)).map((row) => row.partition));
  }

  /** An event as read (any type): met when the reactor handles it. True when it left the event waiting. */
  async meetRecorded(db: pg.Pool, recorded: RecordedEvent, blocked: Set<string>): Promise<boolean> {
    const decoded = await this.deps.codec.decode(recorded);
    const target = decoded ? await this.target(decoded) : null;
    return target ? this.meet(db, target, recorded, blocked) : false;
  }

  /**
   * A batch of the log with `concurrency` partitions in flight at once: the events grouped into one lane per
   * partition, each lane met in the log's order. True when any lane left an event waiting.
   */
  async meetInLanes(db: pg.Pool, events: readonly RecordedEvent[], blocked: Set<string>): Promise<boolean> {
    const { concurrency } = this;
    const lanes = new Map<string, { target: StoredEvent<E>; trigger: RecordedEvent }[]>();
    for (const recorded of events) {
      const decoded = await this.deps.codec.decode(recorded);
      const target = decoded ? await this.target(decoded) : null;
      if (!target) continue;
      const partition = this.partitionOf(target);
      const lane = lanes.get(partition) ?? [];
      lane.push({ target, trigger: recorded });
      lanes.set(partition, lane);
    }
    const queue = [...lanes.values()];
    let leftWaiting = false;
    const worker = async () => {
      for (let lane = queue.shift(); lane; lane = queue.shift()) {
        for (const { target, trigger } of lane) if (await this.meet(db, target, trigger, blocked)) leftWaiting = true;
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
    return leftWaiting;
  }

  partitionOf(event: StoredEvent<E>): string {
    return this.reactor.partitionOf?.(event) ?? '';
  }

  /**
   * A new event of the log (or a retry the operator asked for): reacted to now, or parked behind its partition.
   * True when it left the event waiting (parked, or for a retry).
   */
  private async meet(
    db: pg.Pool,
    target: StoredEvent<E>,
    trigger: RecordedEvent,
    blocked: Set<string>,
  ): Promise<boolean> {
    const existing = await this.deliveryOf(db, target.eventId);
    const askedAgain = trigger.eventId !== target.eventId;
    // Met again after a crash, or written by an older version of this code: it is already in hand.
    if (existing && (existing.state !== 'dead' || !askedAgain)) {
      if (existing.position === null) await this.placeRow(db, target.eventId, trigger.position);
      return false;
    }
    const partition = this.partitionOf(target);
    if (blocked.has(partition)) {
      await this.park(db, target, partition, trigger.position);
      return true;
    }
    const outcome = await this.react(db, target, partition, trigger.position, 1, trigger.position);
    if (outcome !== 'waiting') return false;
    blocked.add(partition);
    return true;
  }

  /**
   * One attempt and what follows from it: done (the row, if any, goes), a retry (the partition waits), or given up (a
   * dead letter, and the partition goes on).
   */
  private async react(
    db: pg.Pool,
    event: StoredEvent<E>,
    partition: string,
    position: Checkpoint,
    attempts: number,
    /** What brought the event to this attempt (where the event or the retry request stands): names a dead letter. */
    triggerId: string,
  ): Promise<'done' | 'waiting' | 'dead'> {
    const failure = await this.attempt(event, attempts);
    if (failure === null) {
      await db.query('DELETE FROM reactor_deliveries WHERE reactor = $1 AND event_id = $2', [this.name, event.eventId]);
      return 'done';
    }
    if (attempts < this.retry.maxAttempts) {
      // The backoff, or longer when the receiver asked for it (429 Retry-After), within an hour.
      const backoff = Math.min(this.retry.firstDelayMs * 2 ** (attempts - 1), this.retry.maxDelayMs);
      const delay = Math.max(backoff, Math.min(retryAfterMsOf(failure), RETRY_AFTER_LIMIT_MS));
      await this.recordRetry(db, event, partition, position, attempts, failure, delay);
      return 'waiting';
    }
    await this.deadLetter(db, event, partition, position, triggerId, attempts, failure);
    return 'dead';
  }

  /** A retry that fell due; when it is done or given up on, its partition's parked events follow in order. */
  private async retryRow(db: pg.Pool, row: Delivery): Promise<void> {
    const event = await this.eventOf(row);
    if (!event) {
      // The event is gone from the log (it cannot be): nothing to deliver, and nothing may wait for it.
      await db.query('DELETE FROM reactor_deliveries WHERE reactor = $1 AND event_id = $2', [this.name, row.eventId]);
    } else {
      const position = row.position ?? event.position;
      const outcome = await this.react(db, event, row.partition, position, row.attempts + 1, position);
      if (outcome === 'waiting') return;
    }
    await this.release(db, row.partition);
  }

  /** The partition's parked events, in the log's order, until one has to wait. */
  private async release(db: pg.Pool, partition: string): Promise<void> {
    const parked = (await this.waitingRows(db)).filter((row) => row.partition === partition && row.state === 'parked');
    for (const row of parked) {
      const event = await this.eventOf(row);
      if (!event) {
        await db.query('DELETE FROM reactor_deliveries WHERE reactor = $1 AND event_id = $2', [this.name, row.eventId]);
        continue;
      }
      const position = row.position ?? event.position;
      const outcome = await this.react(db, event, partition, position, row.attempts + 1, position);
      if (outcome === 'waiting') return;
    }
  }

  /** Rows that hold their partition (retrying and parked), in the log's order. */
  private async waitingRows(db: pg.Pool): Promise<Delivery[]> {
    const { rows } = await db.query<DeliveryRow>(
      `SELECT event_id, stream_id, stream_position, state, partition, position, attempts, next_attempt_at
         FROM reactor_deliveries WHERE reactor = $1 AND state <> 'dead'`,
      [this.name],
    );
    return rows.map(toDelivery).sort(inLogOrder);
  }

  private async deliveryOf(db: pg.Pool, eventId: string): Promise<Delivery | null> {
    const { rows } = await db.query<DeliveryRow>(
      `SELECT event_id, stream_id, stream_position, state, partition, position, attempts, next_attempt_at
         FROM reactor_deliveries WHERE reactor = $1 AND event_id = $2`,
      [this.name, eventId],
    );
    return rows[0] ? toDelivery(rows[0]) : null;
  }

  private async placeRow(db: pg.Pool, eventId: string, position: Checkpoint): Promise<void> {
    await db.query('UPDATE reactor_deliveries SET position = $3 WHERE reactor = $1 AND event_id = $2', [
      this.name,
      eventId,
      position,
    ]);
  }

  /** The event a row stands for, read back from its stream. */
  private async eventOf(row: Delivery): Promise<StoredEvent<E> | null> {
    const { events } = await this.deps.store.readStream(row.streamId, { fromPosition: row.streamPosition });
    const original = events[0];
    if (!original || original.eventId !== row.eventId) return null;
    const decoded = await this.deps.codec.decode(original);
    return decoded && this.handles(decoded) ? decoded : null;
  }

  /** Behind its partition's waiting event; a dead letter asked for again waits there too, with fresh attempts. */
  private async park(db: pg.Pool, event: StoredEvent<E>, partition: string, position: Checkpoint): Promise<void> {
    await this.writeDelivery(db, event, {
      state: 'parked',
      partition,
      position,
      attempts: 0,
      lastError: '',
      nextAttemptAt: null,
    });
  }

  /** The row of an event in hand: inserted, or its every column but the event's own replaced. */
  private async writeDelivery(
    db: pg.Pool,
    event: StoredEvent<E>,
    row: Pick<Delivery, 'state' | 'partition' | 'attempts' | 'nextAttemptAt'> & {
      readonly position: Checkpoint;
      readonly lastError: string;
      /** When the row is written (updated_at); now by default. */
      readonly at?: Date;
    },
  ): Promise<void> {
    await db.query(
      `INSERT INTO reactor_deliveries (reactor, event_id, event_type, stream_id, stream_position, state, partition, position, attempts, last_error, next_attempt_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       ON CONFLICT (reactor, event_id) DO UPDATE SET state = EXCLUDED.state, partition = EXCLUDED.partition,
         position = EXCLUDED.position, attempts = EXCLUDED.attempts, last_error = EXCLUDED.last_error,
         next_attempt_at = EXCLUDED.next_attempt_at, updated_at = EXCLUDED.updated_at`,
      [
        this.name,
        event.eventId,
        event.type,
        event.streamId,
        event.streamPosition,
        row.state,
        row.partition,
        row.position,
        row.attempts,
        row.lastError,
        row.nextAttemptAt,
        row.at ?? this.now(),
      ],
    );
  }

  /** The event to react to: the event itself, or for a retry asked of this reactor, the dead-lettered one it names. */
  private async target(event: StoredEvent): Promise<StoredEvent<E> | null> {
    if (event.type === 'ReactionRetryRequested') {
      const request = event as StoredEvent<ReactionRetryRequested>;
      if (request.data.reactor !== this.name) return null;
      const { events } = await this.deps.store.readStream(request.data.streamId, {
        fromPosition: request.data.streamPosition,
      });
      const original = events[0];
      if (!original || original.eventId !== request.data.eventId) return null;
      const decoded = await this.deps.codec.decode(original);
      return decoded && this.handles(decoded) ? decoded : null;
    }
    return this.handles(event) ? event : null;
  }

  private handles(event: StoredEvent): event is StoredEvent & StoredEvent<E> {
    return (this.reactor.handles as readonly string[]).includes(event.type);
  }

  /** Null when the reaction succeeded and its outcome is recorded; otherwise the error. */
  private async attempt(event: StoredEvent<E>, attempt: number): Promise<unknown> {
    try {
      const outcome = await this.reactor.react(event, { idempotencyKey: event.eventId, attempt });
      if (outcome) await this.record(outcome, event.eventId, [event.eventId]);
      return null;
    } catch (error) {
      this.deps.log?.(`${this.name}: ${event.type} ${event.eventId}, attempt ${attempt}: ${errorKind(error)}`);
      return error ?? new Error('failed');
    }
  }

  /**
   * Appends an outcome with ids derived from the reactor, the event and the place in the outcome: a
   * reaction delivered again after a crash records nothing twice. (An outcome with sealed personal
   * fields encodes differently each time, so the store calls the second one a duplicate: it is.)
   */
  private async record(
    outcomes: ReactionOutcomes,
    causationId: string,
    key: readonly (string | number)[],
  ): Promise<void> {
    const list = (Array.isArray(outcomes) ? outcomes : [outcomes]) as readonly ReactionOutcome[];
    // The first stream's events keep the ids a single outcome always had (index within it); later streams' ids also
    // name the stream's place, so two streams never derive the same id.
    const requests = await Promise.all(
      list
        .filter((outcome) => outcome.events.length > 0)
        .map(async (outcome, place) => ({
          streamId: outcome.streamId,
          expected: 'any' as const,
          events: await Promise.all(
            outcome.events.map((event, index) =>
              this.deps.codec.encode(
                event,
                { causationId, actor: 'system' },
                place === 0 ? derivedEventId(this.name, ...key, index) : derivedEventId(this.name, ...key, place, index),
              ),
            ),
          ),
        })),
    );
    if (requests.length === 0) return;
    try {
      await this.deps.store.append(requests);
    } catch (error) {
      if (!(error instanceof DuplicateEventError)) throw error;
    }
  }

  private async deadLetter(
    db: pg.Pool,
    event: StoredEvent<E>,
    partition: string,
    position: Checkpoint,
    triggerId: string,
    attempts: number,
    failure: unknown,
  ): Promise<void> {
    const at = this.now();
    // The facts first, the row last: a process stopped in between tries the event again (it is not marked dead yet)
    // and records nothing twice (the facts' ids are derived from what led to them).
    await this.record(
      {
        streamId: reactionStreamId(this.name),
        events: [
          {
            type: 'ReactionDeadLettered',
            data: {
              reactor: this.name,
              eventId: event.eventId,
              eventType: event.type,
              streamId: event.streamId,
              streamPosition: event.streamPosition,
              attempts,
              reason: errorKind(failure),
              at: at.toISOString(),
            },
          },
        ],
      },
      event.eventId,
      // The same event dead-lettered again after a retry is a new fact: its id names what led to the attempt.
      [event.eventId, 'dead', triggerId],
    );
    const outcome = await this.reactor.gaveUp?.(event);
    if (outcome) await this.record(outcome, event.eventId, [event.eventId, 'gave-up', triggerId]);
    await this.writeDelivery(db, event, {
      state: 'dead',
      partition,
      position,
      attempts,
      lastError: errorText(failure),
      nextAttemptAt: null,
    });
  }

  private async recordRetry(
    db: pg.Pool,
    event: StoredEvent<E>,
    partition: string,
    position: Checkpoint,
    attempts: number,
    failure: unknown,
    delayMs: number,
  ): Promise<void> {
    // One instant for both: the row says when the retry was decided and that the next attempt is delayMs after it.
    const at = this.now();
    await this.writeDelivery(db, event, {
      state: 'retrying',
      partition,
      position,
      attempts,
      lastError: errorText(failure),
      nextAttemptAt: new Date(at.getTime() + delayMs),
      at,
    });
  }
}

/** The longest a receiver's Retry-After may hold a reaction back. */
const RETRY_AFTER_LIMIT_MS = 60 * 60_000;

/** How long the receiver asked to be left alone: an error's `retryAfterMs` (a reactor sets it from Retry-After), or 0. */
function retryAfterMsOf(error: unknown): number {
  const asked = error && typeof error === 'object' ? (error as { retryAfterMs?: unknown }).retryAfterMs : undefined;
  return typeof asked === 'number' && Number.isFinite(asked) && asked > 0 ? asked : 0;
}

/** The error's kind for the log and the event: its code (ECONNREFUSED, EENVELOPE) or its name, never its text. */
function errorKind(error: unknown): string {
  if (error && typeof error === 'object') {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && /^[A-Za-z0-9_.-]{1,64}$/.test(code)) return code;
    const name = (error as { name?: unknown }).name;
    if (typeof name === 'string' && /^[A-Za-z0-9_.-]{1,64}$/.test(name)) return name;
  }
  return 'Error';
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? `${errorKind(error)}: ${error.message}` : errorKind(error);
  return text.slice(0, ERROR_TEXT_LIMIT);
}
