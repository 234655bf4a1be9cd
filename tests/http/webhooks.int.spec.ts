import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, webhooksStreamId, type WebhookDeliveryView, type WebhookView } from '@kartvizit/schemas';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';
import { after, registerOwner, type Owner } from './card-fixtures.ts';
import { ownerWithCard, submitLead, visitorForm } from './lead-fixtures.ts';
import { createProduct } from './product-fixtures.ts';
import { createOffice, join, officeCardHeldBy, register } from './office-fixtures.ts';

/**
 * Webhooks (issue 35) through the whole product: an endpoint added over HTTP, the events of the owner's cards signed as
 * Standard Webhooks asks and sent by the reactors to a receiver on loopback that verifies them with the
 * `standardwebhooks` package. The receiver fails, hangs and comes back; each event arrives once by `webhook-id` and in
 * the owner's order. The product may reach 127.0.0.1 only because the test allows it (WEBHOOK_ALLOWED_PRIVATE_HOSTS).
 */
let product: TestProduct;
let receiver: WebhookReceiver;
const logLines: string[] = [];
const WAIT = { timeout: 20_000, interval: 50 };

interface Answer<Data = unknown> {
  readonly success: boolean;
  readonly message: string;
  readonly field?: string;
  readonly position?: string;
  readonly data: Data;
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  product = await startTestProduct({
    projectorPollIntervalMs: 50,
    logLevel: 'info',
    logStream: { write: (line) => void logLines.push(line) },
    webhooks: {
      addressPolicy: { allowedPrivateHosts: ['127.0.0.1'] },
      retry: { firstDelayMs: 100, maxDelayMs: 400, maxAttempts: 400 },
      timeoutMs: 400,
    },
  });
});

afterAll(async () => {
  await product?.close();
  await receiver?.close();
});

