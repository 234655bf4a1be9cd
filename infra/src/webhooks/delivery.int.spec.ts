import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { webhookUrlProblem, type LookupAll, type WebhookAddressPolicy } from './address-policy.ts';
import { deliverWebhook, newWebhookSecret, WEBHOOK_EXCERPT_BYTES, type WebhookRequest } from './delivery.ts';

interface Received {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

interface Receiver {
  readonly port: number;
  readonly received: Received[];
  /** TCP connections accepted, whether or not a request came. */
  connections: number;
}

const servers: { server: Server; sockets: Set<Socket> }[] = [];

afterEach(async () => {
  for (const { server, sockets } of servers.splice(0)) {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

/** A receiver on 127.0.0.1 that records each request and answers as `answer` says (or never, if it returns false). */
async function startReceiver(
  answer: (response: ServerResponse) => boolean | void = (response) => {
    response.writeHead(204).end();
  },
): Promise<Receiver> {
  const sockets = new Set<Socket>();
  const receiver: Receiver = { port: 0, received: [], connections: 0 };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      receiver.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      answer(response);
    });
  });
  server.on('connection', (socket) => {
    receiver.connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push({ server, sockets });
  return Object.assign(receiver, { port: (server.address() as AddressInfo).port });
}

const loopbackAllowed: WebhookAddressPolicy = { allowedPrivateHosts: ['127.0.0.1'] };
const nothingAllowed: WebhookAddressPolicy = { allowedPrivateHosts: [] };

function message(url: string, overrides: Partial<WebhookRequest> = {}): WebhookRequest {
  return {
    url,
    secret: newWebhookSecret(),
    messageId: 'msg_2f1c9a7e-0b1d-4c55-9a51-3b1f8e0d7a11',
    timestamp: new Date(),
    body: JSON.stringify({ type: 'lead.created', data: { name: 'Ayşe Yılmaz', şehir: 'İzmir' } }),
    ...overrides,
  };
}

describe('newWebhookSecret', () => {
  it('is whsec_ and base64 of 32 bytes, which standardwebhooks accepts', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/u);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(() => new Webhook(secret)).not.toThrow();
    expect(newWebhookSecret()).not.toBe(secret);
  });
});

