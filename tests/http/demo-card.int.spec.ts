import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_CARD_ID,
  DEMO_LISTINGS,
  DEMO_OWNER_ID,
  DEMO_PROFILE_FORM,
  DEMO_PROFILE_ID,
  MESSAGES,
  cardStreamId,
  productsStreamId,
  profileStreamId,
  type ProductData,
} from '@kartvizit/schemas';
import { readBlob } from '@kartvizit/infra/blob/types';
import { composeProduct } from '@kartvizit/deploy/compose';
import { createCommandContext } from '@kartvizit/command-api/core/context';
import { seedDemoCard } from '@kartvizit/command-api/demo/seed';
import { productDecider } from '@kartvizit/command-api/product/decider';
import { deriveKey } from '@kartvizit/infra/config/secrets';
import { createTestDatabase } from '@kartvizit/infra/db/test-database';
import { createEventStore } from '@kartvizit/infra/event-store/create';
import { createSignalBus } from '@kartvizit/infra/signals/create';
import { EventCodec } from '@kartvizit/infra/vault/event-codec';
import { PersonalDataVault } from '@kartvizit/infra/vault/personal-data-vault';
import { testMapsSettings } from '../support/fake-geocoder.ts';
import { startFakeRems, type FakeRems } from '../support/fake-rems.ts';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { answer, createProfile, registerOwner, seenEverything, send } from './card-fixtures.ts';
import { clientAddress, formToken, submitLead, visitorForm } from './lead-fixtures.ts';
import { createProduct, readAfter } from './product-fixtures.ts';
import {
  USER_AGENTS,
  appendedBy,
  beacon,
  click,
  expectAccepted,
  ownerWithCards,
  telemetryEvents,
  visit,
} from './telemetry-fixtures.ts';

/**
 * The sample card ('Örnek kart', docs/decisions/0016): written by command-api's start through the
 * product's own deciders, shown at /p/DEMO with a sample banner, nobody's statistics, no leads,
 * and nobody else's to take.
 */
let product: TestProduct;
let rems: FakeRems;

let written: Record<string, string>;

/** The listings' products as the seed wrote them (the catalogue stream, decoded). */
const SEEDED_ORDER = DEMO_LISTINGS.map((listing) => listing.productId);

beforeAll(async () => {
  // A REMS that would record anything sent to it: the sample card must send it nothing.
  rems = await startFakeRems();
  product = await startTestProduct({ remsApiUrl: rems.url });
  // The seed ran while the app started; reads wait until the read models include it.
  written = await seenEverything(product);
});
afterAll(async () => {
  await product?.close();
  await rems?.close();
});

async function eventsOf(streamId: string): Promise<{ type: string; metadata: Record<string, unknown> }[]> {
  const { rows } = await product.pool.query<{ type: string; metadata: Record<string, unknown> }>(
    'SELECT type, metadata FROM events WHERE stream_id = $1 ORDER BY stream_position',
    [streamId],
  );
  return rows;
}

