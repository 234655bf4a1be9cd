import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { tr } from '@kartvizit/query-api/language/catalogues/tr';
import { startFakeRems, type FakeRems } from '../support/fake-rems.ts';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { after, answer, seenEverything, send } from './card-fixtures.ts';
import { ownerWithCard, type CardOwner } from './lead-fixtures.ts';

/**
 * The card page's 'Emlak Danışmanlığı' block (issue 14, SPEC "Public card page"): rendered with the card, only
 * while the owner has a REMS key in force, so the stored page and its ETag change when the key is saved or removed
 * (docs/decisions/0020, 0037). A card that shows nothing (deactivated, its owner deleted) shows nothing of it either.
 */
const KEY = 'rems_kart_sayfasi_3e8a1f0c';
const ACCOUNT = { id: 'hesap-kart', name: 'Kart Emlak' };
const BLOCK = '<h2 class="pc-h2" id="pc-rems-h">Emlak Danışmanlığı</h2>';
const DIALOG = 'id="pc-rems"';

let rems: FakeRems;
let product: TestProduct;

beforeAll(async () => {
  rems = await startFakeRems();
  rems.addKey(KEY, ACCOUNT);
  product = await startTestProduct({ remsApiUrl: rems.url });
});
afterAll(async () => {
  await product?.close();
  await rems?.close();
});

const page = (cardId: string, headers: Record<string, string> = {}) =>
  send(product, 'GET', `/p/${cardId}`, undefined, undefined, headers);

async function saveKey(owner: CardOwner): Promise<string | undefined> {
  const saved = await send(product, 'POST', '/api/rems/save-api-key', owner.token, { apiKey: KEY });
  expect(saved.statusCode, saved.body).toBe(200);
  return answer(saved).position;
}

async function removeKey(owner: CardOwner): Promise<string | undefined> {
  const removed = await send(product, 'DELETE', '/api/rems/remove-api-key', owner.token);
  expect(removed.statusCode, removed.body).toBe(200);
  return answer(removed).position;
}

function expectBlock(response: LightMyRequestResponse, shown: boolean): void {
  expect(response.statusCode, response.body).toBe(200);
  if (shown) {
    expect(response.body).toContain(BLOCK);
    expect(response.body).toContain(DIALOG);
  } else {
    expect(response.body).not.toContain('Emlak Danışmanlığı');
    expect(response.body).not.toContain(DIALOG);
  }
}

describe("the card page's 'Emlak Danışmanlığı'", () => {
  it('given an owner without a key, the page has no block', async () => {
    const owner = await ownerWithCard(product, 'Anahtarsız');
    expectBlock(await page(owner.cardId, await seenEverything(product)), false);
  });

  it('when the key is saved the page has the block and a new ETag; when it is removed, neither', async () => {
    const owner = await ownerWithCard(product, 'Emlak Ofisi');
    const without = await page(owner.cardId, await seenEverything(product));
    expectBlock(without, false);

    const savedAt = await saveKey(owner);
    const withBlock = await page(owner.cardId, after(savedAt));
    expectBlock(withBlock, true);
    expect(withBlock.body).toContain(`"remsOwnerId":"${owner.userId}"`);
    expect(withBlock.headers.etag).not.toBe(without.headers.etag);

    // A visitor without any hint gets it too, and the browser's copy from before the key is not confirmed.
    const visitor = await page(owner.cardId, { 'if-none-match': String(without.headers.etag) });
    expectBlock(visitor, true);
    expect(visitor.headers.etag).toBe(withBlock.headers.etag);
    expect((await page(owner.cardId, { 'if-none-match': String(withBlock.headers.etag) })).statusCode).toBe(304);

    const removedAt = await removeKey(owner);
    const gone = await page(owner.cardId, after(removedAt));
    expectBlock(gone, false);
    expect(gone.headers.etag).not.toBe(withBlock.headers.etag);
    const revalidated = await page(owner.cardId, { 'if-none-match': String(withBlock.headers.etag) });
    expectBlock(revalidated, false);
  });

  it("shows one owner's key on that owner's cards only", async () => {
    const withKey = await ownerWithCard(product, 'Anahtarlı');
    const other = await ownerWithCard(product, 'Komşu');
    const savedAt = await saveKey(withKey);
    expectBlock(await page(withKey.cardId, after(savedAt)), true);
    expectBlock(await page(other.cardId, after(savedAt)), false);
  });

  it('given a deactivated card or a deleted owner, the page shows nothing of it', async () => {
    const owner = await ownerWithCard(product, 'Kapanacak');
    const savedAt = await saveKey(owner);
    expectBlock(await page(owner.cardId, after(savedAt)), true);

    const off = await send(product, 'PUT', `/api/cards/deactivate/${owner.cardId}`, owner.token);
    expect(off.statusCode, off.body).toBe(200);
    const hidden = await page(owner.cardId, after(answer(off).position));
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain('Emlak Danışmanlığı');

    const on = await send(product, 'PUT', `/api/cards/reactivate/${owner.cardId}`, owner.token);
    expectBlock(await page(owner.cardId, after(answer(on).position)), true);

    const deleted = await send(product, 'DELETE', '/api/account', owner.token, { password: 'gizli-parola-1' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const forgotten = await page(owner.cardId, after(answer(deleted).position));
    expect(forgotten.statusCode).toBe(404);
    expect(forgotten.body).not.toContain('Emlak Danışmanlığı');
  });

  it('on the sample card without a key, in sample mode: its form says that nothing leaves the phone (decision 48)', async () => {
    const sample = await page('DEMO');
    expect(sample.statusCode).toBe(200);
    expect(sample.body).toContain('Emlak Danışmanlığı');
    expect(sample.body).toContain(tr.sampleRemsNote);
  });
});
