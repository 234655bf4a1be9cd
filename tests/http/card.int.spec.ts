import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kartvizit/schemas';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { after, answer, createProfile, provision, registerOwner, seenEverything, send, virtualCardId, type Owner } from './card-fixtures.ts';

/** A card's life through the HTTP API (SPEC "My cards", "Card activation", §7 Cards). */
let product: TestProduct;
let owner: Owner;
let physical: string[];

beforeAll(async () => {
  product = await startTestProduct();
  owner = await registerOwner(product);
  await createProfile(product, owner);
  physical = await provision(product, 5, 'pro', 'silver');
});
afterAll(async () => {
  await product?.close();
});

const card = (index: number) => physical[index] ?? '';
const activate = (cardId: string, name: string, who = owner) => send(product, 'POST', '/api/cards/activate', who.token, { cardId, name });
const createVirtual = (body: Record<string, unknown>, who = owner) => send(product, 'POST', '/api/cards', who.token, body);

describe('activating a physical card', () => {
  it('is checked, activated, then listed and shown with its history', async () => {
    const cardId = card(0);
    const check = await send(product, 'GET', `/api/cards/details/${cardId}`, owner.token, undefined, await seenEverything(product));
    expect(check.statusCode, check.body).toBe(200);
    expect(answer(check)).toEqual({ success: true, card: { cardId, type: 'pro', isActivated: false } });

    // As typed: lower case and stray spaces in the id, extra spaces in the name.
    const response = await activate(` ${cardId.toLowerCase()} `, '  Ofis   Kartı ');
    expect(response.statusCode, response.body).toBe(200);
    const result = answer(response);
    expect(result).toMatchObject({ success: true, message: MESSAGES.cardActivated });
    expect(result.position).toMatch(/^\d+:\d+$/);
    expect(result.card).toEqual({
      _id: cardId,
      cardId,
      name: 'Ofis Kartı',
      type: 'pro',
      color: 'silver',
      nfcId: cardId,
      isActive: true,
      isActivated: true,
      activatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as unknown,
      qrCode: `/api/cards/${cardId}/qr.png?v=1`,
      qrSvg: `/api/cards/${cardId}/qr.svg?v=1`,
      profileUrl: `${product.publicBaseUrl}/p/${cardId}`,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as unknown,
    });

    const list = await send(product, 'GET', '/api/cards/my-cards', owner.token, undefined, after(result.position));
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-read-model-stale']).toBeUndefined();
    expect(answer(list).cards).toContainEqual(result.card);

    const again = await send(product, 'GET', `/api/cards/details/${cardId}`, owner.token, undefined, after(result.position));
    expect(answer(again).card).toEqual({ cardId, type: 'pro', isActivated: true });

    const details = await send(product, 'GET', `/api/cards/mine/${cardId}`, owner.token, undefined, after(result.position));
    expect(details.statusCode).toBe(200);
    expect(answer(details).card).toEqual(result.card);
    expect(answer(details).history?.map((entry) => entry.type)).toEqual(['provisioned', 'activated']);
  });

  it('a second activation is refused, and nothing is appended', async () => {
    const cardId = card(1);
    expect((await activate(cardId, 'Fuar')).statusCode).toBe(200);
    const before = await product.eventCount();
    const response = await activate(cardId, 'Başka');
    expect(response.statusCode).toBe(409);
    expect(answer(response)).toEqual({ success: false, message: MESSAGES.cardAlreadyActivated, field: 'cardId' });
    expect(await product.eventCount()).toBe(before);
  });

  it('an unknown id is not found', async () => {
    const response = await activate('KV-YOKBOYLE', 'Ofis');
    expect(response.statusCode).toBe(404);
    expect(answer(response)).toEqual({ success: false, message: MESSAGES.cardNotFoundById });
    const check = await send(product, 'GET', '/api/cards/details/KV-YOKBOYLE', owner.token);
    expect(check.statusCode).toBe(404);
    expect(answer(check)).toEqual({ success: false, message: MESSAGES.cardNotFoundById });
  });
});

