import type { User } from '@kartvizit/schemas';
import { TOKEN_STORAGE_KEY } from '@kartvizit/schemas/constants';
import { api } from '../../app/api.ts';
import type { AppStore, AppThunk } from '../../app/store.ts';
import { accountApi } from './api.ts';
import { sessionEnded, sessionStarted } from './session-slice.ts';
import { clearToken, decodeClaims, isExpired, readToken, storeToken } from './token.ts';

/** SPEC §4: no token → signed out; expired or unreadable → cleared; otherwise ask the server. */
export function restoreSession(): AppThunk<Promise<void>> {
  return async (dispatch) => {
    const token = readToken();
    if (!token) {
      dispatch(sessionEnded());
      return;
    }
    const claims = decodeClaims(token);
    if (!claims || isExpired(claims)) {
      clearToken();
      dispatch(sessionEnded());
      return;
    }
    const request = dispatch(accountApi.endpoints.getMe.initiate(undefined, { forceRefetch: true }));
    try {
      const me = await request.unwrap();
      if (!me.success) throw new Error('current-user call answered without success');
      // Another tab may have signed out or in while we waited.
      if (readToken() === token) dispatch(sessionStarted(me.user));
    } catch (error) {
      console.warn('Oturum doğrulanamadı', error);
      if (readToken() === token) clearToken();
      dispatch(sessionEnded());
    } finally {
      request.unsubscribe();
    }
  };
}

export function startSession(token: string, user: User): AppThunk {
  return (dispatch) => {
    // Nothing cached for a previous account may be shown to this one.
    dispatch(api.util.resetApiState());
    storeToken(token);
    void dispatch(accountApi.util.upsertQueryData('getMe', undefined, { success: true, user }));
    dispatch(sessionStarted(user));
  };
}

export function endSession(): AppThunk {
  return (dispatch) => {
    clearToken();
    dispatch(sessionEnded());
    dispatch(api.util.resetApiState());
  };
}

/** Signing in or out in one tab does the same in the others (they share localStorage). */
export function followSessionAcrossTabs(store: AppStore): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.storageArea !== window.localStorage) return;
    if (event.key !== null && event.key !== TOKEN_STORAGE_KEY) return;
    if (event.newValue === null || event.key === null) {
      if (store.getState().session.status === 'authenticated') store.dispatch(endSession());
      return;
    }
    if (event.newValue !== event.oldValue) void store.dispatch(restoreSession());
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
