import type pg from 'pg';
import { compareCheckpoints } from '../event-store/checkpoint.ts';
import type { Checkpoint, EventStore } from '../event-store/types.ts';

/** How far one projection or reactor is behind the log's head. */
export interface ProcessingLag {
  readonly kind: 'projection' | 'reactor';
  readonly name: string;
  /** Events after its checkpoint, counted up to LAG_COUNT_LIMIT (a lag past it reads as the limit). */
  readonly eventsBehind: number;
  /** Age of the oldest event after its checkpoint; 0 when caught up. */
  readonly secondsBehind: number;
}

/**
 * The most events counted behind one checkpoint. Counting is a read of the log past the checkpoint (types filtered
 * to none, so no event's data comes back: see ReadAllOptions), and a scrape must stay cheap while a projection
 * rebuilds from millions; the seconds behind keep growing past it.
 */
export const LAG_COUNT_LIMIT = 10_000;

/**
 * Where every projection (projection_checkpoints, fed by the store or by Kafka alike: both move the store checkpoint)
 * and every reactor (reactor_checkpoints) stands against the log's head, as `npm run projector -- status` compares
 * them. Through the EventStore interface only, so it holds for every adapter. Checkpoints at the head cost nothing
 * beyond the head itself; equal checkpoints are measured once.
 */
export async function readProcessingLag(
  pool: pg.Pool,
  store: EventStore,
  now: () => Date = () => new Date(),
): Promise<ProcessingLag[]> {
  const head = await store.headCheckpoint();
  const { rows } = await pool.query<{ kind: 'projection' | 'reactor'; name: string; checkpoint: string | null }>(
    `SELECT 'projection' AS kind, name, checkpoint FROM projection_checkpoints
     UNION ALL SELECT 'reactor' AS kind, name, checkpoint FROM reactor_checkpoints
     ORDER BY kind, name`,
  );
  const measured = new Map<string, Promise<{ events: number; seconds: number }>>();
  const measure = (checkpoint: Checkpoint | null) => {
    const key = checkpoint ?? '';
    let found = measured.get(key);
    if (!found) {
      found = behind(store, checkpoint, head, now);
      measured.set(key, found);
    }
    return found;
  };
  return Promise.all(
    rows.map(async (row) => {
      const { events, seconds } = await measure(row.checkpoint as Checkpoint | null);
      return { kind: row.kind, name: row.name, eventsBehind: events, secondsBehind: seconds };
    }),
  );
}

async function behind(
  store: EventStore,
  checkpoint: Checkpoint | null,
  head: Checkpoint | null,
  now: () => Date,
): Promise<{ events: number; seconds: number }> {
  if (compareCheckpoints(checkpoint, head) >= 0) return { events: 0, seconds: 0 };
  const [counted, next] = await Promise.all([
    store.readAll(checkpoint, LAG_COUNT_LIMIT, { types: [] }),
    store.readAll(checkpoint, 1),
  ]);
  const oldest = next.events[0];
  // The head moved meanwhile but nothing past the checkpoint is visible yet: nothing to catch up on.
  if (!oldest) return { events: counted.scanned, seconds: 0 };
  return {
    events: Math.max(counted.scanned, 1),
    seconds: Math.max(0, (now().getTime() - oldest.createdAt.getTime()) / 1000),
  };
}

/** The projections (not the reactors: a mail server's outage must not take the site down) over a lag limit. */
export function projectionsOverLag(lags: readonly ProcessingLag[], maxSeconds: number): ProcessingLag[] {
  return lags.filter((lag) => lag.kind === 'projection' && lag.secondsBehind > maxSeconds);
}
