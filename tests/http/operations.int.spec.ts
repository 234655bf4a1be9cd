import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@kartvizit/schemas';
import { createTestDatabase } from '@kartvizit/infra/db/test-database';
import { createEventStore } from '@kartvizit/infra/event-store/create';
import { startOperationsServer, type OperationsServer } from '@kartvizit/infra/http/metrics';
import { readinessCheck } from '@kartvizit/infra/metrics/health';
import { createMetrics, METRIC_NAMES } from '@kartvizit/infra/metrics/registry';
import { PROJECTIONS } from '@kartvizit/projector/projections';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { parseExposition, sampleValue, type Sample } from '../support/prometheus.ts';
import { send } from './card-fixtures.ts';
import { ownerWithCards, visit, type CardOwner } from './telemetry-fixtures.ts';

/**
 * /metrics, /healthz and /readyz (issue 17, decision 45) through the real composition: a journey through the public
 * API, then a scrape of the operations port over real HTTP that finds the journey's numbers; /metrics never on the
 * public port; readiness that fails when projections lag or the database is gone.
 */
let product: TestProduct;
let operations: OperationsServer;
let alice: CardOwner;

async function scrape(port: number): Promise<Sample[]> {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return parseExposition(await response.text());
}

beforeAll(async () => {
  // The worker thread on, as in production: its appends reach this registry through the thread's channel.
  product = await startTestProduct({ telemetry: { worker: true } });
  operations = await startOperationsServer(product.product.operations, { port: 0, host: '127.0.0.1' });
  alice = await ownerWithCards(product, 1);
});
afterAll(async () => {
  await operations?.close();
  await product?.close();
});

