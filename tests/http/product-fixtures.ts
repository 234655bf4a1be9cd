import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { MIN_POSITION_HEADER, type Product } from '@kartvizit/schemas';
import type { TestProduct } from '../support/product.ts';
import { answer, createProfile, virtualCardId, type Owner } from './card-fixtures.ts';
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

export function call(
  product: TestProduct,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token?: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return product.app.inject({
    method,
    url,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** A product through POST /api/products; answers the product as the command returned it and its position. */
export async function createProduct(product: TestProduct, owner: Owner, fields: Record<string, unknown>): Promise<{ product: Product; position: string }> {
  const response = await call(product, 'POST', '/api/products', owner.token, fields);
  expect(response.statusCode, response.body).toBe(200);
  const body = productAnswer(response);
  return { product: body.data as Product, position: body.position ?? '' };
}

/** What the owner's screen and the public card read: the owner's list after a position. */
export async function myProducts(product: TestProduct, owner: Owner, position?: string): Promise<Product[]> {
  const response = await call(product, 'GET', '/api/products', owner.token, undefined, position ? { [MIN_POSITION_HEADER]: position } : {});
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
