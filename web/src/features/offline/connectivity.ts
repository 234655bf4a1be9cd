import { useSyncExternalStore } from 'react';

/**
 * Whether the screens show live data: the browser says it is offline, or the last answer to a query came from the
 * service worker's copy because the server could not be reached (LAST_SEEN_HEADER). One small store outside Redux:
 * the base query writes it for every answer and only the banner and the write guard read it.
 */
export interface Connectivity {
  readonly online: boolean;
  /** The newest query answer was a last-seen copy, not the server's. */
  readonly lastSeen: boolean;
}

const listeners = new Set<() => void>();
let state: Connectivity = { online: true, lastSeen: false };

function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine;
}

/** The same object while nothing changed, as useSyncExternalStore asks. */
function refresh(lastSeen: boolean = state.lastSeen): Connectivity {
  const online = browserOnline();
  if (online !== state.online || lastSeen !== state.lastSeen) state = { online, lastSeen };
  return state;
}

function notify(): void {
  const before = state;
  if (refresh() === before) return;
  for (const listener of listeners) listener();
}

/** Called by the base query with each query's answer. */
export function noteQueryAnswer(fromCache: boolean): void {
  const before = state;
  if (refresh(fromCache) === before) return;
  for (const listener of listeners) listener();
}

/** Read at the moment of asking: the browser's own flag, not a copy that waits for an event. */
export function currentConnectivity(): Connectivity {
  return refresh();
}

/** True when what the screen shows may be old and writes cannot reach the server. */
export function isShowingLastSeen(connectivity: Connectivity): boolean {
  return !connectivity.online || connectivity.lastSeen;
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    window.addEventListener('online', notify);
    window.addEventListener('offline', notify);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    window.removeEventListener('online', notify);
    window.removeEventListener('offline', notify);
  };
}

export function useConnectivity(): Connectivity {
  return useSyncExternalStore(subscribe, currentConnectivity, currentConnectivity);
}
