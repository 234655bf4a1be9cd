import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { Type } from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { MESSAGES, notFoundError } from '@kartvizit/schemas';
import { deriveKey } from '@kartvizit/infra/config/secrets';
import { OAUTH_POPUP_API_SECURITY_HEADERS } from '@kartvizit/infra/http/security-headers';
import {
  beginAuthorization,
  completeAuthorization,
  redirectUriFor,
  TOKEN_REQUEST_TIMEOUT_MS,
  type AuthorizationFailure,
} from '@kartvizit/infra/meetings/oauth';
import {
  OAUTH_STATE_LIFETIME_SECONDS,
  openPendingAuthorization,
  sealPendingAuthorization,
} from '@kartvizit/infra/meetings/oauth-state';
import {
  configuredProviders,
  isConfigured,
  MEETING_PROVIDERS,
  type MeetingProvider,
} from '@kartvizit/infra/meetings/settings';
import type { QueryContext } from '../core/context.ts';

/**
 * The meeting providers' OAuth popups, server side (issue 15; docs/decisions/0039-meeting-providers.md, "OAuth").
 * The 500×600 popup opens `start`, which sends it to the provider with a fresh state and PKCE challenge and leaves
 * both (sealed) in a cookie; the provider sends it back to `exchange`, which checks the state, trades the code for an
 * access token and hands the token to the web's `/auth/{provider}/callback` page in the fragment (never sent to a
 * server, not in any log). Every failure also ends on that page, as `#error=<code>`, so the popup can tell the opener.
 */

export interface OAuthRouteSettings {
  readonly appSecret: Buffer;
  /** PUBLIC_BASE_URL: the redirect URI registered at each provider, and whether the cookie is Secure. */
  readonly publicBaseUrl: string;
  /** How long the token endpoint may take (tests); default TOKEN_REQUEST_TIMEOUT_MS. */
  readonly tokenTimeoutMs?: number;
}

/** Only the OAuth routes ever receive the cookies: a provider's code and state never travel with other requests. */
export const OAUTH_COOKIE_PATH = '/api/integration/oauth/';

/** One cookie per provider: popups for two providers open at once do not overwrite each other's state. */
export function oauthCookieName(provider: MeetingProvider): string {
  return `kartvizit_oauth_${provider}`;
}

const ProviderParams = Type.Object({ provider: Type.String() }, { additionalProperties: false });

const ProvidersResponse = Type.Object(
  Object.fromEntries(MEETING_PROVIDERS.map((provider) => [provider, Type.Boolean()])) as Record<
    MeetingProvider,
    ReturnType<typeof Type.Boolean>
  >,
  { additionalProperties: false },
);

function knownProvider(name: string): MeetingProvider {
  const provider = (MEETING_PROVIDERS as readonly string[]).find((known) => known === name);
  if (provider === undefined) throw notFoundError(MESSAGES.meetingProviderUnknown);
  return provider as MeetingProvider;
}

/** The web page that tells the opener, with what it must say in the fragment. */
function callbackLocation(provider: MeetingProvider, fragment: Readonly<Record<string, string>>): string {
  return `/auth/${provider}/callback#${new URLSearchParams(fragment).toString()}`;
}

/**
 * Redirects of the flow: never cached (the exchange's carries a token) and never followed by a Referer that would
 * repeat the provider's code or our state to the next page.
 */
function redirect(reply: FastifyReply, location: string): FastifyReply {
  return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(location, 302);
}

export function oauthQueries(context: QueryContext, settings: OAuthRouteSettings) {
  const key = deriveKey(settings.appSecret, 'oauth-state');
  const secure = new URL(settings.publicBaseUrl).protocol === 'https:';
  const cookieOptions = { path: OAUTH_COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure } as const;
  const timeoutMs = settings.tokenTimeoutMs ?? TOKEN_REQUEST_TIMEOUT_MS;
  // Both halves of the client, as start and exchange need them: an id without its secret cannot sign anyone in.
  const available = configuredProviders(context.meetings);

  return async function routes(app: FastifyInstance): Promise<void> {
    await app.register(fastifyCookie);
    const typed = app.withTypeProvider<TypeBoxTypeProvider>();

    typed.get(
      '/api/integration/providers',
      {
        schema: {
          tags: ['integration'],
          summary: 'Bu sunucuda yapılandırılmış toplantı sağlayıcıları',
          response: { 200: ProvidersResponse },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return available;
      },
    );

    typed.get(
      '/api/integration/oauth/:provider/start',
      {
        schema: {
          tags: ['integration'],
          summary: 'OAuth açılır penceresini sağlayıcının giriş sayfasına yönlendirir',
          params: ProviderParams,
        },
        // The popup passes here on its way to the provider and back: it must stay the card page's (security-headers.ts).
        config: { securityHeaders: OAUTH_POPUP_API_SECURITY_HEADERS },
      },
      async (request, reply) => {
        const provider = knownProvider(request.params.provider);
        const provided = context.meetings[provider];
        if (!isConfigured(provided)) return redirect(reply, callbackLocation(provider, { error: 'not_configured' }));
        const { authorizationUrl, pending } = await beginAuthorization(
          provided,
          redirectUriFor(settings.publicBaseUrl, provider),
        );
        reply.setCookie(oauthCookieName(provider), await sealPendingAuthorization(key, pending), {
          ...cookieOptions,
          maxAge: OAUTH_STATE_LIFETIME_SECONDS,
        });
        return redirect(reply, authorizationUrl);
      },
    );

    typed.get(
      '/api/integration/oauth/:provider/exchange',
      {
        schema: {
          tags: ['integration'],
          summary: 'Sağlayıcının döndürdüğü kodu erişim anahtarıyla değiştirip açılır pencereye iletir',
          params: ProviderParams,
        },
        // The popup passes here on its way to the provider and back: it must stay the card page's (security-headers.ts).
        config: { securityHeaders: OAUTH_POPUP_API_SECURITY_HEADERS },
      },
      async (request, reply) => {
        const provider = knownProvider(request.params.provider);
        const name = oauthCookieName(provider);
        const sealed = request.cookies[name];
        if (sealed !== undefined) reply.clearCookie(name, cookieOptions);
        const provided = context.meetings[provider];
        if (!isConfigured(provided)) return redirect(reply, callbackLocation(provider, { error: 'not_configured' }));
        const outcome = await completeAuthorization(
          provided,
          redirectUriFor(settings.publicBaseUrl, provider),
          await openPendingAuthorization(key, sealed, provider),
          callbackParameters(request),
          timeoutMs,
        );
        if (outcome.ok) return redirect(reply, callbackLocation(provider, { access_token: outcome.accessToken }));
        logFailure(request, provider, outcome.failure, outcome.reason);
        return redirect(reply, callbackLocation(provider, { error: outcome.failure }));
      },
    );
  };
}

/** The provider's answer as it arrived: the raw query string, so a repeated parameter is seen (and refused). */
function callbackParameters(request: FastifyRequest): URLSearchParams {
  const query = request.url.indexOf('?');
  return new URLSearchParams(query === -1 ? '' : request.url.slice(query + 1));
}

/** Names the provider, the popup's error code and the library's reason: never the code, the state or a token. */
function logFailure(request: FastifyRequest, provider: MeetingProvider, failure: AuthorizationFailure, reason: string) {
  const log = failure === 'exchange' ? request.log.warn.bind(request.log) : request.log.info.bind(request.log);
  log({ provider, failure, reason }, 'Toplantı sağlayıcısı girişi tamamlanamadı');
}
