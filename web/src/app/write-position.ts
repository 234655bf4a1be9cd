import { MIN_POSITION_HEADER } from '@kartvizit/schemas/constants';

/**
 * Read-your-writes for every screen: each command answers with the event-store position it produced, and the next
 * query sends it back (x-min-position) so the query side waits for its projections before it reads. Without it, the
 * list re-fetched after "devre dışı bırak" could still show the card as active for a moment, and a saved profile
 * could come back as it was before the save. One position for all features: projections advance over the whole log,
 * so waiting for the newest position covers the earlier ones too. The root base query (api.ts) records and sends it;
 * features never see it.
 */
let newest: { readonly text: string; readonly major: bigint; readonly minor: bigint } | null = null;

const POSITION_PATTERN = /^(\d{1,20}):(\d{1,20})$/;

/**
 * The newest position also survives a reload of the tab (sessionStorage: this tab only, gone when it closes). An owner
 * who saves and at once presses F5 would otherwise read the screen from a read model that has not caught up, and see
 * the save undone. A position says nothing about anyone; storage that refuses (a private window) only loses this.
 */
const STORAGE_KEY = 'kartvizit.write-position';

function stored(): string | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function store(position: string): void {
  try {
    if (typeof sessionStorage !== 'undefined') sessionStorage.setItem(STORAGE_KEY, position);
  } catch {
    // Storage refused: the position still holds until the page is left.
  }
}

/**
 * Keeps `position` if it is later than the one kept. Positions come from command answers and from the statistics
 * stream's announcements, which can arrive out of order: an older one must not undo a newer write. Anything that is
 * not a "major:minor" position is dropped (the query side would ignore it too).
 */
export function recordPosition(position: string | null | undefined): void {
  const match = position ? POSITION_PATTERN.exec(position) : null;
  if (!position || !match?.[1] || !match[2]) return;
  const major = BigInt(match[1]);
  const minor = BigInt(match[2]);
  if (newest && (newest.major > major || (newest.major === major && newest.minor >= minor))) return;
  newest = { text: position, major, minor };
  store(position);
}

recordPosition(stored());

/** A command's answer; a save that changed nothing appends nothing and answers without a position. */
export function recordPositionOf(response: unknown): void {
  if (typeof response !== 'object' || response === null || !('position' in response)) return;
  const { position } = response;
  if (typeof position === 'string') recordPosition(position);
}

export function sendPosition(headers: Headers): void {
  if (newest) headers.set(MIN_POSITION_HEADER, newest.text);
}

/**
 * The owner's own card page after a change: the same position as a `?v=` parameter (a link cannot send headers).
 * A CDN in front keeps the plain address for up to a minute; this address it has never seen, and query-api waits for
 * the change before it answers.
 */
export function withWritePosition(pageUrl: string): string {
  if (!newest) return pageUrl;
  const url = new URL(pageUrl, window.location.href);
  url.searchParams.set('v', newest.text);
  return url.toString();
}
