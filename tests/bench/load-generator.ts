/**
 * The load generator of the ingestion bench, as a process of its own so it competes with neither server for a thread:
 * tests/bench/run.ts sends it autocannon options over IPC and gets back the counts of each run.
 */
import autocannon from 'autocannon';

/** What run.ts reads of an autocannon result. */
export interface LoadResult {
  readonly total: number;
  readonly ok: number;
  readonly non2xx: number;
  readonly errors: number;
  readonly timeouts: number;
  /** Seconds, exact to the sampling tick. */
  readonly duration: number;
}

export type LoadReply = { readonly result: LoadResult } | { readonly error: string };

// autocannon reports at its sampling tick: with the default 1 s tick a run that ends at 2.1 s counts as 3 s. A short
// tick makes `duration` exact to 50 ms; rates are then completed requests / duration, for the baseline and the beacons.
const SAMPLE_MS = 50;

process.on('message', (options: autocannon.Options) => {
  autocannon({ ...options, sampleInt: SAMPLE_MS }, (error: unknown, result) => {
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
          },
        };
    process.send?.(reply);
  });
});
process.send?.('ready');
