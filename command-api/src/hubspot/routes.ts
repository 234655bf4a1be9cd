import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  HubSpotDisconnectResponse,
  MESSAGES,
  errorAnswers,
  hubspotStreamId,
  notFoundError,
  type HubSpotDisconnected,
} from '@kartvizit/schemas';
import { succeeded } from '@kartvizit/infra/http/answers';
import { HubSpotConnectionStore } from '@kartvizit/infra/hubspot/connections';
import type { CommandContext } from '../core/context.ts';

/**
 * 'Bağlantıyı Kes' (issue 35, docs/decisions/0068-hubspot.md): the owner's HubSpot tokens are deleted (the contacts
 * reactor finds none from then on and sends nothing), then HubSpotDisconnected is appended on `hubspot-{ownerId}`.
 * Connecting is query-api's (the browser reaches it with GET, query-api/src/hubspot/routes.ts). Only the signed-in
 * owner's own connection: the owner is the request's person, never a parameter.
 */
export function hubspotRoutes(context: CommandContext, settings: { readonly pool: pg.Pool; readonly appSecret: Buffer }) {
  const connections = new HubSpotConnectionStore(settings.pool, settings.appSecret);

  return async function routes(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();
    api.delete(
      '/api/integrations/hubspot',
      {
        config: { owner: true, scope: false },
        schema: {
          tags: ['hubspot'],
          summary: 'HubSpot bağlantısını kes',
          security: [{ bearer: [] }],
          response: { 200: HubSpotDisconnectResponse, ...errorAnswers(401, 404, 429) },
        },
      },
      async (request) => {
        const ownerId = request.person.id;
        if (!(await connections.remove(ownerId))) throw notFoundError(MESSAGES.hubspotNotConnected);
        const disconnected: HubSpotDisconnected = {
          type: 'HubSpotDisconnected',
          data: { ownerId, disconnectedAt: new Date().toISOString() },
        };
        const result = await context.store.append([{
          streamId: hubspotStreamId(ownerId),
          expected: 'any',
          events: [await context.codec.encode(disconnected, { actor: ownerId })],
        }]);
        return succeeded({ message: MESSAGES.hubspotDisconnected, position: result.position });
      },
    );
  };
}
