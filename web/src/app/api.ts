import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import { toast } from 'sonner';
import { MESSAGES } from '@kartvizit/schemas/messages';
import { asksForSecondStepSetup } from '../features/account/security-format.ts';
import { secondStepSetupNoted, sessionExpired } from '../features/account/session-slice.ts';
import { clearToken, readToken } from '../features/account/token.ts';
import { currentConnectivity, noteQueryAnswer } from '../features/offline/connectivity.ts';
import { LAST_SEEN_HEADER } from '../features/offline/owner-data.ts';
import { forgetOwnerData } from '../features/offline/owner-data-store.ts';
import { OFFLINE_TEXT } from '../features/offline/texts.ts';
import { recordPositionOf, sendPosition } from './write-position.ts';

/** Every tag of every feature, declared once: tags only invalidate within one api slice. */
export const TAG_TYPES = [
  'Me',
  'Profile',
  'Card',
  'Product',
  'Statistics',
  'Rems',
  'Meeting',
  'Lead',
  'Office',
  'Share',
  'Security',
  'Webhook',
  'ApiToken',
] as const;

/** Endpoints pass `extraOptions: { anonymous: true }` when no session may be sent (sign-in, sign-up). */
export interface ApiExtraOptions {
  readonly anonymous?: boolean;
}

const REQUEST_TIMEOUT_MS = 20_000;
const SESSION_EXPIRED_TOAST_ID = 'session-expired';

/**
 * The server refused the session this page still holds (a 401 for the token it sent): the token and every offline
 * copy of the owner's answers are dropped, the app signs out and says why. Every caller that sends the token (the
 * API's base query, the image upload) ends it this one way.
 */
export function endRefusedSession(dispatch: (action: ReturnType<typeof sessionExpired>) => unknown): void {
  clearToken();
  void forgetOwnerData();
  dispatch(sessionExpired());
  toast.error(MESSAGES.sessionExpired, { id: SESSION_EXPIRED_TOAST_ID });
}

function isAnonymous(extraOptions: unknown): boolean {
  return (
    typeof extraOptions === 'object' &&
    extraOptions !== null &&
    'anonymous' in extraOptions &&
    extraOptions.anonymous === true
  );
}

const fetchFromApi = fetchBaseQuery({
  baseUrl: '/api',
  timeout: REQUEST_TIMEOUT_MS,
  prepareHeaders(headers, { extraOptions, type }) {
    // Read-your-writes: every read waits for the newest position this tab has seen (write-position.ts).
    if (type === 'query') sendPosition(headers);
    if (isAnonymous(extraOptions)) return headers;
    const token = readToken();
    if (token) headers.set('authorization', `Bearer ${token}`);
    return headers;
  },
});

/**
 * A 401 to a request that carried the current token means the server no longer accepts this
 * session (expired, password changed, account gone): end it everywhere, say so once, and let the
 * router send the user to sign in. A 401 for an older token (replaced while the request was in
 * flight) or for a sign-in attempt is just that request's answer.
 */
const baseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  ApiExtraOptions,
  FetchBaseQueryMeta
> = async (args, queryApi, extraOptions) => {
  // Offline a write is refused at once, in words, and never queued to happen behind the person's back (issue 17).
  if (queryApi.type === 'mutation' && !currentConnectivity().online) {
    const message = OFFLINE_TEXT.writeNeedsConnection;
    return { error: { status: 'CUSTOM_ERROR', error: message, data: { success: false, message } } };
  }
  const result = await fetchFromApi(args, queryApi, extraOptions);
  // The service worker marks an answer it took from its copy because the server could not be reached.
  if (queryApi.type === 'query' && result.meta?.response) {
    noteQueryAnswer(result.meta.response.headers.has(LAST_SEEN_HEADER));
  }
  // Before the mutation settles, so the queries it invalidates already carry its position.
  if (queryApi.type === 'mutation' && result.data !== undefined) recordPositionOf(result.data);
  if (result.error?.status === 401) {
    const sent = result.meta?.request.headers.get('authorization') ?? null;
    const current = readToken();
    if (sent !== null && current !== null && sent === `Bearer ${current}`) {
      endRefusedSession(queryApi.dispatch);
    }
  }
  if (asksForSecondStepSetup(result.error)) queryApi.dispatch(secondStepSetupNoted(true));
  return result;
};

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
  refetchOnReconnect: true,
});
