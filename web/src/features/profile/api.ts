import type { ProfileMeResponse, ProfileSaveResponse } from '@kartvizit/schemas/http/profile';
import { api } from '../../app/api.ts';
import { readYourWritesHeaders, rememberWritePosition } from '../../app/write-position.ts';

function rememberPosition(response: ProfileSaveResponse): ProfileSaveResponse {
  rememberWritePosition(response);
  return response;
}

/** One profile per owner: the whole tag type, so other screens' profile reads refresh too. */
const PROFILE_TAG = 'Profile';

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<ProfileMeResponse, void>({
      // Built on every fetch, so a refetch after a save carries that save's position.
      query: () => ({
        url: '/profile/me',
        headers: readYourWritesHeaders(),
      }),
      providesTags: [PROFILE_TAG],
    }),
    createProfile: build.mutation<ProfileSaveResponse, FormData>({
      query: (body) => ({ url: '/profile', method: 'POST', body }),
      // Runs before the mutation settles, i.e. before the invalidated profile is fetched again.
      transformResponse: rememberPosition,
      invalidatesTags: (result) => (result ? [PROFILE_TAG] : []),
    }),
    updateProfile: build.mutation<ProfileSaveResponse, FormData>({
      query: (body) => ({ url: '/profile', method: 'PUT', body }),
      transformResponse: rememberPosition,
      invalidatesTags: (result) => (result ? [PROFILE_TAG] : []),
    }),
  }),
});

export const { useGetProfileQuery, useCreateProfileMutation, useUpdateProfileMutation } = profileApi;
