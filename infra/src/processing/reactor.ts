import { createHash } from 'node:crypto';
import type { DomainEvent } from '@kartvizit/schemas';
import type { StoredEvent } from '../vault/event-codec.ts';

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
 * One outcome, or several on different streams (a webhook fan-out requests one delivery per endpoint, each in its own
 * stream): all are appended in one atomic append, with ids derived from their place, so a reaction done again after a
 * crash records nothing twice.
 */
export type ReactionOutcomes = ReactionOutcome | readonly ReactionOutcome[];

/**
 * A process that reacts to events by calling the outside world (issue 13): e-mail now; REMS,
 * meeting providers and the Kafka relay next. It sees the events of `handles` one at a time, in
 * the log's order, at least once each: a failure is tried again with exponential backoff (later
 * events of its partition wait, so an owner's e-mails never overtake one another; other partitions
 * go on, see `partitionOf`), and after `retry.maxAttempts` it
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
  /**
   * Which events keep their order among themselves (an owner's, for a reactor that calls each owner's own service):
   * a failing event holds back only the later events of its partition, which wait as parked rows while every other
   * partition goes on (decision 32). Unset: one partition, the whole log in order.
   */
  partitionOf?(event: StoredEvent<E>): string;
  /**
   * How many partitions are reacted to at once (a partition's events always one after another, in the log's order):
   * a receiver that answers slowly (REMS in 200 ms) then serves many owners at a time instead of one. Above 1 the
   * checkpoint moves once the whole batch read is handled, so a process stopped mid-batch reacts again to what that
   * batch had done: only for a receiver that de-duplicates by the idempotency key. Default 1 (the checkpoint moves
   * after each event: an e-mail is sent again only if the process stopped between sending and the checkpoint).
   */
  readonly concurrency?: number;
  /**
   * What giving up on an event means to the feature (a registration failed for good): its outcome is recorded with
   * the dead letter, before the event is marked dead. Unset: the dead letter alone.
   */
  gaveUp?(event: StoredEvent<E>): Promise<ReactionOutcomes | void>;
  /**
   * Throws to fail the attempt. Must not put personal data in the error's `code` or `name`. An error with a numeric
   * `retryAfterMs` (from a receiver's Retry-After) holds the next attempt back at least that long (at most an hour).
   */
  react(event: StoredEvent<E>, context: ReactionContext): Promise<ReactionOutcomes | void>;
}

/** A UUID (version 8, RFC 9562) named by its parts: the same parts, the same id. */
export function derivedEventId(...parts: readonly (string | number)[]): string {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
