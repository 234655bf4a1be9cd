import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { APIRequestContext, Page, Response } from '@playwright/test';
import { e2eFakeOrigins } from '../support/e2e-fake-services.ts';
import { watchViolations } from './csp.ts';
import {
  createProfileViaApi,
  expect,
  plantToken,
  test,
  toast,
  TEXT,
  type Account,
  publicVirtualCard,
} from './fixtures.ts';

/**
 * The web app under its Content-Security-Policy (docs/decisions/0012-http-hardening.md): no
 * inline script or style, scripts and styles from our origin only, images from us and the map
 * tiles, never framed. Every screen is visited with a listener for violations; none may occur.
 * A page on another origin then tries to frame the signed-in card list.
 */
const tiles = e2eFakeOrigins(Number(process.env.E2E_PORT ?? 3100));
const SCREENSHOTS = join(import.meta.dirname, '..', 'artifacts', 'screenshots');

function expectPolicyOn(response: Response | null): void {
  expect(response, 'the navigation answered').not.toBeNull();
  const headers = response?.headers() ?? {};
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("style-src 'self';");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
}

function virtualCard(request: APIRequestContext, account: Account, name: string): Promise<string> {
  return publicVirtualCard(request, account, name);
}

async function shoot(page: Page, name: string): Promise<void> {
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  await page.screenshot({ path: join(SCREENSHOTS, `${name}-${width}x${height}.png`), animations: 'disabled' });
}

/** Through the form, as a person does; the toast that follows is styled (a positioned card, not a bare list item). */
async function signIn(page: Page, account: Account): Promise<void> {
  expectPolicyOn(await page.goto('/auth/login'));
  await page.getByLabel('E-posta').fill(account.email);
  await page.getByLabel('Şifre', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
  const signedIn = toast(page, TEXT.signedIn);
  await expect(signedIn).toBeVisible();
  await expect(signedIn).toHaveCSS('position', 'absolute');
  await shoot(page, 'csp-toast');
}

test.describe('security headers in the browser', () => {
  test('no screen of the web app breaks its Content-Security-Policy', async ({ page, request, account }) => {
    // Thirteen screens, each loaded and looked at: 20–40 s on a quiet machine, 61–72 s while three CI runs shared its
    // two cores (2026-11-23). A budget like the other journeys through many screens, not a retry.
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    const { violations, consoleErrors } = await watchViolations(page);
    await createProfileViaApi(request, account);
    const cardId = await virtualCard(request, account, 'Vitrin');

    await test.step('the landing page', async () => {
      expectPolicyOn(await page.goto('/'));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });

    await test.step('registration', async () => {
      expectPolicyOn(await page.goto('/auth/register'));
      await expect(page.getByRole('heading', { name: 'Kayıt Ol' })).toBeVisible();
    });

    await test.step('signing in shows a toast (sonner’s styles come from our stylesheet)', async () => {
      await signIn(page, account);
    });

    await test.step('the dashboard', async () => {
      await expect(page).toHaveURL(/\/dashboard$/);
      expectPolicyOn(await page.reload());
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });

    await test.step('the profile, with the OpenLayers location picker and its tiles', async () => {
      expectPolicyOn(await page.goto('/profile'));
      const tileLoaded = page.waitForResponse(
        (response) => response.url().startsWith(tiles.tilesOrigin) && response.ok(),
      );
      await page.getByRole('button', { name: 'Haritada Göster' }).click();
      const dialog = page.getByRole('dialog', { name: 'Konum Seçimi' });
      await expect(
        dialog.getByRole('application', { name: 'Konum seçim haritası' }).locator('canvas').first(),
      ).toBeVisible();
      await tileLoaded;
      await expect(dialog.getByRole('link', { name: '© OpenStreetMap katkıda bulunanlar' })).toBeVisible();
      await dialog.getByRole('button', { name: 'İptal' }).click();
      await expect(dialog).toBeHidden();
    });

    await test.step('the card list, a card’s page and the statistics', async () => {
      expectPolicyOn(await page.goto('/cards'));
      await expect(page.getByRole('heading', { level: 1, name: 'Kartlarım' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Devre Dışı Bırak' })).toBeVisible();
      expectPolicyOn(await page.goto(`/cards/${cardId}`));
      await expect(page.getByRole('heading', { level: 1, name: 'Vitrin' })).toBeVisible();
      expectPolicyOn(await page.goto('/stats'));
      await expect(page.getByRole('heading', { level: 1, name: 'İstatistikler' })).toBeVisible();
      await expect(page.getByText('Canlı', { exact: true })).toBeVisible();
    });

    await test.step('the leads', async () => {
      expectPolicyOn(await page.goto('/leads'));
      await expect(page.getByRole('heading', { level: 1, name: 'Bağlantılar' })).toBeVisible();
    });

    await test.step('every other screen: activation, catalogue, REMS, the information and legal pages, a 404', async () => {
      for (const path of [
        '/activate',
        '/products',
        '/rems-integration',
        ...['/features', '/pricing', '/about', '/faq', '/blog', '/contact', '/kvkk', '/privacy', '/terms'],
        '/boyle-bir-sayfa-yok',
      ]) {
        expectPolicyOn(await page.goto(path));
        await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
      }
    });

    await test.step('the sample card that /demo opens: the public page, framed by nobody, without a violation', async () => {
      const response = await page.goto('/demo');
      expect(new URL(page.url()).pathname).toBe('/p/DEMO');
      const headers = response?.headers() ?? {};
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers['x-content-type-options']).toBe('nosniff');
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    });

    await test.step('on a phone as well', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.evaluate(() => window.localStorage.removeItem('token'));
      await signIn(page, account);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });

    await test.step('the browser reported no violation anywhere', () => {
      expect(violations).toEqual([]);
      expect(consoleErrors).toEqual([]);
    });
  });

  test('a page on another origin cannot frame the signed-in card list', async ({ page, request, account, baseURL }) => {
    await createProfileViaApi(request, account);
    await virtualCard(request, account, 'Fuar');
    await plantToken(page, account.token);

    await test.step('opened directly, the list offers “Devre Dışı Bırak”: what a clickjacker would aim at', async () => {
      await page.goto('/cards');
      await expect(page.getByRole('button', { name: 'Devre Dışı Bırak' })).toBeVisible();
    });

    const target = `${baseURL}/cards`;
    const attacker: Server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<!doctype html><title>Kazandınız!</title><p>Ödülünüzü almak için tıklayın</p>` +
          `<iframe id="hedef" src="${target}" width="1000" height="700"></iframe>`,
      );
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    try {
      const address = attacker.address();
      if (address === null || typeof address === 'string') throw new Error('the other origin did not start');
      const framed = page.waitForResponse(target);
      await page.goto(`http://127.0.0.1:${address.port}/`);

      await test.step('the answer forbids every ancestor, and the browser keeps the frame empty', async () => {
        const answer = await framed;
        expect(answer.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
        expect(answer.headers()['x-frame-options']).toBe('DENY');
        // Chromium replaces a refused frame with its error page.
        await expect
          .poll(
            () =>
              page
                .frames()
                .find((frame) => frame !== page.mainFrame())
                ?.url() ?? '',
          )
          .toMatch(/^chrome-error:/);
        await expect(page.frameLocator('#hedef').getByRole('button', { name: 'Devre Dışı Bırak' })).toHaveCount(0);
      });
    } finally {
      await new Promise((resolve) => attacker.close(resolve));
    }
  });
});
