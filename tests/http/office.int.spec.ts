import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, cardStreamId, membershipStreamId, officeStreamId } from '@kartvizit/schemas';
import { readMembership } from '@kartvizit/infra/office/membership';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { send } from './card-fixtures.ts';
import {
  createOffice,
  eventTypes,
  invitationToken,
  join,
  officeAnswer,
  officeCardHeldBy,
  register,
  succeeds,
  type Person,
} from './office-fixtures.ts';

/**
 * The office's commands (issue 30) through HTTP: an owner creates an office, invites by e-mail, the invitee accepts
 * with the signed link; roles change, members are removed or leave, their office cards go back to the pool in the
 * same write; the last Yönetici stays. Every refusal is Turkish, a 4xx, and appends nothing.
 */
let product: TestProduct;

beforeAll(async () => {
  product = await startTestProduct();
});
afterAll(async () => {
  await product?.close();
});

/** Sends, then checks the status, the message (and field), and that nothing was appended. */
async function refused(
  request: () => Promise<LightMyRequestResponse>,
  status: number,
  message: string,
  field?: string,
): Promise<void> {
  const before = await product.eventCount();
  const response = await request();
  expect(response.statusCode, response.body).toBe(status);
  const body = officeAnswer(response);
  expect(body.success).toBe(false);
  expect(body.message).toBe(message);
  if (field !== undefined) expect(body.field).toBe(field);
  expect(await product.eventCount()).toBe(before);
}

const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, person: Person | undefined, payload?: unknown) =>
  send(product, method, url, person?.token, payload);

describe('creating an office', () => {
  it('makes the creator its Yönetici: the office, its address claimed and their membership in one write', async () => {
    const ayse = await register(product);
    const data = await succeeds(
      call('POST', '/api/offices', ayse, { name: '  Çınar   Emlak ', slug: 'Cinar-Kadikoy' }),
    );
    expect(data).toMatchObject({ slug: 'cinar-kadikoy', role: 'admin' });
    const officeId = String(data.officeId);
    expect(await eventTypes(product, officeStreamId(officeId))).toEqual(['OfficeCreated', 'OfficeMemberJoined']);
    const { membership } = await readMembership(product.store, ayse.userId);
    expect(membership).toEqual({ office: { officeId, role: 'admin' }, cards: [] });

    // The address is the office's: another owner cannot have it, in any case.
    const kemal = await register(product, 'Kemal');
    await refused(
      () => call('POST', '/api/offices', kemal, { name: 'Kemal Emlak', slug: 'CINAR-kadikoy' }),
      409,
      MESSAGES.officeSlugTaken,
      'slug',
    );
    expect((await readMembership(product.store, kemal.userId)).membership.office).toBeNull();
    // One office per account.
    await refused(
      () => call('POST', '/api/offices', ayse, { name: 'İkinci Ofis', slug: 'ikinci-ofis' }),
      409,
      MESSAGES.officeAlreadyMember,
    );
  });

  it('refuses a missing or bad name and address in Turkish, and anyone not signed in', async () => {
    const deniz = await register(product, 'Deniz');
    await refused(
      () => call('POST', '/api/offices', deniz, { slug: 'deniz-emlak' }),
      400,
      MESSAGES.officeNameRequired,
      'name',
    );
    await refused(
      () => call('POST', '/api/offices', deniz, { name: 'Deniz Emlak' }),
      400,
      MESSAGES.officeSlugRequired,
      'slug',
    );
    await refused(
      () => call('POST', '/api/offices', deniz, { name: 'Deniz Emlak', slug: 'deniz emlak' }),
      400,
      MESSAGES.officeSlugInvalid,
      'slug',
    );
    await refused(
      () => call('POST', '/api/offices', deniz, { name: 'Deniz Emlak', slug: 'dü' }),
      400,
      MESSAGES.officeSlugInvalid,
      'slug',
    );
    await refused(
      () => call('POST', '/api/offices', deniz, { name: 'Ş'.repeat(121), slug: 'deniz-emlak' }),
      400,
      MESSAGES.officeNameTooLong,
      'name',
    );
    const wrongKind = await call('POST', '/api/offices', deniz, { name: 42, slug: 'deniz-emlak' });
    expect(wrongKind.statusCode).toBe(400);
    expect(officeAnswer(wrongKind).message).toMatch(/[çğıöşüÇĞİÖŞÜ]/);
    await refused(
      () => call('POST', '/api/offices', undefined, { name: 'Deniz Emlak', slug: 'deniz-emlak' }),
      401,
      MESSAGES.sessionExpired,
    );
  });
});

