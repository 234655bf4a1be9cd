/**
 * The one adapter that speaks REMS's HTTP API (issue 14): checking an owner's API key, and
 * delivering a visitor who pressed 'Görüşme Planla' as a customer. Everything REMS-specific about
 * the wire (paths, headers, which answers are final) lives here so it can change in one place.
 *
 * Nothing here throws for what REMS or the network does: every answer becomes a result the caller
 * switches on. Reasons are short codes of our own (`timeout`, `ECONNREFUSED`, `http_503`), never
 * REMS's text or a URL. The API key is a secret: it goes into the Authorization header and nowhere
 * else (no result, error or log line carries it; REMS's own words are scrubbed of it).
 */

import type { CustomerFields } from '@kartvizit/schemas/rems/rules';

export const REMS_SOURCE = 'dijital-kartvizit';

/**
 * A visitor's registration as the customer form's shared rules give it (schemas/src/rems/rules.ts: ten-digit
 * phone, one of the four customer types, the province's plate code); the optional fields may be left out.
 */
export type RemsCustomer = Pick<CustomerFields, 'firstName' | 'lastName' | 'phoneNumber' | 'customerType'> &
  Partial<Omit<CustomerFields, 'firstName' | 'lastName' | 'phoneNumber' | 'customerType'>>;

/** The JSON body of `POST /api/v1/customers`: every field present, empty optionals as null. */
export type RemsCustomerBody = CustomerFields & { readonly source: typeof REMS_SOURCE };

export interface RemsAccount {
  readonly id: string;
  readonly name: string;
}

export type RemsKeyCheck =
  | { readonly kind: 'valid'; readonly account: RemsAccount }
  /** REMS answered 401 or 403 (or the key cannot even be sent in a header): do not save it. */
  | { readonly kind: 'refused' }
  /** REMS could not say: time-out, connection error, 5xx, 429, an answer we cannot read. */
  | { readonly kind: 'unavailable'; readonly reason: string };

export type RemsDelivery =
  /** 200 or 201 with the customer's id (a repeat of the same Idempotency-Key gives the same id). */
  | { readonly kind: 'created'; readonly remsId: string }
  /**
   * A final 4xx: the registration fails with `message`, REMS's own words made safe to show the
   * owner (trimmed, control characters removed, at most REMS_MESSAGE_MAX_LENGTH characters), or
   * null when REMS gave none.
   */
  | { readonly kind: 'rejected'; readonly status: number; readonly message: string | null }
  /**
   * 401 or 403: REMS no longer accepts the owner's key (revoked or expired in REMS). Final as well:
   * trying again cannot help until the owner saves a new key, so it has its own reason.
   */
  | { readonly kind: 'refused' }
  /** Try again later: 5xx, 408, 429, time-out, connection error, an answer without an id. */
  | { readonly kind: 'retry'; readonly reason: string; readonly retryAfterMs?: number };

export interface RemsClientOptions {
  /** Per call, headers and body included. Default 10 s (issue 14). */
  readonly timeoutMs?: number;
  /** Only for reading a Retry-After given as an HTTP date. */
  readonly now?: () => number;
}

export const REMS_DEFAULT_TIMEOUT_MS = 10_000;
/** REMS's messages are shown to the owner: at most this many characters. */
export const REMS_MESSAGE_MAX_LENGTH = 300;
const ACCOUNT_NAME_MAX_LENGTH = 200;
/** More than this from REMS is not a customer id or an error message: we stop reading. */
const MAX_ANSWER_BYTES = 64 * 1024;
const USER_AGENT = 'DijitalKartvizit/0.1';
/** What may go into a header value as it is: visible ASCII. */
const HEADER_TOKEN = /^[\x21-\x7e]{1,512}$/u;

/**
 * REMS_API_URL as the client uses it: http(s) only, no user name or password (the key travels in
 * the Authorization header), no query or fragment; a path prefix is kept, trailing slashes are not.
 * Throws an Error whose message never repeats the text (it might hold credentials).
 */
