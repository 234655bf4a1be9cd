import { readdir } from 'node:fs/promises';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type Product } from '@kartvizit/schemas';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { registerOwner, type Owner } from './card-fixtures.ts';
import { photo } from './profile-fixtures.ts';
import { call, createProduct, myProducts, productAnswer, uploadImages } from './product-fixtures.ts';

/**
 * Every bad input to the product commands and the image upload: a 4xx, a Turkish message, and
 * nothing appended (no event) or stored (no file).
 */
let product: TestProduct;
let owner: Owner;
let other: Owner;
let lamp: Product;
let vase: Product;
let foreign: Product;
/** Written last in beforeAll: reading after it reads every product made there. */
let setUp = '';
const blobDir = mkdtempSync(join(tmpdir(), 'kartvizit-product-blobs-'));

beforeAll(async () => {
  product = await startTestProduct({ blobDir });
  owner = await registerOwner(product);
  other = await registerOwner(product);
  lamp = (await createProduct(product, owner, { name: 'Lamba', price: { value: 10 } })).product;
  vase = (await createProduct(product, owner, { name: 'Vazo' })).product;
  ({ product: foreign, position: setUp } = await createProduct(product, other, { name: 'Başkasının' }));
});
afterAll(async () => {
  await product?.close();
  rmSync(blobDir, { recursive: true, force: true });
});

const TURKISH = /[çğıöşüÇĞİÖŞÜ]/;
/** Our messages, Turkish even where no letter shows it ('id en fazla 64 karakter olabilir'): never Fastify's English. */
const OURS = /[çğıöşüÇĞİÖŞÜ]|en fazla|geçersiz|bulunamadı/;
const MB = 1024 * 1024;

async function storedFiles(): Promise<string[]> {
  try {
    return (await readdir(join(blobDir, 'products', owner.userId))).sort();
  } catch {
    return [];
  }
}

/** Sends, then checks: the status, the Turkish message, nothing appended and no file left behind. */
async function expectRefused(
  send: () => Promise<LightMyRequestResponse>,
  status: number,
  message?: string,
  field?: string,
) {
  const events = await product.eventCount();
  const files = await storedFiles();
  const response = await send();
  expect(response.statusCode, response.body).toBe(status);
  const body = productAnswer(response);
  expect(body.success).toBe(false);
  if (message) expect(body.message).toBe(message);
  expect(body.message).toMatch(TURKISH);
  if (field) expect(body.field).toBe(field);
  expect(await product.eventCount()).toBe(events);
  expect(await storedFiles()).toEqual(files);
}