describe('after start, the sample card', () => {
  it('answers /p/DEMO with the made-up person, a sample banner linking to registration and no lead form', async () => {
    const response = await product.get(`/p/${DEMO_CARD_ID}`, undefined, written);
    expect(response.statusCode, response.body).toBe(200);
    const html = response.body;
    expect(html).toContain(`${DEMO_PROFILE_FORM.firstName} ${DEMO_PROFILE_FORM.lastName}`);
    expect(html).toMatch(/<aside class="pc-sample" aria-label="Örnek kart">/);
    expect(html).toMatch(/<a class="pc-sample__cta" href="\/auth\/register">Kendi kartınızı oluşturun<\/a>/);
    // 'Bilgi Gönder' opens an explanation: no fields, no form token, nothing to send.
    expect(html).toContain('id="pc-lead"');
    expect(html).toContain('Bu pencereden bilgi gönderilmez ve hiçbir bilgi kaydedilmez.');
    expect(html).not.toContain('id="pc-lead-form"');
    expect(html).not.toContain('name="formToken"');
    expect(html).not.toContain('\u0001');
    expect(html).toContain('href="/kvkk"');
    // The sample card speaks five languages (issue 31): its Turkish page has an address of its own.
    expect(html).toContain(`<link rel="canonical" href="${product.publicBaseUrl}/p/${DEMO_CARD_ID}?lang=tr">`);
  });

  it('is what /demo opens', async () => {
    const response = await product.get('/demo');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`/p/${DEMO_CARD_ID}`);
  });

  it('is a real card: its public profile, contact file and QR code are served like any card’s', async () => {
    const profile = await product.get(`/api/profile/card/${DEMO_CARD_ID}`, undefined, written);
    expect(profile.statusCode, profile.body).toBe(200);
    expect(answer(profile).profile).toMatchObject({
      _id: DEMO_PROFILE_ID,
      firstName: 'Ayşe',
      email: 'ayse.yilmaz@example.com',
      phone: '+902320000000',
    });
    expect((await product.get(`/api/profile/card/${DEMO_CARD_ID}/contact.vcf`)).statusCode).toBe(200);
    const qr = await product.get(`/api/cards/${DEMO_CARD_ID}/qr.svg`);
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toContain('image/svg+xml');
  });

  it('was written by the system through the card and profile deciders, for an owner that has no account', async () => {
    expect((await eventsOf(cardStreamId(DEMO_CARD_ID))).map((event) => event.type)).toEqual([
      'VirtualCardCreated',
      'CardActivated',
    ]);
    const catalogue = await eventsOf(productsStreamId(DEMO_OWNER_ID));
    // Created in the listings' order, featured first: no reorder needed.
    expect(catalogue.map((event) => event.type)).toEqual(DEMO_LISTINGS.map(() => 'ProductCreated'));
    for (const event of catalogue) expect(event.metadata.actor).toBe('system');
    const profile = await eventsOf(profileStreamId(DEMO_OWNER_ID));
    expect(profile.map((event) => event.type)).toEqual(['ProfileCreated']);
    for (const event of profile) expect(event.metadata.actor).toBe('system');
    const credentials = await product.pool.query('SELECT 1 FROM account_credentials WHERE user_id = $1', [
      DEMO_OWNER_ID,
    ]);
    expect(credentials.rowCount).toBe(0);
    const accounts = await product.pool.query(
      "SELECT 1 FROM events WHERE type = 'AccountRegistered' AND data->>'userId' = $1",
      [DEMO_OWNER_ID],
    );
    expect(accounts.rowCount).toBe(0);
    // Nobody signs in with the sample's address.
    const login = await product.post('/api/auth/login', {
      email: DEMO_PROFILE_FORM.email,
      password: 'herhangi-bir-sifre',
    });
    expect(login.statusCode).toBe(401);
  });
});

