import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_CARD_ID, DEMO_LISTINGS, DEMO_PROFILE_FORM } from '@kartvizit/schemas/demo/model';
import { createProfileViaApi, expect, registerViaApi, test } from './fixtures.ts';
import { expectAccessible } from './accessibility.ts';

/**
 * What a new visitor sees first: the landing page's sample QR and 'Demoyu İncele' open the real
 * sample card (/p/DEMO), marked as a sample, with no lead form; the legal texts (/kvkk, /privacy,
 * /terms) are real pages with their sections and the operator's fields marked; the footer and the
 * lead form lead to the disclosure. Screens at a phone and a desktop size, each checked with axe.
 */

const SCREENSHOT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;
// Headless Chromium names itself a bot; a person's phone does not.
const PHONE_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

test.use({ userAgent: PHONE_USER_AGENT });

const LEGAL_PAGES = [
  {
    path: '/kvkk',
    title: 'Kişisel Verilerin Korunması Hakkında Aydınlatma Metni',
    sections: [
      '1. Veri sorumlusu',
      '2. Hangi kişisel verileri işliyoruz?',
      '3. İşleme amaçları ve hukuki sebepler',
      '4. Kişisel verileri nasıl topluyoruz?',
      '5. Kişisel veriler kimlere ve hangi amaçla aktarılır?',
      '6. Ne kadar süre saklıyoruz?',
      '7. KVKK md. 11 kapsamındaki haklarınız',
      '8. Haklarınızı nasıl kullanabilirsiniz?',
      '9. Çerezler ve tarayıcınızda saklanan bilgiler',
      '10. Bu metindeki değişiklikler',
    ],
  },
  {
    path: '/privacy',
    title: 'Gizlilik Politikası',
    sections: [
      'Kısaca',
      'Kart sahipleri için',
      'Kartvizit sayfasını açan ziyaretçiler için',
      'Bilgilerinizi bir kart sahibiyle paylaştığınızda',
      'Üçüncü taraf hizmetler',
      'Güvenlik önlemleri',
      'Çerezler',
      'Çocuklar',
      'İletişim ve değişiklikler',
    ],
  },
  {
    path: '/terms',
    title: 'Kullanım Koşulları',
    sections: [
      '1. Taraflar ve tanımlar',
      '2. Hizmetin kapsamı',
      '3. Hesap',
      '4. Kartvizit içeriği ve kullanım kuralları',
      '5. Ziyaretçilerin kişisel verileri',
      '6. Fiziksel kartlar ve QR kodları',
      '7. Ücretler',
      '8. Fikri mülkiyet',
      '9. Hizmetin sürekliliği ve değişiklikler',
      '10. Sorumluluk',
      '11. Hesabın kapatılması ve askıya alınması',
      '12. Kişisel veriler',
      '13. Koşullardaki değişiklikler',
      '14. Uygulanacak hukuk ve uyuşmazlıklar',
      '15. Bildirimler ve iletişim',
      '16. Yürürlük',
    ],
  },
] as const;

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  await page.screenshot({
    path: join(SCREENSHOT_DIR, `${name}-${width}x${height}.png`),
    fullPage: true,
    animations: 'disabled',
  });
}

/** The sample card is written when the server starts; the journeys wait until its page is served. */
async function sampleCardServed(page: Page): Promise<void> {
  await expect.poll(async () => (await page.request.get('/p/DEMO')).status()).toBe(200);
}

/** Decodes an image as the page shows it, drawn unrotated on a canvas (the landing tilts its card in 3D). */
async function decodeImage(page: Page, selector: string): Promise<string | null> {
  const dataUrl = await page.locator(selector).evaluate(async (element) => {
    const image = element as HTMLImageElement;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = 400;
    canvas.height = 400;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.fillStyle = '#fff';
    context.fillRect(0, 0, 400, 400);
    context.drawImage(image, 0, 0, 400, 400);
    return canvas.toDataURL('image/png');
  });
  const png = PNG.sync.read(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));
  return jsQR(Uint8ClampedArray.from(png.data), png.width, png.height)?.data ?? null;
}

