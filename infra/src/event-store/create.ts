import type pg from 'pg';
import type { EventStoreSettings } from '../config/env.ts';
import type { EventStore } from './types.ts';
import { measureAppends } from '../metrics/event-store.ts';
import type { MetricsRecorder } from '../metrics/registry.ts';

export interface EventStoreDependencies {
  /**
   * The PostgreSQL pool of the process. The postgres store keeps its events there; read models, checkpoints and the
   * vault stay there whichever store is chosen. Only the postgres store needs it.
   */
  readonly pool?: pg.Pool;
  /**
   * Called after every append that wrote events (never for a failed one, nor for a retry that wrote nothing); must not
   * throw. The runtime passes the signal bus's coalesced 'events_appended' publish here.
   */
  readonly onAppended?: () => void;
  /** Where every append's latency and size go (/metrics, decision 45); unset: not measured. */
  readonly metrics?: MetricsRecorder;
}

/**
 * The one place an event store is built (EVENT_STORE: postgres | kurrentdb). The KurrentDB client, gRPC and its
 * native bridge are loaded only when that store is chosen.
 */
export async function createEventStore(
  settings: EventStoreSettings,
  deps: EventStoreDependencies,
): Promise<EventStore> {
  const store = await createAdapter(settings, deps);
  return deps.metrics ? measureAppends(store, deps.metrics) : store;
}

async function createAdapter(settings: EventStoreSettings, deps: EventStoreDependencies): Promise<EventStore> {
  switch (settings.kind) {
    case 'postgres': {
      if (!deps.pool) throw new Error('EVENT_STORE=postgres needs the PostgreSQL pool');
      const { PostgresEventStore } = await import('./postgres.ts');
      return new PostgresEventStore({ pool: deps.pool, onAppended: deps.onAppended });
    }
    case 'kurrentdb': {
      const { KurrentDbEventStore } = await import('./kurrentdb.ts');
      return KurrentDbEventStore.connect({ url: settings.url, onAppended: deps.onAppended });
    }
    default: {
      const unknown: never = settings;
      throw new Error(`Unknown event store: ${JSON.stringify(unknown)}`);
    }
  }
}
