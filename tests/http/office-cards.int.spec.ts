import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  DomainError,
  MESSAGES,
  generateVirtualCardId,
  membershipStreamId,
  type CardEvent,
} from '@kartvizit/schemas';
import type { OfficeCardView } from '@kartvizit/schemas/office/http';
import { provisionCards } from '@kartvizit/command-api/card/provisioning';
import { membershipWrites } from '@kartvizit/command-api/office/membership-writes';
import { newOwner, startTestProduct, type TestProduct } from '../support/product.ts';
import { givenOffice, givenRemoved } from '../support/offices.ts';
import { after, answer, createProfile, seenEverything, send, type Owner } from './card-fixtures.ts';

/**
 * The cards of an office (issue 30, decision 61): an admin makes virtual cards for the pool, gives a card to a member
 * and takes it back; the card's page follows its holder. Every endpoint with bad input, another office's ids, a
 * Danışman's token and a removed member's token; offices are given as events (tests/support/offices.ts).
 */
let product: TestProduct;
let admin: Owner;
let agentA: Owner;
let agentB: Owner;
let removed: Owner;
let otherAdmin: Owner;
let loner: Owner;
let officeId: string;
let otherOfficeId: string;

interface OfficeAnswer {
  success: boolean;
  message?: string;
  field?: string;
  position?: string;
  data?: { card?: { cardId: string; holderId: string | null; isActive: boolean; type: string; color: string } };
}
const officeAnswer = (response: LightMyRequestResponse) => JSON.parse(response.body) as OfficeAnswer;
const officeCards = (response: LightMyRequestResponse) =>
  (JSON.parse(response.body) as { data: OfficeCardView[] }).data;

async function poolCards(forOffice: string, count = 1): Promise<string[]> {
  const result = await provisionCards({
    store: product.store,
    codec: product.codec,
    rows: [{ type: 'basic', color: 'black', count }],
    batchId: 'ofis-partisi',
    now: new Date(),
    officeId: forOffice,
  });
  return result.cards.map((card) => card.cardId);
}

const assign = (token: string, cardId: string, userId: unknown, office = officeId) =>
  send(product, 'POST', `/api/offices/${office}/cards/${cardId}/assign`, token, { userId });
const giveBack = (token: string, cardId: string, office = officeId) =>
  send(product, 'POST', `/api/offices/${office}/cards/${cardId}/return`, token);
const createCard = (token: string, body: unknown, office = officeId) =>
  send(product, 'POST', `/api/offices/${office}/cards`, token, body);
const listCards = (token: string, headers: Record<string, string> = {}, office = officeId) =>
  send(product, 'GET', `/api/offices/${office}/cards`, token, undefined, headers);
const publicProfile = (cardId: string, position: string | undefined) =>
  send(product, 'GET', `/api/profile/card/${cardId}`, undefined, undefined, after(position));
const myCards = (owner: Owner, position: string | undefined) =>
  send(product, 'GET', '/api/cards/my-cards', owner.token, undefined, after(position));

/** A refusal: its status and Turkish message, and nothing appended. */
async function refused(call: () => Promise<LightMyRequestResponse>, status: number, message: string): Promise<void> {
  const before = await product.eventCount();
  const response = await call();
  expect(response.statusCode, response.body).toBe(status);
  expect(officeAnswer(response)).toMatchObject({ success: false, message });
  expect(await product.eventCount()).toBe(before);
}

async function membershipTypes(userId: string): Promise<string[]> {
  const stream = await product.store.readStream(membershipStreamId(userId));
  return stream.events.map((event) => event.type);
}