describe('an office at work', () => {
  let ayse: Person;
  let mehmet: Person;
  let zeynep: Person;
  let kemal: Person;
  let officeId: string;
  let otherOfficeId: string;

  beforeAll(async () => {
    ayse = await register(product, 'Ayşe');
    mehmet = await register(product, 'Mehmet');
    zeynep = await register(product, 'Zeynep');
    kemal = await register(product, 'Kemal');
    officeId = await createOffice(product, ayse, 'Çınar Emlak', 'cinar-emlak');
    otherOfficeId = await createOffice(product, kemal, 'Boğaziçi Gayrimenkul', 'bogazici');
  });

  it('the invitation journey: invited by e-mail, accepted with the signed link, used up', async () => {
    const invited = await succeeds(
      call('POST', `/api/offices/${officeId}/invitations`, ayse, {
        email: `  ${mehmet.email.toUpperCase()} `,
        role: 'agent',
      }),
    );
    expect(invited).toMatchObject({ email: mehmet.email, role: 'agent' });
    const token = invitationToken(product, officeId, String(invited.invitationId));
    // A live invitation to the same address: not twice.
    await refused(
      () => call('POST', `/api/offices/${officeId}/invitations`, ayse, { email: mehmet.email, role: 'admin' }),
      409,
      MESSAGES.officeInvitationPending,
      'email',
    );
    // A forwarded link lets nobody else in.
    await refused(
      () => call('POST', `/api/invitations/${token}/accept`, zeynep),
      409,
      MESSAGES.officeInvitationWrongAccount,
    );
    // Nor does a link someone made up, or one of another purpose.
    await refused(
      () => call('POST', `/api/invitations/${token.slice(0, -2)}xx/accept`, mehmet),
      404,
      MESSAGES.officeInvitationInvalid,
    );
    await refused(
      () => call('POST', `/api/invitations/i1.${officeId}/accept`, mehmet),
      404,
      MESSAGES.officeInvitationInvalid,
    );
    await refused(() => call('POST', `/api/invitations/${token}/accept`, undefined), 401, MESSAGES.sessionExpired);

    const accepted = await succeeds(call('POST', `/api/invitations/${token}/accept`, mehmet));
    expect(accepted).toEqual({ officeId, role: 'agent' });
    expect((await readMembership(product.store, mehmet.userId)).membership.office).toEqual({ officeId, role: 'agent' });
    // Used up.
    await refused(
      () => call('POST', `/api/invitations/${token}/accept`, mehmet),
      404,
      MESSAGES.officeInvitationInvalid,
    );
    // Now a member: another invitation to the address says so.
    await refused(
      () => call('POST', `/api/offices/${officeId}/invitations`, ayse, { email: mehmet.email, role: 'agent' }),
      409,
      MESSAGES.officeInvitationAlreadyMember,
      'email',
    );
  });

  it('a revoked invitation is dead; an address in another office is told so', async () => {
    const invited = await succeeds(
      call('POST', `/api/offices/${officeId}/invitations`, ayse, { email: zeynep.email, role: 'admin' }),
    );
    const invitationId = String(invited.invitationId);
    expect(await succeeds(call('DELETE', `/api/offices/${officeId}/invitations/${invitationId}`, ayse))).toEqual({
      invitationId,
    });
    await refused(
      () => call('DELETE', `/api/offices/${officeId}/invitations/${invitationId}`, ayse),
      404,
      MESSAGES.officeInvitationNotFound,
    );
    await refused(
      () => call('POST', `/api/invitations/${invitationToken(product, officeId, invitationId)}/accept`, zeynep),
      404,
      MESSAGES.officeInvitationInvalid,
    );
    await refused(
      () => call('POST', `/api/offices/${officeId}/invitations`, ayse, { email: kemal.email, role: 'agent' }),
      409,
      MESSAGES.officeInvitationElsewhere,
      'email',
    );
    // An invitation that reached someone who founded another office meanwhile: they must leave it first.
    const elif = await register(product, 'Elif');
    const toElif = await succeeds(
      call('POST', `/api/offices/${officeId}/invitations`, ayse, { email: elif.email, role: 'agent' }),
    );
    await createOffice(product, elif, 'Elif Gayrimenkul', 'elif-gayrimenkul');
    await refused(
      () =>
        call(
          'POST',
          `/api/invitations/${invitationToken(product, officeId, String(toElif.invitationId))}/accept`,
          elif,
        ),
      409,
      MESSAGES.officeInviteeInOtherOffice,
    );
  });

  it('an admin saves the details and the template; what is unchanged appends nothing', async () => {
    const details = await succeeds(
      call('PUT', `/api/offices/${officeId}`, ayse, {
        name: 'Çınar Emlak Kadıköy',
        company: 'Çınar Gayrimenkul Ltd. Şti.',
        taxNumber: '1234567890',
        licenceNumber: '3400123',
        primaryColor: '#0A3D62',
        location: { lat: 40.98, lng: 29.03 },
      }),
    );
    expect(details.details).toMatchObject({ name: 'Çınar Emlak Kadıköy', primaryColor: '#0a3d62', address: '' });
    const template = await succeeds(
      call('PUT', `/api/offices/${officeId}/template`, ayse, {
        fields: ['theme', 'company', 'companyLogo'],
        locked: ['company'],
      }),
    );
    expect(template.template).toEqual({ fields: ['company', 'companyLogo', 'theme'], locked: ['company'] });
    const before = await product.eventCount();
    const again = await call('PUT', `/api/offices/${officeId}/template`, ayse, {
      fields: ['company', 'companyLogo', 'theme'],
      locked: ['company'],
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await product.eventCount()).toBe(before);
  });

  it('a Danışman hears that the admin’s work is not theirs (403), and nothing is appended', async () => {
    const admins = `/api/offices/${officeId}`;
    await refused(() => call('PUT', admins, mehmet, { name: 'Benim Ofisim' }), 403, MESSAGES.officeAdminOnly);
    await refused(
      () => call('PUT', `${admins}/template`, mehmet, { fields: [], locked: [] }),
      403,
      MESSAGES.officeAdminOnly,
    );
    await refused(
      () => call('POST', `${admins}/invitations`, mehmet, { email: 'yeni@example.com', role: 'agent' }),
      403,
      MESSAGES.officeAdminOnly,
    );
    await refused(
      () => call('POST', `${admins}/invitations`, mehmet, { email: 'bozuk', role: 'patron' }),
      403,
      MESSAGES.officeAdminOnly,
    );
    await refused(() => call('DELETE', `${admins}/invitations/${randomUUID()}`, mehmet), 403, MESSAGES.officeAdminOnly);
    await refused(
      () => call('PUT', `${admins}/members/${mehmet.userId}`, mehmet, { role: 'admin' }),
      403,
      MESSAGES.officeAdminOnly,
    );
    await refused(() => call('DELETE', `${admins}/members/${ayse.userId}`, mehmet), 403, MESSAGES.officeAdminOnly);
  });

  it('another office’s ids read as no office at all (404), for every command', async () => {
    const theirs = `/api/offices/${otherOfficeId}`;
    for (const [method, url, payload] of [
      ['PUT', theirs, { name: 'Ele Geçirildi' }],
      ['PUT', `${theirs}/template`, { fields: ['company'], locked: [] }],
      ['POST', `${theirs}/invitations`, { email: 'yeni@example.com', role: 'agent' }],
      ['DELETE', `${theirs}/invitations/${randomUUID()}`, undefined],
      ['PUT', `${theirs}/members/${kemal.userId}`, { role: 'agent' }],
      ['DELETE', `${theirs}/members/${kemal.userId}`, undefined],
      ['POST', `${theirs}/leave`, undefined],
      ['PUT', '/api/offices/yok-boyle-bir-ofis', { name: 'Yok' }],
    ] as const) {
      await refused(() => call(method, url, ayse, payload), 404, MESSAGES.officeNotFound);
      await refused(() => call(method, url, zeynep, payload), 404, MESSAGES.officeNotFound);
    }
  });

  it('roles: the last Yönetici cannot be demoted; a promoted member is Yönetici on both sides', async () => {
    await refused(
      () => call('PUT', `/api/offices/${officeId}/members/${ayse.userId}`, ayse, { role: 'agent' }),
      409,
      MESSAGES.officeLastAdmin,
    );
    await refused(
      () => call('DELETE', `/api/offices/${officeId}/members/${ayse.userId}`, ayse),
      409,
      MESSAGES.officeLastAdmin,
    );
    await refused(() => call('POST', `/api/offices/${officeId}/leave`, ayse), 409, MESSAGES.officeLastAdmin);
    await refused(
      () => call('PUT', `/api/offices/${officeId}/members/${mehmet.userId}`, ayse, { role: 'patron' }),
      400,
      MESSAGES.officeRoleInvalid,
      'role',
    );
    await refused(
      () => call('PUT', `/api/offices/${officeId}/members/${kemal.userId}`, ayse, { role: 'admin' }),
      404,
      MESSAGES.officeMemberNotFound,
    );

    expect(
      await succeeds(call('PUT', `/api/offices/${officeId}/members/${mehmet.userId}`, ayse, { role: 'admin' })),
    ).toEqual({
      userId: mehmet.userId,
      role: 'admin',
    });
    expect((await readMembership(product.store, mehmet.userId)).membership.office).toEqual({ officeId, role: 'admin' });
    // From his next request on, Mehmet does an admin's work; and Ayşe, no longer the last, may be demoted.
    await succeeds(call('PUT', `/api/offices/${officeId}/members/${ayse.userId}`, mehmet, { role: 'agent' }));
    await refused(
      () => call('PUT', `/api/offices/${officeId}`, ayse, { name: 'Ayşe’nin Ofisi' }),
      403,
      MESSAGES.officeAdminOnly,
    );
    await succeeds(call('PUT', `/api/offices/${officeId}/members/${ayse.userId}`, mehmet, { role: 'admin' }));
    await succeeds(call('PUT', `/api/offices/${officeId}/members/${mehmet.userId}`, ayse, { role: 'agent' }));
  });

  it('a removed member’s office cards go back to the pool in the same write, and their token loses the office at once', async () => {
    const cardId = await officeCardHeldBy(product, mehmet, officeId);
    const removed = await succeeds(call('DELETE', `/api/offices/${officeId}/members/${mehmet.userId}`, ayse));
    expect(removed).toEqual({ returnedCards: [cardId] });

    const card = await product.store.readStream(cardStreamId(cardId));
    const returned = card.events.at(-1);
    expect(returned?.type).toBe('CardReturned');
    expect(returned?.data).toMatchObject({ cardId, officeId, formerHolderId: mehmet.userId, by: ayse.userId });
    expect((await eventTypes(product, membershipStreamId(mehmet.userId))).slice(-2)).toEqual([
      'MembershipCardGiven',
      'MembershipEnded',
    ]);
    const office = await product.store.readStream(officeStreamId(officeId));
    expect(office.events.at(-1)?.data).toMatchObject({ userId: mehmet.userId, reason: 'removed', by: ayse.userId });
    // All of it in one transaction.
    expect(new Set([office.events.at(-1)?.position.split(':')[0], returned?.position.split(':')[0]]).size).toBe(1);

    // The same token, no sign-out: the office is gone from his next request.
    await refused(() => call('POST', `/api/offices/${officeId}/leave`, mehmet), 404, MESSAGES.officeNotFound);
    await refused(
      () => call('PUT', `/api/offices/${officeId}`, mehmet, { name: 'Hâlâ Buradayım' }),
      404,
      MESSAGES.officeNotFound,
    );
    await refused(
      () => call('DELETE', `/api/offices/${officeId}/members/${ayse.userId}`, mehmet),
      404,
      MESSAGES.officeNotFound,
    );
    await refused(
      () => call('DELETE', `/api/offices/${officeId}/members/${mehmet.userId}`, ayse),
      404,
      MESSAGES.officeMemberNotFound,
    );
    // He is free to join an office again: Kemal's.
    await join(product, kemal, otherOfficeId, mehmet);
  });

  it('a Danışman leaves with the office’s cards returned; their own account stays', async () => {
    await join(product, ayse, officeId, zeynep);
    const cardId = await officeCardHeldBy(product, zeynep, officeId);
    expect(await succeeds(call('POST', `/api/offices/${officeId}/leave`, zeynep))).toEqual({ returnedCards: [cardId] });
    expect((await eventTypes(product, cardStreamId(cardId))).at(-1)).toBe('CardReturned');
    expect((await readMembership(product.store, zeynep.userId)).membership).toEqual({ office: null, cards: [] });
    await refused(() => call('POST', `/api/offices/${officeId}/leave`, zeynep), 404, MESSAGES.officeNotFound);
  });
});

describe('two offices racing for one person', () => {
  it('accepting two invitations at once: exactly one office takes them, the other appends nothing', async () => {
    const first = await register(product, 'Ayşe');
    const second = await register(product, 'Kemal');
    const elif = await register(product, 'Elif');
    const offices = [
      { admin: first, officeId: await createOffice(product, first, 'Yarış Emlak', 'yaris-emlak') },
      { admin: second, officeId: await createOffice(product, second, 'Koşu Emlak', 'kosu-emlak') },
    ];
    const tokens = await Promise.all(
      offices.map(async ({ admin, officeId }) => {
        const invited = await succeeds(
          call('POST', `/api/offices/${officeId}/invitations`, admin, { email: elif.email, role: 'agent' }),
        );
        return invitationToken(product, officeId, String(invited.invitationId));
      }),
    );
    const answers = await Promise.all(tokens.map((token) => call('POST', `/api/invitations/${token}/accept`, elif)));
    expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const lost = answers.find((response) => response.statusCode === 409);
    expect(lost && officeAnswer(lost).message).toBe(MESSAGES.officeInviteeInOtherOffice);
    const won = offices[answers.findIndex((response) => response.statusCode === 200)];
    const other = offices.find((office) => office !== won);
    expect((await readMembership(product.store, elif.userId)).membership.office).toEqual({
      officeId: won?.officeId,
      role: 'agent',
    });
    expect(await eventTypes(product, membershipStreamId(elif.userId))).toEqual(['MembershipStarted']);
    expect(await eventTypes(product, officeStreamId(other?.officeId ?? ''))).toEqual([
      'OfficeCreated',
      'OfficeMemberJoined',
      'OfficeInvitationSent',
    ]);
  });
});

describe('deleting an account that is in an office', () => {
  const deleteAccount = (person: Person) => call('DELETE', '/api/account', person, { password: person.password });

  it('the last Yönetici of an office with members is refused, appending nothing; once alone, they go and the office is deleted with them', async () => {
    const ayse = await register(product, 'Ayşe');
    const mehmet = await register(product, 'Mehmet');
    const officeId = await createOffice(product, ayse, 'Lale Emlak', 'lale-emlak');
    await join(product, ayse, officeId, mehmet);
    await refused(() => deleteAccount(ayse), 409, MESSAGES.officeLastAdmin);

    // Mehmet deletes his: his office card goes back first, in the same write.
    const cardId = await officeCardHeldBy(product, mehmet, officeId);
    const deleted = await deleteAccount(mehmet);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await eventTypes(product, cardStreamId(cardId))).at(-1)).toBe('CardReturned');
    expect((await eventTypes(product, membershipStreamId(mehmet.userId))).at(-1)).toBe('MembershipEnded');
    const office = await product.store.readStream(officeStreamId(officeId));
    expect(office.events.at(-1)).toMatchObject({
      type: 'OfficeMemberLeft',
      data: { userId: mehmet.userId, reason: 'left' },
    });

    // Alone now, Ayşe may go, and the office with her: nobody would be left to hold its leads.
    const gone = await deleteAccount(ayse);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await eventTypes(product, officeStreamId(officeId))).slice(-2)).toEqual(['OfficeMemberLeft', 'OfficeDeleted']);
    expect((await readMembership(product.store, ayse.userId)).membership.office).toBeNull();
  });
});
