import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { SHARE_MESSAGES } from '@kartvizit/schemas/share/messages';
import { expectAccessible } from './accessibility.ts';
import { DESKTOP, PHONE, expect, newVirtualCardId, plantToken, registerViaApi, test, toast } from './fixtures.ts';
import { captureBothSizes, SCREENSHOT_DIR } from './screens.ts';
import { watchViolations } from './csp.ts';

/**
 * Issue 32, the owner's side: 'Paylaşım Araçları' (/share) at a phone's and a desktop's size, axe-clean; the QR's
 * colours (a pair that will not scan is refused in Turkish before anything is sent) and logo, drawn the same in
 * 'Kartımı Göster'; a personal address /k/{slug} that opens the card; the e-mail signature copied as rich HTML and
 * pasted into an editable page with its layout; a video-call background downloaded; the wallets the server is not
 * set up for said so on their buttons.
 */

const LOGO_COLOUR = '#0e7490';
const FOREGROUND = '#1e3a8a';
const BACKGROUND = '#fef3c7';

interface Owner {
  readonly token: string;
  readonly cardId: string;
  readonly cardUrl: string;
  readonly name: string;
}

/** An owner with a photo, a company logo, a phone and an English job title, and one active virtual card. */
async function ownerWithCard(request: APIRequestContext): Promise<Owner> {
  const account = await registerViaApi(request, { firstName: 'Çağrı', lastName: 'Öztürk' });
  const headers = { authorization: `Bearer ${account.token}` };
  const companyLogo = await sharp({ create: { width: 300, height: 180, channels: 4, background: LOGO_COLOUR } })
    .png()
    .toBuffer();
  const profilePicture = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#f59e0b' } })
    .jpeg()
    .toBuffer();
  const saved = await request.post('/api/profile', {
    headers,
    multipart: {
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      phone: '+905321234567',
      jobTitle: 'Gayrimenkul Danışmanı',
      company: 'Işıklı Emlak',
      theme: 'ocean',
      translations: JSON.stringify({ en: { jobTitle: 'Real Estate Consultant' }, ar: { jobTitle: 'مستشار عقاري' } }),
      companyLogo: { name: 'logo.png', mimeType: 'image/png', buffer: companyLogo },
      profilePicture: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: profilePicture },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const cardId = newVirtualCardId();
  let position = '';
  for (const [url, data] of [
    ['/api/cards', { cardId, type: 'virtual', name: 'Paylaşım Kartım' }],
    ['/api/cards/activate', { cardId, name: 'Paylaşım Kartım' }],
  ] as const) {
    const response = await request.post(url, { headers, data });
    expect(response.status(), await response.text()).toBe(200);
    position = ((await response.json()) as { position?: string }).position ?? position;
  }
  // Read-your-writes: the card as the read model has it once it has the activation.
  const mine = await request.get(`/api/cards/mine/${cardId}`, {
    headers: { ...headers, ...(position ? { 'x-min-position': position } : {}) },
  });
  expect(mine.status(), await mine.text()).toBe(200);
  const cardUrl = ((await mine.json()) as { card: { profileUrl: string } }).card.profileUrl;
  return { token: account.token, cardId, cardUrl, name: `${account.firstName} ${account.lastName}` };
}

async function decodeQr(image: Locator): Promise<string | null> {
  const png = PNG.sync.read(await image.screenshot());
  return jsQR(Uint8ClampedArray.from(png.data), png.width, png.height)?.data ?? null;
}

function section(page: Page, name: string): Locator {
  return page.getByRole('region', { name, exact: true });
}

test('Paylaşım Araçları: QR colours and logo, a personal address, the e-mail signature, a background, the wallets', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const owner = await ownerWithCard(request);
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'tr-TR', timezoneId: 'Europe/Istanbul' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const page = await context.newPage();
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  // The signature's preview is styled inside the app's CSP (no inline styles from markup): nothing may be refused.
  const csp = await watchViolations(page);
  try {
    await plantToken(page, owner.token);

    await test.step('the sidebar leads to Paylaşım Araçları under YÖNETİM', async () => {
      await page.goto('/dashboard');
      const link = page.getByRole('link', { name: 'Paylaşım Araçları' });
      await link.click();
      await expect(page).toHaveURL(/\/share$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Paylaşım Araçları' })).toBeVisible();
      for (const name of ['Cüzdan', 'E-posta İmzası', 'Görüntülü Görüşme Arka Planı', 'QR Kod', 'Kişisel Adres']) {
        await expect(section(page, name)).toBeVisible();
      }
      // The signature's images and the backgrounds' previews (loaded as they come into view) are there before the
      // pictures are taken.
      await expect(section(page, 'E-posta İmzası').locator('img').last()).toHaveJSProperty('complete', true);
      const previews = section(page, 'Görüntülü Görüşme Arka Planı').getByRole('img');
      await expect(previews).toHaveCount(6);
      for (const preview of await previews.all()) await preview.scrollIntoViewIfNeeded();
      await expect
        .poll(
          () => previews.evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth > 0)),
          {
            timeout: 30_000,
          },
        )
        .toBe(true);
      await page.evaluate(() => window.scrollTo(0, 0));
      await captureBothSizes(page, 'share-tools', '/share');
      await page.setViewportSize(DESKTOP);
      expect(csp.violations).toEqual([]);
      expect(csp.consoleErrors).toEqual([]);
    });

    await test.step('a pair of colours that will not scan is refused in Turkish before saving; a good one is saved', async () => {
      const qr = section(page, 'QR Kod');
      const foreground = qr.getByLabel('Ön plan rengi');
      const background = qr.getByLabel('Arka plan rengi');
      const save = qr.getByRole('button', { name: 'Kaydet' });
      let sent = 0;
      page.on('request', (sentRequest) => {
        if (sentRequest.url().endsWith('/api/share/qr')) sent += 1;
      });
      // Light on light: too little contrast.
      await foreground.fill('#fde68a');
      await expect(qr.getByRole('alert')).toHaveText(SHARE_MESSAGES.qrContrastTooLow);
      await expect(foreground).toHaveAttribute('aria-invalid', 'true');
      // Light modules on a dark ground: many phones read no inverted code.
      await background.fill('#1f2937');
      await expect(qr.getByRole('alert')).toHaveText(SHARE_MESSAGES.qrInverted);
      await expect(foreground).toHaveAttribute('aria-invalid', 'true');
      await save.click();
      await expect(foreground).toBeFocused();
      expect(sent).toBe(0);
      await page.screenshot({
        path: join(SCREENSHOT_DIR, 'share-tools-qr-refused-desktop.png'),
        animations: 'disabled',
      });

      await foreground.fill(FOREGROUND);
      await background.fill(BACKGROUND);
      await expect(qr.getByRole('alert')).toHaveCount(0);
      await qr.getByRole('radio', { name: 'Profil logosu' }).check();
      const preview = qr.getByRole('img', { name: /QR kod önizlemesi/ });
      await expect(preview).toHaveAttribute('data-logo', 'drawn');
      await expect.poll(() => decodeQr(preview)).toBe(owner.cardUrl);
      await save.click();
      await expect(toast(page, SHARE_MESSAGES.qrStyleSaved)).toBeVisible();
      // The toast says the look was stored; the read model follows a moment later (no write position here to wait for).
      const storedLook = async () => {
        const settings = await request.get('/api/share', { headers: { authorization: `Bearer ${owner.token}` } });
        const { foreground, background, logo } = ((await settings.json()) as { data: { qr: Record<string, unknown> } })
          .data.qr;
        return { foreground, background, logo };
      };
      await expect.poll(storedLook).toEqual({ foreground: FOREGROUND, background: BACKGROUND, logo: 'profile' });
      const png = qr.getByRole('link', { name: 'PNG İndir' });
      await expect(png).toHaveAttribute(
        'href',
        new RegExp(`/api/cards/${owner.cardId}/branded-qr\\.png\\?s=\\d+(\\.[0-9a-f]+)?&download=1$`),
      );
    });

    let slug = '';
    await test.step('a personal address, folded as typed, opens the card; a changed one redirects until its date', async () => {
      const address = section(page, 'Kişisel Adres');
      const input = address.getByLabel('Adres', { exact: true });
      const suffix = owner.cardId.slice(3).toLowerCase();
      await input.fill(`Çağrı Öztürk ${suffix}`);
      slug = `cagri-ozturk-${suffix}`;
      await expect(address.getByText(`/k/${slug}`, { exact: false })).toBeVisible();
      await address.getByRole('button', { name: 'Kaydet' }).click();
      await expect(toast(page, SHARE_MESSAGES.addressSaved)).toBeVisible();
      const current = address.getByRole('link', { name: new RegExp(`/k/${slug}`) });
      await expect(current).toHaveAttribute('href', `${baseURL}/k/${slug}`);

      const visitor = await context.newPage();
      await visitor.goto(`/k/${slug}`);
      await expect(visitor.getByRole('heading', { level: 1, name: owner.name })).toBeVisible();
      await visitor.close();

      const newer = `${slug}-yeni`;
      await address.getByLabel('Yeni adres').fill(newer);
      await address.getByRole('button', { name: 'Kaydet' }).click();
      await expect(address.getByRole('link', { name: new RegExp(`/k/${newer}`) })).toBeVisible();
      await expect(address.getByRole('listitem').filter({ hasText: `/k/${slug}` })).toContainText(
        'tarihine kadar yönlendiriliyor',
      );
      slug = newer;
    });

    await test.step('the signature is copied as rich HTML and keeps its layout where it is pasted', async () => {
      const signature = section(page, 'E-posta İmzası');
      const preview = signature.getByTestId('signature-preview');
      await expect(preview.locator('table').first()).toBeVisible();
      await expect(preview).toContainText('Gayrimenkul Danışmanı · Işıklı Emlak');
      await expect(preview.getByRole('link', { name: 'Dijital kartvizitim', exact: true })).toHaveAttribute(
        'href',
        `${baseURL}/k/${slug}`,
      );
      // The preview is styled inside the page's CSP (through the CSSOM): the rule beside the text is there.
      await expect(preview.locator('td').nth(1)).toHaveCSS('border-left-style', 'solid');
      await signature.getByRole('button', { name: 'Kopyala', exact: true }).click();
      await expect(toast(page, 'İmza kopyalandı!')).toBeVisible();

      // A mail program's signature box: an editable page of its own, without our CSP.
      const mail = await context.newPage();
      await mail.setContent(
        '<!doctype html><html lang="tr"><body style="font-family:sans-serif;margin:24px">' +
          '<p>Gmail → Ayarlar → İmza</p><div id="box" contenteditable="true" ' +
          'style="border:1px solid #999;min-height:200px;padding:16px"></div></body></html>',
      );
      await mail.locator('#box').click();
      await mail.keyboard.press('ControlOrMeta+V');
      const box = mail.locator('#box');
      await expect(box.locator('table').first()).toBeVisible();
      const sources = await box
        .locator('img')
        .evaluateAll((images) => images.map((image) => image.getAttribute('src')));
      expect(sources).toHaveLength(2);
      for (const source of sources) expect(source).toMatch(new RegExp(`^${baseURL}/`));
      expect(sources[1]).toMatch(new RegExp(`/api/cards/${owner.cardId}/branded-qr\\.png\\?s=\\d+(\\.[0-9a-f]+)?$`));
      await expect(box.getByRole('link', { name: 'Dijital kartvizitim', exact: true })).toHaveAttribute(
        'href',
        `${baseURL}/k/${slug}`,
      );
      await expect(box.locator('a[href="tel:+905321234567"]')).toBeVisible();
      // Side by side as in the preview: the photo, the text and the QR on one row.
      const [photo, qrImage] = [box.locator('img').first(), box.locator('img').last()];
      await expect(qrImage).toHaveJSProperty('complete', true);
      const photoBox = await photo.boundingBox();
      const qrBox = await qrImage.boundingBox();
      expect(Math.abs((photoBox?.y ?? 0) - (qrBox?.y ?? 100))).toBeLessThan(10);
      expect(qrBox?.x ?? 0).toBeGreaterThan((photoBox?.x ?? 0) + 200);
      expect(qrBox?.width).toBe(96);
      await mail.screenshot({ path: join(SCREENSHOT_DIR, 'share-tools-signature-pasted.png') });
      await mail.close();

      // The owner's other languages: English labels, right to left in Arabic.
      await signature.getByRole('radio', { name: 'İngilizce' }).check();
      await expect(preview).toContainText('Real Estate Consultant');
      await expect(preview).toContainText('Email:');
      await signature.getByRole('radio', { name: 'Arapça' }).check();
      await expect(preview.locator('table').first()).toHaveAttribute('dir', 'rtl');
      await expect(preview).toContainText('مستشار عقاري');
      await signature.getByText('HTML kodu', { exact: true }).click();
      await expect(signature.getByLabel('İmzanın HTML kodu')).toHaveValue(/^<table[^>]* dir="rtl"/);
      await signature.screenshot({ path: join(SCREENSHOT_DIR, 'share-tools-signature-arabic-desktop.png') });
    });

    await test.step('a video-call background downloads as a 1920×1080 PNG', async () => {
      const backgrounds = section(page, 'Görüntülü Görüşme Arka Planı');
      await expect(backgrounds.getByRole('img')).toHaveCount(6);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        backgrounds.getByRole('link', { name: 'Çizgi: Yatay indir (1920×1080)' }).click(),
      ]);
      const png = PNG.sync.read(readFileSync(await download.path()));
      expect([png.width, png.height]).toEqual([1920, 1080]);
    });

    await test.step('Kartımı Göster: the owner’s colours, photo, name and the branded QR with the logo, which opens the card', async () => {
      await page.goto('/show-card');
      await expect(page.getByRole('heading', { level: 1, name: owner.name })).toBeVisible();
      const code = page.getByRole('img', { name: /kartının QR kodu/ });
      await expect(code).toHaveAttribute('data-logo', 'drawn');
      await expect.poll(() => decodeQr(code)).toBe(owner.cardUrl);
      await captureBothSizes(page, 'share-tools-show-card', 'Kartımı Göster', { fullPage: false });
    });

    await test.step('Kartımı Göster keeps the logo and the photo for when the images cannot be fetched', async () => {
      // Seen online just now: the page kept both in the owner's own offline cache (share/kept-image.ts).
      await expect
        .poll(() =>
          page.evaluate(async () => {
            const kept: string[] = [];
            for (const name of await caches.keys()) {
              if (!name.startsWith('kartvizit-owner-')) continue;
              for (const request of await (await caches.open(name)).keys()) kept.push(new URL(request.url).pathname);
            }
            return kept.filter((path) => path.startsWith('/media/')).length;
          }),
        )
        .toBe(2);
      await page.route('**/media/**', (route) => route.abort('internetdisconnected'));
      await page.reload();
      const code = page.getByRole('img', { name: /kartının QR kodu/ });
      await expect(code).toHaveAttribute('data-logo', 'drawn');
      await expect.poll(() => decodeQr(code)).toBe(owner.cardUrl);
      await expect(page.locator('img.show-card__photo')).toHaveJSProperty('naturalWidth', 160);
      await page.unroute('**/media/**');
    });

    await test.step('the card details screen shows the branded QR', async () => {
      await page.setViewportSize(DESKTOP);
      await page.goto(`/cards/${owner.cardId}`);
      const branded = page.getByRole('img', { name: `${owner.cardId} kartının markalı QR kodu` });
      await expect(branded).toHaveJSProperty('complete', true);
      await expect.poll(() => decodeQr(branded)).toBe(owner.cardUrl);
      await expectAccessible(page, 'card details with the branded QR');
      await section(page, 'QR Kod').screenshot({
        path: join(SCREENSHOT_DIR, 'share-tools-card-details-qr-desktop.png'),
      });
    });
    // Waits for GET /api/wallet (being built alongside): until then the buttons say the check failed.
    await test.step('the wallets this server is not set up for say so on their buttons', async () => {
      await page.goto('/share');
      const wallet = section(page, 'Cüzdan');
      const apple = wallet.getByRole('button', { name: 'Apple Wallet’a Ekle' });
      const google = wallet.getByRole('button', { name: 'Google Wallet’a Ekle' });
      await expect(apple).toBeDisabled();
      await expect(google).toBeDisabled();
      await expect(apple).toHaveAccessibleDescription('Bu sunucu Apple Wallet için ayarlanmamış.');
      await expect(google).toHaveAccessibleDescription('Bu sunucu Google Wallet için ayarlanmamış.');
    });
  } finally {
    await context.close();
  }
});

test('Paylaşım Araçları without an active card leads to activating one', async ({ page, account }) => {
  await plantToken(page, account.token);
  await page.setViewportSize(PHONE.viewport ?? { width: 390, height: 844 });
  await page.goto('/share');
  await expect(page.getByRole('heading', { name: 'Paylaşılacak aktif kartınız yok' })).toBeVisible();
  await page.getByRole('link', { name: 'Kart Aktifleştir' }).click();
  await expect(page).toHaveURL(/\/activate$/);
});
