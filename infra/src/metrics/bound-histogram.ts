import { Histogram, type HistogramConfiguration, type MetricType } from 'prom-client';

// prom-client's typings declare a metric's `type` as a numeric enum that its runtime never exports; the runtime, the
// registry and the text format all use the string.
const HISTOGRAM_TYPE = 'histogram' as unknown as MetricType;

/** One series of a BoundHistogram: observing is a bucket search and three additions, nothing hashed or allocated. */
export class HistogramSeries {
  /** Per bucket (not cumulative), the last one +Inf. */
  readonly counts: Float64Array;
  sum = 0;
  count = 0;

  constructor(private readonly bounds: readonly number[]) {
    this.counts = new Float64Array(bounds.length + 1);
  }

  observe(value: number): void {
    const bounds = this.bounds;
    let bucket = 0;
    while (bucket < bounds.length && value > (bounds[bucket] ?? Infinity)) bucket += 1;
    this.counts[bucket] = (this.counts[bucket] ?? 0) + 1;
    this.sum += value;
    this.count += 1;
  }
}

/**
 * prom-client's Histogram whose label children are bound for good. prom-client's own `labels(...)` child hashes its
 * label object again on every observe (about a microsecond on this machine); the card page's hot path observes once
 * per answer, so here a series is found once by a key the caller builds and kept, and the exposition is written from
 * the series when scraped. Registered, named, exposed and typed as any prom-client histogram.
 */
export class BoundHistogram<T extends string> extends Histogram<T> {
  private readonly metricName: string;
  private readonly helpText: string;
  private readonly bounds: readonly number[];
  private readonly bound = new Map<
    string,
    { readonly labels: Partial<Record<T, string>>; readonly values: HistogramSeries }
  >();

  constructor(configuration: HistogramConfiguration<T> & { readonly buckets: number[] }) {
    super(configuration);
    this.metricName = configuration.name;
    this.helpText = configuration.help;
    this.bounds = [...configuration.buckets].sort((a, b) => a - b);
  }

  /** The series bound to `key`, if any: the hot path's one map lookup. */
  series(key: string): HistogramSeries | undefined {
    return this.bound.get(key)?.values;
  }

  /** Binds `key` to a new series with these labels (one key per label combination: the caller's to keep). */
  bind(key: string, labels: Partial<Record<T, string>>): HistogramSeries {
    const values = new HistogramSeries(this.bounds);
    this.bound.set(key, { labels, values });
    return values;
  }

  // prom-client's registry asks getForPromString when a metric has one (Histogram has), get() otherwise: both answer
  // from the bound series. Neither calls the parent's, whose series stay empty.
  override get(): ReturnType<Histogram<T>['get']> {
    const values: Awaited<ReturnType<Histogram<T>['get']>>['values'] = [];
    for (const { labels, values: series } of this.bound.values()) {
      let cumulative = 0;
      this.bounds.forEach((bound, index) => {
        cumulative += series.counts[index] ?? 0;
        values.push({
          metricName: `${this.metricName}_bucket`,
          labels: Object.assign({ le: bound }, labels),
          value: cumulative,
        });
      });
      values.push({
        metricName: `${this.metricName}_bucket`,
        labels: Object.assign({ le: '+Inf' }, labels),
        value: series.count,
      });
      values.push({ metricName: `${this.metricName}_sum`, labels, value: series.sum });
      values.push({ metricName: `${this.metricName}_count`, labels, value: series.count });
    }
    return Promise.resolve({
      name: this.metricName,
      help: this.helpText,
      type: HISTOGRAM_TYPE,
      aggregator: 'sum',
      collect: () => undefined,
      values,
    });
  }

  getForPromString(): ReturnType<Histogram<T>['get']> {
    return this.get();
  }
}