describe('the product form', () => {
  it.each([
    ['no name', { description: 'Adsız' }, MESSAGES.productNameRequired, 'name'],
    ['a blank name', { name: '   ' }, MESSAGES.productNameRequired, 'name'],
    ['a negative price', { name: 'A', price: { value: -5 } }, MESSAGES.productPriceInvalid, 'price.value'],
    ['a 3-decimal price', { name: 'A', price: { value: 12.345 } }, MESSAGES.productPriceStep, 'price.value'],
    ['a 3-decimal price as text', { name: 'A', price: { value: '12,345' } }, MESSAGES.productPriceStep, 'price.value'],
    [
      'a price grouped the English way',
      { name: 'A', price: { value: '8,750,000' } },
      MESSAGES.productPriceInvalid,
      'price.value',
    ],
    [
      'a negative compare-at price',
      { name: 'A', price: { value: 1, compareAtValue: -1 } },
      MESSAGES.productPriceInvalid,
      'price.compareAtValue',
    ],
    [
      'a price that is not a number',
      { name: 'A', price: { value: 'bedava' } },
      MESSAGES.productPriceInvalid,
      'price.value',
    ],
    [
      'another currency',
      { name: 'A', price: { value: 1, currency: 'JPY' } },
      MESSAGES.productCurrencyInvalid,
      'price.currency',
    ],
    [
      'a javascript: link',
      { name: 'A', externalLink: 'javascript:alert(1)' },
      MESSAGES.productUrlInvalid,
      'externalLink',
    ],
    [
      'a WhatsApp number that is no phone number',
      { name: 'A', actionButton: { type: 'whatsapp', value: '0532 123' } },
      MESSAGES.productWhatsappInvalid,
      'actionButton.value',
    ],
    [
      'an Instagram name with @',
      { name: 'A', actionButton: { type: 'instagram', value: '@magaza' } },
      MESSAGES.productInstagramAt,
      'actionButton.value',
    ],
    [
      'a button link that is no URL',
      { name: 'A', actionButton: { type: 'link', value: 'satın al' } },
      MESSAGES.productUrlInvalid,
      'actionButton.value',
    ],
    [
      'an unknown button type',
      { name: 'A', actionButton: { type: 'telegram' } },
      MESSAGES.productActionTypeInvalid,
      'actionButton.type',
    ],
    ['a negative stock', { name: 'A', stock: -1 }, MESSAGES.productStockInvalid, 'stock'],
    [
      'a description over 5000 characters',
      { name: 'A', description: 'ğ'.repeat(5001) },
      MESSAGES.productDescriptionTooLong,
      'description',
    ],
    [
      '11 images',
      { name: 'A', images: Array.from({ length: 11 }, (_, n) => `/media/products/x/${n}.jpg`) },
      MESSAGES.productTooManyImages,
      'images',
    ],
    [
      'an image from elsewhere',
      { name: 'A', images: ['https://baska.example.com/a.jpg'] },
      MESSAGES.productImageInvalid,
      'images',
    ],
    ['a field the product does not have', { name: 'A', sahibi: 'ben' }, undefined, 'sahibi'],
    ['a NUL byte in the name', { name: 'Lam\u0000ba' }, MESSAGES.unsafeCharacters, 'name'],
    ['a NUL byte in a tag', { name: 'A', tags: ['iyi\u0000'] }, MESSAGES.unsafeCharacters, 'tags'],
    ['a name that is a number', { name: 42 }, undefined, 'name'],
    ['tags that are a number', { name: 'A', tags: 5 }, undefined, 'tags'],
    ['a price that is a list', { name: 'A', price: [1] }, undefined, 'price'],
  ])('%s is refused with 400 on create and on edit', async (_case, body, message, field) => {
    await expectRefused(() => call(product, 'POST', '/api/products', owner.token, body), 400, message, field);
    await expectRefused(
      () => call(product, 'PUT', `/api/products/${lamp._id}`, owner.token, body),
      400,
      message,
      field,
    );
  });

  it.each([
    ['a name that is a number', { name: 42 }, MESSAGES.productTextInvalid, 'name'],
    [
      'a currency that is a number',
      { name: 'A', price: { value: 1, currency: 5 } },
      MESSAGES.productTextInvalid,
      'price.currency',
    ],
    [
      'a price value that is a flag',
      { name: 'A', price: { value: true } },
      MESSAGES.productPriceInvalid,
      'price.value',
    ],
    ['a price that is a list', { name: 'A', price: [1] }, MESSAGES.productPriceInvalid, 'price'],
    [
      'a shown-price flag that is a word',
      { name: 'A', price: { value: 1, isDisplayed: 'evet' } },
      MESSAGES.productFlagInvalid,
      'price.isDisplayed',
    ],
    ['tags with a number in them', { name: 'A', tags: ['iyi', 5] }, MESSAGES.productListInvalid, 'tags'],
    ['features that are text', { name: 'A', features: 'hafif' }, MESSAGES.productListInvalid, 'features'],
    ['a stock with decimals', { name: 'A', stock: 1.5 }, MESSAGES.productStockInvalid, 'stock'],
    ['a stock that is a word', { name: 'A', stock: 'çok' }, MESSAGES.productStockInvalid, 'stock'],
    ['an active flag that is a number', { name: 'A', isActive: 1 }, MESSAGES.productFlagInvalid, 'isActive'],
    ['an image that is a number', { name: 'A', images: [5] }, MESSAGES.productImageInvalid, 'images'],
    ['a button that is text', { name: 'A', actionButton: 'link' }, MESSAGES.productActionTypeInvalid, 'actionButton'],
    [
      'a button label that is a number',
      { name: 'A', actionButton: { type: 'contact', label: 3 } },
      MESSAGES.productTextInvalid,
      'actionButton.label',
    ],
    // The first problem in the form's order wins: a too-long name before a stock of the wrong kind.
    ['a too-long name and a wrong stock', { name: 'a'.repeat(500), stock: 'çok' }, MESSAGES.productNameTooLong, 'name'],
  ])(
    'a field of the wrong kind (%s) is answered in its own words on create and on edit',
    async (_case, body, message, field) => {
      await expectRefused(() => call(product, 'POST', '/api/products', owner.token, body), 400, message, field);
      await expectRefused(
        () => call(product, 'PUT', `/api/products/${lamp._id}`, owner.token, body),
        400,
        message,
        field,
      );
    },
  );

  it('an unknown field is named before a field of the wrong kind', async () => {
    const body = { name: 42, sahibi: 'ben' };
    const response = await call(product, 'POST', '/api/products', owner.token, body);
    expect(response.statusCode).toBe(400);
    expect(productAnswer(response)).toEqual({
      success: false,
      message: expect.stringContaining('sahibi') as unknown,
      field: 'sahibi',
    });
    await expectRefused(
      () => call(product, 'PUT', `/api/products/${foreign._id}`, owner.token, body),
      400,
      undefined,
      'sahibi',
    );
  });

  it("an edit of another owner's product is a 404 even with fields of the wrong kind", async () => {
    await expectRefused(
      () => call(product, 'PUT', `/api/products/${foreign._id}`, owner.token, { name: 42, stock: 'çok' }),
      404,
      MESSAGES.productNotFound,
    );
  });

  it('numbers as text, Turkish prices, flags as text and nulls are taken', async () => {
    const response = await call(product, 'POST', '/api/products', owner.token, {
      name: 'Halı',
      description: null,
      price: { value: '8.750.000,50', compareAtValue: null, isDisplayed: 'false', currency: 'try' },
      stock: ' 12 ',
      isActive: 'true',
      featured: '',
      tags: 'el yapımı, yün',
      features: null,
      actionButton: { type: 'none', value: 5 },
      _id: 7,
      order: 'x',
    });
    expect(response.statusCode, response.body).toBe(200);
    const made = productAnswer(response).data as Product;
    expect(made.price).toEqual({ value: 8750000.5, currency: 'TRY', isDisplayed: false, compareAtValue: null });
    expect([made.stock, made.isActive, made.featured, made.tags]).toEqual([12, true, false, ['el yapımı', 'yün']]);
    const featured = await call(product, 'PUT', `/api/products/${made._id}`, owner.token, { featured: 'true' });
    expect(featured.statusCode, featured.body).toBe(200);
    // Gone again, so the owner's products are as the later checks expect.
    expect((await call(product, 'DELETE', `/api/products/${made._id}`, owner.token)).statusCode).toBe(200);
  });

  it("another owner's image address is refused", async () => {
    const theirs = `/media/products/${other.userId}/${'a'.repeat(32)}.jpg`;
    await expectRefused(
      () => call(product, 'POST', '/api/products', owner.token, { name: 'A', images: [theirs] }),
      400,
      MESSAGES.productImageInvalid,
      'images',
    );
  });

  it('a 1 MB description is refused before it is read, in Turkish', async () => {
    await expectRefused(
      () => call(product, 'POST', '/api/products', owner.token, { name: 'A', description: 'a'.repeat(MB) }),
      413,
      MESSAGES.bodyTooLarge,
    );
  });

  it('featured that is not a yes or no is refused', async () => {
    await expectRefused(
      () => call(product, 'PUT', `/api/products/${lamp._id}`, owner.token, { featured: 'belki' }),
      400,
      MESSAGES.productFlagInvalid,
      'featured',
    );
  });

  it('an unknown or malformed product id is a 404, for edit and delete alike', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'yok-boyle', foreign._id]) {
      await expectRefused(
        () => call(product, 'PUT', `/api/products/${id}`, owner.token, { name: 'A' }),
        404,
        MESSAGES.productNotFound,
      );
      await expectRefused(
        () => call(product, 'DELETE', `/api/products/${id}`, owner.token),
        404,
        MESSAGES.productNotFound,
      );
    }
  });

  it('without a session: 401', async () => {
    await expectRefused(
      () => call(product, 'POST', '/api/products', undefined, { name: 'A' }),
      401,
      MESSAGES.sessionExpired,
    );
  });

  it('an id with a NUL byte or 10 KB long is refused for edit and delete, in Turkish', async () => {
    for (const id of ['%00', 'ü'.repeat(5000)]) {
      for (const [method, body] of [
        ['PUT', { name: 'A' }],
        ['DELETE', undefined],
      ] as const) {
        const events = await product.eventCount();
        const response = await call(
          product,
          method,
          `/api/products/${encodeURIComponent(id === '%00' ? '\u0000' : id)}`,
          owner.token,
          body,
        );
        expect([400, 404]).toContain(response.statusCode);
        expect(productAnswer(response).message).toMatch(OURS);
        expect(await product.eventCount()).toBe(events);
      }
    }
  });

  it('no body, or a body that is not an object, is refused', async () => {
    await expectRefused(() => call(product, 'POST', '/api/products', owner.token), 400);
    await expectRefused(() => call(product, 'PUT', `/api/products/${lamp._id}`, owner.token), 400);
    await expectRefused(() => call(product, 'POST', '/api/products', owner.token, ['Lamba']), 400);
    await expectRefused(
      () =>
        call(product, 'PUT', `/api/products/${lamp._id}`, owner.token, 'Lamba', { 'content-type': 'application/json' }),
      400,
    );
  });

  it('after all of it the owner’s products are as they were', async () => {
    const list = await myProducts(product, owner, setUp);
    expect(list.map((item) => [item.name, item.order, item.price.value])).toEqual([
      ['Lamba', 0, 10],
      ['Vazo', 1, 0],
    ]);
  });
});

