import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kartvizit/schemas';
import { startTestProduct, newOwner, type TestProduct } from '../support/product.ts';
import { createProfile, send, virtualCardId } from './card-fixtures.ts';
import { listLeads, submitLead, visitorForm } from './lead-fixtures.ts';
import { createProduct, readAfter } from './product-fixtures.ts';
import { appendTelemetry, clicked, visited, visitorHash } from './statistics-fixtures.ts';

/** The KVKK copy of the owner's data: GET /api/account/export (docs/decisions/0028). */
let product: TestProduct;
beforeAll(async () => {
  product = await startTestProduct({ projectorPollIntervalMs: 100 });
});
afterAll(async () => {
  await product?.close();
});

interface Exported {
  beniOku: string;
  hesap: Record<string, unknown>;
  profil: Record<string, unknown> | null;
  kartlar: Array<Record<string, unknown>>;
  urunler: Array<Record<string, unknown>>;
  baglantilar: Array<Record<string, unknown>>;
  istatistikler: { tumKartlar: unknown; kartlar: unknown[]; urunler: unknown[] };
  paylasim: { qr: unknown; adresler: unknown[] };
}

/** An owner with a profile, an activated card, a product and a lead, each carrying `mark` where a person can read it. */
async function ownerWithEverything(mark: string) {
  const registration = newOwner({ firstName: mark });
  const registered = await product.post('/api/auth/register', registration);
  expect(registered.statusCode, registered.body).toBe(200);
  const { token, deviceToken, user } = JSON.parse(registered.body) as {
    token: string;
    deviceToken: string;
    user: { id: string };
  };
  const owner = { token, userId: user.id };
  await createProfile(product, owner, { jobTitle: `${mark} Unvanı` });
  const cardId = virtualCardId();
  expect(
    (await send(product, 'POST', '/api/cards', token, { cardId, type: 'virtual', name: `${mark} Kartı` })).statusCode,
  ).toBe(200);
  expect(
    (await send(product, 'POST', '/api/cards/activate', token, { cardId, name: `${mark} Kartı` })).statusCode,
  ).toBe(200);
  await createProduct(product, owner, { name: `${mark} Ürünü`, price: { value: 12.5 } });
  // 'Paylaşım Araçları': a QR look and a personal address named after the owner.
  const look = { foreground: '#1e3a8a', background: '#ffffff', logo: 'none' };
  expect((await send(product, 'PUT', '/api/share/qr', token, look)).statusCode).toBe(200);
  const slug = `adres-${user.id.slice(0, 8)}`;
  expect((await send(product, 'PUT', '/api/share/address', token, { slug, cardId })).statusCode).toBe(200);
  const lead = await submitLead(
    product,
    visitorForm(product, cardId, { fullName: `${mark} Ziyaretçi`, message: `${mark} mesajı` }),
  );
  expect(lead.statusCode, lead.body).toBe(200);
  // The owner called the visitor and kept a note ('Bağlantılar' follow-up).
  const leadId = (await listLeads(product, token)).leads[0]?._id ?? '';
  expect((await send(product, 'PUT', `/api/leads/${leadId}/status`, token, { status: 'called' })).statusCode).toBe(200);
  expect((await send(product, 'PUT', `/api/leads/${leadId}/note`, token, { note: `${mark} notu` })).statusCode).toBe(
    200,
  );
  // Two visitors saw the card; one of them tapped the phone number.
  const at = new Date();
  await appendTelemetry(product, [
    visited({ ownerId: user.id, cardId, at, visitor: `${mark}-birinci` }),
    visited({ ownerId: user.id, cardId, at, visitor: `${mark}-ikinci` }),
    clicked({ ownerId: user.id, cardId, at, visitor: `${mark}-birinci`, clickType: 'phone' }),
  ]);
  return { ...owner, cardId, deviceToken, registration };
}

/** The export once the read models have seen every event so far. */
async function exportOf(token: string) {
  const { rows } = await product.pool.query<{ xid: string; position: string }>(
    'SELECT transaction_id::text AS xid, global_position::text AS position FROM events ORDER BY transaction_id DESC, global_position DESC LIMIT 1',
  );
  const head = rows[0] ? `${rows[0].xid}:${rows[0].position}` : '';
  const headers = await readAfter(product, head, [
    'accounts',
    'profiles',
    'cards',
    'products',
    'leads',
    'statistics',
    'share_settings',
  ]);
  return product.get('/api/account/export', token, headers);
}