describe('managing a card', () => {
  it('deactivate, reactivate and regenerate the QR code, each recorded in the history', async () => {
    const cardId = card(2);
    expect((await activate(cardId, 'Yönetim')).statusCode).toBe(200);

    // Plain API clients often label a bodiless call as JSON; that is still a valid call.
    const off = await send(product, 'PUT', `/api/cards/deactivate/${cardId}`, owner.token, undefined, { 'content-type': 'application/json' });
    expect(off.statusCode, off.body).toBe(200);
    expect(answer(off)).toMatchObject({ success: true, message: MESSAGES.cardDeactivated, card: { isActive: false, isActivated: true } });

    const twice = await send(product, 'PUT', `/api/cards/deactivate/${cardId}`, owner.token);
    expect(twice.statusCode).toBe(409);
    expect(answer(twice).message).toBe(MESSAGES.cardAlreadyDeactivated);

    const on = await send(product, 'PUT', `/api/cards/reactivate/${cardId}`, owner.token);
    expect(on.statusCode).toBe(200);
    expect(answer(on)).toMatchObject({ success: true, message: MESSAGES.cardReactivated, card: { isActive: true } });

    const onAgain = await send(product, 'PUT', `/api/cards/reactivate/${cardId}`, owner.token);
    expect(onAgain.statusCode).toBe(409);
    expect(answer(onAgain).message).toBe(MESSAGES.cardAlreadyActive);

    const qr = await send(product, 'POST', `/api/cards/regenerate-qr/${cardId}`, owner.token);
    expect(qr.statusCode).toBe(200);
    const regenerated = answer(qr);
    expect(regenerated).toMatchObject({
      success: true,
      message: MESSAGES.cardQrRegenerated,
      card: { qrCode: `/api/cards/${cardId}/qr.png?v=2`, qrSvg: `/api/cards/${cardId}/qr.svg?v=2`, isActive: true },
    });

    const details = await send(product, 'GET', `/api/cards/mine/${cardId}`, owner.token, undefined, after(regenerated.position));
    expect(answer(details).card?.qrCode).toBe(`/api/cards/${cardId}/qr.png?v=2`);
    expect(answer(details).history?.map((entry) => entry.type)).toEqual([
      'provisioned',
      'activated',
      'deactivated',
      'reactivated',
      'qr-regenerated',
    ]);
    // The new version is the one cached for good; the QR still opens the same address.
    const image = await product.app.inject({ method: 'GET', url: `/api/cards/${cardId}/qr.png?v=2` });
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const old = await product.app.inject({ method: 'GET', url: `/api/cards/${cardId}/qr.png?v=1` });
    expect(old.headers['cache-control']).toBe('public, max-age=300');
  });
});

describe('virtual cards', () => {
  it('are created, then activated in a second call (SPEC: two calls)', async () => {
    const cardId = virtualCardId();
    const created = await createVirtual({ cardId: cardId.toLowerCase(), type: 'virtual', color: 'gold', name: 'Dijital' });
    expect(created.statusCode, created.body).toBe(200);
    expect(answer(created)).toMatchObject({
      success: true,
      message: MESSAGES.cardVirtualCreated,
      card: { cardId, type: 'virtual', color: 'gold', name: 'Dijital', nfcId: null, isActive: false, isActivated: false, activatedAt: null },
    });

    const pending = await send(product, 'GET', '/api/cards/my-cards', owner.token, undefined, after(answer(created).position));
    expect(answer(pending).cards?.find((item) => item.cardId === cardId)).toMatchObject({ isActivated: false });
    const check = await send(product, 'GET', `/api/cards/details/${cardId}`, owner.token, undefined, after(answer(created).position));
    expect(answer(check).card).toEqual({ cardId, type: 'virtual', isActivated: false });

    const activated = await activate(cardId, 'Dijital');
    expect(activated.statusCode, activated.body).toBe(200);
    expect(answer(activated)).toMatchObject({ message: MESSAGES.cardActivated, card: { isActive: true, isActivated: true, name: 'Dijital' } });

    const details = await send(product, 'GET', `/api/cards/mine/${cardId}`, owner.token, undefined, after(answer(activated).position));
    expect(answer(details).history?.map((entry) => entry.type)).toEqual(['created', 'activated']);
  });

  it('are black unless a colour is chosen', async () => {
    const response = await createVirtual({ cardId: virtualCardId(), type: 'virtual', name: 'Siyah Sanal' });
    expect(response.statusCode, response.body).toBe(200);
    expect(answer(response).card?.color).toBe('black');
  });

  it('the same id twice is a conflict, and nothing is appended', async () => {
    const cardId = virtualCardId();
    expect((await createVirtual({ cardId, type: 'virtual', color: 'black', name: 'İlk' })).statusCode).toBe(200);
    const before = await product.eventCount();
    const again = await createVirtual({ cardId, type: 'virtual', color: 'white', name: 'İkinci' });
    expect(again.statusCode).toBe(409);
    expect(answer(again)).toEqual({ success: false, message: MESSAGES.cardIdTaken, field: 'cardId' });
    expect(await product.eventCount()).toBe(before);
  });
});

