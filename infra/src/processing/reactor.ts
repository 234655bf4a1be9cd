import { createHash } from 'node:crypto';
import type pg from 'pg';
import { reactionStreamId, type DomainEvent, type ReactionRetryRequested } from '@kartvizit/schemas';
import { DuplicateEventError, type Checkpoint, type EventStore } from '../event-store/types.ts';
import type { EventCodec, StoredEvent } from '../vault/event-codec.ts';
import { Processor, type ProcessorOptions, type RoundOutcome } from './processor.ts';
import type { SharedLockSession } from './lock-session.ts';

/** How often, and how patiently, a reaction is tried before the reactor gives up on it. */
export interface RetryPolicy {
  /** Attempts in all, the first included; the last failure dead-letters the event. */
  readonly maxAttempts: number;
  /** Wait after the first failure; doubles after each one, up to `maxDelayMs`. */
  readonly firstDelayMs: number;
  readonly maxDelayMs: number;
}

/**
 * About an hour and a half of patience: a mail server down for a while delays mail and loses none.
 * (1 s, 2 s, 4 s … capped at 15 minutes; 12 attempts.)
 */
export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 12, firstDelayMs: 1_000, maxDelayMs: 15 * 60_000 };

export interface ReactionContext {
  /**
   * The same for every attempt at the same event, and different for every event: what the receiver
   * is told so that it can recognise a delivery it has already had (an SMTP Message-ID, an HTTP
   * Idempotency-Key). A reactor stopped between delivering and recording delivers again.
   */
  readonly idempotencyKey: string;
  /** 1 for the first attempt. */
  readonly attempt: number;
}

/** What a reaction achieved, as events: appended to `streamId` without a version check. */
export interface ReactionOutcome {
  readonly streamId: string;
  readonly events: readonly DomainEvent[];
}

/**
 * A process that reacts to events by calling the outside world (issue 13): e-mail now; REMS,
 * meeting providers and the Kafka relay next. It sees the events of `handles` one at a time, in
 * the log's order, at least once each: a failure is tried again with exponential backoff (later
 * events wait, so an owner's e-mails never overtake one another), and after `retry.maxAttempts` it
 * is dead-lettered (a row in reactor_deliveries and a ReactionDeadLettered event) and the reactor
 * goes on. `npm run projector -- reactors:retry <reactor> <eventId>` asks for it again.
 */
export interface Reactor<E extends DomainEvent = DomainEvent> {
  /** Stable name: the checkpoint's key, the lock's, and the `reactor-{name}` stream's. */
  readonly name: string;
  readonly handles: readonly E['type'][];
  /**
   * Where a reactor the database has never seen starts: at the log's head (the default: a mail
   * reactor deployed today must not mail last year's leads) or at its start.
   */
  readonly startAt?: 'head' | 'start';
  readonly retry?: Partial<RetryPolicy>;
  /** Throws to fail the attempt. Must not put personal data in the error's `code` or `name`. */
  react(event: StoredEvent<E>, context: ReactionContext): Promise<ReactionOutcome | void>;
}

export interface ReactorDependencies extends ProcessorOptions {
  readonly codec: EventCodec;
  /**
   * The session holding this process's reactor locks: every reactor of a process shares one
   * connection for them (decision 25). Without it, the runner holds its lock on a session of its own.
   */
  readonly lockSession?: SharedLockSession;
  /** Events read per round; the reactor still handles them one at a time. */
  readonly batchSize?: number;
  /** The reactor's clock (tests move it); defaults to the system's. */
  readonly now?: () => Date;
}

interface Delivery {
  readonly eventId: string;
  readonly attempts: number;
  readonly nextAttemptAt: Date | null;
}

/** A dead-lettered or waiting reaction, as an operator sees it. */
export interface DeliveryProblem {
  readonly reactor: string;
  readonly eventId: string;
  readonly eventType: string;
  readonly streamId: string;
  readonly streamPosition: number;
  readonly state: 'retrying' | 'dead';
  readonly attempts: number;
  readonly lastError: string;
  readonly nextAttemptAt: Date | null;
}

const DEFAULT_BATCH_SIZE = 100;
/** What the operator's row keeps of an error's text. */
const ERROR_TEXT_LIMIT = 500;

