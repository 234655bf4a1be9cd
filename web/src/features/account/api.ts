import type {
  AuthSuccess,
  ChangePasswordBody,
  ChangePasswordResponse,
  LoginBody,
  MeResponse,
  RegisterBody,
} from '@kartvizit/schemas';
import { api } from '../../app/api.ts';
import { userRefreshed } from './session-slice.ts';
import { storeToken } from './token.ts';

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    register: build.mutation<AuthSuccess, RegisterBody>({
      query: (body) => ({ url: '/auth/register', method: 'POST', body }),
      extraOptions: { anonymous: true },
    }),
    login: build.mutation<AuthSuccess, LoginBody>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
      extraOptions: { anonymous: true },
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

export const { useRegisterMutation, useLoginMutation, useChangePasswordMutation, useGetMeQuery } = accountApi;
