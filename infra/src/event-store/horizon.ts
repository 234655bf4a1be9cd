import { compareCheckpoints } from './checkpoint.ts';
import type { Checkpoint, EventStore } from './types.ts';

/**
 * Waits until readers can see every event up to `position`. A reader of the log never skips: it sees committed events
 * only below the oldest transaction still running anywhere on the database server (postgres.ts, READ_ALL_SQL), so a
 * writer open elsewhere on the same server, in another database too, holds it back for as long as it stays open. A
 * caller that reads right after its own append and expects to find it (a test) waits here first, as a projector would
 * simply read again on the next signal.
 */
export async function untilReadable(store: Pick<EventStore, 'headCheckpoint'>, position: Checkpoint, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (compareCheckpoints(await store.headCheckpoint(), position) < 0) {
    if (Date.now() > deadline) throw new Error(`events up to ${position} not readable within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
