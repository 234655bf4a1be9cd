import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { MIN_POSITION_HEADER } from '@kartvizit/schemas/constants';
import type { APIRequestContext, Locator, Page, Request } from '@playwright/test';
import { expectAccessible } from './accessibility.ts';
import { alertWith, expect, plantToken, publicVirtualCard, test, toast, type Account } from './fixtures.ts';

/**
 * The owner's catalogue (/products) as an owner uses it: the shared rules answering beside the
 * field before anything is sent, three listings created with uploaded images, the list reordered
 * by dragging and by keyboard, one featured, one switched off and edited, the dashboard's panel,
 * and a delete behind its confirmation. Screenshots at 390×844 and 1280×800, axe on every state.
 */

const SCREENSHOTS = join(import.meta.dirname, '..', 'artifacts', 'screenshots');
const DESKTOP = { width: 1280, height: 800 } as const;
const PHONE = { width: 390, height: 844 } as const;

const TEXT = {
  title: 'Ürün Kataloğu',
  add: 'Yeni Ürün Ekle',
  cancel: 'İptal',
  newHeading: 'Yeni Ürün',
  editHeading: 'Ürünü Düzenle',
  empty: 'Henüz ürün eklemediniz',
  created: 'Ürün başarıyla eklendi!',
  updated: 'Ürün başarıyla güncellendi!',
  deleted: 'Ürün başarıyla silindi!',
  uploaded: 'Görseller başarıyla yüklendi',
  orderUpdated: 'Sıralama güncellendi',
  featuredOn: 'Ürün öne çıkanlara eklendi',
  nameRequired: 'Ürün adı zorunludur',
  priceStep: 'Fiyat en fazla iki ondalık basamak içerebilir (0,01 adımlarla)',
  priceInvalid: 'Fiyat 0 veya daha büyük bir tutar olmalıdır (ör. 8.750.000 veya 8.750.000,50)',
  whatsappInvalid: 'Geçerli bir WhatsApp numarası girin (ör. 0532 123 45 67)',
  instagramAt: 'Instagram kullanıcı adını @ işareti olmadan yazın',
  urlInvalid: 'Geçerli bir bağlantı girin (http:// veya https:// ile başlamalıdır)',
  tooLarge: "Her görsel 5MB'dan küçük olmalıdır",
} as const;

interface TestFile {
  readonly name: string;
  readonly mimeType: string;
  readonly buffer: Buffer;
}

