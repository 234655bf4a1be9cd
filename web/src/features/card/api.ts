import type { CardColor } from '@kartvizit/schemas/card/model';
import type {
  CardCommandResponse,
  CardLookupResponse,
  MyCardResponse,
  MyCardsResponse,
} from '@kartvizit/schemas/card/http';
import { api } from '../../app/api.ts';

export type { Card, CardCommandResponse, CardHistoryEntry } from '@kartvizit/schemas/card/http';

/** What the screens send; the server trims, upper-cases and checks again. */
export interface ActivateCardBody {
  readonly cardId: string;
  readonly name: string;
}

export interface CreateVirtualCardBody {
  readonly cardId: string;
  readonly type: 'virtual';
  readonly color: CardColor;
  readonly name: string;
}

const LIST = { type: 'Card', id: 'LIST' } as const;
const one = (cardId: string) => ({ type: 'Card', id: cardId }) as const;
const path = (cardId: string) => encodeURIComponent(cardId);

export const cardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMyCards: build.query<MyCardsResponse, void>({
      query: () => '/cards/my-cards',
      providesTags: (result) => [...(result?.cards.map((card) => one(card.cardId)) ?? []), LIST],
    }),
    getMyCard: build.query<MyCardResponse, string>({
      query: (cardId) => `/cards/mine/${path(cardId)}`,
      providesTags: (_result, _error, cardId) => [one(cardId)],
    }),
    /** Anyone's card by id, for activation: exists? activated? (SPEC §7). */
    getCardDetails: build.query<CardLookupResponse, string>({
      query: (cardId) => `/cards/details/${path(cardId)}`,
      providesTags: (_result, _error, cardId) => [one(cardId)],
      keepUnusedDataFor: 0,
    }),
    activateCard: build.mutation<CardCommandResponse, ActivateCardBody>({
      query: (body) => ({ url: '/cards/activate', method: 'POST', body }),
      invalidatesTags: (_result, _error, { cardId }) => [one(cardId), LIST],
    }),
    createVirtualCard: build.mutation<CardCommandResponse, CreateVirtualCardBody>({
      query: (body) => ({ url: '/cards', method: 'POST', body }),
      invalidatesTags: (_result, _error, { cardId }) => [one(cardId), LIST],
    }),
    deactivateCard: build.mutation<CardCommandResponse, string>({
      query: (cardId) => ({ url: `/cards/deactivate/${path(cardId)}`, method: 'PUT' }),
      invalidatesTags: (_result, _error, cardId) => [one(cardId), LIST],
    }),
    reactivateCard: build.mutation<CardCommandResponse, string>({
      query: (cardId) => ({ url: `/cards/reactivate/${path(cardId)}`, method: 'PUT' }),
      invalidatesTags: (_result, _error, cardId) => [one(cardId), LIST],
    }),
    regenerateQr: build.mutation<CardCommandResponse, string>({
      query: (cardId) => ({ url: `/cards/regenerate-qr/${path(cardId)}`, method: 'POST' }),
      invalidatesTags: (_result, _error, cardId) => [one(cardId), LIST],
    }),
  }),
});

export const {
  useGetMyCardsQuery,
  useGetMyCardQuery,
  useLazyGetCardDetailsQuery,
  useActivateCardMutation,
  useCreateVirtualCardMutation,
  useDeactivateCardMutation,
  useReactivateCardMutation,
  useRegenerateQrMutation,
} = cardApi;
