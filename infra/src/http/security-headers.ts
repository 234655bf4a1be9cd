import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Content-Security-Policy directives by name ('img-src' → its sources). */
export type CspDirectives = Readonly<Record<string, readonly string[]>>;

/** What a route may change in the security headers every answer carries. */
export interface SecurityHeaderOverrides {
  readonly contentSecurityPolicy?: CspDirectives;
  /** Who may embed the answer (an <img> on another site): 'same-origin' unless a route says so. */
  readonly crossOriginResourcePolicy?: 'same-origin' | 'same-site' | 'cross-origin';
  /**
   * Which windows keep a handle on the page's: 'same-origin' unless a route says so. The OAuth popup (issue 15) needs
   * the page that opens it to allow popups and every page the popup passes through to sever nothing, or the callback
   * page finds no `window.opener` to hand the token to.
   */
  readonly crossOriginOpenerPolicy?: 'same-origin' | 'same-origin-allow-popups' | 'unsafe-none';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's own policy; unset: the web app's, or the API's under /api/. */
    readonly securityHeaders?: SecurityHeaderOverrides;
  }
}

export interface SecurityHeaderSettings {
  /** PUBLIC_BASE_URL: HSTS is sent only when it is https. */
  readonly publicBaseUrl: string;
  /** Origins the web app may show images from besides its own (the map tile server). */
  readonly imageOrigins?: readonly string[];
}

/** One year: the value HSTS preload lists and most banks use. */
const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * The web app (index.html and its hashed assets): scripts and styles from our origin only, no
 * inline script or style at all (the build has none; sonner's stylesheet is a file, see
 * web/vite.config.ts), nobody may frame it. docs/decisions/0012-http-hardening.md.
 */
export function appShellDirectives(imageOrigins: readonly string[] = []): CspDirectives {
  return {
    'default-src': ["'none'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    // data: the QR codes drawn in the browser and CSS icons; blob: previews of images being uploaded.
    'img-src': ["'self'", 'data:', 'blob:', ...imageOrigins],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    // The dashboard's service worker (/sw.js, issue 17) and its web app manifest.
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'form-action': ["'self'"],
    'base-uri': ["'none'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
  };
}

/** JSON, QR images, the vCard, the statistics stream: nothing in them may load or run anything. */
export const API_SECURITY_HEADERS: SecurityHeaderOverrides = {
  contentSecurityPolicy: {
    'default-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'frame-ancestors': ["'none'"],
  },
};

/**
 * The answers the OAuth popup passes through on our origin (issue 15): /api/integration/oauth/{provider}/start and
 * /exchange, redirects with nothing to load. A browser decides at every response of a popup's navigation, redirects
 * included, whether it goes on in a new browsing context group; any `same-origin` on the way (helmet's default) cuts
 * the popup from the card page that opened it, and the callback page can no longer post the token back. With
 * 'unsafe-none' here, on the provider's pages and on the callback page, and 'same-origin-allow-popups' on the card
 * page, the popup stays the card page's.
 */
export const OAUTH_POPUP_API_SECURITY_HEADERS: SecurityHeaderOverrides = {
  ...API_SECURITY_HEADERS,
  crossOriginOpenerPolicy: 'unsafe-none',
};

/**
 * The web app's pages (the app shell, whichever address or the service worker's precached copy it comes from): the
 * dashboard's 'Toplantılar' opens the same OAuth popup as the card page (issue 28), so it allows popups as the card
 * page does: its popups keep their opener, other sites' windows still cannot reach it. Its CSP is the app shell's.
 */
export const WEB_APP_SECURITY_HEADERS: SecurityHeaderOverrides = {
  crossOriginOpenerPolicy: 'same-origin-allow-popups',
};

const PLACEHOLDER = 'tile-placeholder';

/**
 * The CSP source of an XYZ tile template: 'https://tile.example/{z}/{x}/{y}.png' → its origin,
 * 'https://{a-c}.tile.example/…' → 'https://*.tile.example'; a placeholder elsewhere in the host
 * → the scheme alone. Null for a template that is no http(s) URL.
 */
export function originOfTemplate(template: string): string | null {
  let url: URL;
  try {
    url = new URL(template.replace(/\{[^}]*\}/g, PLACEHOLDER));
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.host.includes(PLACEHOLDER)) return url.origin;
  const [first, ...rest] = url.host.split('.');
  const parent = rest.join('.');
  if (first === PLACEHOLDER && rest.length >= 2 && !parent.includes(PLACEHOLDER)) return `${url.protocol}//*.${parent}`;
  return url.protocol;
}

function helmetOptions(settings: SecurityHeaderSettings, overrides: SecurityHeaderOverrides = {}): HelmetOptions {
  const directives = overrides.contentSecurityPolicy ?? appShellDirectives(settings.imageOrigins);
  return {
    contentSecurityPolicy: { useDefaults: false, directives },
    crossOriginResourcePolicy: { policy: overrides.crossOriginResourcePolicy ?? 'same-origin' },
    crossOriginOpenerPolicy: { policy: overrides.crossOriginOpenerPolicy ?? 'same-origin' },
    // Tiles and payment QR hosts send no Cross-Origin-Resource-Policy: an embedder policy would block them.
    crossOriginEmbedderPolicy: false,
    // OpenStreetMap's tile policy asks for a Referer; the origin is all it gets.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity:
      new URL(settings.publicBaseUrl).protocol === 'https:'
        ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true }
        : false,
    xFrameOptions: { action: 'deny' },
  };
}