describe('seeding again', () => {
  it('another start on the same database (a second instance) appends nothing and fails nothing', async () => {
    const before = await product.eventCount();
    const signals = createSignalBus({ kind: 'in-process' });
    const again = await composeProduct({
      pool: product.pool,
      store: product.store,
      codec: product.codec,
      signals,
      blobs: product.blobs,
      appSecret: product.appSecret,
      logLevel: 'silent',
      authRateLimitPerMinute: 0,
      publicBaseUrl: product.publicBaseUrl,
      maps: testMapsSettings(),
      telemetry: { rateLimitPerMinute: 0 },
    });
    try {
      await again.app.ready();
      expect(await product.eventCount()).toBe(before);
      const seeded = await seedDemoCard(
        createCommandContext({
          pool: product.pool,
          store: product.store,
          codec: product.codec,
          appSecret: product.appSecret,
          authRateLimitPerMinute: 0,
          blobs: product.blobs,
        }),
        new Date(),
      );
      expect(seeded).toEqual({ outcome: 'unchanged', position: null });
      expect(await product.eventCount()).toBe(before);
    } finally {
      await again.close();
      await signals.close();
    }
  });

  it('instances starting together on an empty database write one card and one profile', async () => {
    const database = await createTestDatabase();
    try {
      const store = await createEventStore({ kind: 'postgres' }, { pool: database.pool });
      const appSecret = product.appSecret;
      const codec = new EventCodec(new PersonalDataVault(database.pool, deriveKey(appSecret, 'personal-data-kek')));
      const context = () =>
        createCommandContext({
          pool: database.pool,
          store,
          codec,
          appSecret,
          authRateLimitPerMinute: 0,
          blobs: product.blobs,
        });
      const outcomes = await Promise.all([1, 2, 3, 4].map(() => seedDemoCard(context(), new Date())));
      expect(outcomes.filter((result) => result.outcome === 'written').length).toBeGreaterThanOrEqual(1);
      const { rows } = await database.pool.query<{ type: string }>('SELECT type FROM events ORDER BY global_position');
      expect(rows.map((row) => row.type).sort()).toEqual(
        [
          'CardActivated',
          'CardNameClaimed',
          'ProfileCreated',
          'VirtualCardCreated',
          ...DEMO_LISTINGS.map(() => 'ProductCreated'),
        ].sort(),
      );
      const products = await database.pool.query<{ data: { productId: string } }>(
        "SELECT data FROM events WHERE type = 'ProductCreated' ORDER BY global_position",
      );
      expect(products.rows.map((row) => row.data.productId)).toEqual(SEEDED_ORDER);
      expect((await seedDemoCard(context(), new Date())).outcome).toBe('unchanged');
      await store.close();
    } finally {
      await database.drop();
    }
  });
});

describe('the sample card is nobody’s statistics', () => {
  it('its visits and clicks are not recorded at all', async () => {
    const real = await ownerWithCards(product, 1);
    const realCard = real.cards[0] ?? '';
    const appended = await appendedBy(
      product,
      async () => {
        expectAccepted(await visit(product, { cardId: DEMO_CARD_ID }, { userAgent: USER_AGENTS.iPhone }));
        expectAccepted(await click(product, { profileId: DEMO_PROFILE_ID, cardId: DEMO_CARD_ID, clickType: 'phone' }));
        // Without the card, by the profile's id or the owner's id (the page may send either).
        expectAccepted(await click(product, { profileId: DEMO_PROFILE_ID, clickType: 'email' }));
        expectAccepted(await click(product, { profileId: DEMO_OWNER_ID, clickType: 'website' }));
      },
      () => visit(product, { cardId: realCard }, { userAgent: USER_AGENTS.linuxFirefox }),
    );
    expect(appended.map((event) => [event.type, event.data.cardId])).toEqual([['CardVisited', realCard]]);

    const dashboard = await product.get('/api/statistics/dashboard', real.owner.token, await seenEverything(product));
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect(dashboard.headers['x-read-model-stale']).toBeUndefined();
    const stats = await product.pool.query('SELECT 1 FROM rm_stat_totals WHERE owner_id = $1', [DEMO_OWNER_ID]);
    expect(stats.rowCount).toBe(0);
    const ownStats = await product.pool.query(
      'SELECT visits FROM rm_stat_totals WHERE owner_id = $1 AND card_id = $2',
      [real.owner.userId, realCard],
    );
    expect(ownStats.rows).toEqual([{ visits: '1' }]);
  });
});

describe('the sample card takes no leads', () => {
  it('refuses a lead with a clear message and stores nothing, whatever the form says', async () => {
    const before = await product.eventCount();
    const response = await submitLead(product, visitorForm(product, DEMO_CARD_ID));
    expect(response.statusCode, response.body).toBe(403);
    expect(JSON.parse(response.body)).toEqual({ success: false, message: MESSAGES.demoCardTakesNoLeads });
    expect(await product.eventCount()).toBe(before);
    const leads = await product.pool.query(
      "SELECT 1 FROM events WHERE type = 'LeadSubmitted' AND data->>'cardId' = $1",
      [DEMO_CARD_ID],
    );
    expect(leads.rowCount).toBe(0);
  });
});

