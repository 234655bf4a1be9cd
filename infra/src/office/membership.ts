import { membershipStreamId, type MembershipEvent } from '@kartvizit/schemas';
import type { Person, PersonOffice } from '@kartvizit/schemas/access';
import type pg from 'pg';
import type { EventStore } from '../event-store/types.ts';
import { RM_OFFICES } from '../read-models/contract.ts';
import { isPgError } from '../db/pg-error.ts';

/**
 * A person's side of an office (decision 61): the office they are in now, their role, and the office's cards they
 * hold, folded from their `office-member-{userId}` stream. Nothing in that stream is sealed, so it is read without the
 * codec; the owner hook reads it on every owner request (one indexed read), which is what makes a removed member lose
 * the office at their next request.
 */
export interface Membership {
  readonly office: PersonOffice | null;
  /** The office's cards the person holds (empty outside an office). */
  readonly cards: readonly string[];
}

export const NO_MEMBERSHIP: Membership = { office: null, cards: [] };

export function evolveMembership(state: Membership, event: MembershipEvent): Membership {
  switch (event.type) {
    case 'MembershipStarted':
      return { office: { officeId: event.data.officeId, role: event.data.role }, cards: [] };
    case 'MembershipRoleChanged':
      return state.office ? { ...state, office: { ...state.office, role: event.data.role } } : state;
    case 'MembershipCardTaken':
      return state.cards.includes(event.data.cardId) ? state : { ...state, cards: [...state.cards, event.data.cardId] };
    case 'MembershipCardGiven':
      return { ...state, cards: state.cards.filter((cardId) => cardId !== event.data.cardId) };
    case 'MembershipEnded':
      return NO_MEMBERSHIP;
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

const MEMBERSHIP_TYPES = new Set<string>([
  'MembershipStarted',
  'MembershipRoleChanged',
  'MembershipCardTaken',
  'MembershipCardGiven',
  'MembershipEnded',
]);

/** The person's membership and the stream's version (-1: never in an office), for a write at that version. */
export async function readMembership(
  store: EventStore,
  userId: string,
): Promise<{ readonly membership: Membership; readonly version: number }> {
  const stream = await store.readStream(membershipStreamId(userId));
  let membership = NO_MEMBERSHIP;
  for (const recorded of stream.events) {
    if (MEMBERSHIP_TYPES.has(recorded.type))
      membership = evolveMembership(membership, recorded as unknown as MembershipEvent);
  }
  return { membership, version: stream.version };
}

/** What the token check tells of a session (SessionTokens.authenticate) or of a personal API token (ApiTokens). */
export interface SessionIdentity {
  readonly userId: string;
  /** Absent for a personal API token: no session is involved. */
  readonly sessionId?: string;
  readonly secondStep: boolean;
  readonly apiToken?: Person['apiToken'];
}

/**
 * Whether an office requires a second step of its members, from the offices read model (a change takes effect as
 * soon as it is projected). False when the read model is not there yet.
 */
export function officeSecondStepPolicy(pool: pg.Pool): (officeId: string) => Promise<boolean> {
  return async (officeId) => {
    try {
      const { rows } = await pool.query<{ require_second_step: boolean | null }>(
        `SELECT require_second_step FROM ${RM_OFFICES} WHERE office_id = $1`,
        [officeId],
      );
      return rows[0]?.require_second_step === true;
    } catch (error) {
      // Not built yet (42P01), or the generation still served is older than the column (42703).
      if (isPgError(error) && (error.code === '42P01' || error.code === '42703')) return false;
      throw error;
    }
  };
}

/**
 * Who a session names, with the office they are in now and whether it requires a second step: the owner hook's
 * `Authenticate` from a token check, the person's membership stream and the office's policy.
 */
export function authenticateWithOffice(
  store: EventStore,
  authenticateSession: (authorization: string | undefined) => Promise<SessionIdentity | null>,
  requiresSecondStep: (officeId: string) => Promise<boolean>,
): (authorization: string | undefined) => Promise<Person | null> {
  return async (authorization) => {
    const session = await authenticateSession(authorization);
    if (!session) return null;
    const { membership } = await readMembership(store, session.userId);
    const office = membership.office
      ? { ...membership.office, requiresSecondStep: await requiresSecondStep(membership.office.officeId) }
      : null;
    return {
      id: session.userId,
      office,
      secondStep: session.secondStep,
      ...(session.sessionId ? { sessionId: session.sessionId } : {}),
      ...(session.apiToken ? { apiToken: session.apiToken } : {}),
    };
  };
}
