import { ConcurrencyError, DuplicateEventError, type EventStore } from '../event-store/types.ts';
import type { AppendOutcome, MetricsRecorder } from './registry.ts';

/**
 * The store with every append timed and its size counted (decision 45). createEventStore applies it, so every adapter
 * is measured once and nothing else changes: reads pass straight through.
 */
export function measureAppends(store: EventStore, recorder: MetricsRecorder): EventStore {
  return {
    async append(requests) {
      const started = performance.now();
      let events = 0;
      for (const request of requests) events += request.events.length;
      let outcome: AppendOutcome = 'ok';
      try {
        return await store.append(requests);
      } catch (error) {
        outcome = error instanceof ConcurrencyError || error instanceof DuplicateEventError ? 'conflict' : 'error';
        throw error;
      } finally {
        recorder.appendObserved({ seconds: (performance.now() - started) / 1000, events, outcome });
      }
    },
    readStream: (streamId, options) => store.readStream(streamId, options),
    readAll: (after, limit, options) => store.readAll(after, limit, options),
    headCheckpoint: () => store.headCheckpoint(),
    heldBack: () => store.heldBack(),
    close: () => store.close(),
  };
}
