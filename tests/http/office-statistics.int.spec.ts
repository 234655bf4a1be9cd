import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  MESSAGES,
  STATISTICS_DAYS,
  VALIDATION_MESSAGES,
  membershipStreamId,
  officeStreamId,
  previousDay,
  telemetryDay,
  type MembershipEnded,
  type OfficeMemberLeft,
  type OfficeStatistics,
} from '@kartvizit/schemas';
import { newOwner, startTestProduct, type TestProduct } from '../support/product.ts';
import { givenOffice } from '../support/offices.ts';
import { after, answer, createProfile, seenEverything, send, virtualCardId, type Owner } from './card-fixtures.ts';
import { submitLead, visitorForm } from './lead-fixtures.ts';
import { USER_AGENTS, click, expectAccepted, visit, waitForTelemetry } from './telemetry-fixtures.ts';

/**
 * GET /api/offices/{id}/statistics (issue 30): the team's visits, unique visitors, clicks and leads over the office's
 * cards, per member and in total, for a period; visits come through the beacon, cards and leads through their
 * routes. Only the office's admins read them; a removed member's figures stay the office's, under their name.
 */
let product: TestProduct;
let ayla: Person; // the office's admin
let baris: Person; // an agent
let cem: Person; // an agent, removed after his card was visited
let deniz: Person; // the admin of another office
let ece: Person; // in no office
let officeId: string;
let otherOfficeId: string;
const today = telemetryDay(new Date());

interface Person extends Owner {
  readonly name: string;
  /** Cards by purpose: the office's one, and one from before the office (their own). */
  readonly cards: Record<string, string>;
}

async function person(firstName: string, lastName: string): Promise<Person> {
  const response = await product.post('/api/auth/register', newOwner({ firstName, lastName }));
  expect(response.statusCode, response.body).toBe(200);
  const body = JSON.parse(response.body) as { token: string; user: { id: string } };
  const owner = { token: body.token, userId: body.user.id };
  await createProfile(product, owner, { firstName, lastName });
  return { ...owner, name: `${firstName} ${lastName}`, cards: {} };
}

/** A virtual card made and activated by the person (an office card when they are in an office now). */
async function card(holder: Person, purpose: string): Promise<string> {
  const cardId = virtualCardId();
  const created = await send(product, 'POST', '/api/cards', holder.token, { cardId, type: 'virtual', name: purpose });
  expect(created.statusCode, created.body).toBe(200);
  const activated = await send(product, 'POST', '/api/cards/activate', holder.token, { cardId, name: purpose });
  expect(activated.statusCode, activated.body).toBe(200);
  holder.cards[purpose] = cardId;
  // As the card page does before its beacon: read the public profile (waits until the card is projected).
  const page = await send(
    product,
    'GET',
    `/api/profile/card/${cardId}`,
    undefined,
    undefined,
    after(answer(activated).position),
  );
  expect(page.statusCode, page.body).toBe(200);
  return cardId;
}

async function profileIdOf(cardId: string): Promise<string> {
  const page = await send(product, 'GET', `/api/profile/card/${cardId}`);
  const id = answer(page).profile?._id;
  if (typeof id !== 'string') throw new Error('public profile has no _id');
  return id;
}

function statistics(who: Person | null, id: string, query = ''): Promise<LightMyRequestResponse> {
  return seenEverything(product).then((seen) =>
    send(product, 'GET', `/api/offices/${id}/statistics${query}`, who?.token, undefined, seen),
  );
}

async function figures(who: Person, query = ''): Promise<OfficeStatistics> {
  const response = await statistics(who, officeId, query);
  expect(response.statusCode, response.body).toBe(200);
  return (JSON.parse(response.body) as { data: OfficeStatistics }).data;
}

