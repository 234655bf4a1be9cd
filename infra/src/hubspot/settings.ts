import { HUBSPOT_SCOPES } from '@kartvizit/schemas/hubspot/model';
import { address, optional } from '../meetings/settings.ts';

/**
 * HubSpot (issue 35, docs/decisions/0068-hubspot.md): the operator's app (OAuth 2.0 authorization code, no PKCE:
 * HubSpot's flow takes the client secret) and where its APIs are. Every address comes from the environment so tests
 * point them at a fake on loopback, as the meeting providers' do; the defaults are HubSpot's own hosts. Without
 * HUBSPOT_CLIENT_ID (or its secret) HubSpot is not configured: the screen says so and no reactor runs.
 */
export interface HubSpotSettings {
  /** HUBSPOT_CLIENT_ID; null: not configured. */
  readonly clientId: string | null;
  /** HUBSPOT_CLIENT_SECRET: never logged, never in an answer. */
  readonly clientSecret: string | null;
  /** HUBSPOT_AUTHORIZATION_URL: where the owner signs in and picks their HubSpot account. */
  readonly authorizationUrl: string;
  /** HUBSPOT_TOKEN_URL: code exchange and refresh. */
  readonly tokenUrl: string;
  /** HUBSPOT_API_URL: the CRM API, and the token's metadata (`/oauth/v1/access-tokens/{token}`). */
  readonly apiUrl: string;
  readonly scopes: readonly string[];
  /** How long one call to HubSpot may take, whole answer included; default 10 s (tests shorten it). */
  readonly timeoutMs?: number;
}

export const HUBSPOT_DEFAULTS = {
  authorizationUrl: 'https://app.hubspot.com/oauth/authorize',
  tokenUrl: 'https://api.hubapi.com/oauth/v1/token',
  apiUrl: 'https://api.hubapi.com',
} as const;


export function readHubSpotSettings(env: NodeJS.ProcessEnv = process.env): HubSpotSettings {
  const clientId = optional(env.HUBSPOT_CLIENT_ID);
  return {
    clientId,
    clientSecret: clientId === null ? null : optional(env.HUBSPOT_CLIENT_SECRET),
    authorizationUrl: address(env, 'HUBSPOT_AUTHORIZATION_URL', HUBSPOT_DEFAULTS.authorizationUrl),
    tokenUrl: address(env, 'HUBSPOT_TOKEN_URL', HUBSPOT_DEFAULTS.tokenUrl),
    apiUrl: address(env, 'HUBSPOT_API_URL', HUBSPOT_DEFAULTS.apiUrl),
    scopes: HUBSPOT_SCOPES,
  };
}

export interface ConfiguredHubSpot extends HubSpotSettings {
  readonly clientId: string;
  readonly clientSecret: string;
}

/** Both halves of the client are set: owners can connect, and leads are synced. */
export function isHubSpotConfigured(settings: HubSpotSettings | null | undefined): settings is ConfiguredHubSpot {
  return settings != null && settings.clientId !== null && settings.clientSecret !== null;
}

/** Where HubSpot sends the browser back: query-api's callback under PUBLIC_BASE_URL (registered in the HubSpot app). */
export function hubspotRedirectUri(publicBaseUrl: string): string {
  return `${publicBaseUrl.replace(/\/+$/u, '')}/api/integrations/hubspot/callback`;
}
