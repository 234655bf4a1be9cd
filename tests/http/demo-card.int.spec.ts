import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_CARD_ID,
  DEMO_OWNER_ID,
  DEMO_PROFILE_FORM,
  DEMO_PROFILE_ID,
  MESSAGES,
  cardStreamId,
  profileStreamId,
} from '@kartvizit/schemas';
import { composeProduct } from '@kartvizit/deploy/compose';
import { createCommandContext } from '@kartvizit/command-api/core/context';
import { seedDemoCard } from '@kartvizit/command-api/demo/seed';
import { deriveKey } from '@kartvizit/infra/config/secrets';
import { createTestDatabase } from '@kartvizit/infra/db/test-database';
import { createEventStore } from '@kartvizit/infra/event-store/create';
import { createSignalBus } from '@kartvizit/infra/signals/create';
import { EventCodec } from '@kartvizit/infra/vault/event-codec';
import { PersonalDataVault } from '@kartvizit/infra/vault/personal-data-vault';
import { testMapsSettings } from '../support/fake-geocoder.ts';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { answer, createProfile, registerOwner, seenEverything, send } from './card-fixtures.ts';
import { submitLead, visitorForm } from './lead-fixtures.ts';
import { USER_AGENTS, appendedBy, click, expectAccepted, ownerWithCards, visit } from './telemetry-fixtures.ts';

/**
 * The sample card ('Örnek kart', docs/decisions/0016): written by command-api's start through the
 * product's own deciders, shown at /p/DEMO with a sample banner, nobody's statistics, no leads,
 * and nobody else's to take.
 */
let product: TestProduct;

let written: Record<string, string>;

beforeAll(async () => {
  product = await startTestProduct();
  // The seed ran while the app started; reads wait until the read models include it.
  written = await seenEverything(product);
});
afterAll(async () => {
  await product?.close();
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
    expect(html).toContain(`<link rel="canonical" href="${product.publicBaseUrl}/p/${DEMO_CARD_ID}">`);
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
      expect(rows.map((row) => row.type).sort()).toEqual([
        'CardActivated',
        'CardNameClaimed',
        'ProfileCreated',
        'VirtualCardCreated',
      ]);
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
