import { MIN_POSITION_HEADER } from '@kartvizit/schemas/constants';

/**
 * Read-your-writes for the card screens: every card command answers with the event-store
 * position it produced, and the next card query sends it back so the query side waits for its
 * projections before it reads. Without it, the list re-fetched after "devre dışı bırak" could
 * still show the card as active for a moment.
 */
let lastPosition: string | null = null;

export function rememberWritePosition(response: unknown): void {
  if (typeof response !== 'object' || response === null || !('position' in response)) return;
  const { position } = response;
  if (typeof position === 'string' && position !== '') lastPosition = position;
}

export function readYourWritesHeaders(): Record<string, string> {
  return lastPosition ? { [MIN_POSITION_HEADER]: lastPosition } : {};
}
