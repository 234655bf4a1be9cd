import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One request the receiver took, as it arrived, and whether its Standard Webhooks signature held. */
export interface ReceivedWebhook {
  readonly id: string;
  readonly timestamp: string;
  readonly verified: boolean;
  readonly body: {
    readonly type: string;
    readonly version: number;
    readonly timestamp: string;
    readonly data: Record<string, unknown>;
  };
  readonly answered: number;
  /** `performance.now()` when the whole request had arrived (the benchmark's clock). */
  readonly arrivedAt: number;
}

/** How the receiver answers the next requests: like a healthy system, a failing one, a slow one, or a redirect. */
export type ReceiverMode =
  | { readonly kind: 'ok' }
  | { readonly kind: 'status'; readonly status: number; readonly body?: string }
  | { readonly kind: 'hang' }
  /** A receiver that takes its time: recorded as it arrives, answered 200 after `delayMs`. */
  | { readonly kind: 'slow'; readonly delayMs: number }
  | { readonly kind: 'redirect'; readonly location: string };

/**
 * A webhook receiver on loopback, as an owner's CRM would run one: it verifies each request with the `standardwebhooks`
 * package against the endpoint's secret, and keeps every request it got (duplicates included: a receiver de-duplicates
 * by `webhook-id`, and the tests look at both). `received` is every request; `unique` the first of each id, in order.
 */
export interface WebhookReceiver {
  readonly url: string;
  readonly port: number;
  readonly received: ReceivedWebhook[];
  unique(): ReceivedWebhook[];
  /** The endpoint's secret, once the product answered it. */
  secret: string | null;
  mode: ReceiverMode;
  /** Requests recorded but not answered yet ('slow' mode): a sender killed now leaves one of them unanswered. */
  readonly inFlight: number;
  close(): Promise<void>;
}

function header(headers: IncomingHttpHeaders, name: string): string {
  const value = headers[name];
  return typeof value === 'string' ? value : '';
}

export async function startWebhookReceiver(path = '/hook'): Promise<WebhookReceiver> {
  const hanging = new Set<ServerResponse>();
  const delayed = new Set<NodeJS.Timeout>();
  const receiver: WebhookReceiver = {
    url: '',
    port: 0,
    received: [],
    unique() {
      const seen = new Set<string>();
      return this.received.filter(
        (hook) => hook.answered >= 200 && hook.answered < 300 && !seen.has(hook.id) && (seen.add(hook.id), true),
      );
    },
    secret: null,
    mode: { kind: 'ok' },
    get inFlight() {
      return delayed.size;
    },
    close: async () => {
      for (const timer of delayed) clearTimeout(timer);
      delayed.clear();
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let verified = false;
      try {
        if (receiver.secret) {
          new Webhook(receiver.secret).verify(raw, {
            'webhook-id': header(request.headers, 'webhook-id'),
            'webhook-timestamp': header(request.headers, 'webhook-timestamp'),
            'webhook-signature': header(request.headers, 'webhook-signature'),
          });
          verified = true;
        }
      } catch {
        verified = false;
      }
      const mode = receiver.mode;
      const answered =
        mode.kind === 'ok' || mode.kind === 'slow'
          ? 200
          : mode.kind === 'status'
            ? mode.status
            : mode.kind === 'redirect'
              ? 302
              : 0;
      receiver.received.push({
        id: header(request.headers, 'webhook-id'),
        timestamp: header(request.headers, 'webhook-timestamp'),
        verified,
        body: JSON.parse(raw) as ReceivedWebhook['body'],
        answered,
        arrivedAt: performance.now(),
      });
      if (request.url !== path) {
        response.writeHead(404).end();
        return;
      }
      switch (mode.kind) {
        case 'ok':
          response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
          return;
        case 'status':
          response.writeHead(mode.status, { 'content-type': 'text/plain' }).end(mode.body ?? 'Sunucu hatası');
          return;
        case 'redirect':
          response.writeHead(302, { location: mode.location }).end();
          return;
        case 'hang':
          hanging.add(response);
          return;
        case 'slow': {
          const timer = setTimeout(() => {
            delayed.delete(timer);
            if (!response.destroyed)
              response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
          }, mode.delayMs);
          delayed.add(timer);
          return;
        }
        default: {
          const unhandled: never = mode;
          return unhandled;
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, { port, url: `http://127.0.0.1:${port}${path}` });
}
