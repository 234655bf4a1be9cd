import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGES,
  cardStreamId,
  erasureStreamId,
  membershipStreamId,
  officeStreamId,
  type CardEvent,
  type DomainEvent,
  type MembershipEvent,
  type OfficeEvent,
  type OfficeLead,
} from '@kartvizit/schemas';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { givenOffice } from '../support/offices.ts';
import { until } from '../support/mailing-product.ts';
import { createProfile, seenEverything, virtualCardId } from './card-fixtures.ts';
import {
  answer,
  listLeads,
  registerOwner,
  remove,
  send,
  submitLead,
  visitorForm,
  type CardOwner,
} from './lead-fixtures.ts';
import type { Owner } from './card-fixtures.ts';

/**
 * The leads of an office's cards (issue 30, decision 61): the office holds them. The member holding the card sees and
 * follows them up, the office's admins see all of them at GET /api/offices/{id}/leads, another member sees none, a
 * member who left sees none, and the next holder of the card sees them. Erasing a member never erases them.
 * The office and its cards are given as events (tests/support/offices.ts), as the office routes append them.
 */
let product: TestProduct;
let admin: Owner;
/** Agent A: a personal card from before they joined, and the office card. */
let agentA: CardOwner;
let agentB: Owner;
let otherAdmin: Owner;
let officeId: string;
let otherOfficeId: string;
let officeCardId: string;
let officeLeadId: string;
let personalLeadId: string;

const now = () => new Date().toISOString();

async function append(streamId: string, events: readonly (CardEvent | OfficeEvent | MembershipEvent)[]) {
  await product.store.append([
    {
      streamId,
      expected: 'any',
      events: await Promise.all(events.map((event) => product.codec.encode(event as DomainEvent))),
    },
  ]);
}

