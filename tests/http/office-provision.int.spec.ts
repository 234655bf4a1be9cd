import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { MESSAGES, cardProfileUrl, cardStreamId, type CardProvisioned } from '@kartvizit/schemas';
import { CARD_ORDER_MESSAGES } from '@kartvizit/schemas/card/messages';
import { CARD_ORDER_MAX_CARDS, CARD_ORDER_MAX_LENGTH } from '@kartvizit/schemas/card/provisioning-csv';
import type { OfficeCardView } from '@kartvizit/schemas/office/http';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { register, type Person } from './office-fixtures.ts';
import { givenOffice, givenRemoved } from '../support/offices.ts';
import { after, answer, createProfile, send } from './card-fixtures.ts';

/**
 * An office admin orders physical cards by uploading a CSV (issue 30, 'Fiziksel Kart Siparişi' on Ofis Kartları):
 * `POST /api/offices/{id}/cards/provision {csv}`. The order is read by the same reader as the screen's preview; the
 * whole order is one atomic write, so an answer means every card is stored, and a refusal stores none.
 */
let product: TestProduct;
let admin: Person;
let agent: Person;
let removed: Person;
let otherAdmin: Person;
let loner: Person;
let officeId: string;
let otherOfficeId: string;

interface ProvisionAnswer {
  success: boolean;
  message: string;
  field?: string;
  details?: string[];
  position?: string;
  data?: { batchId: string; cards: { cardId: string; type: string; color: string; profileUrl: string }[] };
}
const provisionAnswer = (response: LightMyRequestResponse) => JSON.parse(response.body) as ProvisionAnswer;
const order = (token: string, body: unknown, office = officeId) =>
  send(product, 'POST', `/api/offices/${office}/cards/provision`, token, body);
const cardList = (response: LightMyRequestResponse) => (JSON.parse(response.body) as { data: OfficeCardView[] }).data;
const listCards = (token: string, position: string | undefined) =>
  send(product, 'GET', `/api/offices/${officeId}/cards`, token, undefined, after(position));

/** A refusal: its status and Turkish message, and nothing appended. */
async function refused(
  call: () => Promise<LightMyRequestResponse>,
  status: number,
  message: string,
): Promise<ProvisionAnswer> {
  const before = await product.eventCount();
  const response = await call();
  expect(response.statusCode, response.body).toBe(status);
  const body = provisionAnswer(response);
  expect(body).toMatchObject({ success: false, message });
  expect(await product.eventCount()).toBe(before);
  return body;
}

beforeAll(async () => {
  product = await startTestProduct();
  [admin, agent, removed, otherAdmin, loner] = (await Promise.all(
    ['Yönetici', 'Şule', 'İlker', 'Başka', 'Tek'].map((name) => register(product, name)),
  )) as [Person, Person, Person, Person, Person];
  await createProfile(product, agent, { firstName: 'Şule', lastName: 'Aydın' });
  officeId = (
    await givenOffice(product, {
      members: [
        { userId: admin.userId, role: 'admin' },
        { userId: agent.userId, role: 'agent' },
        { userId: removed.userId, role: 'agent' },
      ],
    })
  ).officeId;
  otherOfficeId = (
    await givenOffice(product, { name: 'Başka Emlak', members: [{ userId: otherAdmin.userId, role: 'admin' }] })
  ).officeId;
  await givenRemoved(product, officeId, removed.userId, admin.userId);
});
afterAll(async () => {
  await product?.close();
});

