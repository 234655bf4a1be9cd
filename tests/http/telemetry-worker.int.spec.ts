import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IngestionThread } from '@kartvizit/command-api/telemetry/ingestion-thread';
import { telemetrySettings } from '@kartvizit/infra/telemetry/settings';
import { createSignalBus } from '@kartvizit/infra/signals/create';
import { PostgresSignalBus } from '@kartvizit/infra/signals/postgres';
import { firstValueFrom } from 'rxjs';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { send } from './card-fixtures.ts';
import {
  USER_AGENTS,
  click,
  expectAccepted,
  holdAppends,
  ownerWithCards,
  telemetryEvents,
  visit,
  waitForTelemetry,
  type CardOwner,
} from './telemetry-fixtures.ts';

/**
 * The services run the ingestion on a worker thread (TELEMETRY_WORKER, on by default): the HTTP thread answers, the
 * worker enriches and writes on a pool of its own. The same beacons, the same events, the same live statistics.
 */
describe('beacons ingested on the worker thread', () => {
  let product: TestProduct;
  let owner: CardOwner;

  beforeAll(async () => {
    // No fallback poll: the projectors move only when an append wakes them.
    // Hits held back by a test's lock are never given up on (maxWaitMs): what they wait for is the commit.
    product = await startTestProduct({
      telemetry: { worker: true, maxWaitMs: 600_000 },
      projectorPollIntervalMs: 600_000,
    });
    owner = await ownerWithCards(product, 1);
  });
  afterAll(async () => {
    await product?.close();
  });

  it('stores a phone and a desktop visit and a click, enriched, and nothing of a crawler', async () => {
    const cardId = owner.cards[0] ?? '';
    expectAccepted(
      await visit(
        product,
        { cardId },
        {
          userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
          address: '198.51.100.7',
        },
      ),
    );
    expectAccepted(
      await visit(product, { cardId, touchPoints: 5 }, { userAgent: USER_AGENTS.iPhone, address: '198.51.100.8' }),
    );
    expectAccepted(await visit(product, { cardId }, { userAgent: USER_AGENTS.windowsEdge, address: '198.51.100.9' }));
    expectAccepted(
      await click(product, { profileId: owner.profileId, cardId, clickType: 'phone' }, { address: '198.51.100.8' }),
    );

    const events = await waitForTelemetry(product, 3);
    expect(events.map((event) => event.type).sort()).toEqual(['CardVisited', 'CardVisited', 'ContactClicked']);
    const visits = events.flatMap((event) => (event.type === 'CardVisited' ? [event.data] : []));
    expect(visits.map((data) => data.device).sort()).toEqual(['desktop', 'mobile']);
    expect(visits.every((data) => data.cardId === cardId && data.ownerId === owner.owner.userId)).toBe(true);
    expect(new Set(visits.map((data) => data.visitorHash)).size).toBe(2);
    expect(JSON.stringify(events)).not.toContain('198.51.100.');
  });

  it('wakes the projectors of its process: the dashboard counts the visits without any other event', async () => {
    const deadline = Date.now() + 10_000;
    let totalVisits = 0;
    while (Date.now() < deadline) {
      const dashboard = await send(product, 'GET', '/api/statistics/dashboard', owner.owner.token);
      totalVisits = (JSON.parse(dashboard.body) as { dashboard: { totalVisits: number } }).dashboard.totalVisits;
      if (totalVisits === 2) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(totalVisits).toBe(2);
  });

  it('answers a beacon only once the worker has committed its visit', async () => {
    const before = (await telemetryEvents(product)).length;
    const held = await holdAppends(product);
    let answered = 0;
    const responses = Array.from({ length: 10 }, (_, index) =>
      visit(product, { cardId: owner.cards[0] }, { address: `198.51.100.${50 + index}` }).finally(
        () => (answered += 1),
      ),
    );
    await held.appendWaiting();
    expect(answered).toBe(0);
    await held.release();
    expect((await Promise.all(responses)).map((response) => response.statusCode)).toEqual(Array(10).fill(204));
    // Every answer came after its commit: nothing to wait for.
    expect(await telemetryEvents(product)).toHaveLength(before + 10);
  });

  it('writes and answers what it holds when the app closes, and nothing for a card nobody activated', async () => {
    const before = (await telemetryEvents(product)).length;
    const held = await holdAppends(product);
    const responses = Promise.all([
      visit(product, { cardId: 'VC-YOKBOY' }, { address: '198.51.100.31' }),
      ...Array.from({ length: 40 }, () => visit(product, { cardId: owner.cards[0] }, { address: '198.51.100.30' })),
    ]);
    await held.appendWaiting();
    // Closing waits until the worker has written every hit it holds and answered it.
    const closing = product.app.close();
    await held.release();
    await closing;
    expect((await responses).every((response) => response.statusCode === 204)).toBe(true);
    const added = (await telemetryEvents(product)).slice(before);
    expect(added).toHaveLength(40);
    expect(added.every((event) => event.data.cardId === owner.cards[0])).toBe(true);
  });
});

describe('the hand-over to the worker', () => {
  let product: TestProduct;
  let owner: CardOwner;

  beforeAll(async () => {
    product = await startTestProduct();
    owner = await ownerWithCards(product, 1);
  });
  afterAll(async () => {
    await product?.close();
  });

  it('holds at most the buffer limit of hits waiting for their answer, and refuses and reports the rest', async () => {
    const lines: string[] = [];
    const thread = new IngestionThread({
      data: {
        databaseUrl: product.pool.options.connectionString ?? '',
        appSecret: product.appSecret,
        settings: telemetrySettings({ maxBufferedEvents: 10, worker: true }),
        eventStore: { kind: 'postgres' },
        publishAppended: true,
      },
      log: (line) => lines.push(line),
    });
    const request = { address: '198.51.100.40', headers: { 'user-agent': USER_AGENTS.iPhone } };
    // All in one turn of the event loop: the worker cannot have taken any of them yet.
    const outcomes = await Promise.all(
      Array.from({ length: 15 }, () => thread.recordVisit({ cardId: owner.cards[0] ?? '' }, request)),
    );
    expect(outcomes.filter((outcome) => outcome === 'recorded')).toHaveLength(10);
    expect(outcomes.filter((outcome) => outcome === 'failed')).toHaveLength(5);
    expect(lines.some((line) => line.includes('olay kaydedilmedi'))).toBe(true);
    // Answered 'recorded': committed before the answer.
    expect(await telemetryEvents(product)).toHaveLength(10);

    await thread.close();
    expect(await telemetryEvents(product)).toHaveLength(10);
    expect(await thread.recordVisit({ cardId: owner.cards[0] ?? '' }, request)).toBe('failed');
  });

  it('wakes readers in other processes itself when nobody in its process passes its appends on', async () => {
    // Given: a reader in another process, listening on the database (the signal bus of a query-api or projector).
    const reader = createSignalBus({ kind: 'postgres', connectionString: product.pool.options.connectionString ?? '' });
    if (!(reader instanceof PostgresSignalBus)) throw new Error('expected the PostgreSQL bus');
    const woken = firstValueFrom(reader.on('events_appended'));
    await reader.whenListening();
    const thread = new IngestionThread({
      data: {
        databaseUrl: product.pool.options.connectionString ?? '',
        appSecret: product.appSecret,
        settings: telemetrySettings({ worker: true }),
        eventStore: { kind: 'postgres' },
        publishAppended: true,
      },
      log: () => undefined,
    });
    const request = { address: '198.51.100.41', headers: { 'user-agent': USER_AGENTS.iPhone } };

    try {
      // When: the worker stores a visit.
      expect(await thread.recordVisit({ cardId: owner.cards[0] ?? '' }, request)).toBe('recorded');

      // Then: the reader hears 'events_appended', published by the worker after its commit.
      expect(await woken).toBe('');
    } finally {
      await thread.close();
      await reader.close();
    }
  });
});
