/**
 * The load generator of the ingestion and card page benches, as a process of its own so it competes with neither
 * server for a thread: tests/bench/run.ts sends it autocannon options over IPC and gets back the counts of each run.
 */
import autocannon from 'autocannon';

/** What run.ts reads of an autocannon result. */
export interface LoadResult {
  /** Answers received, whatever their status. */
  readonly total: number;
  readonly ok: number;
  readonly non2xx: number;
  readonly errors: number;
  readonly timeouts: number;
  /** Seconds, exact to the sampling tick. */
  readonly duration: number;
  /**
   * Answers per status code ('200', '304', …): autocannon counts a 304 among `non2xx`, so a run that expects 304s
   * checks this instead.
   */
  readonly statusCodes: Readonly<Record<string, number>>;
  /** Request to answer, over every answer of the run (autocannon records whole milliseconds). */
  readonly latencyMs: { readonly p50: number; readonly p97_5: number; readonly p99: number };
}

export type LoadReply = { readonly result: LoadResult } | { readonly error: string };

// autocannon reports at its sampling tick: with the default 1 s tick a run that ends at 2.1 s counts as 3 s. A short
// tick makes `duration` exact to 50 ms; rates are then completed requests / duration, for the baseline and the beacons.
const SAMPLE_MS = 50;

process.on('message', (options: autocannon.Options) => {
  // excludeErrorStats stays off: the latency of a 304 (not 2xx to autocannon) is recorded like a 200's.
  autocannon({ ...options, sampleInt: SAMPLE_MS, excludeErrorStats: false }, (error: unknown, result) => {
    const reply: LoadReply = error
      ? { error: error instanceof Error ? error.message : 'autocannon failed' }
      : {
          result: {
            total: result.requests.total,
            ok: result['2xx'],
            non2xx: result.non2xx,
            errors: result.errors,
            timeouts: result.timeouts,
            duration: result.duration,
            statusCodes: Object.fromEntries(
              Object.entries(result.statusCodeStats ?? {}).map(([status, stats]) => [status, stats.count ?? 0]),
            ),
            latencyMs: { p50: result.latency.p50, p97_5: result.latency.p97_5, p99: result.latency.p99 },
          },
        };
    process.send?.(reply);
  });
});
process.send?.('ready');
