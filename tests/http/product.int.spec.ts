import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, MIN_POSITION_HEADER, type Product } from '@kartvizit/schemas';
import { SHOWN_PRODUCT_PROJECTIONS } from '@kartvizit/infra/read-models/contract';
import { rebuildProjection } from '@kartvizit/infra/processing/rebuild';
import { profilesProjection } from '@kartvizit/projector/profile/profiles-projection';
import { productsProjection } from '@kartvizit/projector/product/products-projection';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { registerOwner, seenEverything, type Owner } from './card-fixtures.ts';
import { photo } from './profile-fixtures.ts';
import {
  call,
  createProduct,
  myProducts,
  productAnswer,
  readAfter,
  showCard,
  uploadImages,
} from './product-fixtures.ts';

/**
 * The product catalogue end to end: the owner's commands and list, another owner who can neither
 * see nor touch them, and what a visitor gets (only active products of an owner with a shown card,
 * featured first then the owner's order; one identical 404 for everything else).
 */
let product: TestProduct;
let ayse: Owner;
let bora: Owner;

beforeAll(async () => {
  product = await startTestProduct();
  ayse = await registerOwner(product);
  bora = await registerOwner(product);
});
afterAll(async () => {
  await product?.close();
});

const NOT_FOUND = { success: false, message: MESSAGES.productNotFound };
/** Read after a position, for the public answers (products, cards and profiles). */
const after = (position: string | undefined) => readAfter(product, position, SHOWN_PRODUCT_PROJECTIONS);

