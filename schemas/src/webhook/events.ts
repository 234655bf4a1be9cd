import type { EventRegistry } from '../common/event-type-info.ts';
import type {
  WebhookDeliveryStatus,
  WebhookEventName,
  WebhookFailureReason,
  WebhookSkipReason,
  WebhookSubscription,
} from './model.ts';

/**
 * Webhooks (issue 35, decision 66). Two kinds of stream:
 *
 * - `webhooks-{ownerId}`: the owner's endpoints, decided by the webhooks decider (add, change, remove, resume) and
 *   paused by the delivery reactor after three days of failures. The address is sealed under the owner's key (it can
 *   carry a token of the receiver's); the signing secret is in no event (a sealed table row, decision 66).
 * - `webhook-delivery-{deliveryId}`: one delivery to one endpoint, from its request (the body, sealed) through each
 *   failed attempt to its end, and the owner's 'Tekrar Gönder'. Small streams, like REMS registrations.
 */
export interface WebhookEndpointAdded {
  readonly type: 'WebhookEndpointAdded';
  readonly data: {
    readonly endpointId: string;
    /**
     * Who holds the endpoint, here and in every webhook event: an account, or an office (then `office` is true and this
     * is the office's id; its stream is `webhooks-{officeId}`). An office's endpoints hear of what happens on the
     * office's cards and leads, whichever member holds them; an office admin manages them.
     */
    readonly ownerId: string;
    /** An office's endpoint (issue 35); absent: an account's. */
    readonly office?: boolean;
    /** Sealed. */
    readonly url: string;
    readonly events: readonly WebhookSubscription[];
    /** Whether deliveries carry names, phone numbers, e-mail addresses and messages (the owner's choice). */
    readonly personalData: boolean;
    readonly addedAt: string;
  };
}

export interface WebhookEndpointChanged {
  readonly type: 'WebhookEndpointChanged';
  readonly data: {
    readonly endpointId: string;
    readonly ownerId: string;
    readonly events: readonly WebhookSubscription[];
    readonly personalData: boolean;
    readonly at: string;
  };
}

export interface WebhookEndpointRemoved {
  readonly type: 'WebhookEndpointRemoved';
  readonly data: { readonly endpointId: string; readonly ownerId: string; readonly at: string };
}

/** Three days of failures with no success between, or the owner's wish: no more attempts until it is resumed. */
export interface WebhookEndpointPaused {
  readonly type: 'WebhookEndpointPaused';
  readonly data: {
    readonly endpointId: string;
    readonly ownerId: string;
    /** The first failure after the last success (for a pause by hand, the moment it was paused). */
    readonly failingSince: string;
    /** Paused by the delivery reactor after three days of failures (the owner is e-mailed); false: by the owner. */
    readonly automatic: boolean;
    readonly at: string;
  };
}

export interface WebhookEndpointResumed {
  readonly type: 'WebhookEndpointResumed';
  readonly data: { readonly endpointId: string; readonly ownerId: string; readonly at: string };
}

/**
 * Something happened that an endpoint subscribed to (appended by the fan-out reactor). `payload` is the JSON body
 * exactly as it is signed and sent, sealed under `sealedUnder`: the lead's or the registration's own key when it
 * speaks of a visitor (deleting the lead erases the body too), else the owner's.
 */
export interface WebhookDeliveryRequested {
  readonly type: 'WebhookDeliveryRequested';
  readonly data: {
    /** The Standard Webhooks `webhook-id` (`msg_…`), the same on every attempt and resend. */
    readonly deliveryId: string;
    readonly endpointId: string;
    readonly ownerId: string;
    readonly eventName: WebhookEventName;
    /** The event it tells of. */
    readonly sourceEventId: string;
    readonly sealedUnder: string;
    /** Sealed. */
    readonly payload: string;
    readonly requestedAt: string;
  };
}

/** One attempt that did not deliver; the runtime tries again with backoff for 24 hours. */
export interface WebhookDeliveryAttemptFailed {
  readonly type: 'WebhookDeliveryAttemptFailed';
  readonly data: {
    readonly deliveryId: string;
    readonly endpointId: string;
    readonly ownerId: string;
    readonly attempt: number;
    /** The receiver's HTTP status; null when it never answered. */
    readonly status: number | null;
    readonly reason: WebhookFailureReason;
    /** Sealed: the answer's first bytes (the receiver's words may name people). */
    readonly excerpt: string;
    readonly at: string;
  };
}

