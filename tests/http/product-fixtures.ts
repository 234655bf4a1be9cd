import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { MIN_POSITION_HEADER, type Product } from '@kartvizit/schemas';
import { isCheckpoint } from '@kartvizit/infra/event-store/checkpoint';
import { PRODUCTS_PROJECTION } from '@kartvizit/infra/read-models/contract';
import { ProjectionWatermarks } from '@kartvizit/query-api/core/read-your-writes';
import type { TestProduct } from '../support/product.ts';
import { answer, createProfile, send, virtualCardId, type Owner } from './card-fixtures.ts';
import { encodeForm, type Upload } from './profile-fixtures.ts';

/** Helpers shared by the product suites (tests/http/product*.int.spec.ts). */

export interface ProductAnswer {
  success: boolean;
  message?: string;
  field?: string;
  position?: string;
  data?: unknown;
}

export const productAnswer = (response: LightMyRequestResponse) => JSON.parse(response.body) as ProductAnswer;

/** One request through the product's app (card-fixtures' `send`, named for the product specs' reading). */
export const call = send;

/** A product through POST /api/products; answers the product as the command returned it and its position. */
export async function createProduct(product: TestProduct, owner: Owner, fields: Record<string, unknown>): Promise<{ product: Product; position: string }> {
  const response = await call(product, 'POST', '/api/products', owner.token, fields);
  expect(response.statusCode, response.body).toBe(200);
  const body = productAnswer(response);
  return { product: body.data as Product, position: body.position ?? '' };
}

/**
 * Headers to read after `position`, once the read models have it. The route itself waits only a moment (then answers
 * stale), and the log of a busy shared server can be held back longer than that by a transaction open in another
 * database (infra/src/event-store/horizon.ts): so first wait here, for what the route waits for, with room to spare.
 */
export async function readAfter(
  product: TestProduct,
  position: string | undefined,
  projections: readonly string[] = [PRODUCTS_PROJECTION],
): Promise<Record<string, string>> {
  if (!position) return {};
  if (!isCheckpoint(position)) throw new Error(`not a position: ${position}`);
  const reached = await new ProjectionWatermarks(product.pool, undefined).waitFor(projections, position, 30_000);
  expect(reached, `${projections.join(', ')} at ${position}`).toBe(true);
  return { [MIN_POSITION_HEADER]: position };
}

/** What the owner's screen reads: the owner's list after a position. */
export async function myProducts(product: TestProduct, owner: Owner, position?: string): Promise<Product[]> {
  const response = await call(product, 'GET', '/api/products', owner.token, undefined, await readAfter(product, position));
  expect(response.statusCode, response.body).toBe(200);
  return productAnswer(response).data as Product[];
}

/** An owner whose card is shown (profile, virtual card created and activated): their products may be public. */
export async function showCard(product: TestProduct, owner: Owner): Promise<string> {
  await createProfile(product, owner);
  const cardId = virtualCardId();
  const created = await call(product, 'POST', '/api/cards', owner.token, { cardId, name: 'Vitrin', type: 'virtual' });
  expect(created.statusCode, created.body).toBe(200);
  const activated = await call(product, 'POST', '/api/cards/activate', owner.token, { cardId, name: 'Vitrin' });
  expect(activated.statusCode, activated.body).toBe(200);
  return answer(activated).position ?? '';
}

/** POST /api/upload/images with the files under `images` (or another field name). */
export async function uploadImages(product: TestProduct, token: string | undefined, files: readonly Upload[], field = 'images'): Promise<LightMyRequestResponse> {
  const form = new FormData();
  for (const file of files) form.append(field, new Blob([Buffer.from(file.bytes)], { type: file.type }), file.name);
  const { payload, contentType } = await encodeForm(form);
  return product.app.inject({
    method: 'POST',
    url: '/api/upload/images',
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': contentType },
    payload,
  });
}
