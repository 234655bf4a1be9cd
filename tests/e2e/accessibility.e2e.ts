import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './accessibility.ts';
import { createProfileViaApi, expect, plantToken, test, TEXT, toast } from './fixtures.ts';

/**
 * What the other journeys do not reach: toasts held on screen long enough to be measured, and the
 * screens no other journey opens on a phone. Every other screen is checked where its journey
 * has it loaded (see expectAccessible in each *.e2e.ts).
 */

const PHONE = { width: 390, height: 844 } as const;
const DESKTOP = { width: 1280, height: 800 } as const;
const SCREENSHOT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');
const INFO_PAGES = ['/features', '/pricing', '/faq', '/about', '/blog', '/contact', '/privacy', '/terms'] as const;

/**
 * A toast disappears after five seconds; a pointer resting on it keeps it (sonner pauses its timer
 * while the toasts are hovered), as it would for a person reading it.
 */
async function holdToast(page: Page, shown: Locator): Promise<void> {
  await expect(shown).toBeVisible();
  await shown.hover();
  await expect(shown).toHaveAttribute('data-expanded', 'true');
}

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${width}x${height}.png`), animations: 'disabled' });
}

test.describe('accessibility', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    test(`toasts are readable: an error on sign-in, a success on creating a card (${viewport.width}×${viewport.height})`, async ({
      page,
      request,
      account,
    }) => {
      await page.setViewportSize(viewport);
      await test.step('error toast: a wrong password', async () => {
        await page.goto('/auth/login');
        await page.getByLabel('E-posta').fill(account.email);
        await page.getByLabel('Şifre', { exact: true }).fill('yanlis-sifre');
        // Without the entry animation the toast can be hovered the moment it shows.
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
        const shown = toast(page, TEXT.badCredentials);
        await holdToast(page, shown);
        await expect(shown).toHaveAttribute('data-type', 'error');
        await shoot(page, 'toast-error');
        await expectAccessible(page, 'sign-in with an error toast held open', { includeToasts: true });
      });

      await test.step('success toast: a virtual card created', async () => {
        await createProfileViaApi(request, account);
        await plantToken(page, account.token);
        await page.goto('/activate');
        const section = page.getByRole('region', { name: 'Sanal Kart Oluştur' });
        await section.getByLabel('Kart adı').fill('Erişilebilir Kart');
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await section.getByRole('button', { name: 'Sanal Kart Oluştur' }).click();
        const shown = toast(page, 'Sanal kart oluşturuldu ve aktifleştirildi!');
        await holdToast(page, shown);
        await expect(shown).toHaveAttribute('data-type', 'success');
        await shoot(page, 'toast-success');
        await expectAccessible(page, '/cards with a success toast held open', { includeToasts: true });
      });
    });
  }

  test('screens no other journey opens on a phone (390×844)', async ({ page }) => {
    await page.setViewportSize(PHONE);

    for (const path of ['/demo', ...INFO_PAGES, '/auth/forgot-password']) {
      await test.step(path, async () => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectAccessible(page, `${path}, 390×844`);
      });
    }
  });
});
