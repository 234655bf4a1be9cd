import type {
  AccountSettingsResponse,
  ChangeEmailBody,
  ChangeEmailResponse,
  ConfirmEmailBody,
  DeleteAccountBody,
  DeleteAccountResponse,
  LeadAlertsBody,
  LeadAlertsResponse,
  RenameAccountBody,
  RenameAccountResponse,
} from '@kartvizit/schemas/account/http';
import type {
  PasskeyLoginBody,
  PasskeyOptionsResponse,
  SecondStepRequired,
  VerifySecondStepBody,
} from '@kartvizit/schemas/account/security-http';
import type {
  AuthSuccess,
  ChangePasswordBody,
  ChangePasswordResponse,
  ForgotPasswordBody,
  LoginBody,
  MeResponse,
  RegisterBody,
  ResetPasswordBody,
} from '@kartvizit/schemas/auth/http';
import { api } from '../../app/api.ts';
import { readDeviceTokens, rememberDeviceToken } from './device-tokens.ts';
import { userRefreshed } from './session-slice.ts';
import { storeToken } from './token.ts';

/** Both sign-up and sign-in mark this browser as a known device of the address (kept after sign-out). */
async function keepDeviceToken(queryFulfilled: Promise<{ data: AuthSuccess | SecondStepRequired }>): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    if ('deviceToken' in data && data.deviceToken) rememberDeviceToken(data.deviceToken);
  } catch {
    // The caller shows the failure.
  }
}

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    register: build.mutation<AuthSuccess, RegisterBody>({
      query: (body) => ({ url: '/auth/register', method: 'POST', body }),
      extraOptions: { anonymous: true },
      onQueryStarted: (_body, { queryFulfilled }) => keepDeviceToken(queryFulfilled),
    }),
    /** The right password signs in, or (two-step sign-in on, issue 34) answers the challenge for the code. */
    login: build.mutation<AuthSuccess | SecondStepRequired, Omit<LoginBody, 'deviceTokens'>>({
      // This browser's device tokens: with the address's own, its owner is not locked out by strangers' guesses.
      query: (body) => ({ url: '/auth/login', method: 'POST', body: { ...body, deviceTokens: readDeviceTokens() } }),
      extraOptions: { anonymous: true },
      onQueryStarted: (_body, { queryFulfilled }) => keepDeviceToken(queryFulfilled),
    }),
    /** The second step: the login's challenge and the app's code (or a recovery code). */
    verifySecondStep: build.mutation<AuthSuccess, Omit<VerifySecondStepBody, 'deviceTokens'>>({
      query: (body) => ({
        url: '/auth/2fa/verify',
        method: 'POST',
        body: { ...body, deviceTokens: readDeviceTokens() },
      }),
      extraOptions: { anonymous: true },
      onQueryStarted: (_body, { queryFulfilled }) => keepDeviceToken(queryFulfilled),
    }),
    /** 'Geçiş anahtarı ile giriş': the challenge the browser's passkey signs (no address typed). */
    passkeyLoginOptions: build.mutation<PasskeyOptionsResponse, void>({
      query: () => ({ url: '/auth/passkeys/login/options', method: 'POST', body: {} }),
      extraOptions: { anonymous: true },
    }),
    passkeyLogin: build.mutation<AuthSuccess, Omit<PasskeyLoginBody, 'deviceTokens'>>({
      query: (body) => ({
        url: '/auth/passkeys/login',
        method: 'POST',
        body: { ...body, deviceTokens: readDeviceTokens() },
      }),
      extraOptions: { anonymous: true },
      onQueryStarted: (_body, { queryFulfilled }) => keepDeviceToken(queryFulfilled),
    }),
    forgotPassword: build.mutation<{ success: true; message: string }, ForgotPasswordBody>({
      query: (body) => ({ url: '/auth/forgot-password', method: 'POST', body }),
      extraOptions: { anonymous: true },
    }),
    /** Sets the new password with the e-mailed link and signs in (like sign-in, it marks this browser known). */
    resetPassword: build.mutation<AuthSuccess | SecondStepRequired, ResetPasswordBody>({
      query: (body) => ({ url: '/auth/reset-password', method: 'POST', body }),
      extraOptions: { anonymous: true },
      onQueryStarted: (_body, { queryFulfilled }) => keepDeviceToken(queryFulfilled),
    }),
    changePassword: build.mutation<ChangePasswordResponse, ChangePasswordBody>({
      query: (body) => ({ url: '/auth/change-password', method: 'POST', body }),
      // The server revokes every older token, ours included: keep the fresh one or be signed out.
      async onQueryStarted(_body, { queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          storeToken(data.token);
        } catch {
          // The caller shows the failure.
        }
      },
    }),
    /** 'Hesap Ayarları': the sidebar and every screen show the new name at once. */
    renameAccount: build.mutation<RenameAccountResponse, RenameAccountBody>({
      query: (body) => ({ url: '/account/name', method: 'PUT', body }),
      invalidatesTags: ['Me'],
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(userRefreshed(data.user));
        } catch {
          // The caller shows the failure.
        }
      },
    }),
    /** 'E-posta Adresi': sends the confirmation link to the new address; the account keeps its address until then. */
    requestEmailChange: build.mutation<ChangeEmailResponse, ChangeEmailBody>({
      query: (body) => ({ url: '/account/email', method: 'POST', body }),
    }),
    /**
     * The link's screen: moves the account to the new address and signs this browser in (every other session ends),
     * so it sends no session of its own and marks this browser known for the new address.
     */
    confirmEmailChange: build.mutation<AuthSuccess | SecondStepRequired, ConfirmEmailBody>({
      query: (body) => ({ url: '/account/email/confirm', method: 'POST', body }),
      extraOptions: { anonymous: true },
      onQueryStarted: (_body, { queryFulfilled }) => keepDeviceToken(queryFulfilled),
    }),
    switchLeadAlerts: build.mutation<LeadAlertsResponse, LeadAlertsBody>({
      query: (body) => ({ url: '/account/lead-alerts', method: 'PUT', body }),
      invalidatesTags: ['Me'],
    }),
    /**
     * KVKK: the account and everything in it, for good. The caller ends the session (`endSession`, as signing out
     * does): session.ts imports this file, so it cannot be done here.
     */
    deleteAccount: build.mutation<DeleteAccountResponse, DeleteAccountBody>({
      query: (body) => ({ url: '/account', method: 'DELETE', body }),
    }),
    getAccountSettings: build.query<AccountSettingsResponse, void>({
      query: () => '/account/settings',
      providesTags: ['Me'],
    }),
    /** The KVKK copy as the server wrote it (text, so the page can hand it to the browser as a file). */
    exportAccount: build.query<{ readonly text: string; readonly fileName: string }, void>({
      query: () => ({ url: '/account/export', responseHandler: (response) => response.text() }),
      transformResponse: (text: string, meta) => ({
        text,
        fileName:
          /filename="([^"]+)"/.exec(meta?.response?.headers.get('content-disposition') ?? '')?.[1] ??
          'kartvizit-verilerim.json',
      }),
      keepUnusedDataFor: 0,
    }),
    getMe: build.query<MeResponse, void>({
      query: () => '/auth/me',
      providesTags: ['Me'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (data.success) dispatch(userRefreshed(data.user));
        } catch {
          // A 401 is handled by the base query; anything else leaves the session as it is.
        }
      },
    }),
  }),
});

export const {
  useRegisterMutation,
  useLoginMutation,
  useVerifySecondStepMutation,
  usePasskeyLoginOptionsMutation,
  usePasskeyLoginMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useChangePasswordMutation,
  useRequestEmailChangeMutation,
  useConfirmEmailChangeMutation,
  useRenameAccountMutation,
  useSwitchLeadAlertsMutation,
  useDeleteAccountMutation,
  useGetAccountSettingsQuery,
  useLazyExportAccountQuery,
  useGetMeQuery,
} = accountApi;
