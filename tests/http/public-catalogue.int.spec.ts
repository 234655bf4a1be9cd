import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { rebuildProjection } from '@kartvizit/infra/processing/rebuild';
import { profilesProjection } from '@kartvizit/projector/profile/profiles-projection';
import { SHOWN_PRODUCT_PROJECTIONS } from '@kartvizit/infra/read-models/contract';
import type { Product } from '@kartvizit/schemas';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import {
  answer,
  createProfile,
  registerOwner,
  seenEverything,
  send,
  virtualCardId,
  type Owner,
} from './card-fixtures.ts';
import { call, createProduct, productAnswer, readAfter, uploadImages } from './product-fixtures.ts';
import { photo } from './profile-fixtures.ts';

/**
 * 'Ürün Kataloğu' on the card page and /product/{id} (docs/decisions/0023-public-catalogue.md), through the real
 * composition: what a visitor sees, in which order, the one 404 for every product that is not shown, and the card
 * page's stored bytes following every change of the owner's products.
 */
let product: TestProduct;

const PAGE_READ_MODELS = SHOWN_PRODUCT_PROJECTIONS;

/** The card page once the read models have `position` (a plain request, as a visitor's: no read-your-writes). */
async function cardPage(cardId: string, position?: string): Promise<LightMyRequestResponse> {
  await readAfter(product, position, PAGE_READ_MODELS);
  return send(product, 'GET', `/p/${cardId}`);
}

async function productPage(id: string, position?: string): Promise<LightMyRequestResponse> {
  await readAfter(product, position, PAGE_READ_MODELS);
  return send(product, 'GET', `/product/${id}`);
}

/** The product names of the catalogue, in the page's order. */
function catalogueNames(html: string): string[] {
  return [...html.matchAll(/<span class="pc-product__name">([^<]*)<\/span>/g)].map((match) => match[1] ?? '');
}

function catalogueLinks(html: string): string[] {
  return [...html.matchAll(/<a class="pc-product" href="([^"]*)"/g)].map((match) => match[1] ?? '');
}

