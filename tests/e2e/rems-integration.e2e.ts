import type { APIRequestContext } from '@playwright/test';
import { MESSAGES } from '@kartvizit/schemas/messages';
import { E2E_REMS_KEY } from '../support/e2e-fake-services.ts';
import { expectAccessible } from './accessibility.ts';
import { createProfileViaApi, expect, plantToken, publicVirtualCard, test, toast } from './fixtures.ts';
import { captureBothSizes } from './screens.ts';

const DESKTOP = { width: 1280, height: 800 } as const;
const PHONE = { width: 390, height: 844 } as const;

/** What the public card asks before it shows 'Görüşme Planla' (no credential). */
async function cardShowsMeetingButton(request: APIRequestContext, userId: string): Promise<boolean> {
  const response = await request.get(`/api/rems/check-integration/${userId}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { hasActiveKey: boolean }).hasActiveKey;
}

test('REMS integration: a wrong key is told, a valid key turns the card’s button on, removal turns it off', async ({
  page,
  request,
  account,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await createProfileViaApi(request, account);
  const cardId = await publicVirtualCard(request, account, 'Ofis Kartı');
  const headers = { authorization: `Bearer ${account.token}` };
  const me = (await (await request.get('/api/auth/me', { headers })).json()) as { user: { id: string } };
  const userId = me.user.id;

  await page.setViewportSize(DESKTOP);
  await plantToken(page, account.token);
  await page.goto('/dashboard');
  const setupPanel = page.getByRole('region', { name: 'REMS hesabınızı bağlayın' });
  const activePanel = page.getByRole('region', { name: 'Entegrasyon Aktif' });
  const keyInput = page.getByLabel('REMS API Anahtarı');
  const saveButton = page.getByRole('button', { name: 'API Anahtarını Kaydet' });

  await test.step('given an owner without a key, the sidebar opens the setup panel with its five steps', async () => {
    await page
      .getByRole('navigation', { name: 'Panel bölümleri' })
      .getByRole('link', { name: 'REMS Entegrasyonu' })
      .click();
    await expect(page).toHaveURL(/\/rems-integration$/);
    await expect(page.getByRole('heading', { level: 1, name: 'REMS Entegrasyonu' })).toBeVisible();
    await expect(setupPanel.getByRole('listitem')).toHaveCount(5);
    await expect(setupPanel.getByRole('listitem').nth(1)).toContainText('API Anahtarları');
    await expect(page.getByRole('complementary', { name: 'Nasıl Çalışır?' }).getByRole('listitem')).toHaveCount(4);
    await expect(keyInput).toHaveAttribute('type', 'password');
    await expect(saveButton).toBeDisabled();
    expect(await cardShowsMeetingButton(request, userId)).toBe(false);
    await captureBothSizes(page, 'rems-setup', '/rems-integration, no key');
  });

  await test.step('when the key does not start with rems_, the field says so and nothing is saved', async () => {
    await keyInput.fill('abc_4f9a2c');
    await saveButton.click();
    await expect(page.getByText(MESSAGES.remsApiKeyInvalidFormat)).toBeVisible();
    await expect(keyInput).toHaveAttribute('aria-invalid', 'true');
    await expect(keyInput).toBeFocused();
  });

  await test.step('the key can be shown and hidden again', async () => {
    await page.getByRole('button', { name: 'Göster' }).click();
    await expect(keyInput).toHaveAttribute('type', 'text');
    await expect(page.getByRole('button', { name: 'Gizle' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Gizle' }).click();
    await expect(keyInput).toHaveAttribute('type', 'password');
  });

  await test.step('when REMS refuses the key, its Turkish reason is shown under the field', async () => {
    await keyInput.fill('rems_bu_anahtari_rems_tanimiyor');
    await saveButton.click();
    await expect(page.locator('.card-field__error')).toHaveText(MESSAGES.remsApiKeyRefused);
    await expect(setupPanel).toBeVisible();
    expect(await cardShowsMeetingButton(request, userId)).toBe(false);
    await expectAccessible(page, '/rems-integration, refused key');
  });

  await test.step('when REMS accepts the key, the active panel shows only its last 4 characters', async () => {
    await keyInput.fill(E2E_REMS_KEY);
    await saveButton.click();
    await expect(toast(page, MESSAGES.remsApiKeySaved)).toBeVisible();
    await expect(activePanel).toBeVisible();
    await expect(activePanel).toContainText(`•••• ${E2E_REMS_KEY.slice(-4)}`);
    await expect(activePanel).not.toContainText(E2E_REMS_KEY);
    await expect(activePanel).toContainText('Görüşme Planla');
    await expect(setupPanel).toHaveCount(0);
    await expect.poll(() => cardShowsMeetingButton(request, userId)).toBe(true);
    const status = await request.get('/api/rems/status', { headers });
    expect(await status.text()).not.toContain(E2E_REMS_KEY);
  });

  await test.step('the sample link copies the owner’s card address', async () => {
    await activePanel.getByRole('button', { name: 'Kart URL’sini Kopyala' }).click();
    await expect(toast(page, MESSAGES.remsSampleUrlCopied)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/p/${cardId}$`));
    await captureBothSizes(page, 'rems-active', '/rems-integration, active');
  });

  await test.step('after a reload the integration is still active', async () => {
    await page.reload();
    await expect(activePanel).toContainText(`•••• ${E2E_REMS_KEY.slice(-4)}`);
  });

  await test.step('removal asks first; Vazgeç keeps the key', async () => {
    await activePanel.getByRole('button', { name: 'Entegrasyonu Kaldır' }).click();
    const dialog = page.getByRole('dialog', { name: 'REMS entegrasyonu kaldırılsın mı?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Vazgeç' })).toBeFocused();
    await captureBothSizes(page, 'rems-remove-dialog', '/rems-integration, removal dialog', { fullPage: false });
    await dialog.getByRole('button', { name: 'Vazgeç' }).click();
    await expect(dialog).toBeHidden();
    await expect(activePanel).toBeVisible();
    expect(await cardShowsMeetingButton(request, userId)).toBe(true);
  });

  await test.step('when the owner confirms, the setup panel is back and the card loses the button', async () => {
    await activePanel.getByRole('button', { name: 'Entegrasyonu Kaldır' }).click();
    const dialog = page.getByRole('dialog', { name: 'REMS entegrasyonu kaldırılsın mı?' });
    await dialog.getByRole('button', { name: 'Entegrasyonu Kaldır' }).click();
    await expect(toast(page, MESSAGES.remsIntegrationRemoved)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(setupPanel).toBeVisible();
    await expect(keyInput).toHaveValue('');
    await expect.poll(() => cardShowsMeetingButton(request, userId)).toBe(false);
    await page.reload();
    await expect(setupPanel).toBeVisible();
  });
});

