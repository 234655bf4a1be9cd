import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from './accessibility.ts';
import { createProfileViaApi, DESKTOP, expect, PHONE, publicVirtualCard, registerViaApi, test } from './fixtures.ts';

/**
 * 'Ürün Kataloğu' on the public card and the product page (/product/{id}), as a visitor sees them on a phone and on
 * a desktop (docs/decisions/0023-public-catalogue.md): products seeded through the real API, featured first and in
 * the owner's order, an inactive one absent; the scroller's previous/next and the 'Tümünü Gör' grid; the product
 * page's gallery (arrows, thumbnails), 'Satın Al' only with a url, and sharing without a share sheet.
 */

const SCREENSHOT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');

interface Seeded {
  readonly cardId: string;
  /** The owner's second card, activated after the first: the product page's fallback way back is the first. */
  readonly officeCardId: string;
  readonly ids: Readonly<Record<string, string>>;
}

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `public-catalogue-${name}.png`), fullPage: true });
}

/** A product photo: a coloured background with a simple shape, as JPEG (the upload pipeline re-encodes it). */
async function picture(background: string, shape: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><rect width="1200" height="900" fill="${background}"/><circle cx="600" cy="450" r="260" fill="${shape}"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

async function upload(request: APIRequestContext, token: string, name: string, bytes: Buffer): Promise<string> {
  const response = await request.post('/api/upload/images', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { images: { name, mimeType: 'image/jpeg', buffer: bytes } },
  });
  expect(response.status(), await response.text()).toBe(200);
  const [url] = ((await response.json()) as { data: string[] }).data;
  return url ?? '';
}

/** An owner with a shown card and six products (one inactive, one featured), through the real API. */
async function seed(request: APIRequestContext): Promise<Seeded> {
  const account = await registerViaApi(request, { firstName: 'Ayşe', lastName: 'Yılmaz' });
  await createProfileViaApi(request, account);
  const cardId = await publicVirtualCard(request, account, 'Vitrin');
  const officeCardId = await publicVirtualCard(request, account, 'Ofis');
  const headers = { authorization: `Bearer ${account.token}` };
  const lamp = [
    await upload(request, account.token, 'lamba-1.jpg', await picture('#fde68a', '#b45309')),
    await upload(request, account.token, 'lamba-2.jpg', await picture('#bfdbfe', '#1d4ed8')),
    await upload(request, account.token, 'lamba-3.jpg', await picture('#bbf7d0', '#15803d')),
  ];
  const vase = await upload(request, account.token, 'vazo.jpg', await picture('#e0e7ff', '#4338ca'));
  const products: [string, Record<string, unknown>][] = [
    [
      'Cam Vazo',
      { description: 'Üflemeli cam, el yapımı. Her biri tek ve biraz farklı.', price: { value: 1250 }, images: [vase] },
    ],
    ['Kilim', { description: 'Yün, doğal boya.', isActive: false, price: { value: 4800 } }],
    ['Çini Kase', { description: 'İznik desenli, 18 cm.', price: { value: 640, currency: 'TRY' } }],
    [
      'Bakır Lamba',
      {
        description: 'Dövme bakır masa lambası. Sıcak ışık, kumaş kablo, ahşap taban.',
        price: { value: 2499.9, compareAtValue: 2999.9 },
        images: lamp,
        featured: true,
        url: 'https://magaza.example/bakir-lamba',
        category: 'Aydınlatma',
        tags: ['el yapımı', 'bakır'],
        features: ['E27 duy', '1,5 m kumaş kablo', 'Ahşap taban'],
        stock: 4,
      },
    ],
    ['Ahşap Tepsi', { description: 'Ceviz, yağ ile korunmuş.', price: { value: 380 } }],
    ['Deri Cüzdan', { description: 'Bitkisel tabaklanmış deri.', price: { value: 45, currency: 'EUR' }, stock: 0 }],
  ];
  const ids: Record<string, string> = {};
  for (const [name, fields] of products) {
    const response = await request.post('/api/products', { headers, data: { name, ...fields } });
    expect(response.status(), await response.text()).toBe(200);
    ids[name] = ((await response.json()) as { data: { _id: string } }).data._id;
  }
  // The card page shows the last product once the read models have it.
  await expect
    .poll(async () => (await (await request.get(`/p/${cardId}`)).text()).includes('Deri Cüzdan'), { timeout: 15_000 })
    .toBe(true);
  return { cardId, officeCardId, ids };
}

const ORDER = ['Bakır Lamba', 'Cam Vazo', 'Çini Kase', 'Ahşap Tepsi', 'Deri Cüzdan'];

function catalogue(page: Page) {
  return page.getByRole('region', { name: 'Ürün Kataloğu' });
}

