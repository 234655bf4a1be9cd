import type { ProfileMeResponse, ProfileSaveResponse } from '@kartvizit/schemas/profile/http';
import { api } from '../../app/api.ts';

/** One profile per owner: the whole tag type, so other screens' profile reads refresh too. */
const PROFILE_TAG = 'Profile';

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<ProfileMeResponse, void>({
      query: () => '/profile/me',
      providesTags: [PROFILE_TAG],
    }),
    createProfile: build.mutation<ProfileSaveResponse, FormData>({
      query: (body) => ({ url: '/profile', method: 'POST', body }),
      invalidatesTags: (result) => (result ? [PROFILE_TAG] : []),
    }),
    updateProfile: build.mutation<ProfileSaveResponse, FormData>({
      query: (body) => ({ url: '/profile', method: 'PUT', body }),
      invalidatesTags: (result) => (result ? [PROFILE_TAG] : []),
    }),
  }),
});

export const { useGetProfileQuery, useCreateProfileMutation, useUpdateProfileMutation } = profileApi;
