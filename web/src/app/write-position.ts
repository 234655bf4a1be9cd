import { MIN_POSITION_HEADER } from '@kartvizit/schemas/constants';

/**
 * Read-your-writes for every screen: each command answers with the event-store position it produced, and the next
 * query sends it back (x-min-position) so the query side waits for its projections before it reads. Without it, the
 * list re-fetched after "devre dışı bırak" could still show the card as active for a moment, and a saved profile
 * could come back as it was before the save. One position for all features: projections advance over the whole log,
 * so waiting for the newest write covers the earlier ones too.
 */
let lastPosition: string | null = null;

export function rememberWritePosition(response: unknown): void {
  if (typeof response !== 'object' || response === null || !('position' in response)) return;
  const { position } = response;
  // A save that changed nothing appends nothing and answers without a position.
  if (typeof position === 'string' && position !== '') lastPosition = position;
}

export function readYourWritesHeaders(): Record<string, string> {
  return lastPosition ? { [MIN_POSITION_HEADER]: lastPosition } : {};
}

/**
 * The owner's own card page after a change: the same position as a `?v=` parameter (a link cannot send headers).
 * A CDN in front keeps the plain address for up to a minute; this address it has never seen, and query-api waits for
 * the change before it answers.
 */
export function withWritePosition(pageUrl: string): string {
  if (!lastPosition) return pageUrl;
  const url = new URL(pageUrl, window.location.href);
  url.searchParams.set('v', lastPosition);
  return url.toString();
}
