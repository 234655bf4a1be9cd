import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  membershipStreamId,
  officeStreamId,
  type AccountDeleted,
  type MembershipCardGiven,
  type MembershipCardTaken,
  type MembershipEnded,
  type OfficeEvent,
} from '@kartvizit/schemas';
import { newOfficeDetails } from '@kartvizit/schemas/office/rules';
import { createTestDatabase, type TestDatabase } from '@kartvizit/infra/db/test-database';
import { projectionSpecification } from '../core/projection-specification.ts';
import { officesProjection } from './offices-projection.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

type Given = OfficeEvent | MembershipCardTaken | MembershipCardGiven | MembershipEnded;

const spec = projectionSpecification(officesProjection, {
  pool: () => database.pool,
  streamOf: (event) =>
    event.type.startsWith('Membership')
      ? membershipStreamId((event as MembershipEnded).data.userId)
      : officeStreamId(event.data.officeId),
});

// Ids in the order the tables' keys sort them.
const officeId = '0ff1ce00-0000-4000-8000-000000000001';
const ayse = 'a0000000-0000-4000-8000-00000000a15e'; // the admin who creates it
const bora = 'b0000000-0000-4000-8000-00000000b02a'; // an agent
const invitationOne = 'c0000000-0000-4000-8000-000000000001';
const invitationTwo = 'c0000000-0000-4000-8000-000000000002';
const day = (n: number, hour = 9) =>
  `2026-03-${String(n).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00.000Z`;

const created: Given[] = [
  {
    type: 'OfficeCreated',
    data: { officeId, name: 'Çınar Emlak', slug: 'cinar-emlak', createdBy: ayse, createdAt: day(1) },
  },
  { type: 'OfficeMemberJoined', data: { officeId, userId: ayse, role: 'admin', at: day(1) } },
];
const invited = (invitationId: string, email: string, at: string): Given => ({
  type: 'OfficeInvitationSent',
  data: {
    officeId,
    invitationId,
    email,
    role: 'agent',
    expiresAt: day(Number(at.slice(8, 10)) + 7),
    invitedBy: ayse,
    at,
  },
});
const boraJoins: Given[] = [
  { type: 'OfficeInvitationAccepted', data: { officeId, invitationId: invitationTwo, userId: bora, at: day(3) } },
  { type: 'OfficeMemberJoined', data: { officeId, userId: bora, role: 'agent', at: day(3) } },
];
const cardTaken = (cardId: string, at: string): Given => ({
  type: 'MembershipCardTaken',
  data: { userId: bora, officeId, cardId, at },
});
const cardGiven = (cardId: string, at: string): Given => ({
  type: 'MembershipCardGiven',
  data: { userId: bora, officeId, cardId, at },
});
const boraRemoved: Given = {
  type: 'OfficeMemberLeft',
  data: { officeId, userId: bora, reason: 'removed', by: ayse, at: day(6) },
};
/** A history line as the table has it. */
const line = (
  streamPosition: number,
  type: string,
  actorId: string | null,
  subjectId: string | null,
  role: string | null = null,
) => ({
  stream_position: streamPosition,
  type,
  actor_id: actorId,
  subject_id: subjectId,
  role,
});
const member = (userId: string, role: string, joinedAt: string, leftAt: string | null = null) => ({
  user_id: userId,
  role,
  joined_at: joinedAt,
  left_at: leftAt,
});
const invitation = (invitationId: string, email: string, status: string, invitedBy: string | null) => ({
  invitation_id: invitationId,
  email,
  status,
  invited_by: invitedBy,
});
const boraDeleted: AccountDeleted = { type: 'AccountDeleted', data: { userId: bora, deletedAt: day(7) } };