/** Runs one reactor: the shared processor's loop, with the reactor's checkpoint, retries and dead letters. */
export class ReactorRunner<E extends DomainEvent = DomainEvent> {
  private readonly processor: Processor;
  private readonly retry: RetryPolicy;
  /** Rounds of this runner one after another (the loop's, and a catchUp() beside it). */
  private rounds: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly reactor: Reactor<E>,
    private readonly deps: ReactorDependencies,
  ) {
    this.retry = { ...DEFAULT_RETRY, ...reactor.retry };
    this.processor = new Processor(reactor.name, `reactor:${reactor.name}`, () => this.catchUp(), deps);
  }

  get name(): string {
    return this.reactor.name;
  }

  start(): void {
    this.processor.start();
  }

  stop(): Promise<void> {
    return this.processor.stop();
  }

  /**
   * One round now, as the loop does it. Answers when the next retry is due, if one waits. Its
   * statements run on the pool, one at a time, so a reactor holds no connection while it waits for
   * the store, the vault or the outside world (two reactors never wait on each other's connections).
   * Instances in other processes are kept out by the processor's lock.
   */
  catchUp(): Promise<RoundOutcome | void> {
    const round = this.rounds.then(() => this.roundHoldingLock(this.deps.pool));
    this.rounds = round.catch(() => undefined);
    return round;
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  private async roundHoldingLock(db: pg.Pool): Promise<RoundOutcome | void> {
    let checkpoint = await this.checkpoint(db);
    const batchSize = this.deps.batchSize ?? DEFAULT_BATCH_SIZE;
    const types = [...this.reactor.handles, 'ReactionRetryRequested'];
    for (;;) {
      const waiting = await this.waitingDelivery(db);
      if (waiting?.nextAttemptAt && waiting.nextAttemptAt > this.now()) {
        return { wakeInMs: waiting.nextAttemptAt.getTime() - this.now().getTime() };
      }
      const { events, checkpoint: next, scanned } = await this.deps.store.readAll(checkpoint, batchSize, { types });
      if (scanned === 0) return;
      for (const recorded of events) {
        const decoded = await this.deps.codec.decode(recorded);
        const target = decoded ? await this.target(decoded) : null;
        if (target) {
          const attempts = (waiting?.eventId === target.eventId ? waiting.attempts : 0) + 1;
          const failure = await this.attempt(target, attempts);
          if (failure !== null) {
            if (attempts < this.retry.maxAttempts) {
              const delay = Math.min(this.retry.firstDelayMs * 2 ** (attempts - 1), this.retry.maxDelayMs);
              await this.recordRetry(db, target, attempts, failure, new Date(this.now().getTime() + delay));
              return { wakeInMs: delay };
            }
            await this.deadLetter(db, target, recorded.eventId, attempts, failure);
          } else {
            await db.query('DELETE FROM reactor_deliveries WHERE reactor = $1 AND event_id = $2', [
              this.name,
              target.eventId,
            ]);
          }
        }
        checkpoint = recorded.position;
        await this.saveCheckpoint(db, checkpoint);
      }
      // Past the events of other types the read skipped, too.
      checkpoint = next;
      await this.saveCheckpoint(db, checkpoint);
      if (scanned < batchSize) return;
    }
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
      if (outcome && outcome.events.length > 0) await this.record(outcome, event.eventId, [event.eventId]);
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
    outcome: ReactionOutcome,
    causationId: string,
    key: readonly (string | number)[],
  ): Promise<void> {
    const encoded = await Promise.all(
      outcome.events.map((event, index) =>
        this.deps.codec.encode(event, { causationId, actor: 'system' }, derivedEventId(this.name, ...key, index)),
      ),
    );
    try {
      await this.deps.store.append([{ streamId: outcome.streamId, expected: 'any', events: encoded }]);
    } catch (error) {
      if (!(error instanceof DuplicateEventError)) throw error;
    }
  }

  private async deadLetter(
    db: pg.Pool,
    event: StoredEvent<E>,
    triggerId: string,
    attempts: number,
    failure: unknown,
  ): Promise<void> {
    const at = this.now();
    await db.query(
      `INSERT INTO reactor_deliveries (reactor, event_id, event_type, stream_id, stream_position, state, attempts, last_error, next_attempt_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, 'dead', $6, $7, NULL, $8)
       ON CONFLICT (reactor, event_id) DO UPDATE SET state = 'dead', attempts = EXCLUDED.attempts,
         last_error = EXCLUDED.last_error, next_attempt_at = NULL, updated_at = EXCLUDED.updated_at`,
      [this.name, event.eventId, event.type, event.streamId, event.streamPosition, attempts, errorText(failure), at],
    );
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
  }

  private async recordRetry(
    db: pg.Pool,
    event: StoredEvent<E>,
    attempts: number,
    failure: unknown,
    nextAttemptAt: Date,
  ): Promise<void> {
    await db.query(
      `INSERT INTO reactor_deliveries (reactor, event_id, event_type, stream_id, stream_position, state, attempts, last_error, next_attempt_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, 'retrying', $6, $7, $8, $9)
       ON CONFLICT (reactor, event_id) DO UPDATE SET state = 'retrying', attempts = EXCLUDED.attempts,
         last_error = EXCLUDED.last_error, next_attempt_at = EXCLUDED.next_attempt_at, updated_at = EXCLUDED.updated_at`,
      [
        this.name,
        event.eventId,
        event.type,
        event.streamId,
        event.streamPosition,
        attempts,
        errorText(failure),
        nextAttemptAt,
        this.now(),
      ],
    );
  }

  private async waitingDelivery(db: pg.Pool): Promise<Delivery | null> {
    const { rows } = await db.query<{ event_id: string; attempts: number; next_attempt_at: Date | null }>(
      `SELECT event_id, attempts, next_attempt_at FROM reactor_deliveries WHERE reactor = $1 AND state = 'retrying'`,
      [this.name],
    );
    const row = rows[0];
    return row ? { eventId: row.event_id, attempts: row.attempts, nextAttemptAt: row.next_attempt_at } : null;
  }

  private async checkpoint(db: pg.Pool): Promise<Checkpoint | null> {
    const { rows } = await db.query<{ checkpoint: string | null }>(
      'SELECT checkpoint FROM reactor_checkpoints WHERE name = $1',
      [this.name],
    );
    if (rows[0]) return rows[0].checkpoint as Checkpoint | null;
    const start = this.reactor.startAt === 'start' ? null : await this.deps.store.headCheckpoint();
    await db.query('INSERT INTO reactor_checkpoints (name, checkpoint) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
      this.name,
      start,
    ]);
    return start;
  }

  private async saveCheckpoint(db: pg.Pool, checkpoint: Checkpoint | null): Promise<void> {
    await db.query('UPDATE reactor_checkpoints SET checkpoint = $2, updated_at = now() WHERE name = $1', [
      this.name,
      checkpoint,
    ]);
  }
}