describe('POST /api/offices/{id}/cards/provision', () => {
  it("given an order in Turkish Excel's form, the office's pool gets every card, in the order's order", async () => {
    // When the admin uploads three lines (';', a BOM, Turkish names, one typed without its letters).
    const csv = '\uFEFFtür;renk;adet\r\nTemel;Siyah;2\r\nPro;Altin;1\r\n';
    const response = await order(admin.token, { csv });

    // Then three cards are made and answered, with their addresses for the NFC vendor.
    expect(response.statusCode, response.body).toBe(200);
    const body = provisionAnswer(response);
    expect(body).toMatchObject({ success: true, message: CARD_ORDER_MESSAGES.provisioned(3) });
    const cards = body.data?.cards ?? [];
    expect(cards.map(({ type, color }) => [type, color])).toEqual([
      ['basic', 'black'],
      ['basic', 'black'],
      ['pro', 'gold'],
    ]);
    for (const card of cards) {
      expect(card.cardId).toMatch(/^KV-[A-HJ-NP-Z2-9]{8}$/);
      expect(card.profileUrl).toBe(cardProfileUrl(product.publicBaseUrl, card.cardId));
    }
    expect(new Set(cards.map((card) => card.cardId)).size).toBe(3);

    // And each is stored as the office's, in one batch, by the admin.
    for (const card of cards) {
      const stream = await product.store.readStream(cardStreamId(card.cardId));
      const [event] = stream.events;
      expect(event?.type).toBe('CardProvisioned');
      const decoded = (await product.codec.decode(event!)) as CardProvisioned;
      expect(decoded.data).toMatchObject({ officeId, batchId: body.data?.batchId, type: card.type, color: card.color });
      expect(event?.metadata?.actor).toBe(admin.userId);
    }

    // And the office's card list shows them in the pool at once (read-your-writes with the answer's position).
    const listed = cardList(await listCards(admin.token, body.position));
    for (const card of cards) {
      expect(listed).toContainEqual(
        expect.objectContaining({ cardId: card.cardId, holderId: null, isActive: false, type: card.type }),
      );
    }
  });

  it('a card of the order is activated by a member and stays the office’s', async () => {
    const body = provisionAnswer(await order(admin.token, { csv: 'type,color,count\nbasic,white,1\n' }));
    const [card] = body.data?.cards ?? [];
    expect(card).toBeDefined();
    const outsider = await send(product, 'POST', '/api/cards/activate', loner.token, { cardId: card?.cardId });
    expect(outsider.statusCode, outsider.body).toBe(404);
    const activated = await send(product, 'POST', '/api/cards/activate', agent.token, {
      cardId: card?.cardId,
      name: 'Ofis Kartım',
    });
    expect(activated.statusCode, activated.body).toBe(200);
    const listed = cardList(await listCards(admin.token, answer(activated).position));
    expect(listed).toContainEqual(expect.objectContaining({ cardId: card?.cardId, holderId: agent.userId }));
  });

  it('an order with mistakes is refused line by line, and no card is made', async () => {
    const csv = 'tür,renk,adet\nTemel,Mor,2\nPlatin,Siyah,0\nPro,Altın,3\n';
    const body = await refused(() => order(admin.token, { csv }), 400, CARD_ORDER_MESSAGES.invalidOrder(3));
    expect(body.field).toBe('csv');
    expect(body.details).toEqual([
      '2. satır: bilinmeyen kart rengi "Mor"',
      '3. satır: bilinmeyen kart türü "Platin"',
      '3. satır: adet 1 veya daha büyük bir tam sayı olmalı ("0")',
    ]);
  });

  it('a file that is wrong as a whole says so in its message', async () => {
    await refused(() => order(admin.token, { csv: '' }), 400, CARD_ORDER_MESSAGES.empty);
    await refused(() => order(admin.token, { csv: 'tür,renk,adet\n' }), 400, CARD_ORDER_MESSAGES.noRows);
    await refused(
      () => order(admin.token, { csv: `tür,renk,adet\nTemel,Siyah,${CARD_ORDER_MAX_CARDS}\nPro,Siyah,1\n` }),
      400,
      CARD_ORDER_MESSAGES.tooMany(CARD_ORDER_MAX_CARDS, CARD_ORDER_MAX_CARDS + 1),
    );
    await refused(
      () => order(admin.token, { csv: `tür,renk,adet\n${'Temel,Siyah,1\n'.repeat(CARD_ORDER_MAX_LENGTH / 14 + 1)}` }),
      400,
      CARD_ORDER_MESSAGES.tooLong(CARD_ORDER_MAX_LENGTH / 1024),
    );
  });

  it('a body of the wrong shape is a Turkish 4xx and appends nothing', async () => {
    await refused(() => order(admin.token, {}), 400, CARD_ORDER_MESSAGES.empty);
    for (const body of [{ csv: 42 }, { csv: ['tür,renk,adet'] }, { csv: 'tür,renk,adet\nTemel,Siyah,1', extra: 1 }]) {
      const before = await product.eventCount();
      const response = await order(admin.token, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(provisionAnswer(response).message).toMatch(/[a-zçğıöşü]/u);
      expect(await product.eventCount()).toBe(before);
    }
    await refused(
      () => order(admin.token, { csv: 'tür,renk,adet\u0000\nTemel,Siyah,1' }),
      400,
      MESSAGES.unsafeCharacters,
    );
    const huge = await order(admin.token, { csv: 'x'.repeat(CARD_ORDER_MAX_LENGTH * 7) });
    expect(huge.statusCode, huge.body).toBe(413);
    await refused(
      () => order(admin.token, { csv: 'tür,renk,adet\nTemel,Siyah,1' }, 'ofis-1'),
      400,
      MESSAGES.officeIdInvalid,
    );
  });

  it("another office's id, a Danışman, a removed member and an outsider are refused before the file is read", async () => {
    const csv = 'tür,renk,adet\nTemel,Siyah,1\n';
    await refused(() => order(otherAdmin.token, { csv }), 404, MESSAGES.officeNotFound);
    await refused(() => order(admin.token, { csv }, otherOfficeId), 404, MESSAGES.officeNotFound);
    await refused(() => order(agent.token, { csv }), 403, MESSAGES.officeAdminOnly);
    await refused(() => order(removed.token, { csv }), 404, MESSAGES.officeNotFound);
    await refused(() => order(loner.token, { csv }), 404, MESSAGES.officeNotFound);
    // A Danışman's broken file is still "only admins": what they sent is not looked at.
    await refused(() => order(agent.token, { csv: 'bozuk' }), 403, MESSAGES.officeAdminOnly);
    const anonymous = await order('', { csv });
    expect(anonymous.statusCode).toBe(401);
  });
});
