import { describe, expect, it } from 'vitest';
import { createMetrics, METRIC_NAMES } from './registry.ts';

/** What one HTTP answer becomes in the exposition: its route pattern, a known method, its status class. */
async function requestLines(observe: (metrics: ReturnType<typeof createMetrics>) => void): Promise<string[]> {
  const metrics = createMetrics('unit', { processMetrics: false });
  observe(metrics);
  const { body } = await metrics.exposition();
  return body.split('\n').filter((line) => line.startsWith(`${METRIC_NAMES.httpDuration}_count`));
}

describe('HTTP labels', () => {
  it('labels by route pattern, method and status class, one series per combination', async () => {
    const lines = await requestLines((metrics) => {
      metrics.observeRequest('/p/:cardId', 'GET', 200, 0.002);
      metrics.observeRequest('/p/:cardId', 'GET', 304, 0.001);
      metrics.observeRequest('/p/:cardId', 'GET', 200, 0.003);
      metrics.observeRequest('/api/cards', 'POST', 503, 0.5);
    });
    expect(lines).toEqual([
      `${METRIC_NAMES.httpDuration}_count{route="/p/:cardId",method="GET",status_class="2xx",service="unit"} 2`,
      `${METRIC_NAMES.httpDuration}_count{route="/p/:cardId",method="GET",status_class="3xx",service="unit"} 1`,
      `${METRIC_NAMES.httpDuration}_count{route="/api/cards",method="POST",status_class="5xx",service="unit"} 1`,
    ]);
  });

  it('given no matched route or an unusual method, then fixed words stand in: the path never becomes a label', async () => {
    const lines = await requestLines((metrics) => {
      metrics.observeRequest(undefined, 'GET', 404, 0.001);
      metrics.observeRequest(undefined, 'GET', 404, 0.001);
      metrics.observeRequest('/api/cards', 'PROPFIND', 404, 0.001);
    });
    expect(lines).toEqual([
      `${METRIC_NAMES.httpDuration}_count{route="unmatched",method="GET",status_class="4xx",service="unit"} 2`,
      `${METRIC_NAMES.httpDuration}_count{route="/api/cards",method="OTHER",status_class="4xx",service="unit"} 1`,
    ]);
  });
});

describe('appends and beacons', () => {
  it('counts batch sizes of committed appends only, and not-stored beacons by reason', async () => {
    const metrics = createMetrics('unit', { processMetrics: false });
    metrics.appendObserved({ seconds: 0.01, events: 40, outcome: 'ok' });
    metrics.appendObserved({ seconds: 0.02, events: 3, outcome: 'conflict' });
    metrics.beaconsNotStored('overloaded', 2);
    metrics.beaconsNotStored('worker', 0);
    const { body } = await metrics.exposition();
    expect(body).toContain(`${METRIC_NAMES.appendEvents}_sum{service="unit"} 40`);
    expect(body).toContain(`${METRIC_NAMES.appendEvents}_count{service="unit"} 1`);
    expect(body).toContain(`${METRIC_NAMES.appendDuration}_count{service="unit",outcome="conflict"} 1`);
    expect(body).toContain(`${METRIC_NAMES.beaconsNotStored}{reason="overloaded",service="unit"} 2`);
    expect(body).not.toContain('reason="worker"');
  });
});

describe('the bound request histogram', () => {
  it('counts a value in the first bucket whose bound it does not exceed, cumulatively, as Prometheus reads le', async () => {
    const metrics = createMetrics('unit', { processMetrics: false });
    for (const seconds of [0.001, 0.003, 20]) metrics.observeRequest('/p/:cardId', 'GET', 200, seconds);
    const { body } = await metrics.exposition();
    const bucket = (le: string) =>
      `${METRIC_NAMES.httpDuration}_bucket{le="${le}",route="/p/:cardId",method="GET",status_class="2xx",service="unit"}`;
    expect(body).toContain(`${bucket('0.001')} 1\n`);
    expect(body).toContain(`${bucket('0.0025')} 1\n`);
    expect(body).toContain(`${bucket('0.005')} 2\n`);
    expect(body).toContain(`${bucket('10')} 2\n`);
    expect(body).toContain(`${bucket('+Inf')} 3\n`);
    expect(body).toContain(
      `${METRIC_NAMES.httpDuration}_sum{route="/p/:cardId",method="GET",status_class="2xx",service="unit"} 20.004\n`,
    );
    expect(body).toMatch(/# TYPE kartvizit_http_request_duration_seconds histogram\n/);
  });
});
