import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createMetrics } from '@kartvizit/infra/metrics/registry';

/**
 * infra/deploy/grafana-dashboard.json queries the names a service's registry exports (decision 45): a renamed metric
 * would leave a panel silently empty, so every name an expression uses must be one the registry exposes, and every
 * metric of ours must have a panel.
 */
interface Panel {
  readonly type: string;
  readonly title: string;
  readonly targets?: readonly { readonly expr: string }[];
}

const dashboard = JSON.parse(
  readFileSync(new URL('../../infra/deploy/grafana-dashboard.json', import.meta.url), 'utf8'),
) as { panels: Panel[]; templating: { list: { query?: string | { query: string } }[] } };

const expressions = [
  ...dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr)),
  ...dashboard.templating.list.flatMap((variable) =>
    typeof variable.query === 'object' ? [variable.query.query] : [],
  ),
];

/** Series names as Prometheus stores them: a histogram is its _bucket, _sum and _count. */
async function exportedSeries(): Promise<Set<string>> {
  const metrics = createMetrics('dashboard-test');
  const names = new Set<string>();
  for (const metric of await metrics.registry.getMetricsAsJSON()) {
    if (String(metric.type) === 'histogram') {
      for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${metric.name}${suffix}`);
    } else {
      names.add(metric.name);
    }
  }
  return names;
}

/** The metric names in a PromQL expression: ours and the process metrics prom-client adds. */
function metricNames(expr: string): string[] {
  return [...expr.matchAll(/\b((?:kartvizit|process|nodejs)_[a-zA-Z0-9_:]+)/g)].map((match) => match[1] ?? '');
}

describe('infra/deploy/grafana-dashboard.json', () => {
  it('queries only names the registry exports', async () => {
    const series = await exportedSeries();
    const used = expressions.flatMap(metricNames);
    expect(used.length).toBeGreaterThan(10);
    for (const name of used) expect(series.has(name), name).toBe(true);
  });

  it('has a panel for every kartvizit_ metric', async () => {
    const metrics = createMetrics('dashboard-test', { processMetrics: false });
    const used = new Set(expressions.flatMap(metricNames).map((name) => name.replace(/_(bucket|sum|count)$/, '')));
    for (const metric of await metrics.registry.getMetricsAsJSON())
      expect(used.has(metric.name), metric.name).toBe(true);
  });

  it('gives every panel but the rows a query', () => {
    for (const panel of dashboard.panels) {
      if (panel.type === 'row') continue;
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
    }
    expect(dashboard.panels.map((panel) => panel.title)).toContain('Projeksiyon gecikmesi (saniye)');
  });
});
