import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectAccessible } from './accessibility.ts';
import { expect, plantToken, test, type Account } from './fixtures.ts';
import type { Page } from '@playwright/test';

const SCREENSHOT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

async function shoot(page: Page, name: string): Promise<void> {
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  await page.screenshot({
    path: join(SCREENSHOT_DIR, `${name}-${width}x${height}.png`),
    fullPage: true,
    animations: 'disabled',
  });
}

// Public screens first, while signed out; the dashboard signs in.
const SCREENS: ReadonlyArray<{ name: string; open: (page: Page, account: Account) => Promise<void> }> = [
  {
    name: 'landing',
    open: async (page) => {
      await page.goto('/');
      await expect(page.getByRole('img', { name: 'Örnek kartın QR kodu' })).toBeVisible();
    },
  },
  {
    name: 'login',
    open: async (page) => {
      await page.goto('/auth/login');
      await expect(page.getByRole('heading', { name: 'Giriş Yap' })).toBeVisible();
    },
  },
  {
    name: 'register',
    open: async (page) => {
      await page.goto('/auth/register');
      await expect(page.getByRole('heading', { name: 'Kayıt Ol' })).toBeVisible();
    },
  },
  {
    name: 'not-found',
    open: async (page) => {
      await page.goto('/olmayan-sayfa');
      await expect(page.getByRole('heading', { name: 'Sayfa Bulunamadı' })).toBeVisible();
    },
  },
  {
    name: 'dashboard',
    open: async (page, account) => {
      await plantToken(page, account.token);
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Hoş geldiniz, ${account.firstName}`);
    },
  },
];

test.beforeAll(() => {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
});

for (const viewport of VIEWPORTS) {
  test(`screenshots at ${viewport.width}x${viewport.height}`, async ({ page, account }) => {
    await page.setViewportSize(viewport);
    for (const screen of SCREENS) {
      await test.step(screen.name, async () => {
        await screen.open(page, account);
        await shoot(page, screen.name);
        await expectAccessible(page, `${screen.name}, ${viewport.width}×${viewport.height}`);
      });
    }
  });
}