test.describe('the public catalogue', () => {
  test.use(PHONE);
  let seeded: Seeded;

  test.beforeAll(async ({ request }) => {
    seeded = await seed(request);
  });

  test('on the card: featured first, owner order, inactive absent; previous/next and the grid', async ({ page }) => {
    await page.goto(`/p/${seeded.cardId}`);
    const section = catalogue(page);
    const list = section.getByRole('list', { name: 'Ürünler' });
    await test.step('the products in order, each a link to its page', async () => {
      await expect(list.locator('.pc-product__name')).toHaveText(ORDER);
      await expect(section).not.toContainText('Kilim');
      await expect(section.getByRole('link', { name: /Bakır Lamba/ })).toHaveAttribute(
        'href',
        `/product/${seeded.ids['Bakır Lamba']}?card=${seeded.cardId}`,
      );
      await expect(section.getByText('Görsel Yok').first()).toBeVisible();
      await expect(section.locator('.pc-cat__progress')).toBeVisible();
    });
    await test.step('next scrolls the strip, previous brings it back', async () => {
      const previous = section.getByRole('button', { name: 'Önceki ürünler' });
      const next = section.getByRole('button', { name: 'Sonraki ürünler' });
      await expect(previous).toBeDisabled();
      await section.scrollIntoViewIfNeeded();
      // The photos arrive as the WebP small variant (the JPEG one is the fallback), once scrolled into view.
      await expect(section.locator('picture source[type="image/webp"]')).toHaveCount(2);
      await expect
        .poll(() =>
          list
            .locator('img')
            .first()
            .evaluate((image: HTMLImageElement) => image.currentSrc),
        )
        .toMatch(/-sm\.webp$/);
      await next.click();
      await expect.poll(() => list.evaluate((element) => element.scrollLeft)).toBeGreaterThan(100);
      await expect(previous).toBeEnabled();
      await shoot(page, 'card-scroller-phone');
      await previous.click();
      await expect.poll(() => list.evaluate((element) => element.scrollLeft)).toBe(0);
    });
    await test.step("'Tümünü Gör' shows a grid, 'Kaydırmalı Görünüm' the strip again", async () => {
      await section.getByRole('button', { name: 'Tümünü Gör' }).click();
      const toggle = section.getByRole('button', { name: 'Kaydırmalı Görünüm' });
      await expect(toggle).toHaveAttribute('aria-pressed', 'true');
      const boxes = await list
        .locator('.pc-cat__item')
        .evaluateAll((items) => items.map((item) => item.getBoundingClientRect().top));
      // Two columns on a 390 px phone: the first two products side by side, the third below.
      expect(boxes[0]).toBe(boxes[1]);
      expect(boxes[2]).toBeGreaterThan(boxes[0] ?? 0);
      await shoot(page, 'card-grid-phone');
      await expectAccessible(page, 'public card with catalogue (grid), 390×844');
      await toggle.click();
      await expect(section.getByRole('button', { name: 'Tümünü Gör' })).toHaveAttribute('aria-pressed', 'false');
    });
    await test.step('on a desktop', async () => {
      await page.setViewportSize(DESKTOP);
      await shoot(page, 'card-desktop');
      await expectAccessible(page, 'public card with catalogue, 1280×800');
    });
  });

  test('the product page: gallery, prices, Satın Al, share fallback', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'share', { configurable: true, value: undefined }),
    );
    // The page works under its Content-Security-Policy: the browser reports no violation on the card or the product.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener(
        'securitypolicyviolation',
        (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`),
        true,
      );
    });
    await page.goto(`/p/${seeded.cardId}`);
    await catalogue(page)
      .getByRole('link', { name: /Bakır Lamba/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/product/${seeded.ids['Bakır Lamba']}\\?card=${seeded.cardId}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Bakır Lamba' })).toBeVisible();
    await test.step('price, compare-at price, stock, category, tags, features', async () => {
      await expect(page.locator('.pp-price__now')).toHaveText('₺2.499,90');
      await expect(page.locator('.pp-price__was')).toContainText('₺2.999,90');
      await expect(page.getByText('Stokta var')).toBeVisible();
      await expect(page.getByText('Aydınlatma')).toBeVisible();
      await expect(page.getByRole('list', { name: 'Etiketler' }).getByRole('listitem')).toHaveText([
        'el yapımı',
        'bakır',
      ]);
      await expect(page.getByRole('heading', { name: 'Özellikler' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Satın Al' })).toHaveAttribute(
        'href',
        'https://magaza.example/bakir-lamba',
      );
      await expect(page.getByRole('link', { name: 'WhatsApp ile Bilgi Al' })).toHaveAttribute(
        'href',
        /^https:\/\/wa\.me\/\?text=/,
      );
    });
    await shoot(page, 'product-phone');
    await expectAccessible(page, 'product page, 390×844');
    await test.step('the gallery: arrows disabled at the ends, thumbnails jump', async () => {
      const previous = page.getByRole('button', { name: 'Önceki görsel' });
      const next = page.getByRole('button', { name: 'Sonraki görsel' });
      const counter = page.locator('[data-gallery-count]');
      await expect(previous).toBeDisabled();
      await expect(counter).toHaveText('1 / 3');
      await next.click();
      await expect(counter).toHaveText('2 / 3');
      await expect(page.getByRole('link', { name: 'Görsel 2' })).toHaveAttribute('aria-current', 'true');
      await page.getByRole('link', { name: 'Görsel 3' }).click();
      await expect(counter).toHaveText('3 / 3');
      await expect(next).toBeDisabled();
      await previous.click();
      await expect(counter).toHaveText('2 / 3');
      await expect(page.getByRole('link', { name: 'Görsel 1' })).not.toHaveAttribute('aria-current', 'true');
    });
    await test.step("without a share sheet: the address is copied, 'Bağlantı kopyalandı!'", async () => {
      await page.getByRole('button', { name: 'Paylaş' }).click();
      await expect(page.locator('[data-toast]')).toHaveText('Bağlantı kopyalandı!');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        `${baseURL}/product/${seeded.ids['Bakır Lamba']}`,
      );
    });
    await test.step('on a desktop', async () => {
      await page.setViewportSize(DESKTOP);
      await shoot(page, 'product-desktop');
      await expectAccessible(page, 'product page, 1280×800');
    });
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  });

  for (const [viewport, size] of [
    ['390×844', null],
    ['1280×800', DESKTOP],
  ] as const) {
    test(`at ${viewport}: the way back leads to the card the visitor came from, not the owner's first`, async ({
      page,
    }) => {
      if (size) await page.setViewportSize(size);
      await page.goto(`/p/${seeded.officeCardId}`);
      await catalogue(page)
        .getByRole('link', { name: /Cam Vazo/ })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: 'Cam Vazo' })).toBeVisible();
      // The top bar's arrow (the footer repeats it).
      const back = page.getByRole('navigation').getByRole('link', { name: 'Ayşe Yılmaz kartvizitine dön' });
      await expect(back).toHaveAttribute('href', `/p/${seeded.officeCardId}`);
      await expectAccessible(page, `product page from the second card, ${viewport}`);
      await shoot(page, `product-from-second-card-${viewport}`);
      await back.click();
      await expect(page).toHaveURL(new RegExp(`/p/${seeded.officeCardId}$`));
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Ayşe Yılmaz');

      // A link naming a card that is not this owner's shown one is not trusted: back to the owner's first card.
      await page.goto(`/product/${seeded.ids['Cam Vazo']}?card=VC-ZZZZZZ`);
      await expect(
        page.getByRole('navigation').getByRole('link', { name: 'Ayşe Yılmaz kartvizitine dön' }),
      ).toHaveAttribute('href', `/p/${seeded.cardId}`);
    });
  }

  test("a product without url has no 'Satın Al'; an inactive one is 'Ürün bulunamadı'", async ({ page }) => {
    const answer = await page.goto(`/product/${seeded.ids['Çini Kase']}`);
    const headers = answer?.headers() ?? {};
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    await expect(page.getByRole('heading', { level: 1, name: 'Çini Kase' })).toBeVisible();
    await expect(page.getByText('Görsel bulunamadı')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Satın Al' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Ayşe Yılmaz kartvizitine dön' }).first()).toHaveAttribute(
      'href',
      `/p/${seeded.cardId}`,
    );
    await shoot(page, 'product-no-image-phone');

    const response = await page.goto(`/product/${seeded.ids.Kilim}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Ürün bulunamadı' })).toBeVisible();
    await expect(page.getByText('Aradığınız ürün bulunamadı veya artık mevcut değil.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Geri Dön' })).toBeVisible();
    await shoot(page, 'product-not-found-phone');
    await expectAccessible(page, 'product not found, 390×844');
  });

  test('without JavaScript: the catalogue is a strip to swipe, the product page whole, its thumbnails links', async ({
    browser,
  }) => {
    const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/p/${seeded.cardId}`);
    const section = catalogue(page);
    await expect(section.locator('.pc-product__name')).toHaveText(ORDER);
    // The buttons that need the script are not there; the strip itself scrolls.
    await expect(section.getByRole('button')).toHaveCount(0);
    const list = section.getByRole('list', { name: 'Ürünler' });
    await list.evaluate((element) => element.scrollBy({ left: 400 }));
    await expect.poll(() => list.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    await shoot(page, 'card-nojs-phone');

    await page.goto(`/product/${seeded.ids['Bakır Lamba']}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Bakır Lamba' })).toBeVisible();
    await expect(page.getByRole('button')).toHaveCount(0);
    await page.getByRole('link', { name: 'Görsel 3' }).click();
    const track = page.locator('[data-gallery-track]');
    await expect.poll(() => track.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    await expect(page.getByRole('link', { name: 'Satın Al' })).toBeVisible();
    await shoot(page, 'product-nojs-phone');
    await context.close();
  });
});
