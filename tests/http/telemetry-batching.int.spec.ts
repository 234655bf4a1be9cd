import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, telemetryShard, telemetryStreamId } from '@kartvizit/schemas';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import {
  USER_AGENTS,
  ownerWithCards,
  telemetryEvents,
  visit,
  waitForTelemetry,
  type CardOwner,
} from './telemetry-fixtures.ts';

/**
 * Group commit: beacons arriving together are written together (one append, several shard
 * streams, one transaction), and what is still waiting when the app closes is written before
 * it has closed.
 */
const BURST = 500;

function address(index: number): string {
  return `198.51.100.${index % 250}`;
}

describe('500 beacons at once', () => {
  let product: TestProduct;
  let owner: CardOwner;

  beforeAll(async () => {
    product = await startTestProduct();
    owner = await ownerWithCards(product, 4);
  });
  afterAll(async () => {
    await product?.close();
  });

  it('are all stored, in far fewer appends than hits, each card in its own shard stream', async () => {
    const responses = await Promise.all(
      Array.from({ length: BURST }, (_, index) =>
        visit(
          product,
          { cardId: owner.cards[index % owner.cards.length] },
          { address: address(index), userAgent: index % 2 ? USER_AGENTS.iPhone : USER_AGENTS.windowsEdge },
        ),
      ),
    );
    expect(responses.every((response) => response.statusCode === 204)).toBe(true);
    const events = await waitForTelemetry(product, BURST);
    expect(events).toHaveLength(BURST);

    // Each append is one transaction: count them.
    const appends = new Set(events.map((event) => event.transactionId)).size;
    expect(appends).toBeGreaterThanOrEqual(1);
    expect(appends).toBeLessThanOrEqual(BURST / 50);
    console.log(`[telemetry] ${BURST} beacons → ${appends} append(s)`);

    for (const cardId of owner.cards) {
      const streams = new Set(events.filter((event) => event.data.cardId === cardId).map((event) => event.streamId));
      expect([...streams]).toEqual([telemetryStreamId(telemetryShard(cardId))]);
    }
    // One append wrote several streams (the cards' shards).
    const firstAppend = events.filter((event) => event.transactionId === events[0]?.transactionId);
    expect(new Set(firstAppend.map((event) => event.streamId)).size).toBeGreaterThan(1);
  });
});

describe('closing the app', () => {
  let product: TestProduct;
  let owner: CardOwner;

  beforeAll(async () => {
    // A long interval and a big batch: nothing would be written before the close.
    product = await startTestProduct({ telemetry: { flushIntervalMs: 60_000, maxBatchEvents: 10_000 } });
    owner = await ownerWithCards(product, 2);
  });
  afterAll(async () => {
    await product?.close();
  });

  it('writes every event still waiting before it has closed, in one append', async () => {
    const sent = 200;
    const responses = await Promise.all(
      Array.from({ length: sent }, (_, index) =>
        visit(product, { cardId: owner.cards[index % 2] }, { address: address(index) }),
      ),
    );
    expect(responses.every((response) => response.statusCode === 204)).toBe(true);
    expect(await telemetryEvents(product)).toHaveLength(0);

    await product.app.close();
    const events = await telemetryEvents(product);
    expect(events).toHaveLength(sent);
    expect(new Set(events.map((event) => event.transactionId)).size).toBe(1);
  });
});

describe('the rate limit', () => {
  let product: TestProduct;
  let owner: CardOwner;

  beforeAll(async () => {
    product = await startTestProduct({ telemetry: { rateLimitPerMinute: 3 } });
    owner = await ownerWithCards(product, 1);
  });
  afterAll(async () => {
    await product?.close();
  });

  it('answers 429 in Turkish past the limit for one client, and counts nothing more from it; others go on', async () => {
    const cardId = owner.cards[0];
    const statuses: number[] = [];
    for (let index = 0; index < 5; index++)
      statuses.push((await visit(product, { cardId }, { address: '198.51.100.10' })).statusCode);
    expect(statuses).toEqual([204, 204, 204, 429, 429]);
    const limited = await visit(product, { cardId }, { address: '198.51.100.10' });
    expect(JSON.parse(limited.body)).toEqual({ success: false, message: MESSAGES.tooManyRequests });
    expect((await visit(product, { cardId }, { address: '198.51.100.11' })).statusCode).toBe(204);
    expect(await waitForTelemetry(product, 4)).toHaveLength(4);
  });
});
