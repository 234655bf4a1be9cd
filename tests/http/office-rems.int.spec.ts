import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGES,
  MIN_POSITION_HEADER,
  officeStreamId,
  type CurrentOfficeResponse,
  type LeadSubmitted,
  type OfficeHistoryResponse,
} from '@kartvizit/schemas';
import { startFakeRems, type FakeRems } from '../support/fake-rems.ts';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { provision, seenEverything, send } from './card-fixtures.ts';
import { clientAddress, formToken } from './lead-fixtures.ts';
import {
  createOffice,
  eventTypes,
  join,
  officeAnswer,
  officeCardHeldBy,
  register,
  type Person,
} from './office-fixtures.ts';

/**
 * The office's REMS (issue 30, decision 61): an admin links one REMS key for every office card; while it is in
 * force, a visitor's 'Görüşme Planla' on any office card reaches the office's REMS account, and the lead is the
 * office's. Without it, the holder's own key serves the office cards they hold; a member's personal cards always use
 * their own key. A Danışman may not link it (403), anyone outside the office cannot see it (404). The fake REMS tells
 * which account each customer reached.
 */
const OFFICE_KEY = 'rems_ofis_cinar_7d1c6b0e1f2a';
const MEMBER_KEY = 'rems_kisisel_bora_5f0c8f6e6b8f';
const OFFICE_ACCOUNT = { id: 'hesap-ofis', name: 'Çınar Emlak' };
const MEMBER_ACCOUNT = { id: 'hesap-bora', name: 'Bora Kaya' };

let rems: FakeRems;
let product: TestProduct;
let ayse: Person; // Yönetici of Çınar Emlak
let bora: Person; // Danışman: one office card, one personal card from before he joined
let deniz: Person; // in no office
let officeId: string;
let officeCard: string;
let personalCard: string;

beforeAll(async () => {
  rems = await startFakeRems();
  rems.addKey(OFFICE_KEY, OFFICE_ACCOUNT);
  rems.addKey(MEMBER_KEY, MEMBER_ACCOUNT);
  product = await startTestProduct({ remsApiUrl: rems.url });
  [ayse, bora, deniz] = [
    await register(product, 'Ayşe'),
    await register(product, 'Bora'),
    await register(product, 'Deniz'),
  ];
  // Bora's own card, activated before he joins: it stays his.
  [personalCard = ''] = await provision(product);
  expect(
    (await send(product, 'POST', '/api/profile', bora.token, { firstName: 'Bora', lastName: 'Kaya' })).statusCode,
  ).toBe(200);
  expect(
    (await send(product, 'POST', '/api/cards/activate', bora.token, { cardId: personalCard, name: 'Kişisel' }))
      .statusCode,
  ).toBe(200);
  officeId = await createOffice(product, ayse, 'Çınar Emlak', 'cinar-emlak-rems');
  await join(product, ayse, officeId, bora);
  officeCard = await officeCardHeldBy(product, bora, officeId);
});
afterAll(async () => {
  await product?.close();
  await rems?.close();
});

/** A visitor's 'Görüşme Planlayın' form on a card held by Bora. */
function registerOn(cardId: string, lastName: string) {
  return product.app.inject({
    method: 'POST',
    url: '/api/rems/create-customer',
    remoteAddress: clientAddress(),
    payload: {
      cardOwnerId: bora.userId,
      cardId,
      firstName: 'Çağrı',
      lastName,
      phoneNumber: '0532 123 45 67',
      customerType: 'BUYER',
      email: '',
      province: '34',
      provinceName: 'İstanbul',
      district: 'Kadıköy',
      districtName: 'Kadıköy',
      address: null,
      notes: null,
      marketingConsent: false,
      website: '',
      formToken: formToken(product, cardId),
    },
  });
}

