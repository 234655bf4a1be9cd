import { subscribesTo, webhookDeliveryStreamId, type WebhookDeliveryRequested } from '@kartvizit/schemas';
import type { EventStore } from '@kartvizit/infra/event-store/types';
import type { Reactor, ReactionOutcome } from '@kartvizit/infra/processing/reactor';
import type { EventCodec } from '@kartvizit/infra/vault/event-codec';
import { readEndpoints } from './endpoints.ts';
import {
  WEBHOOK_SOURCE_TYPES,
  WEBHOOK_SOURCES,
  sealedUnder,
  webhookDeliveryId,
  webhookPayload,
  type WebhookSource,
} from './payloads.ts';

export const WEBHOOK_FANOUT_REACTOR = 'webhook-fanout';

/**
 * Issue 35, decision 66: turns each event an owner's endpoints subscribed to into one delivery per endpoint, each its
 * own stream (`webhook-delivery-{deliveryId}`), all in one append. Who hears it is decided by the owner's webhooks
 * stream up to the event's own position, so the answer is the same however late this runs. The body is built here,
 * once, with the endpoint's choice about personal data, and sealed; the delivery reactor sends those exact bytes on
 * every attempt. Calls nothing outside: it only writes to the log, so one partition (the log's order) is enough.
 *
 * An office's endpoints hear of what happens on the office's cards and leads (the event's `officeId`), beside the
 * member's own. An event whose personal fields are already erased (a lead deleted before this ran) is told to no one.
 */
export function webhookFanoutReactor(deps: {
  readonly store: EventStore;
  readonly codec: EventCodec;
}): Reactor<WebhookSource> {
  return {
    name: WEBHOOK_FANOUT_REACTOR,
    handles: WEBHOOK_SOURCE_TYPES,
    // A deployment's first run does not send last year's leads to an endpoint added today.
    startAt: 'head',
    async react(event) {
      if (event.forgotten) return;
      const name = WEBHOOK_SOURCES[event.type];
      // The owner's endpoints, and the office's when it happened on the office's card or lead (issue 30).
      const officeId = 'officeId' in event.data && typeof event.data.officeId === 'string' ? event.data.officeId : null;
      const holders = officeId ? [event.data.ownerId, officeId] : [event.data.ownerId];
      const outcomes: ReactionOutcome[] = [];
      for (const holderId of holders) {
        const endpoints = await readEndpoints(deps.store, deps.codec, holderId, event.position);
        for (const endpoint of endpoints.values()) {
          if (!subscribesTo(endpoint.events, name)) continue;
          const deliveryId = webhookDeliveryId(event.eventId, endpoint.endpointId);
          const requested: WebhookDeliveryRequested = {
            type: 'WebhookDeliveryRequested',
            data: {
              deliveryId,
              endpointId: endpoint.endpointId,
              ownerId: holderId,
              eventName: name,
              sourceEventId: event.eventId,
              sealedUnder: sealedUnder(event),
              payload: webhookPayload(event, endpoint.personalData),
              requestedAt: event.createdAt.toISOString(),
            },
          };
          outcomes.push({ streamId: webhookDeliveryStreamId(deliveryId), events: [requested] });
        }
      }
      return outcomes;
    },
  };
}
