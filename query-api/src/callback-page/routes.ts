import type { FastifyInstance } from 'fastify';
import { MEETING_PROVIDER_LABELS, MEETING_PROVIDER_MESSAGES } from '@kartvizit/schemas/meeting/messages';
import type { SecurityHeaderOverrides } from '@kartvizit/infra/http/security-headers';
import { MEETING_PROVIDERS, type MeetingProvider } from '@kartvizit/infra/meetings/settings';
import { jsonForScript, markup, type SafeHtml } from '@kartvizit/infra/html/markup';
import { EntryAssets, type PageAssets } from '../html/assets.ts';
import { HTML_CONTENT_TYPE } from '../html/answer.ts';

/** The OAuth popup's landing page (/auth/{provider}/callback, issue 15): a few lines of script and a spinner. */
const AUTH_CALLBACK_ENTRY = 'src/auth-callback/main.ts';

/** What the popup's script reads from the page (web/src/auth-callback/main.ts). */
export interface CallbackPageData {
  readonly provider: MeetingProvider;
  /** The message type the opener waits for: 'google_auth', 'microsoft_auth', 'zoom_auth', 'calendly_auth'. */
  readonly type: `${MeetingProvider}_auth`;
  /** Shown when there is no token to hand over, or nobody to hand it to. */
  readonly failed: string;
}

/**
 * Our own script and stylesheet only, nothing else loads, nothing may frame it, and no opener policy: the popup
 * arrives here from the provider's origin and must still reach the card page that opened it (see
 * OAUTH_POPUP_API_SECURITY_HEADERS in infra/src/http/security-headers.ts).
 */
export const CALLBACK_PAGE_SECURITY_HEADERS: SecurityHeaderOverrides = {
  contentSecurityPolicy: {
    'default-src': ["'none'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'"],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
  },
  crossOriginOpenerPolicy: 'unsafe-none',
};

/** The page: the same bytes for every visit of a provider's callback; the token is in the fragment, never here. */
export function renderCallbackPage(provider: MeetingProvider, assets: PageAssets): string {
  const data: CallbackPageData = {
    provider,
    type: `${provider}_auth`,
    failed: MEETING_PROVIDER_MESSAGES.oauthFailed,
  };
  const styles: SafeHtml[] = (assets.stylesheets ?? []).map((url) => markup`<link rel="stylesheet" href="${url}">`);
  const script = assets.scriptUrl ? markup`<script type="module" src="${assets.scriptUrl}"></script>` : '';
  return markup`<!doctype html>
<html lang="tr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${MEETING_PROVIDER_LABELS[provider]} girişi · Dijital Kartvizit</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
${styles}</head>
<body class="oc-body">
<main class="oc-box">
<h1 class="oc-title">${MEETING_PROVIDER_LABELS[provider]} girişi</h1>
<div class="oc-spinner" data-spinner aria-hidden="true"></div>
<p class="oc-text" data-status role="status">${MEETING_PROVIDER_MESSAGES.oauthCompleting}</p>
</main>
<script type="application/json" id="oc-data">${jsonForScript(data)}</script>
${script}
</body>
</html>
`.value;
}

/**
 * GET /auth/{google|microsoft|zoom|calendly}/callback: where the OAuth popup lands (SPEC 'OAuth callback popups',
 * issue 15). Its own small Vite entry rather than the dashboard: a popup that lives one second should not load React.
 * Only the four providers' paths are routes; any other /auth/… falls to the web app, whose 404 page answers.
 */
export function callbackPageRoutes(settings: { readonly webDistDir?: string }) {
  const assets = new EntryAssets(settings.webDistDir, AUTH_CALLBACK_ENTRY);
  return async function routes(app: FastifyInstance): Promise<void> {
    for (const provider of MEETING_PROVIDERS) {
      app.get(
        `/auth/${provider}/callback`,
        { schema: { hide: true }, config: { securityHeaders: CALLBACK_PAGE_SECURITY_HEADERS } },
        async (_request, reply) =>
          reply
            .header('content-type', HTML_CONTENT_TYPE)
            .header('cache-control', 'no-cache')
            .send(renderCallbackPage(provider, assets.current())),
      );
    }
  };
}