/** The admin removes a member as the office routes do: the card goes back to the pool, then the membership ends. */
async function removeMember(admin: Person, member: Person, cardId: string): Promise<void> {
  const returned = await send(product, 'POST', `/api/offices/${officeId}/cards/${cardId}/return`, admin.token);
  expect(returned.statusCode, returned.body).toBe(200);
  const at = new Date().toISOString();
  const left: OfficeMemberLeft = {
    type: 'OfficeMemberLeft',
    data: { officeId, userId: member.userId, reason: 'removed', by: admin.userId, at },
  };
  const ended: MembershipEnded = { type: 'MembershipEnded', data: { userId: member.userId, officeId, at } };
  await product.store.append([
    { streamId: officeStreamId(officeId), expected: 'any', events: [await product.codec.encode(left)] },
    { streamId: membershipStreamId(member.userId), expected: 'any', events: [await product.codec.encode(ended)] },
  ]);
}

beforeAll(async () => {
  product = await startTestProduct();
  [ayla, baris, cem, deniz, ece] = await Promise.all([
    person('Ayla', 'Şahin'),
    person('Barış', 'Öztürk'),
    person('Cem', 'Çelik'),
    person('Deniz', 'Güneş'),
    person('Ece', 'İnce'),
  ]);
  // Ayla's own card from before the office: its visits and leads are hers, never the office's.
  await card(ayla, 'kendi');
  officeId = (
    await givenOffice(product, {
      members: [
        { userId: ayla.userId, role: 'admin' },
        { userId: baris.userId, role: 'agent' },
        { userId: cem.userId, role: 'agent' },
      ],
    })
  ).officeId;
  otherOfficeId = (await givenOffice(product, { members: [{ userId: deniz.userId, role: 'admin' }] })).officeId;
  for (const holder of [ayla, baris, cem, deniz]) await card(holder, 'ofis');

  // Ayla's office card: three visits of two visitors; her own card two (not the office's).
  const hits: [Person, string, string][] = [
    [ayla, 'ofis', '198.51.100.1'],
    [ayla, 'ofis', '198.51.100.1'],
    [ayla, 'ofis', '198.51.100.2'],
    [ayla, 'kendi', '198.51.100.3'],
    [ayla, 'kendi', '198.51.100.4'],
    [baris, 'ofis', '198.51.100.5'],
    [cem, 'ofis', '198.51.100.6'],
    [cem, 'ofis', '198.51.100.7'],
    [deniz, 'ofis', '198.51.100.8'],
    [deniz, 'ofis', '198.51.100.9'],
  ];
  for (const [holder, purpose, address] of hits)
    expectAccepted(await visit(product, { cardId: holder.cards[purpose] }, { address, userAgent: USER_AGENTS.iPhone }));
  const barisCard = baris.cards.ofis ?? '';
  expectAccepted(
    await click(product, { profileId: await profileIdOf(barisCard), cardId: barisCard, clickType: 'phone' }),
  );
  await waitForTelemetry(product, hits.length + 1);

  for (const cardId of [baris.cards.ofis, cem.cards.ofis, ayla.cards.kendi, deniz.cards.ofis]) {
    const lead = await submitLead(product, visitorForm(product, cardId ?? ''));
    expect(lead.statusCode, lead.body).toBe(200);
  }
  await removeMember(ayla, cem, cem.cards.ofis ?? '');
}, 120_000);

afterAll(async () => {
  await product?.close();
});

