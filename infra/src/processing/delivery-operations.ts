import type pg from 'pg';
import { reactionStreamId, type ReactionRetryRequested } from '@kartvizit/schemas';
import type { EventStore } from '../event-store/types.ts';
import type { EventCodec } from '../vault/event-codec.ts';

/** A dead-lettered or waiting reaction, as an operator sees it. */
export interface DeliveryProblem {
  readonly reactor: string;
  readonly eventId: string;
  readonly eventType: string;
  readonly streamId: string;
  readonly streamPosition: number;
  /** 'parked': waits behind a retrying event of its partition. */
  readonly state: 'retrying' | 'parked' | 'dead';
  readonly attempts: number;
  readonly lastError: string;
  readonly nextAttemptAt: Date | null;
}

/** The reactions that wait for a retry or were given up on, oldest first (the CLI's `reactors`). */
export async function deliveryProblems(pool: pg.Pool, reactor?: string): Promise<DeliveryProblem[]> {
  const { rows } = await pool.query<{
    reactor: string;
    event_id: string;
    event_type: string;
    stream_id: string;
    stream_position: string;
    state: 'retrying' | 'parked' | 'dead';
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
