import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { MESSAGES, REMS_FAILURE_REASON_LABELS, type RemsStatsResponse } from '@kartvizit/schemas';
import { startFakeRems, type FakeRems } from '../support/fake-rems.ts';
import { until } from '../support/mailing-product.ts';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { answer, listLeads, ownerWithCard, registerVisitor, remove, send, type CardOwner } from './lead-fixtures.ts';

/**
 * The owner's side of REMS registrations (issue 14, SPEC §3 REMS stats): `GET /api/rems/stats` (counters and 'Son
 * Kayıtlar' from the registrations read model), 'Tekrar Dene' on a failed registration
 * (`POST /api/rems/registrations/{id}/retry`), and after a key is saved again, sending every registration that failed
 * for want of a key (`POST /api/rems/registrations/retry-key-failures`). The product's own rems-delivery reactor
 * delivers to a fake REMS on loopback; waits are on conditions (`until`), never on time.
 */
const RETRY = { firstDelayMs: 20, maxDelayMs: 100, maxAttempts: 1_000 };

interface RemsOwner extends CardOwner {
  readonly apiKey: string;
}

let rems: FakeRems;
let product: TestProduct;
let alice: RemsOwner;
let bob: RemsOwner;
let keys = 0;

async function remsOwner(name: string): Promise<RemsOwner> {
  keys += 1;
  const apiKey = `rems_live_sayac_${keys}_${Math.random().toString(36).slice(2, 12)}`;
  rems.addKey(apiKey, { id: `hesap-${keys}`, name: `${name} Emlak` });
  const owner = await ownerWithCard(product, `${name} Kartı`);
  const saved = await send(product, 'POST', '/api/rems/save-api-key', owner.token, { apiKey });
  expect(saved.statusCode, saved.body).toBe(200);
  return { ...owner, apiKey };
}

beforeAll(async () => {
  rems = await startFakeRems();
  product = await startTestProduct({ remsApiUrl: rems.url, remsRetry: RETRY });
  alice = await remsOwner('Ayşe');
  bob = await remsOwner('Barış');
});
afterAll(async () => {
  await product?.close();
  await rems?.close();
});

/** A visitor sends the 'Görüşme Planlayın' form on the owner's card; answers the registration's id. */
function registerVisitorOf(owner: RemsOwner, firstName: string, phoneNumber = '0532 123 45 67'): Promise<string> {
  return registerVisitor(product, owner, {
    firstName,
    lastName: 'Şahin',
    phoneNumber,
    customerType: 'TENANT',
    province: '35',
    district: 'Karşıyaka',
  });
}

async function stats(owner: CardOwner, position?: string): Promise<RemsStatsResponse> {
  const response = await send(
    product,
    'GET',
    '/api/rems/stats',
    owner.token,
    undefined,
    position ? { 'x-min-position': position } : {},
  );
  expect(response.statusCode, response.body).toBe(200);
  return answer(response) as RemsStatsResponse;
}

const statusOf = async (owner: CardOwner, registrationId: string) =>
  (await stats(owner)).recentIntegrations.find((entry) => entry.registrationId === registrationId)?.status;

function retry(owner: CardOwner, registrationId: string): Promise<LightMyRequestResponse> {
  return send(product, 'POST', `/api/rems/registrations/${registrationId}/retry`, owner.token);
}

/** Events requests wrote (the reactor's outcomes come whenever it gets to them: never counted). */
async function writes(): Promise<number> {
  const { rows } = await product.pool.query<{ count: string }>(
    `SELECT count(*) FROM events WHERE type = 'RemsRegistrationRetried'`,
  );
  return Number(rows[0]?.count ?? 0);
}

let rejected = '';
let delivered = '';
let waiting = '';