describe('the offices projection', () => {
  it('given an office created, when its admin names, brands and templates it, then one row holds it all and the history tells each change', async () => {
    const details = {
      ...newOfficeDetails('Çınar Emlak Merkez'),
      company: 'Çınar Gayrimenkul A.Ş.',
      licenceNumber: '3400123',
    };
    await spec
      .given(created)
      .when([
        { type: 'OfficeDetailsChanged', data: { officeId, details, changedBy: ayse, at: day(2) } },
        { type: 'OfficeLogoChanged', data: { officeId, logoUrl: '/media/logo.webp', changedBy: ayse, at: day(2, 10) } },
        {
          type: 'OfficeTemplateChanged',
          data: { officeId, fields: ['company', 'companyLogo'], locked: ['company'], changedBy: ayse, at: day(2, 11) },
        },
      ])
      .then({
        offices: [
          {
            office_id: officeId,
            slug: 'cinar-emlak',
            details,
            logo_url: '/media/logo.webp',
            template: { fields: ['company', 'companyLogo'], locked: ['company'] },
            created_at: day(1),
            updated_at: day(2, 11),
            last_stream_position: 4,
          },
        ],
        office_members: [{ office_id: officeId, user_id: ayse, role: 'admin', joined_at: day(1), left_at: null }],
        office_history: [
          line(0, 'created', ayse, null),
          line(1, 'joined', ayse, ayse, 'admin'),
          line(2, 'details-changed', ayse, null),
          line(3, 'logo-changed', ayse, null),
          line(4, 'template-changed', ayse, null),
        ],
      });
  });

  it('given two invitations, when one is revoked and the other accepted, then each shows where it stands, opened from the sealed event, and the invitee is a member', async () => {
    await spec
      .given(created, [
        invited(invitationOne, 'eski@example.com', day(2)),
        invited(invitationTwo, 'bora@example.com', day(2, 10)),
      ])
      .when([
        {
          type: 'OfficeInvitationRevoked',
          data: { officeId, invitationId: invitationOne, revokedBy: ayse, at: day(2, 12) },
        },
        ...boraJoins,
      ])
      .then({
        office_invitations: [
          {
            invitation_id: invitationOne,
            office_id: officeId,
            email: 'eski@example.com',
            role: 'agent',
            status: 'revoked',
            expires_at: day(9),
            created_at: day(2),
            invited_by: ayse,
          },
          {
            invitation_id: invitationTwo,
            office_id: officeId,
            email: 'bora@example.com',
            role: 'agent',
            status: 'accepted',
            expires_at: day(9),
            created_at: day(2, 10),
            invited_by: ayse,
          },
        ],
        office_members: [member(ayse, 'admin', day(1)), member(bora, 'agent', day(3))],
        office_history: [
          line(0, 'created', ayse, null),
          line(1, 'joined', ayse, ayse, 'admin'),
          line(2, 'invited', ayse, invitationOne, 'agent'),
          line(3, 'invited', ayse, invitationTwo, 'agent'),
          line(4, 'invitation-revoked', ayse, invitationOne),
          // The acceptance (5) is told by the 'joined' line after it.
          line(6, 'joined', bora, bora, 'agent'),
        ],
      });
  });

  it('given a member holding office cards, when promoted, then removed, then the row keeps who they were with left_at, their cards are back, and the history says who did it', async () => {
    await spec
      .given(
        created,
        [invited(invitationTwo, 'bora@example.com', day(2)), ...boraJoins],
        [cardTaken('KV-AAAAAA', day(4)), cardTaken('KV-BBBBBB', day(4))],
      )
      .when(
        [
          {
            type: 'OfficeMemberRoleChanged',
            data: { officeId, userId: bora, role: 'admin', changedBy: ayse, at: day(5) },
          },
        ],
        [
          cardGiven('KV-AAAAAA', day(6)),
          cardGiven('KV-BBBBBB', day(6)),
          boraRemoved,
          { type: 'MembershipEnded', data: { userId: bora, officeId, at: day(6) } },
        ],
      )
      .then({
        office_members: [member(ayse, 'admin', day(1)), member(bora, 'admin', day(3), day(6))],
        office_member_cards: [
          { user_id: bora, card_id: 'KV-AAAAAA', office_id: officeId, held: false },
          { user_id: bora, card_id: 'KV-BBBBBB', office_id: officeId, held: false },
        ],
        office_history: [
          line(0, 'created', ayse, null),
          line(1, 'joined', ayse, ayse, 'admin'),
          line(2, 'invited', ayse, invitationTwo, 'agent'),
          line(4, 'joined', bora, bora, 'agent'),
          line(5, 'role-changed', ayse, bora, 'admin'),
          line(6, 'removed', ayse, bora),
        ],
      });
  });

  it('given a member who holds a card, when their membership ends without a card given back first, then the card reads as not held; re-joining and taking one again holds it', async () => {
    await spec
      .given(
        created,
        [invited(invitationTwo, 'bora@example.com', day(2)), ...boraJoins],
        [cardTaken('KV-AAAAAA', day(4))],
      )
      .when([{ type: 'MembershipEnded', data: { userId: bora, officeId, at: day(5) } }, cardTaken('KV-BBBBBB', day(8))])
      .then({
        office_member_cards: [
          { card_id: 'KV-AAAAAA', held: false },
          { card_id: 'KV-BBBBBB', held: true },
        ],
      });
  });

  it('given a member who left and came back, when the log is delivered again, then they are a member once, as the newest events say', async () => {
    await spec
      .given(created, [invited(invitationTwo, 'bora@example.com', day(2)), ...boraJoins], [boraRemoved])
      .whenRedelivered({ type: 'OfficeMemberJoined', data: { officeId, userId: bora, role: 'agent', at: day(8) } })
      .then({
        office_members: [member(ayse, 'admin', day(1)), member(bora, 'agent', day(8))],
        office_history: [
          line(0, 'created', ayse, null),
          line(1, 'joined', ayse, ayse, 'admin'),
          line(2, 'invited', ayse, invitationTwo, 'agent'),
          line(4, 'joined', bora, bora, 'agent'),
          line(5, 'removed', ayse, bora),
          line(6, 'joined', bora, bora, 'agent'),
        ],
      });
  });

  it('given a member who holds a card and was promoted, when they delete their account, then their rows go and no history line or invitation names them, even when the log is delivered again', async () => {
    const boraInvites: Given = {
      type: 'OfficeInvitationSent',
      data: {
        officeId,
        invitationId: invitationOne,
        email: 'cem@example.com',
        role: 'agent',
        expiresAt: day(12),
        invitedBy: bora,
        at: day(5, 12),
      },
    };
    await spec
      .given(
        created,
        [invited(invitationTwo, 'bora@example.com', day(2)), ...boraJoins, cardTaken('KV-AAAAAA', day(4))],
        [
          {
            type: 'OfficeMemberRoleChanged',
            data: { officeId, userId: bora, role: 'admin', changedBy: ayse, at: day(5) },
          },
          boraInvites,
        ],
        [boraDeleted],
      )
      .whenRedelivered()
      .then({
        office_members: [member(ayse, 'admin', day(1))],
        office_member_cards: [],
        office_invitations: [
          invitation(invitationOne, 'cem@example.com', 'pending', null),
          invitation(invitationTwo, 'bora@example.com', 'accepted', ayse),
        ],
        office_history: [
          line(0, 'created', ayse, null),
          line(1, 'joined', ayse, ayse, 'admin'),
          line(2, 'invited', ayse, invitationTwo, 'agent'),
          line(4, 'joined', null, null, 'agent'),
          line(5, 'role-changed', ayse, null, 'admin'),
          line(6, 'invited', null, invitationOne, 'agent'),
        ],
      });
  });

  it("given an erased member, when an office event naming them as its actor arrives after their AccountDeleted (Kafka orders per stream only), then it is written as nobody's", async () => {
    await spec
      .given(created, [invited(invitationTwo, 'bora@example.com', day(2)), ...boraJoins], [boraDeleted])
      .when([
        {
          type: 'OfficeInvitationSent',
          data: {
            officeId,
            invitationId: invitationOne,
            email: 'cem@example.com',
            role: 'agent',
            expiresAt: day(12),
            invitedBy: bora,
            at: day(5),
          },
        },
      ])
      .then({
        office_members: [member(ayse, 'admin', day(1))],
        office_invitations: [
          invitation(invitationOne, 'cem@example.com', 'pending', null),
          invitation(invitationTwo, 'bora@example.com', 'accepted', ayse),
        ],
        office_history: [
          line(0, 'created', ayse, null),
          line(1, 'joined', ayse, ayse, 'admin'),
          line(2, 'invited', ayse, invitationTwo, 'agent'),
          line(4, 'joined', null, null, 'agent'),
          line(5, 'invited', null, invitationOne, 'agent'),
        ],
      });
  });

  it('given an office with members, invitations, held cards and history, and another office, when its last admin leaves and deletes it, then nothing of it is left to read and the other office is untouched', async () => {
    const otherOffice = '0ff1ce00-0000-4000-8000-000000000002';
    await spec
      .given(
        created,
        [invited(invitationTwo, 'bora@example.com', day(2)), ...boraJoins],
        [cardTaken('KV-AAAA2222', day(4)), cardGiven('KV-AAAA2222', day(6))],
        [boraRemoved],
        [
          {
            type: 'OfficeCreated',
            data: { officeId: otherOffice, name: 'Başka', slug: 'baska', createdBy: bora, createdAt: day(8) },
          },
        ],
      )
      .when([
        { type: 'OfficeMemberLeft', data: { officeId, userId: ayse, reason: 'left', by: ayse, at: day(9) } },
        { type: 'OfficeDeleted', data: { officeId, deletedBy: ayse, at: day(9) } },
      ])
      .then({
        offices: [{ office_id: otherOffice, slug: 'baska' }],
        office_members: [],
        office_member_cards: [],
        office_invitations: [],
        office_history: [{ office_id: otherOffice, type: 'created' }],
      });
  });
});
