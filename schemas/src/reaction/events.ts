import type { EventRegistry } from '../common/event-type-info.ts';

/**
 * What the reactors (infra/src/processing/, decision 55) record about themselves. A reactor reacts to
 * events by calling something outside (a mail server, REMS, a meeting provider, Kafka); what a
 * reaction achieved is the feature's own event (an e-mail sent…), and these two are the ones every
 * reactor shares: giving up on an event, and an operator asking for it to be tried again.
 *
 * Nothing personal: an event is named by its id and type, and a failure by its kind, never by the
 * error's text (a mail server's refusal can quote the recipient's address).
 */
export interface ReactionDeadLettered {
  readonly type: 'ReactionDeadLettered';
  readonly data: {
    readonly reactor: string;
    /** The event the reactor gave up on, and where it is in the log. */
    readonly eventId: string;
    readonly eventType: string;
    readonly streamId: string;
    readonly streamPosition: number;
    readonly attempts: number;
    /** The error's kind: its `code` when it has one (ECONNREFUSED, EENVELOPE), else its name. */
    readonly reason: string;
    readonly at: string;
  };
}

/** A command asked a reactor to try a dead-lettered event again (`npm run projector -- reactors:retry`). */
export interface ReactionRetryRequested {
  readonly type: 'ReactionRetryRequested';
  readonly data: {
    readonly reactor: string;
    readonly eventId: string;
    readonly streamId: string;
    readonly streamPosition: number;
    readonly at: string;
  };
}

export type ReactionEvent = ReactionDeadLettered | ReactionRetryRequested;

export const REACTION_EVENT_TYPES: EventRegistry<ReactionEvent> = {
  ReactionDeadLettered: { schemaVersion: 1 },
  ReactionRetryRequested: { schemaVersion: 1 },
};

/** One stream per reactor for what it records about itself. */
export function reactionStreamId(reactor: string): string {
  return `reactor-${reactor}`;
}
