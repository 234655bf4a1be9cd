import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGES,
  cardStreamId,
  leadStreamId,
  officeErasureStreamId,
  officeStreamId,
  type LeadSubmitted,
  type OfficeCreated,
} from '@kartvizit/schemas';
import { readMembership } from '@kartvizit/infra/office/membership';
import { until } from '../support/mailing-product.ts';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { after, seenEverything, send } from './card-fixtures.ts';
import { listLeads, storedSubmission, submitLead, visitorForm } from './lead-fixtures.ts';
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
 * Deleting an office (issue 30: "an office with members cannot be deleted"): `DELETE /api/offices/{id}`. Only its last
 * member, a Yönetici, may; they leave it in the same write, their office cards going back to its pool. Afterwards
 * nothing of it answers: its page, its invitations, its leads; the office-erasure reactor forgets its key and its
 * leads' keys. Its address stays claimed, so an old link never opens another office.
 */
let product: TestProduct;
let ayse: Person;
let mehmet: Person;
let zeynep: Person;
let kemal: Person;
let officeId: string;
let otherOfficeId: string;
let cardId: string;
let leadId: string;
let invitationId: string;
const SLUG = 'silinecek-emlak';

const deleteOffice = (person: Person | undefined, id = officeId) =>
  send(product, 'DELETE', `/api/offices/${id}`, person?.token);

/** The office-erasure reactor's record of the deleted office, once it has finished. */
async function officeErased() {
  const stream = await product.store.readStream(officeErasureStreamId(officeId));
  return stream.events.find((event) => event.type === 'OfficeErased') ?? null;
}

async function refused(call: () => Promise<LightMyRequestResponse>, status: number, message: string): Promise<void> {
  const before = await product.eventCount();
  const response = await call();
  expect(response.statusCode, response.body).toBe(status);
  expect(officeAnswer(response)).toMatchObject({ success: false, message });
  expect(await product.eventCount()).toBe(before);
}

beforeAll(async () => {
  product = await startTestProduct();
  [ayse, mehmet, zeynep, kemal] = (await Promise.all(
    ['Ayşe', 'Mehmet', 'Zeynep', 'Kemal'].map((name) => register(product, name)),
  )) as [Person, Person, Person, Person];
  officeId = await createOffice(product, ayse, 'Silinecek Emlak', SLUG);
  otherOfficeId = await createOffice(product, kemal, 'Kemal Emlak', 'kemal-emlak');
  await join(product, ayse, officeId, mehmet);
  cardId = await officeCardHeldBy(product, ayse, officeId);
  const lead = await submitLead(product, visitorForm(product, cardId, { fullName: 'Çağrı Öztürk' }));
  expect(lead.statusCode, lead.body).toBe(200);
  const { rows } = await product.pool.query<{ id: string }>(
    `SELECT data->>'leadId' AS id FROM events WHERE type = 'LeadSubmitted' AND data->>'cardId' = $1`,
    [cardId],
  );
  leadId = rows[0]?.id ?? '';
  const invited = await succeeds(
    send(product, 'POST', `/api/offices/${officeId}/invitations`, ayse.token, { email: zeynep.email, role: 'agent' }),
  );
  invitationId = String(invited.invitationId);
});
afterAll(async () => {
  await product?.close();
});

