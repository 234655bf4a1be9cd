import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kartvizit/schemas';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { after, answer, createProfile, provision, registerOwner, seenEverything, send, virtualCardId, type Owner } from './card-fixtures.ts';

/**
 * GET /api/profile/card/{cardId}: what /p/{cardId} shows. The owner's profile while the card is
 * active; one and the same 404 for unknown, not yet activated and deactivated cards.
 */
let product: TestProduct;
let owner: Owner;
let unactivated: string;
let cardId: string;

const NOT_FOUND = { success: false, message: MESSAGES.cardPublicProfileNotFound };
const publicProfile = (id: string, headers: Record<string, string> = {}) => send(product, 'GET', `/api/profile/card/${id}`, undefined, undefined, headers);

beforeAll(async () => {
  product = await startTestProduct();
  owner = await registerOwner(product);
  [unactivated = '', cardId = ''] = await provision(product, 2, 'pro', 'gold');
});
afterAll(async () => {
  await product?.close();
});

describe('cards that show nothing', () => {
  it('unknown, malformed, not activated and pending virtual cards all get the same 404', async () => {
    const headers = await seenEverything(product);
    for (const id of ['KV-YOKBOYLE', 'kv-iı', unactivated, unactivated.toLowerCase()]) {
      const response = await publicProfile(encodeURIComponent(id), headers);
      expect(response.statusCode, id).toBe(404);
      expect(answer(response)).toEqual(NOT_FOUND);
    }
  });
});

describe('an active card', () => {
  let position: string | undefined;

  beforeAll(async () => {
    await createProfile(product, owner, { bio: 'Kadıköy ve Üsküdar’da konut', website: 'https://ornek.com.tr' });
    const activated = await send(product, 'POST', '/api/cards/activate', owner.token, { cardId, name: 'Vitrin' });
    expect(activated.statusCode, activated.body).toBe(200);
    position = answer(activated).position;
  });

  it("shows the owner's profile without a session, and only the card's fields", async () => {
    const response = await publicProfile(cardId, after(position));
    expect(response.statusCode, response.body).toBe(200);
    const { profile } = answer(response);
    expect(profile).toMatchObject({ user: owner.userId, firstName: 'Ayşe', lastName: 'Yılmaz', jobTitle: 'Emlak Danışmanı', bio: 'Kadıköy ve Üsküdar’da konut' });
    expect(typeof profile?._id).toBe('string');
    expect(profile).not.toHaveProperty('createdAt');
    expect(profile).not.toHaveProperty('updatedAt');
  });

  it('a deactivated card shows nothing, with the same 404; reactivated, the profile is back', async () => {
    const off = await send(product, 'PUT', `/api/cards/deactivate/${cardId}`, owner.token);
    expect(off.statusCode).toBe(200);
    const hidden = await publicProfile(cardId, after(answer(off).position));
    expect(hidden.statusCode).toBe(404);
    expect(answer(hidden)).toEqual(NOT_FOUND);

    const on = await send(product, 'PUT', `/api/cards/reactivate/${cardId}`, owner.token);
    expect(on.statusCode).toBe(200);
    const shown = await publicProfile(cardId.toLowerCase(), after(answer(on).position));
    expect(shown.statusCode).toBe(200);
    expect(answer(shown).profile).toMatchObject({ user: owner.userId });
  });

  it('a virtual card shows the profile once activated, not before', async () => {
    const virtual = virtualCardId();
    const created = await send(product, 'POST', '/api/cards', owner.token, { cardId: virtual, type: 'virtual', name: 'Sanal Vitrin' });
    expect(created.statusCode).toBe(200);
    expect(answer(await publicProfile(virtual, after(answer(created).position)))).toEqual(NOT_FOUND);
    const activated = await send(product, 'POST', '/api/cards/activate', owner.token, { cardId: virtual, name: 'Sanal Vitrin' });
    expect((await publicProfile(virtual, after(answer(activated).position))).statusCode).toBe(200);
  });
});
