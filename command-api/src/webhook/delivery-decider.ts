import {
  MESSAGES,
  conflictError,
  deliveryStatusAfter,
  notFoundError,
  type WebhookDeliveryEvent,
  type WebhookDeliveryStatus,
} from '@kartvizit/schemas';
import type { Decider } from '@kartvizit/infra/commands/decider';

/**
 * One webhook delivery (`webhook-delivery-{deliveryId}`, issue 35): the owner's 'Tekrar Gönder' sends its body again
 * under the same `webhook-id`, once it is no longer on its way (delivered, given up or skipped).
 */
export interface DeliveryState {
  readonly endpointId: string | null;
  readonly ownerId: string | null;
  readonly history: readonly { readonly type: string }[];
}

export interface RetryWebhookDelivery {
  readonly type: 'RetryWebhookDelivery';
  readonly data: {
    readonly deliveryId: string;
    /** The endpoint the path named and the signed-in owner: anything else is someone else's, unknown. */
    readonly endpointId: string;
    readonly ownerId: string;
    readonly retryId: string;
    readonly now: string;
  };
}

export function deliveryStatus(state: DeliveryState): WebhookDeliveryStatus | null {
  return deliveryStatusAfter(state.history);
}

export const webhookDeliveryDecider: Decider<DeliveryState, RetryWebhookDelivery, WebhookDeliveryEvent> = {
  initialState: { endpointId: null, ownerId: null, history: [] },

  evolve(state, event) {
    const started =
      event.type === 'WebhookDeliveryRequested'
        ? { endpointId: event.data.endpointId, ownerId: event.data.ownerId }
        : { endpointId: state.endpointId, ownerId: state.ownerId };
    return { ...started, history: [...state.history, { type: event.type }] };
  },

  decide(command, state) {
    const { deliveryId, endpointId, ownerId, retryId, now } = command.data;
    if (state.ownerId !== ownerId || state.endpointId !== endpointId)
      throw notFoundError(MESSAGES.webhookDeliveryNotFound);
    const status = deliveryStatus(state);
    if (status === 'pending' || status === 'retrying') throw conflictError(MESSAGES.webhookRetryPending);
    return [{ type: 'WebhookDeliveryRetried', data: { deliveryId, endpointId, ownerId, retryId, at: now } }];
  },
};
