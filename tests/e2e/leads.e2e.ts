import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ICAL from 'ical.js';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import {
  createProfileViaApi,
  expect,
  plantToken,
  registerViaApi,
  test,
  toast,
  type Account,
  publicVirtualCard,
} from './fixtures.ts';
import { parseCsv } from '../support/csv.ts';
import { expectAccessible } from './accessibility.ts';

/** Copy the public form, the 'Bağlantılar' screen and the server must agree on. */
const LEAD_TEXT = {
  submitted: 'Bilgileriniz iletildi. Kart sahibi en kısa sürede sizinle iletişime geçecek.',
  deleted: 'Bağlantı silindi',
  empty: 'Henüz bir bağlantınız yok',
  noMatch: 'Aramanızla eşleşen bağlantı bulunamadı',
  statusCalled: 'Durum “Arandı” olarak güncellendi',
  noteSaved: 'Not kaydedildi',
} as const;

const PHONE = { width: 390, height: 844 } as const;
const DESKTOP = { width: 1280, height: 800 } as const;
const SCREENSHOT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');

test.use({ viewport: PHONE });

/** An owner with a profile and an activated virtual card, made through the API. */
async function ownerWithCard(request: APIRequestContext, account: Account, name: string): Promise<string> {
  await createProfileViaApi(request, account);
  return publicVirtualCard(request, account, name);
}

function parseVCard(text: string): ICAL.Component {
  return new ICAL.Component(ICAL.parse(text) as unknown[]);
}

async function ownerPage(
  browser: Browser,
  baseURL: string | undefined,
  account: Account,
  viewport: { width: number; height: number } = PHONE,
): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport,
    locale: 'tr-TR',
    timezoneId: 'Europe/Istanbul',
    acceptDownloads: true,
  });
  const page = await context.newPage();
  await plantToken(page, account.token);
  return page;
}

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({
    path: join(SCREENSHOT_DIR, `leads-${name}-${width}x${height}.png`),
    fullPage: true,
    animations: 'disabled',
  });
}

