import type { APIRequestContext } from '@playwright/test';
import { MESSAGES } from '@kartvizit/schemas/messages';
import { REMS_FAILURE_REASON_LABELS } from '@kartvizit/schemas/rems/messages';
import { deriveKey, loadAppSecret } from '@kartvizit/infra/config/secrets';
import { issueFormToken } from '@kartvizit/infra/forms/form-token';
import { E2E_REMS_KEY, e2eFakeOrigins } from '../support/e2e-fake-services.ts';
import { FAKE_REMS_CONTROL_PATH } from '../support/fake-rems.ts';
import { expectAccessible } from './accessibility.ts';
import { createProfileViaApi, expect, plantToken, publicVirtualCard, test, toast, type Account } from './fixtures.ts';
import { captureBothSizes } from './screens.ts';

const DESKTOP = { width: 1280, height: 800 } as const;
const PHONE = { width: 390, height: 844 } as const;
/** The screen reads the stats again every few seconds (REMS_STATS_POLL_MS): room for that and the delivery. */
const LIVE = { timeout: 20_000 } as const;
const REMS_FAKE = e2eFakeOrigins(Number(process.env.E2E_PORT ?? 3100)).rems;
const REJECTION = 'Bu telefon numarası REMS’te başka bir müşteriye kayıtlı';

/**
 * The journeys' fake REMS refuses (or again accepts) customers with this phone: scoped by data, safe beside other
 * journeys. 422 is final; 503 makes the product try again later.
 */
async function remsRejectsPhone(
  request: APIRequestContext,
  phoneNumber: string,
  reject: boolean,
  status = 422,
): Promise<void> {
  const response = reject
    ? await request.post(`${REMS_FAKE}${FAKE_REMS_CONTROL_PATH}`, { data: { phoneNumber, message: REJECTION, status } })
    : await request.delete(`${REMS_FAKE}${FAKE_REMS_CONTROL_PATH}/${phoneNumber}`);
  expect(response.status()).toBe(204);
}

/** A phone number of this run only ('55' and 8 digits). */
function runPhone(): string {
  return `55${String(Date.now() + Math.floor(Math.random() * 1_000)).slice(-8)}`;
}

/** A fresh owner with a profile, a shown card and the journeys' REMS key, all through the API. */
async function ownerWithKey(
  request: APIRequestContext,
  account: Account,
): Promise<{ readonly userId: string; readonly cardId: string }> {
  const cardId = await publicVirtualCard(request, account, 'Emlak Kartı');
  const headers = { authorization: `Bearer ${account.token}` };
  const me = (await (await request.get('/api/auth/me', { headers })).json()) as { user: { id: string } };
  const saved = await request.post('/api/rems/save-api-key', { headers, data: { apiKey: E2E_REMS_KEY } });
  expect(saved.status(), await saved.text()).toBe(200);
  return { userId: me.user.id, cardId };
}

/**
 * A visitor sends the 'Görüşme Planlayın' form of the card, as the card page does. The form token is issued with the
 * server's own key ten seconds back (a person reads before sending), so the journey need not wait those seconds.
 */
