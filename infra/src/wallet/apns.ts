import { createPrivateKey, type KeyObject } from 'node:crypto';
import { connect, type ClientHttp2Session } from 'node:http2';
import { SignJWT } from 'jose';

/**
 * Apple Push Notification service over HTTP/2 with token-based authentication (issue 32): the one push Apple Wallet
 * understands, "a pass of this type changed", sent to a registered device's push token. The payload is an empty JSON
 * dictionary and the topic is the Pass Type ID (Apple: "Adding a Web Service to Update Passes"); the device then asks
 * our web service which passes changed. The provider token is an ES256 JWT (`iss` the team, `kid` the key's id),
 * reused for 40 minutes: APNs refuses one older than an hour and one renewed more often than every 20 minutes.
 */
export interface ApnsSettings {
  /** The .p8 key (PEM): a secret, never logged. */
  readonly keyPem: string;
  readonly keyId: string;
  readonly teamId: string;
  /** The Pass Type ID: the push's apns-topic. */
  readonly topic: string;
  /** https://api.push.apple.com (tests: an h2c fake on loopback, http://127.0.0.1:…). */
  readonly url: string;
}

/** What APNs said of one push. */
export type ApnsOutcome =
  | { readonly kind: 'delivered' }
  /** The token no longer reaches a device (410, or 400 BadDeviceToken / DeviceTokenNotForTopic): unregister it. */
  | { readonly kind: 'gone'; readonly status: number; readonly reason: string }
  /** Refused for a reason no retry changes (another 4xx): told, not retried. */
  | { readonly kind: 'rejected'; readonly status: number; readonly reason: string };

/** A push that may succeed later (5xx, 429, a refused provider token, the network): the reactor retries it. */
export class ApnsUnavailableError extends Error {
  readonly code = 'apns_unavailable';

  constructor(
    message: string,
    /** From APNs's Retry-After, when it gave one. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'ApnsUnavailableError';
  }
}

const TOKEN_LIFETIME_MS = 40 * 60_000;
const REQUEST_TIMEOUT_MS = 15_000;
const GONE_REASONS = new Set(['BadDeviceToken', 'DeviceTokenNotForTopic', 'Unregistered', 'ExpiredToken']);
const TOKEN_REASONS = new Set(['ExpiredProviderToken', 'InvalidProviderToken', 'MissingProviderToken']);

function retryAfter(value: string | string[] | undefined): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return undefined;
  const seconds = Number(text);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

export class ApnsClient {
  private readonly key: KeyObject;
  private readonly origin: string;
  private session: ClientHttp2Session | null = null;
  private token: { readonly jwt: string; readonly madeAt: number } | null = null;

  constructor(
    private readonly settings: ApnsSettings,
    private readonly clock: () => number = Date.now,
  ) {
    this.key = createPrivateKey(settings.keyPem);
    this.origin = new URL(settings.url).origin;
  }

  private async providerToken(): Promise<string> {
    const now = this.clock();
    if (this.token && now - this.token.madeAt < TOKEN_LIFETIME_MS) return this.token.jwt;
    const jwt = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: this.settings.keyId })
      .setIssuer(this.settings.teamId)
      .setIssuedAt(Math.floor(now / 1000))
      .sign(this.key);
    this.token = { jwt, madeAt: now };
    return jwt;
  }

  /** One HTTP/2 connection for every push, made again when it closed or failed. */
  private connection(): ClientHttp2Session {
    if (this.session && !this.session.closed && !this.session.destroyed) return this.session;
    const session = connect(this.origin);
    session.on('error', () => {
      // Each request sees its own failure; a broken session is replaced on the next push.
      if (this.session === session) this.session = null;
    });
    session.on('close', () => {
      if (this.session === session) this.session = null;
    });
    session.unref();
    this.session = session;
    return session;
  }

  /** Tells the device behind `pushToken` that a pass changed; `apnsId` names the push (a UUID). */
  async push(pushToken: string, apnsId: string): Promise<ApnsOutcome> {
    const jwt = await this.providerToken();
    const { status, headers, body } = await new Promise<{
      status: number;
      headers: Record<string, string | string[] | undefined>;
      body: string;
    }>((resolve, reject) => {
      let request;
      try {
        request = this.connection().request({
          ':method': 'POST',
          ':path': `/3/device/${encodeURIComponent(pushToken)}`,
          authorization: `bearer ${jwt}`,
          'apns-topic': this.settings.topic,
          'apns-push-type': 'background',
          'apns-priority': '5',
          'apns-id': apnsId,
          'content-type': 'application/json',
        });
      } catch (error) {
        reject(new ApnsUnavailableError(`APNs could not be reached: ${(error as Error).message}`));
        return;
      }
      let status = 0;
      let headers: Record<string, string | string[] | undefined> = {};
      const chunks: Buffer[] = [];
      request.setTimeout(REQUEST_TIMEOUT_MS, () => request.close());
      request.on('response', (received) => {
        status = Number(received[':status']);
        headers = received;
      });
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (status === 0) reject(new ApnsUnavailableError('APNs closed the stream without an answer'));
        else resolve({ status, headers, body: Buffer.concat(chunks).toString('utf8') });
      });
      request.on('error', (error: Error) =>
        reject(new ApnsUnavailableError(`APNs could not be reached: ${error.message}`)),
      );
      request.end('{}');
    });
    if (status === 200) return { kind: 'delivered' };
    let reason = '';
    try {
      const parsed = JSON.parse(body) as { reason?: unknown };
      if (typeof parsed.reason === 'string') reason = parsed.reason.slice(0, 64);
    } catch {
      reason = '';
    }
    if (status === 410 || (status === 400 && GONE_REASONS.has(reason))) return { kind: 'gone', status, reason };
    if (status === 403 && TOKEN_REASONS.has(reason)) {
      // A provider token APNs no longer takes: the next attempt signs a new one.
      this.token = null;
      throw new ApnsUnavailableError(`APNs refused the provider token (${reason})`);
    }
    if (status === 429 || status >= 500)
      throw new ApnsUnavailableError(
        `APNs answered ${status}${reason ? ` (${reason})` : ''}`,
        retryAfter(headers['retry-after']),
      );
    return { kind: 'rejected', status, reason };
  }

  close(): void {
    this.session?.close();
    this.session = null;
  }
}