describe('the owner’s REMS stats', () => {
  it('given nothing registered, when an owner reads the stats, then zero counters and no recent registrations', async () => {
    expect(await stats(alice)).toEqual({
      success: true,
      totalCustomers: 0,
      failedRegistrations: 0,
      pendingRegistrations: 0,
      keyFailures: 0,
      recentIntegrations: [],
    });
  });

  it('given one visitor REMS takes and one it rejects, when the owner reads the stats, then the counters and the newest first with the reason', async () => {
    delivered = await registerVisitorOf(alice, 'Deniz');
    await until(async () => (await statusOf(alice, delivered)) === 'success', 'the first delivered');
    rems.reject('Bu telefon numarası REMS’te başka bir müşteriye kayıtlı');
    rejected = await registerVisitorOf(alice, 'Ilgın', '0533 765 43 21');
    await until(async () => (await statusOf(alice, rejected)) === 'failed', 'the second rejected');

    const answered = await stats(alice);
    expect(answered).toMatchObject({
      success: true,
      totalCustomers: 1,
      failedRegistrations: 1,
      pendingRegistrations: 0,
    });
    expect(answered.recentIntegrations).toEqual([
      {
        registrationId: rejected,
        customerName: 'Ilgın Şahin',
        customerPhone: '5337654321',
        customerPhoneFormatted: '0533 765 43 21',
        status: 'failed',
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as string,
        failureReason: 'rejected',
        failureMessage: `${REMS_FAILURE_REASON_LABELS.rejected}: “Bu telefon numarası REMS’te başka bir müşteriye kayıtlı”`,
        canRetry: true,
      },
      {
        registrationId: delivered,
        customerName: 'Deniz Şahin',
        customerPhone: '5321234567',
        customerPhoneFormatted: '0532 123 45 67',
        status: 'success',
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as string,
        failureReason: null,
        failureMessage: null,
        canRetry: false,
      },
    ]);
    // Another owner sees none of it; without a session, nothing.
    expect(await stats(bob)).toMatchObject({ totalCustomers: 0, failedRegistrations: 0, recentIntegrations: [] });
    expect((await send(product, 'GET', '/api/rems/stats')).statusCode).toBe(401);
  });

  it('given registrations, when the owner reads their leads, then each registration’s lead shows its REMS status', async () => {
    const { leads } = await listLeads(product, alice.token);
    expect(leads.find((lead) => lead._id === delivered)).toMatchObject({ remsStatus: 'success' });
    expect(leads.find((lead) => lead._id === rejected)).toMatchObject({ remsStatus: 'failed' });
  });

  it('given more than five registrations, when the owner reads the stats, then only the 5 newest are listed, the counters count all', async () => {
    const more: string[] = [];
    for (const name of ['Ece', 'Fırat', 'Gül', 'Hülya', 'Işık']) more.push(await registerVisitorOf(bob, name));
    await until(async () => (await stats(bob)).totalCustomers === 5, 'all five delivered');
    const sixth = await registerVisitorOf(bob, 'Çınar');
    await until(async () => (await stats(bob)).totalCustomers === 6, 'the sixth delivered');
    const answered = await stats(bob);
    expect(answered.recentIntegrations.map((entry) => entry.registrationId)).toEqual([
      sixth,
      ...more.slice(1).reverse(),
    ]);
  });
});

