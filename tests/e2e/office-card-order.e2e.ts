import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { CARD_ORDER_EXAMPLE } from '@kartvizit/schemas/card/provisioning-csv';
import { createProfileViaApi, expect, plantToken, test, toast } from './fixtures.ts';
import { captureBothSizes } from './screens.ts';

/**
 * 'Fiziksel Kart Siparişi' (issue 30): an office's Yönetici downloads the example, uploads an order with a mistake and
 * sees it line by line, uploads it corrected (Turkish Excel's ';'), sees the preview and its total, produces the cards
 * into the office's pool and downloads the NFC vendor's list, whose ids are the pool's. Phone and desktop, axe clean.
 */

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const downloading = page.waitForEvent('download');
  await click();
  const download = await downloading;
  return { name: download.suggestedFilename(), text: await readFile((await download.path()) ?? '', 'utf8') };
}

const csvFile = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });

test('an office admin orders physical cards by CSV on Ofis Kartları and downloads the vendor’s list', async ({
  page,
  request,
  account,
}) => {
  await test.step('an office with no cards yet', async () => {
    await createProfileViaApi(request, account);
    const created = await request.post('/api/offices', {
      headers: { authorization: `Bearer ${account.token}` },
      data: { name: 'Çınar Emlak Kartlar', slug: `cinar-kart-${randomBytes(3).toString('hex')}` },
    });
    expect(created.status(), await created.text()).toBe(200);
  });

  await plantToken(page, account.token);
  await page.goto('/office/cards');
  const section = page.getByRole('region', { name: 'Fiziksel Kart Siparişi' });
  const pool = page.getByRole('region', { name: /^Boştaki kartlar/ });

  await test.step('the example file is the order format, in Turkish, ready for Excel', async () => {
    await expect(pool.getByRole('heading')).toHaveText('Boştaki kartlar (0)');
    const example = await downloaded(page, () => section.getByRole('button', { name: 'Örnek Dosyayı İndir' }).click());
    expect(example.name).toBe('kart-siparisi-ornek.csv');
    expect(example.text).toBe(CARD_ORDER_EXAMPLE);
  });

  await test.step('an order with mistakes is read line by line, and nothing can be produced from it', async () => {
    await section
      .getByLabel('CSV Dosyası Seç')
      .setInputFiles(csvFile('siparis.csv', 'tür,renk,adet\nTemel,Mor,2\nPro,Altın,\n'));
    const problems = section.getByRole('alert');
    await expect(problems).toContainText('Sipariş dosyasında 2 hata var, hiçbir kart üretilmedi');
    await expect(problems.getByRole('listitem')).toHaveText([
      '2. satır: bilinmeyen kart rengi "Mor"',
      '3. satır: adet boş',
    ]);
    await expect(section.getByRole('button', { name: 'Kartları Üret' })).toHaveCount(0);
    await captureBothSizes(page, 'office-card-order-mistakes', 'Ofis Kartları, mistakes');
  });

  const cardIds = await test.step('the corrected order: a preview with its total, then three cards', async () => {
    await section
      .getByLabel('CSV Dosyası Seç')
      .setInputFiles(csvFile('siparis.csv', '\uFEFFtür;renk;adet\r\nTemel;Siyah;2\r\nPro;Altın;1\r\n'));
    await expect(section.getByRole('alert')).toHaveCount(0);
    const preview = section.getByRole('table', { name: /Siparişin önizlemesi/ });
    await expect(preview.getByRole('row')).toHaveText([
      /Tür\s*Renk\s*Adet/,
      /Temel\s*Siyah\s*2/,
      /Pro\s*Altın\s*1/,
      /Toplam\s*3 kart/,
    ]);
    await captureBothSizes(page, 'office-card-order-preview', 'Ofis Kartları, preview');

    await section.getByRole('button', { name: 'Kartları Üret' }).click();
    await expect(toast(page, '3 fiziksel kart üretildi')).toBeVisible();
    await expect(pool.getByRole('heading')).toHaveText('Boştaki kartlar (3)');
    await expect(section.getByRole('status')).toContainText('3 fiziksel kart üretildi');
    await expect(section.getByRole('table')).toHaveCount(0);
    await captureBothSizes(page, 'office-card-order-produced', 'Ofis Kartları, produced');

    const list = await downloaded(page, () => section.getByRole('button', { name: 'CSV İndir' }).click());
    expect(list.name).toMatch(/^ofis-kartlari-\d{4}-\d{2}-\d{2}-[0-9a-f]{6}\.csv$/);
    const [header, ...lines] = list.text.trim().split('\n');
    expect(header).toBe('cardId,type,color,url');
    expect(lines.map((line) => line.split(',').slice(1, 3).join(','))).toEqual([
      'basic,black',
      'basic,black',
      'pro,gold',
    ]);
    return lines.map((line) => line.split(',')[0] ?? '');
  });

  await test.step('the vendor’s ids are the pool’s cards, and each address is the card’s', async () => {
    for (const cardId of cardIds) {
      expect(cardId).toMatch(/^KV-[A-HJ-NP-Z2-9]{8}$/);
      await expect(pool.getByText(cardId, { exact: true })).toBeVisible();
    }
  });
});
