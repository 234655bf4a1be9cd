import { isCheckpoint } from '../event-store/checkpoint.ts';
import type { Checkpoint } from '../event-store/types.ts';

/**
 * The payload of a 'projection_advanced' signal: "<projection> <checkpoint>[ <touched>]".
 * `touched` names whose data the batch changed (owner ids, comma-separated), '-' for nobody and
 * '*' for anyone: a projection that does not say, or a batch that touched too many to name.
 * Readers that only want name and checkpoint may keep splitting on ' ' and ignore the rest.
 */
export interface ProjectionAdvanced {
  readonly projection: string;
  readonly checkpoint: Checkpoint | null;
  readonly touched: readonly string[] | typeof EVERYONE;
}

export const EVERYONE = '*';
const NOBODY = '-';

/** pg_notify refuses payloads of 8000 bytes or more; a few ids short of that is plenty. */
export const MAX_PROJECTION_SIGNAL_BYTES = 7000;

const ID = /^[^\s,*]+$/;

export function formatProjectionAdvanced(
  projection: string,
  checkpoint: Checkpoint | null,
  touched?: readonly string[],
): string {
  const head = `${projection} ${checkpoint ?? ''}`;
  if (touched === undefined) return head;
  const ids = [...new Set(touched)];
  if (ids.length === 0) return `${head} ${NOBODY}`;
  if (!ids.every((id) => ID.test(id) && id !== NOBODY)) return `${head} ${EVERYONE}`;
  const list = ids.join(',');
  // Ids are ASCII (uuids); the length in characters is the length in bytes.
  if (head.length + 1 + list.length > MAX_PROJECTION_SIGNAL_BYTES) return `${head} ${EVERYONE}`;
  return `${head} ${list}`;
}

export function parseProjectionAdvanced(payload: string): ProjectionAdvanced | null {
  const [projection, checkpoint, touched] = payload.split(' ');
  if (!projection) return null;
  return {
    projection,
    checkpoint: isCheckpoint(checkpoint) ? checkpoint : null,
    touched:
      touched === undefined || touched === EVERYONE
        ? EVERYONE
        : touched === NOBODY
          ? []
          : touched.split(',').filter((id) => id !== ''),
  };
}