describe('Tekrar Dene', () => {
  it('given a rejected registration, when another owner retries it, then it is unknown to them and nothing is written', async () => {
    const before = await writes();
    const response = await retry(bob, rejected);
    expect(response.statusCode, response.body).toBe(404);
    expect(answer(response)).toEqual({ success: false, message: MESSAGES.remsRegistrationNotFound });
    expect(await writes()).toBe(before);
  });

  it('given bad ids and bodies, when retried, then a Turkish 4xx and nothing is written', async () => {
    const before = await writes();
    const unknown = await retry(alice, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(answer(unknown)).toEqual({ success: false, message: MESSAGES.remsRegistrationNotFound });
    for (const id of ['abc', 'DROP%20TABLE', rejected.toUpperCase().replace(/-/g, '')]) {
      const response = await retry(alice, id);
      expect(response.statusCode, `${id}: ${response.body}`).toBe(404);
    }
    // A NUL anywhere in the request is refused before any route sees it.
    for (const id of ['%00', `${rejected.slice(0, 35)}%00`]) {
      const response = await retry(alice, id);
      expect(response.statusCode, `${id}: ${response.body}`).toBe(400);
      expect(answer(response)).toMatchObject({
        success: false,
        message: 'Gönderilen bilgilerde geçersiz karakterler var',
      });
    }
    const tooLong = await retry(alice, 'a'.repeat(100));
    expect(tooLong.statusCode).toBe(400);
    expect((answer(tooLong) as { message: string }).message).toMatch(/[ığüşöçİ]|karakter|geçersiz/i);
    const huge = await send(product, 'POST', `/api/rems/registrations/${rejected}/retry`, alice.token, {
      note: 'x'.repeat(1024 * 1024),
    });
    expect(huge.statusCode).toBe(413);
    const text = await product.app.inject({
      method: 'POST',
      url: `/api/rems/registrations/${rejected}/retry`,
      headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'text/plain' },
      payload: 'tekrar',
    });
    expect(text.statusCode).toBe(415);
    expect((await send(product, 'POST', `/api/rems/registrations/${rejected}/retry`)).statusCode).toBe(401);
    expect(await writes()).toBe(before);
  });

  it('given a delivered registration, when retried, then it is refused: it is in REMS already', async () => {
    const response = await retry(alice, delivered);
    expect(response.statusCode).toBe(409);
    expect(answer(response)).toEqual({ success: false, message: MESSAGES.remsRegistrationAlreadyDelivered });
  });

  it('given a rejected registration, when its owner retries it, then it waits, and REMS takes it under the same Idempotency-Key', async () => {
    const response = await retry(alice, rejected);
    expect(response.statusCode, response.body).toBe(200);
    const body = answer(response) as { success: true; message: string; position: string };
    expect(body).toEqual({ success: true, message: MESSAGES.remsRetryStarted, position: expect.any(String) as string });
    // Read-your-writes: the retry is seen at once (pending, unless REMS was even faster).
    expect(['pending', 'success']).toContain(
      (await stats(alice, body.position)).recentIntegrations.find((entry) => entry.registrationId === rejected)?.status,
    );
    await until(async () => (await statusOf(alice, rejected)) === 'success', 'the retried one delivered');
    expect(await stats(alice)).toMatchObject({ totalCustomers: 2, failedRegistrations: 0 });
    const customer = rems.customers().filter((entry) => entry.idempotencyKey === rejected);
    expect(customer).toEqual([expect.objectContaining({ deliveries: 1 })]);
    // Sent again while it is pending or after: refused.
    expect((await retry(alice, rejected)).statusCode).toBe(409);
  });
});

