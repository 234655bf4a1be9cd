import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import type { HubSpotSettings } from '@kartvizit/infra/hubspot/settings';

/**
 * A HubSpot on loopback speaking the parts of its OAuth and CRM v3 APIs the product uses (issue 35), as HubSpot
 * documents them, so the client and the reactor are tested against the wire:
 * - `GET /oauth/authorize?client_id&redirect_uri&scope&state`: the consent screen, granted at once: 302 back to
 *   `redirect_uri?code=…&state=…` (an unknown client id → 400);
 * - `POST /oauth/v1/token` (form): `authorization_code` (code, redirect_uri, client_id, client_secret) and
 *   `refresh_token` grants → `{ access_token, refresh_token, expires_in, token_type }`; a used or unknown code, a
 *   wrong secret or an unknown refresh token → 400 `{ status: 'BAD_REFRESH_TOKEN' | 'BAD_AUTH_CODE', message }`;
 * - `GET /oauth/v1/access-tokens/{token}` → `{ hub_id, user, scopes, … }`;
 * - `POST /crm/v3/objects/contacts/search` (EQ filters), `POST /crm/v3/objects/contacts`,
 *   `PATCH /crm/v3/objects/contacts/{id}`, `POST /crm/v3/objects/notes/search` (hs_note_body CONTAINS_TOKEN),
 *   `POST /crm/v3/objects/notes` (with associations). Every CRM call needs a live access token, else 401.
 * `expireAccessTokens()` makes every issued access token answer 401 from now on, as an expired one does.
 * With `control`, `GET /__fake-hubspot/objects` answers the contacts and notes it holds, for a browser journey whose
 * fake runs in Playwright's global setup, another process than the journey's (tests/support/e2e-fake-services.ts).
 */
export const FAKE_HUBSPOT_CLIENT = { clientId: 'fake-hubspot-client', clientSecret: 'fake-hubspot-secret' } as const;
export const FAKE_HUBSPOT_PORTAL_ID = 24681357;
export const FAKE_HUBSPOT_CONTROL_PATH = '/__fake-hubspot';

/** HUBSPOT_* pointing a server process at a fake on `url` (what `settings()` gives a product in the same process). */
export function fakeHubSpotEnv(url: string): Record<string, string> {
  return {
    HUBSPOT_CLIENT_ID: FAKE_HUBSPOT_CLIENT.clientId,
    HUBSPOT_CLIENT_SECRET: FAKE_HUBSPOT_CLIENT.clientSecret,
    HUBSPOT_AUTHORIZATION_URL: `${url}/oauth/authorize`,
    HUBSPOT_TOKEN_URL: `${url}/oauth/v1/token`,
    HUBSPOT_API_URL: url,
  };
}

export interface FakeHubSpotRequest {
  readonly method: string;
  readonly path: string;
  readonly authorization: string | undefined;
  readonly body: unknown;
  readonly status: number;
}

export interface FakeHubSpotObject {
  readonly id: string;
  properties: Record<string, string>;
  readonly associations: readonly unknown[];
}

export interface FakeHubSpot {
  readonly url: string;
  /** Settings pointing the product at this fake (HUBSPOT_* as the environment would give them). */
  settings(timeoutMs?: number): HubSpotSettings;
  readonly contacts: FakeHubSpotObject[];
  readonly notes: FakeHubSpotObject[];
  received(): readonly FakeHubSpotRequest[];
  /** Every access token issued so far stops working (401), as when its expires_in has passed. */
  expireAccessTokens(): void;
  /** Access tokens and refresh tokens issued so far (for checking none leaked anywhere). */
  issuedTokens(): readonly string[];
  /** The next `count` CRM calls are answered `status` (429 with Retry-After: 1, or 5xx). */
  failNext(count: number, status: number): void;
  /** The next contact create/update is refused 400 with this message (HubSpot's VALIDATION_ERROR). */
  rejectNext(message: string): void;
  close(): Promise<void>;
}