/** The id of the newest lead left on a card. */
async function newestLeadOn(cardId: string): Promise<string> {
  const { rows } = await product.pool.query<{ id: string }>(
    `SELECT data->>'leadId' AS id FROM events WHERE type = 'LeadSubmitted' AND data->>'cardId' = $1
      ORDER BY global_position DESC LIMIT 1`,
    [cardId],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error(`no lead on ${cardId}`);
  return id;
}

async function leaveLead(cardId: string, fullName: string): Promise<string> {
  const response = await submitLead(product, visitorForm(product, cardId, { fullName }));
  expect(response.statusCode, response.body).toBe(200);
  return newestLeadOn(cardId);
}

async function officeLeads(token: string, id = officeId) {
  return send(product, 'GET', `/api/offices/${id}/leads`, token, undefined, await seenEverything(product));
}

const ids = (leads: readonly { _id: string }[]) => leads.map((lead) => lead._id).sort();
const changeStatus = (token: string, leadId: string, status = 'called') =>
  send(product, 'PUT', `/api/leads/${leadId}/status`, token, { status });

async function exportedLeads(token: string): Promise<string[]> {
  const response = await send(product, 'GET', '/api/account/export', token, undefined, await seenEverything(product));
  expect(response.statusCode, response.body).toBe(200);
  return (JSON.parse(response.body) as { baglantilar: { id: string }[] }).baglantilar.map((lead) => lead.id).sort();
}

beforeAll(async () => {
  product = await startTestProduct();
  // A's personal card is from before they joined: it stays theirs. Given as the card routes append it (those routes
  // are being moved onto the office-aware commands on another branch).
  const a = await registerOwner(product);
  await createProfile(product, a);
  agentA = { ...a, cardId: virtualCardId() };
  await append(cardStreamId(agentA.cardId), [
    {
      type: 'VirtualCardCreated',
      data: { cardId: agentA.cardId, ownerId: a.userId, name: 'Kendi Kartım', color: 'black', createdAt: now() },
    },
    {
      type: 'CardActivated',
      data: { cardId: agentA.cardId, ownerId: a.userId, name: 'Kendi Kartım', activatedAt: now() },
    },
  ]);
  admin = await registerOwner(product);
  agentB = await registerOwner(product);
  otherAdmin = await registerOwner(product);
  ({ officeId } = await givenOffice(product, {
    members: [
      { userId: admin.userId, role: 'admin' },
      { userId: agentA.userId, role: 'agent' },
      { userId: agentB.userId, role: 'agent' },
    ],
  }));
  ({ officeId: otherOfficeId } = await givenOffice(product, {
    name: 'Başka Emlak',
    members: [{ userId: otherAdmin.userId, role: 'admin' }],
  }));
  // The admin made a card for the office's pool and gave it to A.
  officeCardId = virtualCardId();
  await append(cardStreamId(officeCardId), [
    { type: 'OfficeCardCreated', data: { cardId: officeCardId, officeId, color: 'black', createdAt: now() } },
    {
      type: 'CardAssigned',
      data: { cardId: officeCardId, officeId, holderId: agentA.userId, assignedBy: admin.userId, at: now() },
    },
  ]);
  await append(membershipStreamId(agentA.userId), [
    { type: 'MembershipCardTaken', data: { userId: agentA.userId, officeId, cardId: officeCardId, at: now() } },
  ]);
  officeLeadId = await leaveLead(officeCardId, 'Şebnem Ofisli');
  personalLeadId = await leaveLead(agentA.cardId, 'Güler Kişisel');
});

afterAll(async () => {
  await product?.close();
});

describe('a visitor leaves a lead on an office card', () => {
  it('then the lead names the office, the personal card’s lead none', async () => {
    const { rows } = await product.pool.query<{ lead_id: string; office_id: string | null }>(
      "SELECT lead_id, office_id FROM events e, LATERAL (SELECT e.data->>'leadId' AS lead_id, e.data->>'officeId' AS office_id) d WHERE e.type = 'LeadSubmitted' AND e.data->>'leadId' = ANY($1)",
      [[officeLeadId, personalLeadId]],
    );
    expect(Object.fromEntries(rows.map((row) => [row.lead_id, row.office_id]))).toEqual({
      [officeLeadId]: officeId,
      [personalLeadId]: null,
    });
  });

  it('the form on the office card names the office as the data controller; the personal card’s the owner', async () => {
    const headers = await seenEverything(product);
    const office = await send(product, 'GET', `/p/${officeCardId}`, undefined, undefined, headers);
    expect(office.statusCode).toBe(200);
    expect(office.body).toContain(MESSAGES.officeLeadNotice);
    const personal = await send(product, 'GET', `/p/${agentA.cardId}`, undefined, undefined, headers);
    expect(personal.statusCode).toBe(200);
    expect(personal.body).toContain(MESSAGES.leadNotice);
    expect(personal.body).not.toContain(MESSAGES.officeLeadNotice);
  });

  it('then the agent holding the card sees it beside their own, in the list and the CSV', async () => {
    const list = await listLeads(product, agentA.token);
    expect(ids(list.leads)).toEqual([officeLeadId, personalLeadId].sort());
    const office = list.leads.find((lead) => lead._id === officeLeadId);
    expect(office).toMatchObject({ cardId: officeCardId, fullName: 'Şebnem Ofisli', status: 'new' });
    const csv = await send(
      product,
      'GET',
      '/api/leads/export.csv',
      agentA.token,
      undefined,
      await seenEverything(product),
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Şebnem Ofisli');
    expect(csv.body).toContain('Güler Kişisel');
  });

  it('then the office’s admin sees it with its card and holder, and not the agent’s own lead', async () => {
    const response = await officeLeads(admin.token);
    expect(response.statusCode, response.body).toBe(200);
    const body = JSON.parse(response.body) as { leads: OfficeLead[]; total: number };
    expect(body.total).toBe(1);
    expect(body.leads).toEqual([
      expect.objectContaining({
        _id: officeLeadId,
        cardId: officeCardId,
        holderId: agentA.userId,
        fullName: 'Şebnem Ofisli',
      }),
    ]);
    // The admin holds no card of it: their own list stays theirs.
    expect((await listLeads(product, admin.token)).leads).toEqual([]);
  });

  it('then another agent sees it nowhere and cannot touch it (404, nothing appended)', async () => {
    expect((await listLeads(product, agentB.token)).leads).toEqual([]);
    const before = await product.eventCount();
    for (const response of [
      await changeStatus(agentB.token, officeLeadId),
      await send(product, 'PUT', `/api/leads/${officeLeadId}/note`, agentB.token, { note: 'Benim olsun' }),
      await remove(product, officeLeadId, agentB.token),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
      expect(answer(response).message).toBe(MESSAGES.leadNotFound);
    }
    expect(await product.eventCount()).toBe(before);
    expect(await exportedLeads(agentB.token)).toEqual([]);
  });

  it('then the holder and the admin follow it up', async () => {
    const called = await changeStatus(agentA.token, officeLeadId, 'called');
    expect(called.statusCode, called.body).toBe(200);
    const noted = await send(product, 'PUT', `/api/leads/${officeLeadId}/note`, admin.token, { note: 'Salı aranacak' });
    expect(noted.statusCode, noted.body).toBe(200);
    const list = await listLeads(product, agentA.token);
    expect(list.leads.find((lead) => lead._id === officeLeadId)).toMatchObject({
      status: 'called',
      note: 'Salı aranacak',
    });
  });

  it('then the holder’s export holds it and their own, the admin’s personal export neither', async () => {
    expect(await exportedLeads(agentA.token)).toEqual([officeLeadId, personalLeadId].sort());
    expect(await exportedLeads(admin.token)).toEqual([]);
  });
});

describe('the office’s leads are its admins’ only', () => {
  it('an agent’s token: 403 in Turkish', async () => {
    for (const token of [agentA.token, agentB.token]) {
      const response = await officeLeads(token);
      expect(response.statusCode, response.body).toBe(403);
      expect(answer(response)).toMatchObject({ success: false, message: MESSAGES.officeAdminOnly });
    }
  });

  it('another office’s admin, an unknown or malformed id: 404 office not found', async () => {
    const asked = [
      await officeLeads(otherAdmin.token),
      await officeLeads(admin.token, otherOfficeId),
      await officeLeads(admin.token, randomUUID()),
      await officeLeads(admin.token, 'ofis-yok'),
      await officeLeads(admin.token, `${officeId}x`),
    ];
    for (const response of asked) {
      expect(response.statusCode, response.body).toBe(404);
      expect(answer(response).message).toBe(MESSAGES.officeNotFound);
    }
    const own = await officeLeads(otherAdmin.token, otherOfficeId);
    expect(own.statusCode, own.body).toBe(200);
    expect((JSON.parse(own.body) as { leads: unknown[] }).leads).toEqual([]);
  });

  it('without a session: 401', async () => {
    const response = await product.app.inject({ method: 'GET', url: `/api/offices/${officeId}/leads` });
    expect(response.statusCode).toBe(401);
  });

  it('a bad status filter: 400 in Turkish', async () => {
    const response = await send(product, 'GET', `/api/offices/${officeId}/leads?status=bitti`, admin.token);
    expect(response.statusCode, response.body).toBe(400);
    expect(answer(response).message).toBe(MESSAGES.leadStatusInvalid);
  });
});

describe('when agent A is removed and the card goes to agent B', () => {
  beforeAll(async () => {
    const at = now();
    await append(officeStreamId(officeId), [
      { type: 'OfficeMemberLeft', data: { officeId, userId: agentA.userId, reason: 'removed', by: admin.userId, at } },
    ]);
    await append(cardStreamId(officeCardId), [
      {
        type: 'CardReturned',
        data: { cardId: officeCardId, officeId, formerHolderId: agentA.userId, by: admin.userId, at },
      },
    ]);
    await append(membershipStreamId(agentA.userId), [
      { type: 'MembershipCardGiven', data: { userId: agentA.userId, officeId, cardId: officeCardId, at } },
      { type: 'MembershipEnded', data: { userId: agentA.userId, officeId, at } },
    ]);
  });

  it('then A sees none of the office’s leads, only their own, and cannot change it any more', async () => {
    expect(ids((await listLeads(product, agentA.token)).leads)).toEqual([personalLeadId]);
    const before = await product.eventCount();
    const response = await changeStatus(agentA.token, officeLeadId, 'met');
    expect(response.statusCode, response.body).toBe(404);
    expect(await product.eventCount()).toBe(before);
    expect(await exportedLeads(agentA.token)).toEqual([personalLeadId]);
    const office = await officeLeads(agentA.token);
    expect(office.statusCode).toBe(404);
  });

  it('then the admin still has it, held by nobody while the card is in the pool', async () => {
    const response = await officeLeads(admin.token);
    expect(JSON.parse(response.body)).toMatchObject({
      leads: [{ _id: officeLeadId, holderId: null, status: 'called' }],
    });
  });

  it('then B, given the card, sees and follows it up', async () => {
    const at = now();
    await append(cardStreamId(officeCardId), [
      {
        type: 'CardAssigned',
        data: { cardId: officeCardId, officeId, holderId: agentB.userId, assignedBy: admin.userId, at },
      },
    ]);
    await append(membershipStreamId(agentB.userId), [
      { type: 'MembershipCardTaken', data: { userId: agentB.userId, officeId, cardId: officeCardId, at } },
    ]);
    expect(ids((await listLeads(product, agentB.token)).leads)).toEqual([officeLeadId]);
    const met = await changeStatus(agentB.token, officeLeadId, 'met');
    expect(met.statusCode, met.body).toBe(200);
    expect(await exportedLeads(agentB.token)).toEqual([officeLeadId]);
    const office = JSON.parse((await officeLeads(admin.token)).body) as { leads: OfficeLead[] };
    expect(office.leads).toEqual([
      expect.objectContaining({ _id: officeLeadId, holderId: agentB.userId, status: 'met' }),
    ]);
  });

  it('then A deletes their account: their own lead is erased, the office’s lead it came to them with stays readable', async () => {
    const deleted = await send(product, 'DELETE', '/api/account', agentA.token, { password: 'gizli-parola-1' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await until(async () => {
      const stream = await product.store.readStream(erasureStreamId(agentA.userId));
      return stream.events.some((event) => event.type === 'AccountErased');
    }, 'the account-erasure reactor finished');
    const office = JSON.parse((await officeLeads(admin.token)).body) as { leads: OfficeLead[] };
    expect(office.leads).toEqual([expect.objectContaining({ _id: officeLeadId, fullName: 'Şebnem Ofisli' })]);
    const { rows } = await product.pool.query('SELECT 1 FROM rm_leads WHERE lead_id = $1', [personalLeadId]);
    expect(rows).toEqual([]);
    const stream = await product.store.readStream(`lead-${officeLeadId}`);
    const submitted = stream.events.find((event) => event.type === 'LeadSubmitted');
    if (!submitted) throw new Error('no LeadSubmitted');
    const decoded = (await product.codec.decode(submitted)) as {
      data: { fullName: unknown };
      forgotten?: boolean;
    } | null;
    expect(decoded?.data.fullName).toBe('Şebnem Ofisli');
  });
});