describe('card names', () => {
  it.each(['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', "Robert'); DROP TABLE events;--", '{{7*7}}'])(
    '%s is refused and nothing is appended',
    async (name) => {
      const before = await product.eventCount();
      for (const response of [
        await activate(card(3), name),
        await createVirtual({ cardId: virtualCardId(), type: 'virtual', color: 'black', name }),
      ]) {
        expect(response.statusCode).toBe(400);
        expect(answer(response)).toEqual({ success: false, message: MESSAGES.cardNameInvalid, field: 'name' });
      }
      expect(await product.eventCount()).toBe(before);
    },
  );

  it('an empty name gets the wording of the card kind', async () => {
    const physicalResponse = await activate(card(3), '   ');
    expect(answer(physicalResponse)).toEqual({ success: false, message: MESSAGES.cardNameRequired, field: 'name' });
    const virtualResponse = await createVirtual({ cardId: virtualCardId(), type: 'virtual', color: 'black' });
    expect(answer(virtualResponse)).toEqual({ success: false, message: MESSAGES.cardVirtualNameRequired, field: 'name' });
  });

  it('a name another card of the owner has, in any letter case, is refused beside the name field', async () => {
    expect((await createVirtual({ cardId: virtualCardId(), type: 'virtual', name: 'İş Kartı' })).statusCode).toBe(200);
    const before = await product.eventCount();
    for (const name of ['iş kartı', 'IŞ  KARTI', ' İş Kartı ']) {
      const response = await activate(card(3), name);
      expect(response.statusCode, name).toBe(409);
      expect(answer(response)).toEqual({ success: false, message: MESSAGES.cardNameTaken, field: 'name' });
    }
    expect(await product.eventCount()).toBe(before);
    expect((await activate(card(3), 'İş Kartı 2')).statusCode).toBe(200);
  });

  it('another owner may use the same name', async () => {
    const other = await registerOwner(product);
    await createProfile(product, other);
    expect((await createVirtual({ cardId: virtualCardId(), type: 'virtual', name: 'Ortak İsim' })).statusCode).toBe(200);
    const response = await createVirtual({ cardId: virtualCardId(), type: 'virtual', name: 'Ortak İsim' }, other);
    expect(response.statusCode, response.body).toBe(200);
  });

  it('activating a virtual card under a new name frees the old one', async () => {
    const cardId = virtualCardId();
    expect((await createVirtual({ cardId, type: 'virtual', name: 'Eski Ad' })).statusCode).toBe(200);
    const renamed = await activate(cardId, 'Yeni Ad');
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(answer(renamed).card?.name).toBe('Yeni Ad');
    expect((await createVirtual({ cardId: virtualCardId(), type: 'virtual', name: 'eski ad' })).statusCode).toBe(200);
    const clash = await createVirtual({ cardId: virtualCardId(), type: 'virtual', name: 'YENİ AD' });
    expect(answer(clash)).toEqual({ success: false, message: MESSAGES.cardNameTaken, field: 'name' });
  });
});

describe('the card list', () => {
  it('holds only the signed-in owner’s cards, newest first', async () => {
    const fresh = await registerOwner(product);
    const empty = await send(product, 'GET', '/api/cards/my-cards', fresh.token);
    expect(answer(empty)).toEqual({ success: true, cards: [] });

    await createProfile(product, fresh);
    const first = answer(await createVirtual({ cardId: virtualCardId(), type: 'virtual', name: 'Birinci' }, fresh));
    const second = answer(await activate(card(4), 'İkinci', fresh));
    const list = await send(product, 'GET', '/api/cards/my-cards', fresh.token, undefined, after(second.position));
    expect(answer(list).cards?.map((item) => item.cardId)).toEqual([second.card?.cardId, first.card?.cardId]);
  });
});
