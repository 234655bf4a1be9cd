import type { User } from '@kartvizit/schemas/auth/http';
import { TOKEN_STORAGE_KEY } from '@kartvizit/schemas/constants';
import { api } from '../../app/api.ts';
import type { AppStore, AppThunk } from '../../app/store.ts';
import { accountApi } from './api.ts';
import { forgetOwnerData, keepOwnerDataFor } from '../offline/owner-data-store.ts';
import { retryDelayMs, sessionCheckOutcome } from './session-check.ts';
import { sessionEnded, sessionStarted, sessionUnverified } from './session-slice.ts';
import { clearToken, decodeClaims, isExpired, readToken, storeToken } from './token.ts';

/**
 * A session the server could not be asked about is asked again: after a growing pause, at once
 * when the browser says the network is back, or when the person presses 'Şimdi Dene'. One retry
 * is pending at a time per tab.
 */
const retry: { timer: number | null; attempt: number; onOnline: (() => void) | null } = {
  timer: null,
  attempt: 0,
  onOnline: null,
};

function cancelRetry(): void {
  if (retry.timer !== null) window.clearTimeout(retry.timer);
  if (retry.onOnline) window.removeEventListener('online', retry.onOnline);
  retry.timer = null;
  retry.onOnline = null;
}

function settled(): void {
  cancelRetry();
  retry.attempt = 0;
}

function scheduleRetry(again: () => void): void {
  cancelRetry();
  retry.attempt += 1;
  const run = () => {
    cancelRetry();
    again();
  };
  retry.timer = window.setTimeout(run, retryDelayMs(retry.attempt));
  retry.onOnline = run;
  window.addEventListener('online', run);
}

/**
 * SPEC §4: no token → signed out; expired or unreadable → cleared; otherwise ask the server.
 * Only the server refusing the token signs out (see `sessionCheckOutcome`); when it cannot be
 * reached the token stays, the session is `unverified` and the question is asked again.
 */
export function restoreSession(): AppThunk<Promise<void>> {
  return async (dispatch) => {
    cancelRetry();
    const token = readToken();
    if (!token) {
      settled();
      void forgetOwnerData();
      dispatch(sessionEnded());
      return;
    }
    const claims = decodeClaims(token);
    if (!claims || isExpired(claims)) {
      settled();
      clearToken();
      void forgetOwnerData();
      dispatch(sessionEnded());
      return;
    }
    const request = dispatch(accountApi.endpoints.getMe.initiate(undefined, { forceRefetch: true }));
    let outcome;
    try {
      outcome = sessionCheckOutcome(await request);
    } finally {
      request.unsubscribe();
    }
    // Another tab may have signed out or in while we waited: its own event decides then.
    if (readToken() !== token) return;
    switch (outcome.kind) {
      case 'confirmed':
        settled();
        void keepOwnerDataFor(token);
        dispatch(sessionStarted(outcome.user));
        return;
      case 'refused':
        settled();
        clearToken();
        void forgetOwnerData();
        dispatch(sessionEnded());
        return;
      case 'unreachable':
        console.warn(`Oturum doğrulanamadı (${outcome.reason}); oturum korunuyor, yeniden denenecek`);
        dispatch(sessionUnverified());
        scheduleRetry(() => void dispatch(restoreSession()));
        return;
      default: {
        const unknown: never = outcome;
        return unknown;
      }
    }
  };
}

export function startSession(token: string, user: User): AppThunk {
  return (dispatch) => {
    settled();
    // Nothing cached for a previous account may be shown to this one, here or in the offline copies.
    dispatch(api.util.resetApiState());
    void keepOwnerDataFor(token);
    storeToken(token);
    void dispatch(accountApi.util.upsertQueryData('getMe', undefined, { success: true, user }));
    dispatch(sessionStarted(user));
  };
}

export function endSession(): AppThunk {
  return (dispatch) => {
    settled();
    clearToken();
    void forgetOwnerData();
    dispatch(sessionEnded());
    dispatch(api.util.resetApiState());
  };
}

/**
 * 'Çıkış Yap': the server ends this session (issue 34: it is listed under 'Oturumlar' until then) and the page signs
 * out at once, whatever the server answers or if it cannot be reached.
 */
export function signOut(): AppThunk {
  return (dispatch) => {
    const token = readToken();
    // A plain keepalive request naming its token: it outlives the page's own sign-out (which resets the API state
    // and clears the token at once) and a navigation away. Its answer changes nothing here: a session already ended
    // answers 401, which ends nothing more.
    if (token) {
      void fetch('/api/auth/logout', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{}',
        keepalive: true,
      }).catch(() => undefined);
    }
    dispatch(endSession());
  };
}

/** Signing in or out in one tab does the same in the others (they share localStorage). */
export function followSessionAcrossTabs(store: AppStore): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.storageArea !== window.localStorage) return;
    if (event.key !== null && event.key !== TOKEN_STORAGE_KEY) return;
    if (event.newValue === null || event.key === null) {
      // Also while our own check is still open (loading or unverified): the other tab has decided.
      if (store.getState().session.status !== 'unauthenticated') store.dispatch(endSession());
      return;
    }
    if (event.newValue !== event.oldValue) void store.dispatch(restoreSession());
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
