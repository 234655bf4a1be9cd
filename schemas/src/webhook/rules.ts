import { WEBHOOK_MESSAGES, webhookEventUnknown } from './messages.ts';
import { WEBHOOK_SUBSCRIPTIONS, WEBHOOK_URL_MAX_LENGTH, type WebhookSubscription } from './model.ts';

/**
 * The checks the screen and the server share (the address's reachability is the server's alone: it resolves it).
 * Each returns the first Turkish message, or null.
 */
export function webhookUrlShapeProblem(url: string): string | null {
  const trimmed = url.trim();
  if (trimmed === '') return WEBHOOK_MESSAGES.webhookUrlRequired;
  if (trimmed.length > WEBHOOK_URL_MAX_LENGTH) return WEBHOOK_MESSAGES.webhookUrlTooLong;
  return null;
}

export function webhookEventsProblem(events: readonly string[]): string | null {
  if (events.length === 0) return WEBHOOK_MESSAGES.webhookEventsRequired;
  const unknown = events.find((name) => !(WEBHOOK_SUBSCRIPTIONS as readonly string[]).includes(name));
  if (unknown !== undefined) return webhookEventUnknown(unknown);
  if (new Set(events).size !== events.length) return WEBHOOK_MESSAGES.webhookEventsRepeated;
  return null;
}

/** The subscriptions in the list's own order (what is stored and shown). */
export function orderedSubscriptions(events: readonly string[]): WebhookSubscription[] {
  return WEBHOOK_SUBSCRIPTIONS.filter((name) => events.includes(name));
}
