import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import type { APIRequestContext, BrowserContextOptions, Locator, Page } from '@playwright/test';
import { expectAccessible } from './accessibility.ts';
import { expect, registerViaApi, test, type Account } from './fixtures.ts';

/**
 * The public card page (/p/{cardId}) as a stranger sees it on a phone: every block of a full
 * profile, an almost empty one, the copy actions, share, the QR dialog (decoded with a real QR
 * reader), the page without JavaScript and a deactivated card. Screenshots for review.
 */

const SCREENSHOT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');
const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  screen: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  locale: 'tr-TR',
  timezoneId: 'Europe/Istanbul',
};

test.use(PHONE);

const TEXT = {
  notFound: 'Profil bulunamadı',
  mapFailed: 'Harita yüklenemedi - Adres bilgileri gösteriliyor',
} as const;

interface SeededCard {
  readonly cardId: string;
  readonly account: Account;
}

function virtualCardId(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return `VC-${[...randomBytes(6)].map((byte) => alphabet.charAt(byte % alphabet.length)).join('')}`;
}

/** A portrait-like picture, a cover and a transparent logo, drawn as SVG and encoded by sharp. */
async function images() {
  const portrait = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fde68a"/><stop offset="1" stop-color="#f59e0b"/></linearGradient></defs><rect width="600" height="600" fill="url(#g)"/><circle cx="300" cy="240" r="110" fill="#7c2d12"/><ellipse cx="300" cy="560" rx="220" ry="170" fill="#1e3a8a"/></svg>`,
  );
  const cover = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900"><defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0ea5e9"/><stop offset="1" stop-color="#bae6fd"/></linearGradient></defs><rect width="1600" height="900" fill="url(#s)"/><path d="M0 700 L300 420 L520 640 L820 300 L1120 620 L1350 460 L1600 700 L1600 900 L0 900Z" fill="#1e3a8a" opacity=".85"/><path d="M0 800 L400 600 L800 760 L1200 580 L1600 780 L1600 900 L0 900Z" fill="#0f172a"/></svg>`,
  );
  const logo = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect x="16" y="16" width="224" height="224" rx="56" fill="#4338ca"/><text x="128" y="168" font-family="sans-serif" font-size="120" font-weight="700" fill="#fff" text-anchor="middle">YE</text></svg>`,
  );
  return {
    profilePicture: { name: 'ayse.jpg', mimeType: 'image/jpeg', buffer: await sharp(portrait).jpeg().toBuffer() },
    coverPhoto: { name: 'kapak.jpg', mimeType: 'image/jpeg', buffer: await sharp(cover).jpeg().toBuffer() },
    companyLogo: { name: 'logo.png', mimeType: 'image/png', buffer: await sharp(logo).png().toBuffer() },
  };
}

const FULL_PROFILE: Record<string, string> = {
  title: 'Dr.',
  jobTitle: 'Gayrimenkul Danışmanı',
  firstName: 'Ayşe',
  lastName: 'Yılmaz',
  company: 'Yılmaz Emlak',
  bio: 'İstanbul Anadolu yakasında 15 yıllık deneyim.\nKonut ve ticari gayrimenkulde alım, satım ve kiralama.',
  phone: '0532 123 45 67',
  email: 'ayse@yilmaz-emlak.com.tr',
  website: 'https://yilmaz-emlak.com.tr',
  theme: 'classic',
  'address.street': 'Bağdat Caddesi No: 1',
  'address.city': 'İstanbul',
  'address.state': 'Kadıköy',
  'address.zipCode': '34710',
  'address.country': 'Türkiye',
  'location.lat': '40.9632',
  'location.lng': '29.0634',
  'companyInfo.taxOffice': 'Kadıköy',
  'companyInfo.taxNumber': '4540536920',
  'companyInfo.mersisNo': '0454053692000015',
  'companyInfo.registrationNumber': '123456-5',
  'companyInfo.foundedYear': '2009',
  'invoiceInfo.recipientName': 'Yılmaz Emlak Ltd. Şti.',
  'invoiceInfo.taxId': '4540536920',
  'invoiceInfo.taxOffice': 'Kadıköy',
  'invoiceInfo.address': 'Bağdat Caddesi No: 1\nKadıköy / İstanbul',
  socialLinks: JSON.stringify([
    { platform: 'instagram', username: 'yilmazemlak', url: '' },
    { platform: 'linkedin', username: 'ayse-yilmaz', url: '' },
    { platform: 'youtube', username: '', url: 'https://www.youtube.com/@yilmazemlak' },
    { platform: 'medium', username: 'ayse', url: 'https://medium.com/@ayse' },
  ]),
  bankAccounts: JSON.stringify([
    {
      bankName: 'Ziraat Bankası',
      accountHolder: 'Ayşe Yılmaz',
      iban: 'TR33 0006 1005 1978 6457 8413 26',
      accountNumber: '',
      branchCode: '0610',
      swiftCode: 'TCZBTR2A',
      currency: 'TRY',
    },
  ]),
  paymentMethods: JSON.stringify([
    { type: 'paypal', accountName: 'Ayşe Yılmaz', accountId: 'ayse@yilmaz-emlak.com.tr', qrCode: '' },
    { type: 'other', accountName: 'Papara', accountId: '1234567890', qrCode: '' },
  ]),
};

