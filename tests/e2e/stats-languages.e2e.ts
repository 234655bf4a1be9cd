import { readFileSync } from 'node:fs';
import { devices, type APIRequestContext, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { expect, plantToken, publicVirtualCard, registerViaApi, test, type Account } from './fixtures.ts';
import { captureBothSizes } from './screens.ts';
import { parseCsv } from '../support/csv.ts';

/**
 * Issue 31 on /stats: the owner writes their words in English too; two visitors whose browsers ask for English and one
 * whose browser asks for Turkish open the card, each page in its language. The 'Diller' tab then shows İngilizce 2 and
 * Türkçe 1 as a pie with its table and as bars, its CSV says the same, and the overview has the language pie too.
 * axe and screenshots at 390×844 and 1280×800.
 */

// A browser context takes these from the device descriptors (the browser itself stays Chromium): a person's user
// agent, as headless Chromium's own would be taken for a script and not counted.
const { defaultBrowserType: _iphoneBrowser, ...IPHONE } = devices['iPhone 13'];
const { defaultBrowserType: _chromeBrowser, ...DESKTOP_CHROME } = devices['Desktop Chrome'];
const DESKTOP_VIEWPORT = { width: 1280, height: 800 } as const;
const PHONE_VIEWPORT = { width: 390, height: 844 } as const;
const ISTANBUL = { timezoneId: 'Europe/Istanbul' } as const;

function todayIso(): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Istanbul',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

/** An owner with a profile in Turkish and in English, and an activated virtual card, made through the API. */
async function ownerWithEnglishCard(request: APIRequestContext, account: Account): Promise<string> {
  const profile = await request.post('/api/profile', {
    headers: { authorization: `Bearer ${account.token}` },
    data: {
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      phone: '0532 123 45 67',
      jobTitle: 'Gayrimenkul Danışmanı',
      bio: 'Antalya’da satılık ve kiralık konutlar.',
      translations: { en: { jobTitle: 'Real-estate consultant', bio: 'Homes for sale and to rent in Antalya.' } },
    },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  return publicVirtualCard(request, account, 'Fuar Kartı', { color: 'black' });
}

/** A stranger's browser opens the card; resolves once the page's visit beacon was answered, with what it said. */
async function visitorReads(
  browser: Browser,
  baseURL: string | undefined,
  options: BrowserContextOptions,
  cardId: string,
  expectedLanguage: 'tr' | 'en',
): Promise<void> {
  const context = await browser.newContext({ ...options, ...ISTANBUL, baseURL });
  const page = await context.newPage();
  const beacon = page.waitForResponse((response) => response.url().endsWith('/api/telemetry/visit'));
  await page.goto(`/p/${cardId}`);
  const response = await beacon;
  expect(response.status()).toBe(204);
  expect(response.request().postDataJSON()).toMatchObject({ cardId, language: expectedLanguage });
  await expect(page.locator('html')).toHaveAttribute('lang', expectedLanguage);
  await context.close();
}

async function openTab(page: Page, label: string) {
  const tab = page.getByRole('tab', { name: label });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel', { name: label });
  // Charts draw after their chunk and a measurement.
  await expect(panel.locator('.chart-placeholder')).toHaveCount(0);
  return panel;
}

test('Diller: visits in English and Turkish as a table, a pie and bars, in the CSV and the overview', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const account = await registerViaApi(request, { firstName: 'Derya', lastName: 'Aksoy' });
  const cardId = await ownerWithEnglishCard(request, account);

  await test.step('given two visitors reading the card in English and one in Turkish', async () => {
    await visitorReads(browser, baseURL, { ...IPHONE, locale: 'en-GB' }, cardId, 'en');
    await visitorReads(browser, baseURL, { ...DESKTOP_CHROME, locale: 'en-US' }, cardId, 'en');
    await visitorReads(browser, baseURL, { ...IPHONE, locale: 'tr-TR' }, cardId, 'tr');
  });

  const context = await browser.newContext({
    baseURL,
    viewport: DESKTOP_VIEWPORT,
    locale: 'tr-TR',
    ...ISTANBUL,
    acceptDownloads: true,
  });
  const stats = await context.newPage();
  await plantToken(stats, account.token);

  await test.step('when the owner opens Diller on /stats, İngilizce 2 and Türkçe 1 show in the pie, its table and the bars', async () => {
    await stats.goto('/stats');
    const tabs = stats.getByRole('tablist', { name: 'İstatistik bölümleri' }).getByRole('tab');
    await expect(tabs).toHaveText([
      'Genel Bakış',
      'Ziyaretler',
      'Konumlar',
      'Cihazlar',
      'Diller',
      'Tıklamalar',
      'Ürünler',
    ]);
    await expect(
      stats
        .getByRole('list', { name: 'Özet istatistikler' })
        .getByRole('listitem')
        .filter({ hasText: 'Toplam Ziyaret' }),
    ).toContainText('3');
    const panel = await openTab(stats, 'Diller');
    await expect(stats).toHaveURL(/\?sekme=diller$/);
    await expect(panel.getByRole('img', { name: 'Dil dağılımı' })).toBeVisible();
    const table = panel.getByRole('table', { name: 'Dil dağılımı' });
    await expect(table.getByRole('columnheader')).toHaveText(['Dil', 'Ziyaret', 'Yüzde']);
    const rows = table.getByRole('row');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1).getByRole('rowheader')).toHaveText('İngilizce');
    await expect(rows.nth(1).getByRole('cell')).toHaveText(['2', '%66,7']);
    await expect(rows.nth(2).getByRole('rowheader')).toHaveText('Türkçe');
    await expect(rows.nth(2).getByRole('cell')).toHaveText(['1', '%33,3']);
    const bars = panel.getByRole('list', { name: 'Dillere göre ziyaretler' }).getByRole('listitem');
    await expect(bars).toHaveCount(2);
    await expect(bars.nth(0)).toContainText('İngilizce');
    await expect(bars.nth(0)).toContainText('2 ziyaret');
    await expect(bars.nth(1)).toContainText('Türkçe');
    await expect(bars.nth(1)).toContainText('%33,3');
  });

  await test.step('then it is accessible and fits on a phone and a desktop', async () => {
    await stats.setViewportSize(PHONE_VIEWPORT);
    await expect(stats.getByRole('tabpanel', { name: 'Diller' }).locator('.chart-placeholder')).toHaveCount(0);
    const overflow = await stats.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'Diller scrolls sideways on a phone').toBeLessThanOrEqual(0);
    await captureBothSizes(stats, 'stats-languages', '/stats Diller');
  });

  await test.step('the CSV of the tab: the summary, then each language with its visits and share', async () => {
    const [download] = await Promise.all([
      stats.waitForEvent('download'),
      stats.getByRole('button', { name: 'CSV İndir' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`istatistikler-diller-${todayIso()}.csv`);
    const bytes = readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(bytes.subarray(3).toString('utf8'));
    expect(rows[0]).toEqual(['Özet']);
    expect(rows[2]?.slice(0, 2)).toEqual(['Tüm kartlar', '3']);
    const at = rows.findIndex((row) => row[0] === 'Diller');
    expect(rows.slice(at + 1, at + 4)).toEqual([
      ['Dil', 'Ziyaret', 'Yüzde (%)'],
      ['İngilizce', '2', '66,7'],
      ['Türkçe', '1', '33,3'],
    ]);
  });

  await test.step('the overview has the language pie beside the device pie', async () => {
    const panel = await openTab(stats, 'Genel Bakış');
    await expect(panel.getByRole('img', { name: 'Dil dağılımı' })).toBeVisible();
    await expect(
      panel.getByRole('table', { name: 'Dil dağılımı' }).getByRole('row', { name: /İngilizce/ }),
    ).toContainText('%66,7');
    await captureBothSizes(stats, 'stats-languages-overview', '/stats Genel Bakış with languages');
  });

  await context.close();
});
