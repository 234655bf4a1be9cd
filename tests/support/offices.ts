import { randomUUID } from 'node:crypto';
import {
  membershipStreamId,
  officeStreamId,
  type MembershipEnded,
  type MembershipStarted,
  type OfficeCreated,
  type OfficeMemberJoined,
  type OfficeMemberLeft,
  type OfficeRole,
} from '@kartvizit/schemas';
import type { Checkpoint } from '@kartvizit/infra/event-store/types';
import type { TestProduct } from './product.ts';

/**
 * An office given as events (issue 30), for suites that test what stands on offices (cards, leads, queries) without
 * going through the office routes: the same events the routes append, written in one atomic write, the office's
 * stream and each member's membership stream. The office routes' own suite creates offices through the API.
 */
export interface GivenOffice {
  readonly officeId: string;
  readonly position: Checkpoint;
}

export async function givenOffice(
  product: Pick<TestProduct, 'store' | 'codec'>,
  options: {
    readonly name?: string;
    readonly slug?: string;
    readonly members: readonly { readonly userId: string; readonly role: OfficeRole }[];
    readonly officeId?: string;
    readonly at?: string;
  },
): Promise<GivenOffice> {
  const officeId = options.officeId ?? randomUUID();
  const at = options.at ?? new Date().toISOString();
  const creator = options.members[0];
  if (!creator) throw new Error('An office is created by a member');
  const created: OfficeCreated = {
    type: 'OfficeCreated',
    data: {
      officeId,
      name: options.name ?? 'Çınar Emlak',
      slug: options.slug ?? `cinar-${officeId.slice(0, 8)}`,
      createdBy: creator.userId,
      createdAt: at,
    },
  };
  const joined = options.members.map(({ userId, role }): OfficeMemberJoined => ({
    type: 'OfficeMemberJoined',
    data: { officeId, userId, role, at },
  }));
  const memberships = options.members.map(({ userId, role }) => {
    const started: MembershipStarted = { type: 'MembershipStarted', data: { userId, officeId, role, at } };
    return started;
  });
  const result = await product.store.append([
    {
      streamId: officeStreamId(officeId),
      expected: 'no_stream',
      events: await Promise.all([created, ...joined].map((event) => product.codec.encode(event))),
    },
    ...(await Promise.all(
      memberships.map(async (event) => ({
        streamId: membershipStreamId(event.data.userId),
        expected: 'any' as const,
        events: [await product.codec.encode(event)],
      })),
    )),
  ]);
  return { officeId, position: result.position };
}

/** A member removed by `by`, as the office routes append it: the office's OfficeMemberLeft and their membership's end. */
export async function givenRemoved(
  product: Pick<TestProduct, 'store' | 'codec'>,
  officeId: string,
  userId: string,
  by: string,
): Promise<Checkpoint> {
  const at = new Date().toISOString();
  const left: OfficeMemberLeft = { type: 'OfficeMemberLeft', data: { officeId, userId, reason: 'removed', by, at } };
  const ended: MembershipEnded = { type: 'MembershipEnded', data: { userId, officeId, at } };
  const result = await product.store.append([
    { streamId: officeStreamId(officeId), expected: 'any', events: [await product.codec.encode(left)] },
    { streamId: membershipStreamId(userId), expected: 'any', events: [await product.codec.encode(ended)] },
  ]);
  return result.position;
}
