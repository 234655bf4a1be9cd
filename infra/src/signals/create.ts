import type pg from 'pg';
import { InProcessSignalBus } from './in-process.ts';
import { PostgresSignalBus } from './postgres.ts';
import { coalescedPublisher } from './coalesce.ts';
import type { SignalBus, SignalChannel } from './types.ts';

/**
 * 'in-process': one process runs everything (npm start); signals travel through RxJS Subjects.
 * 'postgres': services run as separate processes; signals travel through LISTEN/NOTIFY on the database server, whichever
 * event store holds the events (read models are always in PostgreSQL).
 */
export type SignalBusSettings =
  | { readonly kind: 'in-process' }
  | {
      readonly kind: 'postgres';
      /** Server to LISTEN on, through a connection of the bus's own. */
      readonly connectionString: string;
      /** Publishes through this pool; without it the bus keeps a small one of its own. */
      readonly pool?: pg.Pool;
      readonly reconnectDelayMs?: { readonly min: number; readonly max: number };
      readonly log?: (message: string) => void;
    };

/** The one place a signal bus is built. */
export function createSignalBus(settings: SignalBusSettings): SignalBus {
  switch (settings.kind) {
    case 'in-process':
      return new InProcessSignalBus();
    case 'postgres':
      return new PostgresSignalBus(settings);
    default: {
      const unknown: never = settings;
      throw new Error(`Unknown signal bus: ${JSON.stringify(unknown)}`);
    }
  }
}

/**
 * What a store's onAppended calls: publishes `channel` on the bus, at most one publish in flight plus one pending, so
 * thousands of appends a second stay a handful of NOTIFYs (coalesce.ts). A failed publish is logged; readers' polling
 * fallback covers it.
 */
export function wakeReaders(
  signals: SignalBus,
  log: (message: string) => void = () => undefined,
  channel: SignalChannel = 'events_appended',
): () => void {
  return coalescedPublisher(
    () => signals.publish(channel),
    (error) =>
      log(
        `Signal bus: publishing ${channel} failed (${error instanceof Error ? error.message : String(error)}); readers will poll`,
      ),
  );
}
