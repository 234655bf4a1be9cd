/**
 * Webhooks (issue 35, decision 66): what an owner's other systems may hear of, as the Standard Webhooks specification
 * names it: an event type, dotted and lower case. Each is versioned by the body's `version` (docs/webhooks.md).
 */
export const WEBHOOK_EVENT_NAMES = [
  'lead.created',
  'lead.updated',
  'rems.registration.created',
  'meeting.scheduled',
  'card.activated',
  'card.deactivated',
  'product.created',
  'product.updated',
  'product.deleted',
] as const;
export type WebhookEventName = (typeof WEBHOOK_EVENT_NAMES)[number];

/** What an endpoint may subscribe to: an event type, or every product event at once. */
export const WEBHOOK_SUBSCRIPTIONS = [...WEBHOOK_EVENT_NAMES, 'product.*'] as const;
export type WebhookSubscription = (typeof WEBHOOK_SUBSCRIPTIONS)[number];

/** The body's version of every event type: bumped when a type's `data` changes shape. */
export const WEBHOOK_PAYLOAD_VERSION = 1;

/** Endpoints one owner may keep; more is a sign of a loop, not of integrations. */
export const MAX_WEBHOOK_ENDPOINTS = 10;
export const WEBHOOK_URL_MAX_LENGTH = 2_000;

/** What a delivery is now, in the endpoint's log. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'retrying', 'delivered', 'failed', 'skipped'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** Why a delivery was not sent: the endpoint was paused or removed, or the person it was about was erased. */
export const WEBHOOK_SKIP_REASONS = ['paused', 'removed', 'erased'] as const;
export type WebhookSkipReason = (typeof WEBHOOK_SKIP_REASONS)[number];

/** Why one attempt failed. */
export const WEBHOOK_FAILURE_REASONS = [
  'status',
  'redirect',
  'timeout',
  'connection',
  'forbidden_address',
  'dns',
] as const;
export type WebhookFailureReason = (typeof WEBHOOK_FAILURE_REASONS)[number];

/** An endpoint failing without one success for this long is paused and its owner e-mailed. */
export const WEBHOOK_PAUSE_AFTER_MS = 3 * 24 * 60 * 60 * 1000;

/** How much of a receiver's answer the log keeps. */
export const WEBHOOK_EXCERPT_MAX_BYTES = 1_024;

/** Whether an endpoint subscribed to `subscriptions` hears `name`. */
export function subscribesTo(subscriptions: readonly string[], name: WebhookEventName): boolean {
  return subscriptions.some(
    (subscription) =>
      subscription === name || (subscription.endsWith('.*') && name.startsWith(subscription.slice(0, -1))),
  );
}
