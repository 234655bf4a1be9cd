import type { RemoveRemsKeyResponse, SaveRemsKeyResponse } from '@kartvizit/schemas/rems/http';
import type {
  CardOrderResponse,
  CurrentOfficeResponse,
  InvitationPreviewResponse,
  OfficeCardsResponse,
  OfficeCommandResponse,
  OfficeDetailsBody,
  OfficeHistoryResponse,
  OfficeInvitationsResponse,
  OfficeMembersResponse,
  OfficeTemplateBody,
} from '@kartvizit/schemas/office/http';
import type { OfficeRole } from '@kartvizit/schemas/office/model';
import { api } from '../../app/api.ts';

export type {
  CardOrderResponse,
  CurrentOfficeResponse,
  InvitationPreviewResponse,
  OfficeCardView,
  OfficeCommandResponse,
  OfficeHistoryEntry,
  OfficeInvitationView,
  OfficeMemberView,
  OfficeView,
} from '@kartvizit/schemas/office/http';

/** The office's parts, each its own tag, so a command refetches exactly what it changed (with its position). */
const CURRENT = { type: 'Office', id: 'CURRENT' } as const;
const MEMBERS = { type: 'Office', id: 'MEMBERS' } as const;
const INVITATIONS = { type: 'Office', id: 'INVITATIONS' } as const;
const CARDS = { type: 'Office', id: 'CARDS' } as const;
const HISTORY = { type: 'Office', id: 'HISTORY' } as const;
/** Joining or leaving changes everything the person sees: the office, their cards, their profile's locks, leads. */
const EVERYTHING = ['Office', 'Card', 'Profile', 'Lead', 'Statistics'] as const;

const office = (id: string) => `/offices/${encodeURIComponent(id)}`;

