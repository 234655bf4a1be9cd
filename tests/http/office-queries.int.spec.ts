import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGES,
  MIN_POSITION_HEADER,
  STALE_HEADER,
  membershipStreamId,
  officeStreamId,
  type DomainEvent,
  type OfficeRole,
} from '@kartvizit/schemas';
import type {
  CurrentOfficeResponse,
  InvitationPreviewResponse,
  OfficeHistoryResponse,
  OfficeInvitationsResponse,
  OfficeMembersResponse,
} from '@kartvizit/schemas/office/http';
import { SignedLinks } from '@kartvizit/infra/auth/signed-link';
import type { Checkpoint } from '@kartvizit/infra/event-store/types';
import { newOwner, startTestProduct, type TestProduct } from '../support/product.ts';
import { givenOffice } from '../support/offices.ts';

/**
 * What the office screens read (issue 30): the office is given as events (the office routes' own suite creates it
 * through the API), then each query is asked by its admin, its Danışman, a removed member, someone of another office
 * and someone of none.
 */
let product: TestProduct;
let last: Checkpoint;

interface Account {
  readonly id: string;
  readonly token: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
}

async function register(firstName: string, lastName: string): Promise<Account> {
  const owner = newOwner({ firstName, lastName });
  const response = await product.post('/api/auth/register', owner);
  expect(response.statusCode, response.body).toBe(200);
  const body = JSON.parse(response.body) as { token: string; user: { id: string }; position: Checkpoint };
  last = body.position;
  return { id: body.user.id, token: body.token, email: owner.email, firstName, lastName };
}

/** Appends to the office's stream and, when given, the members' streams, in one write (as the office routes do). */
async function append(
  officeId: string,
  events: readonly DomainEvent[],
  memberships: readonly { readonly userId: string; readonly events: readonly DomainEvent[] }[] = [],
): Promise<void> {
  const encode = (list: readonly DomainEvent[]) => Promise.all(list.map((event) => product.codec.encode(event)));
  const result = await product.store.append([
    ...(events.length > 0
      ? [{ streamId: officeStreamId(officeId), expected: 'any' as const, events: await encode(events) }]
      : []),
    ...(await Promise.all(
      memberships.map(async ({ userId, events: theirs }) => ({
        streamId: membershipStreamId(userId),
        expected: 'any' as const,
        events: await encode(theirs),
      })),
    )),
  ]);
  last = result.position;
}

/** A query after every write so far (read-your-writes). */
async function query(url: string, token?: string) {
  const response = await product.get(url, token, { [MIN_POSITION_HEADER]: last });
  expect(response.headers[STALE_HEADER], `${url} waited for the projections`).toBeUndefined();
  return response;
}

function body<T>(response: { body: string }): T {
  return JSON.parse(response.body) as T;
}

const now = () => new Date().toISOString();
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

let ayse: Account; // Yönetici of Çınar Emlak
let bora: Account; // Danışman of Çınar Emlak, holds an office card
let cem: Account; // Yönetici of another office
let deniz: Account; // in no office
let officeId: string;
let otherOfficeId: string;
const pending = randomUUID();
const expired = randomUUID();
const revoked = randomUUID();
const invitationLinks = () => SignedLinks.fromAppSecret(product.appSecret, 'office-invitation');

function invited(
  invitationId: string,
  email: string,
  role: OfficeRole,
  expiresAt: string,
  minutesAgo: number,
): DomainEvent {
  const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  return {
    type: 'OfficeInvitationSent',
    data: { officeId, invitationId, email, role, expiresAt, invitedBy: ayse.id, at },
  };
}