beforeAll(async () => {
  product = await startTestProduct();
  [admin, agentA, agentB, removed, otherAdmin, loner] = (await Promise.all(
    [
      ['Yönetici', 'Çınar'],
      ['Şule', 'Aydın'],
      ['Gökhan', 'Öztürk'],
      ['İlker', 'Uğur'],
      ['Başka', 'Yönetici'],
      ['Tek', 'Başına'],
    ].map(async ([firstName = '', lastName = '']) => {
      const response = await product.post('/api/auth/register', newOwner({ firstName, lastName }));
      expect(response.statusCode, response.body).toBe(200);
      const body = JSON.parse(response.body) as { token: string; user: { id: string } };
      return { token: body.token, userId: body.user.id };
    }),
  )) as [Owner, Owner, Owner, Owner, Owner, Owner];
  await createProfile(product, admin, { firstName: 'Yönetici', lastName: 'Çınar' });
  await createProfile(product, agentA, { firstName: 'Şule', lastName: 'Aydın' });
  await createProfile(product, agentB, { firstName: 'Gökhan', lastName: 'Öztürk' });
  await createProfile(product, removed, { firstName: 'İlker', lastName: 'Uğur' });
  officeId = (
    await givenOffice(product, {
      members: [
        { userId: admin.userId, role: 'admin' },
        { userId: agentA.userId, role: 'agent' },
        { userId: agentB.userId, role: 'agent' },
        { userId: removed.userId, role: 'agent' },
      ],
    })
  ).officeId;
  otherOfficeId = (
    await givenOffice(product, { name: 'Başka Emlak', members: [{ userId: otherAdmin.userId, role: 'admin' }] })
  ).officeId;
  // The removed member: the office's event and the end of their membership, as the office routes append them.
  await givenRemoved(product, officeId, removed.userId, admin.userId);
});
afterAll(async () => {
  await product?.close();
});