async function visitorRegisters(
  request: APIRequestContext,
  owner: { readonly userId: string; readonly cardId: string },
  firstName: string,
  phoneNumber: string,
): Promise<void> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through tests/playwright.config.ts');
  const key = deriveKey(await loadAppSecret({ envValue: process.env.APP_SECRET, dataDir }), 'form-tokens');
  const response = await request.post('/api/rems/create-customer', {
    data: {
      cardOwnerId: owner.userId,
      cardId: owner.cardId,
      firstName,
      lastName: 'Yıldırım',
      phoneNumber,
      customerType: 'BUYER',
      email: null,
      province: '34',
      district: 'Üsküdar',
      address: null,
      notes: 'Hafta içi akşamları arayabilirsiniz.',
      website: '',
      formToken: issueFormToken(key, owner.cardId, new Date(Date.now() - 10_000)),
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test('REMS stats: registrations move the counters and Son Kayıtlar without a reload, and a rejected one is sent again', async ({
  page,
  request,
  account,
}) => {
  await createProfileViaApi(request, account);
  const owner = await ownerWithKey(request, account);
  // A phone number of this run only: the fake REMS refuses it while the journey asks it to.
  const refusedPhone = runPhone();

  await page.setViewportSize(DESKTOP);
  await plantToken(page, account.token);
  await page.goto('/rems-integration');
  const successful = page.getByTestId('rems-successful');
  const failed = page.getByTestId('rems-failed');
  const recent = page.getByRole('region', { name: 'Son Kayıtlar' });

  await test.step('given an owner with a key and no registrations, the counters are zero and there is no list yet', async () => {
    await expect(page.getByRole('region', { name: 'Entegrasyon Aktif' })).toContainText(
      'Kartınız artık “Görüşme Planla” düğmesini gösteriyor',
    );
    await expect(successful).toHaveText('0');
    await expect(failed).toHaveText('0');
    await expect(recent).toHaveCount(0);
  });

  await test.step('when a visitor registers through the card, the successful counter and Son Kayıtlar move without a reload', async () => {
    await visitorRegisters(request, owner, 'Elif', '0532 111 22 33');
    await expect(successful).toHaveText('1', LIVE);
    const entry = recent.getByRole('listitem').filter({ hasText: 'Elif Yıldırım' });
    await expect(entry).toContainText('0532 111 22 33');
    await expect(entry.locator('.rems-badge')).toHaveText('Başarılı');
    // The date in Turkish: '24 Kasım 2026 14:05'.
    await expect(entry.locator('time')).toHaveText(
      /^\d{1,2} (Ocak|Şubat|Mart|Nisan|Mayıs|Haziran|Temmuz|Ağustos|Eylül|Ekim|Kasım|Aralık) \d{4} \d{2}:\d{2}$/,
    );
  });

  await test.step('when REMS rejects the next visitor, the failed counter moves and the row says why, with Tekrar Dene', async () => {
    await remsRejectsPhone(request, refusedPhone, true);
    await visitorRegisters(request, owner, 'Oğuz', refusedPhone);
    await expect(failed).toHaveText('1', LIVE);
    const entry = recent.getByRole('listitem').filter({ hasText: 'Oğuz Yıldırım' });
    await expect(entry.locator('.rems-badge')).toHaveText('Hata');
    await expect(entry).toContainText(`${REMS_FAILURE_REASON_LABELS.rejected}: “${REJECTION}”`);
    await expect(entry.getByRole('button', { name: 'Oğuz Yıldırım kaydını tekrar dene' })).toBeEnabled();
    // Newest first.
    await expect(recent.getByRole('listitem').first()).toContainText('Oğuz Yıldırım');
    await captureBothSizes(page, 'rems-stats-failed', '/rems-integration, a rejected registration');
  });

  await test.step('when REMS accepts it again and the owner presses Tekrar Dene, it is delivered and the counters follow', async () => {
    await page.setViewportSize(PHONE);
    await remsRejectsPhone(request, refusedPhone, false);
    const entry = recent.getByRole('listitem').filter({ hasText: 'Oğuz Yıldırım' });
    await entry.getByRole('button', { name: 'Oğuz Yıldırım kaydını tekrar dene' }).click();
    await expect(toast(page, MESSAGES.remsRetryStarted)).toBeVisible();
    await expect(entry.locator('.rems-badge')).toHaveText('Başarılı', LIVE);
    await expect(successful).toHaveText('2');
    await expect(failed).toHaveText('0');
    await expect(entry.getByRole('button', { name: /tekrar dene/i })).toHaveCount(0);
    await captureBothSizes(page, 'rems-stats-delivered', '/rems-integration, after Tekrar Dene');
  });

  await test.step('the visitors are in Bağlantılar too, with their REMS status', async () => {
    await page.getByRole('navigation', { name: 'Panel bölümleri' }).getByRole('link', { name: 'Bağlantılar' }).click();
    const lead = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Oğuz Yıldırım' }) });
    await expect(lead.getByRole('link', { name: 'REMS: Başarılı' })).toBeVisible();
    await expectAccessible(page, '/leads with REMS statuses');
  });
});

test('REMS stats: a registration left waiting when the key is removed is offered again, all at once, when a key is saved', async ({
  page,
  request,
  account,
}) => {
  await createProfileViaApi(request, account);
  const owner = await ownerWithKey(request, account);
  const headers = { authorization: `Bearer ${account.token}` };
  const phone = runPhone();
  const activePanel = page.getByRole('region', { name: 'Entegrasyon Aktif' });
  const offer = page.getByRole('status').filter({ hasText: 'Hepsini Yeniden Gönder' });

  await page.setViewportSize(DESKTOP);
  await plantToken(page, account.token);
  await page.goto('/rems-integration');

  await test.step('given REMS out of reach for a visitor, the registration waits, shown as Bekliyor', async () => {
    await remsRejectsPhone(request, phone, true, 503);
    await visitorRegisters(request, owner, 'Nur', phone);
    const entry = page
      .getByRole('region', { name: 'Son Kayıtlar' })
      .getByRole('listitem')
      .filter({ hasText: 'Nur Yıldırım' });
    await expect(entry.locator('.rems-badge')).toHaveText('Bekliyor', LIVE);
    await expect(page.getByText('1 kayıt REMS’e gönderilmeyi bekliyor.')).toBeVisible();
  });

  await test.step('when the owner removes the key, the waiting registration fails for want of a key', async () => {
    await activePanel.getByRole('button', { name: 'Entegrasyonu Kaldır' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Entegrasyonu Kaldır' }).click();
    await expect(toast(page, MESSAGES.remsIntegrationRemoved)).toBeVisible();
    await expect(page.getByRole('region', { name: 'REMS hesabınızı bağlayın' })).toBeVisible();
    // The delivery's next try finds no key: the registration fails 'key_removed' (REMS may answer again by then).
    await expect
      .poll(async () => {
        const stats = await request.get('/api/rems/stats', { headers });
        return ((await stats.json()) as { keyFailures: number }).keyFailures;
      }, LIVE)
      .toBe(1);
    await remsRejectsPhone(request, phone, false);
  });

  await test.step('when a key is saved again, the screen offers to send it again, and one press delivers it', async () => {
    await page.getByLabel('REMS API Anahtarı').fill(E2E_REMS_KEY);
    await page.getByRole('button', { name: 'API Anahtarını Kaydet' }).click();
    await expect(activePanel).toBeVisible();
    await expect(offer).toContainText('1 kayıt');
    await expect(page.getByTestId('rems-failed')).toHaveText('1');
    const entry = page
      .getByRole('region', { name: 'Son Kayıtlar' })
      .getByRole('listitem')
      .filter({ hasText: 'Nur Yıldırım' });
    await expect(entry).toContainText(REMS_FAILURE_REASON_LABELS.key_removed);
    await captureBothSizes(page, 'rems-stats-key-failures', '/rems-integration, key failures offered again');
    await offer.getByRole('button', { name: 'Hepsini Yeniden Gönder' }).click();
    await expect(toast(page, '1 kayıt REMS’e yeniden gönderiliyor.')).toBeVisible();
    await expect(entry.locator('.rems-badge')).toHaveText('Başarılı', LIVE);
    await expect(page.getByTestId('rems-successful')).toHaveText('1');
    await expect(page.getByTestId('rems-failed')).toHaveText('0');
    await expect(offer).toHaveCount(0);
  });
});
