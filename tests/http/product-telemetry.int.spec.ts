import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  MESSAGES,
  TELEMETRY_MESSAGES,
  telemetryShard,
  telemetryStreamId,
  type ProductClicked,
  type ProductStatisticsResponse,
  type ProductViewed,
} from '@kartvizit/schemas';
import { PRODUCTS_PROJECTION, SHOWN_PRODUCT_PROJECTIONS } from '@kartvizit/infra/read-models/contract';
import { rebuildProjection } from '@kartvizit/infra/processing/rebuild';
import { profilesProjection } from '@kartvizit/projector/profile/profiles-projection';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { startFakeRems, type FakeRems } from '../support/fake-rems.ts';
import { registerOwner, seenEverything, send, type Owner } from './card-fixtures.ts';
import { clientAddress, formToken } from './lead-fixtures.ts';
import { call, createProduct, readAfter } from './product-fixtures.ts';
import {
  USER_AGENTS,
  beacon,
  expectAccepted,
  ownerWithCards,
  telemetryEvents,
  type CardOwner,
} from './telemetry-fixtures.ts';

/**
 * POST /api/telemetry/product-view and /api/telemetry/product-click (docs/decisions/0024-product-telemetry.md): what
 * the product page's beacons count, what they never count, the answers to broken bodies, and the owner's 'Ürünler'
 * figures from GET /api/statistics/products, which no other owner sees.
 */
let product: TestProduct;
/** REMS for the registrations made from a listing's page (issue 33). */
let rems: FakeRems;
let ayse: CardOwner;
let bora: CardOwner;
/** Ayşe's active product, shown on her card: the one whose hits count. */
let lamba: string;

const ADDRESS = '198.51.100.77';
const view = (body: unknown, options?: Parameters<typeof beacon>[3]) =>
  beacon(product, '/api/telemetry/product-view', body, { address: ADDRESS, ...options });
const productClick = (body: unknown, options?: Parameters<typeof beacon>[3]) =>
  beacon(product, '/api/telemetry/product-click', body, { address: ADDRESS, ...options });

type ProductHit = (ProductViewed | ProductClicked) & { readonly streamId: string; readonly metadata: unknown };

async function productHits(): Promise<ProductHit[]> {
  const { rows } = await product.pool.query<{
    type: ProductHit['type'];
    data: never;
    metadata: unknown;
    stream_id: string;
  }>(
    `SELECT type, data, metadata, stream_id FROM events
      WHERE type IN ('ProductViewed', 'ProductClicked') ORDER BY transaction_id, global_position`,
  );
  return rows.map((row) => ({ type: row.type, data: row.data, metadata: row.metadata, streamId: row.stream_id }));
}

/**
 * Runs hits that must not be counted, then a view of Ayşe's lamp that must (sent last: batches are written in arrival
 * order, so anything the others had queued would be stored by then). Answers what was appended meanwhile.
 */
async function appendedBy(hits: () => Promise<void>): Promise<ProductHit[]> {
  const telemetryBefore = (await telemetryEvents(product)).length;
  const before = (await productHits()).length;
  await hits();
  // Answered means stored: once the marker is answered, everything queued before it is in the log.
  expectAccepted(await view({ productId: lamba }, { userAgent: USER_AGENTS.linuxFirefox }));
  expect((await telemetryEvents(product)).length).toBe(telemetryBefore + 1);
  return (await productHits()).slice(before);
}

/** A product of `owner` through the owner's API, already in the products read model. */
async function productOf(owner: Owner, fields: Record<string, unknown>): Promise<string> {
  const created = await createProduct(product, owner, fields);
  await readAfter(product, created.position, [PRODUCTS_PROJECTION]);
  return created.product._id;
}

async function productStatistics(owner: Owner, query = ''): Promise<LightMyRequestResponse> {
  return send(
    product,
    'GET',
    `/api/statistics/products${query}`,
    owner.token,
    undefined,
    await seenEverything(product),
  );
}

