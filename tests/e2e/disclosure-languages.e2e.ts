import type { Page } from '@playwright/test';
import { LEGAL_PATHS, LEGAL_TEXTS_VERSION } from '@kartvizit/schemas/legal';
import {
  LANGUAGE_NATIVE_NAMES,
  OWNER_LANGUAGES,
  PUBLIC_LANGUAGES,
  type OwnerLanguage,
} from '@kartvizit/schemas/language/model';
import { ar } from '@kartvizit/web/features/marketing/legal/disclosure/ar';
import { de } from '@kartvizit/web/features/marketing/legal/disclosure/de';
import { en } from '@kartvizit/web/features/marketing/legal/disclosure/en';
import { DISCLOSURE_SECTIONS, type DisclosureText } from '@kartvizit/web/features/marketing/legal/disclosure/model';
import { ru } from '@kartvizit/web/features/marketing/legal/disclosure/ru';
import { tr } from '@kartvizit/web/features/marketing/legal/disclosure/tr';
import { expect, PHONE, test } from './fixtures.ts';
import { watchViolations } from './csp.ts';
import { captureBothSizes } from './screens.ts';

/**
 * Issue 31: the card page's lead form links its short KVKK notice to the full disclosure, which a visitor reads in
 * their language at /kvkk?lang=en|ru|ar|de: the whole text, headings and title in that language, `lang` (and `dir`
 * for Arabic) on the text and on the document while it is shown, a first word that the Turkish text is the binding
 * one with a link to it, and a switcher naming each language in its own words. /kvkk stays the Turkish text.
 */

const TEXTS: { readonly [L in OwnerLanguage]: DisclosureText } = { en, ru, ar, de };

async function readsDisclosure(page: Page, text: DisclosureText, direction: 'ltr' | 'rtl'): Promise<void> {
  const html = page.locator('html');
  await expect(html).toHaveAttribute('lang', text.language);
  await expect(html).toHaveAttribute('dir', direction);
  const article = page.locator('article.legal');
  await expect(article).toHaveAttribute('lang', text.language);
  await expect(article).toHaveAttribute('dir', direction);
  await expect(page.getByRole('heading', { level: 1, name: text.heading })).toBeVisible();
  await expect(page).toHaveTitle(`${text.frame.titles.disclosure} · Dijital Kartvizit`);
  await expect(article).toContainText(LEGAL_TEXTS_VERSION);
  const contents = page.getByRole('navigation', { name: text.frame.contents });
  await expect(contents.getByRole('link')).toHaveText(DISCLOSURE_SECTIONS.map((id) => text.sections[id].title));
  for (const id of DISCLOSURE_SECTIONS) {
    await expect(page.getByRole('region', { name: text.sections[id].title })).toBeAttached();
  }
  const languages = page.getByRole('navigation', { name: text.frame.languages });
  await expect(languages.getByRole('link')).toHaveText(PUBLIC_LANGUAGES.map((each) => LANGUAGE_NATIVE_NAMES[each]));
  await expect(languages.getByRole('link', { name: LANGUAGE_NATIVE_NAMES[text.language] })).toHaveAttribute(
    'aria-current',
    'true',
  );
}

for (const language of OWNER_LANGUAGES) {
  test(`/kvkk?lang=${language}: the whole disclosure in ${LANGUAGE_NATIVE_NAMES[language]}, the Turkish binding`, async ({
    browser,
  }) => {
    const text = TEXTS[language];
    const direction = language === 'ar' ? 'rtl' : 'ltr';
    const context = await browser.newContext({ ...PHONE, locale: language });
    const page = await context.newPage();
    await page.goto(`${LEGAL_PATHS.disclosure}?lang=${language}`);
    await readsDisclosure(page, text, direction);

    await test.step('it says first that the Turkish text binds, and links to it', async () => {
      const binding = page.locator('.legal__binding');
      await expect(binding).toBeVisible();
      const original = binding.getByRole('link');
      await expect(original).toHaveAttribute('href', LEGAL_PATHS.disclosure);
      await expect(original).toHaveAttribute('hreflang', 'tr');
    });

    await test.step('the site around the text stays Turkish, left to right', async () => {
      for (const chrome of ['header.site-header', 'footer.site-footer', 'a.skip-link']) {
        const [lang, direction] = await page
          .locator(chrome)
          .first()
          .evaluate((element) => [
            element.closest('[lang]')?.getAttribute('lang'),
            getComputedStyle(element).direction,
          ]);
        expect([chrome, lang, direction]).toEqual([chrome, 'tr', 'ltr']);
      }
    });

    await test.step('the Turkish names a reader needs are kept, marked as Turkish', async () => {
      const kept = page.locator('article.legal [lang="tr"]');
      await expect(kept.filter({ hasText: 'Kişisel Verileri Koruma Kurulu' })).toHaveCount(1);
      await expect(kept.filter({ hasText: 'Veri Sorumlusu' }).first()).toBeAttached();
      await expect(page.getByRole('region', { name: text.sections.basvuru.title })).toContainText('30');
    });

    if (language === 'en' || language === 'ar') {
      await test.step('axe finds nothing at a phone’s and a desktop’s size', async () => {
        await captureBothSizes(page, `disclosure-${language}`, `/kvkk?lang=${language}`);
      });
    }
    await context.close();
  });
}

test('/kvkk is the Turkish text, unchanged, with the languages to switch to', async ({ page }) => {
  await page.goto(LEGAL_PATHS.disclosure);
  await readsDisclosure(page, tr, 'ltr');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Kişisel Verilerin Korunması Hakkında Aydınlatma Metni' }),
  ).toBeVisible();
  await expect(page.locator('.legal__binding')).toHaveCount(0);
  await expect(page.getByRole('region', { name: '10. Bu metindeki değişiklikler' })).toContainText(
    `Bu metnin sürümü: ${LEGAL_TEXTS_VERSION}.`,
  );
  // Anything else than a language of the card page reads Turkish too.
  for (const other of ['tr', 'fr', 'EN', '']) {
    await page.goto(`${LEGAL_PATHS.disclosure}?lang=${other}`);
    await expect(page.getByRole('heading', { level: 1, name: tr.heading })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
  }
});

test('the switcher changes the language, and leaving the text hands the document back', async ({ page }) => {
  // The translations load on demand and the Turkish frame around them has no box: all within the app's CSP.
  const { violations, consoleErrors } = await watchViolations(page);
  await page.goto(`${LEGAL_PATHS.disclosure}?lang=ar`);
  await readsDisclosure(page, ar, 'rtl');

  await page.getByRole('navigation', { name: ar.frame.languages }).getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/kvkk\?lang=en$/);
  await readsDisclosure(page, en, 'ltr');

  await page.getByRole('navigation', { name: en.frame.languages }).getByRole('link', { name: 'Türkçe' }).click();
  await expect(page).toHaveURL(/\/kvkk$/);
  await readsDisclosure(page, tr, 'ltr');

  await page.goto(`${LEGAL_PATHS.disclosure}?lang=ar`);
  await readsDisclosure(page, ar, 'rtl');
  // The privacy policy exists in Turkish only: the link says so, and the document is Turkish again there.
  const privacy = page
    .getByRole('navigation', { name: ar.frame.others })
    .getByRole('link', { name: ar.frame.titles.privacy });
  await expect(privacy).toHaveAttribute('hreflang', 'tr');
  await privacy.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gizlilik Politikası' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
  await expect(page.locator('html')).not.toHaveAttribute('dir', /./);
  expect(violations).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