describe('reordering', () => {
  const reorder = (products: unknown) => () =>
    call(product, 'PUT', '/api/products/order/update', owner.token, { products });

  it('a product left out is refused', async () => {
    await expectRefused(reorder([{ id: lamp._id, order: 0 }]), 400, MESSAGES.productOrderIncomplete, 'products');
  });

  it('an id the owner does not have, or another owner’s, is a 404', async () => {
    await expectRefused(
      reorder([
        { id: lamp._id, order: 0 },
        { id: vase._id, order: 1 },
        { id: foreign._id, order: 2 },
      ]),
      404,
      MESSAGES.productNotFound,
    );
    await expectRefused(
      reorder([
        { id: lamp._id, order: 0 },
        { id: '00000000-0000-4000-8000-000000000000', order: 1 },
      ]),
      404,
      MESSAGES.productNotFound,
    );
  });

  it('a product twice, or places that are not 0…n-1, are refused', async () => {
    await expectRefused(
      reorder([
        { id: lamp._id, order: 0 },
        { id: lamp._id, order: 1 },
      ]),
      400,
      MESSAGES.productOrderDuplicate,
    );
    await expectRefused(
      reorder([
        { id: lamp._id, order: 1 },
        { id: vase._id, order: 2 },
      ]),
      400,
      MESSAGES.productOrderInvalid,
    );
  });

  it('a negative place or a body of the wrong shape is refused', async () => {
    await expectRefused(reorder([{ id: lamp._id, order: -1 }]), 400);
    await expectRefused(reorder('hepsi'), 400);
    await expectRefused(() => call(product, 'PUT', '/api/products/order/update', owner.token, {}), 400);
  });
});

