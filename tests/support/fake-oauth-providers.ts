import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { MEETING_PROVIDERS, type MeetingProvider } from '@kartvizit/infra/meetings/settings';
import { TEST_PUBLIC_BASE_URL } from './product.ts';

/**
 * The four meeting providers' authorization servers on one loopback port, speaking OAuth 2.0 (RFC 6749) with PKCE
 * (RFC 7636) the way each provider does, so the product's popups are tested against the wire and not a mock:
 * - `GET /{provider}/authorize?client_id&redirect_uri&response_type=code&scope&state&code_challenge&code_challenge_method=S256`:
 *   a wrong client or redirect URI gets an error page and no redirect (RFC 6749 §4.1.2.1: never send a code to an
 *   address the client did not register); other problems redirect back with `error=`; otherwise the owner consents
 *   at once (a real provider shows a consent page first) and the fake redirects back with a single-use `code` and the
 *   same `state`. Google, as it does, adds `iss` (its issuer: the authorization endpoint's origin) and `scope`.
 *   `deny(provider)`: the owner refuses, `error=access_denied`.
 * - `POST /{provider}/token` (form body): `grant_type=authorization_code`, the code (ten minutes, single use, bound to
 *   the client, the redirect URI and the challenge), `code_verifier` (its S256 must equal the challenge), and the
 *   client authenticated the provider's way: Google and Microsoft take `client_id`/`client_secret` in the body, Zoom
 *   and Calendly an `Authorization: Basic` header. Answers `{ access_token, token_type: 'Bearer', expires_in,
 *   refresh_token? }` or RFC 6749 §5.2 errors (`invalid_request`, `invalid_client` 401, `invalid_grant`,
 *   `unsupported_grant_type`). A code presented twice is refused and the token it gave revoked (§4.1.2).
 */
export interface FakeOAuthClient {
  readonly clientId: string;
  readonly clientSecret: string;
}

/** The clients registered at the fake (what fakeOAuthEnv puts in the environment). */
export const FAKE_OAUTH_CLIENTS: Readonly<Record<MeetingProvider, FakeOAuthClient>> = {
  google: { clientId: 'kartvizit-google.apps.example', clientSecret: 'google-gizli-3f9c1a7e' },
  microsoft: { clientId: '6f0c2a9e-5b1d-4c3e-9a7f-microsoft', clientSecret: 'microsoft-gizli-8b2d4e6f' },
  zoom: { clientId: 'kartvizitZoomClient', clientSecret: 'zoom-gizli-1c3e5a7b' },
  calendly: { clientId: 'kartvizit-calendly-client', clientSecret: 'calendly-gizli-9d7b5c3a' },
};

/** The scope each provider insists on (the product's settings ask for these); Zoom and Calendly take the app's own. */
const REQUIRED_SCOPE: Readonly<Record<MeetingProvider, string | null>> = {
  google: 'https://www.googleapis.com/auth/calendar.events',
  microsoft: 'Calendars.ReadWrite',
  zoom: null,
  calendly: null,
};

const CLIENT_AUTHENTICATION: Readonly<Record<MeetingProvider, 'post' | 'basic'>> = {
  google: 'post',
  microsoft: 'post',
  zoom: 'basic',
  calendly: 'basic',
};

const CODE_LIFETIME_MS = 10 * 60 * 1000;
const TOKEN_LIFETIME_SECONDS = 3600;

const PREFIX: Readonly<Record<MeetingProvider, string>> = {
  google: 'GOOGLE',
  microsoft: 'MICROSOFT',
  zoom: 'ZOOM',
  calendly: 'CALENDLY',
};

/** The environment that points the product's meeting settings at a fake on `origin`: `readMeetingSettings(env)`. */
export function fakeOAuthEnv(origin: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const provider of MEETING_PROVIDERS) {
    const prefix = PREFIX[provider];
    env[`${prefix}_CLIENT_ID`] = FAKE_OAUTH_CLIENTS[provider].clientId;
    env[`${prefix}_CLIENT_SECRET`] = FAKE_OAUTH_CLIENTS[provider].clientSecret;
    env[`${prefix}_AUTHORIZATION_URL`] = `${origin}/${provider}/authorize`;
    env[`${prefix}_TOKEN_URL`] = `${origin}/${provider}/token`;
  }
  return env;
}

