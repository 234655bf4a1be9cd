import { cleanHubSpotMessage } from '@kartvizit/schemas/hubspot/rules';
import { retryAfterMs } from '../rems/client.ts';
import type { ConfiguredHubSpot } from './settings.ts';

/**
 * HubSpot's REST API as it is documented (issue 35, docs/decisions/0068-hubspot.md), with fetch: the OAuth token
 * endpoint (`POST /oauth/v1/token`, form-encoded), the token's metadata (`GET /oauth/v1/access-tokens/{token}`), and
 * the CRM v3 objects the reactor needs: contacts (search, create, update) and notes (search, create, associated to the
 * contact). No token, code, secret or visitor's value is ever in an error's message, name or code.
 */

export const HUBSPOT_TIMEOUT_MS = 10_000;

/** What the token endpoint answers (authorization_code and refresh_token grants alike). */
export interface HubSpotTokens {
  readonly accessToken: string;
  readonly refreshToken: string;
  /** Seconds the access token works from now. */
  readonly expiresIn: number;
}

export interface HubSpotContact {
  readonly id: string;
  readonly properties: Readonly<Record<string, string | null>>;
}

/** The contact properties the product writes (HubSpot's internal names). */
export const CONTACT_PROPERTIES = ['email', 'firstname', 'lastname', 'phone'] as const;
export type ContactProperty = (typeof CONTACT_PROPERTIES)[number];

/** HUBSPOT_DEFINED note → contact association (HubSpot's association type 202). */
export const NOTE_TO_CONTACT_ASSOCIATION = { associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 202 } as const;

/**
 * Why a call to HubSpot did not succeed:
 * - 'unauthorized': 401, the access token is not (or no longer) good; refresh once and try again;
 * - 'refused': the refresh token or code was refused (400 invalid_grant, 401/403 from the token endpoint): final;
 * - 'rejected': any other 4xx: HubSpot will not take it, final, with its cleaned `message`;
 * - 'unavailable': 429, 5xx, a timeout or no answer: try again later (Retry-After kept).
 */
export type HubSpotErrorKind = 'unauthorized' | 'refused' | 'rejected' | 'unavailable';

export class HubSpotError extends Error {
  readonly kind: HubSpotErrorKind;
  readonly code: string;
  readonly status: number | null;
  /** HubSpot's words, cleaned (cleanHubSpotMessage), for 'rejected'. */
  readonly hubspotMessage: string | null;
  readonly retryAfterMs?: number;

  constructor(kind: HubSpotErrorKind, what: string, status: number | null, hubspotMessage: string | null, retryAfter?: number) {
    super(`HubSpot ${what}: ${kind}${status === null ? '' : ` ${status}`}`);
    this.name = 'HubSpotError';
    this.kind = kind;
    this.code = `hubspot_${kind}`;
    this.status = status;
    this.hubspotMessage = hubspotMessage;
    if (retryAfter !== undefined) this.retryAfterMs = retryAfter;
  }
}

function kindOf(status: number, tokenEndpoint: boolean): HubSpotErrorKind {
  if (status === 429 || status >= 500) return 'unavailable';
  if (tokenEndpoint) return status === 400 || status === 401 || status === 403 ? 'refused' : 'rejected';
  return status === 401 ? 'unauthorized' : 'rejected';
}

export class HubSpotClient {
  readonly #settings: ConfiguredHubSpot;
  readonly #timeoutMs: number;

  constructor(settings: ConfiguredHubSpot) {
    this.#settings = settings;
    this.#timeoutMs = settings.timeoutMs ?? HUBSPOT_TIMEOUT_MS;
  }