describe('nobody else can take DEMO', () => {
  it('activating, creating, looking it up or managing it reads as an unknown card, and the sample stays', async () => {
    const owner = await registerOwner(product);
    await createProfile(product, owner);
    const before = await product.eventCount();

    for (const cardId of [DEMO_CARD_ID, 'demo', ' Demo ']) {
      const activate = await send(product, 'POST', '/api/cards/activate', owner.token, {
        cardId,
        name: 'Benim Kartım',
      });
      expect(activate.statusCode, cardId).toBe(404);
      expect(answer(activate).message).toBe(MESSAGES.cardNotFoundById);
    }
    const create = await send(product, 'POST', '/api/cards', owner.token, {
      cardId: DEMO_CARD_ID,
      type: 'virtual',
      name: 'Benim Kartım',
    });
    expect(create.statusCode).toBe(400);
    expect((await send(product, 'GET', `/api/cards/details/${DEMO_CARD_ID}`, owner.token)).statusCode).toBe(404);
    for (const url of [`/api/cards/deactivate/${DEMO_CARD_ID}`, `/api/cards/reactivate/${DEMO_CARD_ID}`]) {
      const response = await send(product, 'PUT', url, owner.token);
      expect(response.statusCode, url).toBe(404);
      expect(answer(response).message).toBe(MESSAGES.cardNotFound);
    }
    const mine = await send(product, 'GET', '/api/cards/my-cards', owner.token);
    expect(answer(mine).cards?.map((card) => card.cardId)).not.toContain(DEMO_CARD_ID);

    expect(await product.eventCount()).toBe(before);
    expect((await product.get(`/p/${DEMO_CARD_ID}`, undefined, written)).statusCode).toBe(200);
  });
});

/** The sample owner's products as a visitor's page lists them (GET /api/products/public/{userId}). */
async function publicListings(): Promise<{ _id: string; name: string; images: string[]; featured: boolean }[]> {
  const response = await product.get(`/api/products/public/${DEMO_OWNER_ID}`, undefined, written);
  expect(response.statusCode, response.body).toBe(200);
  return (JSON.parse(response.body) as { data: { _id: string; name: string; images: string[]; featured: boolean }[] })
    .data;
}

