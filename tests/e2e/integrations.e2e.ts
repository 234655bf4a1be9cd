import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, Locator, Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { MESSAGES } from '@kartvizit/schemas/messages';
import { expectAccessible } from './accessibility.ts';
import {
  createProfileViaApi,
  DESKTOP,
  expect,
  PHONE,
  plantToken,
  publicVirtualCard,
  registerViaApi,
  storedToken,
  test,
  toast,
  uniqueEmail,
} from './fixtures.ts';
import { captureBothSizes, SCREENSHOT_DIR } from './screens.ts';

/**
 * Issue 35 as an owner lives it: a webhook added on /integrations to a receiver on loopback (the server allows
 * 127.0.0.1, WEBHOOK_ALLOWED_PRIVATE_HOSTS in playwright.config.ts), its secret copied from the one time it is shown,
 * a visitor's lead arriving signed (verified with the `standardwebhooks` package), the delivery log through a
 * receiver failure and 'Tekrar Gönder', a private address refused, and the endpoint deleted. Phone and desktop, axe
 * on every state.
 */

interface Delivery {
  readonly webhookId: string;
  readonly type: unknown;
  readonly body: string;
}

/**
 * A receiver as an owner's CRM would run one: every request verified with the endpoint's secret before it is
 * recorded; a signature that does not verify is answered 400 and counted. `status` is what it answers next.
 */
async function startReceiver() {
  const state = {
    secret: '',
    status: 200,
    delivered: [] as Delivery[],
    attempts: 0,
    refused: [] as string[],
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      state.attempts += 1;
      try {
        const payload = new Webhook(state.secret).verify(body, plainHeaders(request.headers)) as { type?: unknown };
        if (state.status === 200) {
          state.delivered.push({ webhookId: String(request.headers['webhook-id']), type: payload.type, body });
        }
        response.writeHead(state.status, { 'content-type': 'application/json' });
        response.end(state.status === 200 ? '{"alindi":true}' : '{"hata":"CRM geçici olarak kullanılamıyor"}');
      } catch (error) {
        state.refused.push(error instanceof Error ? error.message : String(error));
        response.writeHead(400).end('imza doğrulanamadı');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    state,
    url: `http://127.0.0.1:${port}/hook`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function plainHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const plain: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value === 'string') plain[name] = value;
    else if (Array.isArray(value)) plain[name] = value.join(', ');
  }
  return plain;
}

