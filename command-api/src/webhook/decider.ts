import {
  MAX_WEBHOOK_ENDPOINTS,
  MESSAGES,
  conflictError,
  notFoundError,
  validationError,
  webhookEventsProblem,
  orderedSubscriptions,
  type WebhookEndpointEvent,
  type WebhookSubscription,
} from '@kartvizit/schemas';
import type { Decider } from '@kartvizit/infra/commands/decider';

/**
 * An owner's webhook endpoints (issue 35, decision 66), one stream per owner (`webhooks-{ownerId}`). The route has
 * checked the address (its shape, and that it resolves to no private address unless the operator allows it) and made
 * the id and the secret; the decision keeps the owner's list: at most ten, one per address, known ids only.
 */
export interface Endpoint {
  readonly url: string;
  readonly events: readonly WebhookSubscription[];
  readonly personalData: boolean;
  readonly paused: boolean;
}

export interface WebhooksState {
  readonly endpoints: ReadonlyMap<string, Endpoint>;
}

export type WebhooksCommand =
  | {
      readonly type: 'AddWebhook';
      readonly data: {
        readonly endpointId: string;
        readonly ownerId: string;
        readonly url: string;
        readonly events: readonly string[];
        readonly personalData: boolean;
        /** An office's endpoint: `ownerId` is the office's id. */
        readonly office?: boolean;
        readonly now: string;
      };
    }
  | {
      readonly type: 'ChangeWebhook';
      readonly data: {
        readonly endpointId: string;
        readonly ownerId: string;
        readonly events?: readonly string[];
        readonly personalData?: boolean;
        readonly active?: boolean;
        readonly now: string;
      };
    }
  | {
      readonly type: 'RemoveWebhook';
      readonly data: { readonly endpointId: string; readonly ownerId: string; readonly now: string };
    };

function subscriptions(events: readonly string[]): WebhookSubscription[] {
  const problem = webhookEventsProblem(events);
  if (problem) throw validationError(problem, 'events');
  return orderedSubscriptions(events);
}

function endpointOf(state: WebhooksState, endpointId: string): Endpoint {
  const endpoint = state.endpoints.get(endpointId);
  if (!endpoint) throw notFoundError(MESSAGES.webhookNotFound);
  return endpoint;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

export const webhooksDecider: Decider<WebhooksState, WebhooksCommand, WebhookEndpointEvent> = {
  initialState: { endpoints: new Map() },

  evolve(state, event) {
    const endpoints = new Map(state.endpoints);
    const current = endpoints.get(event.data.endpointId);
    switch (event.type) {
      case 'WebhookEndpointAdded':
        endpoints.set(event.data.endpointId, {
          url: event.data.url,
          events: event.data.events,
          personalData: event.data.personalData,
          paused: false,
        });
        break;
      case 'WebhookEndpointChanged':
        if (current)
          endpoints.set(event.data.endpointId, {
            ...current,
            events: event.data.events,
            personalData: event.data.personalData,
          });
        break;
      case 'WebhookEndpointRemoved':
        endpoints.delete(event.data.endpointId);
        break;
      case 'WebhookEndpointPaused':
        if (current) endpoints.set(event.data.endpointId, { ...current, paused: true });
        break;
      case 'WebhookEndpointResumed':
        if (current) endpoints.set(event.data.endpointId, { ...current, paused: false });
        break;
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
    return { endpoints };
  },

  decide(command, state) {
    switch (command.type) {
      case 'AddWebhook': {
        const { endpointId, ownerId, url, personalData, office, now } = command.data;
        const events = subscriptions(command.data.events);
        if (state.endpoints.size >= MAX_WEBHOOK_ENDPOINTS) throw conflictError(MESSAGES.webhookTooMany);
        if ([...state.endpoints.values()].some((endpoint) => endpoint.url === url))
          throw validationError(MESSAGES.webhookUrlTaken, 'url');
        return [
          {
            type: 'WebhookEndpointAdded',
            data: { endpointId, ownerId, ...(office ? { office: true } : {}), url, events, personalData, addedAt: now },
          },
        ];
      }
      case 'ChangeWebhook': {
        const { endpointId, ownerId, now } = command.data;
        const endpoint = endpointOf(state, endpointId);
        const events = command.data.events ? subscriptions(command.data.events) : endpoint.events;
        const personalData = command.data.personalData ?? endpoint.personalData;
        const changes: WebhookEndpointEvent[] = [];
        if (!sameList(events, endpoint.events) || personalData !== endpoint.personalData)
          changes.push({
            type: 'WebhookEndpointChanged',
            data: { endpointId, ownerId, events, personalData, at: now },
          });
        if (command.data.active === true && endpoint.paused)
          changes.push({ type: 'WebhookEndpointResumed', data: { endpointId, ownerId, at: now } });
        if (command.data.active === false && !endpoint.paused)
          changes.push({
            type: 'WebhookEndpointPaused',
            data: { endpointId, ownerId, failingSince: now, automatic: false, at: now },
          });
        return changes;
      }
      case 'RemoveWebhook': {
        const { endpointId, ownerId, now } = command.data;
        endpointOf(state, endpointId);
        return [{ type: 'WebhookEndpointRemoved', data: { endpointId, ownerId, at: now } }];
      }
      default: {
        const unhandled: never = command;
        return unhandled;
      }
    }
  },
};
