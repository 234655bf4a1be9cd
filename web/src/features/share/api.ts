import type { ShareSettingsResponse } from '@kartvizit/schemas/share/http';
import type { QrLogo } from '@kartvizit/schemas/share/model';
import { api } from '../../app/api.ts';

export type { ShareSettingsResponse } from '@kartvizit/schemas/share/http';
export type ShareSettings = ShareSettingsResponse['data'];
export type SavedQrStyle = ShareSettings['qr'];
export type PersonalAddress = NonNullable<ShareSettings['address']>;

export interface QrStyleDraft {
  readonly foreground: string;
  readonly background: string;
  readonly logo: QrLogo;
}

export interface PersonalAddressDraft {
  readonly slug: string;
  readonly cardId: string;
}

/** A command's answer (PUT /api/share/qr, /api/share/address): the position goes to the next read by itself. */
export interface ShareCommandResponse {
  readonly success: boolean;
  readonly message: string;
  readonly position?: string;
}

/** Which wallets this server can issue passes for (GET /api/wallet); a wallet not set up keeps its button off. */
export interface WalletAvailabilityResponse {
  readonly success: boolean;
  readonly data: { readonly apple: boolean; readonly google: boolean };
}

export interface GoogleWalletResponse {
  readonly success: boolean;
  readonly data: { readonly saveUrl: string };
}

const SETTINGS = { type: 'Share', id: 'SETTINGS' } as const;
const WALLETS = { type: 'Share', id: 'WALLETS' } as const;

/**
 * 'Paylaşım Araçları' (issue 32): the owner's QR look and personal address, and which wallets the server serves.
 * A save answers with its position; the root base query records it and the settings read after it waits for it
 * (x-min-position, app/write-position.ts), so the screen never shows the look from before the save.
 */
export const shareApi = api.injectEndpoints({
  endpoints: (build) => ({
    getShareSettings: build.query<ShareSettingsResponse, void>({
      query: () => '/share',
      providesTags: [SETTINGS],
    }),
    saveQrStyle: build.mutation<ShareCommandResponse, QrStyleDraft>({
      query: (body) => ({ url: '/share/qr', method: 'PUT', body }),
      invalidatesTags: (result) => (result ? [SETTINGS] : []),
    }),
    savePersonalAddress: build.mutation<ShareCommandResponse, PersonalAddressDraft>({
      query: (body) => ({ url: '/share/address', method: 'PUT', body }),
      invalidatesTags: (result) => (result ? [SETTINGS] : []),
    }),
    removePersonalAddress: build.mutation<ShareCommandResponse, void>({
      query: () => ({ url: '/share/address', method: 'DELETE' }),
      invalidatesTags: (result) => (result ? [SETTINGS] : []),
    }),
    getWalletAvailability: build.query<WalletAvailabilityResponse, void>({
      query: () => '/wallet',
      providesTags: [WALLETS],
    }),
  }),
});

export const {
  useGetShareSettingsQuery,
  useSaveQrStyleMutation,
  useSavePersonalAddressMutation,
  useRemovePersonalAddressMutation,
  useGetWalletAvailabilityQuery,
} = shareApi;
