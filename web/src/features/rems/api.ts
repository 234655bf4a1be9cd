import type {
  RemoveRemsKeyResponse,
  RemsStatsResponse,
  RemsStatusResponse,
  RetryRemsKeyFailuresResponse,
  RetryRemsRegistrationResponse,
  SaveRemsKeyResponse,
} from '@kartvizit/schemas/rems/http';
import { api } from '../../app/api.ts';

/**
 * The owner's REMS integration (SPEC §7 REMS). The key goes to the server once, in the save body,
 * and never comes back: the status carries its last 4 characters while it is active. The stats (counters and
 * 'Son Kayıtlar') are tagged STATS, so a save, a removal or a retry refreshes them too.
 */
const STATUS = { type: 'Rems', id: 'STATUS' } as const;
const STATS = { type: 'Rems', id: 'STATS' } as const;
/** A lead of 'Görüşme Planla' shows its REMS status in 'Bağlantılar': a retry changes it. */
const LEADS = { type: 'Lead', id: 'LIST' } as const;

export const remsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRemsStatus: build.query<RemsStatusResponse, void>({
      query: () => '/rems/status',
      providesTags: [STATUS],
    }),
    getRemsStats: build.query<RemsStatsResponse, void>({
      query: () => '/rems/stats',
      providesTags: [STATS],
    }),
    /** 'Tekrar Dene' on a failed registration. */
    retryRemsRegistration: build.mutation<RetryRemsRegistrationResponse, string>({
      query: (registrationId) => ({
        url: `/rems/registrations/${encodeURIComponent(registrationId)}/retry`,
        method: 'POST',
      }),
      invalidatesTags: (result) => (result ? [STATS, LEADS] : []),
    }),
    /** After a key is saved again: every registration that failed for want of a working key. */
    retryRemsKeyFailures: build.mutation<RetryRemsKeyFailuresResponse, void>({
      query: () => ({ url: '/rems/registrations/retry-key-failures', method: 'POST' }),
      invalidatesTags: (result) => (result ? [STATS, LEADS] : []),
    }),
    saveRemsApiKey: build.mutation<SaveRemsKeyResponse, string>({
      query: (apiKey) => ({ url: '/rems/save-api-key', method: 'POST', body: { apiKey } }),
      // The answer already says the key is active: show it at once, then read the status again (with the write's position).
      async onQueryStarted(_apiKey, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            remsApi.util.updateQueryData('getRemsStatus', undefined, (draft) => {
              draft.hasActiveKey = true;
              draft.keyHint = data.keyHint;
            }),
          );
        } catch {
          // The screen shows the failure; the status is unchanged.
        }
      },
      invalidatesTags: (result) => (result ? [STATUS, STATS] : []),
    }),
    removeRemsApiKey: build.mutation<RemoveRemsKeyResponse, void>({
      query: () => ({ url: '/rems/remove-api-key', method: 'DELETE' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(
            remsApi.util.updateQueryData('getRemsStatus', undefined, (draft) => {
              draft.hasActiveKey = false;
              draft.keyHint = null;
            }),
          );
        } catch {
          // The screen shows the failure; the key stays active.
        }
      },
      invalidatesTags: (result) => (result ? [STATUS, STATS] : []),
    }),
  }),
});

export const {
  useGetRemsStatusQuery,
  useGetRemsStatsQuery,
  useSaveRemsApiKeyMutation,
  useRemoveRemsApiKeyMutation,
  useRetryRemsRegistrationMutation,
  useRetryRemsKeyFailuresMutation,
} = remsApi;