describe('the team statistics of an office', () => {
  it("counts the visits, unique visitors, clicks and leads of the office's cards, per member and in total", async () => {
    const data = await figures(ayla);
    expect(data.period).toEqual({ from: data.daily[0]?.date, to: today });
    expect(data.daily).toHaveLength(STATISTICS_DAYS);
    expect(data.totals).toEqual({ visits: 6, uniqueVisitors: 5, clicks: 1, leads: 2 });
    expect(data.members).toEqual([
      { userId: ayla.userId, name: 'Ayla Şahin', current: true, visits: 3, uniqueVisitors: 2, clicks: 0, leads: 0 },
      { userId: cem.userId, name: 'Cem Çelik', current: false, visits: 2, uniqueVisitors: 2, clicks: 0, leads: 1 },
      { userId: baris.userId, name: 'Barış Öztürk', current: true, visits: 1, uniqueVisitors: 1, clicks: 1, leads: 1 },
    ]);
    expect(data.daily.at(-1)).toEqual({ date: today, visits: 6, uniqueVisitors: 5, clicks: 1, leads: 2 });
    expect(data.daily.slice(0, -1).every((day) => day.visits + day.clicks + day.leads === 0)).toBe(true);
  });

  it('reads the period it is asked for: a day without anything lists the current members at 0', async () => {
    const yesterday = previousDay(today);
    const data = await figures(ayla, `?from=${yesterday}&to=${yesterday}`);
    expect(data.period).toEqual({ from: yesterday, to: yesterday });
    expect(data.totals).toEqual({ visits: 0, uniqueVisitors: 0, clicks: 0, leads: 0 });
    expect(data.daily).toEqual([{ date: yesterday, visits: 0, uniqueVisitors: 0, clicks: 0, leads: 0 }]);
    expect(data.members.map((member) => member.name).sort()).toEqual(['Ayla Şahin', 'Barış Öztürk']);
    const todayOnly = await figures(ayla, `?from=${today}`);
    expect(todayOnly.totals).toEqual({ visits: 6, uniqueVisitors: 5, clicks: 1, leads: 2 });
  });

  it('answers a Danışman 403, another office, no office and a removed member 404, without a session 401', async () => {
    const agent = await statistics(baris, officeId);
    expect(agent.statusCode).toBe(403);
    expect(answer(agent).message).toBe(MESSAGES.officeAdminOnly);
    for (const outsider of [deniz, ece, cem]) {
      const refused = await statistics(outsider, officeId);
      expect(refused.statusCode, outsider.name).toBe(404);
      expect(answer(refused).message).toBe(MESSAGES.officeNotFound);
    }
    expect((await statistics(null, officeId)).statusCode).toBe(401);
    // The other office's admin reads their own office: Deniz's card and lead only.
    const other = await statistics(deniz, otherOfficeId);
    expect(other.statusCode, other.body).toBe(200);
    const data = (JSON.parse(other.body) as { data: OfficeStatistics }).data;
    expect(data.totals).toEqual({ visits: 2, uniqueVisitors: 2, clicks: 0, leads: 1 });
    expect(data.members.map((member) => member.userId)).toEqual([deniz.userId]);
  });

  it('refuses a bad period or office id in Turkish with 400, appending nothing', async () => {
    const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const cases: [string, string, string, string?][] = [
      [officeId, '?from=2026-02-30', MESSAGES.statisticsPeriodDayInvalid, 'from'],
      [officeId, '?to=28.11.2026', MESSAGES.statisticsPeriodDayInvalid, 'to'],
      [officeId, `?from=${today}&to=${previousDay(today)}`, MESSAGES.statisticsPeriodReversed, 'from'],
      [officeId, `?to=${tomorrow}`, MESSAGES.statisticsPeriodInFuture, 'to'],
      [officeId, '?from=2020-01-01', MESSAGES.statisticsPeriodTooLong, 'from'],
      [officeId, '?from=2026-01-01T00:00:00Z', VALIDATION_MESSAGES.tooLong('from', 10), 'from'],
      [officeId, '?donem=30', VALIDATION_MESSAGES.unknownField('donem'), 'donem'],
      ['ofis-yok', '', MESSAGES.officeIdInvalid, 'id'],
    ];
    const before = await product.pool.query<{ count: string }>('SELECT count(*) FROM events');
    for (const [id, query, message, field] of cases) {
      const response = await statistics(ayla, id, query);
      expect(response.statusCode, `${query} ${response.body}`).toBe(400);
      const body = answer(response);
      expect(body.message, query).toBe(message);
      expect(body.field, query).toBe(field);
    }
    const afterwards = await product.pool.query<{ count: string }>('SELECT count(*) FROM events');
    expect(afterwards.rows[0]?.count).toBe(before.rows[0]?.count);
  });
});