export interface FakeOAuthRequest {
  readonly provider: MeetingProvider;
  readonly endpoint: 'authorize' | 'token';
  /** What the fake answered: 302 for a redirect back (with a code or an error), else the status. */
  readonly status: number;
  /** The OAuth error it answered (`access_denied`, `invalid_grant`…), or null. */
  readonly error: string | null;
}

export interface FakeOAuthProviders {
  /** `http://127.0.0.1:{port}`: give it to fakeOAuthEnv. */
  readonly origin: string;
  /** Whether this provider issued `token` and has not revoked it (a code used twice revokes its token). */
  isIssued(provider: MeetingProvider, token: string): boolean;
  /** Every token request of `provider` is answered `status` with `{ error: 'server_error' }` until reset. */
  failTokenEndpoint(provider: MeetingProvider, status: number): void;
  /** The owner refuses consent at `provider`: its authorize redirects back with `error=access_denied` until reset. */
  deny(provider: MeetingProvider): void;
  /**
   * Token requests of `provider` get no answer at all (a provider that hangs) until reset, which answers the held
   * ones 503, or close.
   */
  stallTokenEndpoint(provider: MeetingProvider): void;
  /** Ends every failTokenEndpoint, deny and stall; codes and tokens stay. */
  reset(): void;
  requests(): readonly FakeOAuthRequest[];
  close(): Promise<void>;
}

export interface FakeOAuthOptions {
  /** The product's PUBLIC_BASE_URL: each provider accepts only its exchange route as redirect URI. */
  readonly publicBaseUrl?: string;
  /** A fixed loopback port (a journey's server is told it before it starts); default: any free one. */
  readonly port?: number;
  /**
   * Lets another process switch the fake (the browser journeys run in workers, the fake in the global setup), under
   * FAKE_OAUTH_CONTROL_PATH: `POST …/{provider}/deny`, `POST …/{provider}/fail-token?status=500`, `POST …/reset`,
   * `GET …/{provider}/issued?token=…` (200 issued, 404 not). Answers 204/200/404, never recorded as OAuth requests.
   */
  readonly control?: boolean;
}

export const FAKE_OAUTH_CONTROL_PATH = '/__fake-oauth';

interface IssuedCode {
  readonly provider: MeetingProvider;
  readonly clientId: string;
  readonly redirectUri: string;
  readonly challenge: string;
  readonly issuedAt: number;
  used: boolean;
  token: string | null;
}

interface OAuthError {
  readonly kind: 'error';
  readonly status: number;
  readonly error: string;
  readonly description: string;
  readonly basicChallenge?: boolean;
}

function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** One value of a parameter; a repeated one is as good as absent (RFC 6749 §3.1: parameters must not repeat). */
function single(params: URLSearchParams, name: string): string | null {
  const values = params.getAll(name);
  return values.length === 1 ? (values[0] ?? null) : null;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** RFC 6749 §2.3.1: the Basic credentials are the form-encoded id and secret. */
function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/u.exec(header ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon === -1) return null;
  try {
    const decode = (part: string) => decodeURIComponent(part.replace(/\+/gu, ' '));
    return { id: decode(decoded.slice(0, colon)), secret: decode(decoded.slice(colon + 1)) };
  } catch {
    return null;
  }
}

