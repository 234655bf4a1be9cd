import { randomBytes } from 'node:crypto';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { retryAfterMs } from '../rems/client.ts';
import {
  hostOf,
  isForbiddenAddress,
  isAddressAllowed,
  isHostAllowed,
  mayConnect,
  mayUsePlainHttp,
  resolveHost,
  systemLookupAll,
  type LookupAll,
  type WebhookAddressPolicy,
} from './address-policy.ts';

export type { LookupAll } from './address-policy.ts';

/** A new endpoint's signing secret as the Standard Webhooks specification writes it: `whsec_` + base64 of 32 bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export interface WebhookRequest {
  readonly url: string;
  readonly secret: string;
  /** `webhook-id`: the same for every attempt of one message, so the receiver can drop repeats. */
  readonly messageId: string;
  readonly timestamp: Date;
  /** The JSON text, signed and sent byte for byte. */
  readonly body: string;
  /** The whole exchange, answer included. Default WEBHOOK_DEFAULT_TIMEOUT_MS. */
  readonly timeoutMs?: number;
}

export type WebhookAttempt =
  | { readonly kind: 'delivered'; readonly status: number; readonly excerpt: string; readonly durationMs: number }
  | {
      readonly kind: 'failed';
      readonly status: number | null;
      readonly reason: 'status' | 'redirect' | 'timeout' | 'connection' | 'forbidden_address' | 'dns';
      readonly excerpt: string;
      readonly durationMs: number;
      readonly retryAfterMs?: number;
    };

export const WEBHOOK_DEFAULT_TIMEOUT_MS = 10_000;
/** The delivery log keeps this much of an answer; reading stops there. */
export const WEBHOOK_EXCERPT_BYTES = 1024;
export const WEBHOOK_USER_AGENT = 'Dijital-Kartvizit-Webhooks/1';

/** Our lookup's refusals, told apart from the socket's own errors by these codes. */
const FORBIDDEN_CODE = 'EWEBHOOKFORBIDDEN';
const UNRESOLVED_CODE = 'EWEBHOOKDNS';

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

function codedError(code: string, message: string): NodeJS.ErrnoException {
  return Object.assign(new Error(message), { code });
}

/**
 * The `lookup` the socket calls before it connects: every address of the name is judged, and the one connected to is
 * one of them, so a name that resolved to a public address when the endpoint was added and to 127.0.0.1 now
 * (DNS rebinding) is refused here. Node calls it with `all: true` when it races address families.
 */
function guardedLookup(policy: WebhookAddressPolicy, lookup: LookupAll, plainHttp: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    const host = hostname.toLowerCase().replace(/\.$/u, '');
    resolveHost(host, lookup).then(
      (resolved) => {
        const family = options.family === 4 || options.family === 6 ? options.family : 0;
        const addresses = (resolved ?? [])
          .map((address) => ({ address, family: isIP(address) }))
          .filter((entry) => entry.family !== 0 && (family === 0 || entry.family === family));
        if (addresses.length === 0) return callback(codedError(UNRESOLVED_CODE, 'not resolved'), '');
        const refused =
          addresses.some((entry) => !mayConnect(host, entry.address, policy)) ||
          (plainHttp &&
            !mayUsePlainHttp(
              host,
              addresses.map((entry) => entry.address),
              policy,
            ));
        if (refused) return callback(codedError(FORBIDDEN_CODE, 'forbidden address'), '');
        const [first] = addresses;
        if (options.all === true) return callback(null, addresses);
        return callback(null, first?.address ?? '', first?.family);
      },
      (error: unknown) => callback(codedError(UNRESOLVED_CODE, String(error)), ''),
    );
  };
}

/** An address written in the URL never goes through lookup, so it is judged here. */
function literalAddressRefused(url: URL, policy: WebhookAddressPolicy): boolean {
  const host = hostOf(url);
  if (isIP(host) === 0) return false;
  if (url.protocol === 'http:' && !(isHostAllowed(host, policy) || isAddressAllowed(host, policy))) return true;
  return isForbiddenAddress(host) && !isAddressAllowed(host, policy);
}

