import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { Locator, Page, Request } from '@playwright/test';
import { expectAccessible } from './accessibility.ts';
import { alertWith, expect, plantToken, publicVirtualCard, test, toast } from './fixtures.ts';

/**
 * Profile settings as an owner uses them: every section filled (three images, social accounts
 * with their filled-in addresses, a bank account, a payment method), saved, read back after a
 * reload; the shared rules answering beside the field before anything is sent; the server's
 * answer beside the field it is about.
 */

const SCREENSHOTS = join(import.meta.dirname, '..', 'artifacts', 'screenshots');
const VALID_IBAN = 'TR330006100519786457841326';
const VALID_IBAN_GROUPED = 'TR33 0006 1005 1978 6457 8413 26';
// Kızılay, Ankara: what the loopback geocoder answers for an ordinary address (support/e2e-fake-services.ts).
const FOUND = '39.920770, 32.854110';

const TEXT = {
  created: 'Profil oluşturuldu!',
  updated: 'Profil güncellendi!',
  searchable: 'Arama motorlarında görünsün',
  ibanChecksum: 'IBAN doğrulanamadı, lütfen numarayı kontrol edin',
  pictureTooLarge: "Profil resmi 2MB'dan küçük olmalıdır",
  cityRequired: 'Minimum şehir bilgisi gerekli',
  notFound: 'Adres için konum bulunamadı',
  unreadable: 'Resim dosyası okunamadı veya bozuk',
  // A PNG has its own, lower bound (decision 54).
  tooManyPixels: 'PNG resmin çözünürlüğü çok yüksek (en fazla 16 megapiksel). Fotoğrafları JPEG olarak yükleyin',
} as const;

interface TestFile {
  readonly name: string;
  readonly mimeType: string;
  readonly buffer: Buffer;
}

/** Small real images drawn from SVG, so the server's image processing has something to decode. */
async function drawImage(
  name: string,
  width: number,
  height: number,
  body: string,
  format: 'png' | 'jpeg',
): Promise<TestFile> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
  const image = sharp(Buffer.from(svg));
  const buffer = format === 'png' ? await image.png().toBuffer() : await image.jpeg({ quality: 85 }).toBuffer();
  return { name, mimeType: format === 'png' ? 'image/png' : 'image/jpeg', buffer };
}

const GRADIENT = (id: string, from: string, to: string) =>
  `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`;

function portrait(): Promise<TestFile> {
  return drawImage(
    'portre.png',
    320,
    320,
    `${GRADIENT('p', '#c7d2fe', '#818cf8')}<rect width="320" height="320" fill="url(#p)"/>` +
      '<circle cx="160" cy="125" r="62" fill="#312e81"/><ellipse cx="160" cy="300" rx="110" ry="95" fill="#312e81"/>',
    'png',
  );
}

function cover(): Promise<TestFile> {
  return drawImage(
    'kapak.jpg',
    1200,
    400,
    `${GRADIENT('c', '#1e1b4b', '#0d9488')}<rect width="1200" height="400" fill="url(#c)"/>` +
      '<path d="M0 330 L220 200 L420 300 L640 150 L880 280 L1200 120 L1200 400 L0 400 Z" fill="#14b8a6" opacity="0.55"/>' +
      '<circle cx="980" cy="110" r="48" fill="#f5c86a"/>',
    'jpeg',
  );
}

function logo(): Promise<TestFile> {
  return drawImage(
    'logo.png',
    256,
    256,
    '<rect x="28" y="28" width="200" height="200" rx="44" fill="#4f46e5"/>' +
      '<path d="M84 172V84h42c30 0 46 16 46 44s-16 44-46 44Z" fill="none" stroke="#fff" stroke-width="18" stroke-linejoin="round"/>',
    'png',
  );
}

/**
 * A valid greyscale PNG of width × height black pixels: a few dozen kilobytes that claim more
 * pixels than the server decodes (a decompression bomb in miniature).
 */
function hugeGreyPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  // Each row: filter byte 0, then `width` zero bytes.
  const pixels = deflateSync(Buffer.alloc((width + 1) * height), { level: 9 });
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

function region(page: Page, name: string): Locator {
  return page.getByRole('region', { name });
}

/** Requests that would save the profile, so a test can say nothing was sent. */
function profileSaves(page: Page): Request[] {
  const saves: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/profile' && request.method() !== 'GET') saves.push(request);
  });
  return saves;
}