function meta(html: string, key: string): string | undefined {
  return new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`).exec(html)?.[1];
}

/** An owner whose card is shown: a profile and a virtual card, created and activated (as showCard does). */
async function shownCardOf(owner: Owner): Promise<{ cardId: string; position: string }> {
  await createProfile(product, owner, { theme: 'ocean' });
  const cardId = virtualCardId();
  const created = await send(product, 'POST', '/api/cards', owner.token, { cardId, name: 'Vitrin', type: 'virtual' });
  expect(created.statusCode, created.body).toBe(200);
  const activated = await send(product, 'POST', '/api/cards/activate', owner.token, { cardId, name: 'Vitrin' });
  expect(activated.statusCode, activated.body).toBe(200);
  return { cardId, position: answer(activated).position ?? '' };
}

beforeAll(async () => {
  product = await startTestProduct({ publicBaseUrl: 'https://kart.example' });
});
afterAll(async () => {
  await product?.close();
});

describe("the card page's catalogue", () => {
  let owner: Owner;
  let cardId: string;
  let products: Record<'vase' | 'rug' | 'lamp' | 'bowl', Product>;
  let position: string;

  beforeAll(async () => {
    owner = await registerOwner(product);
    ({ cardId } = await shownCardOf(owner));
    const vase = await createProduct(product, owner, {
      name: 'Cam Vazo',
      description: 'Üflemeli cam',
      price: { value: 1234.5 },
    });
    const rug = await createProduct(product, owner, { name: 'Kilim', isActive: false });
    const lamp = await createProduct(product, owner, {
      name: 'Bakır Lamba',
      featured: true,
      price: { value: 99, currency: 'EUR' },
    });
    const bowl = await createProduct(product, owner, { name: 'Çini Kase' });
    products = { vase: vase.product, rug: rug.product, lamp: lamp.product, bowl: bowl.product };
    position = bowl.position;
  });

  it('shows the active products, featured first, then in the owner order; an inactive one is not there', async () => {
    const response = await cardPage(cardId, position);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Ürün Kataloğu');
    expect(catalogueNames(response.body)).toEqual(['Bakır Lamba', 'Cam Vazo', 'Çini Kase']);
    expect(catalogueLinks(response.body)).toEqual(
      [products.lamp, products.vase, products.bowl].map((item) => `/product/${item._id}?card=${cardId}`),
    );
    expect(response.body).not.toContain('Kilim');
    expect(response.body).toContain('₺1.234,50');
    expect(response.body).toContain('€99,00');
    // No image: the placeholder, not a broken <img>.
    expect(response.body).toContain('Görsel Yok');
  });

  it('follows every change of the products with a new page and a new ETag', async () => {
    const steps: { what: string; change: () => Promise<LightMyRequestResponse>; shows: (html: string) => void }[] = [
      {
        what: 'an edit',
        change: () =>
          call(product, 'PUT', `/api/products/${products.vase._id}`, owner.token, {
            name: 'Mavi Cam Vazo',
            price: { value: 1234.5 },
          }),
        shows: (html) => expect(catalogueNames(html)).toEqual(['Bakır Lamba', 'Mavi Cam Vazo', 'Çini Kase']),
      },
      {
        what: 'a reorder',
        change: () =>
          call(product, 'PUT', '/api/products/order/update', owner.token, {
            products: [products.bowl, products.rug, products.lamp, products.vase].map((item, order) => ({
              id: item._id,
              order,
            })),
          }),
        shows: (html) => expect(catalogueNames(html)).toEqual(['Bakır Lamba', 'Çini Kase', 'Mavi Cam Vazo']),
      },
      {
        what: 'unfeaturing',
        change: () => call(product, 'PUT', `/api/products/${products.lamp._id}`, owner.token, { featured: false }),
        shows: (html) => expect(catalogueNames(html)).toEqual(['Çini Kase', 'Bakır Lamba', 'Mavi Cam Vazo']),
      },
      {
        what: 'featuring',
        change: () => call(product, 'PUT', `/api/products/${products.vase._id}`, owner.token, { featured: true }),
        shows: (html) => expect(catalogueNames(html)).toEqual(['Mavi Cam Vazo', 'Çini Kase', 'Bakır Lamba']),
      },
      {
        what: 'a deactivation',
        change: () =>
          call(product, 'PUT', `/api/products/${products.bowl._id}`, owner.token, {
            name: 'Çini Kase',
            isActive: false,
          }),
        shows: (html) => expect(catalogueNames(html)).toEqual(['Mavi Cam Vazo', 'Bakır Lamba']),
      },
      {
        what: 'a deletion',
        change: () => call(product, 'DELETE', `/api/products/${products.lamp._id}`, owner.token),
        shows: (html) => expect(catalogueNames(html)).toEqual(['Mavi Cam Vazo']),
      },
    ];
    let before = await cardPage(cardId);
    for (const step of steps) {
      const changed = await step.change();
      expect(changed.statusCode, `${step.what}: ${changed.body}`).toBe(200);
      const after = await cardPage(cardId, productAnswer(changed).position);
      expect(after.statusCode).toBe(200);
      step.shows(after.body);
      expect(after.headers.etag, step.what).not.toBe(before.headers.etag);
      // The browser's copy of the page before the change is not confirmed with a 304.
      const revalidated = await send(product, 'GET', `/p/${cardId}`, undefined, undefined, {
        'if-none-match': String(before.headers.etag),
      });
      expect(revalidated.statusCode, step.what).toBe(200);
      before = after;
    }
  });

  it('offers each photo as WebP where the upload made one, and as JPEG alone for an older upload without it', async () => {
    const upload = await uploadImages(product, owner.token, [
      { name: 'yeni.jpg', type: 'image/jpeg', bytes: await photo(800, 600, '#0f766e') },
      { name: 'eski.jpg', type: 'image/jpeg', bytes: await photo(800, 600, '#7c2d12') },
    ]);
    expect(upload.statusCode, upload.body).toBe(200);
    const [fresh = '', older = ''] = productAnswer(upload).data as string[];
    const webpOf = (url: string) => url.replace(/\.jpg$/, '-sm.webp');
    const served = await send(product, 'GET', webpOf(fresh));
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    // An image uploaded before the WebP variant existed: only its JPEG variants are there.
    await product.blobs.delete(webpOf(older).slice('/media/'.length));
    const withWebp = await createProduct(product, owner, { name: 'Yeni Fotoğraflı', images: [fresh] });
    const last = await createProduct(product, owner, { name: 'Eski Fotoğraflı', images: [older] });
    const html = (await cardPage(cardId, last.position)).body;
    expect(html).toContain(
      `<picture><source type="image/webp" srcset="${webpOf(fresh)}"><img class="pc-product__img" src="${fresh.replace(/\.jpg$/, '-sm.jpg')}"`,
    );
    expect(html).not.toContain(webpOf(older));
    expect(html).toContain(`<img class="pc-product__img" src="${older.replace(/\.jpg$/, '-sm.jpg')}"`);
    // A product deleted takes every variant of its image with it, the WebP one included.
    const deleted = await call(product, 'DELETE', `/api/products/${withWebp.product._id}`, owner.token);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await send(product, 'GET', webpOf(fresh))).statusCode).toBe(404);
    expect((await send(product, 'GET', fresh)).statusCode).toBe(404);
  });

  it("says 'Ürün bulunamadı' for an owner whose card shows no product", async () => {
    const other = await registerOwner(product);
    const shown = await shownCardOf(other);
    const response = await cardPage(shown.cardId, shown.position);
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/<p class="pc-cat__empty">Ürün bulunamadı<\/p>/);
    expect(catalogueNames(response.body)).toEqual([]);
  });
});

describe('the product page', () => {
  let owner: Owner;
  let cardId: string;
  let shown: Product;
  let images: string[];
  let position: string;

  beforeAll(async () => {
    owner = await registerOwner(product);
    ({ cardId } = await shownCardOf(owner));
    const upload = await uploadImages(product, owner.token, [
      { name: 'on.jpg', type: 'image/jpeg', bytes: await photo(800, 600, '#1d4ed8') },
      { name: 'arka.jpg', type: 'image/jpeg', bytes: await photo(800, 600, '#b45309') },
    ]);
    expect(upload.statusCode, upload.body).toBe(200);
    images = productAnswer(upload).data as string[];
    ({ product: shown, position } = await createProduct(product, owner, {
      name: 'İznik Çini Tabak',
      description: 'El yapımı, 25 cm.\nFırında iki kez pişirildi.',
      price: { value: 1499.9, compareAtValue: 1999.9, currency: 'TRY' },
      images,
      url: 'https://magaza.example/iznik-tabak',
      category: 'Seramik',
      tags: ['el yapımı', 'hediye'],
      features: ['Kurşunsuz sır', 'Bulaşık makinesinde yıkanabilir'],
      stock: 3,
      actionButton: { type: 'whatsapp', value: '905321234567' },
    }));
  });

  it('answers 200 with the product, its Open Graph tags and the way back to the card', async () => {
    const response = await productPage(shown._id, position);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    const url = `https://kart.example/product/${shown._id}`;
    expect(meta(html, 'og:title')).toBe('İznik Çini Tabak');
    expect(meta(html, 'og:type')).toBe('product');
    expect(meta(html, 'og:url')).toBe(url);
    expect(meta(html, 'og:image')).toBe(`https://kart.example${images[0]}`);
    expect(meta(html, 'og:description')).toMatch(/^₺1\.499,90 · El yapımı, 25 cm\./);
    expect(meta(html, 'product:price:amount')).toBe('1499.90');
    expect(meta(html, 'product:price:currency')).toBe('TRY');
    expect(html).toContain('<span class="pp-price__now">₺1.499,90</span>');
    expect(html).toMatch(/<s class="pp-price__was">.*₺1\.999,90<\/s>/);
    expect(html).toContain('<p class="pp-category"><span class="pc-visually-hidden">Kategori: </span>Seramik</p>');
    expect(html).toContain('Stokta var');
    expect(html).toContain('Özellikler');
    expect(html).toContain('<li>Kurşunsuz sır</li>');
    expect(html).toContain(`href="https://magaza.example/iznik-tabak"`);
    expect(html).toContain('Satın Al');
    // SPEC §7: the WhatsApp question to the product's WhatsApp number, naming the product and its page.
    const ask = /href="(https:\/\/wa\.me\/905321234567\?text=[^"]*)"/.exec(html)?.[1] ?? '';
    expect(decodeURIComponent(new URL(ask.replaceAll('&amp;', '&')).searchParams.get('text') ?? '')).toBe(
      `İznik Çini Tabak hakkında bilgi almak istiyorum: ${url}`,
    );
    // Gallery: both images, arrows and thumbnails (the small variants).
    expect(html.match(/<li class="pp-slide"/g)).toHaveLength(2);
    expect(html).toContain('data-gallery-next');
    expect(html.match(/class="pp-thumb"/g)).toHaveLength(2);
    expect(html).toContain(`href="/p/${cardId}"`);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers.etag).toMatch(/^W\/"/);
  });

  it("shows no 'Satın Al' without a url, no stock badge without stock, 'Görsel bulunamadı' without images", async () => {
    const plain = await createProduct(product, owner, { name: 'Sade Kupa' });
    const response = await productPage(plain.product._id, plain.position);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('Satın Al');
    expect(response.body).not.toMatch(/Stokta (var|yok)/);
    expect(response.body).toContain('Görsel bulunamadı');
    expect(response.body).toContain('WhatsApp ile Bilgi Al');
  });

  it('answers a revalidation of the same page with a 304', async () => {
    const first = await productPage(shown._id);
    const again = await send(product, 'GET', `/product/${shown._id}`, undefined, undefined, {
      'if-none-match': String(first.headers.etag),
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers one identical 404 for an inactive, deleted, unknown or malformed product and an owner without a shown card', async () => {
    const inactive = await createProduct(product, owner, { name: 'Pasif Ürün', isActive: false });
    const doomed = await createProduct(product, owner, { name: 'Silinecek Ürün' });
    const deleted = await call(product, 'DELETE', `/api/products/${doomed.product._id}`, owner.token);
    expect(deleted.statusCode).toBe(200);
    // An owner whose only card is deactivated.
    const hidden = await registerOwner(product);
    const hiddenCard = await shownCardOf(hidden);
    const hiddenProduct = await createProduct(product, hidden, { name: 'Görünmeyen Ürün' });
    const off = await send(product, 'PUT', `/api/cards/deactivate/${hiddenCard.cardId}`, hidden.token);
    expect(off.statusCode, off.body).toBe(200);
    // An owner with products but no card at all.
    const noCardOwner = await registerOwner(product);
    const noCardProduct = await createProduct(product, noCardOwner, { name: 'Kartsız Ürün' });
    const headers = await seenEverything(product);

    const ids = {
      inactive: inactive.product._id,
      deleted: doomed.product._id,
      unknown: '00000000-0000-4000-8000-000000000000',
      malformed: 'yok-boyle-bir-urun',
      'card deactivated': hiddenProduct.product._id,
      'no card': noCardProduct.product._id,
    };
    const answers = await Promise.all(
      Object.values(ids).map((id) => send(product, 'GET', `/product/${id}`, undefined, undefined, headers)),
    );
    const first = answers[0];
    expect(first?.statusCode).toBe(404);
    expect(first?.body).toContain('<h1 class="pc-state__title">Ürün bulunamadı</h1>');
    expect(first?.body).toContain('Aradığınız ürün bulunamadı veya artık mevcut değil.');
    expect(first?.body).toContain('Geri Dön');
    expect(first?.headers['cache-control']).toBe('no-store');
    Object.keys(ids).forEach((what, index) => {
      expect(answers[index]?.statusCode, what).toBe(404);
      expect(answers[index]?.body, what).toBe(first?.body);
    });
    // The JSON route agrees: the same products are not public there either.
    const json = await send(
      product,
      'GET',
      `/api/products/public/detail/${ids['card deactivated']}`,
      undefined,
      undefined,
      headers,
    );
    expect(json.statusCode).toBe(404);
  });

  it('answers the 404 for the products of a forgotten owner', async () => {
    const gone = await registerOwner(product);
    await shownCardOf(gone);
    const item = await createProduct(product, gone, { name: 'Unutulan Ürün' });
    expect((await productPage(item.product._id, item.position)).statusCode).toBe(200);
    await product.vault.forget(gone.userId);
    await rebuildProjection({ pool: product.pool, store: product.store, codec: product.codec }, profilesProjection);
    const unknown = await send(product, 'GET', '/product/00000000-0000-4000-8000-000000000000');
    const forgotten = await send(
      product,
      'GET',
      `/product/${item.product._id}`,
      undefined,
      undefined,
      await seenEverything(product),
    );
    expect(forgotten.statusCode).toBe(404);
    expect(forgotten.body).toBe(unknown.body);
  });

  it.each([
    ['a very long id', `/product/${'a'.repeat(300)}`],
    ['a broken escape', '/product/%ZZ'],
    ['a NUL byte', '/product/%00'],
    ['a path beyond the id', `/product/00000000-0000-4000-8000-000000000000/x`],
    ['an id with spaces', '/product/%20%20'],
  ])('answers %s with a 4xx, never a 500', async (_what, url) => {
    const response = await send(product, 'GET', url);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });

  it('sends an upper-case id to the one canonical address, keeping the card it came from', async () => {
    const response = await send(product, 'GET', `/product/${shown._id.toUpperCase()}`);
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(`/product/${shown._id}`);
    const fromCard = await send(product, 'GET', `/product/${shown._id.toUpperCase()}?card=${cardId.toLowerCase()}`);
    expect(fromCard.headers.location).toBe(`/product/${shown._id}?card=${cardId}`);
  });

  it('leads back to the card the visitor came from, and trusts no card that is not the owner’s shown one', async () => {
    // A second card of the same owner, activated after the first: without ?card= the page leads to the first.
    const second = virtualCardId();
    expect(
      (await send(product, 'POST', '/api/cards', owner.token, { cardId: second, name: 'İkinci', type: 'virtual' }))
        .statusCode,
    ).toBe(200);
    const activated = await send(product, 'POST', '/api/cards/activate', owner.token, {
      cardId: second,
      name: 'İkinci',
    });
    expect(activated.statusCode, activated.body).toBe(200);
    await readAfter(product, answer(activated).position, PAGE_READ_MODELS);
    const other = await registerOwner(product);
    const { cardId: foreign, position: foreignPosition } = await shownCardOf(other);
    await readAfter(product, foreignPosition, PAGE_READ_MODELS);

    const page = (query: string) => send(product, 'GET', `/product/${shown._id}${query}`);
    const backOf = (html: string) => /<a class="pp-top__btn pp-top__btn--back" href="([^"]*)"/.exec(html)?.[1];
    const cardOf = (html: string) =>
      (
        JSON.parse(/<script type="application\/json" id="pp-data">([^<]*)</.exec(html)?.[1] ?? '{}') as {
          cardId?: unknown;
        }
      ).cardId;

    const fromSecond = await page(`?card=${second}`);
    expect(backOf(fromSecond.body)).toBe(`/p/${second}`);
    expect(cardOf(fromSecond.body)).toBe(second);
    const plain = await page('');
    expect(backOf(plain.body)).toBe(`/p/${cardId}`);
    expect(cardOf(plain.body)).toBeNull();
    // One ETag per card the page leads back to: a cache never answers one card's page for another's.
    expect(fromSecond.headers.etag).not.toBe(plain.headers.etag);
    const revalidated = await send(product, 'GET', `/product/${shown._id}?card=${second}`, undefined, undefined, {
      'if-none-match': String(plain.headers.etag),
    });
    expect(revalidated.statusCode).toBe(200);
    expect(backOf(revalidated.body)).toBe(`/p/${second}`);

    // Another owner's card, an unknown card, a deactivated one and rubbish: the way back is the owner's first card,
    // and the page names no card to count for.
    for (const query of [`?card=${foreign}`, '?card=VC-ZZZZZZ', '?card=%3Cscript%3E', '?card=', '?card=a&card=b']) {
      const response = await page(query);
      expect(response.statusCode, query).toBe(200);
      expect(backOf(response.body), query).toBe(`/p/${cardId}`);
      expect(cardOf(response.body), query).toBeNull();
      expect(response.body).not.toContain('script%3E');
    }
    const off = await send(product, 'PUT', `/api/cards/deactivate/${second}`, owner.token);
    expect(off.statusCode, off.body).toBe(200);
    await readAfter(product, answer(off).position, PAGE_READ_MODELS);
    expect(backOf((await page(`?card=${second}`)).body)).toBe(`/p/${cardId}`);
  });
});