describe('deliverWebhook', () => {
  it('delivers a signed message the receiver verifies with standardwebhooks', async () => {
    const receiver = await startReceiver((response) => {
      response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end('Teşekkürler');
    });
    const request = message(`http://127.0.0.1:${receiver.port}/hooks`);

    const attempt = await deliverWebhook(request, loopbackAllowed);

    expect(attempt).toMatchObject({ kind: 'delivered', status: 200, excerpt: 'Teşekkürler' });
    expect(attempt.durationMs).toBeGreaterThanOrEqual(0);
    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    expect(got?.body).toBe(request.body);
    expect(got?.headers['content-type']).toBe('application/json');
    expect(got?.headers['user-agent']).toBe('Dijital-Kartvizit-Webhooks/1');
    expect(got?.headers['webhook-id']).toBe(request.messageId);
    expect(got?.headers['webhook-timestamp']).toBe(String(Math.floor(request.timestamp.getTime() / 1000)));
    const headers = {
      'webhook-id': String(got?.headers['webhook-id']),
      'webhook-timestamp': String(got?.headers['webhook-timestamp']),
      'webhook-signature': String(got?.headers['webhook-signature']),
    };
    expect(new Webhook(request.secret).verify(got?.body ?? '', headers)).toEqual(JSON.parse(request.body));
    expect(() => new Webhook(newWebhookSecret()).verify(got?.body ?? '', headers)).toThrow();
  });

  it('is allowed to loopback by host name as well', async () => {
    const receiver = await startReceiver();
    const attempt = await deliverWebhook(message(`http://localhost:${receiver.port}/`), {
      allowedPrivateHosts: ['localhost'],
    });
    // localhost may answer ::1 first; the receiver listens on 127.0.0.1 only, which Node's family racing reaches.
    expect(attempt).toMatchObject({ kind: 'delivered', status: 204 });
    expect(receiver.received).toHaveLength(1);
  });

  it.each([
    ['an address', (port: number) => `http://127.0.0.1:${port}/`],
    ['a name resolving to it', (port: number) => `http://localhost:${port}/`],
    ['a name resolving to it over https', (port: number) => `https://localhost:${port}/`],
    ['an address over https', (port: number) => `https://127.0.0.1:${port}/`],
    ['an IPv4-mapped address', (port: number) => `https://[::ffff:127.0.0.1]:${port}/`],
    ['a decimal address', (port: number) => `https://2130706433:${port}/`],
  ])('refuses loopback named by %s without the allow list', async (_, url) => {
    const receiver = await startReceiver();
    const attempt = await deliverWebhook(message(url(receiver.port)), nothingAllowed);
    expect(attempt).toMatchObject({ kind: 'failed', reason: 'forbidden_address', status: null });
    expect(receiver.connections).toBe(0);
    expect(receiver.received).toHaveLength(0);
  });

  it('refuses http:// to a public address even when it resolves', async () => {
    const receiver = await startReceiver();
    const lookup: LookupAll = async () => [{ address: '93.184.216.34', family: 4 }];
    const attempt = await deliverWebhook(message(`http://hooks.example.com:${receiver.port}/`), nothingAllowed, lookup);
    expect(attempt).toMatchObject({ kind: 'failed', reason: 'forbidden_address' });
  });

  it('checks the address at connection time: a name rebound to 127.0.0.1 after it was added is refused', async () => {
    const receiver = await startReceiver();
    let calls = 0;
    const rebinding: LookupAll = async () => {
      calls += 1;
      return [{ address: calls === 1 ? '93.184.216.34' : '127.0.0.1', family: 4 }];
    };
    const url = `https://rebind.example.com:${receiver.port}/hooks`;

    expect(await webhookUrlProblem(url, nothingAllowed, rebinding)).toBeNull();
    const attempt = await deliverWebhook(message(url), nothingAllowed, rebinding);

    expect(attempt).toMatchObject({ kind: 'failed', reason: 'forbidden_address' });
    expect(calls).toBe(2);
    expect(receiver.connections).toBe(0);
  });

  it('refuses a name when any of its addresses is forbidden', async () => {
    const receiver = await startReceiver();
    const lookup: LookupAll = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ];
    const attempt = await deliverWebhook(message(`https://both.example.com:${receiver.port}/`), nothingAllowed, lookup);
    expect(attempt).toMatchObject({ kind: 'failed', reason: 'forbidden_address' });
    expect(receiver.connections).toBe(0);
  });

  it('answers dns for a name that does not resolve', async () => {
    const lookup: LookupAll = async (hostname) => {
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    };
    const attempt = await deliverWebhook(message('https://nowhere.invalid/'), nothingAllowed, lookup);
    expect(attempt).toMatchObject({ kind: 'failed', reason: 'dns', status: null });
  });

  it('never follows a redirect', async () => {
    const target = await startReceiver();
    const redirecting = await startReceiver((response) => {
      response.writeHead(302, { location: `http://127.0.0.1:${target.port}/elsewhere` }).end('Taşındı');
    });
    const attempt = await deliverWebhook(message(`http://127.0.0.1:${redirecting.port}/`), loopbackAllowed);
    expect(attempt).toMatchObject({ kind: 'failed', reason: 'redirect', status: 302, excerpt: 'Taşındı' });
    expect(redirecting.received).toHaveLength(1);
    expect(target.connections).toBe(0);
  });

  it('fails a 500 with its excerpt and no Retry-After', async () => {
    const receiver = await startReceiver((response) => {
      response.writeHead(500, { 'retry-after': '30' }).end('{"error":"boom"}');
    });
    const attempt = await deliverWebhook(message(`http://127.0.0.1:${receiver.port}/`), loopbackAllowed);
    expect(attempt).toEqual({
      kind: 'failed',
      status: 500,
      reason: 'status',
      excerpt: '{"error":"boom"}',
      durationMs: expect.any(Number) as number,
    });
  });

  it('takes Retry-After from a 429 in seconds and from a 503 as an HTTP date', async () => {
    const seconds = await startReceiver((response) => {
      response.writeHead(429, { 'retry-after': '120' }).end();
    });
    const date = await startReceiver((response) => {
      response.writeHead(503, { 'retry-after': new Date(Date.now() + 60_000).toUTCString() }).end();
    });
    expect(await deliverWebhook(message(`http://127.0.0.1:${seconds.port}/`), loopbackAllowed)).toMatchObject({
      kind: 'failed',
      status: 429,
      reason: 'status',
      retryAfterMs: 120_000,
    });
    const attempt = await deliverWebhook(message(`http://127.0.0.1:${date.port}/`), loopbackAllowed);
    expect(attempt).toMatchObject({ kind: 'failed', status: 503, reason: 'status' });
    const wait = attempt.kind === 'failed' ? attempt.retryAfterMs : undefined;
    expect(wait).toBeGreaterThan(50_000);
    expect(wait).toBeLessThanOrEqual(60_000);
  });

  it('times out a receiver that never answers', async () => {
    const receiver = await startReceiver(() => false);
    const attempt = await deliverWebhook(
      message(`http://127.0.0.1:${receiver.port}/`, { timeoutMs: 300 }),
      loopbackAllowed,
    );
    expect(attempt).toMatchObject({ kind: 'failed', reason: 'timeout', status: null });
    expect(attempt.durationMs).toBeGreaterThanOrEqual(290);
    expect(attempt.durationMs).toBeLessThan(2_000);
    expect(receiver.received).toHaveLength(1);
  });

  it('times out an answer that starts but never ends', async () => {
    const receiver = await startReceiver((response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.write('yarım');
      return false;
    });
    const attempt = await deliverWebhook(
      message(`http://127.0.0.1:${receiver.port}/`, { timeoutMs: 300 }),
      loopbackAllowed,
    );
    expect(attempt).toMatchObject({ kind: 'failed', reason: 'timeout' });
  });

  it('reads only the first 1,024 bytes of a 5 MB answer', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024, 'ş');
    const receiver = await startReceiver((response) => {
      response.writeHead(200, { 'content-length': String(big.length) }).end(big);
    });
    const attempt = await deliverWebhook(message(`http://127.0.0.1:${receiver.port}/`), loopbackAllowed);
    expect(attempt.kind).toBe('delivered');
    expect(Buffer.byteLength(attempt.excerpt)).toBe(WEBHOOK_EXCERPT_BYTES);
    expect(attempt.excerpt).toBe('ş'.repeat(WEBHOOK_EXCERPT_BYTES / 2));
  });

  it('answers connection when nothing listens', async () => {
    const receiver = await startReceiver();
    const { port } = receiver;
    await new Promise<void>((resolve) => {
      const entry = servers.pop();
      entry?.server.close(() => resolve());
    });
    const attempt = await deliverWebhook(message(`http://127.0.0.1:${port}/`), loopbackAllowed);
    expect(attempt).toMatchObject({ kind: 'failed', reason: 'connection', status: null });
  });

  it('answers connection when an https receiver is not trusted (the certificate is checked)', async () => {
    // A plain-http server on the port: the TLS handshake fails, as it would against a certificate we do not trust.
    const receiver = await startReceiver();
    const attempt = await deliverWebhook(message(`https://127.0.0.1:${receiver.port}/`), loopbackAllowed);
    expect(attempt).toMatchObject({ kind: 'failed', reason: 'connection' });
    expect(receiver.received).toHaveLength(0);
  });
});
