import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DESKTOP, PHONE, expect, plantToken, publicVirtualCard, test, toast, type Account } from './fixtures.ts';
import { captureBothSizes, SCREENSHOT_DIR } from './screens.ts';

/**
 * Issue 31, the owner's side (decision 62): an owner writes their job title and bio in English and Arabic under
 * 'Diğer Diller' on /profile, and a product's name in English in its form; the card then speaks English at
 * `/p/{cardId}?lang=en`. The dashboard itself stays Turkish.
 */

const TURKISH = {
  jobTitle: 'Gayrimenkul Danışmanı',
  company: 'Öztürk Emlak',
  bio: 'Kadıköy ve Moda’da 12 yıldır konut ve arsa danışmanlığı.',
} as const;
const ENGLISH = {
  jobTitle: 'Real Estate Consultant',
  bio: 'Twelve years of homes and land in Kadıköy and Moda.',
  product: 'Sea-view flat in Moda',
} as const;
const ARABIC_JOB_TITLE = 'مستشار عقاري';
const PRODUCT = 'Deniz manzaralı daire';

/** A profile with Turkish words to translate, through the real API; returns once the read side has it. */
async function createProfile(request: APIRequestContext, account: Account): Promise<void> {
  const headers = { authorization: `Bearer ${account.token}` };
  const response = await request.post('/api/profile', {
    headers,
    data: { firstName: account.firstName, lastName: account.lastName, email: account.email, ...TURKISH },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { position } = (await response.json()) as { position?: string };
  await expect
    .poll(async () => {
      const me = await request.get('/api/profile/me', {
        headers: { ...headers, ...(position ? { 'x-min-position': position } : {}) },
      });
      return ((await me.json()) as { profile?: unknown }).profile != null;
    })
    .toBe(true);
}

async function createProduct(request: APIRequestContext, account: Account): Promise<string> {
  const response = await request.post('/api/products', {
    headers: { authorization: `Bearer ${account.token}` },
    data: {
      name: PRODUCT,
      description: 'Moda’da, denize iki dakika, 3+1.',
      features: ['Asansör', 'Otopark'],
      price: { value: 8_750_000 },
      actionButton: { type: 'contact', label: 'Bizi arayın' },
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { _id: string } }).data._id;
}

function languages(page: Page): Locator {
  return page.getByRole('region', { name: 'Diğer Diller' });
}

/** The section as it looks, at both sizes, for a person to read (tests/artifacts/screenshots). */
async function shootSection(page: Page, section: Locator, file: string): Promise<void> {
  // A capture taller than the screen would scroll under the sticky bars: put them back in the flow meanwhile (through
  // the CSSOM, which the page's Content-Security-Policy allows, unlike a style sheet of our own).
  const bars = '.shell__topbar, .pf-nav, .pf-savebar';
  await page.evaluate((selector) => {
    for (const bar of document.querySelectorAll<HTMLElement>(selector))
      bar.style.setProperty('position', 'static', 'important');
  }, bars);
  for (const [size, viewport] of [
    ['phone', PHONE.viewport ?? { width: 390, height: 844 }],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: join(SCREENSHOT_DIR, `${file}-${size}.png`), animations: 'disabled' });
  }
  await page.evaluate((selector) => {
    for (const bar of document.querySelectorAll<HTMLElement>(selector)) bar.style.removeProperty('position');
  }, bars);
}

test.beforeAll(() => {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
});

test('an owner writes their card in English and Arabic, and a visitor reads it in English', async ({
  page,
  account,
  request,
}) => {
  test.setTimeout(150_000);
  await createProfile(request, account);
  const cardId = await publicVirtualCard(request, account, 'Vitrin');
  const productId = await createProduct(request, account);
  await page.setViewportSize(DESKTOP);
  await plantToken(page, account.token);
  await page.goto('/profile');
  await expect(page.getByRole('button', { name: 'Profili Kaydet' })).toBeEnabled();
  const section = languages(page);

  await test.step('the section list leads to “Diğer Diller”, where every language starts off', async () => {
    await page
      .getByRole('navigation', { name: 'Profil bölümleri' })
      .getByRole('link', { name: 'Diğer Diller' })
      .click();
    await expect(section.getByRole('heading', { level: 2, name: 'Diğer Diller' })).toBeFocused();
    for (const name of ['İngilizce (English)', 'Rusça (Русский)', 'Arapça (العربية)', 'Almanca (Deutsch)']) {
      await expect(section.getByRole('switch', { name })).not.toBeChecked();
    }
    await expect(section.getByRole('textbox')).toHaveCount(0);
  });

  await test.step('English and Arabic on: three inputs each, in their language, the Turkish shown under each', async () => {
    await section.getByRole('switch', { name: 'İngilizce (English)' }).check();
    await section.getByRole('switch', { name: 'Arapça (العربية)' }).check();
    await expect(section.getByRole('textbox')).toHaveCount(6);
    const englishTitle = section.getByLabel('Pozisyon (İngilizce)');
    await expect(englishTitle).toHaveAttribute('lang', 'en');
    await expect(englishTitle).not.toHaveAttribute('dir', /.*/);
    await expect(englishTitle).toHaveAccessibleDescription(`Türkçesi: ${TURKISH.jobTitle}`);
    await expect(section.getByLabel('Hakkında (İngilizce)')).toHaveAccessibleDescription(`Türkçesi: ${TURKISH.bio}`);
    const arabicTitle = section.getByLabel('Pozisyon (Arapça)');
    await expect(arabicTitle).toHaveAttribute('lang', 'ar');
    await expect(arabicTitle).toHaveAttribute('dir', 'rtl');
    await expect(section.getByLabel('Hakkında (Arapça)')).toHaveAttribute('dir', 'rtl');
    // Switched on with nothing written is not yet a change: the card opens in a language once words are in it.
    await expect(page.getByText('Kaydedilmemiş değişiklikleriniz var.')).toHaveCount(0);
  });

  await test.step('the words, with a bio too long first: the server’s Turkish message before anything is sent', async () => {
    await section.getByLabel('Pozisyon (İngilizce)').fill(ENGLISH.jobTitle);
    const bio = section.getByLabel('Hakkında (İngilizce)');
    await bio.fill('a'.repeat(1001));
    await bio.blur();
    await expect(section.getByRole('alert')).toHaveText('Hakkında (İngilizce) en fazla 1000 karakter olabilir');
    await expect(bio).toHaveAttribute('aria-invalid', 'true');
    await bio.fill(ENGLISH.bio);
    await expect(section.getByRole('alert')).toHaveCount(0);
    await section.getByLabel('Pozisyon (Arapça)').fill(ARABIC_JOB_TITLE);
    await expect(section.getByText('Eksik: Şirket — boş kalan alanlar Türkçe gösterilir.')).toBeVisible();
    await expect(section.getByText('Eksik: Şirket, Hakkında — boş kalan alanlar Türkçe gösterilir.')).toBeVisible();
    await expect(page.getByText('Kaydedilmemiş değişiklikleriniz var.')).toBeVisible();
  });

  await test.step('axe finds nothing at either size; the section as the owner sees it', async () => {
    await captureBothSizes(page, 'owner-languages-profile', '/profile, Diğer Diller');
    await shootSection(page, section, 'owner-languages-section');
    await page.setViewportSize(DESKTOP);
  });

  await test.step('saved and reloaded: English and Arabic are on with their words, the others off', async () => {
    await page.getByRole('button', { name: 'Profili Kaydet' }).click();
    await expect(toast(page, 'Profil güncellendi!')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Profili Kaydet' })).toBeEnabled();
    await expect(section.getByRole('switch', { name: 'İngilizce (English)' })).toBeChecked();
    await expect(section.getByRole('switch', { name: 'Arapça (العربية)' })).toBeChecked();
    await expect(section.getByRole('switch', { name: 'Rusça (Русский)' })).not.toBeChecked();
    await expect(section.getByRole('switch', { name: 'Almanca (Deutsch)' })).not.toBeChecked();
    await expect(section.getByLabel('Pozisyon (İngilizce)')).toHaveValue(ENGLISH.jobTitle);
    await expect(section.getByLabel('Hakkında (İngilizce)')).toHaveValue(ENGLISH.bio);
    await expect(section.getByLabel('Şirket (İngilizce)')).toHaveValue('');
    await expect(section.getByLabel('Pozisyon (Arapça)')).toHaveValue(ARABIC_JOB_TITLE);
    await expect(page.getByText('Kaydedilmemiş değişiklikleriniz var.')).toHaveCount(0);
  });

  await test.step('the API holds exactly what was written', async () => {
    const me = await request.get('/api/profile/me', { headers: { authorization: `Bearer ${account.token}` } });
    const { profile } = (await me.json()) as { profile: { jobTitle: string; translations: unknown } };
    expect(profile.jobTitle).toBe(TURKISH.jobTitle);
    expect(profile.translations).toEqual({
      en: { jobTitle: ENGLISH.jobTitle, bio: ENGLISH.bio },
      ar: { jobTitle: ARABIC_JOB_TITLE },
    });
  });

  await test.step('a product’s “Diğer Diller”: folded away, then the card’s two languages; its English name saved', async () => {
    await page.goto('/products');
    await page.getByRole('button', { name: `${PRODUCT}: düzenle` }).click();
    const form = page.locator('form').filter({ has: page.getByRole('textbox', { name: 'Ürün adı', exact: true }) });
    const toggle = form.getByRole('button', { name: /^Diğer Diller/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(form.getByLabel('Ürün adı (İngilizce)')).toHaveCount(0);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(form.getByRole('group', { name: 'İngilizce (English)' })).toBeVisible();
    await expect(form.getByRole('group', { name: 'Arapça (العربية)' })).toBeVisible();
    await expect(form.getByRole('group', { name: 'Rusça (Русский)' })).toHaveCount(0);
    const englishName = form.getByLabel('Ürün adı (İngilizce)');
    await expect(englishName).toHaveAttribute('lang', 'en');
    await expect(englishName).toHaveAccessibleDescription(`Türkçesi: ${PRODUCT}`);
    await expect(form.getByLabel('Ürün adı (Arapça)')).toHaveAttribute('dir', 'rtl');
    await englishName.fill(ENGLISH.product);
    await expect(
      form.getByRole('group', { name: 'İngilizce (English)' }).getByText(/^Eksik: Açıklama, Özellikler, Buton metni/),
    ).toBeVisible();
    await captureBothSizes(page, 'owner-languages-product', '/products, Diğer Diller of a product');
    await page.setViewportSize(DESKTOP);
    await form.getByRole('button', { name: 'Değişiklikleri Kaydet' }).click();
    await expect(toast(page, 'Ürün başarıyla güncellendi!')).toBeVisible();
    // The toast says the command was stored; the products read model follows the log a moment later (this request
    // carries no write position to wait for), so the stored product is read until the projection has it.
    const stored = async () => {
      const list = await request.get('/api/products', { headers: { authorization: `Bearer ${account.token}` } });
      const { data } = (await list.json()) as { data: Array<{ _id: string; name: string; translations: unknown }> };
      const saved = data.find((product) => product._id === productId);
      return { name: saved?.name, translations: saved?.translations };
    };
    await expect
      .poll(stored, { message: 'the saved product as the read model has it' })
      .toEqual({ name: PRODUCT, translations: { en: { name: ENGLISH.product } } });
  });

  await test.step('a visitor at /p/{cardId}?lang=en reads the English bio and the product’s English name', async () => {
    const address = `/p/${cardId}?lang=en`;
    await expect
      .poll(async () => (await (await request.get(address)).text()).includes(ENGLISH.product), { timeout: 15_000 })
      .toBe(true);
    await page.goto(address);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('.pc-job')).toHaveText(ENGLISH.jobTitle);
    await expect(page.locator('.pc-bio')).toHaveText(ENGLISH.bio);
    await expect(page.getByText(ENGLISH.product).first()).toBeVisible();
    await expect(page.getByText(PRODUCT)).toHaveCount(0);
    // Arabic: right to left, its job title, the bio it has not got in Turkish.
    await page.goto(`/p/${cardId}?lang=ar`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('.pc-job')).toHaveText(ARABIC_JOB_TITLE);
    await expect(page.locator('.pc-bio')).toHaveText(TURKISH.bio);
  });
});
