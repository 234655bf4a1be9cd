import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from '@kartvizit/schemas/auth/http';

/**
 * `unverified`: a token is held but the server could not be asked about it (no network, a time-out,
 * a 5xx). It counts as signed in until the server refuses it; the user is not known yet.
 */
export type SessionStatus = 'loading' | 'authenticated' | 'unverified' | 'unauthenticated';

export interface SessionState {
  readonly status: SessionStatus;
  readonly user: User | null;
  /** Bumped each time the server rejects our token, so the router can send the user to sign in. */
  readonly expiredCount: number;
}

const initialState: SessionState = { status: 'loading', user: null, expiredCount: 0 };

/** Only state lives here; the token in localStorage is written by the thunks in session.ts. */
export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    sessionStarted(state, action: PayloadAction<User>) {
      return { ...state, status: 'authenticated', user: action.payload };
    },
    userRefreshed(state, action: PayloadAction<User>) {
      return state.status === 'authenticated' ? { ...state, user: action.payload } : state;
    },
    sessionUnverified(state) {
      return { ...state, status: 'unverified', user: null };
    },
    sessionEnded(state) {
      return { ...state, status: 'unauthenticated', user: null };
    },
    sessionExpired(state) {
      return { status: 'unauthenticated', user: null, expiredCount: state.expiredCount + 1 };
    },
  },
  selectors: {
    selectSessionStatus: (state) => state.status,
    selectCurrentUser: (state) => state.user,
    selectExpiredCount: (state) => state.expiredCount,
  },
});

export const { sessionStarted, userRefreshed, sessionUnverified, sessionEnded, sessionExpired } = sessionSlice.actions;
export const { selectSessionStatus, selectCurrentUser, selectExpiredCount } = sessionSlice.selectors;
