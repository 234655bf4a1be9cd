import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveKey } from '@kartvizit/infra/config/secrets';
import { createTestDatabase, type TestDatabase } from '@kartvizit/infra/db/test-database';
import { EventCodec } from '@kartvizit/infra/vault/event-codec';
import { PersonalDataVault } from '@kartvizit/infra/vault/personal-data-vault';
import { telemetryShard, telemetryShardKey, telemetryStreamId } from '@kartvizit/schemas';
import { projectionSpecification } from '@kartvizit/projector/core/projection-specification';
import { statisticsProjection } from '@kartvizit/projector/statistics/statistics-projection';
import { productClicked, productViewed, visited, visitorHash } from '../http/statistics-fixtures.ts';

/**
 * The statistics projection's product figures (docs/decisions/0024-product-telemetry.md), event by event:
 * given earlier batches, when a batch arrives, then these rows of stat_products and stat_product_visitors.
 */
let database: TestDatabase;
let codec: EventCodec;

beforeAll(async () => {
  database = await createTestDatabase();
  codec = new EventCodec(new PersonalDataVault(database.pool, deriveKey(randomBytes(32), 'personal-data-kek')));
});

afterAll(async () => {
  await database?.drop();
});

/** Two product ids in primary-key order. */
function twoProductIds(): [string, string] {
  const [a, b] = [randomUUID(), randomUUID()];
  return a < b ? [a, b] : [b, a];
}

const spec = projectionSpecification(statisticsProjection, {
  pool: () => database.pool,
  codec: () => codec,
  streamOf: (event) => telemetryStreamId(telemetryShard(telemetryShardKey(event))),
});