async function call<Data>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH',
  url: string,
  owner: Owner,
  payload?: unknown,
  position?: string,
): Promise<{ status: number; body: Answer<Data> }> {
  const response = await product.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${owner.token}`, ...after(position) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: response.statusCode, body: JSON.parse(response.body) as Answer<Data> };
}

async function addWebhook(owner: Owner, body: Record<string, unknown>) {
  return call<{ id: string; secret: string }>('POST', '/api/webhooks', owner, body);
}

async function deliveries(owner: Owner, endpointId: string): Promise<WebhookDeliveryView[]> {
  return (await call<WebhookDeliveryView[]>('GET', `/api/webhooks/${endpointId}/deliveries`, owner)).body.data;
}

async function webhookEventsOf(owner: Owner): Promise<number> {
  return (await product.store.readStream(webhooksStreamId(owner.userId))).events.length;
}

describe('webhooks', () => {
  it('sign every delivery and deliver each event once, in the owner’s order, through failures, timeouts and a restart of the receiver', async () => {
    const owner = await ownerWithCard(product);
    const added = await addWebhook(owner, { url: receiver.url, events: ['lead.created', 'product.*'] });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.message).toBe(MESSAGES.webhookAdded);
    expect(added.body.data.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    receiver.secret = added.body.data.secret;
    const endpointId = added.body.data.id;

    // Given a healthy receiver: three products and a lead, in this order.
    for (const name of ['Bahçeli Ev', 'Deniz Manzaralı Daire', 'Dükkan'])
      await createProduct(product, owner, { name, price: { value: 1_000_000 } });
    const lead = await submitLead(product, visitorForm(product, owner.cardId, { fullName: 'Çağrı Öztürk' }));
    expect(lead.statusCode, lead.body).toBe(200);

    await expect.poll(() => receiver.unique().length, WAIT).toBe(4);
    const first = receiver.unique();
    expect(first.every((hook) => hook.verified)).toBe(true);
    expect(first.map((hook) => hook.body.type)).toEqual([
      'product.created',
      'product.created',
      'product.created',
      'lead.created',
    ]);
    expect(first.map((hook) => (hook.body.data.product as { name?: string } | undefined)?.name)).toEqual([
      'Bahçeli Ev',
      'Deniz Manzaralı Daire',
      'Dükkan',
      undefined,
    ]);
    expect(first[3]?.body.version).toBe(1);
    expect(first[3]?.body.data).toMatchObject({
      cardId: owner.cardId,
      visitor: { fullName: 'Çağrı Öztürk', email: 'cagri@ornek.com.tr' },
    });
    for (const hook of first) expect(hook.id).toMatch(/^msg_[0-9a-f]{32}$/);

    // When the receiver fails (500), then hangs past the timeout, then comes back:
    receiver.mode = { kind: 'status', status: 500, body: 'Veritabanı bakımda' };
    await createProduct(product, owner, { name: 'Arsa', price: { value: 500_000 } });
    await createProduct(product, owner, { name: 'Villa', price: { value: 9_000_000 } });
    await expect
      .poll(() => receiver.received.filter((hook) => hook.answered === 500).length, WAIT)
      .toBeGreaterThanOrEqual(3);
    receiver.mode = { kind: 'hang' };
    const hangsBefore = receiver.received.length;
    await expect.poll(() => receiver.received.length, WAIT).toBeGreaterThan(hangsBefore + 1);
    receiver.mode = { kind: 'ok' };

    // Then each arrives once by webhook-id, in order, signed.
    await expect.poll(() => receiver.unique().length, WAIT).toBe(6);
    const all = receiver.unique();
    expect(all.every((hook) => hook.verified)).toBe(true);
    expect(all.slice(4).map((hook) => (hook.body.data.product as { name: string }).name)).toEqual(['Arsa', 'Villa']);
    // The failing one held the later one back: Villa was never tried before Arsa went through.
    const arsaDelivered = receiver.received.findIndex((hook) => hook.answered === 200 && hook.id === all[4]?.id);
    expect(receiver.received.findIndex((hook) => hook.id === all[5]?.id)).toBeGreaterThan(arsaDelivered);

    // The log: newest first, what happened to each, with the answer's first bytes.
    await expect
      .poll(async () => (await deliveries(owner, endpointId)).map((d) => d.status), WAIT)
      .toEqual(Array(6).fill('delivered'));
    const log = await deliveries(owner, endpointId);
    expect(log.map((d) => d.id)).toEqual(all.map((hook) => hook.id).reverse());
    const arsa = log[1];
    expect(arsa?.attempts).toBeGreaterThan(2);
    expect(arsa).toMatchObject({
      eventName: 'product.created',
      responseStatus: 200,
      responseExcerpt: '{"received":true}',
      failureReason: null,
    });
    const list = await call<WebhookView[]>('GET', '/api/webhooks', owner);
    expect(list.body.data).toEqual([
      expect.objectContaining({
        id: endpointId,
        url: receiver.url,
        events: ['lead.created', 'product.*'],
        personalData: true,
        status: 'active',
        failingSince: null,
        lastDeliveryStatus: 'delivered',
      }) as unknown,
    ]);

    // 'Tekrar Gönder' sends the same body under the same webhook-id once more.
    const resent = await call('POST', `/api/webhooks/${endpointId}/deliveries/${all[0]?.id}/retry`, owner);
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    expect(resent.body.message).toBe(MESSAGES.webhookRetryQueued);
    await expect
      .poll(() => receiver.received.filter((hook) => hook.id === all[0]?.id && hook.answered === 200).length, WAIT)
      .toBe(2);
    const again = receiver.received.filter((hook) => hook.id === all[0]?.id);
    expect(again[1]?.body).toEqual(again[0]?.body);

    // The secret is in no event, read model, log line or later answer.
    const secret = added.body.data.secret;
    const { rows: tables } = await product.pool.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = 'public' AND (table_name LIKE 'rm_%' OR table_name = 'events')`,
    );
    for (const { name } of tables) {
      const { rows } = await product.pool.query<{ count: string }>(
        `SELECT count(*) FROM "${name}" AS t WHERE t::text LIKE $1`,
        [`%${secret.slice(6, 30)}%`],
      );
      expect(Number(rows[0]?.count), `${name} holds the secret`).toBe(0);
    }
    for (const line of logLines) expect(line).not.toContain(secret.slice(6, 30));
    expect(JSON.stringify(list.body)).not.toContain(secret.slice(6, 30));
  });

  it('leaves names, phone numbers and messages out when the owner says so', async () => {
    const owner = await ownerWithCard(product);
    const quiet = await startWebhookReceiver();
    try {
      const added = await addWebhook(owner, { url: quiet.url, events: ['lead.created'], personalData: false });
      expect(added.status).toBe(201);
      quiet.secret = added.body.data.secret;
      await submitLead(product, visitorForm(product, owner.cardId));
      await expect.poll(() => quiet.unique().length, WAIT).toBe(1);
      const body = quiet.unique()[0]?.body;
      expect(body?.type).toBe('lead.created');
      expect(body?.data).not.toHaveProperty('visitor');
      expect(JSON.stringify(body)).not.toContain('Öztürk');
    } finally {
      await quiet.close();
    }
  });

  it('does not follow a redirect: the receiver it points to gets nothing, and the log says why', async () => {
    const owner = await registerOwner(product);
    const redirecting = await startWebhookReceiver();
    const target = await startWebhookReceiver();
    try {
      redirecting.mode = { kind: 'redirect', location: target.url };
      const added = await addWebhook(owner, { url: redirecting.url, events: ['product.created'] });
      expect(added.status).toBe(201);
      await createProduct(product, owner, { name: 'Yönlendirme', price: { value: 1 } });
      await expect
        .poll(async () => (await deliveries(owner, added.body.data.id))[0]?.failureReason ?? null, WAIT)
        .toBe('redirect');
      const [entry] = await deliveries(owner, added.body.data.id);
      expect(entry).toMatchObject({ status: 'retrying', responseStatus: 302 });
      expect(target.received).toEqual([]);
      // Removing the endpoint stops it: nothing is signed for it again.
      const removed = await call('DELETE', `/api/webhooks/${added.body.data.id}`, owner);
      expect(removed.status).toBe(200);
      const { rows } = await product.pool.query('SELECT 1 FROM webhook_secrets WHERE endpoint_id = $1', [
        added.body.data.id,
      ]);
      expect(rows).toEqual([]);
      const tried = redirecting.received.length;
      await createProduct(product, owner, { name: 'Sonra', price: { value: 1 } });
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(
        redirecting.received.filter((hook) => (hook.body.data.product as { name: string }).name === 'Sonra'),
      ).toEqual([]);
      expect(redirecting.received.length - tried).toBeLessThanOrEqual(1);
    } finally {
      await redirecting.close();
      await target.close();
    }
  });

  it('keeps each owner’s endpoints their own: another owner’s are not found', async () => {
    const owner = await registerOwner(product);
    const stranger = await registerOwner(product);
    const added = await addWebhook(owner, { url: `${receiver.url}?owner=1`, events: ['product.created'] });
    expect(added.status).toBe(201);
    const { id } = added.body.data;
    const before = await webhookEventsOf(owner);
    for (const [method, url, body] of [
      ['GET', `/api/webhooks/${id}/deliveries`, undefined],
      ['DELETE', `/api/webhooks/${id}`, undefined],
      ['PATCH', `/api/webhooks/${id}`, { active: false }],
      ['POST', `/api/webhooks/${id}/deliveries/msg_${'0'.repeat(32)}/retry`, undefined],
    ] as const) {
      const answer = await call(method, url, stranger, body);
      expect(answer.status, `${method} ${url}`).toBe(404);
    }
    expect((await call<WebhookView[]>('GET', '/api/webhooks', stranger)).body.data).toEqual([]);
    expect(await webhookEventsOf(owner)).toBe(before);
  });

  it('answers bad input with a Turkish 400 beside its field and records nothing', async () => {
    const owner = await registerOwner(product);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ url: '', events: ['lead.created'] }, MESSAGES.webhookUrlRequired, 'url'],
      [
        { url: `https://example.com/${'a'.repeat(2_001)}`, events: ['lead.created'] },
        MESSAGES.webhookUrlTooLong,
        'url',
      ],
      [{ url: receiver.url, events: [] }, MESSAGES.webhookEventsRequired, 'events'],
      [{ url: receiver.url, events: ['lead.deleted'] }, 'Bilinmeyen olay türü: lead.deleted.', 'events'],
      [{ url: receiver.url, events: ['lead.created', 'lead.created'] }, MESSAGES.webhookEventsRepeated, 'events'],
    ];
    for (const [body, message, field] of cases) {
      const answer = await addWebhook(owner, body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.body).toMatchObject({ success: false, message, field });
    }
    for (const body of [
      { url: receiver.url },
      { url: 5, events: ['lead.created'] },
      { url: receiver.url, events: 'lead.created' },
      { url: receiver.url, events: ['lead.created'], secret: 'x' },
      { url: receiver.url, events: ['lead.created'], personalData: 'evet' },
    ]) {
      const answer = await addWebhook(owner, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.success).toBe(false);
      expect(answer.body.message).toMatch(/[a-zçğıöşü]/i);
    }
    const unknownId = await call('DELETE', '/api/webhooks/yok', owner);
    expect(unknownId.status).toBe(404);
    expect(unknownId.body.message).toBe(MESSAGES.webhookNotFound);
    expect(await webhookEventsOf(owner)).toBe(0);
    const { rows } = await product.pool.query('SELECT 1 FROM webhook_secrets WHERE owner_id = $1', [owner.userId]);
    expect(rows).toEqual([]);
  });

  it('lets a personal API token list webhooks with webhooks:read, add them only with webhooks:write', async () => {
    const owner = await registerOwner(product);
    const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const token = async (scopes: string[]) => {
      const made = await call<{ token: string }>('POST', '/api/tokens', owner, { name: 'CRM', scopes, expiresAt });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      return { token: made.body.data.token, userId: owner.userId };
    };
    const reader = await token(['webhooks:read']);
    const writer = await token(['webhooks:write', 'webhooks:read']);
    const leads = await token(['leads:read']);
    expect((await call('GET', '/api/webhooks', reader)).status).toBe(200);
    expect((await addWebhook(reader, { url: `${receiver.url}?token`, events: ['lead.created'] })).status).toBe(403);
    expect((await call('GET', '/api/webhooks', leads)).status).toBe(403);
    const added = await addWebhook(writer, { url: `${receiver.url}?token`, events: ['lead.created'] });
    expect(added.status).toBe(201);
    const listed = await call<WebhookView[]>('GET', '/api/webhooks', reader, undefined, added.body.position);
    expect(listed.body.data.map((endpoint) => endpoint.id)).toEqual([added.body.data.id]);
  });

  it('lets an office admin add the office’s endpoint: it hears the office’s leads, whichever member holds the card', async () => {
    const admin = await register(product, 'Ofis Yöneticisi');
    const officeId = await createOffice(product, admin, 'Deniz Emlak', `deniz-${Date.now()}`);
    const member = await register(product, 'Mehmet');
    await join(product, admin, officeId, member);
    const cardId = await officeCardHeldBy(product, member, officeId);
    const officeReceiver = await startWebhookReceiver();
    const memberReceiver = await startWebhookReceiver();
    try {
      // A member who is no admin cannot speak for the office.
      const refused = await addWebhook(member, { url: officeReceiver.url, events: ['lead.created'], officeId });
      expect(refused.status).toBe(404);
      expect(refused.body).toMatchObject({ message: MESSAGES.webhookOfficeNotFound, field: 'officeId' });
      const forOffice = await addWebhook(admin, { url: officeReceiver.url, events: ['lead.created'], officeId });
      expect(forOffice.status, JSON.stringify(forOffice.body)).toBe(201);
      officeReceiver.secret = forOffice.body.data.secret;
      const forMember = await addWebhook(member, { url: memberReceiver.url, events: ['lead.created'] });
      memberReceiver.secret = forMember.body.data.secret;

      const lead = await submitLead(product, visitorForm(product, cardId, { fullName: 'Selin Aydın' }));
      expect(lead.statusCode, lead.body).toBe(200);
      await expect.poll(() => officeReceiver.unique().length, WAIT).toBe(1);
      await expect.poll(() => memberReceiver.unique().length, WAIT).toBe(1);
      const told = officeReceiver.unique()[0];
      expect(told?.verified).toBe(true);
      expect(told?.body.data).toMatchObject({ cardId, officeId, visitor: { fullName: 'Selin Aydın' } });
      expect(memberReceiver.unique()[0]?.id).not.toBe(told?.id);

      // The admin sees and manages it; the member sees only their own.
      const adminList = await call<WebhookView[]>('GET', '/api/webhooks', admin);
      expect(adminList.body.data.map((endpoint) => [endpoint.id, endpoint.officeId])).toEqual([
        [forOffice.body.data.id, officeId],
      ]);
      const memberList = await call<WebhookView[]>('GET', '/api/webhooks', member);
      expect(memberList.body.data.map((endpoint) => [endpoint.id, endpoint.officeId])).toEqual([
        [forMember.body.data.id, null],
      ]);
      expect((await call('GET', `/api/webhooks/${forOffice.body.data.id}/deliveries`, member)).status).toBe(404);
      expect((await call('DELETE', `/api/webhooks/${forOffice.body.data.id}`, member)).status).toBe(404);
      await expect
        .poll(async () => (await deliveries(admin, forOffice.body.data.id)).map((d) => d.status), WAIT)
        .toEqual(['delivered']);
      expect((await call('DELETE', `/api/webhooks/${forOffice.body.data.id}`, admin)).status).toBe(200);
    } finally {
      await officeReceiver.close();
      await memberReceiver.close();
    }
  });

  it('answers NUL bytes, a 1 MB string, wrong types and unknown ids on every webhook route with a Turkish 4xx, recording nothing', async () => {
    const owner = await registerOwner(product);
    const huge = 'a'.repeat(1_000_000);
    const bodies: unknown[] = [
      { url: `${receiver.url}\u0000x`, events: ['lead.created'] },
      { url: receiver.url, events: ['lead.created\u0000'] },
      { url: huge, events: ['lead.created'] },
      { url: receiver.url, events: [huge] },
      { url: receiver.url, events: ['lead.created'], officeId: 'yok\u0000' },
      { url: [receiver.url], events: ['lead.created'] },
      { url: receiver.url, events: [1] },
      [],
      'metin',
    ];
    for (const body of bodies) {
      const answer = await product.app.inject({
        method: 'POST',
        url: '/api/webhooks',
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(answer.statusCode, JSON.stringify(body).slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode).toBeLessThan(500);
      expect((JSON.parse(answer.body) as { message: string }).message).toMatch(/[çğıöşüÇĞİÖŞÜ]|[a-z]/);
    }
    for (const body of [{ active: 'evet' }, { events: 'lead.created' }, { personalData: 1 }, { unknown: true }]) {
      const answer = await call(
        'PATCH',
        `/api/webhooks/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`,
        owner,
        body,
      );
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    for (const id of ['yok\u0000', 'a'.repeat(5_000), '0f8fad5b-d9cb-469f-a165-70867728950e']) {
      const path = encodeURIComponent(id);
      for (const [method, url] of [
        ['DELETE', `/api/webhooks/${path}`],
        ['GET', `/api/webhooks/${path}/deliveries`],
        ['POST', `/api/webhooks/${path}/deliveries/msg_x/retry`],
      ] as const) {
        const answer = await call(method, url, owner);
        expect([400, 404, 414], `${method} ${url.slice(0, 60)}`).toContain(answer.status);
        expect(answer.body.message).toMatch(/[a-zçğıöşü]/i);
      }
    }
    expect(await webhookEventsOf(owner)).toBe(0);
  });

  it('answers bad input on the token routes with a Turkish 4xx, making no token', async () => {
    const owner = await registerOwner(product);
    const expiresAt = new Date(Date.now() + 86_400_000 * 30).toISOString();
    for (const body of [
      { name: 'CRM\u0000', scopes: ['leads:read'], expiresAt },
      { name: 'a'.repeat(1_000_000), scopes: ['leads:read'], expiresAt },
      { name: 'CRM', scopes: ['leads:read\u0000'], expiresAt },
      { name: 'CRM', scopes: 'leads:read', expiresAt },
      { name: 5, scopes: ['leads:read'], expiresAt },
      { name: 'CRM', scopes: ['leads:read'], expiresAt: 'yarın' },
      { name: 'CRM', scopes: ['leads:read'], expiresAt, admin: true },
    ]) {
      const answer = await call('POST', '/api/tokens', owner, body);
      expect([400, 413], JSON.stringify(body).slice(0, 60)).toContain(answer.status);
      expect(answer.body.message).toMatch(/[a-zçğıöşü]/i);
    }
    for (const id of ['yok\u0000', '0f8fad5b-d9cb-469f-a165-70867728950e']) {
      const answer = await call('DELETE', `/api/tokens/${encodeURIComponent(id)}`, owner);
      expect([400, 404]).toContain(answer.status);
    }
    expect((await call<unknown[]>('GET', '/api/tokens', owner)).body.data).toEqual([]);
  });

  it('keeps at most ten endpoints and one per address', async () => {
    const owner = await registerOwner(product);
    for (let index = 0; index < 10; index += 1) {
      const answer = await addWebhook(owner, { url: `${receiver.url}?n=${index}`, events: ['card.activated'] });
      expect(answer.status).toBe(201);
    }
    const eleventh = await addWebhook(owner, { url: `${receiver.url}?n=10`, events: ['card.activated'] });
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.message).toBe(MESSAGES.webhookTooMany);
    const other = await registerOwner(product);
    await addWebhook(other, { url: receiver.url, events: ['card.activated'] });
    const twice = await addWebhook(other, { url: receiver.url, events: ['card.deactivated'] });
    expect(twice.status).toBe(400);
    expect(twice.body).toMatchObject({ message: MESSAGES.webhookUrlTaken, field: 'url' });
    const { rows } = await product.pool.query<{ count: string }>(
      'SELECT count(*) FROM webhook_secrets WHERE owner_id = $1',
      [owner.userId],
    );
    expect(Number(rows[0]?.count)).toBe(10);
  });
});
