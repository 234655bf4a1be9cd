import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, webhooksStreamId, type WebhookDeliveryView, type WebhookView } from '@kartvizit/schemas';
import type { LookupAll } from '@kartvizit/infra/webhooks/address-policy';
import { startMailingProduct } from '../support/mailing-product.ts';
import type { TestProduct } from '../support/product.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../support/smtp-receiver.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';
import { after, registerOwner, type Owner } from './card-fixtures.ts';
import { createProduct } from './product-fixtures.ts';

/**
 * What webhooks refuse and when they give up (issue 35), on a product that allows NO private host, as a deployment
 * without WEBHOOK_ALLOWED_PRIVATE_HOSTS: every loopback, private, link-local and metadata address is refused when the
 * endpoint is added, a name resolving to one included; a name that resolved to a public address then and to 127.0.0.1
 * at delivery (DNS rebinding) reaches nothing. And an endpoint failing for three days is paused, its owner e-mailed.
 *
 * The resolver answers for the test's own names only (`*.test`, no DNS is asked); every other name is the system's.
 */
let product: TestProduct;
let receiver: WebhookReceiver;
let smtp: SmtpReceiver;
/** The delivery reactor's now: moved three days on for the pause, then back, so the receiver's signature check (five
 * minutes of tolerance) sees the time it lives in. */
let clock = new Date();
const WAIT = { timeout: 20_000, interval: 50 };
/** rebind.test: a public address the first time it is asked (when added), then the receiver's loopback. */
let rebindAsked = 0;
/** failing.test: always the receiver's loopback — allowed by name for the pause story. */
const lookup: LookupAll = async (hostname) => {
  if (hostname === 'rebind.test') {
    rebindAsked += 1;
    return [{ address: rebindAsked === 1 ? '93.184.216.34' : '127.0.0.1', family: 4 }];
  }
  if (hostname === 'metadata.test')
    return [
      { address: '203.0.113.9', family: 4 },
      { address: '169.254.169.254', family: 4 },
    ];
  if (hostname === 'failing.test') return [{ address: '127.0.0.1', family: 4 }];
  if (hostname === 'public.test') return [{ address: '93.184.216.34', family: 4 }];
  const { promises } = await import('node:dns');
  return promises.lookup(hostname, { all: true });
};

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  smtp = await startSmtpReceiver();
  product = await startMailingProduct(smtp.url, {
    projectorPollIntervalMs: 50,
    webhooks: {
      addressPolicy: { allowedPrivateHosts: ['failing.test'] },
      retry: { firstDelayMs: 100, maxDelayMs: 200, maxAttempts: 1_000 },
      timeoutMs: 400,
      lookup,
      clock: () => clock,
    },
  });
});

afterAll(async () => {
  await product?.close();
  await receiver?.close();
  await smtp?.close();
});

