import { compareCheckpoints } from '@kartvizit/infra/event-store/checkpoint';
import type { Checkpoint, EventStore, RecordedEvent } from '@kartvizit/infra/event-store/types';

/** Events read per round while scanning the log. */
const SCAN_BATCH = 1000;

/**
 * What `pick` takes from every event of `types` in the log, from its start up to and including `upTo`, read as stored
 * (unsealed fields only: the erasure reactors look for ids, never for what a person wrote). Undefined: nothing taken.
 */
export async function scanLogUpTo<T>(
  store: EventStore,
  types: readonly string[],
  upTo: Checkpoint,
  pick: (recorded: RecordedEvent) => T | undefined,
): Promise<T[]> {
  const found: T[] = [];
  let after: Checkpoint | null = null;
  for (;;) {
    const read = await store.readAll(after, SCAN_BATCH, { types });
    if (read.scanned === 0) return found;
    for (const recorded of read.events) {
      if (compareCheckpoints(recorded.position, upTo) > 0) return found;
      const taken = pick(recorded);
      if (taken !== undefined) found.push(taken);
    }
    after = read.checkpoint;
  }
}