describe('product figures in the statistics projection', () => {
  it('counts views, daily distinct viewers and each button per product of the owner', async () => {
    const owner = randomUUID();
    const [kahve, fincan] = twoProductIds();
    const hit = (productId: string, at: string, visitor: string) => ({ ownerId: owner, productId, at, visitor });
    await spec
      .given()
      .when([
        productViewed(hit(kahve, '2026-03-02T08:00:00Z', 'aynı kişi')),
        productViewed(hit(kahve, '2026-03-02T09:00:00Z', 'aynı kişi')),
        productViewed(hit(kahve, '2026-03-03T09:00:00Z', 'aynı kişi')),
        productViewed(hit(fincan, '2026-03-02T10:00:00Z', 'aynı kişi')),
        productClicked({ ...hit(kahve, '2026-03-02T08:01:00Z', 'aynı kişi'), action: 'buy' }),
        productClicked({ ...hit(kahve, '2026-03-02T08:02:00Z', 'aynı kişi'), action: 'whatsapp' }),
        productClicked({ ...hit(kahve, '2026-03-02T08:03:00Z', 'başka biri'), action: 'whatsapp' }),
        // A listing's 'Ara' (issue 33) is a call, not a WhatsApp tap.
        productClicked({ ...hit(kahve, '2026-03-02T08:04:00Z', 'başka biri'), action: 'call' }),
      ])
      .then({
        stat_products: [
          {
            owner_id: owner,
            product_id: kahve,
            views: 3,
            // The same person on two days counts on each day, as for card visitors.
            unique_visitors: 2,
            buy_clicks: 1,
            whatsapp_clicks: 2,
            call_clicks: 1,
            last_viewed_at: '2026-03-03T09:00:00.000Z',
          },
          {
            owner_id: owner,
            product_id: fincan,
            views: 1,
            unique_visitors: 1,
            buy_clicks: 0,
            whatsapp_clicks: 0,
            call_clicks: 0,
            last_viewed_at: '2026-03-02T10:00:00.000Z',
          },
        ],
        stat_product_visitors: [
          { product_id: kahve, day: '2026-03-02', visitor: visitorHash('aynı kişi') },
          { product_id: kahve, day: '2026-03-03', visitor: visitorHash('aynı kişi') },
          { product_id: fincan, day: '2026-03-02', visitor: visitorHash('aynı kişi') },
        ],
      });
  });

  it('counts a viewer seen in an earlier batch on the same Istanbul day once, and leaves the card figures alone', async () => {
    const owner = randomUUID();
    const productId = randomUUID();
    await spec
      .given([productViewed({ ownerId: owner, productId, at: '2026-03-09T20:59:59.999Z', visitor: 'gece kuşu' })])
      .when(
        [productViewed({ ownerId: owner, productId, at: '2026-03-09T10:00:00Z', visitor: 'gece kuşu' })],
        // 00:00 in Istanbul is another day: the same person counts again.
        [productViewed({ ownerId: owner, productId, at: '2026-03-09T21:00:00.000Z', visitor: 'gece kuşu' })],
      )
      .then({
        stat_products: [
          { product_id: productId, views: 3, unique_visitors: 2, last_viewed_at: '2026-03-09T21:00:00.000Z' },
        ],
        stat_product_visitors: [
          { product_id: productId, day: '2026-03-09' },
          { product_id: productId, day: '2026-03-10' },
        ],
        // A product page is not a card page: no visit, no click, no visitor of the card figures.
        stat_totals: [],
        stat_daily: [],
        stat_visitors: [],
        stat_breakdowns: [],
      });
  });

  it('counts a hit that came through a card for that card and for all cards; one without a card for all only', async () => {
    const owner = randomUUID();
    const productId = randomUUID();
    const hit = (at: string, visitor: string, cardId?: string) => ({ ownerId: owner, productId, at, visitor, cardId });
    await spec
      .given()
      .when([
        productViewed(hit('2026-03-04T09:00:00Z', 'vitrinden', 'VC-VITRN1')),
        productClicked({ ...hit('2026-03-04T09:01:00Z', 'vitrinden', 'VC-VITRN1'), action: 'buy' }),
        productViewed(hit('2026-03-04T10:00:00Z', 'ofisten', 'VC-OFIS01')),
        productViewed(hit('2026-03-04T11:00:00Z', 'doğrudan')),
      ])
      .then({
        stat_products: [
          { owner_id: owner, card_id: '*', product_id: productId, views: 3, unique_visitors: 3, buy_clicks: 1 },
          { owner_id: owner, card_id: 'VC-OFIS01', product_id: productId, views: 1, unique_visitors: 1, buy_clicks: 0 },
          { owner_id: owner, card_id: 'VC-VITRN1', product_id: productId, views: 1, unique_visitors: 1, buy_clicks: 1 },
        ],
        stat_product_visitors: [
          ...['doğrudan', 'ofisten', 'vitrinden']
            .map((visitor) => ({ card_id: '*', visitor: visitorHash(visitor) }))
            .sort((a, b) => (a.visitor < b.visitor ? -1 : 1)),
          { card_id: 'VC-OFIS01', visitor: visitorHash('ofisten') },
          { card_id: 'VC-VITRN1', visitor: visitorHash('vitrinden') },
        ],
        // Still no card visit: a product page is not the card's page.
        stat_totals: [],
      });
  });

  it('keeps card visits and product views apart in one batch, and tells whose figures changed', async () => {
    const [ayse, bora] = [randomUUID(), randomUUID()];
    const productId = randomUUID();
    const outcome = await spec
      .given()
      .when([
        visited({ ownerId: ayse, cardId: 'VC-URUN01', at: '2026-03-05T09:00:00Z', visitor: 'biri' }),
        productViewed({ ownerId: bora, productId, at: '2026-03-05T09:01:00Z', visitor: 'biri' }),
        productClicked({ ownerId: bora, productId, at: '2026-03-05T09:02:00Z', action: 'buy' }),
      ])
      .then({
        stat_totals: [
          { owner_id: ayse, card_id: '*', visits: 1, clicks: 0 },
          { owner_id: ayse, card_id: 'VC-URUN01', visits: 1, clicks: 0 },
        ],
        stat_products: [{ owner_id: bora, product_id: productId, views: 1, unique_visitors: 1, buy_clicks: 1 }],
      });
    expect(new Set((outcome as { touched: string[] }).touched)).toEqual(new Set([ayse, bora]));
  });

  it('counts nothing twice when the batches are delivered again', async () => {
    const owner = randomUUID();
    const productId = randomUUID();
    const outcome = await spec
      .given(
        [productViewed({ ownerId: owner, productId, at: '2026-03-05T09:00:00Z', visitor: 'biri' })],
        [productClicked({ ownerId: owner, productId, at: '2026-03-05T09:01:00Z', action: 'whatsapp' })],
      )
      .whenRedelivered(productViewed({ ownerId: owner, productId, at: '2026-03-05T09:05:00Z', visitor: 'öteki' }))
      .then({
        stat_products: [{ product_id: productId, views: 2, unique_visitors: 2, buy_clicks: 0, whatsapp_clicks: 1 }],
      });
    expect(outcome).toEqual({ touched: [owner] });
  });

  it('keeps a click without any view: a product row with no views and no last view', async () => {
    const owner = randomUUID();
    const productId = randomUUID();
    await spec
      .given()
      .when([productClicked({ ownerId: owner, productId, at: '2026-03-05T09:01:00Z', action: 'buy' })])
      .then({
        stat_products: [{ product_id: productId, views: 0, unique_visitors: 0, buy_clicks: 1, last_viewed_at: null }],
        stat_product_visitors: [],
      });
  });
});
