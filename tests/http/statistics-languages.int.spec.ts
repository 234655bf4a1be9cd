import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { MESSAGES, VALIDATION_MESSAGES, type LanguageStatisticsResponse } from '@kartvizit/schemas';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { seenEverything, send, virtualCardId, type Owner } from './card-fixtures.ts';
import {
  USER_AGENTS,
  expectAccepted,
  ownerWithCards,
  telemetryEvents,
  visit,
  waitForTelemetry,
  type CardOwner,
} from './telemetry-fixtures.ts';

/**
 * Issue 31: the visit beacon says which language the card page was shown in, and GET /api/statistics/languages counts
 * the visits per language, most first (ties in the languages' order), leaving out the languages nobody read the card
 * in. A beacon without a language was a Turkish page; one in a language we do not have is refused and stores nothing;
 * another owner cannot read the numbers of a card that is not theirs.
 */
let product: TestProduct;
let alice: CardOwner;
let bora: CardOwner;

const aliceCard = () => alice.cards[0] ?? '';

beforeAll(async () => {
  product = await startTestProduct();
  [alice, bora] = await Promise.all([ownerWithCards(product, 1), ownerWithCards(product, 1)]);
}, 60_000);

afterAll(async () => {
  await product?.close();
});

/** The statistics query as the screen sends it, after everything written so far (read-your-writes). */
async function languages(owner: Owner, cardId?: string): Promise<LightMyRequestResponse> {
  const query = cardId === undefined ? '' : `?cardId=${encodeURIComponent(cardId)}`;
  return send(
    product,
    'GET',
    `/api/statistics/languages${query}`,
    owner.token,
    undefined,
    await seenEverything(product),
  );
}

async function languageStats(owner: Owner, cardId?: string): Promise<LanguageStatisticsResponse['languageStats']> {
  const response = await languages(owner, cardId);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['x-read-model-stale']).toBeUndefined();
  const body = JSON.parse(response.body) as LanguageStatisticsResponse;
  expect(body.success).toBe(true);
  return body.languageStats;
}

const EXPECTED = [
  { language: 'en', name: 'İngilizce', visits: 2, percentage: 50 },
  { language: 'tr', name: 'Türkçe', visits: 1, percentage: 25 },
  { language: 'ar', name: 'Arapça', visits: 1, percentage: 25 },
];

describe('visits by the language the card page was shown in', () => {
  it('given an owner nobody has visited, then no language is listed', async () => {
    expect(await languageStats(alice.owner)).toEqual([]);
    expect(await languageStats(alice.owner, aliceCard())).toEqual([]);
  });

  it('when visitors read the card in English twice, in Arabic once and once with no language, then en 2 (50%), tr 1, ar 1', async () => {
    const before = (await telemetryEvents(product)).length;
    // Four people on four devices, as the page's beacon sends it (sendBeacon, a person's browser).
    expectAccepted(
      await visit(
        product,
        { cardId: aliceCard(), language: 'en' },
        { userAgent: USER_AGENTS.iPhone, address: '198.51.100.61' },
      ),
    );
    expectAccepted(
      await visit(
        product,
        { cardId: aliceCard(), language: 'ar', touchPoints: 5 },
        { userAgent: USER_AGENTS.samsungPhone, address: '198.51.100.62' },
      ),
    );
    expectAccepted(
      await visit(
        product,
        { cardId: aliceCard(), language: 'en' },
        { userAgent: USER_AGENTS.windowsEdge, address: '198.51.100.63', contentType: 'text/plain;charset=UTF-8' },
      ),
    );
    // A page from before the languages sends none: what the visitor saw was Turkish.
    expectAccepted(
      await visit(product, { cardId: aliceCard() }, { userAgent: USER_AGENTS.macSafari, address: '198.51.100.64' }),
    );
    const stored = (await waitForTelemetry(product, before + 4)).slice(before);
    expect(stored.map((event) => [event.type, event.data.ownerId])).toEqual(
      Array.from({ length: 4 }, () => ['CardVisited', alice.owner.userId]),
    );
    expect(stored.map((event) => (event.data as { language?: string }).language).sort()).toEqual([
      'ar',
      'en',
      'en',
      'tr',
    ]);

    expect(await languageStats(alice.owner)).toEqual(EXPECTED);
    expect(await languageStats(alice.owner, aliceCard())).toEqual(EXPECTED);
    // The other owner's numbers are their own: nobody visited bora.
    expect(await languageStats(bora.owner)).toEqual([]);
  });

  it("when a beacon names a language we do not have ('fr'), then 400 in Turkish and nothing is stored", async () => {
    const events = await product.eventCount();
    const response = await visit(
      product,
      { cardId: aliceCard(), language: 'fr' },
      { userAgent: USER_AGENTS.androidChrome, address: '198.51.100.65' },
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({
      success: false,
      message: VALIDATION_MESSAGES.invalid('language'),
    });
    // Batches land within ~100 ms of an answer: give a wrongly accepted hit the time to show.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await product.eventCount()).toBe(events);
    expect(await languageStats(alice.owner)).toEqual(EXPECTED);
  });

  it("when another owner asks for this owner's card, or a card nobody has, then 404 'Kart bulunamadı'", async () => {
    for (const cardId of [aliceCard(), virtualCardId()]) {
      const response = await languages(bora.owner, cardId);
      expect(response.statusCode, cardId).toBe(404);
      expect(JSON.parse(response.body)).toEqual({ success: false, message: MESSAGES.cardNotFound });
    }
    const anonymous = await send(product, 'GET', `/api/statistics/languages?cardId=${aliceCard()}`);
    expect(anonymous.statusCode).toBe(401);
    expect(JSON.parse(anonymous.body)).toMatchObject({ success: false, message: MESSAGES.sessionExpired });
  });
});