export async function startFakeOAuthProviders(options: FakeOAuthOptions = {}): Promise<FakeOAuthProviders> {
  const publicBaseUrl = options.publicBaseUrl ?? TEST_PUBLIC_BASE_URL;
  const codes = new Map<string, IssuedCode>();
  const issued = new Map<MeetingProvider, Set<string>>(MEETING_PROVIDERS.map((provider) => [provider, new Set()]));
  const failing = new Map<MeetingProvider, number>();
  const stalling = new Set<MeetingProvider>();
  const held = new Set<ServerResponse>();
  const denied = new Set<MeetingProvider>();
  const log: FakeOAuthRequest[] = [];
  let origin = '';

  const registeredRedirect = (provider: MeetingProvider) =>
    `${publicBaseUrl}/api/integration/oauth/${provider}/exchange`;

  function authorize(provider: MeetingProvider, url: URL, response: ServerResponse): void {
    const params = url.searchParams;
    const client = FAKE_OAUTH_CLIENTS[provider];
    const redirectUri = single(params, 'redirect_uri');
    if (single(params, 'client_id') !== client.clientId || redirectUri !== registeredRedirect(provider)) {
      // Never redirect to an address the client did not register: an error page, as real providers show.
      log.push({ provider, endpoint: 'authorize', status: 400, error: 'invalid_client' });
      response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('Geçersiz istemci ya da yönlendirme adresi.');
      return;
    }
    const back = new URL(redirectUri);
    const state = single(params, 'state');
    if (state !== null) back.searchParams.set('state', state);
    if (provider === 'google') back.searchParams.set('iss', origin);
    const refuse = (error: string, description: string) => {
      back.searchParams.set('error', error);
      back.searchParams.set('error_description', description);
      log.push({ provider, endpoint: 'authorize', status: 302, error });
      response.writeHead(302, { location: back.href, 'cache-control': 'no-store' });
      response.end();
    };
    if (single(params, 'response_type') !== 'code')
      return refuse('unsupported_response_type', 'response_type must be code');
    const challenge = single(params, 'code_challenge');
    if (single(params, 'code_challenge_method') !== 'S256' || challenge === null || !/^[\w-]{43}$/u.test(challenge)) {
      return refuse('invalid_request', 'PKCE with S256 is required');
    }
    const required = REQUIRED_SCOPE[provider];
    const scopes = (single(params, 'scope') ?? '').split(' ');
    if (required !== null && !scopes.includes(required))
      return refuse('invalid_scope', `scope must include ${required}`);
    if (denied.has(provider)) return refuse('access_denied', 'The resource owner denied the request');
    const code = `${provider}-code-${randomBytes(24).toString('base64url')}`;
    codes.set(code, {
      provider,
      clientId: client.clientId,
      redirectUri,
      challenge,
      issuedAt: Date.now(),
      used: false,
      token: null,
    });
    back.searchParams.set('code', code);
    if (provider === 'google' && required !== null) back.searchParams.set('scope', required);
    log.push({ provider, endpoint: 'authorize', status: 302, error: null });
    response.writeHead(302, { location: back.href, 'cache-control': 'no-store' });
    response.end();
  }

  function tokenAnswer(
    provider: MeetingProvider,
    request: IncomingMessage,
    body: string,
  ): OAuthError | { readonly kind: 'token'; readonly body: object } {
    const forced = failing.get(provider);
    if (forced !== undefined)
      return { kind: 'error', status: forced, error: 'server_error', description: 'Temporarily unavailable' };
    if (!/^application\/x-www-form-urlencoded\b/u.test(request.headers['content-type'] ?? '')) {
      return { kind: 'error', status: 400, error: 'invalid_request', description: 'The body must be form encoded' };
    }
    const params = new URLSearchParams(body);
    const client = FAKE_OAUTH_CLIENTS[provider];
    const basic = basicCredentials(request.headers.authorization);
    const byBasic = CLIENT_AUTHENTICATION[provider] === 'basic';
    const id = byBasic ? basic?.id : single(params, 'client_id');
    const secret = byBasic ? basic?.secret : single(params, 'client_secret');
    const otherWay = byBasic ? params.has('client_secret') : request.headers.authorization !== undefined;
    if (otherWay || id !== client.clientId || secret == null || !sameText(secret, client.clientSecret)) {
      return {
        kind: 'error',
        status: 401,
        error: 'invalid_client',
        description: 'Client authentication failed',
        basicChallenge: byBasic,
      };
    }
    if (single(params, 'grant_type') !== 'authorization_code') {
      return {
        kind: 'error',
        status: 400,
        error: 'unsupported_grant_type',
        description: 'Only authorization_code is supported',
      };
    }
    const code = single(params, 'code');
    const verifier = single(params, 'code_verifier');
    if (code === null || verifier === null || single(params, 'redirect_uri') === null) {
      return {
        kind: 'error',
        status: 400,
        error: 'invalid_request',
        description: 'code, redirect_uri and code_verifier are required',
      };
    }
    const found = codes.get(code);
    const invalidGrant = (description: string): OAuthError => ({
      kind: 'error',
      status: 400,
      error: 'invalid_grant',
      description,
    });
    if (!found || found.provider !== provider || found.clientId !== client.clientId)
      return invalidGrant('Unknown code');
    if (found.used) {
      if (found.token !== null) issued.get(provider)?.delete(found.token);
      return invalidGrant('The code was already used');
    }
    found.used = true;
    if (Date.now() - found.issuedAt > CODE_LIFETIME_MS) return invalidGrant('The code expired');
    if (single(params, 'redirect_uri') !== found.redirectUri) return invalidGrant('redirect_uri does not match');
    if (!/^[\w.~-]{43,128}$/u.test(verifier) || !sameText(s256(verifier), found.challenge)) {
      return invalidGrant('code_verifier does not match the code_challenge');
    }
    const token = `${provider}-erisim-${randomBytes(32).toString('base64url')}`;
    found.token = token;
    issued.get(provider)?.add(token);
    const answer = {
      access_token: token,
      token_type: 'Bearer',
      expires_in: TOKEN_LIFETIME_SECONDS,
      ...(provider === 'google'
        ? {}
        : { refresh_token: `${provider}-yenileme-${randomBytes(24).toString('base64url')}` }),
      ...(REQUIRED_SCOPE[provider] ? { scope: REQUIRED_SCOPE[provider] } : {}),
    };
    return { kind: 'token', body: answer };
  }

  async function token(provider: MeetingProvider, request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (stalling.has(provider)) {
      log.push({ provider, endpoint: 'token', status: 0, error: null });
      held.add(response);
      response.on('close', () => held.delete(response));
      return;
    }
    const answer = tokenAnswer(provider, request, await readBody(request));
    const headers: Record<string, string> = {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      pragma: 'no-cache',
    };
    if (answer.kind === 'error') {
      if (answer.status === 401 && answer.basicChallenge) headers['www-authenticate'] = 'Basic realm="oauth"';
      log.push({ provider, endpoint: 'token', status: answer.status, error: answer.error });
      response.writeHead(answer.status, headers);
      response.end(JSON.stringify({ error: answer.error, error_description: answer.description }));
      return;
    }
    log.push({ provider, endpoint: 'token', status: 200, error: null });
    response.writeHead(200, headers);
    response.end(JSON.stringify(answer.body));
  }

  function reset(): void {
    failing.clear();
    denied.clear();
    stalling.clear();
    for (const response of held) {
      response.writeHead(503, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: 'temporarily_unavailable' }));
    }
    held.clear();
  }

  /** The cross-process switches (options.control). */
  function control(url: URL, method: string | undefined, response: ServerResponse): void {
    const [name, action] = url.pathname.slice(FAKE_OAUTH_CONTROL_PATH.length + 1).split('/');
    const provider = MEETING_PROVIDERS.find((known) => known === name);
    const done = (status: number) => {
      response.writeHead(status);
      response.end();
    };
    if (method === 'POST' && name === 'reset' && action === undefined) {
      reset();
      return done(204);
    }
    if (!provider) return done(404);
    if (method === 'POST' && action === 'deny') {
      denied.add(provider);
      return done(204);
    }
    const status = Number(url.searchParams.get('status') ?? '500');
    if (method === 'POST' && action === 'fail-token' && Number.isInteger(status) && status >= 400 && status < 600) {
      failing.set(provider, status);
      return done(204);
    }
    if (method === 'GET' && action === 'issued') {
      return done(issued.get(provider)?.has(url.searchParams.get('token') ?? '') ? 200 : 404);
    }
    done(404);
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake.invalid');
    if (options.control && url.pathname.startsWith(`${FAKE_OAUTH_CONTROL_PATH}/`)) {
      control(url, request.method, response);
      return;
    }
    const [, name, endpoint, ...rest] = url.pathname.split('/');
    const provider = MEETING_PROVIDERS.find((known) => known === name);
    if (provider && rest.length === 0 && endpoint === 'authorize' && request.method === 'GET') {
      authorize(provider, url, response);
      return;
    }
    if (provider && rest.length === 0 && endpoint === 'token' && request.method === 'POST') {
      token(provider, request, response).catch(() => {
        if (!response.headersSent) response.writeHead(500);
        response.end();
      });
      return;
    }
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: 'not_found' }));
  });
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    isIssued: (provider, candidate) => issued.get(provider)?.has(candidate) ?? false,
    failTokenEndpoint: (provider, status) => void failing.set(provider, status),
    deny: (provider) => void denied.add(provider),
    stallTokenEndpoint: (provider) => void stalling.add(provider),
    reset,
    requests: () => [...log],
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const socket of sockets) socket.destroy();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