export function parseRemsBaseUrl(text: string, name = 'REMS_API_URL'): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new Error(`${name} must be an http(s) URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${name} must be an http(s) URL`);
  if (url.username !== '' || url.password !== '')
    throw new Error(`${name} must not carry a user name or password (the API key is sent in a header)`);
  if (url.search !== '' || url.hash !== '' || text.includes('?') || text.includes('#'))
    throw new Error(`${name} must not have a query or a fragment`);
  return `${url.origin}${url.pathname.replace(/\/+$/u, '')}`;
}

function optional(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** The customer as REMS wants it: trimmed, empty optionals as null, `source` always ours. */
export function remsCustomerBody(customer: RemsCustomer): RemsCustomerBody {
  return {
    firstName: customer.firstName.trim(),
    lastName: customer.lastName.trim(),
    phoneNumber: customer.phoneNumber.trim(),
    customerType: customer.customerType,
    email: optional(customer.email),
    province: optional(customer.province),
    provinceName: optional(customer.provinceName),
    district: optional(customer.district),
    districtName: optional(customer.districtName),
    address: optional(customer.address),
    notes: optional(customer.notes),
    source: REMS_SOURCE,
  };
}

/**
 * Text from REMS made safe to show: whitespace controls become spaces, other control and
 * direction-override characters go, runs of spaces shrink to one, each secret is masked, and the
 * rest is cut to `maxLength` characters (with '…'). Null when nothing is left.
 */
export function cleanRemsText(text: string, maxLength: number, secrets: readonly string[] = []): string | null {
  let clean = text
    .replace(/[\t\n\v\f\r]/gu, ' ')
    .replace(/[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, '')
    .replace(/\s+/gu, ' ')
    .trim();
  // Masked before cutting, so a cut can never leave a key's beginning behind.
  for (const secret of secrets) if (secret !== '') clean = clean.replaceAll(secret, '***');
  const characters = Array.from(clean);
  if (characters.length > maxLength) clean = `${characters.slice(0, maxLength - 1).join('')}…`;
  return clean === '' ? null : clean;
}

/**
 * Retry-After in milliseconds from now: delay-seconds or an HTTP date (a date already past is 0).
 * Undefined when absent or unreadable.
 */
export function retryAfterMs(value: string | null, now: number): number | undefined {
  const text = value?.trim() ?? '';
  if (/^\d+$/u.test(text)) {
    const ms = Number(text) * 1000;
    return Number.isSafeInteger(ms) ? ms : undefined;
  }
  if (!/GMT$/u.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

type Answer =
  | { readonly ok: true; readonly status: number; readonly headers: Headers; readonly body: unknown }
  | { readonly ok: false; readonly reason: string };

/** Our short code for a fetch that got no answer: `timeout`, the socket's error code, or `network_error`. */
export function failureReason(error: unknown): string {
  if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) return 'timeout';
  const cause = error instanceof Error ? error.cause : undefined;
  const code =
    cause instanceof Error && 'code' in cause
      ? cause.code
      : cause instanceof AggregateError
        ? (cause.errors[0] as { code?: unknown } | undefined)?.code
        : undefined;
  return typeof code === 'string' && /^[A-Z][A-Z0-9_]{1,40}$/u.test(code) ? code : 'network_error';
}

export const MALFORMED = Symbol('malformed');

/** The answer's JSON (or MALFORMED), reading at most MAX_ANSWER_BYTES. Empty bodies are null. */
export async function readJson(response: Response): Promise<unknown> {
  if (!response.body) return null;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel().catch(() => undefined);
      return MALFORMED;
    }
    chunks.push(value);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return MALFORMED;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An id REMS gave: a non-empty string or a whole number, as text. */
function remsId(value: unknown): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value !== 'string') return null;
  const id = value.trim();
  return id === '' || id.length > 200 || /\p{Cc}/u.test(id) ? null : id;
}

export class RemsClient {
  readonly baseUrl: string;
  readonly #timeoutMs: number;
  readonly #now: () => number;

  constructor(baseUrl: string, options: RemsClientOptions = {}) {
    this.baseUrl = parseRemsBaseUrl(baseUrl);
    this.#timeoutMs = options.timeoutMs ?? REMS_DEFAULT_TIMEOUT_MS;
    this.#now = options.now ?? Date.now;
  }

  /** `GET /api/v1/me`: whether REMS accepts the key, and whose account it opens. */
  async verifyKey(apiKey: string): Promise<RemsKeyCheck> {
    if (!HEADER_TOKEN.test(apiKey)) return { kind: 'refused' };
    const answer = await this.#call('GET', '/api/v1/me', apiKey);
    if (!answer.ok) return { kind: 'unavailable', reason: answer.reason };
    if (answer.status === 401 || answer.status === 403) return { kind: 'refused' };
    if (answer.status !== 200) return { kind: 'unavailable', reason: `http_${answer.status}` };
    const body = answer.body;
    const id = isRecord(body) ? remsId(body.id) : null;
    const name =
      isRecord(body) && typeof body.name === 'string'
        ? cleanRemsText(body.name, ACCOUNT_NAME_MAX_LENGTH, [apiKey])
        : null;
    if (id === null || name === null) return { kind: 'unavailable', reason: 'malformed_answer' };
    return { kind: 'valid', account: { id, name } };
  }

  /**
   * `POST /api/v1/customers` with `Idempotency-Key: idempotencyKey` (the registration's id, the same
   * on every attempt, so REMS keeps one customer however often it is delivered).
   */
  async createCustomer(apiKey: string, idempotencyKey: string, customer: RemsCustomer): Promise<RemsDelivery> {
    if (!HEADER_TOKEN.test(idempotencyKey))
      throw new TypeError('createCustomer: the idempotency key must be 1 to 512 visible ASCII characters');
    if (!HEADER_TOKEN.test(apiKey)) return { kind: 'refused' };
    const answer = await this.#call('POST', '/api/v1/customers', apiKey, {
      idempotencyKey,
      json: remsCustomerBody(customer),
    });
    if (!answer.ok) return { kind: 'retry', reason: answer.reason };
    const { status, headers, body } = answer;
    if (status === 200 || status === 201) {
      const id = isRecord(body) ? remsId(body.id) : null;
      return id === null ? { kind: 'retry', reason: 'malformed_answer' } : { kind: 'created', remsId: id };
    }
    if (status === 401 || status === 403) return { kind: 'refused' };
    // 408 and 429 are REMS asking to be asked again; every other 4xx is its final word.
    if (status >= 400 && status < 500 && status !== 408 && status !== 429) {
      const message =
        isRecord(body) && typeof body.message === 'string'
          ? cleanRemsText(body.message, REMS_MESSAGE_MAX_LENGTH, [apiKey])
          : null;
      return { kind: 'rejected', status, message };
    }
    const delay = retryAfterMs(headers.get('retry-after'), this.#now());
    return { kind: 'retry', reason: `http_${status}`, ...(delay === undefined ? {} : { retryAfterMs: delay }) };
  }

  async #call(
    method: 'GET' | 'POST',
    path: string,
    apiKey: string,
    send?: { readonly idempotencyKey: string; readonly json: unknown },
  ): Promise<Answer> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: `Bearer ${apiKey}`,
      'user-agent': USER_AGENT,
    };
    if (send) {
      headers['content-type'] = 'application/json';
      headers['idempotency-key'] = send.idempotencyKey;
    }
    // One signal for the whole exchange: a REMS that sends headers and then stalls times out too.
    const signal = AbortSignal.timeout(this.#timeoutMs);
    try {
      const response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers,
        ...(send ? { body: JSON.stringify(send.json) } : {}),
        signal,
        // A redirect is a misconfigured REMS_API_URL: not followed (the key would go along), reported.
        redirect: 'manual',
      });
      const body = await readJson(response);
      if (body === MALFORMED) {
        return response.status >= 200 && response.status < 300
          ? { ok: false, reason: 'malformed_answer' }
          : { ok: true, status: response.status, headers: response.headers, body: null };
      }
      return { ok: true, status: response.status, headers: response.headers, body };
    } catch (error) {
      return { ok: false, reason: failureReason(error) };
    }
  }
}