describe('a journey moves the counters the operator watches', () => {
  it('given a registration, a card and a visit, when /metrics is scraped, then requests, appends, the beacon and the lag are there', async () => {
    const cardId = alice.cards[0] ?? '';
    const visited = await visit(product, { cardId });
    expect(visited.statusCode, visited.body).toBe(204);
    const refused = await send(product, 'POST', '/api/cards/activate', alice.owner.token, { cardId: '' });
    expect(refused.statusCode).toBe(400);
    await product.product.projectors.catchUp();
    const reactors = product.product.projectors.reactors.map((reactor) => reactor.name);
    // A reactor writes its checkpoint row the first time it runs (on its own loop): wait for that, not for a time.
    await vi.waitFor(
      async () => {
        const { rows } = await product.pool.query<{ name: string }>('SELECT name FROM reactor_checkpoints');
        expect(rows.map((row) => row.name).sort()).toEqual([...reactors].sort());
      },
      { timeout: 20_000, interval: 50 },
    );

    const samples = await scrape(operations.port);
    const requests = (route: string, method: string, statusClass: string) =>
      sampleValue(samples, `${METRIC_NAMES.httpDuration}_count`, { route, method, status_class: statusClass });
    expect(requests('/api/auth/register', 'POST', '2xx')).toBeGreaterThanOrEqual(1);
    expect(requests('/api/cards/activate', 'POST', '2xx')).toBeGreaterThanOrEqual(1);
    expect(requests('/api/cards/activate', 'POST', '4xx')).toBeGreaterThanOrEqual(1);
    expect(requests('/api/profile/card/:cardId', 'GET', '2xx')).toBeGreaterThanOrEqual(1);
    expect(requests('/api/telemetry/visit', 'POST', '2xx')).toBeGreaterThanOrEqual(1);
    // Sums grow with the counts: every request took some time.
    expect(
      sampleValue(samples, `${METRIC_NAMES.httpDuration}_sum`, {
        route: '/api/auth/register',
        method: 'POST',
        status_class: '2xx',
      }),
    ).toBeGreaterThan(0);

    // Commands' appends on this thread, the visit's group commit on the worker: both in this registry.
    const { rows } = await product.pool.query<{ appends: string }>(
      `SELECT count(DISTINCT transaction_id)::text AS appends FROM events`,
    );
    const appends = sampleValue(samples, `${METRIC_NAMES.appendDuration}_count`, { outcome: 'ok' });
    expect(appends).toBeGreaterThanOrEqual(Number(rows[0]?.appends));
    expect(sampleValue(samples, `${METRIC_NAMES.appendEvents}_count`, {})).toBe(appends);
    expect(sampleValue(samples, `${METRIC_NAMES.appendEvents}_sum`, {})).toBeGreaterThanOrEqual(
      await product.eventCount(),
    );
    expect(sampleValue(samples, METRIC_NAMES.beacons, { kind: 'visit', outcome: 'recorded' })).toBe(1);

    for (const name of reactors) {
      expect(sampleValue(samples, METRIC_NAMES.lagSeconds, { kind: 'reactor', name }), name).toBeGreaterThanOrEqual(0);
    }
    // Caught up means 0 behind. An event another database's open transaction still holds back becomes visible (and
    // is projected) a moment later, so this is waited for, never assumed from one scrape.
    await vi.waitFor(
      async () => {
        const now = await scrape(operations.port);
        for (const projection of PROJECTIONS) {
          const labels = { kind: 'projection', name: projection.name };
          expect(sampleValue(now, METRIC_NAMES.lagEvents, labels), projection.name).toBe(0);
          expect(sampleValue(now, METRIC_NAMES.lagSeconds, labels), projection.name).toBe(0);
        }
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(sampleValue(samples, METRIC_NAMES.poolTotal, { pool: 'main' })).toBeGreaterThan(0);
    expect(sampleValue(samples, METRIC_NAMES.poolWaiting, { pool: 'main' })).toBeGreaterThanOrEqual(0);
  });

  it('given a card id, a token and a visitor address in the journey, then no label carries any of them', async () => {
    const cardId = alice.cards[0] ?? '';
    await visit(product, { cardId }, { address: '203.0.113.77' });
    const response = await fetch(`http://127.0.0.1:${operations.port}/metrics`);
    const text = await response.text();
    expect(text).not.toContain(cardId);
    expect(text).not.toContain(alice.owner.token);
    expect(text).not.toContain(alice.owner.userId);
    expect(text).not.toContain('203.0.113.77');
    const routes = new Set(
      parseExposition(text)
        .filter((sample) => sample.name === `${METRIC_NAMES.httpDuration}_count`)
        .map((sample) => sample.labels.route),
    );
    for (const route of routes) expect(route === 'unmatched' || route?.startsWith('/'), route).toBe(true);
  });

  it('given an address no route has, then it is counted as one unmatched route, not by its path', async () => {
    const path = `/api/nothing-here-${randomUUID()}`;
    const response = await product.get(path);
    expect(response.statusCode).toBe(404);
    const samples = await scrape(operations.port);
    expect(
      sampleValue(samples, `${METRIC_NAMES.httpDuration}_count`, {
        route: 'unmatched',
        method: 'GET',
        status_class: '4xx',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(samples.some((sample) => Object.values(sample.labels).some((value) => value.includes(path)))).toBe(false);
  });

  it('given a limit of one beacon a minute, then the second is counted as rate-limited, not as recorded', async () => {
    const limited = await startTestProduct({ telemetry: { rateLimitPerMinute: 1 } });
    try {
      const owner = await ownerWithCards(limited, 1);
      const cardId = owner.cards[0] ?? '';
      expect((await visit(limited, { cardId })).statusCode).toBe(204);
      expect((await visit(limited, { cardId })).statusCode).toBe(429);
      const samples = parseExposition((await limited.metrics.exposition()).body);
      expect(sampleValue(samples, METRIC_NAMES.beacons, { kind: 'visit', outcome: 'recorded' })).toBe(1);
      expect(sampleValue(samples, METRIC_NAMES.beacons, { kind: 'visit', outcome: 'rate-limited' })).toBe(1);
    } finally {
      await limited.close();
    }
  });
});

describe('the public port', () => {
  it('given no token or port, when /metrics is asked for there, then it is not found and shows no numbers', async () => {
    const response = await product.get('/metrics');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('kartvizit_');
    const withToken = await product.get('/metrics', 'any-token');
    expect(withToken.statusCode).toBe(404);
  });

  it('answers /healthz, /readyz and the old /api/health', async () => {
    const health = await product.get('/healthz');
    expect(health.statusCode).toBe(200);
    expect(JSON.parse(health.body)).toEqual({ status: 'ok' });
    await product.product.projectors.catchUp();
    const ready = await product.get('/readyz');
    expect(ready.statusCode, ready.body).toBe(200);
    expect(JSON.parse(ready.body)).toEqual({ status: 'ok', message: MESSAGES.ready });
    expect((await product.get('/api/health')).statusCode).toBe(200);
    const onOperationsPort = await fetch(`http://127.0.0.1:${operations.port}/readyz`);
    expect(onOperationsPort.status).toBe(200);
  });
});

describe('readiness', () => {
  it('given projections stopped behind an event an hour old, then /readyz is 503 naming each, and the lag gauges say so', async () => {
    const lagging = await startTestProduct({ readyMaxLagSeconds: 60 });
    const server = await startOperationsServer(lagging.product.operations, { port: 0, host: '127.0.0.1' });
    try {
      await lagging.product.projectors.catchUp();
      await lagging.product.projectors.stop();
      const eventId = randomUUID();
      await lagging.store.append([
        {
          streamId: `operations-probe-${eventId}`,
          expected: 'no_stream',
          events: [{ eventId, type: 'OperationsProbe', schemaVersion: 1, data: {} }],
        },
      ]);
      // The event's age is set, not waited for: no test sleeps an hour or races a clock. The log is append-only (a
      // trigger refuses UPDATE); with triggers off for this one transaction the superuser ages the row.
      const client = await lagging.pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('SET LOCAL session_replication_role = replica');
        // Every event, not the probe alone: a projection may have stopped short of an earlier one that another
        // database's open transaction held back from it, and its oldest unhandled event is what its lag is.
        await client.query(`UPDATE events SET created_at = created_at - interval '1 hour'`);
        await client.query('COMMIT');
      } finally {
        client.release();
      }

      // Held back by another database's open transaction, the probe would not be visible to any reader yet.
      await vi.waitFor(async () => expect(await lagging.store.heldBack()).toBe(false), {
        timeout: 20_000,
        interval: 50,
      });
      const response = await lagging.get('/readyz');
      expect(response.statusCode).toBe(503);
      const body = JSON.parse(response.body) as { success: boolean; message: string; reasons: string[] };
      expect(body.success).toBe(false);
      expect(body.message.startsWith(MESSAGES.notReady)).toBe(true);
      expect(body.reasons).toHaveLength(PROJECTIONS.length);
      for (const projection of PROJECTIONS) {
        expect(body.reasons.some((reason) => reason.startsWith(`'${projection.name}' projeksiyonu`))).toBe(true);
      }
      expect(body.reasons[0]).toMatch(/saniye geride \(sınır 60 saniye\)$/);

      const samples = await scrape(server.port);
      for (const projection of PROJECTIONS) {
        const labels = { kind: 'projection', name: projection.name };
        expect(sampleValue(samples, METRIC_NAMES.lagEvents, labels)).toBeGreaterThanOrEqual(1);
        expect(sampleValue(samples, METRIC_NAMES.lagSeconds, labels)).toBeGreaterThanOrEqual(3600);
      }
      // Liveness does not care: restarting a process does not bring a projection back.
      expect((await lagging.get('/healthz')).statusCode).toBe(200);
    } finally {
      await server.close();
      await lagging.close();
    }
  });

  it('given the database is gone, then /readyz is 503 saying so in Turkish, and /healthz still 200', async () => {
    const database = await createTestDatabase();
    // A pool of the service's own, as a process has: the test's drop() ends only the database's own pool.
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    pool.on('error', () => undefined);
    const store = await createEventStore({ kind: 'postgres' }, { pool });
    const metrics = createMetrics('readiness-test', { processMetrics: false });
    const server = await startOperationsServer(
      { metrics, readiness: readinessCheck({ pool, store, maxLagSeconds: null }) },
      { port: 0, host: '127.0.0.1' },
    );
    try {
      const before = await fetch(`http://127.0.0.1:${server.port}/readyz`);
      expect(before.status).toBe(200);
      await database.drop();
      const gone = await fetch(`http://127.0.0.1:${server.port}/readyz`);
      expect(gone.status).toBe(503);
      const body = (await gone.json()) as { message: string; reasons: string[] };
      expect(body.reasons).toEqual([MESSAGES.databaseUnreachable]);
      expect(body.message).toBe(`${MESSAGES.notReady}: ${MESSAGES.databaseUnreachable}`);
      expect(body.message).not.toContain(database.url);
      expect((await fetch(`http://127.0.0.1:${server.port}/healthz`)).status).toBe(200);
    } finally {
      await server.close();
      await pool.end();
      await database.drop();
    }
  });
});