/** A card of a registered owner, for the lead form's link. */
async function ownerCard(request: APIRequestContext): Promise<string> {
  const account = await registerViaApi(request);
  await createProfileViaApi(request, account);
  const headers = { authorization: `Bearer ${account.token}` };
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const cardId = `VC-${[...randomBytes(6)].map((byte) => alphabet.charAt(byte % alphabet.length)).join('')}`;
  const created = await request.post('/api/cards', { headers, data: { cardId, type: 'virtual', name: 'Ofis' } });
  expect(created.status(), await created.text()).toBe(200);
  const activated = await request.post('/api/cards/activate', { headers, data: { cardId, name: 'Ofis' } });
  expect(activated.status(), await activated.text()).toBe(200);
  const { position } = (await activated.json()) as { position?: string };
  await expect
    .poll(async () =>
      (await request.get(`/p/${cardId}`, { headers: position ? { 'x-min-position': position } : {} })).status(),
    )
    .toBe(200);
  return cardId;
}

test('from the landing page to the real sample card', async ({ page, baseURL }) => {
  await sampleCardServed(page);

  await test.step('the landing page’s sample QR decodes to PUBLIC_BASE_URL/p/DEMO', async () => {
    await page.goto('/');
    const qr = page
      .getByRole('figure', { name: 'Örnek dijital kartvizit' })
      .getByRole('img', { name: 'Örnek kartın QR kodu' });
    await expect(qr).toBeVisible();
    expect(await decodeImage(page, 'img[alt="Örnek kartın QR kodu"]')).toBe(`${baseURL}/p/DEMO`);
  });

  await test.step('‘Demoyu İncele’ opens the sample card, marked as a sample', async () => {
    await page.getByRole('link', { name: 'Demoyu İncele' }).click();
    await expect(page).toHaveURL(/\/p\/DEMO$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Ayşe Yılmaz' })).toBeVisible();
    const banner = page.getByRole('complementary', { name: 'Örnek kart' });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('Kişi ve şirket hayalidir');
    await expect(banner.getByRole('link', { name: 'Kendi kartınızı oluşturun' })).toHaveAttribute(
      'href',
      '/auth/register',
    );
    await expect(page.getByRole('link', { name: 'Telefon (0232) 000 00 00' })).toHaveAttribute(
      'href',
      'tel:+902320000000',
    );
  });

  await test.step('‘Bilgi Gönder’ explains the form instead of collecting anything', async () => {
    await page.getByRole('button', { name: 'Bilgi Gönder' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bilgilerini Paylaş' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Bu pencereden bilgi gönderilmez ve hiçbir bilgi kaydedilmez.');
    await expect(dialog.getByRole('textbox')).toHaveCount(0);
    await expect(dialog.getByRole('link', { name: 'Aydınlatma Metni' })).toHaveAttribute('href', '/kvkk');
    await expect(dialog.getByRole('link', { name: 'Kendi Kartımı Oluştur' })).toHaveAttribute('href', '/auth/register');
    await dialog.getByRole('button', { name: 'Kapat' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('the landing page’s own link and a typed /demo open it too', async () => {
    await page.goto('/');
    await page.getByRole('link', { name: 'örnek kartı bu cihazda açın' }).click();
    await expect(page).toHaveURL(/\/p\/DEMO$/);
    await page.goto('/demo');
    await expect(page).toHaveURL(/\/p\/DEMO$/);
    await expect(page.getByRole('complementary', { name: 'Örnek kart' })).toBeVisible();
  });
});

test('the sample card on a phone and a desktop, with and without its dialog, passes axe', async ({ page }) => {
  await sampleCardServed(page);
  for (const viewport of VIEWPORTS) {
    await test.step(`${viewport.width}×${viewport.height}`, async () => {
      await page.setViewportSize(viewport);
      await page.goto('/p/DEMO');
      await expect(page.getByRole('complementary', { name: 'Örnek kart' })).toBeVisible();
      await shoot(page, 'demo-card');
      await expectAccessible(page, `/p/DEMO ${viewport.width}`);
      await page.getByRole('button', { name: 'Bilgi Gönder' }).click();
      await expect(page.getByRole('dialog', { name: 'Bilgilerini Paylaş' })).toBeVisible();
      await page.screenshot({
        path: join(SCREENSHOT_DIR, `demo-card-lead-${viewport.width}x${viewport.height}.png`),
        animations: 'disabled',
      });
      await expectAccessible(page, `/p/DEMO lead dialog ${viewport.width}`);
    });
  }
});

test('the sample card sells: its listings, every section, a listing’s page, and a meeting form that sends nothing', async ({
  page,
}) => {
  await sampleCardServed(page);
  // Every request the sample card's page makes: none may carry a registration or fetch a form token.
  const requests: string[] = [];
  page.on('request', (request) => requests.push(`${request.method()} ${new URL(request.url()).pathname}`));

  for (const viewport of VIEWPORTS) {
    await test.step(`${viewport.width}×${viewport.height}: the card`, async () => {
      await page.setViewportSize(viewport);
      await page.goto('/p/DEMO');
      const catalogue = page.getByRole('region', { name: 'Ürün Kataloğu' });
      const names = catalogue.getByRole('list', { name: 'Ürünler' }).locator('.pc-product__name');
      await expect(names).toHaveText(DEMO_LISTINGS.map((listing) => listing.form.name));
      await expect(catalogue).toContainText('8.750.000');
      await expect(catalogue).not.toContainText('Ürün bulunamadı');
      // Every listing shows its drawn photo.
      for (const image of await catalogue.locator('img').all()) {
        await image.scrollIntoViewIfNeeded();
        await expect
          .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
          .toBeGreaterThan(0);
      }
      await expect(page.getByRole('region', { name: 'Sosyal Medya' }).getByRole('link')).toHaveCount(
        DEMO_PROFILE_FORM.socialLinks.length,
      );
      const corporate = page.getByRole('region', { name: 'Kurumsal Bilgiler' });
      await corporate.getByRole('tab', { name: 'Banka' }).click();
      await expect(corporate).toContainText('Örnek Bank');
      await expect(corporate).toContainText('TR97 0000 0000 0000 0000 0012 34');
      await corporate.getByRole('tab', { name: 'Ödeme' }).click();
      await expect(corporate).toContainText('odeme@example.com');
      await expect(page.getByRole('region', { name: 'Emlak Danışmanlığı' })).toBeVisible();
      await shoot(page, 'demo-card-full');
      await expectAccessible(page, `/p/DEMO with its listings ${viewport.width}`);
    });

    await test.step(`${viewport.width}×${viewport.height}: 'Görüşme Planlayın' answers in sample mode`, async () => {
      await page.getByRole('button', { name: 'Görüşme Planla' }).click();
      const dialog = page.getByRole('dialog', { name: 'Görüşme Planlayın' });
      await expect(dialog).toContainText('Örnek kart: Formu deneyebilirsiniz');
      await expectAccessible(page, `/p/DEMO REMS dialog ${viewport.width}`);
      // The shared rules still answer beside each field.
      await dialog.getByRole('button', { name: 'Gönder' }).click();
      await expect(dialog.getByLabel('Ad', { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await dialog.getByLabel('Ad', { exact: true }).fill('Çağrı');
      await dialog.getByLabel('Soyad', { exact: true }).fill('Öztürk');
      await dialog.getByLabel('Telefon', { exact: true }).fill('0532 123 45 67');
      await dialog.getByLabel('İlgi Alanı', { exact: true }).selectOption({ label: 'Alıcı' });
      await dialog.getByLabel('İl (isteğe bağlı)').selectOption({ label: 'İzmir' });
      await dialog.getByRole('button', { name: 'Gönder' }).click();
      await expect(dialog).toBeHidden();
      await expect(
        page.getByRole('status').filter({ hasText: 'Örnek kart: bilgileriniz gönderilmedi ve kaydedilmedi' }),
      ).toBeVisible();
    });

    await test.step(`${viewport.width}×${viewport.height}: a listing’s own page`, async () => {
      const [first] = DEMO_LISTINGS;
      await page
        .getByRole('region', { name: 'Ürün Kataloğu' })
        .locator(`a[href="/product/${first.productId}?card=${DEMO_CARD_ID}&lang=tr"]`)
        .click();
      await expect(page).toHaveURL(new RegExp(`/product/${first.productId}\\?card=${DEMO_CARD_ID}&lang=tr$`));
      await expect(page.getByRole('heading', { level: 1, name: first.form.name })).toBeVisible();
      await expect(page.getByText('8.750.000').first()).toBeVisible();
      const photo = page.locator('.pp-slides img').first();
      await expect.poll(() => photo.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(1200);
      await shoot(page, 'demo-product');
      await expectAccessible(page, `/product of the sample ${viewport.width}`);
    });
  }

  const sent = requests.filter((request) => /\/api\/(rems|leads)|form-token/.test(request));
  expect(sent).toEqual([]);
});

for (const legal of LEGAL_PAGES) {
  test(`${legal.path} shows its sections, marks the operator’s fields and passes axe`, async ({ page }) => {
    for (const viewport of VIEWPORTS) {
      await test.step(`${viewport.width}×${viewport.height}`, async () => {
        await page.setViewportSize(viewport);
        await page.goto(legal.path);
        await expect(page.getByRole('heading', { level: 1, name: legal.title })).toBeVisible();
        await expect(page.getByText('Sürüm 2026-11')).toBeVisible();
        const contents = page.getByRole('navigation', { name: 'İçindekiler' });
        await expect(contents.getByRole('link')).toHaveText([...legal.sections]);
        for (const section of legal.sections) {
          await expect(page.getByRole('region', { name: section })).toBeAttached();
        }
        await expect(page.getByRole('note')).toContainText('bu hizmeti işleten şirket tarafından');
        await expect(page.locator('mark.legal__fill').first()).toBeVisible();
        await shoot(page, `legal${legal.path.replace('/', '-')}`);
        await expectAccessible(page, `${legal.path} ${viewport.width}`);
      });
    }

    await test.step('a link in the contents lands on its section', async () => {
      const last = legal.sections.at(-1) ?? '';
      await page.getByRole('navigation', { name: 'İçindekiler' }).getByRole('link', { name: last }).click();
      await expect(page.getByRole('heading', { level: 2, name: last })).toBeInViewport();
    });
  });
}

test('the disclosure names what the product really does', async ({ page }) => {
  await page.goto('/kvkk');
  const section = (name: string) => page.getByRole('region', { name });
  await expect(section('3. İşleme amaçları ve hukuki sebepler')).toContainText('md. 5/2 (c)');
  await expect(section('3. İşleme amaçları ve hukuki sebepler')).toContainText('md. 5/2 (f)');
  await expect(section('3. İşleme amaçları ve hukuki sebepler')).toContainText('açık rızanız');
  await expect(section('6. Ne kadar süre saklıyoruz?')).toContainText('en geç 48 saat');
  await expect(section('6. Ne kadar süre saklıyoruz?')).toContainText('IP adresi');
  await expect(section('8. Haklarınızı nasıl kullanabilirsiniz?')).toContainText('30 gün');
  await expect(section('9. Çerezler ve tarayıcınızda saklanan bilgiler')).toContainText('çerez (cookie) kullanmaz');
  await expect(section('1. Veri sorumlusu').locator('mark')).toHaveText([
    '[Şirket unvanı]',
    '[MERSİS no]',
    '[Adres]',
    '[KEP adresi]',
    '[İletişim e-postası]',
    '[Telefon]',
  ]);
});

test('the footer, the registration form and a card’s lead form lead to the legal texts', async ({ page, request }) => {
  await test.step('footer', async () => {
    await page.goto('/');
    const footer = page.locator('footer');
    await footer.getByRole('link', { name: 'KVKK Aydınlatma Metni' }).click();
    await expect(page).toHaveURL(/\/kvkk$/);
    await expect(page.getByRole('heading', { level: 1, name: LEGAL_PAGES[0].title })).toBeVisible();
    await footer.getByRole('link', { name: 'Kullanım Koşulları' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Kullanım Koşulları' })).toBeVisible();
    await footer.getByRole('link', { name: 'Gizlilik Politikası' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Gizlilik Politikası' })).toBeVisible();
  });

  await test.step('registration', async () => {
    await page.goto('/auth/register');
    await expect(page.getByRole('link', { name: 'Kullanım Koşulları' })).toHaveAttribute('href', '/terms');
    await page.getByRole('link', { name: 'Aydınlatma Metni' }).click();
    await expect(page).toHaveURL(/\/kvkk$/);
  });

  await test.step('the lead form of an owner’s card opens the disclosure in a new tab', async () => {
    const cardId = await ownerCard(request);
    await page.goto(`/p/${cardId}`);
    await page.getByRole('button', { name: 'Bilgi Gönder' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bilgilerini Paylaş' });
    const [disclosure] = await Promise.all([
      page.waitForEvent('popup'),
      dialog.getByRole('link', { name: 'Aydınlatma Metni' }).click(),
    ]);
    await expect(disclosure).toHaveURL(/\/kvkk$/);
    await expect(disclosure.getByRole('heading', { level: 1, name: LEGAL_PAGES[0].title })).toBeVisible();
    await expect(disclosure.getByRole('region', { name: '2. Hangi kişisel verileri işliyoruz?' })).toContainText(
      'Bilgilerini Paylaş',
    );
  });
});
