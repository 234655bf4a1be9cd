import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { MESSAGES } from '@kartvizit/schemas';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { registerOwner, type Owner } from './profile-fixtures.ts';
import { ownerWithCard, type CardOwner } from './lead-fixtures.ts';

/**
 * Bytes that are not UTF-8 (issue 28 item 12, decision 52): a decoder turns each into U+FFFD, and the product stored
 * '����' where the person had sent something else. Every JSON, text and multipart body is refused instead, with the
 * Turkish 400 a NUL gets, before anything is stored; proper UTF-8 (Turkish letters, an emoji) passes as before.
 */
let product: TestProduct;
let owner: Owner;
let cardOwner: CardOwner;

beforeAll(async () => {
  product = await startTestProduct();
  owner = await registerOwner(product);
  cardOwner = await ownerWithCard(product, 'Bayt Kartı');
});
afterAll(async () => {
  await product?.close();
});

/** `{"name": "<bytes>"}` and the like, with the bytes spliced in raw. */
function jsonWithBytes(before: string, bytes: readonly number[], after: string): Buffer {
  return Buffer.concat([Buffer.from(before, 'utf8'), Buffer.from(bytes), Buffer.from(after, 'utf8')]);
}

const INVALID = [0xff, 0xfe, 0xc0, 0xaf];

function send(url: string, payload: Buffer, contentType: string, method: 'POST' | 'PUT' = 'POST') {
  return product.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': contentType },
    payload,
  });
}

function expectRefused(response: LightMyRequestResponse): void {
  expect(response.statusCode, response.body).toBe(400);
  expect(JSON.parse(response.body)).toEqual({ success: false, message: MESSAGES.unsafeCharacters });
}

describe('a body that is not UTF-8 is refused before anything is stored', () => {
  it.each([
    ['a product name (the reported case)', '/api/products', '{"name": "', '", "price": "10"}'],
    ['a product name, valid text around the bytes', '/api/products', '{"name": "Daire ', ' Kadıköy", "price": "10"}'],
    ['a lone continuation byte', '/api/products', '{"name": "Ev', '"}'],
  ])('%s', async (_label, url, before, after) => {
    const bytes = after === '"}' ? [0x80] : INVALID;
    const count = await product.eventCount();
    expectRefused(await send(url, jsonWithBytes(before, bytes, after), 'application/json'));
    expect(await product.eventCount()).toBe(count);
  });

  it('an overlong encoding of "/" (C0 AF) and an encoded surrogate half (ED A0 80) are not UTF-8 either', async () => {
    const count = await product.eventCount();
    for (const bytes of [
      [0xc0, 0xaf],
      [0xed, 0xa0, 0x80],
      [0xf4, 0x90, 0x80, 0x80],
    ]) {
      expectRefused(
        await send('/api/products', jsonWithBytes('{"name": "', bytes, '"}'), 'application/json; charset=utf-8'),
      );
    }
    expect(await product.eventCount()).toBe(count);
  });

  it('at registration, before the request is even validated', async () => {
    const count = await product.eventCount();
    const body = jsonWithBytes(
      '{"email": "bayt@example.com", "password": "Gizli-Parola-2026", "firstName": "',
      INVALID,
      '", "lastName": "Yılmaz"}',
    );
    expectRefused(await send('/api/auth/register', body, 'application/json'));
    expect(await product.eventCount()).toBe(count);
  });

  it('in a visit beacon sent as text/plain (sendBeacon)', async () => {
    const count = await product.eventCount();
    const body = jsonWithBytes(`{"cardId": "${cardOwner.cardId}", "x": "`, INVALID, '"}');
    expectRefused(await send('/api/telemetry/visit', body, 'text/plain;charset=UTF-8'));
    expect(await product.eventCount()).toBe(count);
  });

  it('in a multipart profile field', async () => {
    const boundary = 'kartvizit-sinir';
    const part = (name: string, value: Buffer) =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`),
        value,
        Buffer.from('\r\n'),
      ]);
    const payload = Buffer.concat([
      part('firstName', Buffer.from('Ayşe')),
      part('lastName', Buffer.from('Yılmaz')),
      part('jobTitle', Buffer.concat([Buffer.from('Danış'), Buffer.from(INVALID)])),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    const count = await product.eventCount();
    const response = await send('/api/profile', payload, `multipart/form-data; boundary=${boundary}`, 'PUT');
    expect(response.statusCode, response.body).toBe(400);
    expect(JSON.parse(response.body)).toEqual({
      success: false,
      message: MESSAGES.unsafeCharacters,
      field: 'jobTitle',
    });
    expect(await product.eventCount()).toBe(count);
  });
});

describe('UTF-8 is read as before', () => {
  it('a product named with Turkish letters and an emoji is stored as sent', async () => {
    const name = 'Kadıköy’de 3+1 Daire — Şişli İçin Öneri 🏠';
    const response = await send(
      '/api/products',
      Buffer.from(JSON.stringify({ name, price: { value: 10 } }), 'utf8'),
      'application/json',
    );
    expect(response.statusCode, response.body).toBe(200);
    expect((JSON.parse(response.body) as { data: { name: string } }).data.name).toBe(name);
  });

  it('an empty JSON body is refused by the route as before, in Turkish', async () => {
    const count = await product.eventCount();
    const response = await send('/api/products', Buffer.alloc(0), 'application/json');
    expect(response.statusCode, response.body).toBe(400);
    expect((JSON.parse(response.body) as { message: string }).message).toMatch(/[çğıöşüÇĞİÖŞÜ]/);
    expect(await product.eventCount()).toBe(count);
  });
});
