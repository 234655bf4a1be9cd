import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AddWebhookBody,
  DomainError,
  AddWebhookResponse,
  ChangeWebhookBody,
  MESSAGES,
  WebhookCommandResponse,
  WebhookDeliveryParams,
  WebhookParams,
  errorAnswers,
  notFoundError,
  validationError,
  webhookDeliveryStreamId,
  webhookEventsProblem,
  webhookUrlShapeProblem,
  webhooksStreamId,
} from '@kartvizit/schemas';
import { UUID_PATTERN, WEBHOOK_DELIVERY_ID_PATTERN } from '@kartvizit/schemas/ids';
import { may, type Person } from '@kartvizit/schemas/access';
import { succeeded } from '@kartvizit/infra/http/answers';
import type { WebhookAddressPolicy } from '@kartvizit/infra/webhooks/address-policy';
import { webhookUrlProblem } from '@kartvizit/infra/webhooks/address-policy';
import { newWebhookSecret, type LookupAll } from '@kartvizit/infra/webhooks/delivery';
import type { WebhookSecretStore } from '@kartvizit/infra/webhooks/secret-store';
import type { CommandContext } from '../core/context.ts';
import { webhooksDecider } from './decider.ts';
import { webhookDeliveryDecider } from './delivery-decider.ts';

const TAG = ['webhooks'];
const ERRORS = errorAnswers(400, 401, 403, 404, 409, 413, 415, 429);

export interface WebhookRouteSettings {
  readonly secrets: WebhookSecretStore;
  /** WEBHOOK_ALLOWED_PRIVATE_HOSTS: the private hosts the operator lets webhooks reach (tests, on-premises CRMs). */
  readonly addressPolicy: WebhookAddressPolicy;
  /** How host names are resolved; default the system's. */
  readonly lookup?: LookupAll;
}

/**
 * The owner's webhooks (issue 35, decision 66). Adding one checks the address before anything is stored: its shape,
 * then where it resolves (no loopback, private, link-local or metadata address unless the operator allows it, and
 * http:// only to those); the secret is made here, sealed in its table before the event that names the endpoint, and
 * answered this once.
 */