/** The reactions that wait for a retry or were given up on, oldest first (the CLI's `reactors`). */
export async function deliveryProblems(pool: pg.Pool, reactor?: string): Promise<DeliveryProblem[]> {
  const { rows } = await pool.query<{
    reactor: string;
    event_id: string;
    event_type: string;
    stream_id: string;
    stream_position: string;
    state: 'retrying' | 'dead';
    attempts: number;
    last_error: string;
    next_attempt_at: Date | null;
  }>(
    `SELECT reactor, event_id, event_type, stream_id, stream_position, state, attempts, last_error, next_attempt_at
       FROM reactor_deliveries WHERE $1::text IS NULL OR reactor = $1 ORDER BY updated_at, event_id`,
    [reactor ?? null],
  );
  return rows.map((row) => ({
    reactor: row.reactor,
    eventId: row.event_id,
    eventType: row.event_type,
    streamId: row.stream_id,
    streamPosition: Number(row.stream_position),
    state: row.state,
    attempts: row.attempts,
    lastError: row.last_error,
    nextAttemptAt: row.next_attempt_at,
  }));
}

/**
 * The command that asks a reactor to try a dead-lettered event again: it appends
 * ReactionRetryRequested, which the reactor meets in the log's order like any other event. Answers
 * false when the reactor has no such dead letter.
 */
export async function requestRetry(
  deps: { pool: pg.Pool; store: EventStore; codec: EventCodec; now?: () => Date },
  reactor: string,
  eventId: string,
): Promise<boolean> {
  const problems = await deliveryProblems(deps.pool, reactor);
  const dead = problems.find((problem) => problem.eventId === eventId && problem.state === 'dead');
  if (!dead) return false;
  const event: ReactionRetryRequested = {
    type: 'ReactionRetryRequested',
    data: {
      reactor,
      eventId,
      streamId: dead.streamId,
      streamPosition: dead.streamPosition,
      at: (deps.now?.() ?? new Date()).toISOString(),
    },
  };
  await deps.store.append([
    {
      streamId: reactionStreamId(reactor),
      expected: 'any',
      events: [await deps.codec.encode(event, { actor: 'system' })],
    },
  ]);
  return true;
}

/** A UUID (version 8, RFC 9562) named by its parts: the same parts, the same id. */
export function derivedEventId(...parts: readonly (string | number)[]): string {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
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