  /** The authorize address the owner's browser goes to (HubSpot's documented parameters). */
  authorizationUrl(redirectUri: string, state: string): string {
    const url = new URL(this.#settings.authorizationUrl);
    url.searchParams.set('client_id', this.#settings.clientId);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('scope', this.#settings.scopes.join(' '));
    url.searchParams.set('state', state);
    return url.href;
  }

  /** `POST /oauth/v1/token` grant_type=authorization_code. */
  exchangeCode(code: string, redirectUri: string): Promise<HubSpotTokens> {
    return this.#token({ grant_type: 'authorization_code', redirect_uri: redirectUri, code });
  }

  /** `POST /oauth/v1/token` grant_type=refresh_token. */
  refresh(refreshToken: string): Promise<HubSpotTokens> {
    return this.#token({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  /** `GET /oauth/v1/access-tokens/{token}`: the HubSpot account (hub_id) the token was given for. */
  async portalIdOf(accessToken: string): Promise<string> {
    const body = await this.#call('token metadata', `/oauth/v1/access-tokens/${encodeURIComponent(accessToken)}`, {
      method: 'GET',
    });
    const hubId = (body as { hub_id?: unknown } | null)?.hub_id;
    if (typeof hubId !== 'number' && typeof hubId !== 'string') {
      throw new HubSpotError('rejected', 'token metadata', 200, 'hub_id missing');
    }
    return String(hubId);
  }

  /** `POST /crm/v3/objects/contacts/search`: the first contact whose `property` EQ `value`, or null. */
  async findContact(accessToken: string, property: ContactProperty, value: string): Promise<HubSpotContact | null> {
    const body = await this.#call('contact search', '/crm/v3/objects/contacts/search', {
      method: 'POST',
      accessToken,
      json: {
        filterGroups: [{ filters: [{ propertyName: property, operator: 'EQ', value }] }],
        properties: CONTACT_PROPERTIES,
        sorts: [{ propertyName: 'createdate', direction: 'ASCENDING' }],
        limit: 1,
      },
    });
    const first = (body as { results?: unknown } | null)?.results;
    return Array.isArray(first) && first.length > 0 ? readContact(first[0]) : null;
  }

  /** `POST /crm/v3/objects/contacts {properties}`. */
  async createContact(accessToken: string, properties: Partial<Record<ContactProperty, string>>): Promise<HubSpotContact> {
    const body = await this.#call('contact create', '/crm/v3/objects/contacts', {
      method: 'POST',
      accessToken,
      json: { properties },
    });
    return readContact(body);
  }

  /** `PATCH /crm/v3/objects/contacts/{id} {properties}`. */
  async updateContact(
    accessToken: string,
    contactId: string,
    properties: Partial<Record<ContactProperty, string>>,
  ): Promise<HubSpotContact> {
    const body = await this.#call('contact update', `/crm/v3/objects/contacts/${encodeURIComponent(contactId)}`, {
      method: 'PATCH',
      accessToken,
      json: { properties },
    });
    return readContact(body);
  }

  /** `POST /crm/v3/objects/notes/search`: whether a note holding `token` (a marker word) exists. */
  async noteExists(accessToken: string, token: string): Promise<boolean> {
    const body = await this.#call('note search', '/crm/v3/objects/notes/search', {
      method: 'POST',
      accessToken,
      json: {
        filterGroups: [{ filters: [{ propertyName: 'hs_note_body', operator: 'CONTAINS_TOKEN', value: token }] }],
        properties: ['hs_note_body'],
        limit: 1,
      },
    });
    const total = (body as { total?: unknown } | null)?.total;
    return typeof total === 'number' && total > 0;
  }

  /** `POST /crm/v3/objects/notes` with `hs_timestamp`, `hs_note_body` and its association to the contact. */
  async createNote(accessToken: string, contactId: string, bodyHtml: string, timestamp: string): Promise<string> {
    const body = await this.#call('note create', '/crm/v3/objects/notes', {
      method: 'POST',
      accessToken,
      json: {
        properties: { hs_timestamp: timestamp, hs_note_body: bodyHtml },
        associations: [{ to: { id: contactId }, types: [NOTE_TO_CONTACT_ASSOCIATION] }],
      },
    });
    return readContact(body).id;
  }

  async #token(grant: Record<string, string>): Promise<HubSpotTokens> {
    const form = new URLSearchParams({
      ...grant,
      client_id: this.#settings.clientId,
      client_secret: this.#settings.clientSecret,
    });
    const response = await this.#fetch('token', this.#settings.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8', accept: 'application/json' },
      body: form.toString(),
    });
    const body = await readBody(response);
    if (!response.ok) throw failure('token', response, body, true);
    const { access_token: accessToken, refresh_token: refreshToken, expires_in: expiresIn } = (body ?? {}) as Record<
      string,
      unknown
    >;
    if (typeof accessToken !== 'string' || typeof refreshToken !== 'string' || typeof expiresIn !== 'number') {
      throw new HubSpotError('rejected', 'token', response.status, 'token answer incomplete');
    }
    return { accessToken, refreshToken, expiresIn };
  }

  async #call(
    what: string,
    path: string,
    options: { readonly method: string; readonly accessToken?: string; readonly json?: unknown },
  ): Promise<unknown> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.accessToken !== undefined) headers.authorization = `Bearer ${options.accessToken}`;
    if (options.json !== undefined) headers['content-type'] = 'application/json';
    const response = await this.#fetch(what, `${this.#settings.apiUrl.replace(/\/+$/u, '')}${path}`, {
      method: options.method,
      headers,
      ...(options.json !== undefined ? { body: JSON.stringify(options.json) } : {}),
    });
    const body = await readBody(response);
    if (!response.ok) throw failure(what, response, body, false);
    return body;
  }

  async #fetch(what: string, url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(this.#timeoutMs) });
    } catch (error) {
      const name = error instanceof Error ? error.name : 'unknown';
      throw new HubSpotError('unavailable', `${what} (${name})`, null, null);
    }
  }
}

function failure(what: string, response: Response, body: unknown, tokenEndpoint: boolean): HubSpotError {
  const kind = kindOf(response.status, tokenEndpoint);
  const message = cleanHubSpotMessage((body as { message?: unknown } | null)?.message);
  const retryAfter = kind === 'unavailable' ? retryAfterMs(response.headers.get('retry-after'), Date.now()) : undefined;
  return new HubSpotError(kind, what, response.status, message, retryAfter);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function readContact(value: unknown): HubSpotContact {
  const record = (value ?? {}) as { id?: unknown; properties?: unknown };
  if (typeof record.id !== 'string' && typeof record.id !== 'number') {
    throw new HubSpotError('rejected', 'object answer', 200, 'id missing');
  }
  const properties: Record<string, string | null> = {};
  if (record.properties && typeof record.properties === 'object') {
    for (const [key, property] of Object.entries(record.properties as Record<string, unknown>)) {
      properties[key] = typeof property === 'string' ? property : null;
    }
  }
  return { id: String(record.id), properties };
}
