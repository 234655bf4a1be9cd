import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hubspotStreamId } from '@kartvizit/schemas';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { startFakeHubSpot, FAKE_HUBSPOT_PORTAL_ID, type FakeHubSpot } from '../support/fake-hubspot.ts';
import { ownerWithCard, submitLead, visitorForm, type CardOwner } from './lead-fixtures.ts';

/** Issue 35: HubSpot through its real OAuth dance (a fake on loopback), then each lead a contact with a note. */
describe('HubSpot', () => {
  let product: TestProduct;
  let hubspot: FakeHubSpot;
  const logLines: string[] = [];

  beforeAll(async () => {
    hubspot = await startFakeHubSpot();
    product = await startTestProduct({
      hubspot: hubspot.settings(),
      hubspotRetry: { firstDelayMs: 20, maxDelayMs: 100, maxAttempts: 5 },
      projectorPollIntervalMs: 50,
      logLevel: 'info',
      logStream: { write: (line) => void logLines.push(line) },
    });
  });
  afterAll(async () => {
    await product?.close();
    await hubspot?.close();
  });

  async function status(owner: CardOwner) {
    const answer = await product.get('/api/integrations/hubspot', owner.token);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{
      configured: boolean;
      connected: boolean;
      portalId: string | null;
      created: number;
      updated: number;
      failed: number;
      lastFailure: { reason: string; message: string } | null;
    }>();
  }

  async function until<T>(what: () => Promise<T> | T, done: (value: T) => boolean, ms = 8_000): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const value = await what();
      if (done(value) || Date.now() > end) return value;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** start → HubSpot's authorize page (fetch, no redirect followed) → our callback with the sealed cookie. */
  async function connect(owner: CardOwner): Promise<string> {
    const start = await product.get('/api/integrations/hubspot/start', owner.token);
    expect(start.statusCode, start.body).toBe(200);
    const cookie = String(start.headers['set-cookie']).split(';')[0] ?? '';
    const { authorizationUrl } = start.json<{ authorizationUrl: string }>();
    const authorize = new URL(authorizationUrl);
    expect(authorize.searchParams.get('scope')).toBe('crm.objects.contacts.read crm.objects.contacts.write');
    const consent = await fetch(authorizationUrl, { redirect: 'manual' });
    expect(consent.status).toBe(302);
    const back = new URL(consent.headers.get('location') ?? '');
    expect(back.origin + back.pathname).toBe(`${product.publicBaseUrl}/api/integrations/hubspot/callback`);
    const callback = await product.app.inject({ method: 'GET', url: back.pathname + back.search, headers: { cookie } });
    expect(callback.statusCode).toBe(302);
    return String(callback.headers.location);
  }

  it('connects through the OAuth dance, syncs leads as contacts with notes, refreshes an expired token, and stops on disconnect', async () => {
    const owner = await ownerWithCard(product);
    expect(await status(owner)).toMatchObject({ configured: true, connected: false, portalId: null });
    expect(await connect(owner)).toBe('/integrations?hubspot=connected');
    expect(await until(() => status(owner), (s) => s.connected)).toMatchObject({
      connected: true,
      portalId: String(FAKE_HUBSPOT_PORTAL_ID),
    });

    // A first lead: a new contact, names split, and a note with the message associated to it.
    const first = await submitLead(product, visitorForm(product, owner.cardId, { email: 'cagri@ornek.com.tr' }));
    expect(first.statusCode, first.body).toBe(200);
    await until(() => status(owner), (s) => s.created === 1);
    expect(hubspot.contacts).toHaveLength(1);
    expect(hubspot.contacts[0]?.properties).toEqual({
      email: 'cagri@ornek.com.tr',
      firstname: 'Çağrı',
      lastname: 'Öztürk',
      phone: '+905321234567',
    });
    expect(hubspot.notes).toHaveLength(1);
    expect(hubspot.notes[0]?.properties.hs_note_body).toContain('Kadıköy’deki daire');
    expect(hubspot.notes[0]?.properties.hs_timestamp).toMatch(/^\d{4}-/u);
    expect(hubspot.notes[0]?.associations).toEqual([
      { to: { id: hubspot.contacts[0]?.id }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 202 }] },
    ]);

    // The same e-mail again, after the access token expired: refreshed, the contact updated, not a second one.
    hubspot.expireAccessTokens();
    const second = await submitLead(
      product,
      visitorForm(product, owner.cardId, { fullName: 'Çağrı Nur Öztürk', phone: '', email: 'cagri@ornek.com.tr', message: 'İkinci mesaj' }),
    );
    expect(second.statusCode, second.body).toBe(200);
    await until(() => status(owner), (s) => s.updated === 1);
    expect(hubspot.contacts).toHaveLength(1);
    // The empty phone did not clear HubSpot's.
    expect(hubspot.contacts[0]?.properties).toMatchObject({ firstname: 'Çağrı Nur', phone: '+905321234567' });
    expect(hubspot.notes).toHaveLength(2);
    const grants = hubspot.received().filter((r) => r.path === '/oauth/v1/token').map((r) => new URLSearchParams(String(r.body)).get('grant_type'));
    expect(grants).toEqual(['authorization_code', 'refresh_token']);

    // No e-mail: matched by phone.
    const third = await submitLead(product, visitorForm(product, owner.cardId, { email: '', fullName: 'Başka Biri', message: 'Telefonla' }));
    expect(third.statusCode, third.body).toBe(200);
    await until(() => status(owner), (s) => s.updated === 2);
    expect(hubspot.contacts).toHaveLength(1);
    expect(hubspot.notes).toHaveLength(3);

    // A final refusal is recorded with HubSpot's words, cleaned of the visitor's data.
    hubspot.rejectNext('Property values were not valid: email yeni@ornek.com.tr');
    await submitLead(product, visitorForm(product, owner.cardId, { email: 'yeni@ornek.com.tr', phone: '' }));
    const failed = await until(() => status(owner), (s) => s.failed === 1);
    expect(failed.lastFailure?.reason).toBe('rejected');
    expect(failed.lastFailure?.message).not.toContain('yeni@ornek');

    // Another owner neither sees nor disconnects it.
    const other = await ownerWithCard(product, 'Diğer');
    expect(await status(other)).toMatchObject({ connected: false, portalId: null, created: 0 });
    const refused = await product.app.inject({ method: 'DELETE', url: '/api/integrations/hubspot', headers: { authorization: `Bearer ${other.token}` } });
    expect(refused.statusCode).toBe(404);
    expect((await status(owner)).connected).toBe(true);

    // Disconnect: tokens gone, nothing more reaches HubSpot.
    const disconnected = await product.app.inject({ method: 'DELETE', url: '/api/integrations/hubspot', headers: { authorization: `Bearer ${owner.token}` } });
    expect(disconnected.statusCode, disconnected.body).toBe(200);
    await until(() => status(owner), (s) => !s.connected);
    const { rows } = await product.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM hubspot_connections');
    expect(rows[0]?.n).toBe(0);
    const before = hubspot.received().length;
    await submitLead(product, visitorForm(product, owner.cardId, { email: 'sonra@ornek.com.tr' }));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(hubspot.received().length).toBe(before);

    // No token anywhere but the sealed table: not in events, read models or logs.
    const { events } = await product.store.readStream(hubspotStreamId(owner.userId));
    expect(events.map((e) => e.type)).toContain('HubSpotConnected');
    const { rows: all } = await product.pool.query<{ text: string }>(`SELECT data::text AS text FROM events`);
    const { rows: read } = await product.pool.query<{ text: string }>(`SELECT row_to_json(r)::text AS text FROM rm_hubspot r`);
    const haystack = [...all.map((r) => r.text), ...read.map((r) => r.text), ...logLines].join('\n');
    for (const issued of hubspot.issuedTokens()) expect(haystack).not.toContain(issued);
    expect(haystack).not.toContain('fake-hubspot-secret');
  });

  it('a callback without its cookie, or with a tampered state, connects nothing', async () => {
    const owner = await ownerWithCard(product, 'Üçüncü');
    const start = await product.get('/api/integrations/hubspot/start', owner.token);
    const { authorizationUrl } = start.json<{ authorizationUrl: string }>();
    const consent = await fetch(authorizationUrl, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location') ?? '');
    const noCookie = await product.app.inject({ method: 'GET', url: back.pathname + back.search });
    expect(noCookie.headers.location).toBe('/integrations?hubspot=error');
    expect((await status(owner)).connected).toBe(false);
    const unauthenticated = await product.get('/api/integrations/hubspot/start');
    expect(unauthenticated.statusCode).toBe(401);
  });
});

describe('HubSpot not configured', () => {
  it('says so, and start is refused', async () => {
    const product = await startTestProduct();
    try {
      const owner = await ownerWithCard(product);
      const answer = await product.get('/api/integrations/hubspot', owner.token);
      expect(answer.json()).toMatchObject({ configured: false, connected: false });
      expect((await product.get('/api/integrations/hubspot/start', owner.token)).statusCode).toBe(404);
    } finally {
      await product.close();
    }
  });
});
