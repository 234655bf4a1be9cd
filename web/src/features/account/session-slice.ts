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
  /**
   * The person's office requires a second step they have not set up (issue 34): the server answered 403 with
   * `field: 'secondStepSetup'`, or /account's 'Güvenlik' read it so. Until it is cleared only /account opens.
   */
  readonly secondStepSetupRequired: boolean;
}

const initialState: SessionState = {
  status: 'loading',
  user: null,
  expiredCount: 0,
  secondStepSetupRequired: false,
};

/** Only state lives here; the token in localStorage is written by the thunks in session.ts. */
export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    sessionStarted(state, action: PayloadAction<User>) {
      return { ...state, status: 'authenticated', user: action.payload, secondStepSetupRequired: false };
    },
    userRefreshed(state, action: PayloadAction<User>) {
      return state.status === 'authenticated' ? { ...state, user: action.payload } : state;
    },
    sessionUnverified(state) {
      return { ...state, status: 'unverified', user: null };
    },
    sessionEnded(state) {
      return { ...state, status: 'unauthenticated', user: null, secondStepSetupRequired: false };
    },
    sessionExpired(state) {
      return {
        status: 'unauthenticated',
        user: null,
        expiredCount: state.expiredCount + 1,
        secondStepSetupRequired: false,
      };
    },
    /** True: lead the person to /account#guvenlik and keep the rest of the app closed; false: it is set up. */
    secondStepSetupNoted(state, action: PayloadAction<boolean>) {
      return state.secondStepSetupRequired === action.payload
        ? state
        : { ...state, secondStepSetupRequired: action.payload };
    },
  },
  selectors: {
    selectSessionStatus: (state) => state.status,
    selectCurrentUser: (state) => state.user,
    selectExpiredCount: (state) => state.expiredCount,
    selectSecondStepSetupRequired: (state) => state.secondStepSetupRequired,
  },
});

export const { sessionStarted, userRefreshed, sessionUnverified, sessionEnded, sessionExpired, secondStepSetupNoted } =
  sessionSlice.actions;
export const { selectSessionStatus, selectCurrentUser, selectExpiredCount, selectSecondStepSetupRequired } =
  sessionSlice.selectors;
