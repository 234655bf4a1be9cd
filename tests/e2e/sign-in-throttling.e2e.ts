import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { signInLockedMessage } from '@kartvizit/schemas/auth/messages';
import { alertWith, expect, storedToken, test, TEXT, toast } from './fixtures.ts';
import { expectAccessible } from './accessibility.ts';

/**
 * A stranger's wrong passwords lock an address for strangers, not for its owner's own browser
 * (docs/decisions/0013-sign-in-throttling.md). The server under test starts locks at 10 minutes
 * (SIGN_IN_FIRST_LOCK_SECONDS in playwright.config.ts), so no step races the clock.
 */

const SCREENSHOT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');
// 600 s, said as "10 dakika".
const LOCKED = signInLockedMessage(600);

function deviceTokens(page: Page): Promise<string[]> {
  return page.evaluate(() => JSON.parse(window.localStorage.getItem('deviceTokens') ?? '[]') as string[]);
}

async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-posta').fill(email);
  await page.getByLabel('Şifre', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
}

test('a locked address: strangers are told when to try again, the owner’s browser still signs in', async ({
  page,
  browser,
  account,
  request,
}) => {
  await test.step('the owner signs in once on their own browser and signs out: the device token stays', async () => {
    await page.goto('/auth/login');
    await signInThroughForm(page, account.email, account.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    // Closed here, so the 'Giriş başarılı!' looked for at the end is the second sign-in's (sonner keeps a toast
    // while its page is in the background, and the strangers' steps run in another browser).
    const signedIn = toast(page, TEXT.signedIn);
    await expect(signedIn).toBeVisible();
    await signedIn.getByRole('button', { name: 'Bildirimi kapat' }).click();
    await expect(signedIn).toHaveCount(0);
    const [token] = await deviceTokens(page);
    expect(token).toMatch(/^d1\./);
    await page.getByRole('button', { name: 'Çıkış Yap' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await storedToken(page)).toBeNull();
    expect(await deviceTokens(page)).toEqual([token]);
  });

  await test.step('someone else guesses wrong six times', async () => {
    for (let i = 0; i < 6; i++) {
      const response = await request.post('/api/auth/login', {
        data: { email: account.email, password: `tahmin-${i}` },
      });
      expect(response.status()).toBe(401);
    }
  });

  const stranger = await browser.newContext();
  try {
    const strangerPage = await stranger.newPage();
    await test.step('on another browser even the right password gets the Turkish lock message, and no session', async () => {
      await strangerPage.goto('/auth/login');
      await signInThroughForm(strangerPage, account.email, account.password);
      await expect(alertWith(strangerPage, LOCKED)).toBeVisible();
      await expect(toast(strangerPage, LOCKED)).toBeVisible();
      // A refused sign-in is not an ended session.
      await expect(toast(strangerPage, TEXT.sessionEnded)).toHaveCount(0);
      await expect(strangerPage).toHaveURL(/\/auth\/login$/);
      expect(await storedToken(strangerPage)).toBeNull();
      expect(await deviceTokens(strangerPage)).toEqual([]);
    });

    await test.step('the lock message reads well on a phone and on a laptop, and passes axe', async () => {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      for (const viewport of [
        { width: 390, height: 844 },
        { width: 1280, height: 800 },
      ]) {
        await strangerPage.setViewportSize(viewport);
        await expect(alertWith(strangerPage, LOCKED)).toBeInViewport();
        await strangerPage.screenshot({
          path: join(SCREENSHOT_DIR, `sign-in-locked-${viewport.width}x${viewport.height}.png`),
          animations: 'disabled',
        });
      }
      await expectAccessible(strangerPage, 'sign-in, locked');
    });
  } finally {
    await stranger.close();
  }

  await test.step('the owner’s own browser signs in with the right password and lands on the dashboard', async () => {
    await signInThroughForm(page, account.email, account.password);
    await expect(toast(page, TEXT.signedIn)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(account.firstName);
    expect(await deviceTokens(page)).toHaveLength(1);
  });
});