describe('KVKK data export', () => {
  it('given two owners with a profile, card, product and lead each, when one downloads the copy, then it is a dated JSON attachment with all of theirs, decrypted, and nothing of the other', async () => {
    const ayse = await ownerWithEverything('Ayşegül');
    const other = await ownerWithEverything('Şükrü');

    const response = await exportOf(ayse.token);

    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="kartvizit-verilerim-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const data = JSON.parse(response.body) as Exported;
    expect(data.beniOku).toContain('KVKK');
    expect(data.beniOku).toContain('baglantilar:');
    expect(data.hesap).toMatchObject({
      id: ayse.userId,
      email: ayse.registration.email,
      firstName: 'Ayşegül',
      lastName: 'Yılmaz',
      leadAlerts: true,
    });
    expect(data.profil).toMatchObject({ jobTitle: 'Ayşegül Unvanı' });
    expect(data.kartlar).toEqual([expect.objectContaining({ id: ayse.cardId, name: 'Ayşegül Kartı', isActive: true })]);
    expect(data.urunler).toHaveLength(1);
    expect(data.urunler[0]).toMatchObject({ name: 'Ayşegül Ürünü', price: { value: 12.5, currency: 'TRY' } });
    expect(data.baglantilar).toEqual([
      expect.objectContaining({
        cardId: ayse.cardId,
        fullName: 'Ayşegül Ziyaretçi',
        email: 'cagri@ornek.com.tr',
        message: 'Ayşegül mesajı',
        status: 'called',
        note: 'Ayşegül notu',
      }),
    ]);
    expect(data.istatistikler.kartlar).toEqual([
      expect.objectContaining({ cardId: ayse.cardId, visits: 2, uniqueVisitors: 2, clicks: 1 }),
    ]);
    expect(data.istatistikler.tumKartlar).toMatchObject({ visits: 2, uniqueVisitors: 2, clicks: 1 });
    expect(data.paylasim).toEqual({
      qr: { foreground: '#1e3a8a', background: '#ffffff', logo: 'none' },
      adresler: [{ slug: `adres-${ayse.userId.slice(0, 8)}`, cardId: ayse.cardId, redirectsUntil: null }],
    });
    // Totals only: no visitor is told apart, not even by a hash.
    expect(response.body).not.toContain(visitorHash('Ayşegül-birinci'));
    expect(response.body).not.toMatch(/İstanbul|Android|Chrome/);
    // Nothing of the other owner.
    expect(response.body).not.toContain('Şükrü');
    expect(response.body).not.toContain(other.userId);
    expect(response.body).not.toContain(other.cardId);
    expect(response.body).not.toContain(other.registration.email);
  });

  it('given an owner, when they download the copy, then no password, hash, token or key is in it', async () => {
    const owner = await ownerWithEverything('Gizem');
    const response = await exportOf(owner.token);
    expect(response.statusCode).toBe(200);
    const { rows } = await product.pool.query<{ password_hash: string }>(
      'SELECT password_hash FROM account_credentials WHERE user_id = $1',
      [owner.userId],
    );
    expect(rows[0]?.password_hash).toMatch(/^\$argon2/);

    for (const secret of [owner.registration.password, owner.token, owner.deviceToken, rows[0]?.password_hash ?? '']) {
      expect(response.body).not.toContain(secret);
    }
    expect(response.body).not.toMatch(/argon2|password_?hash|"token"|visitor_?hash|"ip"/i);
  });

  it('given no session or a bad one, when the copy is asked for, then 401 in Turkish and no file', async () => {
    for (const token of [undefined, 'bozuk-anahtar']) {
      const response = await product.get('/api/account/export', token);
      expect(response.statusCode).toBe(401);
      expect(response.headers['content-disposition']).toBeUndefined();
      expect((JSON.parse(response.body) as { message: string }).message).toBe(MESSAGES.sessionExpired);
    }
  });
});