/** A virtual card for a new owner with the given profile, created and activated through the API. */
async function seedCard(
  request: APIRequestContext,
  profile: Record<string, string>,
  withImages: boolean,
): Promise<SeededCard> {
  const account = await registerViaApi(request);
  const headers = { authorization: `Bearer ${account.token}` };
  const saved = await request.post('/api/profile', {
    headers,
    multipart: { ...profile, ...(withImages ? await images() : {}) },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const cardId = virtualCardId();
  const created = await request.post('/api/cards', {
    headers,
    data: { cardId, type: 'virtual', name: `Kart ${cardId}` },
  });
  expect(created.status(), await created.text()).toBe(200);
  const activated = await request.post('/api/cards/activate', { headers, data: { cardId, name: `Kart ${cardId}` } });
  expect(activated.status(), await activated.text()).toBe(200);
  const { position } = (await activated.json()) as { position?: string };
  await expect
    .poll(async () =>
      (
        await request.get(`/api/profile/card/${cardId}`, { headers: position ? { 'x-min-position': position } : {} })
      ).status(),
    )
    .toBe(200);
  return { cardId, account };
}

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  // CSS pixels: the phone's 3× density would make review images needlessly large.
  await page.screenshot({
    path: join(SCREENSHOT_DIR, `public-card-${name}-${width}x${height}.png`),
    fullPage: true,
    animations: 'disabled',
    scale: 'css',
  });
}

function decodeQrPng(bytes: Buffer): string | null {
  const png = PNG.sync.read(bytes);
  return jsQR(Uint8ClampedArray.from(png.data), png.width, png.height)?.data ?? null;
}

async function clipboard(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}

function section(page: Page, name: string): Locator {
  return page.getByRole('region', { name });
}

test.describe('a full profile', () => {
  let card: SeededCard;

  // One card per worker for this group's tests (they only read it).
  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    card = await seedCard(request, FULL_PROFILE, true);
    await request.dispose();
  });

  test('shows every block, server-rendered, and each works', async ({ page, baseURL }) => {
    await test.step('the person arrives in the first response', async () => {
      const response = await page.goto(`/p/${card.cardId}`);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle('Ayşe Yılmaz · Gayrimenkul Danışmanı · Yılmaz Emlak');
      await expect(page.getByRole('heading', { level: 1, name: 'Dr. Ayşe Yılmaz' })).toBeVisible();
      await expect(page.getByText('Gayrimenkul Danışmanı', { exact: true })).toBeVisible();
      await expect(page.getByRole('img', { name: 'Ayşe Yılmaz profil fotoğrafı' })).toBeVisible();
      await expect(page.getByRole('img', { name: 'Yılmaz Emlak logosu' })).toBeVisible();
      await expect(page.locator('html')).toHaveClass('theme-classic');
      await expectAccessible(page, 'public card, full profile');
    });

    await test.step('contact list', async () => {
      const contact = section(page, 'İletişim');
      await expect(contact.getByRole('link', { name: /Telefon 0532 123 45 67/ })).toHaveAttribute(
        'href',
        'tel:+905321234567',
      );
      // Beside the call: WhatsApp with the same mobile number (decision 47), in a new tab.
      const whatsApp = contact.getByRole('link', { name: /WhatsApp 0532 123 45 67/ });
      await expect(whatsApp).toHaveAttribute('href', 'https://wa.me/905321234567');
      await expect(whatsApp).toHaveAttribute('target', '_blank');
      await expect(contact.getByRole('link', { name: /E-posta ayse@yilmaz-emlak\.com\.tr/ })).toHaveAttribute(
        'href',
        'mailto:ayse@yilmaz-emlak.com.tr',
      );
      await expect(contact.getByRole('link', { name: /Web Sitesi yilmaz-emlak\.com\.tr/ })).toHaveAttribute(
        'href',
        'https://yilmaz-emlak.com.tr',
      );
      await expect(
        contact.getByRole('link', { name: /Adres Bağdat Caddesi No: 1, 34710 Kadıköy\/İstanbul, Türkiye/ }),
      ).toBeVisible();
    });

    await test.step('social links open in a new tab with their platform as a tooltip', async () => {
      const social = section(page, 'Sosyal Medya');
      await expect(social.getByRole('link')).toHaveCount(4);
      const instagram = social.getByRole('link', { name: /Instagram: yilmazemlak/ });
      await expect(instagram).toHaveAttribute('href', 'https://www.instagram.com/yilmazemlak');
      await expect(instagram).toHaveAttribute('target', '_blank');
      await expect(instagram).toHaveAttribute('title', 'Instagram: yilmazemlak');
    });

    await test.step('about', async () => {
      await expect(section(page, 'Hakkında')).toContainText('15 yıllık deneyim');
    });

    await test.step('location: precise badge, directions to three apps, map on demand', async () => {
      const location = section(page, 'Konum');
      await expect(location.getByText('Kesin Konum')).toBeVisible();
      await expect(location.getByText('40.963200, 29.063400')).toBeVisible();
      await expect(location.getByRole('link', { name: 'Google Haritalar' })).toHaveAttribute(
        'href',
        /google\.com\/maps\/dir\/\?api=1&destination=40\.963200%2C29\.063400/,
      );
      await expect(location.getByRole('link', { name: 'Apple Haritalar' })).toHaveAttribute(
        'href',
        /maps\.apple\.com\/\?daddr=40\.963200%2C29\.063400/,
      );
      await expect(location.getByRole('link', { name: 'Waze' })).toHaveAttribute(
        'href',
        /waze\.com\/ul\?ll=40\.963200%2C29\.063400&navigate=yes/,
      );
      // No map library until asked for.
      expect(
        await page.evaluate(() =>
          performance.getEntriesByType('resource').some((entry) => /Vector|map-/.test(entry.name)),
        ),
      ).toBe(false);
      await location.getByRole('button', { name: 'Haritayı Göster' }).click();
      await expect(location.locator('.pc-map canvas')).toBeVisible();
      await expect(location.locator('.ol-attribution')).toContainText('OpenStreetMap');
      await expectAccessible(page, 'public card with its map');
    });

    await test.step("'Kurumsal Bilgiler' tabs: first selected, only tabs with data, arrow keys move", async () => {
      const corporate = section(page, 'Kurumsal Bilgiler');
      const tabs = corporate.getByRole('tab');
      await expect(tabs).toHaveText(['Şirket', 'E-Fatura', 'Banka', 'Ödeme']);
      await expect(corporate.getByRole('tab', { name: 'Şirket' })).toHaveAttribute('aria-selected', 'true');
      await expect(corporate.getByRole('tabpanel')).toHaveCount(1);
      await expect(corporate.getByRole('tabpanel', { name: 'Şirket' })).toContainText('0454053692000015');
      await corporate.getByRole('tab', { name: 'Şirket' }).focus();
      await page.keyboard.press('ArrowRight');
      await expect(corporate.getByRole('tab', { name: 'E-Fatura' })).toBeFocused();
      await expect(corporate.getByRole('tabpanel', { name: 'E-Fatura' })).toContainText('Yılmaz Emlak Ltd. Şti.');
      await corporate.getByRole('tab', { name: 'Banka' }).click();
      await expect(corporate.getByRole('tabpanel', { name: 'Banka' })).toContainText(
        'TR33 0006 1005 1978 6457 8413 26',
      );
      await corporate.getByRole('tab', { name: 'Ödeme' }).click();
      const payment = corporate.getByRole('tabpanel', { name: 'Ödeme' });
      await expect(payment.locator('.pc-pay--paypal')).toContainText('ayse@yilmaz-emlak.com.tr');
      await expect(payment.locator('.pc-pay--papara')).toContainText('1234567890');
      await expectAccessible(page, 'public card, payment tab');
    });

    await test.step('footer and the action bar', async () => {
      await expect(page.getByRole('contentinfo')).toContainText('© 2025 Dijital Kartvizit');
      const bar = page.getByRole('navigation', { name: 'Kartvizit işlemleri' });
      for (const name of ['Paylaş', 'Bilgi Gönder', 'QR Kodu Göster'])
        await expect(bar.getByRole('button', { name })).toBeVisible();
      await expect(bar.getByRole('link', { name: 'Rehbere Ekle' })).toHaveAttribute(
        'href',
        `/api/profile/card/${card.cardId}/contact.vcf`,
      );
      await expect(bar.getByRole('link', { name: 'Yol Tarifi' })).toHaveAttribute('href', /google\.com\/maps\/dir/);
    });

    await test.step('screenshots', async () => {
      await section(page, 'Kurumsal Bilgiler').getByRole('tab', { name: 'Banka' }).click();
      await page.evaluate(() => window.scrollTo(0, 0));
      // What a stranger sees first, then the whole page.
      await page.screenshot({
        path: join(SCREENSHOT_DIR, 'public-card-first-screen-390x844.png'),
        animations: 'disabled',
        scale: 'css',
      });
      await shoot(page, 'full');
      await page.setViewportSize({ width: 1280, height: 800 });
      await shoot(page, 'full');
      await expectAccessible(page, 'public card, full profile, 1280×800');
      await page.setViewportSize({ width: 390, height: 844 });
    });
    expect(baseURL).toBeDefined();
  });

  test('copies each value with a 2-second marker', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await page.goto(`/p/${card.cardId}`);
    const marker = page.locator('[data-toast]');
    const contact = section(page, 'İletişim');
    const cases: [string, string][] = [
      ['Telefon', '0532 123 45 67'],
      ['WhatsApp', '0532 123 45 67'],
      ['E-posta', 'ayse@yilmaz-emlak.com.tr'],
      ['Web Sitesi', 'https://yilmaz-emlak.com.tr'],
      ['Adres', 'Bağdat Caddesi No: 1, 34710 Kadıköy/İstanbul, Türkiye'],
    ];
    for (const [label, value] of cases) {
      await test.step(label, async () => {
        await contact.getByRole('button', { name: `${label} kopyala` }).click();
        await expect(marker).toHaveText(`${label} kopyalandı!`);
        expect(await clipboard(page)).toBe(value);
      });
    }
    await test.step('the marker goes after 2 s', async () => {
      await expect(marker).toHaveText('', { timeout: 4000 });
    });

    const corporate = section(page, 'Kurumsal Bilgiler');
    await test.step('company and invoice details', async () => {
      await corporate.getByRole('button', { name: 'Vergi Numarası kopyala' }).click();
      await expect(marker).toHaveText('Vergi Numarası kopyalandı!');
      expect(await clipboard(page)).toBe('4540536920');
      await corporate.getByRole('tab', { name: 'E-Fatura' }).click();
      await corporate.getByRole('button', { name: 'Fatura bilgilerini kopyala' }).click();
      await expect(marker).toHaveText('Fatura bilgileri kopyalandı!');
      expect(await clipboard(page)).toContain('VKN / TCKN: 4540536920');
    });
    await test.step('IBAN without spaces', async () => {
      await corporate.getByRole('tab', { name: 'Banka' }).click();
      await corporate.getByRole('button', { name: 'IBAN kopyala' }).click();
      await expect(marker).toHaveText('IBAN kopyalandı!');
      expect(await clipboard(page)).toBe('TR330006100519786457841326');
    });
    await test.step('a payment tile copies its account id and says so, not the account name', async () => {
      await corporate.getByRole('tab', { name: 'Ödeme' }).click();
      await corporate.getByRole('button', { name: /^PayPal, Ayşe Yılmaz: ayse@yilmaz-emlak\.com\.tr/ }).click();
      await expect(marker).toHaveText('E-posta adresi kopyalandı!');
      expect(await clipboard(page)).toBe('ayse@yilmaz-emlak.com.tr');
    });
  });

  test('shares natively, or copies the link when the browser cannot share', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await test.step('navigator.share gets title, text and URL', async () => {
      await page.addInitScript(() => {
        const shared: unknown[] = [];
        (window as unknown as { shared: unknown[] }).shared = shared;
        Object.defineProperty(Navigator.prototype, 'share', {
          configurable: true,
          value: (data: unknown) => (shared.push(data), Promise.resolve()),
        });
      });
      await page.goto(`/p/${card.cardId}`);
      await page.getByRole('button', { name: 'Paylaş' }).click();
      expect(await page.evaluate(() => (window as unknown as { shared: unknown[] }).shared)).toEqual([
        {
          title: 'Ayşe Yılmaz',
          text: 'Ayşe Yılmaz · Gayrimenkul Danışmanı · Yılmaz Emlak',
          url: `${baseURL}/p/${card.cardId}`,
        },
      ]);
    });
    await test.step('without navigator.share: the URL on the clipboard, the label says so', async () => {
      const other = await context.newPage();
      await other.addInitScript(() =>
        Object.defineProperty(Navigator.prototype, 'share', { configurable: true, value: undefined }),
      );
      await other.goto(`/p/${card.cardId}`);
      const share = other.getByRole('navigation', { name: 'Kartvizit işlemleri' }).locator('[data-share]');
      await share.click();
      await expect(share).toHaveText('Kopyalandı!');
      expect(await clipboard(other)).toBe(`${baseURL}/p/${card.cardId}`);
      await expect(share).toHaveText('Paylaş', { timeout: 4000 });
    });
  });

  test('the QR dialog shows a QR code of the card URL that a real reader decodes', async ({ page, baseURL }) => {
    await page.goto(`/p/${card.cardId}`);
    await page.getByRole('button', { name: 'QR Kodu Göster' }).click();
    const dialog = page.getByRole('dialog', { name: 'Kartvizit QR Kodu' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('okutarak kartviziti görüntüleyebilir');
    const qr = dialog.getByRole('img', { name: /^Kartvizit QR kodu/ });
    const box = await qr.boundingBox();
    expect(box?.width).toBe(200);
    expect(box?.height).toBe(200);
    expect(decodeQrPng(await qr.screenshot())).toBe(`${baseURL}/p/${card.cardId}`);
    await shoot(page, 'qr');
    await expectAccessible(page, 'public card, QR dialog');
    await dialog.getByRole('button', { name: 'Kapat' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'QR Kodu Göster' }).click();
    await expect(dialog).toBeVisible();
    // A tap on the backdrop closes it.
    await page.mouse.click(8, 8);
    await expect(dialog).toBeHidden();
  });

  test("'Bilgi Gönder' opens the accessible 'Bilgilerini Paylaş' dialog", async ({ page }) => {
    await page.goto(`/p/${card.cardId}`);
    await page.getByRole('button', { name: 'Bilgi Gönder' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bilgilerini Paylaş' });
    await expect(dialog).toBeVisible();
    for (const label of ['Ad Soyad', 'Telefon', 'E-posta', 'Mesaj'])
      await expect(dialog.getByLabel(label, { exact: true })).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Aydınlatma Metni' })).toHaveAttribute('href', '/kvkk');
    await expect(dialog.getByRole('checkbox')).not.toBeChecked();
    // The honeypot: off-screen and out of the tab order, for bots only.
    await expect(dialog.locator('input[name="website"]')).not.toBeInViewport();
    await expect(dialog.locator('input[name="website"]')).toHaveAttribute('tabindex', '-1');
    await expect(dialog.getByRole('button', { name: 'İptal' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Gönder' })).toBeVisible();
    await shoot(page, 'lead');
    await expectAccessible(page, 'public card, lead dialog');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Bilgi Gönder' }).click();
    await dialog.getByRole('button', { name: 'İptal' }).click();
    await expect(dialog).toBeHidden();
  });

  test('a logo that fails to load is hidden; a map that fails shows the address fallback', async ({ page }) => {
    await page.route('**/media/**/logo-*', (route) => route.fulfill({ status: 404, body: '' }));
    await page.route(/\/\d+\/\d+\/\d+\.png$/, (route) => route.abort());
    await page.goto(`/p/${card.cardId}`);
    await expect(page.locator('img.pc-logo')).toBeHidden();
    await expect(page.getByText('Yılmaz Emlak', { exact: true }).first()).toBeVisible();
    const location = section(page, 'Konum');
    await location.getByRole('button', { name: 'Haritayı Göster' }).click();
    await expect(location.getByText(TEXT.mapFailed)).toBeVisible();
    await expect(location.getByText('Bağdat Caddesi No: 1, 34710 Kadıköy/İstanbul, Türkiye')).toBeVisible();
    await expectAccessible(page, 'public card, map failed');
  });

  for (const [viewport, size] of [
    ['390×844', null],
    ['1280×800', { width: 1280, height: 800 }],
  ] as const) {
    test(`at ${viewport}: WhatsApp beside the call opens a chat with the owner and is counted as a WhatsApp click`, async ({
      page,
      context,
      request,
    }) => {
      if (size) await page.setViewportSize(size);
      // wa.me is answered here: no test reaches the internet.
      await context.route(/^https:\/\/(wa\.me|api\.whatsapp\.com)\//, (route) =>
        route.fulfill({ status: 200, contentType: 'text/plain', body: 'WhatsApp' }),
      );
      const clicks: unknown[] = [];
      await page.route('**/api/profile/record-click', async (route) => {
        clicks.push(route.request().postDataJSON());
        await route.continue();
      });
      const whatsAppClicks = async () => {
        const response = await request.get(`/api/statistics/clicks?cardId=${card.cardId}`, {
          headers: { authorization: `Bearer ${card.account.token}` },
        });
        return ((await response.json()) as { clickStats?: { whatsapp?: number } }).clickStats?.whatsapp ?? 0;
      };
      const before = await whatsAppClicks();
      await page.goto(`/p/${card.cardId}`);
      const contact = section(page, 'İletişim');
      const items = contact.getByRole('listitem');
      // Right after the call.
      await expect(items.nth(0)).toContainText('Telefon');
      await expect(items.nth(1)).toContainText('WhatsApp');
      await expectAccessible(page, `public card with WhatsApp, ${viewport}`);
      await contact.screenshot({ path: join(SCREENSHOT_DIR, `public-card-whatsapp-${viewport}.png`) });
      const chat = context.waitForEvent('page');
      await contact.getByRole('link', { name: /WhatsApp 0532 123 45 67/ }).click();
      expect((await chat).url()).toBe('https://wa.me/905321234567');
      await expect.poll(() => clicks.length).toBe(1);
      expect(clicks[0]).toMatchObject({ cardId: card.cardId, clickType: 'whatsapp' });
      await expect.poll(whatsAppClicks).toBe(before + 1);
    });
  }

  test('counts the visit once and the clicks that matter', async ({ page }) => {
    const visits: unknown[] = [];
    const clicks: unknown[] = [];
    await page.route(
      '**/api/telemetry/visit',
      (route) => (visits.push(route.request().postDataJSON()), route.fulfill({ status: 204 })),
    );
    await page.route(
      '**/api/profile/record-click',
      (route) => (clicks.push(route.request().postDataJSON()), route.fulfill({ status: 204 })),
    );
    await page.goto(`/p/${card.cardId}`);
    await expect.poll(() => visits.length).toBe(1);
    // The language the page was shown in comes along for /stats (issue 31): this owner writes only Turkish.
    expect(visits[0]).toEqual({
      cardId: card.cardId,
      touchPoints: expect.any(Number) as unknown,
      screenWidth: 390,
      language: 'tr',
    });
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Rehbere Ekle' }).click();
    await download;
    await expect.poll(() => clicks.length).toBe(1);
    expect(clicks[0]).toMatchObject({ cardId: card.cardId, clickType: 'vcard' });
    expect(typeof (clicks[0] as { profileId?: unknown }).profileId).toBe('string');
    expect(visits).toHaveLength(1);
  });

  test('works without JavaScript: everything readable, every panel shown', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ ...PHONE, baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/p/${card.cardId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Dr. Ayşe Yılmaz' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Telefon 0532 123 45 67/ })).toBeVisible();
    for (const text of [
      '0454053692000015',
      'Yılmaz Emlak Ltd. Şti.',
      'TR33 0006 1005 1978 6457 8413 26',
      '1234567890',
    ]) {
      await expect(page.getByText(text).first()).toBeVisible();
    }
    await expect(page.getByRole('tab')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Rehbere Ekle' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Yol Tarifi' })).toBeVisible();
    // Buttons that need the script are not offered.
    await expect(page.getByRole('button', { name: 'Paylaş' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Telefon kopyala' })).toBeHidden();
    await shoot(page, 'nojs');
    await context.close();
  });
});

test('an almost empty profile: only a name, no empty sections, no broken UI', async ({ page, request }) => {
  const card = await seedCard(request, { firstName: 'Can', lastName: 'Ak' }, false);
  await page.goto(`/p/${card.cardId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Can Ak' })).toBeVisible();
  await expect(page.locator('.pc-avatar__initials')).toHaveText('CA');
  // No empty section, except the catalogue: the SPEC has it say 'Ürün bulunamadı' (decision 23); and 'Toplantı
  // Planla', whose 'Takvime Ekle' needs nothing but the owner's name (issue 15).
  await expect(page.getByRole('region')).toHaveCount(2);
  await expect(
    page.getByRole('region', { name: 'Toplantı Planla' }).getByRole('button', { name: 'Takvime Ekle' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Ürün Kataloğu' })).toContainText('Ürün bulunamadı');
  await expect(page.locator('img')).toHaveCount(0);
  const bar = page.getByRole('navigation', { name: 'Kartvizit işlemleri' });
  await expect(bar.getByRole('link', { name: 'Yol Tarifi' })).toHaveCount(0);
  for (const name of ['Paylaş', 'Bilgi Gönder', 'QR Kodu Göster'])
    await expect(bar.getByRole('button', { name })).toBeVisible();
  await expect(bar.getByRole('link', { name: 'Rehbere Ekle' })).toBeVisible();
  await shoot(page, 'empty');
  await expectAccessible(page, 'public card, name only');
  await page.setViewportSize({ width: 1280, height: 800 });
  await shoot(page, 'empty');
  await expectAccessible(page, 'public card, name only, 1280×800');
});

test('a deactivated card answers 404 with the not-found state', async ({ page, request }) => {
  const card = await seedCard(request, { firstName: 'Deniz', lastName: 'Su', jobTitle: 'Mimar' }, false);
  const headers = { authorization: `Bearer ${card.account.token}` };
  expect((await page.goto(`/p/${card.cardId}`))?.status()).toBe(200);
  const off = await request.put(`/api/cards/deactivate/${card.cardId}`, { headers });
  expect(off.status()).toBe(200);
  const { position } = (await off.json()) as { position?: string };
  await expect
    .poll(async () =>
      (
        await request.get(`/api/profile/card/${card.cardId}`, {
          headers: position ? { 'x-min-position': position } : {},
        })
      ).status(),
    )
    .toBe(404);
  const response = await page.goto(`/p/${card.cardId}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: TEXT.notFound })).toBeVisible();
  await expect(page.getByText('aktif olmayabilir veya henüz aktifleştirilmemiş')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Geri Dön' })).toHaveAttribute('href', '/');
  await expect(page.getByText('Deniz')).toHaveCount(0);
  await shoot(page, 'not-found');
  await expectAccessible(page, 'public card, not found');
});