export function webhookRoutes(context: CommandContext, settings: WebhookRouteSettings) {
  const { commands } = context;

  /**
   * Whose stream holds the endpoint the path names: the person's own, or their office's while they administer it (the
   * one policy, `may`). Anything else, someone else's included, is not found.
   */
  async function holderOf(
    person: Person,
    id: string,
  ): Promise<{ readonly endpointId: string; readonly holderId: string }> {
    if (!UUID_PATTERN.test(id)) throw notFoundError(MESSAGES.webhookNotFound);
    const holders = [person.id];
    const officeId = person.office?.officeId;
    if (officeId && may(person, 'administer', { ownerId: null, officeId })) holders.push(officeId);
    for (const holderId of holders) {
      const { state } = await commands.load(webhooksDecider, webhooksStreamId(holderId));
      if (state.endpoints.has(id)) return { endpointId: id, holderId };
    }
    throw notFoundError(MESSAGES.webhookNotFound);
  }

  /** Who the new endpoint is for: the person, or the office they administer. */
  function newHolder(
    person: Person,
    officeId: string | undefined,
  ): { readonly holderId: string; readonly office: boolean } {
    if (officeId === undefined) return { holderId: person.id, office: false };
    if (!may(person, 'administer', { ownerId: null, officeId }))
      throw new DomainError('not_found', MESSAGES.webhookOfficeNotFound, 'officeId');
    return { holderId: officeId, office: true };
  }

  return async function routes(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();

    api.post(
      '/api/webhooks',
      {
        schema: {
          tags: TAG,
          summary: 'Webhook ekle',
          description:
            'Deliveries follow Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature). The secret (whsec_…) is answered only here.',
          security: [{ bearer: [] }],
          body: AddWebhookBody,
          response: { 201: AddWebhookResponse, ...ERRORS },
        },
        config: { owner: true, scope: 'webhooks:write' },
      },
      async (request, reply) => {
        const { holderId, office } = newHolder(request.person, request.body.officeId);
        const url = request.body.url.trim();
        const shape = webhookUrlShapeProblem(url);
        if (shape) throw validationError(shape, 'url');
        const events = webhookEventsProblem(request.body.events);
        if (events) throw validationError(events, 'events');
        const unreachable = await webhookUrlProblem(url, settings.addressPolicy, settings.lookup);
        if (unreachable) throw validationError(unreachable, 'url');

        const id = randomUUID();
        const secret = newWebhookSecret();
        const now = new Date();
        // The secret first: the delivery reactor must find it for the endpoint's first delivery.
        await settings.secrets.save(id, holderId, secret, now);
        try {
          const result = await commands.handle(
            webhooksDecider,
            webhooksStreamId(holderId),
            {
              type: 'AddWebhook',
              data: {
                endpointId: id,
                ownerId: holderId,
                ...(office ? { office } : {}),
                url,
                events: request.body.events,
                personalData: request.body.personalData ?? true,
                now: now.toISOString(),
              },
            },
            { metadata: { actor: request.person.id } },
          );
          if (!result.position) throw new Error('An added webhook must have been recorded');
          return reply
            .code(201)
            .send(succeeded({ message: MESSAGES.webhookAdded, data: { id, secret }, position: result.position }));
        } catch (error) {
          await settings.secrets.remove(id);
          throw error;
        }
      },
    );

    api.patch(
      '/api/webhooks/:id',
      {
        schema: {
          tags: TAG,
          summary: 'Webhook’u değiştir, duraklat veya yeniden etkinleştir',
          security: [{ bearer: [] }],
          params: WebhookParams,
          body: ChangeWebhookBody,
          response: { 200: WebhookCommandResponse, ...ERRORS },
        },
        config: { owner: true, scope: 'webhooks:write' },
      },
      async (request) => {
        const { events, personalData, active } = request.body;
        const { endpointId, holderId } = await holderOf(request.person, request.params.id);
        const result = await commands.handle(
          webhooksDecider,
          webhooksStreamId(holderId),
          {
            type: 'ChangeWebhook',
            data: {
              endpointId,
              ownerId: holderId,
              ...(events !== undefined ? { events } : {}),
              ...(personalData !== undefined ? { personalData } : {}),
              ...(active !== undefined ? { active } : {}),
              now: new Date().toISOString(),
            },
          },
          { metadata: { actor: request.person.id } },
        );
        const resumed = result.events.some((event) => event.type === 'WebhookEndpointResumed');
        const paused = result.events.some((event) => event.type === 'WebhookEndpointPaused');
        const message = resumed ? MESSAGES.webhookResumed : paused ? MESSAGES.webhookPaused : MESSAGES.webhookChanged;
        return succeeded({ message, ...(result.position ? { position: result.position } : {}) });
      },
    );

    api.delete(
      '/api/webhooks/:id',
      {
        schema: {
          tags: TAG,
          summary: 'Webhook’u sil',
          security: [{ bearer: [] }],
          params: WebhookParams,
          response: { 200: WebhookCommandResponse, ...ERRORS },
        },
        config: { owner: true, scope: 'webhooks:write' },
      },
      async (request) => {
        const { endpointId, holderId } = await holderOf(request.person, request.params.id);
        const result = await commands.handle(
          webhooksDecider,
          webhooksStreamId(holderId),
          { type: 'RemoveWebhook', data: { endpointId, ownerId: holderId, now: new Date().toISOString() } },
          { metadata: { actor: request.person.id } },
        );
        // After the event: a delivery in flight finishes; none is signed again.
        await settings.secrets.remove(endpointId);
        if (!result.position) throw new Error('A removed webhook must have been recorded');
        return succeeded({ message: MESSAGES.webhookRemoved, position: result.position });
      },
    );

    // 'Tekrar Gönder': the same body under the same webhook-id, queued behind what the endpoint is already waiting for.
    api.post(
      '/api/webhooks/:id/deliveries/:deliveryId/retry',
      {
        schema: {
          tags: TAG,
          summary: 'Gönderimi tekrar gönder',
          security: [{ bearer: [] }],
          params: WebhookDeliveryParams,
          response: { 200: WebhookCommandResponse, ...ERRORS },
        },
        config: { owner: true, scope: 'webhooks:write' },
      },
      async (request) => {
        const { deliveryId } = request.params;
        const { endpointId, holderId } = await holderOf(request.person, request.params.id);
        if (!WEBHOOK_DELIVERY_ID_PATTERN.test(deliveryId)) throw notFoundError(MESSAGES.webhookDeliveryNotFound);
        const result = await commands.handle(
          webhookDeliveryDecider,
          webhookDeliveryStreamId(deliveryId),
          {
            type: 'RetryWebhookDelivery',
            data: { deliveryId, endpointId, ownerId: holderId, retryId: randomUUID(), now: new Date().toISOString() },
          },
          { metadata: { actor: request.person.id } },
        );
        if (!result.position) throw new Error('A retried delivery must have been recorded');
        return succeeded({ message: MESSAGES.webhookRetryQueued, position: result.position });
      },
    );
  };
}
