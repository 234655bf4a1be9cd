import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, TELEMETRY_MESSAGES, telemetryShard, telemetryStreamId } from '@kartvizit/schemas';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import {
  USER_AGENTS,
  holdAppends,
  ownerWithCards,
  telemetryEvents,
  visit,
  waitForTelemetry,
  type CardOwner,
} from './telemetry-fixtures.ts';

/**
 * Group commit: beacons arriving together are written together (one append, several shard
 * streams, one transaction); each is answered only once its batch has committed, and what is
 * still waiting when the app closes is written (and answered) before it has closed.
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

describe('a beacon is answered once its visit is stored', () => {
  let product: TestProduct;
  let owner: CardOwner;

  beforeAll(async () => {
    // Hits held back by the test's lock are never given up on: no answer is about the lock, not about time.
    product = await startTestProduct({ telemetry: { maxWaitMs: 600_000 } });
    owner = await ownerWithCards(product, 2);
  });
  afterAll(async () => {
    await product?.close();
  });

  it('gets no answer while its batch waits to be written, 204 once committed; closing the app waits for it', async () => {
    const sent = 20;
    const held = await holdAppends(product);
    let answered = 0;
    const responses = Array.from({ length: sent }, (_, index) =>
      visit(product, { cardId: owner.cards[index % 2] }, { address: address(index) }).finally(() => (answered += 1)),
    );
    await held.appendWaiting();
    expect(answered).toBe(0);

    const closing = product.app.close();
    await held.release();
    await closing;
    expect((await Promise.all(responses)).map((response) => response.statusCode)).toEqual(Array(sent).fill(204));
    expect(await telemetryEvents(product)).toHaveLength(sent);
  });
});

describe('a full queue', () => {
  let product: TestProduct;
  let owner: CardOwner;

  beforeAll(async () => {
    product = await startTestProduct({ telemetry: { maxBufferedEvents: 1, maxWaitMs: 600_000 } });
    owner = await ownerWithCards(product, 1);
  });
  afterAll(async () => {
    await product?.close();
  });

  it('answers 503 at once, with Retry-After and a Turkish message, and stores nothing of that beacon', async () => {
    const held = await holdAppends(product);
    const first = visit(product, { cardId: owner.cards[0] }, { address: '198.51.100.1' });
    await held.appendWaiting();

    const refused = await visit(product, { cardId: owner.cards[0] }, { address: '198.51.100.2' });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(JSON.parse(refused.body)).toEqual({ success: false, message: TELEMETRY_MESSAGES.telemetryNotStored });

    await held.release();
    expect((await first).statusCode).toBe(204);
    const events = await telemetryEvents(product);
    expect(events).toHaveLength(1);
  });
});

describe('a store that does not write in time', () => {
  let product: TestProduct;
  let owner: CardOwner;

  beforeAll(async () => {
    product = await startTestProduct({ telemetry: { maxWaitMs: 300 } });
    owner = await ownerWithCards(product, 1);
  });
  afterAll(async () => {
    await product?.close();
  });

  it('answers a beacon waiting behind a stuck batch 503 once its wait limit passed, and never writes it', async () => {
    const held = await holdAppends(product);
    const first = visit(product, { cardId: owner.cards[0] }, { address: '198.51.100.3' });
    await held.appendWaiting();

    const waiting = await visit(product, { cardId: owner.cards[0] }, { address: '198.51.100.4' });
    expect(waiting.statusCode).toBe(503);
    expect(waiting.headers['retry-after']).toBe('5');
    expect(JSON.parse(waiting.body)).toEqual({ success: false, message: TELEMETRY_MESSAGES.telemetryNotStored });

    // The batch already being written is waited for, however long: it is answered once it has committed.
    await held.release();
    expect((await first).statusCode).toBe(204);
    await product.app.close();
    expect(await telemetryEvents(product)).toHaveLength(1);
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