describe("the owner's catalogue", () => {
  let lamp: Product;
  let vase: Product;
  let rug: Product;
  let position = '';

  it('a product is created with the SPEC defaults and answered with its id, a Turkish message and a position', async () => {
    const response = await call(product, 'POST', '/api/products', ayse.token, {
      name: '  Seramik Lamba ',
      description: 'Kapadokya işi, el boyaması',
      price: { value: 249.9, currency: 'try', compareAtValue: '299.90' },
      actionButton: { type: 'whatsapp', value: '+90 532 123 45 67' },
      tags: ['seramik', ' ', 'ev'],
      stock: 4,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = productAnswer(response);
    expect(body.success).toBe(true);
    expect(body.message).toBe(MESSAGES.productCreated);
    expect(typeof body.position).toBe('string');
    lamp = body.data as Product;
    expect(lamp).toMatchObject({
      user: ayse.userId,
      name: 'Seramik Lamba',
      price: { value: 249.9, currency: 'TRY', isDisplayed: true, compareAtValue: 299.9 },
      actionButton: { type: 'whatsapp', label: "WhatsApp'tan Sipariş Ver", value: '905321234567' },
      tags: ['seramik', 'ev'],
      stock: 4,
      isActive: true,
      featured: false,
      order: 0,
    });
    expect(lamp._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await myProducts(product, ayse, body.position)).toEqual([lamp]);
  });

  it('new products go last; the list is in the owner’s order', async () => {
    vase = (await createProduct(product, ayse, { name: 'Vazo', price: { value: 120 } })).product;
    ({ product: rug, position } = await createProduct(product, ayse, { name: 'Kilim', isActive: false }));
    expect([vase.order, rug.order]).toEqual([1, 2]);
    expect((await myProducts(product, ayse, position)).map((item) => item.name)).toEqual([
      'Seramik Lamba',
      'Vazo',
      'Kilim',
    ]);
  });

  it('a full edit replaces the content; {featured} alone toggles featuring', async () => {
    const edited = await call(product, 'PUT', `/api/products/${vase._id}`, ayse.token, {
      ...vase,
      name: 'Cam Vazo',
      description: 'Üflemeli cam',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(productAnswer(edited)).toMatchObject({
      message: MESSAGES.productUpdated,
      data: { _id: vase._id, name: 'Cam Vazo', description: 'Üflemeli cam', order: 1 },
    });

    const featured = await call(product, 'PUT', `/api/products/${vase._id}`, ayse.token, { featured: true });
    expect(featured.statusCode, featured.body).toBe(200);
    expect(productAnswer(featured)).toMatchObject({
      message: MESSAGES.productFeaturedOn,
      data: { name: 'Cam Vazo', featured: true },
    });
    position = productAnswer(featured).position ?? '';
    expect((await myProducts(product, ayse, position)).find((item) => item._id === vase._id)).toMatchObject({
      name: 'Cam Vazo',
      featured: true,
    });
  });

  it('a full edit without the flags keeps the product featured and active', async () => {
    const response = await call(product, 'PUT', `/api/products/${vase._id}`, ayse.token, {
      name: 'Cam Vazo',
      description: 'Üflemeli cam',
      price: { value: 120 },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(productAnswer(response).data).toMatchObject({ name: 'Cam Vazo', featured: true, isActive: true });
    expect(productAnswer(response).position).toBeUndefined();
  });

  it('the same edit again changes nothing and appends nothing', async () => {
    const before = await product.eventCount();
    const again = await call(product, 'PUT', `/api/products/${vase._id}`, ayse.token, { featured: true });
    expect(again.statusCode, again.body).toBe(200);
    expect(productAnswer(again).position).toBeUndefined();
    expect(await product.eventCount()).toBe(before);
  });

  it('reordering puts every product at its zero-based place', async () => {
    const response = await call(product, 'PUT', '/api/products/order/update', ayse.token, {
      products: [
        { id: rug._id, order: 0 },
        { id: lamp._id, order: 1 },
        { id: vase._id, order: 2 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(productAnswer(response).message).toBe(MESSAGES.productOrderUpdated);
    position = productAnswer(response).position ?? '';
    expect((await myProducts(product, ayse, position)).map((item) => [item.name, item.order])).toEqual([
      ['Kilim', 0],
      ['Seramik Lamba', 1],
      ['Cam Vazo', 2],
    ]);
  });

  describe('another owner', () => {
    it('sees none of them, and can neither edit, feature, delete nor reorder them: 404, nothing appended', async () => {
      expect(await myProducts(product, bora)).toEqual([]);
      const before = await product.eventCount();
      const attempts = [
        await call(product, 'PUT', `/api/products/${lamp._id}`, bora.token, { name: 'Benim artık' }),
        await call(product, 'PUT', `/api/products/${lamp._id}`, bora.token, { featured: true }),
        await call(product, 'DELETE', `/api/products/${lamp._id}`, bora.token),
        await call(product, 'PUT', '/api/products/order/update', bora.token, {
          products: [{ id: lamp._id, order: 0 }],
        }),
      ];
      for (const response of attempts) {
        expect(response.statusCode, response.body).toBe(404);
        expect(productAnswer(response)).toEqual(NOT_FOUND);
      }
      expect(await product.eventCount()).toBe(before);
      expect((await myProducts(product, ayse, position)).map((item) => [item.name, item.featured, item.order])).toEqual(
        [
          ['Kilim', false, 0],
          ['Seramik Lamba', false, 1],
          ['Cam Vazo', true, 2],
        ],
      );
    });

    it('cannot slip a foreign product into their own reorder either', async () => {
      const own = await createProduct(product, bora, { name: 'Bora’nın ürünü' });
      const before = await product.eventCount();
      const response = await call(product, 'PUT', '/api/products/order/update', bora.token, {
        products: [
          { id: own.product._id, order: 0 },
          { id: lamp._id, order: 1 },
        ],
      });
      expect(response.statusCode).toBe(404);
      expect(productAnswer(response)).toEqual(NOT_FOUND);
      expect(await product.eventCount()).toBe(before);
    });
  });

  describe('what visitors see', () => {
    const publicList = (userId: string, headers: Record<string, string> = {}) =>
      call(product, 'GET', `/api/products/public/${userId}`, undefined, undefined, headers);
    const publicDetail = (id: string, headers: Record<string, string> = {}) =>
      call(product, 'GET', `/api/products/public/detail/${id}`, undefined, undefined, headers);

    it('nothing while the owner has no shown card: the same 404 as an unknown owner or product', async () => {
      for (const response of [
        await publicList(ayse.userId, await after(position)),
        await publicList('00000000-0000-4000-8000-000000000000'),
        await publicList('kimse'),
        await publicDetail(lamp._id, await after(position)),
        await publicDetail('00000000-0000-4000-8000-000000000000'),
        await publicDetail('yok'),
      ]) {
        expect(response.statusCode, response.body).toBe(404);
        expect(productAnswer(response)).toEqual(NOT_FOUND);
      }
    });

    it('with a shown card: active products only, featured first, then the owner’s order', async () => {
      // Make the lamp featured too: two featured products keep the owner's order between them.
      const featured = await call(product, 'PUT', `/api/products/${lamp._id}`, ayse.token, { featured: true });
      expect(featured.statusCode).toBe(200);
      await showCard(product, ayse);
      // Written after the card was activated: reading after it reads after the activation too.
      const extra = await createProduct(product, ayse, { name: 'Sepet' });
      const response = await publicList(ayse.userId, await after(extra.position));
      expect(response.statusCode, response.body).toBe(200);
      // Kilim is inactive; Seramik Lamba (order 1) and Cam Vazo (order 2) are featured; Sepet (order 3) is not.
      expect((productAnswer(response).data as Product[]).map((item) => item.name)).toEqual([
        'Seramik Lamba',
        'Cam Vazo',
        'Sepet',
      ]);
    });

    it('the product page shows an active product; an inactive one is the same 404 as an unknown id', async () => {
      const shown = await publicDetail(vase._id);
      expect(shown.statusCode, shown.body).toBe(200);
      expect(productAnswer(shown)).toMatchObject({
        success: true,
        data: { _id: vase._id, name: 'Cam Vazo', user: ayse.userId },
      });
      for (const response of [
        await publicDetail(rug._id),
        await publicDetail('00000000-0000-4000-8000-000000000000'),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(productAnswer(response)).toEqual(NOT_FOUND);
      }
    });

    it('a product switched off disappears from both at once; a deleted one too', async () => {
      const off = await call(product, 'PUT', `/api/products/${vase._id}`, ayse.token, {
        ...vase,
        name: 'Cam Vazo',
        description: 'Üflemeli cam',
        isActive: false,
        featured: true,
      });
      expect(off.statusCode, off.body).toBe(200);
      const offPosition = productAnswer(off).position ?? '';
      expect((await publicDetail(vase._id, await after(offPosition))).statusCode).toBe(404);
      const deleted = await call(product, 'DELETE', `/api/products/${lamp._id}`, ayse.token);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(productAnswer(deleted).message).toBe(MESSAGES.productDeleted);
      const deletedPosition = productAnswer(deleted).position ?? '';
      expect(productAnswer(await publicDetail(lamp._id, await after(deletedPosition)))).toEqual(NOT_FOUND);
      expect(
        (productAnswer(await publicList(ayse.userId, await after(deletedPosition))).data as Product[]).map(
          (item) => item.name,
        ),
      ).toEqual(['Sepet']);
      expect((await myProducts(product, ayse, deletedPosition)).map((item) => item.name)).toEqual([
        'Kilim',
        'Cam Vazo',
        'Sepet',
      ]);
    });
  });
});

describe('two saves at once', () => {
  it('both are kept, each at a place of its own (the second decides again on the first one’s result)', async () => {
    const deniz = await registerOwner(product);
    const answers = await Promise.all(
      ['Birinci', 'İkinci', 'Üçüncü'].map((name) => call(product, 'POST', '/api/products', deniz.token, { name })),
    );
    for (const response of answers) expect(response.statusCode, response.body).toBe(200);
    const positions = answers.map((response) => productAnswer(response).position ?? '');
    const latest = await seenEverything(product);
    expect(positions.every((value) => value !== '')).toBe(true);
    const list = await myProducts(product, deniz, latest[MIN_POSITION_HEADER]);
    expect(list.map((item) => item.order)).toEqual([0, 1, 2]);
    expect(list.map((item) => item.name).sort()).toEqual(['Birinci', 'Üçüncü', 'İkinci'].sort());
  });
});

describe('product images', () => {
  it('uploads are re-encoded, stored under the owner, and shown with a small variant', async () => {
    const png = await photo(900, 600, '#2e86c1');
    const jpeg = await photo(640, 480, '#c0392b', true);
    const response = await uploadImages(product, ayse.token, [
      { bytes: png, name: 'lamba.png', type: 'image/png' },
      { bytes: jpeg, name: 'lamba-2.jpg', type: 'image/jpeg' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const body = productAnswer(response);
    expect(body.success).toBe(true);
    const urls = body.data as string[];
    expect(urls).toHaveLength(2);
    for (const url of urls) expect(url).toMatch(new RegExp(`^/media/products/${ayse.userId}/[0-9a-f]{32}\\.jpg$`));

    const media = await call(product, 'GET', urls[0] ?? '');
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('image/jpeg');

    const created = await createProduct(product, ayse, { name: 'Fotoğraflı', images: urls });
    expect(created.product.images).toEqual(urls);
    expect(created.product.thumbnails).toEqual(urls.map((url) => url.replace(/\.jpg$/, '-sm.jpg')));

    // Removing an image from the product removes its files; the kept one stays.
    const edited = await call(product, 'PUT', `/api/products/${created.product._id}`, ayse.token, {
      name: 'Fotoğraflı',
      images: [urls[1]],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await call(product, 'GET', urls[0] ?? '')).statusCode).toBe(404);
    expect((await call(product, 'GET', urls[1] ?? '')).statusCode).toBe(200);
  });
});

describe('a forgotten owner (KVKK erasure)', () => {
  it('their products answer the same 404 as unknown ones, and the replayed read model keeps none of their content', async () => {
    const cem = await registerOwner(product);
    await showCard(product, cem);
    const { product: kept, position } = await createProduct(product, cem, {
      name: 'Cem’in çini tabağı',
      description: 'İznik',
    });
    const before = await call(
      product,
      'GET',
      `/api/products/public/detail/${kept._id}`,
      undefined,
      undefined,
      await after(position),
    );
    expect(before.statusCode, before.body).toBe(200);

    await product.vault.forget(cem.userId);
    // The read models learn of it when they replay the sealed events.
    for (const projection of [profilesProjection, productsProjection]) {
      await rebuildProjection({ pool: product.pool, store: product.store, codec: product.codec }, projection);
    }
    const now = await after((await seenEverything(product))[MIN_POSITION_HEADER]);
    for (const response of [
      await call(product, 'GET', `/api/products/public/${cem.userId}`, undefined, undefined, now),
      await call(product, 'GET', `/api/products/public/detail/${kept._id}`, undefined, undefined, now),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
      expect(productAnswer(response)).toEqual(NOT_FOUND);
    }
    const stored = await product.pool.query<{ name: string }>(
      `SELECT data->>'name' AS name FROM rm_products WHERE product_id = $1`,
      [kept._id],
    );
    expect(stored.rows).toEqual([{ name: '' }]);
  });
});

describe('prices and WhatsApp numbers as a Turkish owner writes them (decision 46)', () => {
  it('a price in text is read the Turkish way, a JSON number as it is; the WhatsApp number is stored in one form', async () => {
    const cem = await registerOwner(product);
    const typed = await call(product, 'POST', '/api/products', cem.token, {
      name: 'Moda’da 3+1 daire',
      price: { value: '8.750.000', compareAtValue: '9 250 000,50' },
      actionButton: { type: 'whatsapp', value: '05321234567' },
    });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(productAnswer(typed).data).toMatchObject({
      price: { value: 8750000, compareAtValue: 9250000.5 },
      actionButton: { type: 'whatsapp', value: '905321234567' },
    });
    const number = await call(product, 'POST', '/api/products', cem.token, {
      name: 'Bahçeli villa',
      price: { value: 8750000.5 },
      actionButton: { type: 'whatsapp', value: '0532 123 45 67' },
    });
    expect(number.statusCode, number.body).toBe(200);
    expect(productAnswer(number).data).toMatchObject({
      price: { value: 8750000.5 },
      actionButton: { value: '905321234567' },
    });
    const before = await myProducts(product, cem, productAnswer(number).position);
    const refused = await call(product, 'POST', '/api/products', cem.token, {
      name: 'Arsa',
      price: { value: '8,750,000' },
    });
    expect(refused.statusCode).toBe(400);
    expect(JSON.parse(refused.body)).toEqual({
      success: false,
      message: MESSAGES.productPriceInvalid,
      field: 'price.value',
    });
    expect(await myProducts(product, cem)).toEqual(before);
  });
});