describe('DELETE /api/offices/{id}', () => {
  it('an office with members cannot be deleted; a Danışman may not; nobody else finds it', async () => {
    // Given: the lead on Ayşe's office card is there to lose.
    expect((await listLeads(product, ayse.token)).leads.map((lead) => lead._id)).toContain(leadId);
    await refused(() => deleteOffice(ayse), 409, MESSAGES.officeHasMembers);
    await refused(() => deleteOffice(mehmet), 403, MESSAGES.officeAdminOnly);
    await refused(() => deleteOffice(kemal), 404, MESSAGES.officeNotFound);
    await refused(() => deleteOffice(ayse, otherOfficeId), 404, MESSAGES.officeNotFound);
    await refused(() => deleteOffice(ayse, 'bir-ofis'), 404, MESSAGES.officeNotFound);
    await refused(() => deleteOffice(zeynep), 404, MESSAGES.officeNotFound);
    expect((await deleteOffice(undefined)).statusCode).toBe(401);
  });

  it('bad input (NUL bytes, a 1 MB id, a body it does not take) answers a Turkish 4xx and appends nothing', async () => {
    for (const [url, payload] of [
      [`/api/offices/${officeId}%00`, undefined],
      [`/api/offices/%00${officeId}`, undefined],
      [`/api/offices/${'a'.repeat(1024 * 1024)}`, undefined],
      [`/api/offices/${officeId}`, { officeId: 42, force: ['evet'] }],
      [`/api/offices/${officeId}`, { note: 'x'.repeat(1024 * 1024) }],
      [`/api/offices/${officeId}`, { note: 'sil\u0000' }],
    ] as const) {
      const before = await product.eventCount();
      const response = await send(product, 'DELETE', url, ayse.token, payload);
      expect(response.statusCode, `${url.slice(0, 60)} ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(officeAnswer(response).message).toMatch(/[çğıöşüÇĞİÖŞÜ]/u);
      expect(await product.eventCount()).toBe(before);
    }
  });

  it('once its last member is the Yönetici, they delete it: they leave it, their office card goes back, and it is gone', async () => {
    await succeeds(send(product, 'DELETE', `/api/offices/${officeId}/members/${mehmet.userId}`, ayse.token));
    // A removed member's token has no office any more: not even theirs to delete.
    await refused(() => deleteOffice(mehmet), 404, MESSAGES.officeNotFound);

    const response = await deleteOffice(ayse);
    expect(response.statusCode, response.body).toBe(200);
    const answer = officeAnswer(response);
    expect(answer).toMatchObject({ success: true, message: MESSAGES.officeDeleted, data: { returnedCards: [cardId] } });

    expect((await eventTypes(product, officeStreamId(officeId))).slice(-2)).toEqual([
      'OfficeMemberLeft',
      'OfficeDeleted',
    ]);
    expect((await eventTypes(product, cardStreamId(cardId))).at(-1)).toBe('CardReturned');
    expect((await readMembership(product.store, ayse.userId)).membership).toEqual({ office: null, cards: [] });

    const current = await send(product, 'GET', '/api/offices/current', ayse.token, undefined, after(answer.position));
    expect(JSON.parse(current.body)).toMatchObject({ success: true, data: null });
    // The office-erasure reactor appends OfficeErased on its own time: the refusals below count the events, so they
    // start once it has.
    await until(async () => (await officeErased()) !== null, 'the office-erasure reactor finished');
  });

  it('then nothing of it answers: its page, its invitation, its leads; and it cannot be deleted twice', async () => {
    const headers = await seenEverything(product);
    const page = await send(product, 'GET', `/o/${SLUG}`, undefined, undefined, headers);
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Ofis bulunamadı');

    const token = invitationToken(product, officeId, invitationId);
    await refused(
      () => send(product, 'POST', `/api/invitations/${token}/accept`, zeynep.token),
      404,
      MESSAGES.officeInvitationInvalid,
    );
    expect((await listLeads(product, ayse.token)).leads.map((lead) => lead._id)).not.toContain(leadId);
    await refused(() => deleteOffice(ayse), 404, MESSAGES.officeNotFound);
  });

  it('then the office-erasure reactor forgets its key and its leads’ keys, and records it', async () => {
    await until(async () => (await officeErased()) !== null, 'the office-erasure reactor finished');
    expect((await officeErased())?.data).toMatchObject({ officeId, leadsForgotten: 1 });

    const created = (await product.store.readStream(officeStreamId(officeId))).events[0];
    const decoded = created
      ? ((await product.codec.decode(created)) as (OfficeCreated & { forgotten: boolean }) | null)
      : null;
    expect(decoded).toMatchObject({ forgotten: true, data: { name: '', slug: SLUG } });
    expect((await storedSubmission(product, leadId)).decoded).toMatchObject({
      forgotten: true,
      data: { fullName: '', phone: '', email: '', message: '' },
    });
  });

  it('a lead the log brings after the deletion (sent in the moment it happened) is forgotten as it comes', async () => {
    const late = randomUUID();
    const submitted: LeadSubmitted = {
      type: 'LeadSubmitted',
      data: {
        leadId: late,
        ownerId: ayse.userId,
        cardId,
        officeId,
        fullName: 'Geç Kalan',
        phone: '+905321234567',
        email: 'gec@example.com',
        message: 'Merhaba',
        marketingConsent: false,
        noticeVersion: '2026-01',
        submittedAt: new Date().toISOString(),
      },
    };
    await product.store.append([
      { streamId: leadStreamId(late), expected: 'no_stream', events: [await product.codec.encode(submitted)] },
    ]);
    await until(
      async () => (await storedSubmission(product, late)).decoded?.forgotten === true,
      'the late lead forgotten',
    );
    expect((await listLeads(product, ayse.token)).leads.map((lead) => lead._id)).not.toContain(late);
  });

  it('its address stays claimed; its former Yönetici may found another office', async () => {
    await refused(
      () => send(product, 'POST', '/api/offices', zeynep.token, { name: 'Yeni Emlak', slug: SLUG }),
      409,
      MESSAGES.officeSlugTaken,
    );
    const again = await createOffice(product, ayse, 'Ayşe Emlak', 'ayse-yeni-emlak');
    expect(again).not.toBe(officeId);
  });
});
