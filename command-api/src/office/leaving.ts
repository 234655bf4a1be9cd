import {
  cardStreamId,
  membershipStreamId,
  officeStreamId,
  type CardEvent,
  type DomainEvent,
  type MembershipEvent,
} from '@kartvizit/schemas';
import type { Person } from '@kartvizit/schemas/access';
import type { AppendRequest, ExpectedVersion } from '@kartvizit/infra/event-store/types';
import { readMembership } from '@kartvizit/infra/office/membership';
import type { CommandContext } from '../core/context.ts';
import { cardDecider, returnedOnLeaving } from '../card/decider.ts';
import { cardNameClaims } from '../card/name-claims.ts';
import { officeDecider } from './decider.ts';
import { membershipCardEvents } from './membership-writes.ts';

/**
 * What a member's leaving writes besides the office's OfficeMemberLeft (decision 61), in the same atomic write: every
 * office card they hold goes back to the pool (CardReturned at the card's version) and their membership ends
 * (MembershipCardGiven per card, MembershipEnded, at the version read). A stream that moved meanwhile is decided again
 * (`movedMeanwhile`), so a card taken or a role changed in between is not lost.
 */
export function officeLeaving(context: CommandContext) {
  const { store, codec, commands } = context;
  const names = cardNameClaims(context);

  const expected = (version: number): ExpectedVersion => (version === -1 ? 'no_stream' : version);

  async function encoded(
    streamId: string,
    version: number,
    events: readonly DomainEvent[],
    actor: string,
  ): Promise<AppendRequest> {
    return {
      streamId,
      expected: expected(version),
      events: await Promise.all(events.map((event) => codec.encode(event, { actor }))),
    };
  }

  /** The cards' and the membership's writes of `userId` leaving `officeId`, and the cards that went back. */
  async function writesOfLeaving(
    officeId: string,
    userId: string,
    by: string,
    now: string,
  ): Promise<{ readonly appends: readonly AppendRequest[]; readonly returnedCards: readonly string[] }> {
    const { membership, version } = await readMembership(store, userId);
    const appends: AppendRequest[] = [];
    const returned: CardEvent[] = [];
    for (const cardId of membership.office?.officeId === officeId ? membership.cards : []) {
      const card = await commands.load(cardDecider, cardStreamId(cardId));
      const back = returnedOnLeaving(card.state, officeId, by, now);
      if (!back || back.type !== 'CardReturned' || back.data.formerHolderId !== userId) continue;
      appends.push(await encoded(cardStreamId(cardId), card.version, [back], by));
      // The name the member gave the card is theirs to use again.
      appends.push(...(await names.requestsFor([back], cardStreamId(cardId))));
      returned.push(back);
    }
    const returnedCards = returned.map((event) => event.data.cardId);
    const ended: MembershipEvent[] = [
      ...membershipCardEvents(returned),
      ...(membership.office ? [{ type: 'MembershipEnded', data: { userId, officeId, at: now } } as const] : []),
    ];
    if (ended.length > 0) appends.push(await encoded(membershipStreamId(userId), version, ended, by));
    return { appends, returnedCards };
  }

  return {
    writesOfLeaving,
    movedMeanwhile,

    /**
     * Deleting an account leaves its office first (issue 30): the office's OfficeMemberLeft, the cards back, the
     * membership ended, all to be appended with the AccountDeleted. The last Yönetici of an office with other members
     * is refused (officeLastAdmin), nothing appended; nothing to write outside an office.
     */
    async onAccountDeletion(userId: string, now: string): Promise<readonly AppendRequest[]> {
      const { membership } = await readMembership(store, userId);
      if (!membership.office) return [];
      const person: Person = { id: userId, office: membership.office };
      const { officeId } = membership.office;
      const office = await commands.load(officeDecider, officeStreamId(officeId));
      const left = officeDecider.decide(
        { type: 'LeaveOffice', data: { person, now, accountDeleted: true } },
        office.state,
      );
      const leaving = await writesOfLeaving(officeId, userId, userId, now);
      return [await encoded(officeStreamId(officeId), office.version, left, userId), ...leaving.appends];
    },
  };
}

/** Streams whose move means "decide again" in an office write: members' memberships and cards (and the office). */
export function movedMeanwhile(streamId: string): boolean {
  return streamId.startsWith('office-') || streamId.startsWith(cardStreamId(''));
}

export type OfficeLeaving = ReturnType<typeof officeLeaving>;
