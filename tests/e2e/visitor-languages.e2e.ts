import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { en } from '@kartvizit/query-api/language/catalogues/en';
import { ar } from '@kartvizit/query-api/language/catalogues/ar';
import type { Catalogue } from '@kartvizit/query-api/language/catalogues/tr';
import { expectAccessible } from './accessibility.ts';
import { expect, PHONE, publicVirtualCard, registerViaApi, test, type Account } from './fixtures.ts';
import { SCREENSHOT_DIR } from './screens.ts';

/**
 * Issue 31: a foreign buyer taps a Turkish agent's card. The owner has written their words in English and Arabic; a
 * visitor whose phone speaks English and one whose phone speaks Arabic each read the card, open a listing, leave
 * their details and save the contact, in their own language, at 390×844, axe clean, `lang` and `dir` right.
 */

const OWNER = {
  jobTitleTr: 'Gayrimenkul Danışmanı',
  bioTr: 'Antalya’da satılık ve kiralık konutlar.',
  jobTitleEn: 'Real-estate consultant',
  bioEn: 'Homes for sale and to rent in Antalya, for buyers from abroad.',
  jobTitleAr: 'مستشارة عقارية',
  bioAr: 'منازل للبيع وللإيجار في أنطاليا للمشترين من الخارج.',
  listingTr: 'Deniz manzaralı 3+1 daire',
  listingEn: 'Sea-view 3+1 flat',
  listingAr: 'شقة 3+1 بإطلالة على البحر',
} as const;

async function seed(request: APIRequestContext): Promise<{ cardId: string; account: Account }> {
  const account = await registerViaApi(request, { firstName: 'Ayşe', lastName: 'Yılmaz' });
  const headers = { authorization: `Bearer ${account.token}` };
  const saved = await request.post('/api/profile', {
    headers,
    multipart: {
      firstName: 'Ayşe',
      lastName: 'Yılmaz',
      jobTitle: OWNER.jobTitleTr,
      company: 'Yılmaz Emlak',
      bio: OWNER.bioTr,
      phone: '0532 123 45 67',
      email: 'ayse@yilmaz-emlak.com.tr',
      translations: JSON.stringify({
        en: { jobTitle: OWNER.jobTitleEn, bio: OWNER.bioEn },
        ar: { jobTitle: OWNER.jobTitleAr, bio: OWNER.bioAr },
      }),
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const listing = await request.post('/api/products', {
    headers,
    data: {
      name: OWNER.listingTr,
      description: 'Konyaaltı’nda, denize 300 m.',
      price: { value: 8750000, currency: 'TRY' },
      translations: {
        en: { name: OWNER.listingEn, description: 'In Konyaaltı, 300 m from the sea.' },
        ar: { name: OWNER.listingAr, description: 'في كونيالتي، على بعد 300 متر من البحر.' },
      },
    },
  });
  expect(listing.status(), await listing.text()).toBe(200);
  const cardId = await publicVirtualCard(request, account, 'Fuar');
  return { cardId, account };
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOT_DIR, `visitor-languages-${name}.png`), fullPage: true, animations: 'disabled' });
}

