import { MIN_POSITION_HEADER } from '@kartvizit/schemas/constants';
import type { ProfileMeResponse, ProfileSaveResponse } from '@kartvizit/schemas/http/profile';
import { api } from '../../app/api.ts';

/**
 * Read-your-writes: a save answers with the event-store position it produced and the next
 * profile read sends it back, so the query side waits for its projection instead of answering
 * with the profile as it was before the save.
 */
let lastWritePosition: string | null = null;

function rememberPosition(response: ProfileSaveResponse): ProfileSaveResponse {
  // A save that changed nothing appends nothing and answers without a position.
  if (response.position) lastWritePosition = response.position;
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
        headers: lastWritePosition ? { [MIN_POSITION_HEADER]: lastWritePosition } : {},
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
