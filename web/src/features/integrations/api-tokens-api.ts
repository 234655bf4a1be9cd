import type {
  ApiTokensResponse,
  CreateApiTokenBody,
  CreateApiTokenResponse,
  RevokeApiTokenResponse,
} from '@kartvizit/schemas/account/token-http';
import { api } from '../../app/api.ts';

/**
 * The owner's personal API tokens (issue 35). The token itself comes back once, in the creation's answer, and is never
 * kept in the store's cache of the list. Every command answers a `position` the root base query keeps, so the refetch
 * its tag causes reads the change back. The 'ApiToken' tag is declared with every other in app/api.ts's TAG_TYPES.
 */
const LIST = { type: 'ApiToken', id: 'LIST' } as const;

export const apiTokensApi = api.injectEndpoints({
  endpoints: (build) => ({
    getApiTokens: build.query<ApiTokensResponse, void>({
      query: () => '/tokens',
      providesTags: [LIST],
    }),
    createApiToken: build.mutation<CreateApiTokenResponse, CreateApiTokenBody>({
      query: (body) => ({ url: '/tokens', method: 'POST', body }),
      invalidatesTags: (result) => (result ? [LIST] : []),
    }),
    revokeApiToken: build.mutation<RevokeApiTokenResponse, string>({
      query: (id) => ({ url: `/tokens/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (result) => (result ? [LIST] : []),
    }),
  }),
});

export const { useGetApiTokensQuery, useCreateApiTokenMutation, useRevokeApiTokenMutation } = apiTokensApi;
