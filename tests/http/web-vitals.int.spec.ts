import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_VITAL_METRICS, type WebVitalsReported } from '@kartvizit/schemas';
import { webVitalsP75 } from '@kartvizit/infra/read-models/web-vitals';
import { METRIC_NAMES, createMetrics } from '@kartvizit/infra/metrics/registry';
import { parseExposition, sampleValue } from '../support/prometheus.ts';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { send } from './card-fixtures.ts';
import { USER_AGENTS, beacon, expectAccepted, ownerWithCards, type Beacon } from './telemetry-fixtures.ts';

/**
 * POST /api/telemetry/vitals (docs/decisions/0044-web-vitals.md): a sampled page load's Core Web Vitals, stored as a
 * WebVitalsReported event once committed (204), projected into rm_web_vitals, from which webVitalsP75 answers p75
 * per page type, device class and metric. Broken beacons are refused in Turkish and store nothing; nothing about the
 * visitor but the device class is kept.
 */
const NOW = new Date('2026-11-24T09:00:00.000Z');
let clock = NOW;
const logLines: string[] = [];
let product: TestProduct;

beforeAll(async () => {
  product = await startTestProduct({
    telemetry: { now: () => clock },
    webVitalsSampleRate: 0.25,
    logLevel: 'debug',
    logStream: { write: (line) => void logLines.push(line) },
  });
});
afterAll(async () => {
  await product?.close();
});

const vitals = (body: unknown, options?: Beacon) => beacon(product, '/api/telemetry/vitals', body, options);

type VitalsRow = WebVitalsReported & { readonly streamId: string; readonly metadata: Record<string, unknown> };

async function vitalsEvents(): Promise<VitalsRow[]> {
  const { rows } = await product.pool.query<{
    data: WebVitalsReported['data'];
    metadata: Record<string, unknown>;
    stream_id: string;
  }>(`SELECT data, metadata, stream_id FROM events WHERE type = 'WebVitalsReported' ORDER BY global_position`);
  return rows.map((row) => ({
    type: 'WebVitalsReported',
    data: row.data,
    metadata: row.metadata,
    streamId: row.stream_id,
  }));
}

