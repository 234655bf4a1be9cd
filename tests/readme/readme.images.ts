/**
 * The README's two pictures, taken from the running product (`npm run readme:images`):
 * - docs/images/card-phone.webp: the sample card `/p/DEMO` at a phone's size (390×844), as a stranger sees it;
 * - docs/images/dashboard-desktop.webp: the signed-in dashboard at 1280×800, for an owner with a profile, a card,
 *   three products and a few visits, all made through the real API and the card page itself.
 * Screenshots are PNGs from Chromium, written as WebP (sharp) so each stays well under 150 KB. Run it again after the
 * card or the dashboard changes (the sample card's content lives in command-api's demo seeding), and commit the files.
 */
import { mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { devices, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expectAccessible } from '../e2e/accessibility.ts';
import {
  createProfileViaApi,
  DESKTOP,
  expect,
  PHONE,
  plantToken,
  publicVirtualCard,
  registerViaApi,
  test,
  type Account,
} from '../e2e/fixtures.ts';

const IMAGES_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'images');
const MAX_BYTES = 150 * 1024;

/** A Chromium screenshot of what the viewport shows, stored as WebP; fails when the file would be too large. */
async function save(page: Page, name: string): Promise<void> {
  const png = await page.screenshot({ animations: 'disabled', caret: 'hide' });
  const path = join(IMAGES_DIR, `${name}.webp`);
  await sharp(png).webp({ quality: 78, effort: 6 }).toFile(path);
  expect(statSync(path).size, `${path} should stay under 150 KB`).toBeLessThan(MAX_BYTES);
}

/** A product with one drawn photo (no download), through the owner's real upload and product commands. */
async function addProduct(
  request: APIRequestContext,
  account: Account,
  product: { name: string; price: number; colours: readonly [string, string]; featured?: boolean },
): Promise<void> {
  const headers = { authorization: `Bearer ${account.token}` };
  const [sky, wall] = product.colours;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <rect width="800" height="600" fill="${sky}"/><rect y="420" width="800" height="180" fill="#4d7c0f"/>
    <rect x="220" y="220" width="360" height="240" fill="${wall}"/><polygon points="190,230 400,90 610,230" fill="#7c2d12"/>
    <rect x="370" y="340" width="70" height="120" fill="#451a03"/><rect x="260" y="270" width="70" height="60" fill="#e0f2fe"/>
    <rect x="480" y="270" width="70" height="60" fill="#e0f2fe"/></svg>`;
  const upload = await request.post('/api/upload/images', {
    headers,
    multipart: {
      images: { name: 'ilan.jpg', mimeType: 'image/jpeg', buffer: await sharp(Buffer.from(svg)).jpeg().toBuffer() },
    },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const images = ((await upload.json()) as { data: string[] }).data;
  const created = await request.post('/api/products', {
    headers,
    data: {
      name: product.name,
      description: 'Metrekare, oda sayısı ve konum ilanın ayrıntısında.',
      price: { value: product.price, currency: 'TRY' },
      images,
      category: 'Satılık Daire',
      featured: product.featured ?? false,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
}

/** A stranger's phone or computer opening the card; returns once its visit beacon was stored. */
async function visitCard(browser: Browser, baseURL: string, cardId: string, device: string): Promise<void> {
  const descriptor = devices[device];
  if (descriptor === undefined) throw new Error(`Playwright knows no device named '${device}'`);
  const size = device === 'Desktop Chrome' ? { viewport: DESKTOP } : PHONE;
  const context = await browser.newContext({ ...size, userAgent: descriptor.userAgent, baseURL });
  const page = await context.newPage();
  const beacon = page.waitForResponse((response) => response.url().endsWith('/api/telemetry/visit'));
  await page.goto(`/p/${cardId}`);
  expect((await beacon).status()).toBe(204);
  await context.close();
}

test.beforeAll(() => {
  mkdirSync(IMAGES_DIR, { recursive: true });
});

test('the sample card on a phone', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = await context.newPage();
  await page.goto('/p/DEMO');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  await expectAccessible(page, 'sample card, 390×844');
  await save(page, 'card-phone');
  await context.close();
});

test('the dashboard on a desktop', async ({ browser, baseURL, page, request }) => {
  // Every run starts on an empty database, so the address can be a fixed, readable one.
  const account = await registerViaApi(request, {
    firstName: 'Elif',
    lastName: 'Yıldırım',
    email: 'elif.yildirim@example.com',
  });
  await createProfileViaApi(request, account);
  const cardId = await publicVirtualCard(request, account, 'Ofis Kartı');
  await addProduct(request, account, {
    name: 'Kadıköy Moda 3+1',
    price: 8_750_000,
    colours: ['#bae6fd', '#fef3c7'],
    featured: true,
  });
  await addProduct(request, account, {
    name: 'Ataşehir 2+1 Site İçi',
    price: 6_400_000,
    colours: ['#e0e7ff', '#fecaca'],
  });
  await addProduct(request, account, {
    name: 'Beşiktaş Bahçeli 4+1',
    price: 14_900_000,
    colours: ['#ccfbf1', '#e7e5e4'],
  });
  for (const device of ['iPhone 13', 'Pixel 7', 'iPhone 13', 'Desktop Chrome', 'Pixel 7']) {
    await visitCard(browser, baseURL ?? '', cardId, device);
  }

  await page.setViewportSize(DESKTOP);
  await plantToken(page, account.token);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Hoş geldiniz, ${account.firstName}`);
  await expect(page.getByText('Kadıköy Moda 3+1')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Özet istatistikler' })).toContainText('5');
  await page.evaluate(() => document.fonts.ready);
  await expectAccessible(page, 'dashboard, 1280×800');
  await save(page, 'dashboard-desktop');
});