async function figuresOf(owner: Owner): Promise<ProductStatisticsResponse['productStats']> {
  const response = await productStatistics(owner);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['x-read-model-stale']).toBeUndefined();
  return (JSON.parse(response.body) as ProductStatisticsResponse).productStats;
}

beforeAll(async () => {
  // Owners are looked up afresh for every hit: a product switched off a moment ago is not counted from memory.
  rems = await startFakeRems();
  product = await startTestProduct({ telemetry: { ownerCacheTtlMs: 0 }, remsApiUrl: rems.url });
  [ayse, bora] = await Promise.all([ownerWithCards(product, 1), ownerWithCards(product, 1)]);
  lamba = await productOf(ayse.owner, { name: 'Çalışma Lambası', url: 'https://ornek.com.tr/lamba' });
}, 60_000);

afterAll(async () => {
  await product?.close();
  await rems?.close();
});

describe('given Ayşe’s active product on her shown card', () => {
  it('when a visitor opens its page and presses both buttons, then three events of Ayşe in the product’s shard', async () => {
    const before = (await productHits()).length;
    expectAccepted(await view({ productId: lamba.toUpperCase(), touchPoints: 5 }));
    // navigator.sendBeacon with a string sends text/plain.
    expectAccepted(
      await productClick(JSON.stringify({ productId: lamba, action: 'buy' }), {
        contentType: 'text/plain;charset=UTF-8',
      }),
    );
    expectAccepted(await productClick({ productId: lamba, action: 'whatsapp', touchPoints: null }));

    const hits = (await productHits()).slice(before);
    expect(hits.map((hit) => [hit.type, 'action' in hit.data ? hit.data.action : null])).toEqual([
      ['ProductViewed', null],
      ['ProductClicked', 'buy'],
      ['ProductClicked', 'whatsapp'],
    ]);
    for (const hit of hits) {
      expect(hit.data).toMatchObject({
        productId: lamba,
        ownerId: ayse.owner.userId,
        device: 'mobile',
        browser: 'Safari',
      });
      expect(hit.data.visitorHash).toMatch(/^[0-9a-f]{32}$/);
      expect(hit.streamId).toBe(telemetryStreamId(telemetryShard(lamba)));
      expect(hit.metadata).toEqual({ actor: 'visitor' });
      // No address in the event, in any form.
      expect(JSON.stringify(hit)).not.toContain(ADDRESS);
    }
    // One visitor, one day: one hash for the view and the clicks alike.
    expect(new Set(hits.map((hit) => hit.data.visitorHash)).size).toBe(1);
  });

  it('then the owner’s statistics show the lamp by name with its views, viewers and clicks per button', async () => {
    const figures = await figuresOf(ayse.owner);
    expect(figures.products).toEqual([
      expect.objectContaining({
        productId: lamba,
        name: 'Çalışma Lambası',
        deleted: false,
        isActive: true,
        views: 1,
        uniqueVisitors: 1,
        clicks: { buy: 1, whatsapp: 1, call: 0, total: 2 },
      }),
    ]);
    expect(figures).toMatchObject({ totalViews: 1, totalClicks: 2 });
    // The page was not reached through a card: narrowed to one of her cards, nothing (decision 47).
    const narrowed = await productStatistics(ayse.owner, `?cardId=${ayse.cards[0] ?? ''}`);
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    expect((JSON.parse(narrowed.body) as ProductStatisticsResponse).productStats).toEqual({
      totalViews: 0,
      totalClicks: 0,
      products: [],
    });
  });

  it('then another owner never sees them: Bora’s figures are empty and Ayşe’s card answers him 404', async () => {
    expect(await figuresOf(bora.owner)).toEqual({ totalViews: 0, totalClicks: 0, products: [] });
    // Bora's own product, viewed: his figures hold it alone, and Ayşe's do not.
    const defter = await productOf(bora.owner, { name: 'Defter' });
    expectAccepted(await view({ productId: defter }));
    expect((await figuresOf(bora.owner)).products.map((entry) => [entry.name, entry.views])).toEqual([['Defter', 1]]);
    expect((await figuresOf(ayse.owner)).products.map((entry) => entry.productId)).toEqual([lamba]);
    const foreign = await productStatistics(bora.owner, `?cardId=${ayse.cards[0] ?? ''}`);
    expect(foreign.statusCode).toBe(404);
    expect(JSON.parse(foreign.body)).toEqual({ success: false, message: MESSAGES.cardNotFound });
    const anonymous = await send(product, 'GET', '/api/statistics/products');
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('what is not a product view appends nothing and still answers 204', () => {
  it('bots, link previews, prefetches and requests without a user agent', async () => {
    const appended = await appendedBy(async () => {
      for (const userAgent of ['WhatsApp/2.23.20.0 A', 'facebookexternalhit/1.1', 'curl/8.5.0', '', null]) {
        expectAccepted(await view({ productId: lamba }, { userAgent }));
        expectAccepted(await productClick({ productId: lamba, action: 'buy' }, { userAgent }));
      }
      expectAccepted(await view({ productId: lamba }, { headers: { 'sec-purpose': 'prefetch;prerender' } }));
      expectAccepted(
        await productClick({ productId: lamba, action: 'whatsapp' }, { headers: { purpose: 'prefetch' } }),
      );
    });
    expect(appended.map((hit) => hit.data.browser)).toEqual(['Firefox']);
  });

  it('unknown and malformed ids, an inactive product, a deleted one and one whose owner shows no card', async () => {
    const kapali = await productOf(ayse.owner, { name: 'Kapalı Ürün', isActive: false });
    const silinen = await productOf(ayse.owner, { name: 'Silinecek Ürün' });
    const deleted = await call(product, 'DELETE', `/api/products/${silinen}`, ayse.owner.token);
    expect(deleted.statusCode, deleted.body).toBe(200);
    await readAfter(product, (JSON.parse(deleted.body) as { position?: string }).position, [PRODUCTS_PROJECTION]);
    // Cem has products but no card: his products are shown nowhere.
    const cem = await registerOwner(product);
    const kartsiz = await productOf(cem, { name: 'Kartsız Ürün' });

    const appended = await appendedBy(async () => {
      for (const productId of [randomUUID(), 'urun-yok', '../../etc/passwd', kapali, silinen, kartsiz]) {
        expectAccepted(await view({ productId }));
        expectAccepted(await productClick({ productId, action: 'buy' }));
      }
    });
    expect(appended.map((hit) => [hit.type, hit.data.productId])).toEqual([['ProductViewed', lamba]]);
  });
});

describe('broken bodies are a Turkish 4xx and append nothing', () => {
  const cases = [
    {
      name: 'no productId',
      url: 'product-view',
      body: { touchPoints: 1 },
      status: 400,
      message: TELEMETRY_MESSAGES.telemetryProductIdRequired,
    },
    {
      name: 'a blank productId',
      url: 'product-click',
      body: { productId: '  ', action: 'buy' },
      status: 400,
      message: TELEMETRY_MESSAGES.telemetryProductIdRequired,
    },
    {
      name: 'productId a number',
      url: 'product-view',
      body: { productId: 42 },
      status: 400,
      message: 'productId alanı metin olmalıdır',
    },
    {
      name: 'a NUL byte in productId',
      url: 'product-view',
      body: { productId: 'a\u0000b' },
      status: 400,
      message: MESSAGES.unsafeCharacters,
    },
    {
      name: 'a NUL byte in action',
      url: 'product-click',
      body: { productId: randomUUID(), action: 'buy\u0000' },
      status: 400,
      message: MESSAGES.unsafeCharacters,
    },
    {
      name: 'no action',
      url: 'product-click',
      body: { productId: randomUUID() },
      status: 400,
      message: TELEMETRY_MESSAGES.telemetryProductActionRequired,
    },
    {
      name: 'an unknown action',
      url: 'product-click',
      body: { productId: randomUUID(), action: 'sepete-ekle' },
      status: 400,
      message: TELEMETRY_MESSAGES.telemetryProductActionInvalid,
    },
    {
      name: 'action a list',
      url: 'product-click',
      body: { productId: randomUUID(), action: ['buy'] },
      status: 400,
      message: 'action alanı metin olmalıdır',
    },
    {
      name: 'an unknown field',
      url: 'product-view',
      body: { productId: randomUUID(), ownerId: randomUUID() },
      status: 400,
    },
    {
      name: 'touchPoints a text',
      url: 'product-view',
      body: { productId: randomUUID(), touchPoints: 'çok' },
      status: 400,
    },
    { name: 'broken JSON', url: 'product-view', body: '{"productId":', status: 400, message: MESSAGES.invalidJson },
    {
      name: '1 MB',
      url: 'product-view',
      body: { productId: randomUUID(), padding: 'x'.repeat(1024 * 1024) },
      status: 413,
      message: MESSAGES.bodyTooLarge,
    },
    {
      name: 'a form body',
      url: 'product-click',
      body: 'productId=x&action=buy',
      contentType: 'application/x-www-form-urlencoded',
      status: 415,
      message: MESSAGES.unsupportedMediaType,
    },
  ];

  it.each(cases)('$name → $status', async ({ url, body, contentType, status, message }) => {
    const before = await product.eventCount();
    const response = await beacon(product, `/api/telemetry/${url}`, body, { address: ADDRESS, contentType });
    expect(response.statusCode, response.body).toBe(status);
    const answer = JSON.parse(response.body) as { success: boolean; message: string };
    expect(answer.success).toBe(false);
    if (message) expect(answer.message).toBe(message);
    else expect(answer.message).toMatch(/[çğıöşüÇĞİÖŞÜ]|alan/);
    expect(await product.eventCount()).toBe(before);
  });
});

describe('given a product page reached from one of the owner’s cards (decision 47)', () => {
  it('then its view and click count for that card and for all cards; a card not the owner’s active one counts for none', async () => {
    const cem = await ownerWithCards(product, 2);
    const [first = '', second = ''] = cem.cards;
    const vazo = await productOf(cem.owner, { name: 'Vazo', url: 'https://ornek.com.tr/vazo' });
    const before = (await productHits()).length;
    // From his second card's catalogue (lower case, as a hand-typed link might say it).
    expectAccepted(await view({ productId: vazo, cardId: second.toLowerCase() }));
    expectAccepted(await productClick({ productId: vazo, cardId: second, action: 'buy' }));
    // Another owner's card, a card that does not exist and a malformed one: the view counts, for no card.
    expectAccepted(await view({ productId: vazo, cardId: ayse.cards[0] }));
    expectAccepted(await view({ productId: vazo, cardId: 'VC-ZZZZZZ' }));
    expectAccepted(await view({ productId: vazo, cardId: '<script>' }));
    expectAccepted(await view({ productId: vazo, cardId: null }));

    const hits = (await productHits()).slice(before);
    expect(hits.map((hit) => [hit.type, hit.data.cardId])).toEqual([
      ['ProductViewed', second],
      ['ProductClicked', second],
      ['ProductViewed', null],
      ['ProductViewed', null],
      ['ProductViewed', null],
      ['ProductViewed', null],
    ]);

    const all = await figuresOf(cem.owner);
    expect(all).toMatchObject({ totalViews: 5, totalClicks: 1 });
    const figures = async (cardId: string) => {
      const response = await productStatistics(cem.owner, `?cardId=${cardId}`);
      expect(response.statusCode, response.body).toBe(200);
      return (JSON.parse(response.body) as ProductStatisticsResponse).productStats;
    };
    expect(await figures(second)).toEqual({
      totalViews: 1,
      totalClicks: 1,
      products: [
        expect.objectContaining({
          productId: vazo,
          views: 1,
          uniqueVisitors: 1,
          clicks: { buy: 1, whatsapp: 0, call: 0, total: 1 },
        }),
      ],
    });
    expect(await figures(first)).toEqual({ totalViews: 0, totalClicks: 0, products: [] });
  });
});

describe("given a listing (issue 33): its 'Ara' and the REMS registrations made from its page", () => {
  const KEY = 'rems_live_ilan_3c9a7e1b5d2f';

  /** A flat for sale, its EİDS authorisation running for three more months. */
  function listingForm(name: string): Record<string, unknown> {
    const end = new Date(Date.now() + 90 * 24 * 60 * 60 * 1000);
    const validUntil = `${String(end.getUTCDate()).padStart(2, '0')}.${String(end.getUTCMonth() + 1).padStart(2, '0')}.${end.getUTCFullYear()}`;
    return {
      kind: 'listing',
      name,
      price: { value: '8.750.000', currency: 'TRY' },
      listing: {
        purpose: 'sale',
        propertyType: 'apartment',
        rooms: '3+1',
        grossM2: 140,
        netM2: 120,
        il: '34',
        ilce: 'Kadıköy',
        mahalle: 'Caferağa',
        eids: { number: 'EIDS-2026-0042', validUntil },
      },
    };
  }

  /** The card's 'Görüşme Planla' form as the visitor sends it; `productId` when the listing page led there. */
  async function register(agent: CardOwner, cardId: string, productId?: string): Promise<void> {
    const response = await product.app.inject({
      method: 'POST',
      url: '/api/rems/create-customer',
      remoteAddress: clientAddress(),
      payload: {
        cardOwnerId: agent.owner.userId,
        cardId,
        firstName: 'Çağrı',
        lastName: 'Öztürk',
        phoneNumber: '0532 123 45 67',
        customerType: 'BUYER',
        province: '34',
        provinceName: 'İstanbul',
        district: 'Kadıköy',
        districtName: 'Kadıköy',
        marketingConsent: false,
        website: '',
        formToken: formToken(product, cardId),
        ...(productId ? { productId } : {}),
      },
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  it('then a call counts as a call (and a click), every registration with the listing counts for it, all cards or the card it was made on', async () => {
    rems.addKey(KEY, { id: 'hesap-ilan', name: 'Moda Emlak' });
    const deniz = await ownerWithCards(product, 2);
    const [first = '', second = ''] = deniz.cards;
    const saved = await send(product, 'POST', '/api/rems/save-api-key', deniz.owner.token, { apiKey: KEY });
    expect(saved.statusCode, saved.body).toBe(200);
    const daire = await productOf(deniz.owner, listingForm('Moda’da 3+1 daire'));
    const villa = await productOf(deniz.owner, listingForm('Yalıkavak’ta villa'));

    // The flat's page, reached from the first card: a view, 'Ara' and 'WhatsApp ile Bilgi Al'.
    const before = (await productHits()).length;
    expectAccepted(await view({ productId: daire, cardId: first }));
    expectAccepted(await productClick({ productId: daire, cardId: first, action: 'call' }));
    expectAccepted(await productClick({ productId: daire, cardId: first, action: 'whatsapp' }));
    expect(
      (await productHits()).slice(before).map((hit) => [hit.type, 'action' in hit.data ? hit.data.action : null]),
    ).toEqual([
      ['ProductViewed', null],
      ['ProductClicked', 'call'],
      ['ProductClicked', 'whatsapp'],
    ]);
    // Registrations: two from the flat's page (one on each card's form), one from the villa's page, whose view was
    // never counted, and one from the card itself, which is no listing's.
    await register(deniz, first, daire);
    await register(deniz, second, daire.toUpperCase());
    await register(deniz, first, villa);
    await register(deniz, first);

    expect(await figuresOf(deniz.owner)).toEqual({
      totalViews: 1,
      totalClicks: 2,
      products: [
        expect.objectContaining({
          productId: daire,
          name: 'Moda’da 3+1 daire',
          views: 1,
          clicks: { buy: 0, whatsapp: 1, call: 1, total: 2 },
          registrations: 2,
        }),
        expect.objectContaining({
          productId: villa,
          name: 'Yalıkavak’ta villa',
          views: 0,
          uniqueVisitors: 0,
          lastViewedAt: null,
          clicks: { buy: 0, whatsapp: 0, call: 0, total: 0 },
          registrations: 1,
        }),
      ],
    });
    const narrowed = async (cardId: string) => {
      const response = await productStatistics(deniz.owner, `?cardId=${cardId}`);
      expect(response.statusCode, response.body).toBe(200);
      const stats = (JSON.parse(response.body) as ProductStatisticsResponse).productStats;
      return stats.products.map((entry) => [entry.productId, entry.views, entry.clicks.call, entry.registrations]);
    };
    expect(await narrowed(first)).toEqual([
      [daire, 1, 1, 1],
      [villa, 0, 0, 1],
    ]);
    expect(await narrowed(second)).toEqual([[daire, 0, 0, 1]]);
    // Another owner's figures hold none of them.
    expect((await figuresOf(bora.owner)).products.map((entry) => entry.productId)).not.toContain(daire);
  });
});

describe('when Ayşe deletes a product that was viewed', () => {
  it('then its figures stay, under ‘Silinmiş ürün’, and its page counts no more', async () => {
    const vazo = await productOf(ayse.owner, { name: 'Vazo' });
    expectAccepted(await view({ productId: vazo }));
    expectAccepted(await view({ productId: vazo }, { address: '198.51.100.78', userAgent: USER_AGENTS.windowsEdge }));
    const deleted = await call(product, 'DELETE', `/api/products/${vazo}`, ayse.owner.token);
    expect(deleted.statusCode, deleted.body).toBe(200);
    await readAfter(product, (JSON.parse(deleted.body) as { position?: string }).position, [
      ...SHOWN_PRODUCT_PROJECTIONS,
    ]);
    expectAccepted(await view({ productId: vazo }));

    const figures = await figuresOf(ayse.owner);
    const gone = figures.products.find((entry) => entry.productId === vazo);
    expect(gone).toMatchObject({
      name: MESSAGES.statisticsDeletedProduct,
      deleted: true,
      isActive: false,
      views: 2,
      uniqueVisitors: 2,
    });
    // Most views first: the lamp (its first view and the two markers above) before the deleted vase.
    expect(figures.products.map((entry) => [entry.productId, entry.views])).toEqual([
      [lamba, 3],
      [vazo, 2],
    ]);
  });
});

describe('when Ayşe is forgotten', () => {
  it('then her product’s page counts no more', async () => {
    await product.vault.forget(ayse.owner.userId);
    await rebuildProjection({ pool: product.pool, store: product.store, codec: product.codec }, profilesProjection);
    const kitap = await productOf(bora.owner, { name: 'Kitap' });
    const before = (await productHits()).length;
    expectAccepted(await view({ productId: lamba }));
    expectAccepted(await productClick({ productId: lamba, action: 'buy' }));
    // Bora's shown product is the marker: answered means stored, so anything the lamp's hits queued is stored by now.
    expectAccepted(await view({ productId: kitap }));
    const hits = (await productHits()).slice(before);
    expect(hits.map((hit) => [hit.type, hit.data.productId, hit.data.ownerId])).toEqual([
      ['ProductViewed', kitap, bora.owner.userId],
    ]);
  });
});

describe('with the ingestion on its worker thread', () => {
  let threaded: TestProduct;
  beforeAll(async () => {
    threaded = await startTestProduct({ telemetry: { worker: true } });
  }, 60_000);
  afterAll(async () => {
    await threaded?.close();
  });

  it('a product view and click are stored before they are answered', async () => {
    const owner = await ownerWithCards(threaded, 1);
    const created = await createProduct(threaded, owner.owner, { name: 'Kupa' });
    await readAfter(threaded, created.position, [PRODUCTS_PROJECTION]);
    const productId = created.product._id;
    expectAccepted(await beacon(threaded, '/api/telemetry/product-view', { productId }));
    expectAccepted(await beacon(threaded, '/api/telemetry/product-click', { productId, action: 'whatsapp' }));
    // Answered means stored: no waiting here.
    const { rows } = await threaded.pool.query<{ type: string; owner: string }>(
      `SELECT type, data->>'ownerId' AS owner FROM events WHERE type IN ('ProductViewed', 'ProductClicked') ORDER BY global_position`,
    );
    expect(rows).toEqual([
      { type: 'ProductViewed', owner: owner.owner.userId },
      { type: 'ProductClicked', owner: owner.owner.userId },
    ]);
  });
});
