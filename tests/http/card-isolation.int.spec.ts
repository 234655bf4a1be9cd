import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kartvizit/schemas';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { after, answer, createProfile, provision, registerOwner, send, virtualCardId, type Owner } from './card-fixtures.ts';

/**
 * One owner never reads or changes another owner's card: every attempt answers as if the card did
 * not exist (404, never its data), and nothing is appended.
 */
let product: TestProduct;
let alice: Owner;
let bob: Owner;
let physical: string;
let activeVirtual: string;
let pendingVirtual: string;
let position: string | undefined;

beforeAll(async () => {
  product = await startTestProduct();
  alice = await registerOwner(product);
  bob = await registerOwner(product);
  await createProfile(product, alice);
  await createProfile(product, bob);
  [physical = ''] = await provision(product, 1);
  activeVirtual = virtualCardId();
  pendingVirtual = virtualCardId();
  expect((await send(product, 'POST', '/api/cards/activate', alice.token, { cardId: physical, name: 'Alice Ofis' })).statusCode).toBe(200);
  expect((await send(product, 'POST', '/api/cards', alice.token, { cardId: activeVirtual, type: 'virtual', name: 'Alice Sanal' })).statusCode).toBe(200);
  expect((await send(product, 'POST', '/api/cards/activate', alice.token, { cardId: activeVirtual, name: 'Alice Sanal' })).statusCode).toBe(200);
  const last = await send(product, 'POST', '/api/cards', alice.token, { cardId: pendingVirtual, type: 'virtual', name: 'Alice Bekleyen' });
  expect(last.statusCode).toBe(200);
  position = answer(last).position;
});
afterAll(async () => {
  await product?.close();
});

async function expectNotFound(response: Promise<Awaited<ReturnType<typeof send>>>, message: string) {
  const before = await product.eventCount();
  const result = await response;
  expect(result.statusCode, result.body).toBe(404);
  expect(answer(result)).toEqual({ success: false, message });
  expect(result.body).not.toContain('Alice');
  expect(await product.eventCount()).toBe(before);
}

describe("another owner's cards", () => {
  it.each(['physical', 'activeVirtual', 'pendingVirtual'] as const)('%s: details screen, deactivate, reactivate and regenerate are 404', async (which) => {
    const cardId = { physical, activeVirtual, pendingVirtual }[which];
    await expectNotFound(send(product, 'GET', `/api/cards/mine/${cardId}`, bob.token, undefined, after(position)), MESSAGES.cardNotFound);
    await expectNotFound(send(product, 'PUT', `/api/cards/deactivate/${cardId}`, bob.token), MESSAGES.cardNotFound);
    await expectNotFound(send(product, 'PUT', `/api/cards/reactivate/${cardId}`, bob.token), MESSAGES.cardNotFound);
    await expectNotFound(send(product, 'POST', `/api/cards/regenerate-qr/${cardId}`, bob.token), MESSAGES.cardNotFound);
  });

  it.each(['activeVirtual', 'pendingVirtual'] as const)("%s: activating or looking up someone else's virtual card is 404", async (which) => {
    const cardId = { activeVirtual, pendingVirtual }[which];
    await expectNotFound(send(product, 'POST', '/api/cards/activate', bob.token, { cardId, name: 'Bob' }), MESSAGES.cardNotFoundById);
    await expectNotFound(send(product, 'GET', `/api/cards/details/${cardId}`, bob.token, undefined, after(position)), MESSAGES.cardNotFoundById);
  });

  it("a physical card someone activated says only that it is activated, nothing about whose it is", async () => {
    const check = await send(product, 'GET', `/api/cards/details/${physical}`, bob.token, undefined, after(position));
    expect(check.statusCode).toBe(200);
    expect(answer(check)).toEqual({ success: true, card: { cardId: physical, type: 'basic', isActivated: true } });
    const before = await product.eventCount();
    const activate = await send(product, 'POST', '/api/cards/activate', bob.token, { cardId: physical, name: 'Bob Ofis' });
    expect(activate.statusCode).toBe(409);
    expect(answer(activate).message).toBe(MESSAGES.cardAlreadyActivated);
    expect(await product.eventCount()).toBe(before);
  });

  it('are not in the other owner’s list', async () => {
    const list = await send(product, 'GET', '/api/cards/my-cards', bob.token, undefined, after(position));
    expect(answer(list)).toEqual({ success: true, cards: [] });
    const own = await send(product, 'GET', '/api/cards/my-cards', alice.token, undefined, after(position));
    expect(answer(own).cards?.map((card) => card.cardId).sort()).toEqual([physical, activeVirtual, pendingVirtual].sort());
  });

  it('stay as they were', async () => {
    const details = await send(product, 'GET', `/api/cards/mine/${physical}`, alice.token, undefined, after(position));
    expect(answer(details).card).toMatchObject({ isActive: true, qrCode: `/api/cards/${physical}/qr.png?v=1` });
    expect(answer(details).history?.map((entry) => entry.type)).toEqual(['provisioned', 'activated']);
  });
});