/** The headers helmet sets for these options, computed once (helmet writes them onto a response it is handed). */
function headersOf(options: HelmetOptions): Readonly<Record<string, string>> {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  let failure: unknown;
  helmet(options)(response.req, response, (error?: unknown) => {
    failure = error;
  });
  // Helmet reports a bad option (a malformed CSP source) here: refuse to start rather than send nothing.
  if (failure !== undefined)
    throw failure instanceof Error ? failure : new Error('helmet refused the security header options');
  return Object.fromEntries(Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]));
}

/** Headers for answers written outside a route (a malformed URL, Node's own 400/408/414/431). */
export function securityHeadersOutsideRoutes(settings: SecurityHeaderSettings): Readonly<Record<string, string>> {
  return headersOf(helmetOptions(settings, API_SECURITY_HEADERS));
}

/**
 * Every answer of the app carries helmet's security headers: a route's own policy where it
 * declares `config.securityHeaders`, else the API's for every path under /api/ (its 404s too),
 * else the web app's. Each policy's headers are computed once, when the app starts or its route
 * is added; a request only copies them into the reply's headers, which Node writes and checks in
 * one pass with the answer (setting them one by one on the raw response cost a 304 a fifth more
 * CPU: docs/decisions/0020). An answer its route writes itself (the statistics stream) writes
 * `reply.getHeaders()` with its own. Call before any route is added: the answer is the headers a request gets, which
 * plumbing.ts copies in the one onRequest hook every answer goes through.
 */
export function securityHeaderPolicies(
  app: FastifyInstance,
  settings: SecurityHeaderSettings,
): (request: FastifyRequest) => Readonly<Record<string, string>> {
  const webApp = headersOf(helmetOptions(settings, WEB_APP_SECURITY_HEADERS));
  const api = headersOf(helmetOptions(settings, API_SECURITY_HEADERS));
  const byRoutePolicy = new WeakMap<SecurityHeaderOverrides, Readonly<Record<string, string>>>();
  app.addHook('onRoute', (route) => {
    const overrides = route.config?.securityHeaders;
    if (overrides && !byRoutePolicy.has(overrides))
      byRoutePolicy.set(overrides, headersOf(helmetOptions(settings, overrides)));
  });
  return (request) => {
    const overrides = request.routeOptions.config.securityHeaders;
    return (overrides && byRoutePolicy.get(overrides)) ?? (request.url.startsWith('/api/') ? api : webApp);
  };
}