async function openProfile(page: Page, token: string): Promise<void> {
  await plantToken(page, token);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profil Ayarları' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Profili Kaydet' })).toBeEnabled();
}

async function expectImageShown(image: Locator): Promise<void> {
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
    .toBeGreaterThan(0);
}

/** The social rows in order: platform, username and address of each. */
async function expectSocialLinks(page: Page, rows: ReadonlyArray<readonly [string, string, string]>): Promise<void> {
  const social = region(page, 'Sosyal Hesaplar');
  await expect(social.getByRole('group')).toHaveCount(rows.length);
  for (const [index, [platform, username, url]] of rows.entries()) {
    const row = social.getByRole('group', { name: `Sosyal hesap ${index + 1}` });
    await expect(row.getByLabel('Platform')).toHaveValue(platform);
    await expect(row.getByLabel('Kullanıcı adı')).toHaveValue(username);
    await expect(row.getByLabel('Bağlantı')).toHaveValue(url);
  }
}

/** What is on the screen now. */
async function shootScreen(page: Page, name: string): Promise<void> {
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  await page.screenshot({ path: join(SCREENSHOTS, `${name}-${width}x${height}.png`), animations: 'disabled' });
}

/** The first screen as the owner sees it, and the whole page. */
async function shoot(page: Page, name: string): Promise<void> {
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SCREENSHOTS, `${name}-top-${width}x${height}.png`), animations: 'disabled' });
  await page.screenshot({
    path: join(SCREENSHOTS, `${name}-${width}x${height}.png`),
    fullPage: true,
    animations: 'disabled',
    // A full-page capture leaves sticky bars where the first screen had them; put them back in the flow.
    style: '.pf-savebar, .pf-nav { position: static !important; }',
  });
}

test.beforeAll(() => {
  mkdirSync(SCREENSHOTS, { recursive: true });
});