describe('image uploads', () => {
  it('no image at all is refused', async () => {
    await expectRefused(() => uploadImages(product, owner.token, []), 400, MESSAGES.productImagesMissing, 'images');
    await expectRefused(
      () => call(product, 'POST', '/api/upload/images', owner.token, { images: [] }),
      400,
      MESSAGES.productImagesMissing,
      'images',
    );
  });

  it('11 images in one request are refused, and none of them is kept', async () => {
    const image = await photo(40, 40, '#27ae60');
    const files = Array.from({ length: 11 }, (_, n) => ({ bytes: image, name: `g${n}.png`, type: 'image/png' }));
    await expectRefused(() => uploadImages(product, owner.token, files), 413, MESSAGES.productImagesTooMany, 'images');
  });

  it('text named .png is not an image, even beside a real one', async () => {
    const fake = { bytes: Buffer.from('bu bir resim değil, sadece metin'), name: 'resim.png', type: 'image/png' };
    await expectRefused(
      () => uploadImages(product, owner.token, [fake]),
      400,
      MESSAGES.productImageNotAnImage,
      'images',
    );
    const real = { bytes: await photo(40, 40), name: 'gercek.png', type: 'image/png' };
    await expectRefused(
      () => uploadImages(product, owner.token, [real, fake]),
      400,
      MESSAGES.productImageNotAnImage,
      'images',
    );
  });

  it('a file over 5 MB is refused with 413', async () => {
    const big = Buffer.alloc(5 * MB + 1, 0x41);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    await expectRefused(
      () => uploadImages(product, owner.token, [{ bytes: big, name: 'buyuk.jpg', type: 'image/jpeg' }]),
      413,
      MESSAGES.productImageTooLarge,
      'images',
    );
  });

  it('a file under another field name is refused', async () => {
    const real = { bytes: await photo(40, 40), name: 'gercek.png', type: 'image/png' };
    await expectRefused(
      () => uploadImages(product, owner.token, [real], 'image'),
      400,
      MESSAGES.productImageFieldUnexpected,
    );
  });

  it('without a session: 401, nothing stored', async () => {
    const real = { bytes: await photo(40, 40), name: 'gercek.png', type: 'image/png' };
    await expectRefused(() => uploadImages(product, undefined, [real]), 401, MESSAGES.sessionExpired);
  });

  it('ten real images are accepted', async () => {
    const image = await photo(60, 40, '#8e44ad');
    const files = Array.from({ length: 10 }, (_, n) => ({ bytes: image, name: `g${n}.png`, type: 'image/png' }));
    const response = await uploadImages(product, owner.token, files);
    expect(response.statusCode, response.body).toBe(200);
    // The same picture ten times is one content-addressed file.
    expect(new Set(productAnswer(response).data as string[]).size).toBe(1);
  });
});

describe('the public catalogue', () => {
  it('an owner or product id with a NUL byte, 10 KB long or of the wrong shape is a Turkish 4xx, never a 500', async () => {
    for (const id of ['\u0000', 'ü'.repeat(5000), '12', 'null', lamp._id.toUpperCase().replace(/-/g, '')]) {
      for (const path of [
        `/api/products/public/${encodeURIComponent(id)}`,
        `/api/products/public/detail/${encodeURIComponent(id)}`,
      ]) {
        const response = await call(product, 'GET', path, undefined);
        expect([400, 404], `${path.slice(0, 60)} → ${response.statusCode}`).toContain(response.statusCode);
        expect(productAnswer(response).message).toMatch(OURS);
      }
    }
  });
});
