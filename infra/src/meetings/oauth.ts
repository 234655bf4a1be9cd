import * as oauth from 'oauth4webapi';
import { isLoopbackAddress } from '@kartvizit/schemas/public-address';
import type { PendingAuthorization } from './oauth-state.ts';
import type { ConfiguredProvider, MeetingProvider } from './settings.ts';

/**
 * The meeting providers' OAuth 2.0 authorization-code flow with PKCE (S256) and state, through oauth4webapi
 * (docs/decisions/0039-meeting-providers.md, "OAuth"): `beginAuthorization` builds the address the popup goes to and
 * what must come back; `completeAuthorization` checks the provider's answer against it and exchanges the code for an
 * access token with the client secret. The token is handed to the popup and never kept.
 */

/** How long the token endpoint may take before the popup is told the exchange failed. */
export const TOKEN_REQUEST_TIMEOUT_MS = 10_000;

/**
 * How each provider wants the client secret (their token endpoint documentation): Google and Microsoft in the form
 * body (client_secret_post), Zoom and Calendly in an `Authorization: Basic` header (client_secret_basic).
 */
const CLIENT_AUTHENTICATION: Readonly<Record<MeetingProvider, 'post' | 'basic'>> = {
  google: 'post',
  microsoft: 'post',
  zoom: 'basic',
  calendly: 'basic',
};

/** Why a return from the provider gave no token; the popup's `#error=` code. */
export type AuthorizationFailure = 'access_denied' | 'state' | 'exchange';

export type AuthorizationOutcome =
  | { readonly ok: true; readonly accessToken: string }
  /** `reason`: for the log, made of the library's error codes and the provider's error code, never a code or a token. */
  | { readonly ok: false; readonly failure: AuthorizationFailure; readonly reason: string };

/** Where the provider sends the popup back: query-api's exchange route under PUBLIC_BASE_URL. */
export function redirectUriFor(publicBaseUrl: string, provider: MeetingProvider): string {
  return `${publicBaseUrl.replace(/\/+$/u, '')}/api/integration/oauth/${provider}/exchange`;
}

/**
 * The provider as the library sees it, built from the settings (the providers' discovery documents are not fetched:
 * Zoom and Calendly publish none). The issuer is the authorization endpoint's origin; the metadata does not claim
 * RFC 9207 support, so a return without `iss` (Microsoft, Zoom, Calendly) passes and one with it (Google sends
 * `https://accounts.google.com`) must name that origin: the library's own rule, not one written here.
 */
function authorizationServer(settings: ConfiguredProvider): oauth.AuthorizationServer {
  return {
    issuer: new URL(settings.authorizationUrl).origin,
    authorization_endpoint: settings.authorizationUrl,
    token_endpoint: settings.tokenUrl,
  };
}

function clientAuthentication(settings: ConfiguredProvider): oauth.ClientAuth {
  return CLIENT_AUTHENTICATION[settings.provider] === 'basic'
    ? oauth.ClientSecretBasic(settings.clientSecret)
    : oauth.ClientSecretPost(settings.clientSecret);
}

/** The popup's first address at the provider, and what the exchange must find again (sealed into the cookie). */
export async function beginAuthorization(
  settings: ConfiguredProvider,
  redirectUri: string,
): Promise<{ readonly authorizationUrl: string; readonly pending: PendingAuthorization }> {
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(settings.authorizationUrl);
  url.searchParams.set('client_id', settings.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('response_type', 'code');
  if (settings.scopes.length > 0) url.searchParams.set('scope', settings.scopes.join(' '));
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(codeVerifier));
  url.searchParams.set('code_challenge_method', 'S256');
  return { authorizationUrl: url.href, pending: { provider: settings.provider, state, codeVerifier } };
}

/** An OAuth error code as RFC 6749 spells them; anything else (it arrives in a URL anyone can write) is not logged. */
function errorCode(value: string): string {
  return /^[a-z_]{1,64}$/u.test(value) ? value : 'other';
}

/** The library's error code (or class name) and the provider's OAuth error code: what may be logged of a failure. */
function reasonOf(error: unknown): string {
  if (error instanceof oauth.ResponseBodyError) return `${error.code} ${error.status} ${errorCode(error.error)}`;
  if (error instanceof oauth.AuthorizationResponseError) return `${error.code} ${errorCode(error.error)}`;
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' ? `${error.name} ${code}` : error.name;
  }
  return 'unknown';
}

/**
 * Checks the provider's return (`callback`: the exchange route's query) against the pending authorization from the
 * cookie (null: none, tampered or expired), then exchanges the code. The state is compared by the library before
 * anything else, an error from the provider included; the token request carries the code verifier and the client
 * secret and gives up after `timeoutMs`.
 */
export async function completeAuthorization(
  settings: ConfiguredProvider,
  redirectUri: string,
  pending: PendingAuthorization | null,
  callback: URLSearchParams,
  timeoutMs: number = TOKEN_REQUEST_TIMEOUT_MS,
): Promise<AuthorizationOutcome> {
  if (pending === null || pending.provider !== settings.provider) {
    return { ok: false, failure: 'state', reason: 'no pending authorization' };
  }
  const as = authorizationServer(settings);
  const client: oauth.Client = { client_id: settings.clientId };
  let parameters: URLSearchParams;
  try {
    parameters = oauth.validateAuthResponse(as, client, callback, pending.state);
  } catch (error) {
    if (error instanceof oauth.AuthorizationResponseError) {
      return {
        ok: false,
        failure: error.error === 'access_denied' ? 'access_denied' : 'exchange',
        reason: reasonOf(error),
      };
    }
    return { ok: false, failure: 'state', reason: reasonOf(error) };
  }
  try {
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      clientAuthentication(settings),
      parameters,
      redirectUri,
      pending.codeVerifier,
      {
        signal: AbortSignal.timeout(timeoutMs),
        // Plain http only to loopback (the fakes); every other address must be https, as the library insists.
        [oauth.allowInsecureRequests]: settings.tokenUrl.startsWith('http:') && isLoopbackAddress(settings.tokenUrl),
      },
    );
    const result = await oauth.processAuthorizationCodeResponse(as, client, response);
    return { ok: true, accessToken: result.access_token };
  } catch (error) {
    return { ok: false, failure: 'exchange', reason: reasonOf(error) };
  }
}
