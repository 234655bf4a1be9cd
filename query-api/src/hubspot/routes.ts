import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import * as oauth from 'oauth4webapi';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ErrorResponse,
  HUBSPOT_FAILURE_REASONS,
  HubSpotStartResponse,
  HubSpotStatusResponse,
  MESSAGES,
  READ_YOUR_WRITES_WAIT_MS,
  hubspotFailureText,
  hubspotStreamId,
  notFoundError,
  type HubSpotConnected,
  type HubSpotFailureReason,
} from '@kartvizit/schemas';
import { deriveKey } from '@kartvizit/infra/config/secrets';
import { succeeded } from '@kartvizit/infra/http/answers';
import { HubSpotClient, HubSpotError } from '@kartvizit/infra/hubspot/client';
import { HubSpotConnectionStore } from '@kartvizit/infra/hubspot/connections';
import { HUBSPOT_PROJECTION, RM_HUBSPOT, type HubSpotRow } from '@kartvizit/infra/hubspot/read-model';
import {
  hubspotRedirectUri,
  isHubSpotConfigured,
  type ConfiguredHubSpot,
  type HubSpotSettings,
} from '@kartvizit/infra/hubspot/settings';
import {
  OAUTH_STATE_LIFETIME_SECONDS,
  openPendingAuthorization,
  sealPendingAuthorization,
} from '@kartvizit/infra/meetings/oauth-state';
import { codecFromAppSecret } from '@kartvizit/infra/vault/event-codec';
import type { QueryContext } from '../core/context.ts';
import { isMissingRelation } from '../core/sql.ts';

/**
 * HubSpot's connection, server side (issue 35, docs/decisions/0068-hubspot.md). In query-api because the browser
 * reaches both steps with GET (nginx sends every GET to query-api), beside the meeting providers' OAuth:
 * - `start` (owner): a fresh state, sealed with the owner's id into a cookie only these routes receive (the meeting
 *   routes' sealing, oauth-state.ts), and HubSpot's authorize address in the answer; the screen then goes there.
 * - `callback` (HubSpot sends the browser back, without a session): the cookie says who began it and which state;
 *   the state is checked (oauth4webapi), the code exchanged server side, the tokens stored sealed
 *   (hubspot_connections) and HubSpotConnected appended, then the browser goes to `/integrations?hubspot=connected`
 *   (or `=error`). This is query-api's one write: the connection is a secret plus one event and no decision.
 * - the status (owner), from the hubspot read model.
 * Disconnecting is a DELETE, so command-api's (command-api/src/hubspot/routes.ts).
 */

export interface HubSpotRouteSettings {
  readonly appSecret: Buffer;
  readonly publicBaseUrl: string;
  /** HUBSPOT_* (infra/src/hubspot/settings.ts); null or unset: not configured. */
  readonly hubspot?: HubSpotSettings | null;
}

export const HUBSPOT_COOKIE_PATH = '/api/integrations/hubspot/';
export const HUBSPOT_COOKIE = 'kartvizit_oauth_hubspot';
const PROJECTIONS = [HUBSPOT_PROJECTION] as const;

function redirect(reply: FastifyReply, outcome: 'connected' | 'error'): FastifyReply {
  return reply
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .redirect(`/integrations?hubspot=${outcome}`, 302);
}

async function findRow(context: QueryContext, ownerId: string): Promise<HubSpotRow | null> {
  try {
    const { rows } = await context.pool.query<HubSpotRow>(`SELECT * FROM ${RM_HUBSPOT} WHERE owner_id = $1`, [ownerId]);
    return rows[0] ?? null;
  } catch (error) {
    if (isMissingRelation(error)) return null;
    throw error;
  }
}

function failureReason(value: string | null): HubSpotFailureReason | null {
  return (HUBSPOT_FAILURE_REASONS as readonly (string | null)[]).includes(value)
    ? (value as HubSpotFailureReason)
    : null;
}

