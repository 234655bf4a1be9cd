import {
  MESSAGES,
  conflictError,
  membershipStreamId,
  type CardEvent,
  type MembershipCardGiven,
  type MembershipCardTaken,
} from '@kartvizit/schemas';
import type { AppendRequest, EventMetadata, EventStore } from '@kartvizit/infra/event-store/types';
import type { EventCodec } from '@kartvizit/infra/vault/event-codec';
import { readMembership } from '@kartvizit/infra/office/membership';

/**
 * The person's side of a card changing hands (decision 61): every card event that gives one of an office's cards to a
 * person appends `MembershipCardTaken` to their `office-member-{userId}` stream, and every return appends
 * `MembershipCardGiven` to the former holder's, in the same atomic write as the card's event (`HandleOptions.alsoAppend`)
 * and at the version read, so a person who left meanwhile moves the stream and the command is decided again
 * (`decideAgainWhenMoved: isMembershipStream`). Used by the card routes and the office routes alike.
 */
type MembershipCardEvent = MembershipCardTaken | MembershipCardGiven;

/** What the card events say about people's memberships, in order. */
export function membershipCardEvents(events: readonly CardEvent[]): MembershipCardEvent[] {
  const implied: MembershipCardEvent[] = [];
  for (const event of events) {
    switch (event.type) {
      case 'CardActivated':
        if (event.data.officeId !== undefined) {
          const { ownerId: userId, officeId, cardId, activatedAt: at } = event.data;
          implied.push({ type: 'MembershipCardTaken', data: { userId, officeId, cardId, at } });
        }
        break;
      case 'VirtualCardCreated':
        if (event.data.officeId !== undefined) {
          const { ownerId: userId, officeId, cardId, createdAt: at } = event.data;
          implied.push({ type: 'MembershipCardTaken', data: { userId, officeId, cardId, at } });
        }
        break;
      case 'CardAssigned': {
        const { holderId: userId, officeId, cardId, at } = event.data;
        implied.push({ type: 'MembershipCardTaken', data: { userId, officeId, cardId, at } });
        break;
      }
      case 'CardReturned': {
        const { formerHolderId: userId, officeId, cardId, at } = event.data;
        implied.push({ type: 'MembershipCardGiven', data: { userId, officeId, cardId, at } });
        break;
      }
      case 'CardProvisioned':
      case 'OfficeCardCreated':
      case 'CardDeactivated':
      case 'CardReactivated':
      case 'CardQrRegenerated':
        break;
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  }
  return implied;
}

/** A conflict on this stream means "the person's membership moved meanwhile": decide the command again. */
export function isMembershipStream(streamId: string): boolean {
  return streamId.startsWith(membershipStreamId(''));
}

/**
 * The membership streams' writes that go with these card events: one request per person, at the version read. A card
 * taken by someone whose stream no longer says that office (they left since the request began) is refused with
 * `officeNotFound`; a card given back by someone no longer in that office writes nothing (their leaving ended the
 * membership, cards and all).
 */
export async function membershipWrites(
  deps: { readonly store: EventStore; readonly codec: EventCodec },
  events: readonly CardEvent[],
  metadata?: EventMetadata,
): Promise<AppendRequest[]> {
  const byPerson = new Map<string, MembershipCardEvent[]>();
  for (const event of membershipCardEvents(events)) {
    byPerson.set(event.data.userId, [...(byPerson.get(event.data.userId) ?? []), event]);
  }
  const requests: AppendRequest[] = [];
  for (const [userId, implied] of byPerson) {
    const { membership, version } = await readMembership(deps.store, userId);
    const inOffice = implied.filter((event) => membership.office?.officeId === event.data.officeId);
    if (implied.some((event) => event.type === 'MembershipCardTaken' && !inOffice.includes(event))) {
      throw conflictError(MESSAGES.officeNotFound);
    }
    if (inOffice.length === 0) continue;
    requests.push({
      streamId: membershipStreamId(userId),
      expected: version,
      events: await Promise.all(inOffice.map((event) => deps.codec.encode(event, metadata))),
    });
  }
  return requests;
}
