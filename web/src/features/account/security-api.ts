import type {
  AccountSecurityResponse,
  AddPasskeyBody,
  AddPasskeyResponse,
  DisableTwoFactorBody,
  EnableTwoFactorBody,
  EnableTwoFactorResponse,
  EndSessionsResponse,
  PasskeyOptionsResponse,
  SecurityChangeResponse,
  TwoFactorSetupResponse,
} from '@kartvizit/schemas/account/security-http';
import { api, TAG_TYPES } from '../../app/api.ts';
import type { RootState } from '../../app/store.ts';
import { secondStepSetupNoted, selectSecondStepSetupRequired } from './session-slice.ts';

export type { AccountSecurity, AccountSession, Passkey } from '@kartvizit/schemas/account/security-http';

/**
 * /account's 'Güvenlik' (issue 34): two-step sign-in, passkeys and sessions. Every change invalidates 'Security'; the
 * root base query has already kept the change's `position`, so the refetch sends it (x-min-position) and reads the
 * change back (read-your-writes, app/write-position.ts).
 */
const invalidatesOnSuccess = (result: unknown) => (result ? (['Security'] as const) : []);

export const securityApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAccountSecurity: build.query<AccountSecurityResponse, void>({
      query: () => '/account/security',
      providesTags: ['Security'],
      async onQueryStarted(_arg, lifecycle) {
        const { dispatch, queryFulfilled } = lifecycle;
        try {
          const { data } = await queryFulfilled;
          const { twoFactor, passkeys, officeRequiresSecondStep } = data.security;
          // The same rule as the server's: an office that requires it, and neither two-step sign-in nor a passkey.
          const required = officeRequiresSecondStep && !twoFactor.enabled && passkeys.length === 0;
          const wasRequired = selectSecondStepSetupRequired(lifecycle.getState() as RootState);
          dispatch(secondStepSetupNoted(required));
          // Set up now: what the rest of the app was refused (the sidebar's office, say) is asked for again.
          if (wasRequired && !required) {
            dispatch(api.util.invalidateTags(TAG_TYPES.filter((tag) => tag !== 'Security')));
          }
        } catch {
          // The section shows the failure.
        }
      },
    }),
    /** A new secret, not in effect until a code from the app confirms it (`enableTwoFactor`). */
    startTwoFactorSetup: build.mutation<TwoFactorSetupResponse, void>({
      query: () => ({ url: '/auth/2fa/setup', method: 'POST', body: {} }),
    }),
    enableTwoFactor: build.mutation<EnableTwoFactorResponse, EnableTwoFactorBody>({
      query: (body) => ({ url: '/auth/2fa/enable', method: 'POST', body }),
      invalidatesTags: invalidatesOnSuccess,
    }),
    disableTwoFactor: build.mutation<SecurityChangeResponse, DisableTwoFactorBody>({
      query: (body) => ({ url: '/auth/2fa/disable', method: 'POST', body }),
      invalidatesTags: invalidatesOnSuccess,
    }),
    passkeyRegistrationOptions: build.mutation<PasskeyOptionsResponse, void>({
      query: () => ({ url: '/auth/passkeys/register/options', method: 'POST', body: {} }),
    }),
    addPasskey: build.mutation<AddPasskeyResponse, AddPasskeyBody>({
      query: (body) => ({ url: '/auth/passkeys', method: 'POST', body }),
      invalidatesTags: invalidatesOnSuccess,
    }),
    removePasskey: build.mutation<SecurityChangeResponse, string>({
      query: (id) => ({ url: `/auth/passkeys/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: invalidatesOnSuccess,
    }),
    endAccountSession: build.mutation<SecurityChangeResponse, string>({
      query: (id) => ({ url: `/account/sessions/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: invalidatesOnSuccess,
    }),
    endOtherSessions: build.mutation<EndSessionsResponse, void>({
      query: () => ({ url: '/account/sessions/end-others', method: 'POST', body: {} }),
      invalidatesTags: invalidatesOnSuccess,
    }),
  }),
});

export const {
  useGetAccountSecurityQuery,
  useStartTwoFactorSetupMutation,
  useEnableTwoFactorMutation,
  useDisableTwoFactorMutation,
  usePasskeyRegistrationOptionsMutation,
  useAddPasskeyMutation,
  useRemovePasskeyMutation,
  useEndAccountSessionMutation,
  useEndOtherSessionsMutation,
} = securityApi;
