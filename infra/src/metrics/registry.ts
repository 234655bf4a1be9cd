import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { NotStoredReason } from '../telemetry/group-commit.ts';
import type { WebVitalsP75 } from '../read-models/web-vitals.ts';
import { BoundHistogram } from './bound-histogram.ts';
import { LAG_COUNT_LIMIT, type ProcessingLag } from './lag.ts';

/**
 * The numbers one process exposes at /metrics (issue 17, decision 45), in one prom-client registry of its own, so two
 * compositions in one test process never share or collide. Every name here is what infra/deploy/grafana-dashboard.json
 * queries (a unit test holds the two together); labels are route patterns and short fixed words, never a URL, an id,
 * a secret or an address.
 */

export type AppendOutcome = 'ok' | 'conflict' | 'error';

export interface AppendSample {
  readonly seconds: number;
  /** Events the append was asked to write (every stream of the request together). */
  readonly events: number;
  readonly outcome: AppendOutcome;
}

export type BeaconKind = 'visit' | 'click' | 'product-view' | 'product-click' | 'vitals';

/** Why a beacon was not stored: the group commit's reasons, or 'worker' (the ingestion thread was not running). */
export type BeaconNotStoredReason = NotStoredReason | 'worker';

/**
 * What the producers of numbers call. The process's registry implements it; the ingestion worker thread has a
 * forwarder that posts the same calls to the HTTP thread on the channel it already answers beacons on.
 */
export interface MetricsRecorder {
  appendObserved(sample: AppendSample): void;
  beaconsNotStored(reason: BeaconNotStoredReason, count: number): void;
}

/** Where the lag gauges read from at scrape time (projection and reactor checkpoints against the log's head). */
export type LagSource = () => Promise<readonly ProcessingLag[]>;

export const METRIC_NAMES = {
  httpDuration: 'kartvizit_http_request_duration_seconds',
  appendDuration: 'kartvizit_event_store_append_duration_seconds',
  appendEvents: 'kartvizit_event_store_append_events',
  beacons: 'kartvizit_beacons_total',
  beaconsNotStored: 'kartvizit_beacons_not_stored_total',
  lagEvents: 'kartvizit_processing_lag_events',
  lagSeconds: 'kartvizit_processing_lag_seconds',
  poolTotal: 'kartvizit_db_pool_connections',
  poolIdle: 'kartvizit_db_pool_idle_connections',
  poolWaiting: 'kartvizit_db_pool_waiting_clients',
  webVitalsP75: 'kartvizit_web_vitals_p75',
  webVitalsSamples: 'kartvizit_web_vitals_samples',
} as const;

/** The Core Web Vitals' p75 of the last WEB_VITALS_PERIOD_DAYS are read at most this often, however often scraped. */
export const WEB_VITALS_READ_INTERVAL_MS = 60_000;
/** The period the p75 gauges cover, as the operator's `npm run projector -- vitals` does by default. */
export const WEB_VITALS_PERIOD_DAYS = 28;

/** Where the Core Web Vitals gauges read from at scrape time (decision 44). */
export type WebVitalsSource = () => Promise<readonly WebVitalsP75[]>;

const HTTP_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;
/** A request no route matched (a 404, a probe for /wp-admin): one label, so random paths cannot grow the series. */
export const UNMATCHED_ROUTE = 'unmatched';

type RequestLabels = 'route' | 'method' | 'status_class';

export class ServiceMetrics implements MetricsRecorder {
  readonly registry = new Registry();
  /** Series bound once per route, method and status class: a request costs one map lookup and an observe. */
  private readonly requestDuration: BoundHistogram<RequestLabels>;
  private readonly appendDuration: Histogram<'outcome'>;
  private readonly appendEvents: Histogram;
  private readonly beacons: Counter<'kind' | 'outcome'>;
  private readonly notStored: Counter<'reason'>;
  private readonly pools = new Map<string, pg.Pool>();
  private lagSource: LagSource | null = null;
  private vitalsSource: WebVitalsSource | null = null;