export function hubspotQueries(context: QueryContext, settings: HubSpotRouteSettings) {
  const key = deriveKey(settings.appSecret, 'oauth-state');
  const secure = new URL(settings.publicBaseUrl).protocol === 'https:';
  const cookieOptions = { path: HUBSPOT_COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure } as const;
  const configured: ConfiguredHubSpot | null = isHubSpotConfigured(settings.hubspot) ? settings.hubspot : null;
  const client = configured ? new HubSpotClient(configured) : null;
  const connections = new HubSpotConnectionStore(context.pool, settings.appSecret);
  const codec = codecFromAppSecret(context.pool, settings.appSecret);
  const redirectUri = hubspotRedirectUri(settings.publicBaseUrl);

  /** Checks HubSpot's return against the cookie and connects the owner; the reason it could not, for the log. */
  async function connect(request: FastifyRequest, sealed: string | undefined): Promise<string | null> {
    if (configured === null || client === null) return 'not configured';
    const pending = await openPendingAuthorization(key, sealed, 'hubspot');
    if (pending === null || pending.ownerId === undefined) return 'no pending authorization';
    const query = request.url.indexOf('?');
    const callback = new URLSearchParams(query === -1 ? '' : request.url.slice(query + 1));
    const as: oauth.AuthorizationServer = {
      issuer: new URL(configured.authorizationUrl).origin,
      authorization_endpoint: configured.authorizationUrl,
      token_endpoint: configured.tokenUrl,
    };
    let code: string;
    try {
      code = oauth.validateAuthResponse(as, { client_id: configured.clientId }, callback, pending.state).get('code') ?? '';
    } catch (error) {
      return error instanceof oauth.AuthorizationResponseError ? `authorization ${error.error.slice(0, 64)}` : 'state';
    }
    if (code === '') return 'no code';
    try {
      const tokens = await client.exchangeCode(code, redirectUri);
      const portalId = await client.portalIdOf(tokens.accessToken);
      const now = new Date();
      await connections.save(pending.ownerId, portalId, tokens, now);
      const connected: HubSpotConnected = {
        type: 'HubSpotConnected',
        data: { ownerId: pending.ownerId, portalId, connectedAt: now.toISOString() },
      };
      const appended = await context.store.append([{
        streamId: hubspotStreamId(pending.ownerId),
        expected: 'any',
        events: [await codec.encode(connected)],
      }]);
      // A redirect carries no x-min-position: wait here (as briefly as any read-your-writes read) for the hubspot
      // projection to pass the connection, or the screen's first read after the redirect can still say "not
      // connected" beside its 'bağlandı' toast.
      await context.watermarks.waitFor(PROJECTIONS, appended.position, READ_YOUR_WRITES_WAIT_MS);
      return null;
    } catch (error) {
      if (error instanceof HubSpotError) return error.message;
      throw error;
    }
  }

  return async function routes(app: FastifyInstance): Promise<void> {
    await app.register(fastifyCookie);
    const api = app.withTypeProvider<TypeBoxTypeProvider>();

    api.get(
      '/api/integrations/hubspot',
      {
        schema: {
          tags: ['hubspot'],
          summary: 'HubSpot bağlantısının durumu',
          security: [{ bearer: [] }],
          response: { 200: HubSpotStatusResponse, 401: ErrorResponse },
        },
        config: { owner: true, scope: false, projections: PROJECTIONS },
      },
      async (request, reply) => {
        const row = await findRow(context, request.person.id);
        const reason = failureReason(row?.last_failure_reason ?? null);
        reply.header('cache-control', 'private, no-store');
        return succeeded({
          configured: configured !== null,
          connected: row?.connected === true,
          portalId: row?.connected ? row.portal_id : null,
          connectedAt: row?.connected && row.connected_at ? row.connected_at.toISOString() : null,
          created: row?.created ?? 0,
          updated: row?.updated ?? 0,
          failed: row?.failed ?? 0,
          lastFailure:
            reason && row?.last_failure_at
              ? {
                  reason,
                  message: hubspotFailureText(reason, row.last_failure_message),
                  failedAt: row.last_failure_at.toISOString(),
                }
              : null,
        });
      },
    );

    api.get(
      '/api/integrations/hubspot/start',
      {
        schema: {
          tags: ['hubspot'],
          summary: 'HubSpot’a bağlanmak için yetkilendirme adresi',
          security: [{ bearer: [] }],
          response: { 200: HubSpotStartResponse, 401: ErrorResponse, 404: ErrorResponse },
        },
        config: { owner: true, scope: false },
      },
      async (request, reply) => {
        if (client === null) throw notFoundError(MESSAGES.hubspotNotConfigured);
        const state = oauth.generateRandomState();
        const pending = { provider: 'hubspot', state, codeVerifier: '', ownerId: request.person.id } as const;
        reply.setCookie(HUBSPOT_COOKIE, await sealPendingAuthorization(key, pending), {
          ...cookieOptions,
          maxAge: OAUTH_STATE_LIFETIME_SECONDS,
        });
        reply.header('cache-control', 'no-store');
        return succeeded({ authorizationUrl: client.authorizationUrl(redirectUri, state) });
      },
    );

    api.get(
      '/api/integrations/hubspot/callback',
      { schema: { tags: ['hubspot'], summary: 'HubSpot’un döndürdüğü kodu sunucuda erişim anahtarıyla değiştirir' } },
      async (request, reply) => {
        const sealed = request.cookies[HUBSPOT_COOKIE];
        if (sealed !== undefined) reply.clearCookie(HUBSPOT_COOKIE, cookieOptions);
        const failure = await connect(request, sealed);
        if (failure === null) return redirect(reply, 'connected');
        request.log.warn({ failure }, 'HubSpot bağlantısı kurulamadı');
        return redirect(reply, 'error');
      },
    );
  };
}