beforeAll(async () => {
  product = await startTestProduct();
  ayse = await register('Ayşe', 'Yılmaz');
  bora = await register('Bora', 'Şahin');
  cem = await register('Cem', 'Öztürk');
  deniz = await register('Deniz', 'Çelik');
  officeId = (
    await givenOffice(product, {
      name: 'Çınar Emlak',
      members: [
        { userId: ayse.id, role: 'admin' },
        { userId: bora.id, role: 'agent' },
      ],
    })
  ).officeId;
  otherOfficeId = (
    await givenOffice(product, { name: 'Ege Gayrimenkul', members: [{ userId: cem.id, role: 'admin' }] })
  ).officeId;
  await append(
    officeId,
    [
      {
        type: 'OfficeTemplateChanged',
        data: { officeId, fields: ['company', 'companyLogo'], locked: ['company'], changedBy: ayse.id, at: now() },
      },
      invited(expired, 'gecmis@example.com', 'agent', inDays(-1), 8 * 24 * 60),
      invited(revoked, 'vazgecildi@example.com', 'admin', inDays(7), 2),
      { type: 'OfficeInvitationRevoked', data: { officeId, invitationId: revoked, revokedBy: ayse.id, at: now() } },
      invited(pending, 'eda.kaya@example.com', 'agent', inDays(7), 1),
    ],
    [
      {
        userId: bora.id,
        events: [{ type: 'MembershipCardTaken', data: { userId: bora.id, officeId, cardId: 'KV-OFIS01', at: now() } }],
      },
    ],
  );
});

afterAll(async () => {
  await product?.close();
});

