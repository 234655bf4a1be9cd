import type pg from 'pg';
import {
  WEB_VITAL_METRICS,
  telemetryDay,
  webVitalRating,
  type DeviceType,
  type WebVitalMetric,
  type WebVitalRating,
  type WebVitalsPage,
} from '@kartvizit/schemas/telemetry/events';
import { RM_WEB_VITALS } from './contract.ts';

/** The 75th percentile of one metric for one page type and device class over a period. */
export interface WebVitalsP75 {
  readonly page: WebVitalsPage;
  readonly device: DeviceType;
  readonly metric: WebVitalMetric;
  /** Page loads that reported the metric. */
  readonly samples: number;
  /** Milliseconds for LCP, INP and TTFB; unitless for CLS. */
  readonly p75: number;
  /** How the p75 rates by the web.dev thresholds: what "this page passes" means for the metric. */
  readonly rating: WebVitalRating;
}

const METRIC_ORDER = new Map<string, number>(WEB_VITAL_METRICS.map((metric, index) => [metric, index]));

/**
 * p75 per page type × device class × metric of the loads measured from `since`'s Istanbul day on (the read model's
 * days), as web.dev and CrUX define it: the nearest-rank percentile, a value some load really had, at or above three
 * quarters of them (`percentile_disc`). One pass over the period's rows, which the table's key orders by day.
 */
export async function webVitalsP75(pool: pg.Pool | pg.PoolClient, since: Date): Promise<WebVitalsP75[]> {
  const { rows } = await pool.query<{
    page: WebVitalsPage;
    device: DeviceType;
    metric: WebVitalMetric;
    samples: number;
    p75: number;
  }>(
    `SELECT page, device, metric, count(*)::int AS samples,
            percentile_disc(0.75) WITHIN GROUP (ORDER BY value) AS p75
       FROM ${RM_WEB_VITALS}
      WHERE day >= $1::date
      GROUP BY page, device, metric
      ORDER BY page, device`,
    [telemetryDay(since)],
  );
  return rows
    .map((row) => ({ ...row, rating: webVitalRating(row.metric, row.p75) }))
    .sort(
      (a, b) =>
        a.page.localeCompare(b.page, 'en') ||
        a.device.localeCompare(b.device, 'en') ||
        (METRIC_ORDER.get(a.metric) ?? 0) - (METRIC_ORDER.get(b.metric) ?? 0),
    );
}
