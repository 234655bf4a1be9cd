import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DESKTOP, expect, PHONE, publicVirtualCard, registerViaApi, test, type Account } from './fixtures.ts';
import { expectAccessible } from './accessibility.ts';

/**
 * The public card's 'Bilgilerini Paylaş' form and the card at 390 px, as issue 10 found them: a name
 * alone must be refused before sending, each error shown once and tied to its field, the success
 * read out and in view; the e-mail and the IBAN wrap at sensible points, the toast fits on one
 * line, 'Bilgi Gönder' and 'Yol Tarifi' look different. Accessibility checked with axe.
 */

const SCREENSHOT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');

test.use(PHONE);

const TEXT = {
  contactRequired: 'Lütfen telefon numaranızı veya e-posta adresinizi girin',
  nameRequired: 'Ad Soyad alanı zorunludur',
  submitted: 'Bilgileriniz iletildi. Kart sahibi en kısa sürede sizinle iletişime geçecek.',
  linkCopied: 'Bağlantı kopyalandı!',
} as const;

const LONG_EMAIL = 'ayse.yilmaz.danismanlik@ornekgayrimenkul.com.tr';
const IBAN = 'TR33 0006 1005 1978 6457 8413 26';

/** An owner whose card has a long e-mail, a full IBAN and an address with a city ('Yol Tarifi'). */
async function seedCard(request: APIRequestContext): Promise<{ cardId: string; account: Account }> {
  const account = await registerViaApi(request, { firstName: 'Ayşe', lastName: 'Yılmaz' });
  const headers = { authorization: `Bearer ${account.token}` };
  const saved = await request.post('/api/profile', {
    headers,
    multipart: {
      firstName: 'Ayşe',
      lastName: 'Yılmaz',
      jobTitle: 'Gayrimenkul Danışmanı',
      company: 'Yılmaz Emlak',
      phone: '0532 123 45 67',
      email: LONG_EMAIL,
      website: 'https://ornekgayrimenkul.com.tr/ekibimiz',
      'address.street': 'Bağdat Caddesi No: 1',
      'address.city': 'İstanbul',
      'address.state': 'Kadıköy',
      'address.zipCode': '34710',
      'address.country': 'Türkiye',
      bankAccounts: JSON.stringify([
        {
          bankName: 'Ziraat Bankası',
          accountHolder: 'Ayşe Yılmaz',
          iban: IBAN,
          accountNumber: '',
          branchCode: '',
          swiftCode: 'TCZBTR2A',
          currency: 'TRY',
        },
      ]),
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const cardId = await publicVirtualCard(request, account, 'Fuar');
  return { cardId, account };
}

async function shoot(page: Page, name: string, fullPage = true): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  await page.screenshot({
    path: join(SCREENSHOT_DIR, `lead-form-${name}-${width}x${height}.png`),
    fullPage,
    animations: 'disabled',
    scale: 'css',
  });
}

/** The text of each line an element is laid out in, as the browser wrapped it. */
async function renderedLines(locator: Locator): Promise<string[]> {
  return locator.evaluate((element) => {
    const lines = new Map<number, string>();
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let index = 0; index < text.length; index++) {
        const range = document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const rect = [...range.getClientRects()].find((each) => each.width > 0);
        if (!rect) continue;
        const top = Math.round(rect.top + rect.height / 2);
        const line = [...lines.keys()].find((key) => Math.abs(key - top) < 4) ?? top;
        lines.set(line, (lines.get(line) ?? '') + text.charAt(index));
      }
    }
    return [...lines.entries()].sort(([a], [b]) => a - b).map(([, text]) => text.trim());
  });
}