describe('a key removed while registrations wait, and saved again', () => {
  it('given a registration REMS cannot take yet, when the key is removed, then it fails "key_removed", and it cannot be retried without a key', async () => {
    rems.failKey(alice.apiKey, 503);
    waiting = await registerVisitorOf(alice, 'Kaan');
    await until(async () => {
      const { rows } = await product.pool.query(
        `SELECT 1 FROM reactor_deliveries WHERE reactor = 'rems-delivery' AND stream_id = $1 AND state = 'retrying'`,
        [`rems-registration-${waiting}`],
      );
      return rows.length > 0;
    }, 'the delivery retrying');
    const removed = await send(product, 'DELETE', '/api/rems/remove-api-key', alice.token);
    expect(removed.statusCode, removed.body).toBe(200);
    await until(async () => (await statusOf(alice, waiting)) === 'failed', 'failed for want of a key');
    // Only now: an attempt that read the key just before its removal must still find REMS failing, not deliver.
    rems.healKey(alice.apiKey);

    const answered = await stats(alice);
    expect(answered).toMatchObject({ failedRegistrations: 1, keyFailures: 1 });
    expect(answered.recentIntegrations[0]).toMatchObject({
      registrationId: waiting,
      failureReason: 'key_removed',
      failureMessage: REMS_FAILURE_REASON_LABELS.key_removed,
      canRetry: false,
    });
    const refused = await retry(alice, waiting);
    expect(refused.statusCode).toBe(409);
    expect(answer(refused)).toEqual({ success: false, message: MESSAGES.remsRetryNeedsKey });
    const all = await send(product, 'POST', '/api/rems/registrations/retry-key-failures', alice.token);
    expect(all.statusCode).toBe(409);
    expect(answer(all)).toEqual({ success: false, message: MESSAGES.remsRetryNeedsKey });
  });

  it('given a key saved again, when the owner retries the key failures, then each is sent again once and reaches REMS', async () => {
    const saved = await send(product, 'POST', '/api/rems/save-api-key', alice.token, { apiKey: alice.apiKey });
    expect(saved.statusCode, saved.body).toBe(200);
    const position = (answer(saved) as { position: string }).position;
    expect(await stats(alice, position)).toMatchObject({ keyFailures: 1 });
    expect((await stats(alice)).recentIntegrations[0]).toMatchObject({ canRetry: true });

    const all = await send(product, 'POST', '/api/rems/registrations/retry-key-failures', alice.token);
    expect(all.statusCode, all.body).toBe(200);
    expect(answer(all)).toMatchObject({ success: true, retried: 1, message: '1 kayıt REMS’e yeniden gönderiliyor.' });
    await until(async () => (await statusOf(alice, waiting)) === 'success', 'the key failure delivered');
    expect(await stats(alice)).toMatchObject({ totalCustomers: 3, keyFailures: 0, pendingRegistrations: 0 });

    // Nothing left: a second press sends nothing.
    const again = await send(product, 'POST', '/api/rems/registrations/retry-key-failures', alice.token);
    expect(answer(again)).toEqual({ success: true, retried: 0, message: MESSAGES.remsRetryNothingToRetry });
  });
});

describe('erasure and the KVKK copy', () => {
  it('given registrations, when the owner exports their data, then the registrations and the key’s presence are there, never the key', async () => {
    const response = await send(product, 'GET', '/api/account/export', alice.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toContain(alice.apiKey);
    expect(response.body).not.toContain(alice.apiKey.slice(0, -4));
    const data = JSON.parse(response.body) as {
      beniOku: string;
      rems: { entegrasyonAktif: boolean; anahtarSon4: string | null; kayitlar: { id: string; status: string }[] };
    };
    expect(data.beniOku).toContain('rems:');
    expect(data.rems.entegrasyonAktif).toBe(true);
    expect(data.rems.anahtarSon4).toBe(alice.apiKey.slice(-4));
    expect(data.rems.kayitlar.map((entry) => entry.id)).toContain(rejected);
    expect(data.rems.kayitlar.every((entry) => entry.status === 'delivered')).toBe(true);
  });

  it('given a registration, when its lead is deleted, then it leaves the stats and the counters', async () => {
    const before = await stats(alice);
    const deleted = await remove(product, delivered, alice.token);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const position = (answer(deleted) as { position: string }).position;
    const after = await stats(alice, position);
    expect(after.recentIntegrations.map((entry) => entry.registrationId)).not.toContain(delivered);
    expect(after.totalCustomers).toBe(before.totalCustomers - 1);
    expect(JSON.stringify(after)).not.toContain('Deniz');
  });
});

describe('a query-api newer than its projector', () => {
  it('given the registrations read model not built yet, when the owner lists leads, then they are listed without a REMS status', async () => {
    // Last in this file: the view is gone for the rest of it.
    await product.pool.query('DROP VIEW rm_rems_registrations');
    const { leads, total } = await listLeads(product, alice.token);
    expect(total).toBeGreaterThan(0);
    expect(leads.find((lead) => lead._id === rejected)).toMatchObject({ fullName: 'Ilgın Şahin', remsStatus: null });
    expect(await stats(alice)).toMatchObject({ totalCustomers: 0, recentIntegrations: [] });
  });
});