/** A visitor on their own phone leaves their details on the owner's card ('Bilgi Gönder' → 'Bilgilerini Paylaş'). */
async function visitorLeavesLead(browser: Browser, baseURL: string | undefined, cardId: string, name: string) {
  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = await context.newPage();
  await page.goto(`/p/${cardId}`);
  // A person needs more than 3 seconds between seeing the page and sending the form.
  await page.waitForTimeout(3_500);
  await page.getByRole('button', { name: 'Bilgi Gönder' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bilgilerini Paylaş' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Ad Soyad').fill(name);
  await dialog.getByLabel('Telefon').fill('0532 987 65 43');
  await dialog.getByLabel('E-posta').fill('zeynep@ornek.com');
  await dialog.getByLabel('Mesaj').fill('Merhaba, fuarda tanıştık.');
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Gönder' }).click();
  await expect(dialog).toBeHidden();
  await context.close();
}

/** The section's one delivery row (a table row on a desktop, a card on a phone). */
function deliveryRow(section: Locator): Locator {
  return section.getByTestId('webhook-delivery').first();
}

async function shootSection(page: Page, section: Locator, file: string): Promise<void> {
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  await section.screenshot({ path: join(SCREENSHOT_DIR, `${file}-${width}x${height}.png`), animations: 'disabled' });
}

test('webhooks: added on /integrations, a lead arrives signed, the log follows a failure and a retry', async ({
  page,
  browser,
  baseURL,
  request,
  context,
}) => {
  test.setTimeout(240_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const receiver = await startReceiver();
  const section = page.getByRole('region', { name: 'Webhook’lar' });
  const form = section.getByRole('form', { name: 'Webhook Ekle' });
  const address = form.getByLabel('Adres');
  const endpoints = section.getByTestId('webhook-endpoint');
  let cardId = '';

  await test.step('an owner signs up on a phone and opens Entegrasyonlar from the menu', async () => {
    await page.setViewportSize(PHONE.viewport ?? { width: 390, height: 844 });
    await page.goto('/auth/register');
    await page.getByLabel('Ad', { exact: true }).fill('Deniz');
    await page.getByLabel('Soyad', { exact: true }).fill('Çelik');
    const email = uniqueEmail('webhook');
    await page.getByLabel('E-posta').fill(email);
    await page.getByLabel('Şifre', { exact: true }).fill('gizli-sifre-1');
    await page.getByLabel('Şifre Tekrar', { exact: true }).fill('gizli-sifre-1');
    await page.getByRole('button', { name: 'Kayıt Ol', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const token = (await storedToken(page)) ?? '';
    expect(token).not.toBe('');
    // The card a visitor will leave a lead on.
    await createProfileViaApi(request, { token, firstName: 'Deniz', lastName: 'Çelik', email });
    cardId = await publicVirtualCard(request, { token }, 'Fuar Kartı');

    await page.getByRole('button', { name: /Menü/ }).click();
    await page
      .getByRole('navigation', { name: 'Panel bölümleri' })
      .getByRole('link', { name: 'Entegrasyonlar' })
      .click();
    await expect(page).toHaveURL(/\/integrations$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Entegrasyonlar' })).toBeVisible();
    await expect(section.getByText('Henüz webhook eklemediniz.')).toBeVisible();
    await expect(form.getByRole('checkbox', { name: /Yeni bağlantı/ })).toBeChecked();
    await expect(form.getByRole('switch', { name: /Kişisel verileri gönder/ })).toBeChecked();
    // Not an office admin: no choice of whom it is for.
    await expect(form.getByRole('group', { name: 'Kimin için?' })).toHaveCount(0);
    await captureBothSizes(page, 'integrations-webhooks-empty', '/integrations, no webhook');
    for (const viewport of [PHONE.viewport ?? { width: 390, height: 844 }, DESKTOP]) {
      await page.setViewportSize(viewport);
      await shootSection(page, section, 'integrations-webhooks-empty');
    }
  });

  await test.step('with no event chosen the shared rule says so before anything is sent', async () => {
    await address.fill(receiver.url);
    await form.getByRole('checkbox', { name: /Yeni bağlantı/ }).uncheck();
    await form.getByRole('button', { name: 'Webhook Ekle' }).click();
    await expect(form.getByRole('alert').filter({ hasText: MESSAGES.webhookEventsRequired })).toBeVisible();
    await form.getByRole('checkbox', { name: /Yeni bağlantı/ }).check();
    await expect(form.getByRole('alert').filter({ hasText: MESSAGES.webhookEventsRequired })).toHaveCount(0);
  });

  await test.step('adding the receiver shows its secret once; Kopyala copies it', async () => {
    await form.getByRole('button', { name: 'Webhook Ekle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Webhook’un gizli anahtarı' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('bir daha gösterilmeyecek');
    const secret = ((await dialog.getByTestId('webhook-secret').textContent()) ?? '').trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    await expect(dialog.getByRole('button', { name: 'Kopyala' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Kopyala' }).click();
    await expect(toast(page, 'Gizli anahtar kopyalandı')).toBeVisible();
    receiver.state.secret = await page.evaluate(() => navigator.clipboard.readText());
    expect(receiver.state.secret).toBe(secret);
    await dialog.getByText('İmzayı nasıl doğrularım?').click();
    for (const header of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
      await expect(dialog.getByText(header, { exact: true })).toBeVisible();
    }
    await captureBothSizes(page, 'integrations-webhooks-secret', '/integrations, the secret shown once', {
      fullPage: false,
    });
    await dialog.getByRole('button', { name: 'Kaydettim' }).click();
    await expect(dialog).toBeHidden();
    await expect(endpoints).toHaveCount(1);
    await expect(endpoints.first()).toContainText(receiver.url);
    await expect(endpoints.first()).toContainText('Etkin');
    await expect(endpoints.first()).toContainText('Yeni bağlantı');
    await expect(address).toHaveValue('');
    // The secret is in no answer after this one.
    const list = await request.get('/api/webhooks', {
      headers: { authorization: `Bearer ${(await storedToken(page)) ?? ''}` },
    });
    expect(await list.text()).not.toContain(secret);
  });

  await test.step('a visitor leaves a lead; the receiver gets a verified lead.created with their name', async () => {
    await visitorLeavesLead(browser, baseURL, cardId, 'Zeynep Kaya');
    await expect.poll(() => receiver.state.delivered.length, { timeout: 30_000 }).toBe(1);
    const [delivery] = receiver.state.delivered;
    expect(delivery?.type).toBe('lead.created');
    expect(delivery?.body).toContain('Zeynep Kaya');
    expect(receiver.state.refused).toEqual([]);
  });

  await test.step('Kayıtlar shows the delivery: Teslim edildi, HTTP 200, the answer’s first bytes', async () => {
    const open = endpoints.first().getByRole('button', { name: 'Kayıtlar' });
    await open.click();
    await expect(open).toHaveAttribute('aria-expanded', 'true');
    const log = section.getByRole('region', { name: 'Gönderim kayıtları' });
    await expect(log.getByRole('heading', { name: 'Gönderim kayıtları' })).toBeFocused();
    await expect(deliveryRow(log)).toContainText('Teslim edildi', { timeout: 20_000 });
    await expect(deliveryRow(log)).toContainText('Yeni bağlantı');
    await expect(deliveryRow(log)).toContainText('200');
    await expect(deliveryRow(log)).toContainText('{"alindi":true}');
    // 'Yenile' reads the endpoint again too: its last delivery.
    await log.getByRole('button', { name: 'Yenile' }).click();
    await expect(endpoints.first()).toContainText(/Son gönderim.*Teslim edildi/);
    await captureBothSizes(page, 'integrations-webhooks-log', '/integrations, a delivered webhook');
    for (const viewport of [PHONE.viewport ?? { width: 390, height: 844 }, DESKTOP]) {
      await page.setViewportSize(viewport);
      await shootSection(page, section, 'integrations-webhooks-log');
    }
  });

  await test.step('the receiver fails: Tekrar Gönder shows the failure with its 500', async () => {
    const log = section.getByRole('region', { name: 'Gönderim kayıtları' });
    receiver.state.status = 500;
    const attemptsBefore = receiver.state.attempts;
    await deliveryRow(log)
      .getByRole('button', { name: /^Tekrar Gönder/ })
      .click();
    await expect(toast(page, MESSAGES.webhookRetryQueued)).toBeVisible();
    await expect.poll(() => receiver.state.attempts, { timeout: 30_000 }).toBeGreaterThan(attemptsBefore);
    await expect(deliveryRow(log)).toContainText(/Yeniden deneniyor|Başarısız/, { timeout: 20_000 });
    await expect(deliveryRow(log)).toContainText('500');
    await expect(deliveryRow(log)).toContainText('Alıcı başarısız bir HTTP durumu döndürdü');
    await expect(deliveryRow(log)).toContainText('{"hata":"CRM geçici olarak kullanılamıyor"}');
    await expectAccessible(page, '/integrations, a failing webhook (desktop)');
    await page.setViewportSize(PHONE.viewport ?? { width: 390, height: 844 });
    await expectAccessible(page, '/integrations, a failing webhook (phone)');
    await shootSection(page, section, 'integrations-webhooks-failing');
    await page.setViewportSize(DESKTOP);
  });

  await test.step('the receiver is back: the reactor’s next attempt delivers it', async () => {
    const log = section.getByRole('region', { name: 'Gönderim kayıtları' });
    receiver.state.status = 200;
    // The delivery reactor retries on its own backoff (first after 5 s); the log polls while it is on its way.
    await expect(deliveryRow(log)).toContainText('Teslim edildi', { timeout: 90_000 });
    await expect(deliveryRow(log)).toContainText('200');
    await expect.poll(() => receiver.state.delivered.length).toBe(2);
    // The same event, under the same webhook-id: a receiver that de-duplicates by it takes it once.
    expect(new Set(receiver.state.delivered.map((delivery) => delivery.webhookId)).size).toBe(1);
    expect(receiver.state.refused).toEqual([]);
    await captureBothSizes(page, 'integrations-webhooks-redelivered', '/integrations, delivered after a retry');
  });

  await test.step('an address in a private network is refused, in Turkish, beside the field', async () => {
    await address.fill('https://10.0.0.1/x');
    await form.getByRole('button', { name: 'Webhook Ekle' }).click();
    await expect(form.getByRole('alert').filter({ hasText: MESSAGES.webhookUrlPrivate })).toBeVisible();
    await expect(address).toHaveAttribute('aria-invalid', 'true');
    await expect(address).toBeFocused();
    await expect(endpoints).toHaveCount(1);
    await captureBothSizes(page, 'integrations-webhooks-refused', '/integrations, a private address refused');
  });

  await test.step('Duraklat pauses the endpoint by hand, Yeniden Etkinleştir resumes it', async () => {
    const endpoint = endpoints.first();
    await endpoint.getByRole('button', { name: 'Duraklat' }).click();
    await expect(toast(page, MESSAGES.webhookPaused)).toBeVisible();
    await expect(endpoint.getByText('Duraklatıldı', { exact: true })).toBeVisible();
    await expect(endpoint.getByRole('button', { name: 'Duraklat' })).toHaveCount(0);
    const resume = endpoint.getByRole('button', { name: 'Yeniden Etkinleştir' });
    await expect(resume).toBeVisible();
    await expectAccessible(page, '/integrations, a paused webhook (desktop)');
    await page.setViewportSize(PHONE.viewport ?? { width: 390, height: 844 });
    await expectAccessible(page, '/integrations, a paused webhook (phone)');
    await shootSection(page, section, 'integrations-webhooks-paused');
    await page.setViewportSize(DESKTOP);
    await shootSection(page, section, 'integrations-webhooks-paused');
    await resume.click();
    await expect(toast(page, MESSAGES.webhookResumed)).toBeVisible();
    await expect(endpoint.getByText('Etkin', { exact: true })).toBeVisible();
    await expect(endpoint.getByRole('button', { name: 'Duraklat' })).toBeVisible();
  });

  await test.step('Sil asks first, then the endpoint is gone and the list’s heading has the focus', async () => {
    await endpoints.first().getByRole('button', { name: 'Sil' }).click();
    const dialog = page.getByRole('dialog', { name: 'Webhook silinsin mi?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Vazgeç' })).toBeFocused();
    await expectAccessible(page, '/integrations, deleting a webhook (desktop)');
    await dialog.getByRole('button', { name: 'Sil' }).click();
    await expect(toast(page, MESSAGES.webhookRemoved)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(endpoints).toHaveCount(0);
    await expect(section.getByText('Henüz webhook eklemediniz.')).toBeVisible();
    await expect(section.getByRole('heading', { name: 'Eklenen webhook’lar' })).toBeFocused();
  });

  await receiver.close();
});

test('webhooks: an office admin adds an endpoint for the office, badged with its name', async ({ page, request }) => {
  const account = await registerViaApi(request, { firstName: 'Ayşe', lastName: 'Güler' });
  const headers = { authorization: `Bearer ${account.token}` };
  await createProfileViaApi(request, account);
  const created = await request.post('/api/offices', {
    headers,
    data: { name: 'Çınar Emlak', slug: `cinar-webhook-${Date.now().toString(36)}` },
  });
  expect(created.status(), await created.text()).toBe(200);

  await plantToken(page, account.token);
  await page.goto('/integrations');
  const section = page.getByRole('region', { name: 'Webhook’lar' });
  const form = section.getByRole('form', { name: 'Webhook Ekle' });
  const whom = form.getByRole('group', { name: 'Kimin için?' });
  await expect(whom.getByRole('radio', { name: 'Kendi kartlarım' })).toBeChecked();
  await whom.getByRole('radio', { name: 'Ofis: Çınar Emlak' }).check();
  await form.getByLabel('Adres').fill('http://127.0.0.1:9/ofis-hook');
  await expectAccessible(page, '/integrations, an office admin choosing the office');
  await form.getByRole('button', { name: 'Webhook Ekle' }).click();
  const dialog = page.getByRole('dialog', { name: 'Webhook’un gizli anahtarı' });
  await dialog.getByRole('button', { name: 'Kaydettim' }).click();
  await expect(dialog).toBeHidden();

  const endpoint = section.getByTestId('webhook-endpoint');
  await expect(endpoint).toHaveCount(1);
  await expect(endpoint.getByText('Ofis: Çınar Emlak', { exact: true })).toBeVisible();
  await expect(whom.getByRole('radio', { name: 'Kendi kartlarım' })).toBeChecked();
  const list = await request.get('/api/webhooks', { headers });
  const listed = (await list.json()) as { data: { officeId: string | null }[] };
  expect(listed.data.map((item) => item.officeId)).toEqual([expect.any(String)]);
  await expectAccessible(page, '/integrations, an office endpoint');
  for (const viewport of [PHONE.viewport ?? { width: 390, height: 844 }, DESKTOP]) {
    await page.setViewportSize(viewport);
    await shootSection(page, section, 'integrations-webhooks-office');
  }
});