async function leadsOf(request: APIRequestContext, account: Account): Promise<string[]> {
  const response = await request.get('/api/leads', { headers: { authorization: `Bearer ${account.token}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { leads: { fullName: string }[] }).leads.map((lead) => lead.fullName).sort();
}

test.describe('the public card at 390 px and its lead form', () => {
  let card: { cardId: string; account: Account };

  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    card = await seedCard(request);
    await request.dispose();
  });

  test('a long e-mail, a full IBAN, the toast and the bar read well on a phone and on a desktop', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'share', { configurable: true, value: undefined }),
    );
    await page.goto(`/p/${card.cardId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Ayşe Yılmaz' })).toBeVisible();

    await test.step('the e-mail wraps only before its @ or a dot, never inside a word', async () => {
      const value = page
        .getByRole('region', { name: 'İletişim' })
        .getByRole('link', { name: new RegExp(`E-posta ${LONG_EMAIL.replace(/\./g, '\\.')}`) })
        .locator('.pc-item__value');
      const lines = await renderedLines(value);
      expect(lines.join('')).toBe(LONG_EMAIL);
      expect(lines.length).toBeGreaterThan(1);
      for (const line of lines.slice(1)) expect(line, lines.join(' / ')).toMatch(/^[@.]/);
    });

    await test.step('the IBAN wraps between blocks of four and leaves no short block alone', async () => {
      await page.getByRole('tab', { name: 'Banka' }).click();
      const value = page.locator('#pc-panel-banka .pc-row__value--grouped');
      const lines = await renderedLines(value);
      expect(lines.join(' ').replace(/\s+/g, ' ')).toBe(IBAN);
      for (const line of lines)
        expect(line, lines.join(' / ')).toMatch(/^[A-Z0-9]{4}( [A-Z0-9]{4})*( [A-Z0-9]{1,3})?$/);
      await shoot(page, 'card');
    });

    await test.step("'Bilgi Gönder' and 'Yol Tarifi' have icons of their own", async () => {
      const bar = page.getByRole('navigation', { name: 'Kartvizit işlemleri' });
      const drawing = (name: string) =>
        bar
          .getByRole(name === 'Yol Tarifi' ? 'link' : 'button', { name })
          .locator('svg')
          .innerHTML();
      expect(await drawing('Bilgi Gönder')).not.toBe(await drawing('Yol Tarifi'));
    });

    await test.step("'Bağlantı kopyalandı!' fits on one line", async () => {
      await page.getByRole('navigation', { name: 'Kartvizit işlemleri' }).locator('[data-share]').click();
      const toast = page.locator('[data-toast]');
      await expect(toast).toHaveText(TEXT.linkCopied);
      await expect(toast).toHaveClass(/is-visible/);
      expect(await renderedLines(toast)).toEqual([TEXT.linkCopied]);
      await shoot(page, 'toast', false);
    });

    await test.step('no accessibility violations on the card', async () => {
      await expectAccessible(page, 'the public card');
    });

    await test.step('on a desktop the same card', async () => {
      await page.setViewportSize(DESKTOP);
      const lines = await renderedLines(page.locator('#pc-panel-banka .pc-row__value--grouped'));
      expect(lines).toEqual([IBAN]);
      await shoot(page, 'card');
    });
  });

  test('the form refuses a name alone before sending, shows each error once beside its field, and closes with the thanks on success', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const posted: string[] = [];
    const sentTokens: string[] = [];
    const tokenFetches: number[] = [];
    page.on('request', (sent) => {
      if (sent.method() === 'POST' && sent.url().endsWith('/api/leads')) {
        posted.push(sent.url());
        sentTokens.push(String((sent.postDataJSON() as { formToken?: unknown }).formToken));
      }
      if (sent.url().endsWith(`/api/profile/card/${card.cardId}/form-token`)) tokenFetches.push(Date.now());
    });
    const first = await page.goto(`/p/${card.cardId}`);
    // The page is the same bytes for everyone: no token in it until the form is opened.
    expect(await first?.text()).not.toContain('formToken');
    expect(tokenFetches).toEqual([]);
    const dialog = page.getByRole('dialog', { name: 'Bilgilerini Paylaş' });
    const name = dialog.getByLabel('Ad Soyad', { exact: true });
    const phone = dialog.getByLabel('Telefon', { exact: true });
    const send = dialog.getByRole('button', { name: 'Gönder' });

    await test.step('an empty form: “Ad Soyad alanı zorunludur” once, beside the field, read with it', async () => {
      await page.getByRole('button', { name: 'Bilgi Gönder' }).click();
      await expect(dialog).toBeVisible();
      await expect.poll(() => tokenFetches.length).toBe(1);
      await send.click();
      await expect(dialog.getByText(TEXT.nameRequired)).toHaveCount(1);
      await expect(name).toHaveAttribute('aria-invalid', 'true');
      await expect(name).toHaveAccessibleDescription(TEXT.nameRequired);
      await expect(name).toBeFocused();
      // Not a second time under the form.
      await expect(dialog.locator('[data-form-error]')).toBeEmpty();
      await shoot(page, 'dialog-errors', false);
      await expectAccessible(page, 'the lead dialog');
    });

    await test.step('a name alone: the phone-or-e-mail message, before anything is sent', async () => {
      await name.fill('Zeynep Kaya');
      // Editing the field takes its error away.
      await expect(dialog.getByText(TEXT.nameRequired)).toHaveCount(0);
      await expect(name).not.toHaveAttribute('aria-invalid');
      await send.click();
      await expect(dialog.getByText(TEXT.contactRequired)).toHaveCount(1);
      await expect(phone).toHaveAccessibleDescription(TEXT.contactRequired);
      await expect(phone).toBeFocused();
      expect(posted).toEqual([]);
      await shoot(page, 'dialog-contact-required', false);
    });

    const opener = page.getByRole('button', { name: 'Bilgi Gönder' });
    const thanks = page.getByRole('status').filter({ hasText: TEXT.submitted });

    await test.step('with a phone number it is sent: the dialog closes with the thanks, as the REMS form does', async () => {
      await phone.fill('0532 987 65 43');
      await dialog
        .getByLabel('Mesaj', { exact: true })
        .fill('Merhaba, fuarda tanıştık.\nYarın öğleden sonra arayabilir misiniz?\nTeşekkürler.');
      // Scrolled to the top of the dialog, as after an error at the first field.
      await name.focus();
      await send.click();
      await expect(dialog).toBeHidden();
      await expect(thanks).toBeVisible();
      // Back where the visitor was: on the button that opened the dialog.
      await expect(opener).toBeFocused();
      expect(posted).toHaveLength(1);
      await shoot(page, 'lead-thanks', false);
      await expectAccessible(page, 'the card after a lead');
    });

    await test.step('opened again, the form is empty and ready for the next visitor', async () => {
      await opener.click();
      await expect(dialog).toBeVisible();
      await expect(name).toHaveValue('');
      await expect(phone).toHaveValue('');
      await expect(dialog.getByLabel('Mesaj', { exact: true })).toHaveValue('');
      await expect(send).toBeEnabled();
      await expect(dialog.getByText(TEXT.contactRequired)).toHaveCount(0);
    });

    await test.step('a second visitor on the same page sends theirs with a fresh token', async () => {
      await name.fill('Ömer Işık');
      await dialog.getByLabel('E-posta', { exact: true }).fill('omer.isik@ornek.com.tr');
      await send.click();
      await expect(dialog).toBeHidden();
      await expect(thanks).toBeVisible();
      await expect.poll(() => leadsOf(request, card.account)).toEqual(['Zeynep Kaya', 'Ömer Işık'].sort());
    });

    await test.step('the page shown again from the cache (a 304) gets its own token when the form opens', async () => {
      const reloaded = page.waitForResponse((response) => new URL(response.url()).pathname === `/p/${card.cardId}`);
      await page.reload();
      expect([200, 304]).toContain((await reloaded).status());
      await opener.click();
      await name.fill('Deniz Ak');
      await phone.fill('0533 111 22 33');
      await send.click();
      await expect(dialog).toBeHidden();
      await expect(thanks).toBeVisible();
      await expect.poll(() => leadsOf(request, card.account)).toEqual(['Deniz Ak', 'Zeynep Kaya', 'Ömer Işık'].sort());
      // Every lead went with a token of its own.
      expect(new Set(sentTokens).size).toBe(sentTokens.length);
      expect(sentTokens).toHaveLength(3);
    });

    await test.step('on a desktop the dialog with its errors', async () => {
      await page.setViewportSize(DESKTOP);
      await opener.click();
      await send.click();
      await expect(dialog.getByText(TEXT.nameRequired)).toHaveCount(1);
      await shoot(page, 'dialog-errors', false);
    });
  });
});
