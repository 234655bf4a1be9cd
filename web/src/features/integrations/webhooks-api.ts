import type {
  AddWebhookBody,
  AddWebhookResponse,
  ChangeWebhookBody,
  WebhookCommandResponse,
  WebhookDeliveriesResponse,
  WebhooksResponse,
} from '@kartvizit/schemas/webhook/http';
import { api } from '../../app/api.ts';

/**
 * The owner's webhooks (issue 35). Every command answers a `position` the root base query keeps, so the refetch its
 * tags cause reads the change back (x-min-position, app/write-position.ts). Each endpoint's delivery log is tagged by
 * the endpoint's id: a retry refreshes that log and the list's last-delivery line. The 'Webhook' tag is declared with
 * every other in app/api.ts's TAG_TYPES.
 */
const LIST = { type: 'Webhook', id: 'LIST' } as const;
const deliveriesOf = (endpointId: string) => ({ type: 'Webhook', id: `deliveries:${endpointId}` }) as const;

export const webhooksApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWebhooks: build.query<WebhooksResponse, void>({
      query: () => '/webhooks',
      providesTags: [LIST],
    }),
    getWebhookDeliveries: build.query<WebhookDeliveriesResponse, string>({
      query: (endpointId) => `/webhooks/${encodeURIComponent(endpointId)}/deliveries`,
      providesTags: (_result, _error, endpointId) => [deliveriesOf(endpointId)],
    }),
    addWebhook: build.mutation<AddWebhookResponse, AddWebhookBody>({
      query: (body) => ({ url: '/webhooks', method: 'POST', body }),
      invalidatesTags: (result) => (result ? [LIST] : []),
    }),
    changeWebhook: build.mutation<WebhookCommandResponse, { readonly id: string; readonly body: ChangeWebhookBody }>({
      query: ({ id, body }) => ({ url: `/webhooks/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      invalidatesTags: (result, _error, { id }) => (result ? [LIST, deliveriesOf(id)] : []),
    }),
    removeWebhook: build.mutation<WebhookCommandResponse, string>({
      query: (id) => ({ url: `/webhooks/${encodeURIComponent(id)}`, method: 'DELETE' }),
      // Gone from the list at once; the refetch its tag causes confirms it.
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(
            webhooksApi.util.updateQueryData('getWebhooks', undefined, (draft) => {
              draft.data = draft.data.filter((endpoint) => endpoint.id !== id);
            }),
          );
        } catch {
          // The screen shows the failure; the endpoint stays.
        }
      },
      invalidatesTags: (result) => (result ? [LIST] : []),
    }),
    /** 'Tekrar Gönder' on a delivery that has ended; 409 while it is still on its way. */
    retryWebhookDelivery: build.mutation<
      WebhookCommandResponse,
      { readonly endpointId: string; readonly deliveryId: string }
    >({
      query: ({ endpointId, deliveryId }) => ({
        url: `/webhooks/${encodeURIComponent(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/retry`,
        method: 'POST',
        body: {},
      }),
      invalidatesTags: (result, _error, { endpointId }) => (result ? [LIST, deliveriesOf(endpointId)] : []),
    }),
  }),
});

export const {
  useGetWebhooksQuery,
  useGetWebhookDeliveriesQuery,
  useAddWebhookMutation,
  useChangeWebhookMutation,
  useRemoveWebhookMutation,
  useRetryWebhookDeliveryMutation,
} = webhooksApi;