export interface WebhookDelivered {
  readonly type: 'WebhookDelivered';
  readonly data: {
    readonly deliveryId: string;
    readonly endpointId: string;
    readonly ownerId: string;
    readonly attempt: number;
    readonly status: number;
    /** Sealed. */
    readonly excerpt: string;
    readonly at: string;
  };
}

/** 24 hours of attempts failed: given up (the owner may still resend it). */
export interface WebhookDeliveryFailed {
  readonly type: 'WebhookDeliveryFailed';
  readonly data: {
    readonly deliveryId: string;
    readonly endpointId: string;
    readonly ownerId: string;
    readonly at: string;
  };
}

export interface WebhookDeliverySkipped {
  readonly type: 'WebhookDeliverySkipped';
  readonly data: {
    readonly deliveryId: string;
    readonly endpointId: string;
    readonly ownerId: string;
    readonly reason: WebhookSkipReason;
    readonly at: string;
  };
}

/** The owner's 'Tekrar Gönder': the same body, under the same `webhook-id`, once more. */
export interface WebhookDeliveryRetried {
  readonly type: 'WebhookDeliveryRetried';
  readonly data: {
    readonly deliveryId: string;
    readonly endpointId: string;
    readonly ownerId: string;
    readonly retryId: string;
    readonly at: string;
  };
}

export type WebhookEndpointEvent =
  | WebhookEndpointAdded
  | WebhookEndpointChanged
  | WebhookEndpointRemoved
  | WebhookEndpointPaused
  | WebhookEndpointResumed;

export type WebhookDeliveryEvent =
  | WebhookDeliveryRequested
  | WebhookDeliveryAttemptFailed
  | WebhookDelivered
  | WebhookDeliveryFailed
  | WebhookDeliverySkipped
  | WebhookDeliveryRetried;

export type WebhookEvent = WebhookEndpointEvent | WebhookDeliveryEvent;

/** An account's endpoints, or an office's (its id): ids are UUIDs, so the two never meet. */
export function webhooksStreamId(holderId: string): string {
  return `webhooks-${holderId}`;
}

export function webhookDeliveryStreamId(deliveryId: string): string {
  return `webhook-delivery-${deliveryId}`;
}

export const WEBHOOK_EVENT_TYPES: EventRegistry<WebhookEvent> = {
  WebhookEndpointAdded: { schemaVersion: 1, ownerField: 'ownerId', personalFields: ['url'] },
  WebhookEndpointChanged: { schemaVersion: 1 },
  WebhookEndpointRemoved: { schemaVersion: 1 },
  WebhookEndpointPaused: { schemaVersion: 1 },
  WebhookEndpointResumed: { schemaVersion: 1 },
  WebhookDeliveryRequested: { schemaVersion: 1, ownerField: 'sealedUnder', personalFields: ['payload'] },
  WebhookDeliveryAttemptFailed: { schemaVersion: 1, ownerField: 'ownerId', personalFields: ['excerpt'] },
  WebhookDelivered: { schemaVersion: 1, ownerField: 'ownerId', personalFields: ['excerpt'] },
  WebhookDeliveryFailed: { schemaVersion: 1 },
  WebhookDeliverySkipped: { schemaVersion: 1 },
  WebhookDeliveryRetried: { schemaVersion: 1 },
};

/** A delivery's state after these events of its stream, in order (the log's status and the decider's guard). */
export function deliveryStatusAfter(events: readonly { readonly type: string }[]): WebhookDeliveryStatus | null {
  let status: WebhookDeliveryStatus | null = null;
  for (const event of events) {
    switch (event.type) {
      case 'WebhookDeliveryRequested':
      case 'WebhookDeliveryRetried':
        status = 'pending';
        break;
      case 'WebhookDeliveryAttemptFailed':
        status = 'retrying';
        break;
      case 'WebhookDelivered':
        status = 'delivered';
        break;
      case 'WebhookDeliveryFailed':
        status = 'failed';
        break;
      case 'WebhookDeliverySkipped':
        status = 'skipped';
        break;
      default:
        break;
    }
  }
  return status;
}