  constructor(
    readonly service: string,
    options: { readonly processMetrics?: boolean } = {},
  ) {
    this.registry.setDefaultLabels({ service });
    const registers = [this.registry];
    this.requestDuration = new BoundHistogram({
      name: METRIC_NAMES.httpDuration,
      help: 'HTTP answers by route pattern, method and status class, and how long they took',
      labelNames: ['route', 'method', 'status_class'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.appendDuration = new Histogram({
      name: METRIC_NAMES.appendDuration,
      help: 'Event store appends (commit included) by outcome: ok, conflict (a concurrency or duplicate refusal), error',
      labelNames: ['outcome'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    });
    this.appendEvents = new Histogram({
      name: METRIC_NAMES.appendEvents,
      help: 'Events written per committed append (the group commit of visits and clicks makes them grow with load)',
      buckets: [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000],
      registers,
    });
    this.beacons = new Counter({
      name: METRIC_NAMES.beacons,
      help: 'Visit, click and product beacons by outcome: recorded, not counted (automated, unknown-*), rate-limited, or failed',
      labelNames: ['kind', 'outcome'],
      registers,
    });
    this.notStored = new Counter({
      name: METRIC_NAMES.beaconsNotStored,
      help: 'Beacons answered 503 because they were not stored, by reason: overloaded, unavailable, refused, closed, worker',
      labelNames: ['reason'],
      registers,
    });
    const pools = this.pools;
    const poolGauge = (name: string, help: string, read: (pool: pg.Pool) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['pool'],
        registers,
        collect() {
          for (const [label, pool] of pools) this.set({ pool: label }, read(pool));
        },
      });
    poolGauge(
      METRIC_NAMES.poolTotal,
      'Connections the PostgreSQL pool holds (busy and idle)',
      (pool) => pool.totalCount,
    );
    poolGauge(METRIC_NAMES.poolIdle, 'Idle connections of the PostgreSQL pool', (pool) => pool.idleCount);
    poolGauge(
      METRIC_NAMES.poolWaiting,
      'Queries waiting for a connection of the PostgreSQL pool',
      (pool) => pool.waitingCount,
    );
    // Both lag gauges are collected in the same scrape (prom-client starts every metric's collect at once): one read
    // of the checkpoints serves both. A failed read (the database is gone) leaves them empty rather than failing the
    // whole scrape: /readyz says what is wrong.
    let reading: Promise<readonly ProcessingLag[]> | null = null;
    const readLag = (): Promise<readonly ProcessingLag[]> => {
      const source = this.lagSource;
      if (!source) return Promise.resolve([]);
      reading ??= source()
        .catch(() => [])
        .finally(() => {
          reading = null;
        });
      return reading;
    };
    const lagGauge = (name: string, help: string, read: (lag: ProcessingLag) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['kind', 'name'],
        registers,
        async collect() {
          const lags = await readLag();
          this.reset();
          for (const lag of lags) this.set({ kind: lag.kind, name: lag.name }, read(lag));
        },
      });
    lagGauge(
      METRIC_NAMES.lagEvents,
      `Events in the log after a projection or reactor checkpoint (counted up to ${LAG_COUNT_LIMIT})`,
      (lag) => lag.eventsBehind,
    );
    lagGauge(
      METRIC_NAMES.lagSeconds,
      'Age of the oldest event a projection or reactor has not handled yet (0: caught up)',
      (lag) => lag.secondsBehind,
    );
    // The Core Web Vitals of real page loads, p75 per page type, device class and metric: a percentile over weeks of
    // rows is not computed per scrape but at most once a minute, and shared by both gauges.
    let vitals: { readonly at: number; readonly rows: Promise<readonly WebVitalsP75[]> } | null = null;
    const readVitals = (): Promise<readonly WebVitalsP75[]> => {
      const source = this.vitalsSource;
      if (!source) return Promise.resolve([]);
      const now = Date.now();
      if (!vitals || now - vitals.at >= WEB_VITALS_READ_INTERVAL_MS) {
        const rows = source().catch(() => {
          vitals = null;
          return [];
        });
        vitals = { at: now, rows };
      }
      return vitals.rows;
    };
    const vitalsGauge = (name: string, help: string, read: (row: WebVitalsP75) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['page', 'device', 'metric'],
        registers,
        async collect() {
          const rows = await readVitals();
          this.reset();
          for (const row of rows) this.set({ page: row.page, device: row.device, metric: row.metric }, read(row));
        },
      });
    vitalsGauge(
      METRIC_NAMES.webVitalsP75,
      `Core Web Vitals of sampled page loads, p75 of the last ${WEB_VITALS_PERIOD_DAYS} days per page type, device class and metric (LCP, INP, TTFB in ms; CLS unitless)`,
      (row) => row.p75,
    );
    vitalsGauge(
      METRIC_NAMES.webVitalsSamples,
      `Sampled page loads behind each p75 of ${METRIC_NAMES.webVitalsP75}`,
      (row) => row.samples,
    );
    // The process's own numbers (CPU, memory, event loop lag, GC): once per process, not per composition a test builds.
    if (options.processMetrics ?? true) collectDefaultMetrics({ register: this.registry });
  }

  /** One answer of the HTTP server; `route` is the matched route's pattern (undefined: nothing matched). */
  observeRequest(route: string | undefined, method: string, statusCode: number, seconds: number): void {
    const statusClass = statusCode >= 100 && statusCode < 600 ? Math.floor(statusCode / 100) : 5;
    const key = `${method} ${statusClass} ${route ?? ''}`;
    const series =
      this.requestDuration.series(key) ??
      this.requestDuration.bind(key, {
        route: route ?? UNMATCHED_ROUTE,
        method: HTTP_METHODS.has(method) ? method : 'OTHER',
        status_class: STATUS_CLASSES[statusClass - 1] ?? '5xx',
      });
    series.observe(seconds);
  }

  appendObserved(sample: AppendSample): void {
    this.appendDuration.labels(sample.outcome).observe(sample.seconds);
    if (sample.outcome === 'ok') this.appendEvents.observe(sample.events);
  }

  beaconAnswered(kind: BeaconKind, outcome: string): void {
    this.beacons.labels(kind, outcome).inc();
  }

  beaconsNotStored(reason: BeaconNotStoredReason, count: number): void {
    if (count > 0) this.notStored.labels(reason).inc(count);
  }

  /** The pool's use is read when scraped (a gauge with nothing to do between scrapes). */
  watchPool(label: string, pool: pg.Pool): void {
    this.pools.set(label, pool);
  }

  /** Projection and reactor lag, read when scraped; only processes that run or serve projections set it. */
  watchProcessing(source: LagSource): void {
    this.lagSource = source;
  }

  /** Core Web Vitals p75, read when scraped (at most once a minute); the process that runs the projections sets it. */
  watchWebVitals(source: WebVitalsSource): void {
    this.vitalsSource = source;
  }

  /** The text Prometheus scrapes, and its content type. */
  async exposition(): Promise<{ readonly contentType: string; readonly body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

export function createMetrics(service: string, options: { readonly processMetrics?: boolean } = {}): ServiceMetrics {
  return new ServiceMetrics(service, options);
}
