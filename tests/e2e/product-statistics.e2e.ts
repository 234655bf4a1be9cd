import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, publicVirtualCard, registerViaApi, test, type Account } from './fixtures.ts';
import { expectAccessible } from './accessibility.ts';
import { parseCsv } from '../support/csv.ts';

/**
 * Issue 12: product views and 'Satın Al' / WhatsApp clicks on /stats. The owner's card has been visited and /stats is
 * open on the 'Ürünler' tab, which says no product was viewed yet. Visitors then open two product pages and press
 * their buttons (the beacons the product page sends, through HTTP); the tab fills in without a reload, by product,
 * and its CSV says the same. Screenshots and axe at 1280×800 and 390×844.
 */

const SCREENSHOT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');
const PHONE_VIEWPORT = { width: 390, height: 844 } as const;
const DESKTOP_VIEWPORT = { width: 1280, height: 800 } as const;
const LOCALE = { locale: 'tr-TR', timezoneId: 'Europe/Istanbul' } as const;
// A person's browser: the API's own user agent would be taken for a script and not counted.
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WINDOWS_EDGE =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0';

const bearer = (account: Account) => ({ authorization: `Bearer ${account.token}` });

async function ownerWithCard(request: APIRequestContext, account: Account): Promise<string> {
  const profile = await request.post('/api/profile', {
    headers: bearer(account),
    data: { firstName: account.firstName, lastName: account.lastName, email: account.email, phone: '0532 123 45 67' },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  return publicVirtualCard(request, account, 'Mağaza Kartı', { color: 'black' });
}

async function createProduct(request: APIRequestContext, account: Account, name: string): Promise<string> {
  const response = await request.post('/api/products', {
    headers: bearer(account),
    data: { name, url: 'https://ornek-magaza.com.tr/urun', price: { value: '349.90', currency: 'TRY' } },
  });
  expect(response.status(), await response.text()).toBe(200);
  const productId = ((await response.json()) as { data: { _id: string } }).data._id;
  // Counted only once its public page answers: the same read models the beacon is checked against.
  await expect
    .poll(async () => (await request.get(`/api/products/public/detail/${productId}`)).status(), { timeout: 15_000 })
    .toBe(200);
  return productId;
}

/** What the product page sends (fire-and-forget); 204 whether counted or not. */
async function beacon(
  request: APIRequestContext,
  path: string,
  body: unknown,
  userAgent = IPHONE_SAFARI,
): Promise<void> {
  const response = await request.post(`/api/telemetry/${path}`, {
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': userAgent },
    data: JSON.stringify(body),
  });
  expect(response.status(), await response.text()).toBe(204);
}

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({
    path: join(SCREENSHOT_DIR, `statistics-urunler-${name}-${width}x${height}.png`),
    fullPage: true,
    animations: 'disabled',
  });
}

function productRow(page: Page, name: string) {
  return page
    .getByRole('tabpanel', { name: 'Ürünler' })
    .getByRole('table', { name: 'Ürünlere göre görüntülenme ve tıklamalar' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name }) });
}