test('REMS integration: what fails is told and can be tried again', async ({ page, account }) => {
  await page.setViewportSize(PHONE);
  await plantToken(page, account.token);
  const setupPanel = page.getByRole('region', { name: 'REMS hesabınızı bağlayın' });
  const activePanel = page.getByRole('region', { name: 'Entegrasyon Aktif' });
  const keyInput = page.getByLabel('REMS API Anahtarı');

  await test.step('given the status cannot be read, the screen says so and Tekrar Dene reads it again', async () => {
    await page.route('**/api/rems/status', (route) => route.abort('connectionrefused'));
    await page.goto('/rems-integration');
    await expect(page.getByRole('alert').filter({ hasText: MESSAGES.remsStatusLoadFailed })).toBeVisible();
    await expectAccessible(page, '/rems-integration, status failed');
    await page.unroute('**/api/rems/status');
    await page.getByRole('button', { name: 'Tekrar Dene' }).click();
    await expect(setupPanel).toBeVisible();
  });

  await test.step('a typed key cleared again is told it cannot be empty; the button stays disabled', async () => {
    await keyInput.fill('rems_');
    await keyInput.fill('');
    await expect(page.getByText(MESSAGES.remsApiKeyRequired)).toBeVisible();
    await expect(page.getByRole('button', { name: 'API Anahtarını Kaydet' })).toBeDisabled();
  });

  await test.step('while REMS checks the key the button reads Doğrulanıyor...; REMS unavailable is told', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    // The server's own answer when REMS cannot be reached (command-api/src/rems/routes.ts), held until the check below.
    await page.route('**/api/rems/save-api-key', async (route) => {
      await answered;
      await route.fulfill({
        status: 503,
        headers: { 'retry-after': '30' },
        json: { success: false, message: MESSAGES.remsUnavailable },
      });
    });
    await keyInput.fill(E2E_REMS_KEY);
    await page.getByRole('button', { name: 'API Anahtarını Kaydet' }).click();
    const checking = page.getByRole('button', { name: 'Doğrulanıyor...' });
    await expect(checking).toBeDisabled();
    await expect(keyInput).toBeDisabled();
    answer();
    await expect(setupPanel.getByRole('alert').filter({ hasText: MESSAGES.remsUnavailable })).toBeVisible();
    await expect(keyInput).toHaveValue(E2E_REMS_KEY);
    await page.unroute('**/api/rems/save-api-key');
  });

  await test.step('tried again once REMS answers, the key is saved', async () => {
    await page.getByRole('button', { name: 'API Anahtarını Kaydet' }).click();
    await expect(activePanel).toBeVisible();
  });

  await test.step('when the removal fails, the screen says so and the integration stays', async () => {
    await page.route('**/api/rems/remove-api-key', (route) => route.abort('connectionrefused'));
    await activePanel.getByRole('button', { name: 'Entegrasyonu Kaldır' }).click();
    const dialog = page.getByRole('dialog', { name: 'REMS entegrasyonu kaldırılsın mı?' });
    await dialog.getByRole('button', { name: 'Entegrasyonu Kaldır' }).click();
    await expect(toast(page, MESSAGES.remsRemoveFailed)).toBeVisible();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Vazgeç' }).click();
    await expect(activePanel).toBeVisible();
    await page.unroute('**/api/rems/remove-api-key');
  });
});