async function leadsOf(request: APIRequestContext, account: Account): Promise<string[]> {
  const response = await request.get('/api/leads', { headers: { authorization: `Bearer ${account.token}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { leads: { fullName: string }[] }).leads.map((lead) => lead.fullName).sort();
}

/** The journey every visitor makes, whatever their language: card, listing, details, contact file. */
async function visit(
  page: Page,
  cardId: string,
  words: { t: Catalogue; language: 'en' | 'ar'; dir: 'ltr' | 'rtl'; jobTitle: string; bio: string; listing: string; visitor: string },
): Promise<void> {
  const { t } = words;
  await page.goto(`/p/${cardId}`);
  await test.step('the card, in the browser’s language', async () => {
    await expect(page.locator('html')).toHaveAttribute('lang', words.language);
    if (words.dir === 'rtl') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    else await expect(page.locator('html')).not.toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'Ayşe Yılmaz' })).toBeVisible();
    await expect(page.getByText(words.jobTitle, { exact: true })).toBeVisible();
    await expect(page.getByText(words.bio)).toBeVisible();
    await expect(page.getByRole('link', { name: t.saveContact })).toBeVisible();
    await expect(page.getByRole('navigation', { name: t.languages }).getByRole('link', { name: 'Türkçe' })).toBeVisible();
    await expectAccessible(page, `card page (${words.language})`);
    await shoot(page, `${words.language}-card`);
  });

  await test.step('a listing, in the same language', async () => {
    await page.getByRole('link', { name: new RegExp(words.listing.replace(/[+]/g, '\\+')) }).click();
    await expect(page).toHaveURL(new RegExp(`lang=${words.language}`));
    await expect(page.locator('html')).toHaveAttribute('lang', words.language);
    await expect(page.getByRole('heading', { level: 1, name: words.listing })).toBeVisible();
    await expect(page.getByRole('link', { name: t.productAskOnWhatsApp })).toBeVisible();
    await expectAccessible(page, `product page (${words.language})`);
    await shoot(page, `${words.language}-product`);
    await page.getByRole('link', { name: t.productBackToCard.replace('{owner}', 'Ayşe Yılmaz') }).first().click();
    await expect(page.locator('html')).toHaveAttribute('lang', words.language);
  });

  await test.step('leaving details: the form’s problems and its thanks in the same language', async () => {
    await page.getByRole('button', { name: t.sendInfo }).click();
    const dialog = page.getByRole('dialog', { name: t.leadTitle });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(t.leadName).fill(words.visitor);
    await dialog.getByRole('button', { name: t.submit, exact: true }).click();
    await expect(dialog.getByText(t.formContactRequired)).toBeVisible();
    await expectAccessible(page, `lead form (${words.language})`);
    await shoot(page, `${words.language}-lead-form`);
    await dialog.getByLabel(t.leadEmail).fill('buyer@example.com');
    // The form takes a few seconds before it is sent (its token's minimum age): the thanks come when it is stored.
    await dialog.getByRole('button', { name: t.submit, exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: t.scriptLeadThanks })).toBeVisible({ timeout: 15_000 });
  });

  await test.step('saving the contact: the owner’s title in the language, the name as written', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: t.saveContact }).click();
    const file = await readFile(await (await download).path());
    const vcard = file.toString('utf8');
    expect(vcard).toContain(`TITLE:${words.jobTitle}`);
    expect(vcard).toContain('FN:Ayşe Yılmaz');
  });
}

test.describe('foreign visitors read the card in their language', () => {
  let card: { cardId: string; account: Account };

  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    card = await seed(request);
    await request.dispose();
  });

  test('a visitor whose phone speaks English', async ({ browser, request }) => {
    const context = await browser.newContext({ ...PHONE, locale: 'en-GB', acceptDownloads: true });
    const page = await context.newPage();
    await visit(page, card.cardId, {
      t: en,
      language: 'en',
      dir: 'ltr',
      jobTitle: OWNER.jobTitleEn,
      bio: OWNER.bioEn,
      listing: OWNER.listingEn,
      visitor: 'John Smith',
    });
    expect(await leadsOf(request, card.account)).toContain('John Smith');
    await context.close();
  });

  test('a visitor whose phone speaks Arabic, right to left', async ({ browser, request }) => {
    const context = await browser.newContext({ ...PHONE, locale: 'ar-SA', acceptDownloads: true });
    const page = await context.newPage();
    await visit(page, card.cardId, {
      t: ar,
      language: 'ar',
      dir: 'rtl',
      jobTitle: OWNER.jobTitleAr,
      bio: OWNER.bioAr,
      listing: OWNER.listingAr,
      visitor: 'أحمد الخطيب',
    });
    expect(await leadsOf(request, card.account)).toContain('أحمد الخطيب');
    await context.close();
  });
});
