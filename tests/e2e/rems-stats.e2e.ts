import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { MESSAGES } from '@kartvizit/schemas/messages';
import { REMS_FAILURE_REASON_LABELS } from '@kartvizit/schemas/messages/rems';
import { deriveKey, loadAppSecret } from '@kartvizit/infra/config/secrets';
import { issueFormToken } from '@kartvizit/infra/forms/form-token';
import { E2E_REMS_KEY, e2eFakeOrigins } from '../support/e2e-fake-services.ts';
import { FAKE_REMS_CONTROL_PATH } from '../support/fake-rems.ts';
import { expectAccessible } from './accessibility.ts';
import { createProfileViaApi, expect, plantToken, publicVirtualCard, test, toast } from './fixtures.ts';

const SCREENSHOT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');
const DESKTOP = { width: 1280, height: 800 } as const;
const PHONE = { width: 390, height: 844 } as const;
/** The screen reads the stats again every few seconds (REMS_STATS_POLL_MS): room for that and the delivery. */
const LIVE = { timeout: 20_000 } as const;
const REMS_FAKE = e2eFakeOrigins(Number(process.env.E2E_PORT ?? 3100)).rems;
const REJECTION = 'Bu telefon numarası REMS’te başka bir müşteriye kayıtlı';

/** The journeys' fake REMS refuses (or again accepts) customers with this phone: scoped by data, safe beside other journeys. */
async function remsRejectsPhone(request: APIRequestContext, phoneNumber: string, reject: boolean): Promise<void> {
  const response = reject
    ? await request.post(`${REMS_FAKE}${FAKE_REMS_CONTROL_PATH}`, { data: { phoneNumber, message: REJECTION } })
    : await request.delete(`${REMS_FAKE}${FAKE_REMS_CONTROL_PATH}/${phoneNumber}`);
  expect(response.status()).toBe(204);
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

async function captureBothSizes(page: Page, name: string, screen: string): Promise<void> {
  for (const [size, viewport] of [
    ['390x844', PHONE],
    ['1280x800', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await expectAccessible(page, `${screen}, ${size}`);
    await page.screenshot({
      path: join(SCREENSHOT_DIR, `rems-stats-${name}-${size}.png`),
      fullPage: true,
      animations: 'disabled',
    });
  }
}

test('REMS stats: registrations move the counters and Son Kayıtlar without a reload, and a rejected one is sent again', async ({
  page,
  request,
  account,
}) => {
  await createProfileViaApi(request, account);
  const cardId = await publicVirtualCard(request, account, 'Emlak Kartı');
  const headers = { authorization: `Bearer ${account.token}` };
  const me = (await (await request.get('/api/auth/me', { headers })).json()) as { user: { id: string } };
  const owner = { userId: me.user.id, cardId };
  const saved = await request.post('/api/rems/save-api-key', { headers, data: { apiKey: E2E_REMS_KEY } });
  expect(saved.status(), await saved.text()).toBe(200);
  // A phone number of this run only: the fake REMS refuses it while the journey asks it to.
  const refusedPhone = `55${String(Date.now()).slice(-8)}`;

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
    await captureBothSizes(page, 'failed', '/rems-integration, a rejected registration');
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
    await captureBothSizes(page, 'delivered', '/rems-integration, after Tekrar Dene');
  });

  await test.step('the visitors are in Bağlantılar too, with their REMS status', async () => {
    await page.getByRole('navigation', { name: 'Panel bölümleri' }).getByRole('link', { name: 'Bağlantılar' }).click();
    const lead = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Oğuz Yıldırım' }) });
    await expect(lead.getByRole('link', { name: 'REMS: Başarılı' })).toBeVisible();
    await expectAccessible(page, '/leads with REMS statuses');
  });
});