test.describe('product statistics', () => {
  test('product views and button clicks fill the Ürünler tab live, in its CSV, on a phone and a desktop', async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const account = await registerViaApi(request, { firstName: 'Şule', lastName: 'Güneş' });
    const cardId = await ownerWithCard(request, account);
    const lamba = await createProduct(request, account, 'Çalışma Lambası');
    const kupa = await createProduct(request, account, 'Seramik Kupa');
    await beacon(request, 'visit', { cardId });

    const context = await browser.newContext({ baseURL, viewport: DESKTOP_VIEWPORT, ...LOCALE, acceptDownloads: true });
    await context.addInitScript((token) => window.localStorage.setItem('token', token), account.token);
    const stats = await context.newPage();

    await test.step('given a visited card, the Ürünler tab says no product was viewed yet', async () => {
      await stats.goto('/stats?sekme=urunler');
      const panel = stats.getByRole('tabpanel', { name: 'Ürünler' });
      await expect(panel.getByText('Henüz ürün görüntülenmedi')).toBeVisible();
      await expect(
        panel.getByText('Bir kart seçildiğinde yalnızca o kartın kataloğundan açılan ürün sayfaları sayılır.'),
      ).toBeVisible();
      await expect(stats.getByText('Canlı', { exact: true })).toBeVisible();
      await shoot(stats, 'bos');
      await expectAccessible(stats, '/stats Ürünler, empty, 1280×800');
      // A mark in this document: still there later means the page was never reloaded.
      await stats.evaluate(() => Object.assign(window, { sameDocument: true }));
    });

    await test.step('when visitors view both products and press Satın Al and WhatsApp, the tab fills in without a reload', async () => {
      await beacon(request, 'product-view', { productId: lamba, touchPoints: 5 });
      await beacon(request, 'product-view', { productId: lamba }, WINDOWS_EDGE);
      await beacon(request, 'product-view', { productId: kupa });
      await beacon(request, 'product-click', { productId: lamba, action: 'buy' });
      await beacon(request, 'product-click', { productId: lamba, action: 'whatsapp' });
      await beacon(request, 'product-click', { productId: kupa, action: 'whatsapp' });
      // Not counted: a link preview of the product page.
      await beacon(request, 'product-view', { productId: kupa }, 'WhatsApp/2.23.20.0 A');

      // Görüntülenme, Tekil, Satın Al, WhatsApp, Tıklama.
      await expect(productRow(stats, 'Çalışma Lambası').getByRole('cell')).toHaveText(['2', '2', '1', '1', '2'], {
        timeout: 20_000,
      });
      await expect(productRow(stats, 'Seramik Kupa').getByRole('cell')).toHaveText(['1', '1', '0', '1', '1']);
      const bars = stats.getByRole('list', { name: 'Ürünlere göre görüntülenmeler' }).getByRole('listitem');
      await expect(bars).toHaveCount(2);
      await expect(bars.first()).toContainText('Çalışma Lambası');
      await expect(bars.first()).toContainText('2 görüntülenme');
      expect(await stats.evaluate(() => 'sameDocument' in window)).toBe(true);
    });

    await test.step('the CSV of the tab says the same', async () => {
      const download = stats.waitForEvent('download');
      await stats.getByRole('button', { name: 'CSV İndir' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^istatistikler-urunler-\d{4}-\d{2}-\d{2}\.csv$/);
      const path = await file.path();
      const rows = parseCsv(readFileSync(path, 'utf8'));
      const products = rows.slice(rows.findIndex((row) => row[0] === 'Ürünler') + 1);
      expect(products.slice(0, 3)).toEqual([
        ['Ürün', 'Görüntülenme', 'Tekil Görüntüleyen', 'Satın Al', 'WhatsApp', 'Toplam Tıklama'],
        ['Çalışma Lambası', '2', '2', '1', '1', '2'],
        ['Seramik Kupa', '1', '1', '0', '1', '1'],
      ]);
    });

    await test.step('choosing a card narrows the figures to its catalogue: these views came through none (decision 47)', async () => {
      await stats.getByLabel('Kart', { exact: true }).selectOption(cardId);
      await expect(stats).toHaveURL(new RegExp(`kart=${cardId}`));
      const panel = stats.getByRole('tabpanel', { name: 'Ürünler' });
      await expect(panel.getByText('Henüz ürün görüntülenmedi')).toBeVisible();
      await stats.getByLabel('Kart', { exact: true }).selectOption('');
      await expect(productRow(stats, 'Çalışma Lambası').getByRole('cell').first()).toHaveText('2');
    });

    await test.step('screenshots and axe at 1280×800', async () => {
      await shoot(stats, 'dolu');
      await expectAccessible(stats, '/stats Ürünler, 1280×800');
    });
    await context.close();

    const phoneContext = await browser.newContext({
      baseURL,
      viewport: PHONE_VIEWPORT,
      ...LOCALE,
      isMobile: true,
      hasTouch: true,
    });
    await phoneContext.addInitScript((token) => window.localStorage.setItem('token', token), account.token);
    const phone = await phoneContext.newPage();
    await test.step('at 390×844: the same figures, nothing wider than the phone', async () => {
      await phone.goto('/stats?sekme=urunler');
      await expect(productRow(phone, 'Seramik Kupa').getByRole('cell').first()).toHaveText('1');
      await shoot(phone, 'dolu');
      const overflow = await phone.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, 'Ürünler scrolls sideways').toBeLessThanOrEqual(0);
      await expectAccessible(phone, '/stats Ürünler, 390×844');
    });
    await phoneContext.close();
  });
});

test('the product page in Chromium counts its own view and its two buttons', async ({ page, request }) => {
  const account = await registerViaApi(request);
  await ownerWithCard(request, account);
  const productId = await createProduct(request, account, 'Bahçeli Villa');
  // The buttons lead out of the product (the shop, WhatsApp): answered here, so no test reaches the internet.
  await page.route(/^https:\/\/(ornek-magaza\.com\.tr|wa\.me|api\.whatsapp\.com)\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/plain', body: 'dışarıda' }),
  );

  // When a visitor opens the product page and presses 'Satın Al', then comes back and presses 'WhatsApp ile Bilgi Al'
  await page.goto(`/product/${productId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Bahçeli Villa' })).toBeVisible();
  await page.getByRole('link', { name: 'Satın Al' }).click();
  await page.goto(`/product/${productId}`);
  await page.getByRole('link', { name: 'WhatsApp ile Bilgi Al' }).click();

  // Then the owner's figures say two views, one click of each
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/statistics/products', { headers: bearer(account) });
        const body = (await response.json()) as {
          productStats: {
            products: Array<{ productId: string; views: number; clicks: { buy: number; whatsapp: number } }>;
          };
        };
        const figures = body.productStats.products.find((product) => product.productId === productId);
        return figures ? { views: figures.views, buy: figures.clicks.buy, whatsapp: figures.clicks.whatsapp } : null;
      },
      { timeout: 20_000 },
    )
    .toEqual({ views: 2, buy: 1, whatsapp: 1 });
});
