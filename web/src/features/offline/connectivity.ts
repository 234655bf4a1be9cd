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
let state: Connectivity = {
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  lastSeen: false,
};

function update(next: Connectivity): void {
  if (next.online === state.online && next.lastSeen === state.lastSeen) return;
  state = next;
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => update({ ...state, online: true }));
  window.addEventListener('offline', () => update({ ...state, online: false }));
}

/** Called by the base query with each query's answer. */
export function noteQueryAnswer(fromCache: boolean): void {
  update({ ...state, lastSeen: fromCache });
}

export function currentConnectivity(): Connectivity {
  return state;
}

/** True when what the screen shows may be old and writes cannot reach the server. */
export function isShowingLastSeen(connectivity: Connectivity): boolean {
  return !connectivity.online || connectivity.lastSeen;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useConnectivity(): Connectivity {
  return useSyncExternalStore(subscribe, currentConnectivity, currentConnectivity);
}