/** A small real image, so the server's image pipeline has something to decode. */
async function drawImage(name: string, from: string, to: string, format: 'png' | 'jpeg'): Promise<TestFile> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="320" height="240" fill="url(#g)"/><path d="M60 190 160 80l100 110Z" fill="#fff" opacity=".8"/></svg>`;
  const image = sharp(Buffer.from(svg));
  const buffer = format === 'png' ? await image.png().toBuffer() : await image.jpeg({ quality: 85 }).toBuffer();
  return { name, mimeType: format === 'png' ? 'image/png' : 'image/jpeg', buffer };
}

async function shoot(page: Page, name: string): Promise<void> {
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  // From the top: a full-page capture leaves the sticky top bar where the scrolled screen had it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({
    path: join(SCREENSHOTS, `${name}-${width}x${height}.png`),
    fullPage: true,
    animations: 'disabled',
  });
}

function productList(page: Page): Locator {
  return page.getByRole('list', { name: 'Ürünleriniz' });
}

/** The names in the list, top to bottom. */
function rowNames(page: Page): Locator {
  return productList(page).getByRole('heading', { level: 3 });
}

function row(page: Page, name: string): Locator {
  return productList(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });
}

function form(page: Page): Locator {
  return page.locator('form').filter({ has: page.getByLabel('Ürün adı') });
}

/** Product commands the page sent (POST, PUT, DELETE on /api/products…). */
function recordCommands(page: Page): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/products') && request.method() !== 'GET') sent.push(request);
  });
  return sent;
}

test.beforeAll(() => {
  mkdirSync(SCREENSHOTS, { recursive: true });
});

test.describe('product catalogue', () => {
  test('an owner builds, orders, features, edits and prunes a catalogue of listings', async ({
    page,
    account,
    request,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(DESKTOP);
    const [sea, garden, land] = await Promise.all([
      drawImage('deniz.jpg', '#0ea5e9', '#1e3a8a', 'jpeg'),
      drawImage('bahce.png', '#22c55e', '#14532d', 'png'),
      drawImage('arsa.jpg', '#f59e0b', '#7c2d12', 'jpeg'),
    ]);
    const commands = recordCommands(page);
    await plantToken(page, account.token);
    await page.goto('/products');

    await test.step('given a new owner, the screen invites the first product', async () => {
      await expect(page.getByRole('heading', { level: 1, name: TEXT.title })).toBeVisible();
      await expect(page.getByRole('heading', { name: TEXT.empty })).toBeVisible();
      await expectAccessible(page, '/products, empty');
      await shoot(page, 'products-empty');
    });

    await test.step('the add button opens the new-product form and becomes a cancel button', async () => {
      await page.getByRole('button', { name: TEXT.add }).click();
      await expect(page.getByRole('heading', { level: 2, name: TEXT.newHeading })).toBeVisible();
      await expect(page.getByRole('button', { name: TEXT.cancel, exact: true }).first()).toHaveAttribute(
        'aria-expanded',
        'true',
      );
      await page.getByRole('button', { name: TEXT.cancel, exact: true }).first().click();
      await expect(page.getByLabel('Ürün adı')).toBeHidden();
      await page.getByRole('button', { name: TEXT.add }).click();
    });

    await test.step('when the form breaks a rule, then the Turkish message stands beside the field and nothing is sent', async () => {
      const f = form(page);
      await f.getByRole('button', { name: 'Ürünü Kaydet' }).click();
      await expect(alertWith(page, TEXT.nameRequired)).toBeVisible();
      await expect(f.getByLabel('Ürün adı')).toBeFocused();
      await expect(f.getByLabel('Ürün adı')).toHaveAttribute('aria-invalid', 'true');

      await f.getByLabel('Ürün adı').fill('Deniz manzaralı daire');
      await expect(alertWith(page, TEXT.nameRequired)).toBeHidden();
      await f.getByLabel('Fiyat', { exact: true }).fill('12,345');
      await f.getByRole('button', { name: 'Ürünü Kaydet' }).click();
      await expect(alertWith(page, TEXT.priceStep)).toBeVisible();
      await f.getByLabel('Fiyat', { exact: true }).fill('4250000');

      await f.getByLabel('Harici bağlantı').fill('ornek.com');
      await f.getByRole('button', { name: 'Ürünü Kaydet' }).click();
      await expect(alertWith(page, TEXT.urlInvalid)).toBeVisible();
      await f.getByLabel('Harici bağlantı').fill('https://ilan.ornek.com.tr/deniz');

      await f.getByLabel('Buton türü').selectOption('whatsapp');
      await expect(f.getByLabel('Buton metni')).toHaveValue("WhatsApp'tan Sipariş Ver");
      await f.getByLabel('WhatsApp numarası').fill('532 123');
      await f.getByRole('button', { name: 'Ürünü Kaydet' }).click();
      await expect(alertWith(page, TEXT.whatsappInvalid)).toBeVisible();
      await expect(f.getByLabel('WhatsApp numarası')).toBeFocused();

      await f.getByLabel('Buton türü').selectOption('instagram');
      await expect(f.getByLabel('Buton metni')).toHaveValue("Instagram'dan Mesaj Gönder");
      await expect(f.getByLabel('Instagram kullanıcı adı')).toHaveValue('');
      await f.getByLabel('Instagram kullanıcı adı').fill('@ozturkemlak');
      await f.getByRole('button', { name: 'Ürünü Kaydet' }).click();
      await expect(alertWith(page, TEXT.instagramAt)).toBeVisible();
      await expectAccessible(page, '/products, form with an error');
      await shoot(page, 'products-form-error');

      await f.getByLabel('Buton türü').selectOption('contact');
      await expect(f.getByLabel('Buton metni')).toHaveValue('İletişime Geç');
      await expect(f.getByLabel('Instagram kullanıcı adı')).toBeHidden();
      await f.getByLabel('Buton türü').selectOption('none');
      await expect(f.getByLabel('Buton metni')).toBeHidden();
      expect(commands).toEqual([]);
    });

    await test.step('a file over 5 MB is refused in the browser', async () => {
      await form(page)
        .getByLabel('Görsel Seç')
        .setInputFiles({ name: 'buyuk.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 1) });
      await expect(alertWith(page, TEXT.tooLarge)).toBeVisible();
    });

    await test.step('images upload with a progress bar; a preview can be removed; the first listing is saved', async () => {
      const f = form(page);
      // Hold the upload until the progress bar has been seen, so the step does not race the server.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/api/upload/images', async (route) => {
        await held;
        await route.continue();
      });
      await f.getByLabel('Görsel Seç').setInputFiles([sea, garden]);
      await expect(page.getByRole('progressbar', { name: 'Görseller yükleniyor' })).toBeVisible();
      release();
      await expect(toast(page, TEXT.uploaded)).toBeVisible();
      await page.unroute('**/api/upload/images');
      await expect(f.getByRole('progressbar')).toBeHidden();
      const previews = f.getByRole('list', { name: 'Seçilen görseller' }).getByRole('img');
      await expect(previews).toHaveCount(2);
      await f.getByRole('button', { name: 'Görsel 2 kaldır' }).click();
      await expect(previews).toHaveCount(1);

      await f.getByLabel('Kategori').fill('Daire');
      await f.getByLabel('Açıklama').fill('Denize sıfır, 3+1, güney cephe.');
      await f.getByLabel('Etiketler').fill('deniz manzaralı, site içinde');
      await f.getByLabel('Özellikler').fill('Asansör\nOtopark');
      await f.getByRole('button', { name: 'Ürünü Kaydet' }).click();
      await expect(toast(page, TEXT.created)).toBeVisible();
      await expect(page.getByLabel('Ürün adı')).toBeHidden();
      await expect(rowNames(page)).toHaveText(['Deniz manzaralı daire']);
      await expect(row(page, 'Deniz manzaralı daire')).toContainText('₺4.250.000,00');
      await expect(row(page, 'Deniz manzaralı daire').locator('img')).toHaveAttribute(
        'src',
        /^\/media\/products\/.+-sm\.jpg$/,
      );
    });

    await test.step('two more listings: a villa with a WhatsApp button in euros, a plot without a price', async () => {
      await page.getByRole('button', { name: TEXT.add }).click();
      let f = form(page);
      await f.getByLabel('Ürün adı').fill('Bahçeli villa');
      await f.getByLabel('Kategori').fill('Villa');
      await f.getByLabel('Fiyat', { exact: true }).fill('850000,50');
      await f.getByLabel('Para birimi').selectOption('EUR');
      await f.getByLabel('Buton türü').selectOption('whatsapp');
      await f.getByLabel('WhatsApp numarası').fill('+90 532 123 45 67');
      await f.getByLabel('Görsel Seç').setInputFiles(garden);
      await expect(f.getByRole('list', { name: 'Seçilen görseller' }).getByRole('img')).toHaveCount(1);
      await f.getByRole('button', { name: 'Ürünü Kaydet' }).click();
      await expect(toast(page, TEXT.created).first()).toBeVisible();
      await expect(rowNames(page)).toHaveText(['Deniz manzaralı daire', 'Bahçeli villa']);

      await page.getByRole('button', { name: TEXT.add }).click();
      f = form(page);
      await f.getByLabel('Ürün adı').fill('Merkezi arsa');
      await f.getByLabel('Kategori').fill('Arsa');
      await f.getByLabel('Görsel Seç').setInputFiles(land);
      await expect(f.getByRole('list', { name: 'Seçilen görseller' }).getByRole('img')).toHaveCount(1);
      await f.getByRole('button', { name: 'Ürünü Kaydet' }).click();
      await expect(rowNames(page)).toHaveText(['Deniz manzaralı daire', 'Bahçeli villa', 'Merkezi arsa']);
      await expect(row(page, 'Bahçeli villa')).toContainText('€850.000,50');
      await expect(row(page, 'Merkezi arsa').locator('.product-row__price')).toHaveCount(0);
    });

    await test.step('when the last row is dragged onto the first, then it moves there and the server keeps the order', async () => {
      const orderSent = page.waitForRequest((request) => request.url().endsWith('/api/products/order/update'));
      await row(page, 'Merkezi arsa').dragTo(row(page, 'Deniz manzaralı daire'));
      const body = (await orderSent).postDataJSON() as { products: Array<{ id: string; order: number }> };
      expect(body.products.map((product) => product.order)).toEqual([0, 1, 2]);
      await expect(rowNames(page)).toHaveText(['Merkezi arsa', 'Deniz manzaralı daire', 'Bahçeli villa']);
      await expect(toast(page, TEXT.orderUpdated)).toBeVisible();
      await page.reload();
      await expect(rowNames(page)).toHaveText(['Merkezi arsa', 'Deniz manzaralı daire', 'Bahçeli villa']);
    });

    await test.step('with the keyboard: a move button moves the row one place, keeps the focus and announces the place', async () => {
      const down = page.getByRole('button', { name: 'Merkezi arsa: aşağı taşı' });
      await down.focus();
      await page.keyboard.press('Enter');
      await expect(rowNames(page)).toHaveText(['Deniz manzaralı daire', 'Merkezi arsa', 'Bahçeli villa']);
      await expect(page.getByText('Merkezi arsa, 3 ürün içinde 2. sıraya taşındı')).toBeAttached();
      await expect(down).toBeFocused();
      await expect(down).not.toHaveAttribute('aria-disabled', 'true');
      await page.keyboard.press('Enter');
      await expect(rowNames(page)).toHaveText(['Deniz manzaralı daire', 'Bahçeli villa', 'Merkezi arsa']);
      await expect(down).toHaveAttribute('aria-disabled', 'true');
      await expect(page.getByRole('button', { name: 'Deniz manzaralı daire: yukarı taşı' })).toHaveAttribute(
        'aria-disabled',
        'true',
      );
      await page.reload();
      await expect(rowNames(page)).toHaveText(['Deniz manzaralı daire', 'Bahçeli villa', 'Merkezi arsa']);
    });

    await test.step('the star features a product: pressed, with its badge', async () => {
      const star = page.getByRole('button', { name: 'Bahçeli villa: öne çıkar' });
      await expect(star).toHaveAttribute('aria-pressed', 'false');
      await star.click();
      await expect(toast(page, TEXT.featuredOn)).toBeVisible();
      await expect(star).toHaveAttribute('aria-pressed', 'true');
      await expect(row(page, 'Bahçeli villa')).toContainText('Öne Çıkan');
    });

    await test.step('edit: the form opens with the stored values; switched off and renamed, the row is dimmed', async () => {
      await page.getByRole('button', { name: 'Merkezi arsa: düzenle' }).click();
      const f = form(page);
      await expect(page.getByRole('heading', { level: 2, name: TEXT.editHeading })).toBeVisible();
      await expect(f.getByLabel('Ürün adı')).toHaveValue('Merkezi arsa');
      await expect(f.getByLabel('Kategori')).toHaveValue('Arsa');
      await expect(f.getByRole('list', { name: 'Seçilen görseller' }).getByRole('img')).toHaveCount(1);
      await expect(f.getByLabel('Aktif (kartınızda gösterilir)')).toBeChecked();
      // The list's star while the form is open: the form follows, so its save keeps the star.
      await expect(f.getByLabel('Öne çıkan ürün')).not.toBeChecked();
      await page.getByRole('button', { name: 'Merkezi arsa: öne çıkar' }).click();
      await expect(f.getByLabel('Öne çıkan ürün')).toBeChecked();
      await f.getByLabel('Ürün adı').fill('Merkezi imarlı arsa');
      await f.getByLabel('Aktif (kartınızda gösterilir)').uncheck();
      await f.getByRole('button', { name: 'Değişiklikleri Kaydet' }).click();
      await expect(toast(page, TEXT.updated)).toBeVisible();
      await expect(rowNames(page)).toHaveText(['Deniz manzaralı daire', 'Bahçeli villa', 'Merkezi imarlı arsa']);
      await expect(row(page, 'Merkezi imarlı arsa')).toContainText('Pasif');
      await expect(row(page, 'Merkezi imarlı arsa')).toContainText('Öne Çıkan');
      await expect(row(page, 'Merkezi imarlı arsa')).toHaveClass(/product-row--inactive/);
      await expectAccessible(page, '/products, three listings');
      await shoot(page, 'products-list');
    });

    await test.step('the dashboard shows the first three with image, name, price and category', async () => {
      await page.getByRole('navigation', { name: 'Panel bölümleri' }).getByRole('link', { name: 'Ana Sayfa' }).click();
      const panel = page.getByRole('region', { name: 'Ürün Kataloğu' });
      const items = panel.getByRole('listitem');
      await expect(items).toHaveCount(3);
      await expect(items.nth(0)).toContainText('Deniz manzaralı daire');
      await expect(items.nth(0)).toContainText('Daire');
      await expect(items.nth(0)).toContainText('₺4.250.000,00');
      await expect(items.nth(1)).toContainText('€850.000,50');
      await expect(items.nth(2)).toContainText('Merkezi imarlı arsa');
      await expect(items.nth(0).locator('img')).toHaveAttribute('src', /^\/media\/products\//);
      await expect(panel.getByRole('link', { name: 'Tümünü gör' })).toHaveAttribute('href', '/products');
      await expectAccessible(page, '/dashboard, three products');
      await shoot(page, 'dashboard-products');
      await panel.getByRole('link', { name: 'Tümünü gör' }).click();
    });

    await test.step('a visitor sees it on the card at 390×844: featured first, then the owner’s order, the inactive one absent, in both views', async () => {
      const headers = { authorization: `Bearer ${account.token}` };
      const profile = await request.post('/api/profile', {
        headers,
        data: { firstName: account.firstName, lastName: account.lastName, email: account.email },
      });
      expect(profile.status(), await profile.text()).toBe(200);
      const cardId = await publicVirtualCard(request, account, 'Emlak Kartı');
      const visitor = await page.context().newPage();
      await visitor.setViewportSize(PHONE);
      await visitor.goto(`/p/${cardId}`);
      const section = visitor.getByRole('region', { name: 'Ürün Kataloğu' });
      const names = section.getByRole('list', { name: 'Ürünler' }).locator('.pc-product__name');
      await expect(names).toHaveText(['Bahçeli villa', 'Deniz manzaralı daire']);
      await expect(section).not.toContainText('Merkezi imarlı arsa');
      await section.getByRole('button', { name: 'Tümünü Gör' }).click();
      await expect(section.getByRole('button', { name: 'Kaydırmalı Görünüm' })).toHaveAttribute('aria-pressed', 'true');
      await expect(names).toHaveText(['Bahçeli villa', 'Deniz manzaralı daire']);
      await expectAccessible(visitor, 'the owner’s card with the catalogue (grid), 390×844');
      await shoot(visitor, 'products-on-card');
      await section.getByRole('link', { name: /Bahçeli villa/ }).click();
      await expect(visitor.getByRole('heading', { level: 1, name: 'Bahçeli villa' })).toBeVisible();
      await visitor.close();
    });

    await test.step('delete asks first, showing the image and the name; cancel keeps it, confirm removes it', async () => {
      await page.getByRole('button', { name: 'Bahçeli villa: sil' }).click();
      const dialog = page.getByRole('dialog', { name: 'Ürünü sil' });
      await expect(dialog).toContainText('Bahçeli villa');
      await expect(dialog).toContainText('Bu işlem geri alınamaz');
      await expect(dialog.locator('img')).toHaveAttribute('src', /^\/media\/products\//);
      await expect(dialog.getByRole('button', { name: 'Vazgeç' })).toBeFocused();
      await expectAccessible(page, '/products, delete confirmation');
      await shoot(page, 'products-delete');
      await dialog.getByRole('button', { name: 'Vazgeç' }).click();
      await expect(dialog).toBeHidden();
      await expect(rowNames(page)).toHaveCount(3);

      await page.getByRole('button', { name: 'Bahçeli villa: sil' }).click();
      await dialog.getByRole('button', { name: 'Evet, Sil' }).click();
      await expect(toast(page, TEXT.deleted)).toBeVisible();
      await expect(rowNames(page)).toHaveText(['Deniz manzaralı daire', 'Merkezi imarlı arsa']);
      await page.reload();
      await expect(rowNames(page)).toHaveText(['Deniz manzaralı daire', 'Merkezi imarlı arsa']);
    });
  });

  test('a failed reorder says so and the list comes back as the server has it', async ({ page, account, request }) => {
    await seedProducts(request, account, ['Birinci daire', 'İkinci daire']);
    await plantToken(page, account.token);
    await page.goto('/products');
    await expect(rowNames(page)).toHaveText(['Birinci daire', 'İkinci daire']);
    await page.route('**/api/products/order/update', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false}' }),
    );
    await page.getByRole('button', { name: 'İkinci daire: yukarı taşı' }).click();
    await expect(toast(page, 'Sıralama güncellenirken bir hata oluştu.')).toBeVisible();
    await expect(rowNames(page)).toHaveText(['Birinci daire', 'İkinci daire']);
  });

  test('when the server fails, each action says so in Turkish and the screen keeps what the server has', async ({
    page,
    account,
    request,
  }) => {
    await seedProducts(request, account, ['Göl evi']);
    await plantToken(page, account.token);
    const broken = { status: 500, contentType: 'text/html', body: '<h1>Bad Gateway</h1>' };

    await test.step('the list cannot be read: the toast, and a way to try again', async () => {
      await page.route('**/api/products', (route) =>
        route.request().method() === 'GET' ? route.fulfill(broken) : route.fallback(),
      );
      await page.goto('/products');
      await expect(toast(page, 'Ürünler getirilirken bir hata oluştu!')).toBeVisible();
      await page.unroute('**/api/products');
      await page.getByRole('button', { name: 'Tekrar Dene' }).click();
      await expect(rowNames(page)).toHaveText(['Göl evi']);
    });

    await page.route('**/api/products/**', (route) =>
      route.request().method() === 'GET' ? route.fallback() : route.fulfill(broken),
    );

    await test.step('the star cannot be saved', async () => {
      await page.getByRole('button', { name: 'Göl evi: öne çıkar' }).click();
      await expect(toast(page, 'Ürün güncellenirken bir hata oluştu.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Göl evi: öne çıkar' })).toHaveAttribute('aria-pressed', 'false');
    });

    await test.step('an edit cannot be saved: the form stays open with what was typed', async () => {
      await page.getByRole('button', { name: 'Göl evi: düzenle' }).click();
      await form(page).getByLabel('Ürün adı').fill('Göl kenarında ev');
      await form(page).getByRole('button', { name: 'Değişiklikleri Kaydet' }).click();
      await expect(toast(page, 'Ürün kaydedilirken bir hata oluştu!')).toBeVisible();
      await expect(form(page).getByLabel('Ürün adı')).toHaveValue('Göl kenarında ev');
      await form(page).getByRole('button', { name: TEXT.cancel }).click();
      await expect(rowNames(page)).toHaveText(['Göl evi']);
    });

    await test.step('a delete cannot be done: the toast, and the product is still there', async () => {
      await page.getByRole('button', { name: 'Göl evi: sil' }).click();
      await page.getByRole('dialog', { name: 'Ürünü sil' }).getByRole('button', { name: 'Evet, Sil' }).click();
      await expect(toast(page, 'Ürün silinirken bir hata oluştu!')).toBeVisible();
      await page.getByRole('dialog', { name: 'Ürünü sil' }).getByRole('button', { name: 'Vazgeç' }).click();
      await expect(rowNames(page)).toHaveText(['Göl evi']);
    });
  });

  for (const [viewport, size] of [
    ['390×844', PHONE],
    ['1280×800', DESKTOP],
  ] as const) {
    test(`at ${viewport}: a listing priced the Turkish way, with its WhatsApp number written as the profile takes it`, async ({
      page,
      account,
    }) => {
      await page.setViewportSize(size);
      const commands = recordCommands(page);
      await plantToken(page, account.token);
      await page.goto('/products');
      await page.getByRole('button', { name: TEXT.add }).click();
      const f = form(page);
      const price = f.getByLabel('Fiyat', { exact: true });
      const compareAt = f.getByLabel('İndirim öncesi fiyat');
      await f.getByLabel('Ürün adı').fill('Moda’da 3+1 daire');

      await test.step('a price grouped the English way is refused with a message that shows the Turkish way', async () => {
        await price.fill('8,750,000');
        await f.getByRole('button', { name: 'Ürünü Kaydet' }).click();
        await expect(alertWith(page, TEXT.priceInvalid)).toBeVisible();
        await expect(price).toBeFocused();
        expect(commands).toEqual([]);
      });

      await test.step('each Turkish form reads, and shows grouped once the field is left', async () => {
        for (const typed of ['8.750.000', '8.750.000,00', '8 750 000', '8750000']) {
          await price.fill(typed);
          await price.blur();
          await expect(price).toHaveValue('8.750.000');
        }
        await expect(alertWith(page, TEXT.priceInvalid)).toBeHidden();
        await compareAt.fill('9 250 000,5');
        await compareAt.blur();
        await expect(compareAt).toHaveValue('9.250.000,50');
      });

      await test.step('the WhatsApp number in the national form, as on the profile, is taken', async () => {
        await f.getByLabel('Buton türü').selectOption('whatsapp');
        await f.getByLabel('WhatsApp numarası').fill('05321234567');
        await f.getByLabel('WhatsApp numarası').blur();
        await expect(f.getByLabel('WhatsApp numarası')).toHaveValue('0532 123 45 67');
        await expectAccessible(page, `/products form with a Turkish price, ${viewport}`);
        await shoot(page, 'products-form-turkish-price');
        const sent = page.waitForRequest(
          (request) => request.method() === 'POST' && request.url().endsWith('/api/products'),
        );
        await f.getByRole('button', { name: 'Ürünü Kaydet' }).click();
        // What was typed goes to the server, which reads it with the same rule.
        expect(((await sent).postDataJSON() as { price: unknown }).price).toMatchObject({
          value: '8.750.000',
          compareAtValue: '9.250.000,50',
        });
        await expect(toast(page, TEXT.created)).toBeVisible();
        await expect(row(page, 'Moda’da 3+1 daire')).toContainText('₺8.750.000,00');
      });

      await test.step('stored in one form: the edit form shows the price grouped and the number as the profile does', async () => {
        const stored = (await (
          await page.request.get('/api/products', { headers: { authorization: `Bearer ${account.token}` } })
        ).json()) as {
          data: Array<{ price: { value: number; compareAtValue: number }; actionButton: { value: string } }>;
        };
        expect(stored.data[0]?.price).toMatchObject({ value: 8750000, compareAtValue: 9250000.5 });
        expect(stored.data[0]?.actionButton.value).toBe('905321234567');
        await page.getByRole('button', { name: 'Moda’da 3+1 daire: düzenle' }).click();
        await expect(f.getByLabel('Fiyat', { exact: true })).toHaveValue('8.750.000');
        await expect(f.getByLabel('İndirim öncesi fiyat')).toHaveValue('9.250.000,50');
        await expect(f.getByLabel('WhatsApp numarası')).toHaveValue('0532 123 45 67');
        await expectAccessible(page, `/products edit form, ${viewport}`);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width).toBeLessThanOrEqual(size.width);
      });
    });
  }

  test('on a phone (390×844) the list, the form and the dashboard panel fit and pass axe', async ({
    page,
    account,
    request,
  }) => {
    await page.setViewportSize(PHONE);
    await seedProducts(request, account, ['Satılık 2+1 daire', 'Kiralık işyeri', 'Deniz manzaralı villa']);
    await plantToken(page, account.token);
    await page.goto('/products');
    await expect(rowNames(page)).toHaveCount(3);
    await expectAccessible(page, '/products, 390×844');
    await shoot(page, 'products-list');
    await page.getByRole('button', { name: 'Kiralık işyeri: düzenle' }).click();
    await expect(page.getByRole('heading', { level: 2, name: TEXT.editHeading })).toBeVisible();
    await expectAccessible(page, '/products form, 390×844');
    await shoot(page, 'products-form');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await page.goto('/dashboard');
    await expect(page.getByRole('region', { name: 'Ürün Kataloğu' }).getByRole('listitem')).toHaveCount(3);
    await expectAccessible(page, '/dashboard, 390×844');
    await shoot(page, 'dashboard-products');
  });
});

/**
 * Products made through the real API, each with an uploaded image, for tests not about creating them. Returns once
 * the owner's list has them all (the read waits for the last command's position), so the page reads them too.
 */
async function seedProducts(request: APIRequestContext, account: Account, names: readonly string[]): Promise<void> {
  const headers = { authorization: `Bearer ${account.token}` };
  let position = '';
  for (const [index, name] of names.entries()) {
    const file = await drawImage(`urun-${index}.png`, '#6366f1', index % 2 ? '#0f766e' : '#b45309', 'png');
    const upload = await request.post('/api/upload/images', { headers, multipart: { images: file } });
    expect(upload.status(), await upload.text()).toBe(200);
    const { data } = (await upload.json()) as { data: string[] };
    const created = await request.post('/api/products', {
      headers,
      data: {
        name,
        category: index === 1 ? 'İşyeri' : 'Daire',
        price: { value: String(1500000 + index * 250000), currency: 'TRY' },
        images: data,
      },
    });
    expect(created.status(), await created.text()).toBe(200);
    position = ((await created.json()) as { position: string }).position;
  }
  await expect
    .poll(async () => {
      const list = await request.get('/api/products', { headers: { ...headers, [MIN_POSITION_HEADER]: position } });
      return ((await list.json()) as { data: unknown[] }).data.length;
    })
    .toBe(names.length);
}