test.describe('profile settings', () => {
  test('fill in every section, save, reload and find it all again', async ({ page, account, request }) => {
    test.setTimeout(120_000);
    const [portraitFile, coverFile, logoFile] = await Promise.all([portrait(), cover(), logo()]);
    await openProfile(page, account.token);

    await test.step('a new owner gets a blank form with the account’s e-mail', async () => {
      await expect(page.getByLabel('E-posta')).toHaveValue(account.email);
      await expect(page.getByLabel('Ülke')).toHaveValue('Türkiye');
      await expect(page.getByText('Henüz banka hesabı eklemediniz.')).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Profil bölümleri' }).getByRole('link')).toHaveCount(10);
      // Search engines are kept out until the owner says otherwise.
      await expect(region(page, 'Görünürlük').getByRole('switch', { name: TEXT.searchable })).not.toBeChecked();
      await expectAccessible(page, '/profile, blank');
    });

    await test.step('images: a too-large photo is refused in the browser, then three are chosen', async () => {
      const visual = region(page, 'Görsel Ayarlar');
      await visual.getByLabel('Profil fotoğrafı seç').setInputFiles({
        name: 'cok-buyuk.png',
        mimeType: 'image/png',
        buffer: Buffer.alloc(2 * 1024 * 1024 + 10, 1),
      });
      await expect(alertWith(page, TEXT.pictureTooLarge)).toBeVisible();
      await expect(visual.getByLabel('Profil fotoğrafı seç')).toHaveAttribute('aria-invalid', 'true');
      await expectAccessible(page, '/profile, photo too large');

      await visual.getByLabel('Profil fotoğrafı seç').setInputFiles(portraitFile);
      await expect(alertWith(page, TEXT.pictureTooLarge)).toHaveCount(0);
      await visual.getByLabel('Kapak fotoğrafı seç').setInputFiles(coverFile);
      await visual.getByLabel('Şirket logosu seç').setInputFiles(logoFile);
      for (const name of ['Profil fotoğrafı önizlemesi', 'Kapak fotoğrafı önizlemesi', 'Şirket logosu önizlemesi']) {
        await expectImageShown(visual.getByRole('img', { name }));
      }
    });

    await test.step('personal info and theme', async () => {
      const personal = region(page, 'Kişisel Bilgiler');
      await expect(personal.getByLabel('Ad', { exact: true })).toHaveValue(account.firstName);
      await personal.getByLabel('Unvan').fill('Dr.');
      await personal.getByLabel('Pozisyon').fill('Gayrimenkul Danışmanı');
      await personal.getByLabel('Şirket').fill('Öztürk Emlak');
      await personal.getByLabel('Hakkında').fill('Ankara’da 12 yıldır konut ve ticari gayrimenkul danışmanlığı.');
      await personal.getByRole('radio', { name: 'Okyanus' }).check();
    });

    await test.step('contact and address; the address finds its place on the map by itself', async () => {
      const contact = region(page, 'İletişim ve Adres');
      await contact.getByLabel('Telefon').fill('0532 123 45 67');
      await contact.getByLabel('Web sitesi').fill('https://ozturk-emlak.example.com');
      await contact.getByLabel('Açık adres').fill('Atatürk Bulvarı No: 1');
      await contact.getByLabel('Şehir').fill('A');
      await expect(contact.getByText(TEXT.cityRequired)).toBeVisible();
      await contact.getByLabel('Şehir').fill('Ankara');
      await contact.getByLabel('İlçe').fill('Çankaya');
      await contact.getByLabel('Posta kodu').fill('06420');
      await expect(page.getByTestId('profile-coordinates')).toHaveText(FOUND);
      await expect(contact.getByText(/^Bulunan adres: .*Atatürk Bulvarı No: 1/)).toBeVisible();
    });

    await test.step('social accounts: the address follows platform and username, and stays editable', async () => {
      const social = region(page, 'Sosyal Hesaplar');
      await social.getByRole('button', { name: 'Sosyal Hesap Ekle' }).click();
      const first = social.getByRole('group', { name: 'Sosyal hesap 1' });
      await expect(first.getByLabel('Platform')).toBeFocused();
      await first.getByLabel('Kullanıcı adı').fill('@cagri.ozturk');
      await expect(first.getByLabel('Bağlantı')).toHaveValue('https://www.instagram.com/cagri.ozturk');
      await first.getByLabel('Platform').selectOption('linkedin');
      await expect(first.getByLabel('Bağlantı')).toHaveValue('https://www.linkedin.com/in/cagri.ozturk');

      await social.getByRole('button', { name: 'Sosyal Hesap Ekle' }).click();
      const second = social.getByRole('group', { name: 'Sosyal hesap 2' });
      await second.getByLabel('Platform').selectOption('github');
      await second.getByLabel('Kullanıcı adı').fill('cagri-dev');
      await expect(second.getByLabel('Bağlantı')).toHaveValue('https://github.com/cagri-dev');

      await social.getByRole('button', { name: 'Sosyal Hesap Ekle' }).click();
      const third = social.getByRole('group', { name: 'Sosyal hesap 3' });
      await third.getByLabel('Platform').selectOption('youtube');
      await third.getByLabel('Kullanıcı adı').fill('OzturkEmlak');
      // YouTube has no single address pattern: the owner types it.
      await expect(third.getByLabel('Bağlantı')).toHaveValue('');
      await third.getByLabel('Bağlantı').fill('https://www.youtube.com/@OzturkEmlak');
      await third.getByLabel('Kullanıcı adı').fill('OzturkEmlakTV');
      await expect(third.getByLabel('Bağlantı')).toHaveValue('https://www.youtube.com/@OzturkEmlak');
    });

    await test.step('corporate and invoice info', async () => {
      const company = region(page, 'Kurumsal Bilgiler');
      await company.getByLabel('Vergi dairesi').fill('Çankaya');
      await company.getByLabel('Vergi numarası').fill('1234567890');
      await company.getByLabel('MERSİS numarası').fill('0123456789012345');
      await company.getByLabel('Ticaret sicil numarası').fill('123456');
      await company.getByLabel('Kuruluş yılı').fill('2010');

      const invoice = region(page, 'Fatura Bilgileri');
      await invoice.getByLabel('Fatura alıcısı').fill('Öztürk Emlak Ltd. Şti.');
      await invoice.getByLabel('Vergi / T.C. kimlik numarası').fill('10000000146');
      await invoice.getByLabel('Vergi dairesi').fill('Çankaya');
      await invoice.getByLabel('Fatura adresi').fill('Atatürk Bulvarı No: 1, Çankaya / Ankara');
    });

    await test.step('a bank account: the IBAN is grouped in fours as it is typed', async () => {
      const bank = region(page, 'Banka Hesapları');
      await bank.getByRole('button', { name: 'Banka Hesabı Ekle' }).click();
      const account1 = bank.getByRole('group', { name: 'Banka hesabı 1' });
      await expect(account1.getByLabel('Banka adı')).toBeFocused();
      await expect(account1.getByLabel('Hesap sahibi')).toHaveValue(`${account.firstName} ${account.lastName}`);
      await account1.getByLabel('Banka adı').fill('Ziraat Bankası');
      await account1.getByLabel('IBAN').pressSequentially(VALID_IBAN.toLowerCase());
      await expect(account1.getByLabel('IBAN')).toHaveValue(VALID_IBAN_GROUPED);
      await account1.getByLabel('Hesap numarası').fill('19786457');
      await account1.getByLabel('Şube kodu').fill('1234');
      await account1.getByLabel('SWIFT / BIC').fill('TCZATR2A');
      await account1.getByLabel('Para birimi').selectOption('EUR');
    });

    await test.step('a payment method', async () => {
      const payment = region(page, 'Ödeme Yöntemleri');
      await payment.getByRole('button', { name: 'Ödeme Yöntemi Ekle' }).click();
      const method = payment.getByRole('group', { name: 'Ödeme yöntemi 1' });
      await method.getByLabel('Ödeme türü').selectOption({ label: 'PayPal' });
      await method.getByLabel('Hesap adı').fill('Öztürk Emlak PayPal');
      await method.getByLabel('Hesap ID').fill('odeme@ozturk-emlak.example.com');
      await method.getByLabel('QR kod görseli adresi').fill('https://ozturk-emlak.example.com/paypal-qr.png');
      await expectAccessible(page, '/profile, every section filled in');
    });

    await test.step('saving: busy button, then the created toast; chosen files become stored images', async () => {
      await page.route('**/api/profile', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 500));
        await route.continue();
      });
      await page.getByRole('button', { name: 'Profili Kaydet' }).click();
      await expect(page.getByRole('button', { name: 'Kaydediliyor...' })).toBeDisabled();
      await expect(toast(page, TEXT.created)).toBeVisible();
      await page.unroute('**/api/profile');
      const visual = region(page, 'Görsel Ayarlar');
      await expect(visual.getByRole('img', { name: 'Profil fotoğrafı önizlemesi' })).toHaveCount(0);
      await expectImageShown(visual.getByRole('img', { name: 'Profil fotoğrafı', exact: true }));
      await expectAccessible(page, '/profile, saved');
    });

    await test.step('after a reload everything is there', async () => {
      await page.reload();
      await expect(page.getByRole('button', { name: 'Profili Kaydet' })).toBeEnabled();
      const visual = region(page, 'Görsel Ayarlar');
      for (const name of ['Profil fotoğrafı', 'Kapak fotoğrafı', 'Şirket logosu']) {
        const image = visual.getByRole('img', { name, exact: true });
        await expectImageShown(image);
        expect(await image.getAttribute('src')).toMatch(/^\/media\//);
      }

      const personal = region(page, 'Kişisel Bilgiler');
      await expect(personal.getByLabel('Unvan')).toHaveValue('Dr.');
      await expect(personal.getByLabel('Pozisyon')).toHaveValue('Gayrimenkul Danışmanı');
      await expect(personal.getByLabel('Şirket')).toHaveValue('Öztürk Emlak');
      await expect(personal.getByLabel('Hakkında')).toHaveValue(
        'Ankara’da 12 yıldır konut ve ticari gayrimenkul danışmanlığı.',
      );
      await expect(personal.getByRole('radio', { name: 'Okyanus' })).toBeChecked();

      const contact = region(page, 'İletişim ve Adres');
      await expect(contact.getByLabel('Telefon')).toHaveValue('0532 123 45 67');
      await expect(contact.getByLabel('E-posta')).toHaveValue(account.email);
      await expect(contact.getByLabel('Web sitesi')).toHaveValue('https://ozturk-emlak.example.com');
      await expect(contact.getByLabel('Açık adres')).toHaveValue('Atatürk Bulvarı No: 1');
      await expect(contact.getByLabel('Şehir')).toHaveValue('Ankara');
      await expect(contact.getByLabel('İlçe')).toHaveValue('Çankaya');
      await expect(contact.getByLabel('Posta kodu')).toHaveValue('06420');
      await expect(page.getByTestId('profile-coordinates')).toHaveText(FOUND);

      await expectSocialLinks(page, [
        ['linkedin', 'cagri.ozturk', 'https://www.linkedin.com/in/cagri.ozturk'],
        ['github', 'cagri-dev', 'https://github.com/cagri-dev'],
        ['youtube', 'OzturkEmlakTV', 'https://www.youtube.com/@OzturkEmlak'],
      ]);

      const company = region(page, 'Kurumsal Bilgiler');
      await expect(company.getByLabel('Vergi numarası')).toHaveValue('1234567890');
      await expect(company.getByLabel('MERSİS numarası')).toHaveValue('0123456789012345');
      await expect(company.getByLabel('Kuruluş yılı')).toHaveValue('2010');
      const invoice = region(page, 'Fatura Bilgileri');
      await expect(invoice.getByLabel('Fatura alıcısı')).toHaveValue('Öztürk Emlak Ltd. Şti.');
      await expect(invoice.getByLabel('Vergi / T.C. kimlik numarası')).toHaveValue('10000000146');

      const bank = region(page, 'Banka Hesapları').getByRole('group', { name: 'Banka hesabı 1' });
      await expect(bank.getByLabel('Banka adı')).toHaveValue('Ziraat Bankası');
      await expect(bank.getByLabel('IBAN')).toHaveValue(VALID_IBAN_GROUPED);
      await expect(bank.getByLabel('SWIFT / BIC')).toHaveValue('TCZATR2A');
      await expect(bank.getByLabel('Para birimi')).toHaveValue('EUR');

      const method = region(page, 'Ödeme Yöntemleri').getByRole('group', { name: 'Ödeme yöntemi 1' });
      await expect(method.getByLabel('Ödeme türü')).toHaveValue('paypal');
      await expect(method.getByLabel('Hesap ID')).toHaveValue('odeme@ozturk-emlak.example.com');
      await expect(method.getByLabel('QR kod görseli adresi')).toHaveValue(
        'https://ozturk-emlak.example.com/paypal-qr.png',
      );
    });

    await test.step('screenshots on a phone and on a laptop', async () => {
      for (const viewport of [
        { width: 390, height: 844 },
        { width: 1280, height: 800 },
      ]) {
        await page.setViewportSize(viewport);
        await expectImageShown(
          region(page, 'Görsel Ayarlar').getByRole('img', { name: 'Kapak fotoğrafı', exact: true }),
        );
        await shoot(page, 'profile');
        await expectAccessible(page, `/profile, every section, ${viewport.width}×${viewport.height}`);
      }
    });

    await test.step('an edit, a removed image and a removed row are saved as an update', async () => {
      await region(page, 'Kişisel Bilgiler').getByLabel('Pozisyon').fill('Kıdemli Gayrimenkul Danışmanı');
      await region(page, 'Görsel Ayarlar').getByRole('button', { name: 'Şirket logosu kaldır' }).click();
      await region(page, 'Sosyal Hesaplar')
        .getByRole('button', { name: /Sosyal hesap 2 .* kaldır/ })
        .click();
      await page.getByRole('button', { name: 'Profili Kaydet' }).click();
      await expect(toast(page, TEXT.updated)).toBeVisible();
      await page.reload();
      await expect(region(page, 'Kişisel Bilgiler').getByLabel('Pozisyon')).toHaveValue(
        'Kıdemli Gayrimenkul Danışmanı',
      );
      await expect(region(page, 'Görsel Ayarlar').getByRole('img', { name: 'Şirket logosu', exact: true })).toHaveCount(
        0,
      );
      await expectImageShown(
        region(page, 'Görsel Ayarlar').getByRole('img', { name: 'Profil fotoğrafı', exact: true }),
      );
      await expectSocialLinks(page, [
        ['linkedin', 'cagri.ozturk', 'https://www.linkedin.com/in/cagri.ozturk'],
        ['youtube', 'OzturkEmlakTV', 'https://www.youtube.com/@OzturkEmlak'],
      ]);
    });

    await test.step('findable: the card page drops noindex once the owner turns the switch on and saves', async () => {
      const cardId = await publicVirtualCard(request, account, 'Vitrin');
      const cardUrl = new URL(`/p/${cardId}`, page.url()).href;
      await page.goto(`/p/${cardId}`);
      await expect(page.getByRole('heading', { level: 1, name: /Çağrı Öztürk/ })).toBeVisible();
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
      await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);

      await page.goto('/profile');
      const visibility = region(page, 'Görünürlük');
      const toggle = visibility.getByRole('switch', { name: TEXT.searchable });
      await expect(toggle).not.toBeChecked();
      await toggle.check();
      await expect(page.getByText('Kaydedilmemiş değişiklikleriniz var.')).toBeVisible();
      await expectAccessible(page, '/profile, search engine switch on');
      const saved = page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/api/profile' && response.request().method() === 'PUT',
      );
      await page.getByRole('button', { name: 'Profili Kaydet' }).click();
      const { position } = (await (await saved).json()) as { position?: string };
      await expect(toast(page, TEXT.updated)).toBeVisible();
      await page.reload();
      await expect(region(page, 'Görünürlük').getByRole('switch', { name: TEXT.searchable })).toBeChecked();

      // Read-your-writes for the page itself, then what a browser (or a crawler) gets.
      const fresh = await request.get(`/p/${cardId}`, { headers: position ? { 'x-min-position': position } : {} });
      expect(await fresh.text()).not.toContain('noindex');
      await page.goto(`/p/${cardId}`);
      await expect(page.getByRole('heading', { level: 1, name: /Çağrı Öztürk/ })).toBeVisible();
      await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
      const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '') as {
        '@type': string;
        name: string;
        url: string;
      };
      expect(data).toMatchObject({ '@type': 'Person', name: 'Çağrı Öztürk', url: cardUrl });

      // Listed in the sitemap (well-formed XML, as the browser's own parser reads it), which robots.txt names.
      const sitemap = await request.get('/sitemap.xml');
      expect(sitemap.headers()['content-type']).toBe('application/xml; charset=utf-8');
      const locations = await page.evaluate(
        (xml) => {
          const document = new DOMParser().parseFromString(xml, 'application/xml');
          if (document.getElementsByTagName('parsererror').length > 0) return null;
          return [...document.getElementsByTagNameNS('http://www.sitemaps.org/schemas/sitemap/0.9', 'loc')].map(
            (loc) => loc.textContent,
          );
        },
        await sitemap.text(),
      );
      expect(locations).toContain(cardUrl);
      expect(await (await request.get('/robots.txt')).text()).toContain(
        `Sitemap: ${new URL('/sitemap.xml', page.url()).href}`,
      );
    });
  });

  test('a profile that cannot be loaded says so and offers to try again', async ({ page, account }) => {
    await page.route('**/api/profile/me', (route) => route.abort('connectionreset'));
    await plantToken(page, account.token);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 2, name: 'Profil bulunamadı' })).toBeVisible();
    await expect(alertWith(page, 'Profil bilgileri alınırken bir hata oluştu')).toBeVisible();
    await expectAccessible(page, '/profile, load failed');
    await page.unroute('**/api/profile/me');
    await page.getByRole('button', { name: 'Tekrar Dene' }).click();
    await expect(page.getByRole('button', { name: 'Profili Kaydet' })).toBeEnabled();
    await expect(page.getByLabel('E-posta')).toHaveValue(account.email);
  });

  test('a wrong IBAN is named beside its field and nothing is sent', async ({ page, account }) => {
    const saves = profileSaves(page);
    await openProfile(page, account.token);
    const bank = region(page, 'Banka Hesapları');

    await test.step('the check digits do not add up: the message stands beside the IBAN', async () => {
      await bank.getByRole('button', { name: 'Banka Hesabı Ekle' }).click();
      const row = bank.getByRole('group', { name: 'Banka hesabı 1' });
      await row.getByLabel('Banka adı').fill('Ziraat Bankası');
      await row.getByLabel('IBAN').fill('TR330006100519786457841327');
      await page.getByRole('button', { name: 'Profili Kaydet' }).click();
      await expect(row.getByRole('alert')).toHaveText(TEXT.ibanChecksum);
      await expect(row.getByLabel('IBAN')).toHaveAttribute('aria-invalid', 'true');
      await expect(row.getByLabel('IBAN')).toBeFocused();
      await page.setViewportSize({ width: 390, height: 844 });
      await row.scrollIntoViewIfNeeded();
      await shootScreen(page, 'profile-iban-error');
      await expectAccessible(page, '/profile, IBAN refused, 390×844');
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    await test.step('nothing was saved: no request; leaving asks first, and afterwards there is no profile', async () => {
      expect(saves).toHaveLength(0);
      await expect(page.getByText('Kaydedilmemiş değişiklikleriniz var.')).toBeVisible();
      const asked = page.waitForEvent('dialog').then(async (dialog) => {
        expect(dialog.type()).toBe('beforeunload');
        await dialog.accept();
      });
      await page.reload();
      await asked;
      await expect(page.getByRole('button', { name: 'Profili Kaydet' })).toBeEnabled();
      await expect(bank.getByText('Henüz banka hesabı eklemediniz.')).toBeVisible();
    });

    await test.step('leaving a field checks it; typing in it clears the message', async () => {
      const contact = region(page, 'İletişim ve Adres');
      await contact.getByLabel('Telefon').fill('12');
      await contact.getByLabel('Web sitesi').focus();
      await expect(contact.getByRole('alert')).toHaveText('Geçerli bir telefon numarası girin');
      await expectAccessible(page, '/profile, phone refused');
      await contact.getByLabel('Telefon').fill('0532 123 45 67');
      await expect(contact.getByRole('alert')).toHaveCount(0);
    });
  });

  test('a file that is no image is refused at once; the server’s answer lands beside its field', async ({
    page,
    account,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openProfile(page, account.token);
    const visual = region(page, 'Görsel Ayarlar');
    const coverInput = visual.getByLabel('Kapak fotoğrafı seç');
    const message = visual.locator('#profile-coverPhoto-error');

    await test.step('a file that only claims to be a PNG cannot even be previewed', async () => {
      await coverInput.setInputFiles({
        name: 'sahte.png',
        mimeType: 'image/png',
        buffer: Buffer.from('bu bir resim değil'),
      });
      await expect(message).toHaveText(TEXT.unreadable);
      await expect(message).toHaveRole('alert');
      await expect(visual.getByRole('img', { name: 'Kapak fotoğrafı önizlemesi' })).toHaveCount(0);
    });

    await test.step('a real PNG of more than 16 megapixels is for the server to refuse', async () => {
      await coverInput.setInputFiles({ name: 'dev.png', mimeType: 'image/png', buffer: hugeGreyPng(7200, 7200) });
      await expect(message).toHaveCount(0);
      await expect(visual.getByRole('img', { name: 'Kapak fotoğrafı önizlemesi' })).toBeVisible();
      await page.getByRole('button', { name: 'Profili Kaydet' }).click();
      await expect(message).toHaveText(TEXT.tooManyPixels);
      await expect(coverInput).toHaveAttribute('aria-invalid', 'true');
      await expect(coverInput).toBeFocused();
      await expect(toast(page, TEXT.tooManyPixels)).toBeVisible();
      await shootScreen(page, 'profile-server-error');
      await expectAccessible(page, '/profile, image refused by the server');
    });
  });

  test('an address that cannot be found offers help; an ambiguous one offers a choice', async ({ page, account }) => {
    await openProfile(page, account.token);
    const contact = region(page, 'İletişim ve Adres');

    await test.step('not found: the hints and two ways to set the place by hand', async () => {
      await contact.getByLabel('Açık adres').fill('Bulunamayan Sokak 99');
      await contact.getByLabel('Şehir').fill('Ankara');
      await expect(alertWith(page, TEXT.notFound)).toBeVisible();
      await expect(contact.getByText('Haritadan manuel olarak konum seçin')).toBeVisible();
      await expect(contact.getByRole('button', { name: 'Mevcut Konumumu Kullan' })).toBeVisible();
      await expect(contact.getByRole('button', { name: 'Haritadan Seç' })).toBeVisible();
      await expect(contact.getByText('Henüz konum seçilmedi.', { exact: false })).toBeVisible();
      await page.setViewportSize({ width: 390, height: 844 });
      await contact.getByRole('button', { name: 'Haritadan Seç' }).scrollIntoViewIfNeeded();
      await shootScreen(page, 'profile-geocode-failed');
      await expectAccessible(page, '/profile, address not found, 390×844');
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    await test.step('ambiguous: picking a candidate sets the location', async () => {
      await contact.getByLabel('Açık adres').fill('Belirsiz Cadde 5');
      const choice = contact.getByRole('button', { name: /Etimesgut/ });
      await expect(choice).toBeVisible();
      await expectAccessible(page, '/profile, address candidates');
      await choice.click();
      await expect(page.getByTestId('profile-coordinates')).toHaveText('39.970000, 32.630000');
      await expect(contact.getByText('Seçtiğiniz adres:')).toBeVisible();
    });
  });
});