/**
 * One attempt to deliver one message to one endpoint, signed as Standard Webhooks says. Never throws for what the
 * network or the receiver does: the caller (the delivery reactor) records the attempt and decides about retries.
 * Redirects are never followed: a 3xx is a failed attempt, since its Location could name any address.
 */
export async function deliverWebhook(
  request: WebhookRequest,
  policy: WebhookAddressPolicy,
  lookup: LookupAll = systemLookupAll,
): Promise<WebhookAttempt> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const failed = (
    reason: Extract<WebhookAttempt, { kind: 'failed' }>['reason'],
    status: number | null = null,
    excerpt = '',
  ): WebhookAttempt => ({ kind: 'failed', status, reason, excerpt, durationMs: elapsed() });

  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return failed('forbidden_address');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return failed('forbidden_address');
  if (url.username !== '' || url.password !== '') return failed('forbidden_address');
  if (literalAddressRefused(url, policy)) return failed('forbidden_address');

  const body = Buffer.from(request.body, 'utf8');
  const signature = new Webhook(request.secret).sign(request.messageId, request.timestamp, body);
  const headers = {
    'content-type': 'application/json',
    'content-length': String(body.length),
    'user-agent': WEBHOOK_USER_AGENT,
    'webhook-id': request.messageId,
    'webhook-timestamp': String(Math.floor(request.timestamp.getTime() / 1000)),
    'webhook-signature': signature,
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const timeoutMs = request.timeoutMs ?? WEBHOOK_DEFAULT_TIMEOUT_MS;

  return new Promise<WebhookAttempt>((resolve) => {
    let settled = false;
    const finish = (attempt: WebhookAttempt) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outgoing.destroy();
      resolve(attempt);
    };
    const outgoing = send(url, {
      method: 'POST',
      headers,
      // A fresh connection each time: no pooled socket skips the lookup's judgement.
      agent: false,
      lookup: guardedLookup(policy, lookup, url.protocol === 'http:'),
    });
    const timer = setTimeout(() => finish(failed('timeout')), timeoutMs);
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === FORBIDDEN_CODE) finish(failed('forbidden_address'));
      else if (error.code === UNRESOLVED_CODE) finish(failed('dns'));
      else finish(failed('connection'));
    });
    outgoing.on('response', (answer) => {
      void readExcerpt(answer).then((excerpt) => finish(judge(answer, excerpt, elapsed())));
    });
    outgoing.end(body);
  });
}

function judge(answer: IncomingMessage, excerpt: string, durationMs: number): WebhookAttempt {
  const status = answer.statusCode ?? 0;
  if (status >= 200 && status < 300) return { kind: 'delivered', status, excerpt, durationMs };
  if (status >= 300 && status < 400) return { kind: 'failed', status, reason: 'redirect', excerpt, durationMs };
  const header = answer.headers['retry-after'];
  const wait = status === 429 || status === 503 ? retryAfterMs(header ?? null, Date.now()) : undefined;
  return {
    kind: 'failed',
    status,
    reason: 'status',
    excerpt,
    durationMs,
    ...(wait === undefined ? {} : { retryAfterMs: wait }),
  };
}

/**
 * The answer's first WEBHOOK_EXCERPT_BYTES as UTF-8 (a character cut at the end is dropped, NULs too: PostgreSQL's
 * text and JSON cannot hold them). Reading stops there; the caller destroys the connection.
 */
function readExcerpt(answer: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const done = () => {
      answer.removeAllListeners('data');
      const bytes = Buffer.concat(chunks, length).subarray(0, WEBHOOK_EXCERPT_BYTES);
      const text = new TextDecoder('utf-8').decode(bytes, { stream: true });
      resolve(text.replaceAll('\u0000', ''));
    };
    answer.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= WEBHOOK_EXCERPT_BYTES) {
        answer.destroy();
        done();
      }
    });
    answer.on('end', done);
    // An answer cut off midway still leaves what arrived.
    answer.on('error', done);
    answer.on('close', done);
  });
}
