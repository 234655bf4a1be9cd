import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kartvizit/schemas';
import { startSmtpReceiver, type SmtpReceiver } from '../support/smtp-receiver.ts';
import type { TestProduct } from '../support/product.ts';
import { projectedEmail, startMailingProduct, until } from '../support/mailing-product.ts';
import { after, send } from './card-fixtures.ts';
import { ownerWithCard, submitLead, visitorForm } from './lead-fixtures.ts';

/** /account ('Hesap Ayarları'): the name, and the lead alert e-mail switch (docs/decisions/0028). */
let product: TestProduct;
let smtp: SmtpReceiver;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  product = await startMailingProduct(smtp.url);
});

afterAll(async () => {
  await product?.close();
  await smtp?.close();
});

interface Answer {
  success: boolean;
  message: string;
  field?: string;
  position?: string;
  enabled?: boolean;
  user?: { id: string; firstName: string; lastName: string; email: string };
  settings?: { leadAlerts: boolean };
}
const body = (response: { body: string }) => JSON.parse(response.body) as Answer;

const rename = (token: string | undefined, payload: unknown) =>
  send(product, 'PUT', '/api/account/name', token, payload);
const switchAlerts = (token: string | undefined, payload: unknown) =>
  send(product, 'PUT', '/api/account/lead-alerts', token, payload);

function alertsTo(email: string) {
  return smtp.messages.filter(
    (mail) => mail.subject?.startsWith('Yeni bağlantı:') && mail.to && 'text' in mail.to && mail.to.text === email,
  );
}

describe('account settings', () => {
  it('given an owner, when they rename themselves, then /api/auth/me and the account stream say the new name, sealed', async () => {
    const owner = await ownerWithCard(product);

    const renamed = await rename(owner.token, { firstName: ' Çiğdem ', lastName: 'Öztürk Şahin' });

    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(body(renamed)).toMatchObject({
      success: true,
      message: 'Adınız güncellendi',
      user: { id: owner.userId, firstName: 'Çiğdem', lastName: 'Öztürk Şahin' },
    });
    const me = await product.get('/api/auth/me', owner.token, after(body(renamed).position));
    expect(body(me).user).toMatchObject({ firstName: 'Çiğdem', lastName: 'Öztürk Şahin' });
    // The new name is personal data: sealed in the log like the registration's.
    const { rows } = await product.pool.query<{ data: unknown }>(
      `SELECT data FROM events WHERE type = 'AccountRenamed' AND stream_id = $1`,
      [`account-${owner.userId}`],
    );
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0]?.data)).not.toMatch(/Çiğdem|Öztürk/);
  });

  it('given an owner, when the name is blank, has digits, is not text or has unknown fields, then a Turkish 400 and nothing is appended', async () => {
    const owner = await ownerWithCard(product);
    const before = await product.eventCount();

    const cases: Array<[unknown, string, string | undefined]> = [
      [{ firstName: '  ', lastName: 'Yılmaz' }, MESSAGES.fillAllFields, 'firstName'],
      [{ firstName: 'Ayşe', lastName: '' }, MESSAGES.fillAllFields, 'lastName'],
      [{ firstName: 'Ayşe2', lastName: 'Yılmaz' }, MESSAGES.invalidName, 'firstName'],
      [{ firstName: 'Ayşe' }, MESSAGES.fillAllFields, undefined],
      [{ firstName: 42, lastName: 'Yılmaz' }, 'Ad alanı metin olmalıdır', 'firstName'],
      [{ firstName: 'Ayşe', lastName: 'Yılmaz', role: 'admin' }, 'Tanınmayan alan: role', undefined],
    ];
    for (const [payload, message, field] of cases) {
      const response = await rename(owner.token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(response).message).toBe(message);
      if (field) expect(body(response).field).toBe(field);
    }
    const notBoolean = await switchAlerts(owner.token, { enabled: 'hayır' });
    expect(notBoolean.statusCode).toBe(400);
    expect(body(notBoolean).message).toMatch(/E-posta bildirimi/);
    const missing = await switchAlerts(owner.token, {});
    expect(missing.statusCode).toBe(400);
    expect(body(missing).message).toBe(MESSAGES.leadAlertsInvalid);

    expect(await product.eventCount()).toBe(before);
  });

  it('given no session, when renaming, switching or reading settings, then 401 in Turkish', async () => {
    for (const response of [
      await rename(undefined, { firstName: 'Ayşe', lastName: 'Yılmaz' }),
      await switchAlerts('not-a-token', { enabled: false }),
      await product.get('/api/account/settings'),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(body(response).message).toBe(MESSAGES.sessionExpired);
    }
  });

  it('given an owner who switched lead alerts off, when a visitor leaves details, then no alert goes; switched on again, the next one does, with the new name', async () => {
    const owner = await ownerWithCard(product);
    const other = await ownerWithCard(product);
    const email = await projectedEmail(product, owner.userId);
    expect(email).toContain('@');

    // Given: alerts off (the settings say so; another owner's stay on)
    const off = await switchAlerts(owner.token, { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(body(off)).toMatchObject({ enabled: false, message: MESSAGES.leadAlertsOff });
    const settings = await product.get('/api/account/settings', owner.token, after(body(off).position));
    expect(body(settings).settings).toEqual({ leadAlerts: false });
    const othersSettings = await product.get('/api/account/settings', other.token);
    expect(body(othersSettings).settings).toEqual({ leadAlerts: true });
    // Switching off again records nothing.
    const events = await product.eventCount();
    expect((await switchAlerts(owner.token, { enabled: false })).statusCode).toBe(200);
    expect(await product.eventCount()).toBe(events);

    // When a visitor leaves their details
    const silent = await submitLead(product, visitorForm(product, owner.cardId, { fullName: 'Sessiz Ziyaretçi' }));
    expect(silent.statusCode, silent.body).toBe(200);

    // And the owner renames and switches alerts on, then another visitor comes
    await rename(owner.token, { firstName: 'Çiğdem', lastName: 'Yılmaz' });
    expect(body(await switchAlerts(owner.token, { enabled: true })).message).toBe(MESSAGES.leadAlertsOn);
    const heard = await submitLead(product, visitorForm(product, owner.cardId, { fullName: 'Duyulan Ziyaretçi' }));
    expect(heard.statusCode, heard.body).toBe(200);

    // Then: the reactor keeps the log's order, so once the second alert is here the first lead was passed over
    await until(() => alertsTo(email).length > 0, 'the second alert');
    const alerts = alertsTo(email);
    expect(alerts.map((mail) => mail.subject)).toEqual(['Yeni bağlantı: Duyulan Ziyaretçi']);
    expect(alerts[0]?.text).toContain('Merhaba Çiğdem,');
  });
});