function token(prefix: string): string {
  return `${prefix}-${randomBytes(16).toString('hex')}`;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeHubSpot(
  options: { readonly port?: number; readonly control?: boolean } = {},
): Promise<FakeHubSpot> {
  const requests: FakeHubSpotRequest[] = [];
  const codes = new Map<string, string>(); // code → redirect_uri
  const liveAccess = new Set<string>();
  const refreshTokens = new Set<string>();
  const issued: string[] = [];
  const contacts: FakeHubSpotObject[] = [];
  const notes: FakeHubSpotObject[] = [];
  let nextId = 1000;
  let failures: { count: number; status: number } = { count: 0, status: 500 };
  let rejection: string | null = null;

  function issue() {
    const access = token('access');
    const refresh = token('refresh');
    liveAccess.add(access);
    refreshTokens.add(refresh);
    issued.push(access, refresh);
    return { access_token: access, refresh_token: refresh, expires_in: 1800, token_type: 'bearer' };
  }

  function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  }

  function matches(object: FakeHubSpotObject, filter: { propertyName: string; operator: string; value: string }) {
    const value = object.properties[filter.propertyName] ?? '';
    if (filter.operator === 'EQ') return value.toLowerCase() === String(filter.value).toLowerCase();
    if (filter.operator === 'CONTAINS_TOKEN') return value.split(/[^A-Za-z0-9]+/u).includes(String(filter.value));
    return false;
  }

  function search(objects: FakeHubSpotObject[], body: unknown) {
    const groups = (body as { filterGroups?: { filters: { propertyName: string; operator: string; value: string }[] }[] })
      .filterGroups ?? [];
    const results = objects.filter((object) => groups.some((group) => group.filters.every((f) => matches(object, f))));
    return { total: results.length, results: results.slice(0, 1).map((o) => ({ id: o.id, properties: o.properties })) };
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<number> {
    const url = new URL(request.url ?? '/', 'http://fake');
    const raw = await readBody(request);
    let body: unknown = raw;
    try {
      body = raw === '' ? null : JSON.parse(raw);
    } catch {
      body = raw;
    }
    const record = (status: number) => {
      requests.push({
        method: request.method ?? '',
        path: url.pathname,
        authorization: request.headers.authorization,
        body,
        status,
      });
      return status;
    };

    if (options.control && request.method === 'GET' && url.pathname === `${FAKE_HUBSPOT_CONTROL_PATH}/objects`) {
      send(response, 200, { contacts, notes });
      return 200;
    }

    if (request.method === 'GET' && url.pathname === '/oauth/authorize') {
      if (url.searchParams.get('client_id') !== FAKE_HUBSPOT_CLIENT.clientId) {
        send(response, 400, { message: 'unknown client' });
        return record(400);
      }
      const code = token('code');
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      codes.set(code, redirectUri);
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      response.writeHead(302, { location: back.href });
      response.end();
      return record(302);
    }

    if (request.method === 'POST' && url.pathname === '/oauth/v1/token') {
      const form = new URLSearchParams(raw);
      if (
        form.get('client_id') !== FAKE_HUBSPOT_CLIENT.clientId ||
        form.get('client_secret') !== FAKE_HUBSPOT_CLIENT.clientSecret
      ) {
        send(response, 400, { status: 'BAD_CLIENT_ID', message: 'missing or unknown client_id' });
        return record(400);
      }
      if (form.get('grant_type') === 'authorization_code') {
        const code = form.get('code') ?? '';
        if (codes.get(code) !== form.get('redirect_uri')) {
          send(response, 400, { status: 'BAD_AUTH_CODE', message: 'missing or unknown auth code' });
          return record(400);
        }
        codes.delete(code);
        send(response, 200, issue());
        return record(200);
      }
      if (form.get('grant_type') === 'refresh_token') {
        const refresh = form.get('refresh_token') ?? '';
        if (!refreshTokens.has(refresh)) {
          send(response, 400, { status: 'BAD_REFRESH_TOKEN', message: 'missing or unknown refresh token' });
          return record(400);
        }
        refreshTokens.delete(refresh);
        send(response, 200, issue());
        return record(200);
      }
      send(response, 400, { status: 'BAD_GRANT_TYPE', message: 'unknown grant_type' });
      return record(400);
    }

    const tokenInfo = /^\/oauth\/v1\/access-tokens\/(.+)$/u.exec(url.pathname);
    if (request.method === 'GET' && tokenInfo) {
      const access = decodeURIComponent(tokenInfo[1] ?? '');
      if (!liveAccess.has(access)) {
        send(response, 404, { status: 'error', message: 'token not found' });
        return record(404);
      }
      send(response, 200, {
        token: access,
        user: 'owner@example.com',
        hub_domain: 'fake.hubspot.test',
        scopes: ['crm.objects.contacts.read', 'crm.objects.contacts.write', 'oauth'],
        hub_id: FAKE_HUBSPOT_PORTAL_ID,
        app_id: 1,
        expires_in: 1700,
        user_id: 1,
        token_type: 'access',
      });
      return record(200);
    }

    if (url.pathname.startsWith('/crm/v3/objects/')) {
      const bearer = request.headers.authorization?.replace(/^Bearer /u, '') ?? '';
      if (!liveAccess.has(bearer)) {
        send(response, 401, { status: 'error', message: 'Authentication credentials not found.', category: 'EXPIRED_AUTHENTICATION' });
        return record(401);
      }
      if (failures.count > 0) {
        failures.count -= 1;
        send(response, failures.status, { status: 'error', message: 'try later' }, failures.status === 429 ? { 'retry-after': '1' } : {});
        return record(failures.status);
      }
      const input = (body ?? {}) as { properties?: Record<string, string>; associations?: unknown[] };
      if (request.method === 'POST' && url.pathname === '/crm/v3/objects/contacts/search') {
        send(response, 200, search(contacts, body));
        return record(200);
      }
      if (request.method === 'POST' && url.pathname === '/crm/v3/objects/notes/search') {
        send(response, 200, search(notes, body));
        return record(200);
      }
      const isContactWrite =
        (request.method === 'POST' && url.pathname === '/crm/v3/objects/contacts') ||
        (request.method === 'PATCH' && url.pathname.startsWith('/crm/v3/objects/contacts/'));
      if (isContactWrite && rejection !== null) {
        const message = rejection;
        rejection = null;
        send(response, 400, { status: 'error', message, category: 'VALIDATION_ERROR' });
        return record(400);
      }
      if (request.method === 'POST' && url.pathname === '/crm/v3/objects/contacts') {
        const contact = { id: String(nextId++), properties: { ...input.properties }, associations: [] };
        contacts.push(contact);
        send(response, 201, { id: contact.id, properties: contact.properties });
        return record(201);
      }
      const patch = /^\/crm\/v3\/objects\/contacts\/(\d+)$/u.exec(url.pathname);
      if (request.method === 'PATCH' && patch) {
        const contact = contacts.find((c) => c.id === patch[1]);
        if (!contact) {
          send(response, 404, { status: 'error', message: 'resource not found' });
          return record(404);
        }
        Object.assign(contact.properties, input.properties);
        send(response, 200, { id: contact.id, properties: contact.properties });
        return record(200);
      }
      if (request.method === 'POST' && url.pathname === '/crm/v3/objects/notes') {
        const note = { id: String(nextId++), properties: { ...input.properties }, associations: input.associations ?? [] };
        notes.push(note);
        send(response, 201, { id: note.id, properties: note.properties });
        return record(201);
      }
    }
    send(response, 404, { status: 'error', message: 'not found' });
    return record(404);
  }

  const sockets = new Set<Socket>();
  const server: Server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    settings(timeoutMs = 3_000) {
      return {
        clientId: FAKE_HUBSPOT_CLIENT.clientId,
        clientSecret: FAKE_HUBSPOT_CLIENT.clientSecret,
        authorizationUrl: `${url}/oauth/authorize`,
        tokenUrl: `${url}/oauth/v1/token`,
        apiUrl: url,
        scopes: ['crm.objects.contacts.read', 'crm.objects.contacts.write'],
        timeoutMs,
      };
    },
    contacts,
    notes,
    received: () => requests,
    expireAccessTokens: () => liveAccess.clear(),
    issuedTokens: () => issued,
    failNext(count, status) {
      failures = { count, status };
    },
    rejectNext(message) {
      rejection = message;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