export const officeApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCurrentOffice: build.query<CurrentOfficeResponse, void>({
      query: () => '/offices/current',
      providesTags: [CURRENT],
    }),
    createOffice: build.mutation<OfficeCommandResponse, { readonly name: string; readonly slug: string }>({
      query: (body) => ({ url: '/offices', method: 'POST', body }),
      invalidatesTags: (result) => (result ? [...EVERYTHING] : []),
    }),
    updateOfficeDetails: build.mutation<
      OfficeCommandResponse,
      { readonly officeId: string; readonly details: OfficeDetailsBody }
    >({
      query: ({ officeId, details }) => ({ url: office(officeId), method: 'PUT', body: details }),
      invalidatesTags: (result) => (result ? [CURRENT, HISTORY] : []),
    }),
    /** Multipart, one file part `companyLogo` (the profile's size and format rules). */
    changeOfficeLogo: build.mutation<OfficeCommandResponse, { readonly officeId: string; readonly body: FormData }>({
      query: ({ officeId, body }) => ({ url: `${office(officeId)}/logo`, method: 'PUT', body }),
      // A logo the template gives changes members' profiles and cards too.
      invalidatesTags: (result) => (result ? [CURRENT, HISTORY, 'Profile', 'Card'] : []),
    }),
    removeOfficeLogo: build.mutation<OfficeCommandResponse, string>({
      query: (officeId) => ({ url: `${office(officeId)}/logo`, method: 'DELETE' }),
      invalidatesTags: (result) => (result ? [CURRENT, HISTORY, 'Profile', 'Card'] : []),
    }),
    updateOfficeTemplate: build.mutation<
      OfficeCommandResponse,
      { readonly officeId: string; readonly template: OfficeTemplateBody }
    >({
      query: ({ officeId, template }) => ({ url: `${office(officeId)}/template`, method: 'PUT', body: template }),
      invalidatesTags: (result) => (result ? [CURRENT, HISTORY, 'Profile', 'Card'] : []),
    }),
    getOfficeMembers: build.query<OfficeMembersResponse, string>({
      query: (officeId) => `${office(officeId)}/members`,
      providesTags: [MEMBERS],
    }),
    changeMemberRole: build.mutation<
      OfficeCommandResponse,
      { readonly officeId: string; readonly userId: string; readonly role: OfficeRole }
    >({
      query: ({ officeId, userId, role }) => ({
        url: `${office(officeId)}/members/${encodeURIComponent(userId)}`,
        method: 'PUT',
        body: { role },
      }),
      invalidatesTags: (result) => (result ? [MEMBERS, HISTORY, CURRENT] : []),
    }),
    removeMember: build.mutation<OfficeCommandResponse, { readonly officeId: string; readonly userId: string }>({
      query: ({ officeId, userId }) => ({
        url: `${office(officeId)}/members/${encodeURIComponent(userId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (result) => (result ? [MEMBERS, CARDS, HISTORY, CURRENT, 'Lead'] : []),
    }),
    /** The office's last member, a Yönetici, deletes it (and leaves it). */
    deleteOffice: build.mutation<OfficeCommandResponse, string>({
      query: (officeId) => ({ url: office(officeId), method: 'DELETE' }),
      invalidatesTags: (result) => (result ? [...EVERYTHING] : []),
    }),
    leaveOffice: build.mutation<OfficeCommandResponse, string>({
      query: (officeId) => ({ url: `${office(officeId)}/leave`, method: 'POST' }),
      invalidatesTags: (result) => (result ? [...EVERYTHING] : []),
    }),
    getOfficeInvitations: build.query<OfficeInvitationsResponse, string>({
      query: (officeId) => `${office(officeId)}/invitations`,
      providesTags: [INVITATIONS],
    }),
    inviteToOffice: build.mutation<
      OfficeCommandResponse,
      { readonly officeId: string; readonly email: string; readonly role: OfficeRole }
    >({
      query: ({ officeId, email, role }) => ({
        url: `${office(officeId)}/invitations`,
        method: 'POST',
        body: { email, role },
      }),
      invalidatesTags: (result) => (result ? [INVITATIONS, HISTORY] : []),
    }),
    revokeInvitation: build.mutation<
      OfficeCommandResponse,
      { readonly officeId: string; readonly invitationId: string }
    >({
      query: ({ officeId, invitationId }) => ({
        url: `${office(officeId)}/invitations/${encodeURIComponent(invitationId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (result) => (result ? [INVITATIONS, HISTORY] : []),
    }),
    getOfficeCards: build.query<OfficeCardsResponse, string>({
      query: (officeId) => `${office(officeId)}/cards`,
      providesTags: [CARDS],
    }),
    createOfficeCard: build.mutation<OfficeCommandResponse, string>({
      query: (officeId) => ({ url: `${office(officeId)}/cards`, method: 'POST', body: { type: 'virtual' } }),
      invalidatesTags: (result) => (result ? [CARDS] : []),
    }),
    /** Physical cards for the pool, from the admin's order CSV (its text, as read by the same reader). */
    provisionOfficeCards: build.mutation<CardOrderResponse, { readonly officeId: string; readonly csv: string }>({
      query: ({ officeId, csv }) => ({ url: `${office(officeId)}/cards/provision`, method: 'POST', body: { csv } }),
      invalidatesTags: (result) => (result ? [CARDS] : []),
    }),
    assignOfficeCard: build.mutation<
      OfficeCommandResponse,
      { readonly officeId: string; readonly cardId: string; readonly userId: string }
    >({
      query: ({ officeId, cardId, userId }) => ({
        url: `${office(officeId)}/cards/${encodeURIComponent(cardId)}/assign`,
        method: 'POST',
        body: { userId },
      }),
      // The card's leads go with it: the office's list names its new holder, who sees them now.
      invalidatesTags: (result) => (result ? [CARDS, MEMBERS, 'Card', 'Lead'] : []),
    }),
    returnOfficeCard: build.mutation<OfficeCommandResponse, { readonly officeId: string; readonly cardId: string }>({
      query: ({ officeId, cardId }) => ({
        url: `${office(officeId)}/cards/${encodeURIComponent(cardId)}/return`,
        method: 'POST',
      }),
      invalidatesTags: (result) => (result ? [CARDS, MEMBERS, 'Card', 'Lead'] : []),
    }),
    /** The office's KVKK copy as the server wrote it (text, so the page can hand it to the browser as a file). */
    exportOffice: build.query<{ readonly text: string; readonly fileName: string }, string>({
      query: (officeId) => ({ url: `${office(officeId)}/export`, responseHandler: (response) => response.text() }),
      transformResponse: (text: string, meta) => ({
        text,
        fileName:
          /filename="([^"]+)"/.exec(meta?.response?.headers.get('content-disposition') ?? '')?.[1] ??
          'ofis-verileri.json',
      }),
      keepUnusedDataFor: 0,
    }),
    getOfficeHistory: build.query<OfficeHistoryResponse, string>({
      query: (officeId) => `${office(officeId)}/history`,
      providesTags: [HISTORY],
    }),
    /** Public: the invitation page shows it before the person signs in. */
    getInvitation: build.query<InvitationPreviewResponse, string>({
      query: (token) => `/invitations/${encodeURIComponent(token)}`,
      extraOptions: { anonymous: true },
    }),
    /** The office's REMS key, for every office card (decision 61): checked with REMS by the server first. */
    saveOfficeRemsKey: build.mutation<SaveRemsKeyResponse, { readonly officeId: string; readonly apiKey: string }>({
      query: ({ officeId, apiKey }) => ({ url: `${office(officeId)}/rems`, method: 'PUT', body: { apiKey } }),
      invalidatesTags: (result) => (result ? [CURRENT, HISTORY] : []),
    }),
    removeOfficeRemsKey: build.mutation<RemoveRemsKeyResponse, string>({
      query: (officeId) => ({ url: `${office(officeId)}/rems`, method: 'DELETE' }),
      invalidatesTags: (result) => (result ? [CURRENT, HISTORY] : []),
    }),
    /** Issue 34: every member must have two-step sign-in or a passkey (a Yönetici's switch on Ofisim). */
    changeOfficeSecurity: build.mutation<
      OfficeCommandResponse,
      { readonly officeId: string; readonly requireSecondStep: boolean }
    >({
      query: ({ officeId, requireSecondStep }) => ({
        url: `${office(officeId)}/security`,
        method: 'PUT',
        body: { requireSecondStep },
      }),
      // The admin is a member too: their own 'Güvenlik' may now ask them to set one up.
      invalidatesTags: (result) => (result ? [CURRENT, HISTORY, 'Security'] : []),
    }),
    acceptInvitation: build.mutation<OfficeCommandResponse, string>({
      query: (token) => ({ url: `/invitations/${encodeURIComponent(token)}/accept`, method: 'POST' }),
      invalidatesTags: (result) => (result ? [...EVERYTHING] : []),
    }),
  }),
});

export const {
  useGetCurrentOfficeQuery,
  useCreateOfficeMutation,
  useUpdateOfficeDetailsMutation,
  useUpdateOfficeTemplateMutation,
  useChangeOfficeLogoMutation,
  useRemoveOfficeLogoMutation,
  useGetOfficeMembersQuery,
  useChangeMemberRoleMutation,
  useRemoveMemberMutation,
  useLeaveOfficeMutation,
  useDeleteOfficeMutation,
  useGetOfficeInvitationsQuery,
  useInviteToOfficeMutation,
  useRevokeInvitationMutation,
  useGetOfficeCardsQuery,
  useCreateOfficeCardMutation,
  useProvisionOfficeCardsMutation,
  useAssignOfficeCardMutation,
  useReturnOfficeCardMutation,
  useGetOfficeHistoryQuery,
  useLazyExportOfficeQuery,
  useGetInvitationQuery,
  useAcceptInvitationMutation,
  useSaveOfficeRemsKeyMutation,
  useRemoveOfficeRemsKeyMutation,
  useChangeOfficeSecurityMutation,
} = officeApi;
