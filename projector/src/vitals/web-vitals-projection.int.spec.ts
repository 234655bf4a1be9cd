import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { telemetryStreamId, type WebVitalsReported } from '@kartvizit/schemas';
import { createTestDatabase, type TestDatabase } from '@kartvizit/infra/db/test-database';
import { projectionSpecification } from '../core/projection-specification.ts';
import { webVitalsProjection } from './web-vitals-projection.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

// Every load in one shard stream: its positions 0, 1, 2… are the loads in the order given.
const spec = projectionSpecification(webVitalsProjection, {
  pool: () => database.pool,
  streamOf: () => telemetryStreamId(3),
});
const STREAM = telemetryStreamId(3);

// 23:30 in Istanbul on the 23rd is 20:30 UTC; 00:30 on the 24th is 21:30 UTC on the 23rd.
const LATE_MONDAY = '2026-11-23T20:30:00.000Z';
const EARLY_TUESDAY = '2026-11-23T21:30:00.000Z';

const load = (
  page: WebVitalsReported['data']['page'],
  device: WebVitalsReported['data']['device'],
  metrics: WebVitalsReported['data']['metrics'],
  at = LATE_MONDAY,
): WebVitalsReported => ({ type: 'WebVitalsReported', data: { page, device, metrics, at } });

describe('the web vitals projection', () => {
  it('given nothing, when loads arrive, then each metric of each load is a row on its Istanbul day', async () => {
    const outcome = await spec
      .given()
      .when([
        load('card', 'mobile', [
          { name: 'LCP', value: 1830.5, rating: 'good' },
          { name: 'CLS', value: 0.12, rating: 'needs-improvement' },
        ]),
        load('dashboard', 'desktop', [{ name: 'INP', value: 520, rating: 'poor' }], EARLY_TUESDAY),
      ])
      .then({
        web_vitals: [
          {
            day: '2026-11-23',
            page: 'card',
            device: 'mobile',
            metric: 'CLS',
            stream_id: STREAM,
            stream_position: 0,
            value: 0.12,
            rating: 'needs-improvement',
          },
          {
            day: '2026-11-23',
            page: 'card',
            device: 'mobile',
            metric: 'LCP',
            stream_id: STREAM,
            stream_position: 0,
            value: 1830.5,
            rating: 'good',
          },
          {
            day: '2026-11-24',
            page: 'dashboard',
            device: 'desktop',
            metric: 'INP',
            stream_id: STREAM,
            stream_position: 1,
            value: 520,
            rating: 'poor',
          },
        ],
      });
    // Nobody's screen shows them: no owner is woken.
    expect(outcome).toEqual({ touched: [] });
  });

  it('given loads, when they are delivered again with a new one, then only the new one adds rows', async () => {
    const first = load('card', 'tablet', [{ name: 'TTFB', value: 410, rating: 'good' }]);
    const second = load('card', 'tablet', [{ name: 'TTFB', value: 410, rating: 'good' }]);
    await spec
      .given([first])
      .whenRedelivered(second)
      .then({
        web_vitals: [
          { metric: 'TTFB', stream_position: 0, value: 410 },
          // The same value from another load is another sample, not a duplicate.
          { metric: 'TTFB', stream_position: 1, value: 410 },
        ],
      });
  });

  it('given a load that names a metric twice, then the first is kept', async () => {
    await spec
      .given()
      .when([
        load('card', 'mobile', [
          { name: 'LCP', value: 900, rating: 'good' },
          { name: 'LCP', value: 5000, rating: 'poor' },
        ]),
      ])
      .then({ web_vitals: [{ metric: 'LCP', value: 900, rating: 'good' }] });
  });
});