/** The REMS account the customer named `lastName` reached, once the rems-delivery reactor has delivered it. */
async function accountReached(lastName: string): Promise<string> {
  let account = '';
  await expect
    .poll(
      () => {
        account = rems.customers().find((customer) => customer.body.lastName === lastName)?.accountId ?? '';
        return account;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  return account;
}

/** The lead recorded with the last registration (same write, same id). */
async function lastLead(): Promise<LeadSubmitted['data']> {
  const { rows } = await product.pool.query<{ stream_id: string }>(
    `SELECT stream_id FROM events WHERE type = 'LeadSubmitted' ORDER BY global_position DESC LIMIT 1`,
  );
  const { events } = await product.store.readStream(rows[0]?.stream_id ?? '');
  const lead = events[0] ? await product.codec.decode(events[0]) : null;
  if (lead?.type !== 'LeadSubmitted') throw new Error('no lead');
  return lead.data;
}

function saveOfficeKey(person: Person, apiKey = OFFICE_KEY) {
  return send(product, 'PUT', `/api/offices/${officeId}/rems`, person.token, { apiKey });
}

describe('who may link the office’s REMS', () => {
  it('given a Danışman, someone outside the office, no session and a malformed key, when each tries, then 403, 404, 401 and a Turkish 400, and nothing is appended', async () => {
    const before = await product.eventCount();
    const agent = await saveOfficeKey(bora);
    expect(agent.statusCode, agent.body).toBe(403);
    expect(officeAnswer(agent).message).toBe(MESSAGES.officeAdminOnly);
    const outsider = await saveOfficeKey(deniz);
    expect(outsider.statusCode).toBe(404);
    expect(officeAnswer(outsider).message).toBe(MESSAGES.officeNotFound);
    expect(
      (await send(product, 'PUT', `/api/offices/${officeId}/rems`, undefined, { apiKey: OFFICE_KEY })).statusCode,
    ).toBe(401);
    const malformed = await saveOfficeKey(ayse, 'ofis-anahtari');
    expect(malformed.statusCode).toBe(400);
    expect(officeAnswer(malformed)).toMatchObject({ success: false, field: 'apiKey' });
    const refused = await saveOfficeKey(ayse, 'rems_bilinmeyen_anahtar_1234');
    expect(refused.statusCode).toBe(400);
    expect(officeAnswer(refused).message).toBe(MESSAGES.remsApiKeyRefused);
    const removeAgent = await send(product, 'DELETE', `/api/offices/${officeId}/rems`, bora.token);
    expect(removeAgent.statusCode).toBe(403);
    expect(await product.eventCount()).toBe(before);
  });
});

describe('bad input to the office’s REMS', () => {
  it('given NUL bytes, a 1 MB string, wrong types and unknown fields, when sent, then a Turkish 4xx each, and nothing is appended', async () => {
    const before = await product.eventCount();
    for (const body of [
      { apiKey: 'rems_\u0000abcdef123456' },
      { apiKey: 'x'.repeat(1024 * 1024) },
      { apiKey: 42 },
      { apiKey: ['rems_abc'] },
      {},
      { apiKey: OFFICE_KEY, extra: true },
    ]) {
      const response = await send(product, 'PUT', `/api/offices/${officeId}/rems`, ayse.token, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(officeAnswer(response).message).toMatch(/[a-zçğıöşü]/i);
      expect(officeAnswer(response).success).toBe(false);
    }
    const unknown = await send(product, 'PUT', '/api/offices/not-an-id/rems', ayse.token, { apiKey: OFFICE_KEY });
    expect(unknown.statusCode).toBe(404);
    expect(await product.eventCount()).toBe(before);
  });
});

describe('where an office card’s customers go', () => {
  it('given neither the office nor its holder has a key, when a visitor registers on the office card, then it is refused as unavailable', async () => {
    const response = await registerOn(officeCard, 'Anahtarsız');
    expect(response.statusCode, response.body).toBe(404);
    expect(officeAnswer(response).message).toBe(MESSAGES.remsRegistrationUnavailable);
  });

  it('given only the holder’s own key, when a visitor registers on the office card, then the holder’s REMS takes the customer and the lead is the office’s', async () => {
    expect((await send(product, 'POST', '/api/rems/save-api-key', bora.token, { apiKey: MEMBER_KEY })).statusCode).toBe(
      200,
    );
    const response = await registerOn(officeCard, 'Birinci');
    expect(response.statusCode, response.body).toBe(200);
    expect(await accountReached('Birinci')).toBe(MEMBER_ACCOUNT.id);
    expect(await lastLead()).toMatchObject({ cardId: officeCard, ownerId: bora.userId, officeId });
  });

  it('given the office links its key, when visitors register on the office card and on the personal card, then the office’s REMS takes the first and Bora’s the second', async () => {
    const saved = await saveOfficeKey(ayse);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(JSON.parse(saved.body)).toMatchObject({ success: true, keyHint: OFFICE_KEY.slice(-4) });
    // The key is sealed in the office's stream: its plain text is nowhere in the stored events.
    const { rows } = await product.pool.query<{ data: unknown }>(
      `SELECT data FROM events WHERE stream_id = $1 AND type = 'OfficeRemsKeySaved'`,
      [officeStreamId(officeId)],
    );
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0]?.data)).not.toContain(OFFICE_KEY);

    expect((await registerOn(officeCard, 'İkinci')).statusCode).toBe(200);
    expect(await accountReached('İkinci')).toBe(OFFICE_ACCOUNT.id);
    expect(await lastLead()).toMatchObject({ cardId: officeCard, officeId });
    expect((await registerOn(personalCard, 'Üçüncü')).statusCode).toBe(200);
    expect(await accountReached('Üçüncü')).toBe(MEMBER_ACCOUNT.id);
    expect(await lastLead()).not.toHaveProperty('officeId');

    // Every member sees that the office's REMS is linked, and its last 4 characters only.
    const current = await product.get('/api/offices/current', bora.token, {
      [MIN_POSITION_HEADER]: String((JSON.parse(saved.body) as { position: string }).position),
    });
    const office = (JSON.parse(current.body) as CurrentOfficeResponse).data?.office;
    expect(office?.rems).toEqual({ active: true, keyHint: OFFICE_KEY.slice(-4) });
    expect(current.body).not.toContain(OFFICE_KEY);
  });

  it('given the office removes its key, when a visitor registers on the office card, then the holder’s own key takes it again, and the history tells both changes', async () => {
    const removed = await send(product, 'DELETE', `/api/offices/${officeId}/rems`, ayse.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await registerOn(officeCard, 'Dördüncü')).statusCode).toBe(200);
    expect(await accountReached('Dördüncü')).toBe(MEMBER_ACCOUNT.id);
    expect((await send(product, 'DELETE', `/api/offices/${officeId}/rems`, ayse.token)).statusCode).toBe(404);
    expect(await eventTypes(product, officeStreamId(officeId))).toEqual(
      expect.arrayContaining(['OfficeRemsKeySaved', 'OfficeRemsKeyRemoved']),
    );

    const position = String((JSON.parse(removed.body) as { position: string }).position);
    const history = await product.get(`/api/offices/${officeId}/history`, ayse.token, {
      [MIN_POSITION_HEADER]: position,
    });
    const types = (JSON.parse(history.body) as OfficeHistoryResponse).data.map((entry) => entry.type);
    expect(types).toEqual(expect.arrayContaining(['rems-linked', 'rems-unlinked']));
    const current = await product.get('/api/offices/current', ayse.token, { [MIN_POSITION_HEADER]: position });
    expect((JSON.parse(current.body) as CurrentOfficeResponse).data?.office.rems).toEqual({
      active: false,
      keyHint: null,
    });
  });

  it('given only the office’s key, when a visitor opens the cards, then the office card offers Görüşme Planla and the personal card does not', async () => {
    const block = '<h2 class="pc-h2" id="pc-rems-h">Emlak Danışmanlığı</h2>';
    expect((await send(product, 'DELETE', '/api/rems/remove-api-key', bora.token)).statusCode).toBe(200);
    const cardPage = async (cardId: string) =>
      (await send(product, 'GET', `/p/${cardId}`, undefined, undefined, await seenEverything(product))).body;
    expect(await cardPage(officeCard)).not.toContain(block);

    expect((await saveOfficeKey(ayse)).statusCode).toBe(200);
    expect(await cardPage(officeCard)).toContain(block);
    expect(await cardPage(personalCard)).not.toContain(block);
    expect((await registerOn(officeCard, 'Beşinci')).statusCode).toBe(200);
    expect(await accountReached('Beşinci')).toBe(OFFICE_ACCOUNT.id);
    const refused = await registerOn(personalCard, 'Altıncı');
    expect(refused.statusCode).toBe(404);
  });
});
