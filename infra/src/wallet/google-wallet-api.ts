import { createPrivateKey, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import type { GoogleGenericObject } from './google-pass.ts';
import type { GoogleWalletSettings } from './google-settings.ts';

/** The scope the service account asks for: writing its issuer's classes and objects. */
export const GOOGLE_WALLET_SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';

/** The OAuth 2.0 grant of a service account (RFC 7523): a signed assertion for an access token. */
export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/** A token is used until this long before Google says it expires (clocks differ; a call takes time). */
const EXPIRY_MARGIN_MS = 60_000;

const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * A call Google could not answer now (5xx, 429, a network failure or a timeout, or no token): the reactor throws it
 * and the runtime tries again later. Carries a short code and the status, never a token or the key.
 */
export class GoogleWalletUnavailableError extends Error {
  readonly code: string;
  readonly retryAfterMs?: number;

  constructor(reason: string, retryAfterMs?: number) {
    super(`Google Wallet did not answer (${reason})`);
    this.name = 'GoogleWalletUnavailableError';
    this.code = `google_wallet_${reason}`;
    if (retryAfterMs !== undefined) this.retryAfterMs = retryAfterMs;
  }
}

/** What updating a pass object came to. */
export type GoogleObjectUpdate =
  | { readonly kind: 'updated' }
  /** Nobody saved this card's pass (Google has no such object): nothing to update. */
  | { readonly kind: 'absent' }
  /** A final refusal (a 4xx other than 401, 404 and 429): trying again would not help. */
  | { readonly kind: 'rejected'; readonly status: number };

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/**
 * The Wallet API as the service account (issue 32): an access token by the JWT-bearer grant, kept until shortly before
 * it expires and asked for again when Google refuses it (401); the card's generic object replaced (PUT) or partly
 * changed (PATCH). One instance per process: its token is shared by every call.
 */
export class GoogleWalletApi {
  private readonly key: KeyObject;
  private readonly timeoutMs: number;
  private token: { readonly value: string; readonly expiresAt: number } | null = null;
  private pending: Promise<string> | null = null;

  constructor(
    private readonly settings: GoogleWalletSettings,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.key = createPrivateKey(settings.privateKeyPem);
    this.timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /** Replaces the object with this id (all its fields); absent when nobody saved it. */
  replaceObject(object: GoogleGenericObject): Promise<GoogleObjectUpdate> {
    return this.send('PUT', object.id, object);
  }

  /** Changes some fields of the object (a card gone: its state); absent when nobody saved it. */
  patchObject(resourceId: string, fields: Partial<GoogleGenericObject>): Promise<GoogleObjectUpdate> {
    return this.send('PATCH', resourceId, fields);
  }

  private async send(method: 'PUT' | 'PATCH', resourceId: string, body: unknown): Promise<GoogleObjectUpdate> {
    const url = `${this.settings.apiUrl}/walletobjects/v1/genericObject/${encodeURIComponent(resourceId)}`;
    let status = await this.call(method, url, body, await this.accessToken());
    if (status.code === 401) {
      // The token expired early or was revoked: one more try with a new one.
      this.token = null;
      status = await this.call(method, url, body, await this.accessToken());
    }
    const { code } = status;
    if (code >= 200 && code < 300) return { kind: 'updated' };
    if (code === 404) return { kind: 'absent' };
    if (code === 429 || code >= 500) throw new GoogleWalletUnavailableError(`status_${code}`, status.retryAfterMs);
    if (code === 401) throw new GoogleWalletUnavailableError('token_refused');
    return { kind: 'rejected', status: code };
  }

  private async call(
    method: string,
    url: string,
    body: unknown,
    token: string,
  ): Promise<{ readonly code: number; readonly retryAfterMs?: number }> {
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      // The answer is read whole (and dropped) so the connection goes back to the pool.
      await response.arrayBuffer();
    } catch {
      throw new GoogleWalletUnavailableError('network');
    }
    const after = retryAfterMs(response.headers.get('retry-after'));
    return after === undefined ? { code: response.status } : { code: response.status, retryAfterMs: after };
  }

  /** The token in hand while it has more than a minute left, else a new one (one request for concurrent callers). */
  async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt - EXPIRY_MARGIN_MS > this.now()) return this.token.value;
    this.pending ??= this.requestToken().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async requestToken(): Promise<string> {
    const issuedAt = Math.floor(this.now() / 1000);
    const assertion = await new SignJWT({ scope: GOOGLE_WALLET_SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(this.settings.clientEmail)
      .setAudience(this.settings.tokenUrl)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 3600)
      .sign(this.key);
    let response: Response;
    let answer: unknown;
    try {
      response = await fetch(this.settings.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ grant_type: JWT_BEARER_GRANT, assertion }).toString(),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      answer = response.ok ? await response.json() : await response.arrayBuffer();
    } catch {
      throw new GoogleWalletUnavailableError('token_network');
    }
    // A refused assertion (a revoked key, a wrong clock) is retried too: the operator may fix it meanwhile.
    if (!response.ok) throw new GoogleWalletUnavailableError(`token_status_${response.status}`);
    const record = typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>) : {};
    const value = record.access_token;
    const expiresIn = Number(record.expires_in ?? 3600);
    if (typeof value !== 'string' || value === '') throw new GoogleWalletUnavailableError('token_malformed');
    this.token = { value, expiresAt: this.now() + (Number.isFinite(expiresIn) ? expiresIn : 3600) * 1000 };
    return value;
  }
}