describe('the sample card sells', () => {
  it('its page shows the six listings (featured first, Turkish prices), socials, company, invoice, bank and payments', async () => {
    const html = (await product.get(`/p/${DEMO_CARD_ID}`, undefined, written)).body;
    let last = -1;
    for (const listing of DEMO_LISTINGS) {
      const at = html.indexOf(`href="/product/${listing.productId}?card=${DEMO_CARD_ID}&amp;lang=tr"`);
      expect(at, listing.form.name).toBeGreaterThan(last);
      last = at;
      expect(html).toContain(listing.form.name);
    }
    expect(html).toContain('8.750.000');
    expect(html).toContain('24.500.000');
    for (const link of DEMO_PROFILE_FORM.socialLinks) expect(html).toContain(`href="${link.url}"`);
    expect(html).toContain('Örnek Bank');
    expect(html).toContain('TR97 0000 0000 0000 0000 0012 34');
    expect(html).toContain('odeme@example.com');
    expect(html).toContain('Örnek Sokak No: 1, Konak/İzmir');
    expect(html).toContain('2015');
    // 'Emlak Danışmanlığı' in sample mode: the form is there, its script sends nothing.
    expect(html).toContain('Emlak Danışmanlığı');
    expect(html).toContain('id="pc-rems-form"');
    const data = JSON.parse(
      /<script type="application\/json" id="pc-data">([^<]*)<\/script>/.exec(html)?.[1] ?? '{}',
    ) as {
      remsOwnerId?: string;
      sample?: boolean;
    };
    expect(data).toMatchObject({ remsOwnerId: DEMO_OWNER_ID, sample: true });
    // The sample still never offers the owner's meeting tools.
    expect(html).not.toContain('id="pc-ics"');
  });

  it('its listings are real products: the public list, each /product page and their photos, stored as uploads are', async () => {
    const listed = await publicListings();
    expect(listed.map((item) => item._id)).toEqual(SEEDED_ORDER);
    expect(listed.map((item) => item.featured)).toEqual(DEMO_LISTINGS.map((listing) => listing.form.featured));
    for (const item of listed) {
      const page = await product.get(`/product/${item._id}`, undefined, written);
      expect(page.statusCode, item.name).toBe(200);
      expect(page.body).toContain(item.name);
      expect(item.images.length).toBeGreaterThanOrEqual(2);
      for (const url of item.images) {
        // Content-addressed under the owner's product folder, with the list's small JPEG and WebP variants.
        expect(url).toMatch(new RegExp(`^/media/products/${DEMO_OWNER_ID}/[0-9a-f]{32}\\.jpg$`));
        const main = await product.get(url);
        expect(main.statusCode, url).toBe(200);
        expect(main.headers['content-type']).toBe('image/jpeg');
        const size = Number(main.headers['content-length']);
        expect(size).toBeGreaterThan(15_000);
        expect(size).toBeLessThan(80_000);
        for (const variant of [url.replace(/\.jpg$/, '-sm.jpg'), url.replace(/\.jpg$/, '-sm.webp')]) {
          const small = await product.blobs.get(variant.replace(/^\/media\//, ''));
          expect(small, variant).not.toBeNull();
          if (small) expect((await readBlob(small)).length).toBeGreaterThan(1_000);
        }
      }
    }
  });

  it('a listing changed or a product added by hand is put back as the code says on the next start', async () => {
    const context = createCommandContext({
      pool: product.pool,
      store: product.store,
      codec: product.codec,
      appSecret: product.appSecret,
      authRateLimitPerMinute: 0,
      blobs: product.blobs,
    });
    const stream = productsStreamId(DEMO_OWNER_ID);
    const [first] = DEMO_LISTINGS;
    const now = new Date().toISOString();
    const stored = await firstListingData();
    // Given: the first listing edited, and a stray product in the system owner's catalogue.
    await context.commands.handle(
      productDecider,
      stream,
      {
        type: 'EditProduct',
        data: {
          productId: first.productId,
          ownerId: DEMO_OWNER_ID,
          product: { ...stored, name: 'Eski başlık' },
          isActive: null,
          featured: null,
          now,
        },
      },
      { metadata: { actor: 'system' } },
    );
    const stray = '00000000-0000-4000-8000-00000000de4f';
    await context.commands.handle(
      productDecider,
      stream,
      {
        type: 'CreateProduct',
        data: { productId: stray, ownerId: DEMO_OWNER_ID, product: stored, isActive: true, featured: false, now },
      },
      { metadata: { actor: 'system' } },
    );
    const { rows: last } = await product.pool.query<{ position: string }>(
      'SELECT max(global_position)::text AS position FROM events',
    );

    // When: command-api starts again.
    const seeded = await seedDemoCard(context, new Date());

    // Then: the listing's text is back, the stray is gone, the order untouched; the next start changes nothing.
    expect(seeded.outcome).toBe('written');
    const { rows } = await product.pool.query<{ type: string; data: { productId?: string } }>(
      'SELECT type, data FROM events WHERE global_position > $1::bigint ORDER BY global_position',
      [last[0]?.position],
    );
    expect(rows.map((row) => [row.type, row.data.productId])).toEqual([
      ['ProductEdited', first.productId],
      ['ProductDeleted', stray],
    ]);
    expect((await seedDemoCard(context, new Date())).outcome).toBe('unchanged');
    written = await seenEverything(product);
    const listed = await publicListings();
    expect(listed.map((item) => item._id)).toEqual(SEEDED_ORDER);
    expect(listed[0]?.name).toBe(first.form.name);
  });
});

/** The first listing's product data as the seed stored it. */
async function firstListingData(): Promise<ProductData> {
  const { rows } = await product.pool.query<{ data: ProductData }>(
    'SELECT data FROM rm_products WHERE product_id = $1',
    [DEMO_LISTINGS[0].productId],
  );
  const data = rows[0]?.data;
  if (!data) throw new Error('the first listing is not projected');
  return data;
}

describe('the sample card reaches nobody and records nothing', () => {
  it('views and clicks of its listings are not counted', async () => {
    const real = await ownerWithCards(product, 1);
    const created = await createProduct(product, real.owner, { name: 'Gerçek İlan', price: { value: 1_000_000 } });
    await readAfter(product, created.position);
    const realProduct = created.product._id;
    const productHit = (path: string, body: unknown) =>
      beacon(product, path, body, { userAgent: USER_AGENTS.iPhone, address: '198.51.100.90' });
    const appended = await appendedBy(
      product,
      async () => {
        for (const { productId } of DEMO_LISTINGS) {
          expectAccepted(await productHit('/api/telemetry/product-view', { productId }));
          expectAccepted(await productHit('/api/telemetry/product-click', { productId, action: 'whatsapp' }));
        }
      },
      () => productHit('/api/telemetry/product-view', { productId: realProduct }),
    );
    expect(appended.map((event) => [event.type, (event.data as { productId?: string }).productId])).toEqual([
      ['ProductViewed', realProduct],
    ]);
    const stats = await product.pool.query(
      "SELECT 1 FROM events WHERE type IN ('ProductViewed', 'ProductClicked') AND data->>'ownerId' = $1",
      [DEMO_OWNER_ID],
    );
    expect(stats.rowCount).toBe(0);
    expect((await telemetryEvents(product)).some((event) => JSON.stringify(event.data).includes(DEMO_OWNER_ID))).toBe(
      false,
    );
  });

  it('its ‘Görüşme Planlayın’ sent anyway is refused: nothing appended, nothing sent to REMS', async () => {
    const before = await product.eventCount();
    const response = await product.app.inject({
      method: 'POST',
      url: '/api/rems/create-customer',
      remoteAddress: clientAddress(),
      headers: { 'content-type': 'application/json' },
      payload: {
        cardOwnerId: DEMO_OWNER_ID,
        cardId: DEMO_CARD_ID,
        firstName: 'Çağrı',
        lastName: 'Öztürk',
        phoneNumber: '0532 123 45 67',
        customerType: 'BUYER',
        email: 'cagri@ornek.com.tr',
        province: '35',
        provinceName: 'İzmir',
        district: 'Karşıyaka',
        districtName: 'Karşıyaka',
        address: '',
        notes: 'Deniz manzaralı daire için',
        marketingConsent: true,
        website: '',
        formToken: formToken(product, DEMO_CARD_ID),
      },
    });
    expect(response.statusCode, response.body).toBe(403);
    expect(JSON.parse(response.body)).toEqual({ success: false, message: MESSAGES.demoCardTakesNoLeads });
    // The reactors had their chance: everything written so far is projected and reacted to.
    await seenEverything(product);
    expect(await product.eventCount()).toBe(before);
    expect(rems.received()).toEqual([]);
    expect(rems.customers()).toEqual([]);
  });

  it('its visitor’s calendar file is made on the fly and records nothing', async () => {
    const before = await product.eventCount();
    const ics = await product.get(`/api/public/cards/${DEMO_CARD_ID}/meeting.ics`, undefined, written);
    expect(ics.statusCode, ics.body).toBe(200);
    expect(ics.body).toContain('Ayşe Yılmaz');
    expect(await product.eventCount()).toBe(before);
  });
});
