import { webhooksStreamId, type WebhookEndpointEvent, type WebhookSubscription } from '@kartvizit/schemas';
import { compareCheckpoints } from '@kartvizit/infra/event-store/checkpoint';
import type { Checkpoint, EventStore } from '@kartvizit/infra/event-store/types';
import type { EventCodec } from '@kartvizit/infra/vault/event-codec';

export interface EndpointNow {
  readonly endpointId: string;
  /** '' once the owner's key is destroyed (the account erased). */
  readonly url: string;
  readonly events: readonly WebhookSubscription[];
  readonly personalData: boolean;
  readonly paused: boolean;
  /** An office's endpoint (its holder is the office). */
  readonly office: boolean;
  /** Who added it (the command's actor): for an office's endpoint, the admin told when it is paused. */
  readonly addedBy: string | null;
}

/**
 * An owner's endpoints as their own stream (`webhooks-{ownerId}`) tells them, read from the log and not from a read
 * model, so no lag decides who hears what: `before` keeps only what was recorded before that position (the fan-out
 * asks who was subscribed when the event happened; an endpoint added a moment later does not hear of it).
 */
export async function readEndpoints(
  store: EventStore,
  codec: EventCodec,
  ownerId: string,
  before?: Checkpoint,
): Promise<Map<string, EndpointNow>> {
  const { events } = await store.readStream(webhooksStreamId(ownerId));
  const endpoints = new Map<string, EndpointNow>();
  for (const recorded of events) {
    if (before && compareCheckpoints(recorded.position, before) >= 0) break;
    const event = (await codec.decode(recorded)) as (WebhookEndpointEvent & { forgotten: boolean }) | null;
    if (!event) continue;
    const id = event.data.endpointId;
    const current = endpoints.get(id);
    switch (event.type) {
      case 'WebhookEndpointAdded':
        endpoints.set(id, {
          endpointId: id,
          url: event.forgotten ? '' : event.data.url,
          events: event.data.events,
          personalData: event.data.personalData,
          paused: false,
          office: event.data.office === true,
          addedBy: typeof recorded.metadata.actor === 'string' ? recorded.metadata.actor : null,
        });
        break;
      case 'WebhookEndpointChanged':
        if (current)
          endpoints.set(id, { ...current, events: event.data.events, personalData: event.data.personalData });
        break;
      case 'WebhookEndpointRemoved':
        endpoints.delete(id);
        break;
      case 'WebhookEndpointPaused':
        if (current) endpoints.set(id, { ...current, paused: true });
        break;
      case 'WebhookEndpointResumed':
        if (current) endpoints.set(id, { ...current, paused: false });
        break;
      default:
        break;
    }
  }
  return endpoints;
}