async function call<Data>(
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  owner: Owner,
  payload?: unknown,
  position?: string,
) {
  const response = await product.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${owner.token}`, ...after(position) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return {
    status: response.statusCode,
    body: JSON.parse(response.body) as {
      success: boolean;
      message: string;
      field?: string;
      position?: string;
      data: Data;
    },
  };
}

describe('webhook addresses', () => {
  it.each([
    ['loopback by address', `http://127.0.0.1:${1}/hook`, MESSAGES.webhookUrlNotHttps],
    ['loopback over https', 'https://127.0.0.1/hook', MESSAGES.webhookUrlPrivate],
    ['a name resolving to 127.0.0.1', 'https://localhost/hook', MESSAGES.webhookUrlPrivate],
    ['a private network', 'https://10.0.0.1/hook', MESSAGES.webhookUrlPrivate],
    ['a home router', 'https://192.168.1.1/hook', MESSAGES.webhookUrlPrivate],
    ['the cloud metadata address', 'https://169.254.169.254/latest/meta-data', MESSAGES.webhookUrlPrivate],
    ['a name with one metadata address among public ones', 'https://metadata.test/hook', MESSAGES.webhookUrlPrivate],
    ['IPv6 loopback', 'https://[::1]/hook', MESSAGES.webhookUrlPrivate],
    ['IPv4 inside IPv6', 'https://[::ffff:127.0.0.1]/hook', MESSAGES.webhookUrlPrivate],
    ['a decimal loopback', 'https://2130706433/hook', MESSAGES.webhookUrlPrivate],
    ['plain http to a public name', 'http://public.test/hook', MESSAGES.webhookUrlNotHttps],
    ['credentials in the address', 'https://user:pass@example.com/hook', MESSAGES.webhookUrlCredentials],
    ['not http at all', 'ftp://example.com/hook', MESSAGES.webhookUrlNotHttps],
    ['a name that does not resolve', 'https://yok.invalid/hook', MESSAGES.webhookUrlUnresolvable],
  ])('refuses %s when it is added, with a Turkish 400, and records nothing', async (_name, url, message) => {
    const owner = await registerOwner(product);
    const answer = await call('POST', '/api/webhooks', owner, { url, events: ['lead.created'] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body).toMatchObject({ success: false, message, field: 'url' });
    expect((await product.store.readStream(webhooksStreamId(owner.userId))).events).toEqual([]);
  });

  it('checks the address again when it connects: a name that moved to 127.0.0.1 (DNS rebinding) reaches nothing', async () => {
    const owner = await registerOwner(product);
    const added = await call<{ id: string; secret: string }>('POST', '/api/webhooks', owner, {
      url: `https://rebind.test:${receiver.port}/hook`,
      events: ['product.created'],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const before = receiver.received.length;
    await createProduct(product, owner, { name: 'Yeniden bağlanma', price: { value: 1 } });
    await expect
      .poll(async () => {
        const log = await call<WebhookDeliveryView[]>('GET', `/api/webhooks/${added.body.data.id}/deliveries`, owner);
        return log.body.data[0]?.failureReason ?? null;
      }, WAIT)
      .toBe('forbidden_address');
    expect(rebindAsked).toBeGreaterThan(1);
    expect(receiver.received.length).toBe(before);
  });
});

describe('an endpoint failing for three days', () => {
  it('is paused, its waiting deliveries skipped and its owner e-mailed; resumed, a resend goes through', async () => {
    const owner = await registerOwner(product);
    const email = (await call<{ email: string }>('GET', '/api/auth/me', owner)).body as unknown as {
      user?: { email?: string };
    };
    receiver.mode = { kind: 'status', status: 503, body: 'Bakımdayız' };
    const added = await call<{ id: string; secret: string }>('POST', '/api/webhooks', owner, {
      url: `http://failing.test:${receiver.port}/hook`,
      events: ['product.created'],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    receiver.secret = added.body.data.secret;
    const endpointId = added.body.data.id;
    const deliveries = async () =>
      (await call<WebhookDeliveryView[]>('GET', `/api/webhooks/${endpointId}/deliveries`, owner)).body.data;
    const endpoint = async () => (await call<WebhookView[]>('GET', '/api/webhooks', owner)).body.data[0];

    // Given two events while the receiver is down: the first is retried, the second waits behind it.
    await createProduct(product, owner, { name: 'Birinci', price: { value: 1 } });
    await createProduct(product, owner, { name: 'İkinci', price: { value: 1 } });
    await expect.poll(async () => (await endpoint())?.failingSince ?? null, WAIT).not.toBeNull();
    expect((await endpoint())?.status).toBe('active');

    // When three days pass without one success,
    clock = new Date(clock.getTime() + 3 * 24 * 60 * 60 * 1000 + 60_000);
    // then the endpoint is paused and both deliveries are skipped as paused, nothing more is sent,
    await expect.poll(async () => (await endpoint())?.status, WAIT).toBe('paused');
    expect((await endpoint())?.pausedAutomatically).toBe(true);
    await expect
      .poll(async () => (await deliveries()).map((d) => [d.status, d.skipReason]), WAIT)
      .toEqual([
        ['skipped', 'paused'],
        ['skipped', 'paused'],
      ]);
    // and the owner hears of it, once (the rebinding story's endpoint, failing as long, is paused and told of too).
    const ours = () =>
      smtp.messages.filter(
        (mail) => mail.subject === 'Webhook’unuz duraklatıldı' && mail.text?.includes(`failing.test:${receiver.port}`),
      );
    await expect.poll(() => ours().length, WAIT).toBe(1);
    expect(ours()[0]?.text).toContain('/integrations');
    expect(email.user?.email).toMatch(/@example\.com$/);
    expect(JSON.stringify(ours()[0]?.to)).toContain(email.user?.email);
    const tried = receiver.received.length;

    // Resumed with the receiver back (and the clock back to the receiver's time), the owner resends what was skipped: it arrives, signed, once.
    receiver.mode = { kind: 'ok' };
    clock = new Date();
    const resumed = await call('PATCH', `/api/webhooks/${endpointId}`, owner, { active: true });
    expect(resumed.status).toBe(200);
    expect(resumed.body.message).toBe(MESSAGES.webhookResumed);
    const [second, first] = await deliveries();
    for (const delivery of [first, second]) {
      const resent = await call('POST', `/api/webhooks/${endpointId}/deliveries/${delivery?.id}/retry`, owner);
      expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    }
    await expect.poll(async () => (await deliveries()).map((d) => d.status), WAIT).toEqual(['delivered', 'delivered']);
    const arrived = receiver.received.slice(tried).filter((hook) => hook.answered === 200);
    expect(arrived.map((hook) => (hook.body.data.product as { name: string }).name)).toEqual(['Birinci', 'İkinci']);
    expect(arrived.every((hook) => hook.verified)).toBe(true);
    expect((await endpoint())?.failingSince).toBeNull();
  });
});