test.describe('leads', () => {
  test('a visitor leaves their details on the card; the owner finds, exports and deletes them', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const account = await registerViaApi(request, { firstName: 'Serkan', lastName: 'Aydın' });
    const cardId = await ownerWithCard(request, account, 'Fuar Kartı');

    const dialog = page.getByRole('dialog', { name: 'Bilgilerini Paylaş' });
    await test.step('the visitor opens the card on a phone and, after reading it, opens “Bilgi Gönder”', async () => {
      await page.goto(`/p/${cardId}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Serkan Aydın' })).toBeVisible();
      // A person needs more than 3 seconds between seeing the page and sending the form.
      await page.waitForTimeout(3_500);
      await page.getByRole('button', { name: 'Bilgi Gönder' }).click();
      await expect(dialog).toBeVisible();
      await expectAccessible(page, 'public card, lead dialog');
    });

    await test.step('fills in their details and sends them', async () => {
      await dialog.getByLabel('Ad Soyad').fill('Zeynep Kaya');
      await dialog.getByLabel('Telefon').fill('0532 987 65 43');
      await dialog.getByLabel('E-posta').fill('zeynep@ornek.com');
      await dialog.getByLabel('Mesaj').fill('Merhaba, fuarda tanıştık. Yarın arayabilir misiniz?');
      await dialog.getByRole('checkbox').check();
      await dialog.getByRole('button', { name: 'Gönder' }).click();
      // The dialog closes with the thanks, as the REMS form does.
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('status').filter({ hasText: LEAD_TEXT.submitted })).toBeVisible();
      await expectAccessible(page, 'public card, lead sent');
    });

    await test.step('a second visitor on the same phone leaves theirs too, in an emptied form', async () => {
      await page.getByRole('button', { name: 'Bilgi Gönder' }).click();
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel('Ad Soyad')).toHaveValue('');
      await dialog.getByLabel('Ad Soyad').fill('Ömer Işık');
      await dialog.getByLabel('E-posta').fill('omer.isik@ornek.com.tr');
      await dialog.getByRole('button', { name: 'Gönder' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('status').filter({ hasText: LEAD_TEXT.submitted })).toBeVisible();
    });

    await test.step('“Rehbere Ekle” downloads the owner’s contact as a vCard a phone can import', async () => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Rehbere Ekle' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('Serkan_Aydın.vcf');
      const text = readFileSync(await download.path(), 'utf8');
      const vcard = parseVCard(text);
      expect(vcard.getFirstPropertyValue('version')).toBe('3.0');
      expect(vcard.getFirstPropertyValue('n')).toEqual(['Aydın', 'Serkan', '', '', '']);
      expect(vcard.getFirstPropertyValue('fn')).toBe('Serkan Aydın');
      expect(vcard.getFirstPropertyValue('title')).toBe('Gayrimenkul Danışmanı');
      expect(vcard.getFirstPropertyValue('email')).toBe(account.email);
      expect(text).toMatch(/\r\nEND:VCARD\r\n$/);
    });

    const owner = await ownerPage(browser, baseURL, account);
    const list = owner.getByRole('list', { name: 'Bağlantılarınız' });
    const zeynep = list.getByRole('listitem').filter({ hasText: 'Zeynep Kaya' });
    const omer = list.getByRole('listitem').filter({ hasText: 'Ömer Işık' });

    await test.step('the owner finds both on “Bağlantılar”, newest first, with everything they left', async () => {
      await owner.goto('/dashboard');
      await owner.getByRole('button', { name: /Menü/ }).click();
      await owner
        .getByRole('navigation', { name: 'Panel bölümleri' })
        .getByRole('link', { name: 'Bağlantılar' })
        .click();
      await expect(owner.getByRole('heading', { level: 1, name: 'Bağlantılar' })).toBeVisible();
      await expect(list.getByRole('listitem')).toHaveCount(2);
      await expect(list.getByRole('listitem').first()).toContainText('Ömer Işık');
      await expect(zeynep.getByRole('link', { name: '0532 987 65 43' })).toHaveAttribute('href', 'tel:+905329876543');
      await expect(zeynep.getByRole('link', { name: 'zeynep@ornek.com' })).toHaveAttribute(
        'href',
        'mailto:zeynep@ornek.com',
      );
      await expect(zeynep).toContainText('Merhaba, fuarda tanıştık. Yarın arayabilir misiniz?');
      await expect(zeynep).toContainText('Pazarlama izni var');
      await expect(zeynep).toContainText(`Fuar Kartı (${cardId})`);
      await expect(omer).not.toContainText('Pazarlama izni var');
      await expect(omer.getByRole('link', { name: 'Ara' })).toHaveCount(0);
      await expect(owner.getByText('2 bağlantı')).toBeVisible();
      await shoot(owner, 'list');
      await expectAccessible(owner, '/leads, 390×844');
    });

    const search = owner.getByRole('searchbox', { name: 'Bağlantılarda ara' });
    await test.step('searches without minding case or Turkish letters', async () => {
      await search.fill('IŞIK');
      await expect(list.getByRole('listitem')).toHaveCount(1);
      await expect(omer).toBeVisible();
      await expect(owner.getByText('Aramanızla eşleşen 1 bağlantı')).toBeVisible();
      await search.fill('0532 987');
      await expect(list.getByRole('listitem')).toHaveCount(1);
      await expect(zeynep).toBeVisible();
      await search.fill('hiç kimse');
      await expect(owner.getByText(LEAD_TEXT.noMatch)).toBeVisible();
      await expectAccessible(owner, '/leads, nothing matches');
      await owner.getByRole('button', { name: 'Aramayı Temizle' }).click();
      await expect(list.getByRole('listitem')).toHaveCount(2);
    });

    const filter = owner.getByRole('group', { name: 'Duruma göre göster' });
    const note = 'Fuarda tanıştık.\nSalı 14:00’te teklif göndereceğim; eşi de ilgileniyor.';
    await test.step('every lead starts as “Yeni”; the owner marks Zeynep as called', async () => {
      const zeynepStatus = zeynep.getByRole('combobox', { name: 'Durum (Zeynep Kaya)' });
      await expect(zeynepStatus).toHaveValue('new');
      await expect(omer.getByRole('combobox', { name: 'Durum (Ömer Işık)' })).toHaveValue('new');
      await zeynepStatus.selectOption('Arandı');
      await expect(toast(owner, LEAD_TEXT.statusCalled)).toBeVisible();
      await expect(zeynepStatus).toHaveValue('called');
      await expect(zeynepStatus).toBeEnabled();
      await expect(filter.getByRole('button', { name: /^Arandı/ })).toContainText('1');
    });

    await test.step('filters the list by status, and back to all', async () => {
      await filter.getByRole('button', { name: /^Arandı/ }).click();
      await expect(filter.getByRole('button', { name: /^Arandı/ })).toHaveAttribute('aria-pressed', 'true');
      await expect(list.getByRole('listitem')).toHaveCount(1);
      await expect(zeynep).toBeVisible();
      await filter.getByRole('button', { name: /^Yeni/ }).click();
      await expect(list.getByRole('listitem')).toHaveCount(1);
      await expect(omer).toBeVisible();
      await filter.getByRole('button', { name: /^Olumsuz/ }).click();
      await expect(owner.getByRole('heading', { name: '“Olumsuz” durumunda bağlantı yok' })).toBeVisible();
      await expectAccessible(owner, '/leads, nothing of a status');
      await owner.getByRole('button', { name: 'Tümünü Göster' }).click();
      await expect(list.getByRole('listitem')).toHaveCount(2);
      await expect(filter.getByRole('button', { name: /^Tümü/ })).toHaveAttribute('aria-pressed', 'true');
    });

    await test.step('writes a private note about Zeynep; it is there after a reload', async () => {
      await zeynep.getByRole('button', { name: 'Zeynep Kaya için not ekle' }).click();
      const noteDialog = owner.getByRole('dialog', { name: 'Not Ekle' });
      await expect(noteDialog.getByRole('textbox', { name: 'Not' })).toBeFocused();
      await noteDialog.getByRole('textbox', { name: 'Not' }).fill(note);
      await expect(noteDialog).toContainText('/ 2.000 karakter');
      await shoot(owner, 'note-dialog');
      await expectAccessible(owner, '/leads, note dialog');
      await noteDialog.getByRole('button', { name: 'Kaydet' }).click();
      await expect(toast(owner, LEAD_TEXT.noteSaved)).toBeVisible();
      await expect(noteDialog).toBeHidden();
      await expect(zeynep).toContainText('Özel notunuz');
      await expect(zeynep).toContainText('Salı 14:00’te teklif göndereceğim');
      await owner.reload();
      await expect(zeynep).toContainText('Salı 14:00’te teklif göndereceğim');
      await expect(zeynep.getByRole('combobox', { name: 'Durum (Zeynep Kaya)' })).toHaveValue('called');
      await expect(zeynep.getByRole('button', { name: 'Zeynep Kaya için notu düzenle' })).toBeVisible();
      await shoot(owner, 'follow-up');
      await expectAccessible(owner, '/leads, status and note, 390×844');
    });

    await test.step('exports a CSV that Excel opens with Turkish letters intact', async () => {
      const [download] = await Promise.all([
        owner.waitForEvent('download'),
        owner.getByRole('button', { name: 'CSV İndir' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^baglantilar-\d{4}-\d{2}-\d{2}\.csv$/);
      const bytes = readFileSync(await download.path());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const rows = parseCsv(bytes.subarray(3).toString('utf8'));
      expect(rows[0]).toEqual([
        'Tarih',
        'Ad Soyad',
        'Telefon',
        'E-posta',
        'Mesaj',
        'Pazarlama İzni',
        'Kart',
        'Durum',
        'Not',
      ]);
      expect(rows.slice(1).map((row) => row.slice(1))).toEqual([
        ['Ömer Işık', '', 'omer.isik@ornek.com.tr', '', 'Hayır', `Fuar Kartı (${cardId})`, 'Yeni', ''],
        [
          'Zeynep Kaya',
          '0532 987 65 43',
          'zeynep@ornek.com',
          'Merhaba, fuarda tanıştık. Yarın arayabilir misiniz?',
          'Evet',
          `Fuar Kartı (${cardId})`,
          'Arandı',
          note,
        ],
      ]);
    });

    await test.step('deletes a lead after confirming; it is gone for good', async () => {
      await zeynep.getByRole('button', { name: 'Zeynep Kaya bağlantısını sil' }).click();
      const confirm = owner.getByRole('dialog', { name: 'Bağlantı silinsin mi?' });
      await expect(confirm).toContainText('Bu işlem geri alınamaz');
      await expect(confirm.getByRole('button', { name: 'Vazgeç' })).toBeFocused();
      await expectAccessible(owner, '/leads, deletion confirmation');
      await confirm.getByRole('button', { name: 'Sil' }).click();
      await expect(toast(owner, LEAD_TEXT.deleted)).toBeVisible();
      await expect(confirm).toBeHidden();
      await expect(list.getByRole('listitem')).toHaveCount(1);
      await expect(zeynep).toHaveCount(0);
      await owner.reload();
      await expect(omer).toBeVisible();
      await expect(zeynep).toHaveCount(0);
    });

    await test.step('on a desktop the same list sits in columns', async () => {
      await owner.setViewportSize(DESKTOP);
      await expect(omer).toBeVisible();
      const [name, contact] = await Promise.all([
        omer.getByRole('heading').boundingBox(),
        omer.getByRole('link', { name: 'omer.isik@ornek.com.tr' }).boundingBox(),
      ]);
      expect(contact?.x ?? 0).toBeGreaterThan((name?.x ?? 0) + 200);
      await shoot(owner, 'list');
      await omer.getByRole('combobox', { name: 'Durum (Ömer Işık)' }).selectOption('Görüşüldü');
      await expect(toast(owner, 'Durum “Görüşüldü” olarak güncellendi')).toBeVisible();
      await omer.getByRole('button', { name: 'Ömer Işık için not ekle' }).click();
      const noteDialog = owner.getByRole('dialog', { name: 'Not Ekle' });
      await noteDialog.getByRole('textbox', { name: 'Not' }).fill('Ofiste görüştük, kataloğu e-postayla istedi.');
      await noteDialog.getByRole('button', { name: 'Kaydet' }).click();
      await expect(toast(owner, LEAD_TEXT.noteSaved)).toBeVisible();
      await expect(omer).toContainText('Ofiste görüştük, kataloğu e-postayla istedi.');
      await expect(omer.getByRole('combobox', { name: 'Durum (Ömer Işık)' })).toHaveValue('met');
      await shoot(owner, 'follow-up');
      await expectAccessible(owner, '/leads, 1280×800');
    });
    await owner.context().close();
  });

  test('an owner without leads learns where they come from', async ({ browser, baseURL, request }) => {
    const account = await registerViaApi(request);
    const owner = await ownerPage(browser, baseURL, account, DESKTOP);
    await owner.goto('/leads');
    await expect(owner.getByRole('heading', { level: 1, name: 'Bağlantılar' })).toBeVisible();
    await expect(owner.getByRole('heading', { name: LEAD_TEXT.empty })).toBeVisible();
    await expect(owner.getByText(/Bilgi Gönder.*butonuna dokunup/)).toBeVisible();
    await expect(owner.getByRole('button', { name: 'CSV İndir' })).toHaveCount(0);
    await expect(owner.getByRole('link', { name: 'Kartlarıma Git' })).toHaveAttribute('href', '/cards');
    await shoot(owner, 'empty');
    await expectAccessible(owner, '/leads, no leads yet');
    await owner.context().close();
  });
});