describe('the office queries', () => {
  it('given an office, when its members ask for the current office, then each sees it with their own role; someone in no office sees none; without a session, 401', async () => {
    const forAyse = body<CurrentOfficeResponse>(await query('/api/offices/current', ayse.token));
    expect(forAyse.success).toBe(true);
    expect(forAyse.data?.role).toBe('admin');
    expect(forAyse.data?.office).toMatchObject({
      id: officeId,
      details: { name: 'Çınar Emlak', company: '' },
      logoUrl: '',
      template: { fields: ['company', 'companyLogo'], locked: ['company'] },
      memberCount: 2,
    });
    expect(body<CurrentOfficeResponse>(await query('/api/offices/current', bora.token)).data?.role).toBe('agent');
    expect(body<CurrentOfficeResponse>(await query('/api/offices/current', cem.token)).data?.office.id).toBe(
      otherOfficeId,
    );
    expect(body<CurrentOfficeResponse>(await query('/api/offices/current', deniz.token))).toEqual({
      success: true,
      data: null,
    });

    const anonymous = await query('/api/offices/current');
    expect(anonymous.statusCode).toBe(401);
    expect(body<{ message: string }>(anonymous).message).toBe(MESSAGES.sessionExpired);
  });

  it('given an office, when a member lists the members, then every member (the Danışman too) sees names, addresses, roles and the office cards each holds', async () => {
    for (const asker of [ayse, bora]) {
      const response = await query(`/api/offices/${officeId}/members`, asker.token);
      expect(response.statusCode, response.body).toBe(200);
      const members = body<OfficeMembersResponse>(response).data;
      expect(
        members.map(({ userId, firstName, lastName, email, role, cardIds }) => ({
          userId,
          firstName,
          lastName,
          email,
          role,
          cardIds,
        })),
      ).toEqual([
        { userId: ayse.id, firstName: 'Ayşe', lastName: 'Yılmaz', email: ayse.email, role: 'admin', cardIds: [] },
        {
          userId: bora.id,
          firstName: 'Bora',
          lastName: 'Şahin',
          email: bora.email,
          role: 'agent',
          cardIds: ['KV-OFIS01'],
        },
      ]);
    }
  });

  it("given an office, when anyone outside it asks for its members, invitations or history, then 'Ofis bulunamadı' (404), as for an id that is no office", async () => {
    for (const path of ['members', 'invitations', 'history']) {
      for (const [url, token] of [
        [`/api/offices/${officeId}/${path}`, cem.token],
        [`/api/offices/${officeId}/${path}`, deniz.token],
        // Its own members asking for another office's.
        [`/api/offices/${otherOfficeId}/${path}`, ayse.token],
        [`/api/offices/${otherOfficeId}/${path}`, bora.token],
        [`/api/offices/${randomUUID()}/${path}`, ayse.token],
        [`/api/offices/bir-ofis/${path}`, ayse.token],
        [`/api/offices/${encodeURIComponent("'; DROP TABLE rm_offices; --")}/${path}`, ayse.token],
      ] as const) {
        const response = await query(url, token);
        expect(response.statusCode, `${url}: ${response.body}`).toBe(404);
        expect(body(response)).toEqual({ success: false, message: MESSAGES.officeNotFound });
      }
      // An id too long to be one: a Turkish 400.
      const long = await query(`/api/offices/${'a'.repeat(65)}/${path}`, ayse.token);
      expect(long.statusCode).toBe(400);
      expect(body<{ message: string }>(long).message).toMatch(/en fazla 64/);
    }
  });

  it("given invitations pending, expired and revoked, when the admin lists them, then each shows where it stands; a Danışman hears 'yalnızca ofis yöneticileri' (403)", async () => {
    const response = await query(`/api/offices/${officeId}/invitations`, ayse.token);
    expect(response.statusCode, response.body).toBe(200);
    const invitations = body<OfficeInvitationsResponse>(response).data;
    expect(invitations.map(({ id, email, role, status }) => ({ id, email, role, status }))).toEqual([
      { id: pending, email: 'eda.kaya@example.com', role: 'agent', status: 'pending' },
      { id: revoked, email: 'vazgecildi@example.com', role: 'admin', status: 'revoked' },
      { id: expired, email: 'gecmis@example.com', role: 'agent', status: 'expired' },
    ]);

    const forAgent = await query(`/api/offices/${officeId}/invitations`, bora.token);
    expect(forAgent.statusCode).toBe(403);
    expect(body(forAgent)).toEqual({ success: false, message: MESSAGES.officeAdminOnly });
  });

  it("given an office's changes, when a member reads its history, then the newest come first with who did it and to whom; an invitee's address only the admin reads in full", async () => {
    const forAyse = body<OfficeHistoryResponse>(await query(`/api/offices/${officeId}/history`, ayse.token)).data;
    expect(forAyse.map(({ type, actorName, subjectName, role }) => ({ type, actorName, subjectName, role }))).toEqual([
      { type: 'invited', actorName: 'Ayşe Yılmaz', subjectName: 'eda.kaya@example.com', role: 'agent' },
      { type: 'invitation-revoked', actorName: 'Ayşe Yılmaz', subjectName: 'vazgecildi@example.com', role: null },
      { type: 'invited', actorName: 'Ayşe Yılmaz', subjectName: 'vazgecildi@example.com', role: 'admin' },
      { type: 'invited', actorName: 'Ayşe Yılmaz', subjectName: 'gecmis@example.com', role: 'agent' },
      { type: 'template-changed', actorName: 'Ayşe Yılmaz', subjectName: '', role: null },
      { type: 'joined', actorName: 'Bora Şahin', subjectName: 'Bora Şahin', role: 'agent' },
      { type: 'joined', actorName: 'Ayşe Yılmaz', subjectName: 'Ayşe Yılmaz', role: 'admin' },
      { type: 'created', actorName: 'Ayşe Yılmaz', subjectName: '', role: null },
    ]);
    const forBora = body<OfficeHistoryResponse>(await query(`/api/offices/${officeId}/history`, bora.token)).data;
    expect(forBora.map((entry) => entry.subjectName).slice(0, 4)).toEqual([
      'e***@example.com',
      'v***@example.com',
      'v***@example.com',
      'g***@example.com',
    ]);
  });

  it('given a pending invitation, when its link is opened, then the page learns the office, the role and the address masked; an expired, revoked, forged or foreign link reads as invalid (404)', async () => {
    const links = invitationLinks();
    const preview = await query(`/api/invitations/${links.issue(officeId, pending)}`);
    expect(preview.statusCode, preview.body).toBe(200);
    const data = body<InvitationPreviewResponse>(preview).data;
    expect(data).toMatchObject({ officeName: 'Çınar Emlak', role: 'agent', email: 'e***@example.com' });
    expect(preview.body).not.toContain('eda.kaya');

    const genuine = links.issue(officeId, pending);
    const forged = `${genuine.slice(0, -4)}${genuine.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    const otherPurpose = SignedLinks.fromAppSecret(product.appSecret, 'email-change').issue(officeId, pending);
    for (const token of [
      links.issue(officeId, expired),
      links.issue(officeId, revoked),
      links.issue(officeId, randomUUID()),
      // The invitation named with another office's id.
      links.issue(otherOfficeId, pending),
      forged,
      otherPurpose,
      'i1.bozuk',
      encodeURIComponent('<script>alert(1)</script>'),
    ]) {
      const response = await query(`/api/invitations/${token}`);
      expect(response.statusCode, token).toBe(404);
      expect(body(response)).toEqual({ success: false, message: MESSAGES.officeInvitationInvalid });
    }
    const long = await query(`/api/invitations/${'i'.repeat(300)}`);
    expect(long.statusCode).toBe(400);
  });

  it('given a Danışman, when the admin makes them Yönetici, then at their next request they read the invitations; removed, they see no office and nothing of it at their next request, and the history says who removed whom', async () => {
    await append(
      officeId,
      [
        {
          type: 'OfficeMemberRoleChanged',
          data: { officeId, userId: bora.id, role: 'admin', changedBy: ayse.id, at: now() },
        },
      ],
      [
        {
          userId: bora.id,
          events: [{ type: 'MembershipRoleChanged', data: { userId: bora.id, officeId, role: 'admin', at: now() } }],
        },
      ],
    );
    expect((await query(`/api/offices/${officeId}/invitations`, bora.token)).statusCode).toBe(200);
    expect(body<CurrentOfficeResponse>(await query('/api/offices/current', bora.token)).data?.role).toBe('admin');

    await append(
      officeId,
      [{ type: 'OfficeMemberLeft', data: { officeId, userId: bora.id, reason: 'removed', by: ayse.id, at: now() } }],
      [
        {
          userId: bora.id,
          events: [
            { type: 'MembershipCardGiven', data: { userId: bora.id, officeId, cardId: 'KV-OFIS01', at: now() } },
            { type: 'MembershipEnded', data: { userId: bora.id, officeId, at: now() } },
          ],
        },
      ],
    );
    // The same token, no sign-out: the office is gone for them.
    expect(body<CurrentOfficeResponse>(await query('/api/offices/current', bora.token))).toEqual({
      success: true,
      data: null,
    });
    for (const path of ['members', 'invitations', 'history']) {
      const response = await query(`/api/offices/${officeId}/${path}`, bora.token);
      expect(response.statusCode, path).toBe(404);
      expect(body(response)).toEqual({ success: false, message: MESSAGES.officeNotFound });
    }

    const members = body<OfficeMembersResponse>(await query(`/api/offices/${officeId}/members`, ayse.token)).data;
    expect(members.map((member) => member.userId)).toEqual([ayse.id]);
    const office = body<CurrentOfficeResponse>(await query('/api/offices/current', ayse.token)).data?.office;
    expect(office?.memberCount).toBe(1);
    const [removal, promotion] = body<OfficeHistoryResponse>(
      await query(`/api/offices/${officeId}/history`, ayse.token),
    ).data;
    expect(removal).toMatchObject({ type: 'removed', actorName: 'Ayşe Yılmaz', subjectName: 'Bora Şahin', role: null });
    expect(promotion).toMatchObject({
      type: 'role-changed',
      actorName: 'Ayşe Yılmaz',
      subjectName: 'Bora Şahin',
      role: 'admin',
    });
  });

  it('given a member, when they delete their account, then the office lists them no more and its history no longer names them', async () => {
    const eren = await register('Eren', 'Aydın');
    const at = now();
    await append(
      officeId,
      [{ type: 'OfficeMemberJoined', data: { officeId, userId: eren.id, role: 'agent', at } }],
      [
        {
          userId: eren.id,
          events: [{ type: 'MembershipStarted', data: { userId: eren.id, officeId, role: 'agent', at } }],
        },
      ],
    );
    const before = body<OfficeHistoryResponse>(await query(`/api/offices/${officeId}/history`, ayse.token)).data[0];
    expect(before).toMatchObject({ type: 'joined', actorName: 'Eren Aydın', subjectName: 'Eren Aydın' });

    const deleted = await product.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { authorization: `Bearer ${eren.token}` },
      payload: { password: 'gizli-parola-1' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    last = body<{ position: Checkpoint }>(deleted).position;

    const members = body<OfficeMembersResponse>(await query(`/api/offices/${officeId}/members`, ayse.token)).data;
    expect(members.map((member) => member.userId)).not.toContain(eren.id);
    const history = body<OfficeHistoryResponse>(await query(`/api/offices/${officeId}/history`, ayse.token));
    expect(history.data[0]).toMatchObject({
      type: 'joined',
      actorName: MESSAGES.officeErasedPerson,
      subjectName: MESSAGES.officeErasedPerson,
    });
    expect(JSON.stringify(history)).not.toContain('Eren');
  });
});
