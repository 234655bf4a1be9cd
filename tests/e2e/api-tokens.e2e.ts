import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { MESSAGES } from '@kartvizit/schemas/messages';
import { expectAccessible } from './accessibility.ts';
import { DESKTOP, expect, plantToken, registerViaApi, test, toast } from './fixtures.ts';
import { SCREENSHOT_DIR } from './screens.ts';

/**
 * Issue 35 as an owner lives it: a personal API token made on /integrations with grouped scopes and an expiry, shown
 * once and copied, used from outside the browser (`fetch` with `Authorization: Bearer …`) on a route its scope names
 * and refused on one it does not, listed with its last use, and revoked behind a confirmation, after which it is
 * refused at once. Phone and desktop, axe on every state.
 */

const VIEWPORTS = [
  { name: 'phone', size: { width: 390, height: 844 } },
  { name: 'desktop', size: DESKTOP },
] as const;

async function shoot(page: Page, section: Locator, file: string): Promise<void> {
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  await section.screenshot({ path: join(SCREENSHOT_DIR, `${file}-${width}x${height}.png`), animations: 'disabled' });
}

for (const viewport of VIEWPORTS) {
  test(`API tokens on ${viewport.name}: made, copied, used with fetch, shown as used, revoked`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.setViewportSize(viewport.size);
    const account = await registerViaApi(request);
    const section = page.getByRole('region', { name: 'Kişisel API Anahtarları' });
    const form = section.getByRole('form', { name: 'Yeni Anahtar Oluştur' });
    const api = (path: string, token: string, init: RequestInit = {}) =>
      fetch(`${baseURL}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });
    let token = '';

    await test.step('open Entegrasyonlar: no tokens yet', async () => {
      await plantToken(page, account.token);
      await page.goto('/integrations');
      await expect(section.getByText('Henüz API anahtarı oluşturmadınız.')).toBeVisible();
      await expectAccessible(page, `/integrations API tokens, empty (${viewport.name})`);
    });

    await test.step('a token without a scope is refused beside the scopes, in Turkish', async () => {
      await form.getByLabel('Anahtarın adı').fill('CRM aktarımı');
      await form.getByRole('button', { name: 'Anahtar Oluştur' }).click();
      await expect(form.getByRole('alert')).toHaveText(MESSAGES.apiTokenScopesMissing);
    });

    await test.step('choose leads and statistics to read, for 30 days; the token is shown once and copied', async () => {
      await form.getByRole('group', { name: 'Bağlantılar' }).getByLabel(/Okuma/).check();
      await form.getByRole('group', { name: 'İstatistikler' }).getByLabel(/Okuma/).check();
      await form.getByLabel('Geçerlilik süresi').selectOption('30');
      await form.getByRole('button', { name: 'Anahtar Oluştur' }).click();
      await expect(toast(page, 'API anahtarı oluşturuldu')).toBeVisible();
      const shown = section.getByTestId('api-token-value');
      await expect(shown).toHaveText(/^kv_pat_[A-Za-z0-9_-]{43}$/);
      await expect(section.getByText('Bu anahtar bir daha gösterilmeyecek.')).toBeVisible();
      await section.getByRole('button', { name: 'Kopyala' }).click();
      await expect(toast(page, 'API anahtarı kopyalandı')).toBeVisible();
      token = await page.evaluate(() => navigator.clipboard.readText());
      expect(token).toBe(await shown.textContent());
      await expect(section.getByTestId('api-token').first()).toContainText('Hiç kullanılmadı');
      await expectAccessible(page, `/integrations API token shown once (${viewport.name})`);
      await shoot(page, section, 'api-tokens-new');
      await section.getByRole('button', { name: 'Kaydettim, Kapat' }).click();
      await expect(shown).toBeHidden();
    });

    await test.step('the token reads leads with fetch, and may not write products', async () => {
      const leads = await api('/api/leads', token);
      expect(leads.status).toBe(200);
      const write = await api('/api/products', token, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Vazo' }),
      });
      expect(write.status).toBe(403);
      await page.reload();
      const item = section.getByTestId('api-token').first();
      await expect(item).toContainText('CRM aktarımı');
      await expect(item).toContainText('leads:read');
      await expect(item).not.toContainText('Hiç kullanılmadı');
      await expect(item).toContainText('Etkin');
      await expectAccessible(page, `/integrations API token used (${viewport.name})`);
      await shoot(page, section, 'api-tokens-list');
    });

    await test.step('revoke it behind a confirmation: refused at once', async () => {
      await section.getByRole('button', { name: 'CRM aktarımı anahtarını iptal et' }).click();
      const dialog = page.getByRole('dialog', { name: 'API anahtarı iptal edilsin mi?' });
      await expect(dialog).toBeVisible();
      await expectAccessible(page, `/integrations API token revoke dialog (${viewport.name})`);
      await dialog.getByRole('button', { name: 'İptal Et' }).click();
      await expect(toast(page, MESSAGES.apiTokenRevoked)).toBeVisible();
      await expect(section.getByTestId('api-token').first()).toContainText('İptal edildi');
      const refused = await api('/api/leads', token);
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { message: string }).message).toBe(MESSAGES.apiTokenInvalid);
      await expectAccessible(page, `/integrations API token revoked (${viewport.name})`);
    });
  });
}