describe('POST /api/offices/{id}/cards', () => {
  it("an admin makes a virtual card for the office's pool: a fresh VC- id, held by nobody", async () => {
    const response = await createCard(admin.token, { type: 'virtual', color: 'gold' });
    expect(response.statusCode, response.body).toBe(200);
    const body = officeAnswer(response);
    expect(body).toMatchObject({ success: true, message: MESSAGES.officeCardCreated });
    expect(body.data?.card).toMatchObject({ type: 'virtual', color: 'gold', holderId: null, isActive: false });
    expect(body.data?.card?.cardId).toMatch(/^VC-[A-Z0-9]{6}$/);
    const listed = officeCards(await listCards(admin.token, after(body.position)));
    expect(listed).toContainEqual(
      expect.objectContaining({ cardId: body.data?.card?.cardId, holderId: null, holderName: null, isActive: false }),
    );
    const second = officeAnswer(await createCard(admin.token, {}));
    expect(second.data?.card).toMatchObject({ color: 'black', holderId: null });
    expect(second.data?.card?.cardId).not.toBe(body.data?.card?.cardId);
  });

  it('bad input is refused in Turkish and appends nothing', async () => {
    await refused(() => createCard(admin.token, { type: 'basic' }), 400, MESSAGES.cardTypeInvalid);
    await refused(() => createCard(admin.token, { type: 'virtual', color: 'mor' }), 400, MESSAGES.cardColorInvalid);
    await refused(() => createCard(admin.token, { type: 'virtual' }, 'ofis-1'), 400, MESSAGES.officeIdInvalid);
    const long = await createCard(admin.token, { type: 'x'.repeat(200) });
    expect(long.statusCode).toBe(400);
  });

  it("another office's id is not found; a Danışman hears that only admins may; a removed member has no office", async () => {
    await refused(() => createCard(otherAdmin.token, { type: 'virtual' }), 404, MESSAGES.officeNotFound);
    await refused(() => createCard(admin.token, { type: 'virtual' }, otherOfficeId), 404, MESSAGES.officeNotFound);
    await refused(() => createCard(agentA.token, { type: 'virtual' }), 403, MESSAGES.officeAdminOnly);
    await refused(() => createCard(removed.token, { type: 'virtual' }), 404, MESSAGES.officeNotFound);
    await refused(() => createCard(loner.token, { type: 'virtual' }), 404, MESSAGES.officeNotFound);
    const anonymous = await createCard('', { type: 'virtual' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/offices/{id}/cards/{cardId}/assign and /return', () => {
  let card: string;
  let otherCard: string;

  beforeAll(async () => {
    [card = ''] = await poolCards(officeId);
    [otherCard = ''] = await poolCards(otherOfficeId);
  });

  it('bad input is refused in Turkish and appends nothing', async () => {
    await refused(() => assign(admin.token, 'kv-iı', agentA.userId), 400, MESSAGES.cardIdInvalid);
    await refused(() => assign(admin.token, card, undefined), 400, MESSAGES.officeCardHolderRequired);
    await refused(() => assign(admin.token, card, '  '), 400, MESSAGES.officeCardHolderRequired);
    await refused(() => assign(admin.token, card, 'ayse'), 400, MESSAGES.officeCardHolderInvalid);
    await refused(() => assign(admin.token, card, agentA.userId, 'bir-ofis'), 400, MESSAGES.officeIdInvalid);
    await refused(() => giveBack(admin.token, 'kv-iı'), 400, MESSAGES.cardIdInvalid);
    await refused(() => giveBack(admin.token, card, 'bir-ofis'), 400, MESSAGES.officeIdInvalid);
    const wrongType = await assign(admin.token, card, 42);
    expect(wrongType.statusCode).toBe(400);
  });

  it("another office's card, an unknown card and a personal card are not found", async () => {
    await refused(() => assign(admin.token, otherCard, agentA.userId), 404, MESSAGES.cardNotFound);
    await refused(() => assign(admin.token, 'KV-YOKBOYLE', agentA.userId), 404, MESSAGES.cardNotFound);
    await refused(() => giveBack(admin.token, otherCard), 404, MESSAGES.cardNotFound);
    await refused(() => assign(otherAdmin.token, card, otherAdmin.userId, otherOfficeId), 404, MESSAGES.cardNotFound);
    await refused(() => assign(otherAdmin.token, card, otherAdmin.userId), 404, MESSAGES.officeNotFound);
  });

  it('only to a member of the office: an outsider, another office’s admin and a removed member are refused', async () => {
    await refused(() => assign(admin.token, card, loner.userId), 404, MESSAGES.officeHolderNotMember);
    await refused(() => assign(admin.token, card, otherAdmin.userId), 404, MESSAGES.officeHolderNotMember);
    await refused(() => assign(admin.token, card, removed.userId), 404, MESSAGES.officeHolderNotMember);
  });

  it('a Danışman and a removed member may do neither', async () => {
    await refused(() => assign(agentA.token, card, agentA.userId), 403, MESSAGES.officeAdminOnly);
    await refused(() => giveBack(agentA.token, card), 403, MESSAGES.officeAdminOnly);
    await refused(() => assign(removed.token, card, removed.userId), 404, MESSAGES.officeNotFound);
    await refused(() => giveBack(removed.token, card), 404, MESSAGES.officeNotFound);
  });

  it('a card in the pool cannot be taken back', async () => {
    await refused(() => giveBack(admin.token, card), 409, MESSAGES.officeCardNotHeld);
  });
});

describe('GET /api/offices/{id}/cards', () => {
  it('answers only the office’s admins', async () => {
    const headers = await seenEverything(product);
    const mine = await listCards(admin.token, headers);
    expect(mine.statusCode, mine.body).toBe(200);
    const theirs = officeCards(await listCards(otherAdmin.token, headers, otherOfficeId));
    // Each office sees its own cards only.
    const ours = new Set(officeCards(mine).map((card) => card.cardId));
    expect(theirs.some((card) => ours.has(card.cardId))).toBe(false);

    for (const [token, office, status, message] of [
      [agentA.token, officeId, 403, MESSAGES.officeAdminOnly],
      [otherAdmin.token, officeId, 404, MESSAGES.officeNotFound],
      [removed.token, officeId, 404, MESSAGES.officeNotFound],
      [loner.token, officeId, 404, MESSAGES.officeNotFound],
      [admin.token, otherOfficeId, 404, MESSAGES.officeNotFound],
      [admin.token, 'ofis', 400, MESSAGES.officeIdInvalid],
    ] as const) {
      const response = await listCards(token, headers, office);
      expect(response.statusCode, response.body).toBe(status);
      expect(officeAnswer(response)).toMatchObject({ success: false, message });
    }
    expect((await listCards('', headers)).statusCode).toBe(401);
  });
});

describe('a card changing hands', () => {
  let card: string;

  beforeAll(async () => {
    [card = ''] = await poolCards(officeId);
  });

  it("pool card → Şule → back to the pool → Gökhan: the same id opens its holder's page", async () => {
    // Given to Şule: the page shows her, and it is in her list under its id.
    const given = await assign(admin.token, card, agentA.userId);
    expect(given.statusCode, given.body).toBe(200);
    expect(officeAnswer(given)).toMatchObject({
      message: MESSAGES.officeCardAssigned,
      data: { card: { holderId: agentA.userId } },
    });
    const givenAt = officeAnswer(given).position;
    const shown = await publicProfile(card, givenAt);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(answer(shown).profile).toMatchObject({ user: agentA.userId, firstName: 'Şule' });
    const page = await send(product, 'GET', `/p/${card}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Şule');
    expect(answer(await myCards(agentA, givenAt)).cards).toContainEqual(
      expect.objectContaining({ cardId: card, name: card, isActive: true }),
    );
    expect(officeCards(await listCards(admin.token, after(givenAt)))).toContainEqual(
      expect.objectContaining({ cardId: card, holderId: agentA.userId, holderName: 'Şule Aydın', isActive: true }),
    );
    expect(await membershipTypes(agentA.userId)).toEqual(['MembershipStarted', 'MembershipCardTaken']);

    // Şule may use it, Gökhan may not touch it.
    const otherAgent = await send(product, 'PUT', `/api/cards/deactivate/${card}`, agentB.token);
    expect(otherAgent.statusCode).toBe(404);
    const qr = await send(product, 'POST', `/api/cards/regenerate-qr/${card}`, agentA.token);
    expect(qr.statusCode, qr.body).toBe(200);

    // Given again while held: refused.
    await refused(() => assign(admin.token, card, agentB.userId), 409, MESSAGES.officeCardNotInPool);

    // Taken back: the page shows nothing, Şule's list lost it, the office's list has it in the pool.
    const back = await giveBack(admin.token, card);
    expect(back.statusCode, back.body).toBe(200);
    expect(officeAnswer(back)).toMatchObject({
      message: MESSAGES.officeCardReturned,
      data: { card: { holderId: null, isActive: false } },
    });
    const backAt = officeAnswer(back).position;
    const hidden = await publicProfile(card, backAt);
    expect(hidden.statusCode).toBe(404);
    expect(answer(hidden).message).toBe(MESSAGES.cardPublicProfileNotFound);
    expect((await send(product, 'GET', `/p/${card}`)).statusCode).toBe(404);
    expect(answer(await myCards(agentA, backAt)).cards?.map((each) => each.cardId)).not.toContain(card);
    expect(
      (await send(product, 'GET', `/api/cards/mine/${card}`, agentA.token, undefined, after(backAt))).statusCode,
    ).toBe(404);
    expect(officeCards(await listCards(admin.token, after(backAt)))).toContainEqual(
      expect.objectContaining({ cardId: card, holderId: null, holderName: null, isActive: false }),
    );
    expect(await membershipTypes(agentA.userId)).toEqual([
      'MembershipStarted',
      'MembershipCardTaken',
      'MembershipCardGiven',
    ]);
    // Şule cannot switch it on again.
    expect((await send(product, 'PUT', `/api/cards/reactivate/${card}`, agentA.token)).statusCode).toBe(404);

    // Given to Gökhan: the same id opens his page.
    const again = await assign(admin.token, card, agentB.userId);
    expect(again.statusCode, again.body).toBe(200);
    const againAt = officeAnswer(again).position;
    const reshown = await publicProfile(card, againAt);
    expect(reshown.statusCode).toBe(200);
    expect(answer(reshown).profile).toMatchObject({ user: agentB.userId, firstName: 'Gökhan' });
    const repage = await send(product, 'GET', `/p/${card}`);
    expect(repage.statusCode).toBe(200);
    expect(repage.body).toContain('Gökhan');
    expect(repage.body).not.toContain('Şule');
    const mine = await send(product, 'GET', `/api/cards/mine/${card}`, agentB.token, undefined, after(againAt));
    expect(mine.statusCode, mine.body).toBe(200);
    // Gökhan sees the card's history since it came to him, nothing of Şule's time with it.
    expect(answer(mine).history?.map((entry) => entry.type)).toEqual(['assigned']);
  });
});

describe('activating an office card, and what a member activates while in the office', () => {
  it("a member activates a pool card: it is the office's, and its name goes back with it", async () => {
    const [card = ''] = await poolCards(officeId);
    const headers = await seenEverything(product);
    // Outsiders and removed members hear that no such card exists, on the check and on the activation.
    for (const outsider of [loner, otherAdmin, removed]) {
      const check = await send(product, 'GET', `/api/cards/details/${card}`, outsider.token, undefined, headers);
      expect(check.statusCode, check.body).toBe(404);
      await refused(
        () => send(product, 'POST', '/api/cards/activate', outsider.token, { cardId: card, name: 'Benim' }),
        404,
        MESSAGES.cardNotFoundById,
      );
    }
    const check = await send(product, 'GET', `/api/cards/details/${card}`, agentA.token, undefined, headers);
    expect(check.statusCode).toBe(200);

    const activated = await send(product, 'POST', '/api/cards/activate', agentA.token, {
      cardId: card,
      name: 'Ofis Kartım',
    });
    expect(activated.statusCode, activated.body).toBe(200);
    const position = answer(activated).position;
    expect(officeCards(await listCards(admin.token, after(position)))).toContainEqual(
      expect.objectContaining({ cardId: card, holderId: agentA.userId, holderName: 'Şule Aydın' }),
    );
    expect((await membershipTypes(agentA.userId)).at(-1)).toBe('MembershipCardTaken');

    // The admin takes it back: the name 'Ofis Kartım' is Şule's to give another card.
    const back = await giveBack(admin.token, card);
    expect(back.statusCode, back.body).toBe(200);
    const [next = ''] = await poolCards(officeId);
    const renamed = await send(product, 'POST', '/api/cards/activate', agentA.token, {
      cardId: next,
      name: 'Ofis Kartım',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it("a member's new virtual card is the office's: its admin sees it and may take it back", async () => {
    const cardId = generateVirtualCardId();
    const created = await send(product, 'POST', '/api/cards', agentB.token, {
      cardId,
      type: 'virtual',
      name: 'Gökhan Sanal',
    });
    expect(created.statusCode, created.body).toBe(200);
    const listed = officeCards(await listCards(admin.token, after(answer(created).position)));
    expect(listed).toContainEqual(expect.objectContaining({ cardId, holderId: agentB.userId, type: 'virtual' }));
    const back = await giveBack(admin.token, cardId);
    expect(back.statusCode, back.body).toBe(200);
  });
});

describe('the membership writes that go with a card changing hands (command-api/src/office/membership-writes.ts)', () => {
  const event = (holderId: string, office = officeId): CardEvent => ({
    type: 'CardAssigned',
    data: { cardId: 'KV-UYELIK23', officeId: office, holderId, assignedBy: admin.userId, at: new Date().toISOString() },
  });

  it("a member's stream is written at the version read", async () => {
    const { version } = await product.store.readStream(membershipStreamId(agentB.userId));
    const requests = await membershipWrites(product, [event(agentB.userId)]);
    expect(requests).toEqual([
      expect.objectContaining({ streamId: membershipStreamId(agentB.userId), expected: version }),
    ]);
    expect(requests[0]?.events.map((each) => each.type)).toEqual(['MembershipCardTaken']);
  });

  it('a person whose stream no longer says that office cannot take the card: a conflict, in Turkish', async () => {
    for (const [holder, office] of [
      [removed.userId, officeId],
      [loner.userId, officeId],
      [agentB.userId, otherOfficeId],
    ] as const) {
      const refusal = await membershipWrites(product, [event(holder, office)]).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(DomainError);
      expect(refusal).toMatchObject({ kind: 'conflict', message: MESSAGES.officeNotFound });
    }
  });

  it('a card given back by someone who already left writes nothing to their stream', async () => {
    const returned: CardEvent = {
      type: 'CardReturned',
      data: {
        cardId: 'KV-UYELIK23',
        officeId,
        formerHolderId: removed.userId,
        by: admin.userId,
        at: new Date().toISOString(),
      },
    };
    expect(await membershipWrites(product, [returned])).toEqual([]);
  });
});
