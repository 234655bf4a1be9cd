import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kartvizit/schemas';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { after, answer, createProfile, provision, registerOwner, send, virtualCardId, type Owner } from './card-fixtures.ts';

/** Uniqueness is decided by the event store's claim streams, never by a read model, even under a race. */
let product: TestProduct;
let owner: Owner;

beforeAll(async () => {
  product = await startTestProduct();
  owner = await registerOwner(product);
  await createProfile(product, owner);
});
afterAll(async () => {
  await product?.close();
});

describe('racing for one card name', () => {
  it('20 virtual cards of one owner with the same name at once: exactly one wins', async () => {
    const before = await product.eventCount();
    const ids = Array.from({ length: 20 }, () => virtualCardId());
    expect(new Set(ids).size).toBe(20);
    const responses = await Promise.all(
      ids.map((cardId, index) =>
        send(product, 'POST', '/api/cards', owner.token, { cardId, type: 'virtual', color: 'black', name: index % 2 ? 'YARIŞ KARTI' : 'Yarış Kartı' }),
      ),
    );
    const winners = responses.filter((response) => response.statusCode === 200);
    const losers = responses.filter((response) => response.statusCode === 409);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(19);
    for (const response of losers) expect(answer(response)).toEqual({ success: false, message: MESSAGES.cardNameTaken, field: 'name' });
    // The winner's card and its claim; the losers left nothing behind.
    expect(await product.eventCount()).toBe(before + 2);
    const list = await send(product, 'GET', '/api/cards/my-cards', owner.token, undefined, after(answer(winners[0]!).position));
    expect(answer(list).cards?.filter((card) => card.name?.toLocaleLowerCase('tr-TR') === 'yarış kartı')).toHaveLength(1);
  });

  it('two physical activations under one name at once: one wins', async () => {
    const [first = '', second = ''] = await provision(product, 2);
    const responses = await Promise.all([
      send(product, 'POST', '/api/cards/activate', owner.token, { cardId: first, name: 'Aynı Ad' }),
      send(product, 'POST', '/api/cards/activate', owner.token, { cardId: second, name: 'aynı ad' }),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('racing for one card', () => {
  it('10 owners activating the same physical card at once: one owns it, the others are told it is taken', async () => {
    const [cardId = ''] = await provision(product, 1);
    const owners = await Promise.all(Array.from({ length: 10 }, () => registerOwner(product)));
    for (const each of owners) await createProfile(product, each);
    const responses = await Promise.all(owners.map((each) => send(product, 'POST', '/api/cards/activate', each.token, { cardId, name: 'Benim' })));
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    const refused = responses.filter((response) => response.statusCode === 409);
    expect(refused).toHaveLength(9);
    for (const response of refused) expect(answer(response).message).toBe(MESSAGES.cardAlreadyActivated);
  });

  it('the same virtual id sent twice at once: one card, one 409', async () => {
    const cardId = virtualCardId();
    const responses = await Promise.all([
      send(product, 'POST', '/api/cards', owner.token, { cardId, type: 'virtual', name: 'Çift 1' }),
      send(product, 'POST', '/api/cards', owner.token, { cardId, type: 'virtual', name: 'Çift 2' }),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const refused = responses.find((response) => response.statusCode === 409);
    expect(answer(refused!)).toEqual({ success: false, message: MESSAGES.cardIdTaken, field: 'cardId' });
  });
});
