import { membershipStreamId, type MembershipEvent } from '@kartvizit/schemas';
import type { Person, PersonOffice } from '@kartvizit/schemas/access';
import type { EventStore } from '../event-store/types.ts';

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

/**
 * Who a session names, with the office they are in now: the owner hook's `Authenticate` from a token check and the
 * person's membership stream.
 */
export function authenticateWithOffice(
  store: EventStore,
  authenticateId: (authorization: string | undefined) => Promise<string | null>,
): (authorization: string | undefined) => Promise<Person | null> {
  return async (authorization) => {
    const id = await authenticateId(authorization);
    if (!id) return null;
    const { membership } = await readMembership(store, id);
    return { id, office: membership.office };
  };
}