/** Rows of the read model once the projector has caught up with `count` of them. */
async function projectedRows(count: number): Promise<number> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { rows } = await product.pool.query<{ count: number }>('SELECT count(*)::int AS count FROM rm_web_vitals');
    const found = rows[0]?.count ?? 0;
    if (found >= count) return found;
    if (Date.now() > deadline) throw new Error(`expected ${count} rows in rm_web_vitals, found ${found}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('the sample rate reaches the pages', () => {
  it('the card page carries it in its data block, and /api/config/public says it to the dashboard', async () => {
    const owner = await ownerWithCards(product, 1);
    const page = await send(product, 'GET', `/p/${owner.cards[0]}`);
    expect(page.statusCode).toBe(200);
    const data = JSON.parse(
      /<script type="application\/json" id="pc-data">(.*?)<\/script>/s.exec(page.body)?.[1] ?? '{}',
    ) as { vitalsSampleRate?: number };
    expect(data.vitalsSampleRate).toBe(0.25);
    const config = await product.get('/api/config/public');
    expect((JSON.parse(config.body) as { webVitalsSampleRate: number }).webVitalsSampleRate).toBe(0.25);
  });
});

describe('a page load’s vitals', () => {
  it('are stored once committed: the page type, the device class from the user agent, each metric rated', async () => {
    const before = (await vitalsEvents()).length;
    expectAccepted(
      await vitals(
        { page: 'card', touchPoints: 5, metrics: { LCP: 2612.5, INP: 48, CLS: 0.31, TTFB: 120.2 } },
        { userAgent: USER_AGENTS.iPhone },
      ),
    );
    // What sendBeacon sends with a string: text/plain JSON. A Mac with a touch screen is an iPad.
    expectAccepted(
      await vitals(JSON.stringify({ page: 'dashboard', touchPoints: 5, metrics: { LCP: 900, INP: null } }), {
        userAgent: USER_AGENTS.macSafari,
        contentType: 'text/plain;charset=UTF-8',
      }),
    );
    const events = (await vitalsEvents()).slice(before);
    expect(events.map((event) => event.data)).toEqual([
      {
        page: 'card',
        device: 'mobile',
        metrics: [
          { name: 'LCP', value: 2612.5, rating: 'needs-improvement' },
          { name: 'INP', value: 48, rating: 'good' },
          { name: 'CLS', value: 0.31, rating: 'poor' },
          { name: 'TTFB', value: 120.2, rating: 'good' },
        ],
        at: NOW.toISOString(),
      },
      {
        page: 'dashboard',
        device: 'tablet',
        metrics: [{ name: 'LCP', value: 900, rating: 'good' }],
        at: NOW.toISOString(),
      },
    ]);
    for (const event of events) {
      expect(event.streamId).toMatch(/^telemetry-\d+$/);
      expect(event.metadata).toMatchObject({ actor: 'visitor' });
    }
  });

  it('of a bot or a prefetch are answered 204 and not stored', async () => {
    const before = (await vitalsEvents()).length;
    const body = { page: 'card', metrics: { LCP: 1000 } };
    expectAccepted(
      await vitals(body, { userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }),
    );
    expectAccepted(await vitals(body, { headers: { 'sec-purpose': 'prefetch' } }));
    expectAccepted(await vitals(body, { userAgent: null }));
    // The marker, sent last: once it is stored anything the others had queued would be too.
    expectAccepted(await vitals({ page: 'card', metrics: { TTFB: 77 } }));
    const events = (await vitalsEvents()).slice(before);
    expect(events.map((event) => event.data.metrics)).toEqual([[{ name: 'TTFB', value: 77, rating: 'good' }]]);
  });
});

describe('a broken vitals beacon', () => {
  const cases: readonly (readonly [string, unknown, number, string])[] = [
    ['no page', { metrics: { LCP: 1000 } }, 400, 'Sayfa türü gerekli'],
    ['a blank page', { page: '  ', metrics: { LCP: 1000 } }, 400, 'Sayfa türü gerekli'],
    ['an unknown page', { page: 'product', metrics: { LCP: 1000 } }, 400, 'Geçersiz sayfa türü'],
    ['a page in capitals', { page: 'CARD', metrics: { LCP: 1000 } }, 400, 'Geçersiz sayfa türü'],
    ['no metrics', { page: 'card' }, 400, 'En az bir ölçüm değeri gerekli'],
    ['empty metrics', { page: 'card', metrics: {} }, 400, 'En az bir ölçüm değeri gerekli'],
    ['only null metrics', { page: 'card', metrics: { LCP: null, CLS: null } }, 400, 'En az bir ölçüm değeri gerekli'],
    ['a negative value', { page: 'card', metrics: { LCP: 900, INP: -1 } }, 400, 'Geçersiz ölçüm değeri: INP'],
    ['an LCP of an hour', { page: 'card', metrics: { LCP: 3_600_000 } }, 400, 'Geçersiz ölçüm değeri: LCP'],
    ['a CLS past any page', { page: 'card', metrics: { CLS: 101 } }, 400, 'Geçersiz ölçüm değeri: CLS'],
    ['a value as text', { page: 'card', metrics: { TTFB: '120' } }, 400, 'Ölçüm değerleri alanı geçersiz'],
    ['a metric it does not keep', { page: 'card', metrics: { FCP: 800 } }, 400, 'Tanınmayan alan: FCP'],
    ['a field it does not know', { page: 'card', metrics: { LCP: 900 }, url: '/p/ABC' }, 400, 'Tanınmayan alan: url'],
    ['metrics as a list', { page: 'card', metrics: [900] }, 400, 'Ölçüm değerleri alanı geçersiz'],
    ['a page as a number', { page: 1, metrics: { LCP: 900 } }, 400, 'Sayfa türü alanı metin olmalıdır'],
    ['broken JSON', '{"page":"card","metrics":', 400, 'İstek gövdesi geçerli bir JSON değil'],
    [
      'a body past 2 KB',
      { page: 'card', metrics: { LCP: 900 }, padding: 'x'.repeat(3000) },
      413,
      'İstek gövdesi çok büyük',
    ],
  ];

  it.each(cases)('(%s) is refused with a Turkish message and stores nothing', async (_name, body, status, message) => {
    const before = await product.eventCount();
    const response = await vitals(body);
    expect(response.statusCode, response.body).toBe(status);
    expect((JSON.parse(response.body) as { success: boolean; message: string }).message).toBe(message);
    expect(await product.eventCount()).toBe(before);
  });

  it('of another content type is refused with 415', async () => {
    const response = await vitals('page=card', { contentType: 'application/x-www-form-urlencoded' });
    expect(response.statusCode).toBe(415);
    expect((JSON.parse(response.body) as { message: string }).message).toBe('Desteklenmeyen içerik türü');
  });
});

describe('p75 per page type, device class and metric', () => {
  it('given loads over two days, when the operator asks from a day on, then p75 is the nearest-rank value of those days', async () => {
    // Given: five card loads on tablets (LCP 100…500 in any order), eight dashboard loads on desktops (INP 10…80),
    // and two card loads on tablets 40 days earlier that the period leaves out. No other test sends these pairs.
    const tablet = { userAgent: USER_AGENTS.androidTablet };
    clock = new Date('2026-10-15T09:00:00.000Z');
    for (const lcp of [9000, 9500]) expectAccepted(await vitals({ page: 'card', metrics: { LCP: lcp } }, tablet));
    clock = NOW;
    for (const lcp of [300, 100, 500, 200, 400])
      expectAccepted(await vitals({ page: 'card', metrics: { LCP: lcp, CLS: lcp / 1000 } }, tablet));
    for (const inp of [80, 10, 70, 20, 60, 30, 50, 40])
      expectAccepted(
        await vitals({ page: 'dashboard', metrics: { INP: inp } }, { userAgent: USER_AGENTS.windowsEdge }),
      );
    const stored = await vitalsEvents();
    await projectedRows(stored.reduce((sum, event) => sum + event.data.metrics.length, 0));

    // When: the last 28 days.
    const since = new Date(NOW.getTime() - 27 * 86_400_000);
    const rows = await webVitalsP75(product.pool, since);

    // Then: ⌈0.75 × 5⌉ = 4th of 100…500 is 400 (CLS 0.4: 'poor'); ⌈0.75 × 8⌉ = 6th of 10…80 is 60; October is out.
    const tabletCard = rows.filter((row) => row.page === 'card' && row.device === 'tablet');
    expect(tabletCard).toEqual([
      { page: 'card', device: 'tablet', metric: 'LCP', samples: 5, p75: 400, rating: 'good' },
      { page: 'card', device: 'tablet', metric: 'CLS', samples: 5, p75: 0.4, rating: 'poor' },
    ]);
    expect(rows.filter((row) => row.page === 'dashboard' && row.device === 'desktop')).toEqual([
      { page: 'dashboard', device: 'desktop', metric: 'INP', samples: 8, p75: 60, rating: 'good' },
    ]);
    // Sorted by page, device, then LCP, INP, CLS, TTFB.
    const order = (row: (typeof rows)[number]) => `${row.page} ${row.device} ${WEB_VITAL_METRICS.indexOf(row.metric)}`;
    expect(rows.map(order)).toEqual(rows.map(order).sort());

    // And from the October day on, the two slow loads are in: ⌈0.75 × 7⌉ = 6th of 100…500, 9000, 9500 is 9000.
    const all = await webVitalsP75(product.pool, new Date('2026-10-15T00:00:00.000Z'));
    expect(all.find((row) => row.page === 'card' && row.device === 'tablet' && row.metric === 'LCP')).toEqual({
      page: 'card',
      device: 'tablet',
      metric: 'LCP',
      samples: 7,
      p75: 9000,
      rating: 'poor',
    });

    // And Prometheus reads the same p75 at /metrics, as the projector's operations port exports it for Grafana.
    const metrics = createMetrics('projector', { processMetrics: false });
    metrics.watchWebVitals(() => webVitalsP75(product.pool, since));
    const samples = parseExposition((await metrics.exposition()).body);
    const card = { page: 'card', device: 'tablet', metric: 'LCP' };
    expect(sampleValue(samples, METRIC_NAMES.webVitalsP75, card)).toBe(400);
    expect(sampleValue(samples, METRIC_NAMES.webVitalsSamples, card)).toBe(5);
    expect(
      sampleValue(samples, METRIC_NAMES.webVitalsP75, { page: 'dashboard', device: 'desktop', metric: 'INP' }),
    ).toBe(60);
  });
});

describe('nothing about the visitor is kept', () => {
  const ADDRESSES = ['203.0.113.77', '2a02:e0::7'];
  const AGENT = USER_AGENTS.samsungPhone;

  it('not the address nor the user agent: in no event, no table, no log line', async () => {
    for (const address of ADDRESSES) {
      expectAccepted(
        await vitals(
          { page: 'card', metrics: { LCP: 1234, TTFB: 56 } },
          {
            address,
            userAgent: AGENT,
            headers: { 'x-forwarded-for': address, referer: `https://example.com/?ip=${address}` },
          },
        ),
      );
      await vitals({ page: 'card', metrics: { LCP: 1234 }, ip: address }, { address, userAgent: AGENT });
    }
    const { rows: events } = await product.pool.query<{ text: string }>(
      `SELECT data::text || metadata::text || stream_id AS text FROM events WHERE type = 'WebVitalsReported'`,
    );
    expect(events.length).toBeGreaterThanOrEqual(ADDRESSES.length);
    for (const { text } of events) {
      for (const address of ADDRESSES) expect(text).not.toContain(address);
      expect(text).not.toContain('SamsungBrowser');
      expect(text).not.toContain('Android');
    }
    const { rows: tables } = await product.pool.query<{ schema: string; name: string }>(
      `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
        WHERE table_schema NOT IN ('pg_catalog', 'information_schema')`,
    );
    expect(tables.map((table) => table.name)).toContain('rm_web_vitals');
    for (const { schema, name } of tables) {
      for (const needle of [...ADDRESSES, 'SamsungBrowser']) {
        const { rows } = await product.pool.query<{ count: string }>(
          `SELECT count(*) FROM "${schema}"."${name}" AS t WHERE t::text ILIKE $1`,
          [`%${needle}%`],
        );
        expect(Number(rows[0]?.count), `${schema}.${name} holds ${needle}`).toBe(0);
      }
    }
    const log = logLines.join('\n');
    expect(log).toContain('/api/telemetry/vitals');
    for (const needle of [...ADDRESSES, 'SamsungBrowser']) expect(log).not.toContain(needle);
  });
});

describe('on the ingestion worker thread (TELEMETRY_WORKER, as the services run)', () => {
  it('the same beacon becomes the same event', async () => {
    const threaded = await startTestProduct({ telemetry: { worker: true } });
    try {
      const response = await beacon(
        threaded,
        '/api/telemetry/vitals',
        { page: 'dashboard', metrics: { INP: 250, TTFB: 2000 } },
        { userAgent: USER_AGENTS.linuxFirefox, address: '203.0.113.90' },
      );
      expectAccepted(response);
      const { rows } = await threaded.pool.query<{ data: WebVitalsReported['data'] }>(
        `SELECT data FROM events WHERE type = 'WebVitalsReported'`,
      );
      expect(rows.map((row) => row.data)).toEqual([
        {
          page: 'dashboard',
          device: 'desktop',
          metrics: [
            { name: 'INP', value: 250, rating: 'needs-improvement' },
            { name: 'TTFB', value: 2000, rating: 'poor' },
          ],
          at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
        },
      ]);
    } finally {
      await threaded.close();
    }
  });
});
