import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { deriveKey, loadAppSecret } from '@kartvizit/infra/config/secrets';
import { issueFormToken } from '@kartvizit/infra/forms/form-token';
import { expectAccessible } from './accessibility.ts';
import {
  TEXT,
  alertWith,
  createProfileViaApi,
  expect,
  newVirtualCardId,
  plantToken,
  publicVirtualCard,
  registerViaApi,
  storedToken,
  test,
  toast,
  type Account,
} from './fixtures.ts';

/**
 * Issue 13, KVKK: an owner deletes their account on /account. First they download their copy; then the dialog asks
 * for their address and password (a wrong password deletes nothing). Afterwards their card answers exactly as a card
 * nobody has, their image is gone, their session is refused, their address and password no longer sign in, and the
 * address can be registered again as a new, empty account.
 */

const SCREENSHOT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');
const DESKTOP = { width: 1280, height: 800 } as const;
const PHONE = { width: 390, height: 844 } as const;

const DELETION = {
  open: 'Hesabımı Sil',
  dialog: 'Hesabınız kalıcı olarak silinsin mi?',
  emailLabel: 'Onaylamak için e-posta adresinizi yazın',
  confirm: 'Hesabımı Kalıcı Olarak Sil',
  passwordMissing: 'Hesabınızı silmek için şifrenizi girin',
  wrongPassword: 'Şifre hatalı; hesabınız silinmedi',
  deleted: 'Hesabınız ve tüm verileriniz silindi',
} as const;

interface Exported {
  hesap: { email: string };
  kartlar: { id: string }[];
  urunler: { name: string; images?: string[] }[];
  baglantilar: { fullName: string; cardId: string }[];
}

interface Seeded {
  readonly account: Account;
  readonly cardId: string;
  readonly imageUrl: string;
}

const PRODUCT_NAME = 'Bakır Cezve';
const VISITOR = 'Zeynep Kaya';

/** The viewport as the person sees it (a modal dialog covers the viewport, not the whole page), or one element. */
async function shoot(page: Page, name: string, element?: Locator): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  const options = {
    path: join(SCREENSHOT_DIR, `account-deletion-${name}-${width}x${height}.png`),
    animations: 'disabled',
  } as const;
  await (element ?? page).screenshot(options);
}

/**
 * A visitor's details on the card, as the public form sends them. The form token is issued by the server's own key
 * with a time ten seconds back (a person reads before sending), so the journey need not wait those seconds.
 */
async function leaveLead(request: APIRequestContext, cardId: string, fullName: string): Promise<void> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through tests/playwright.config.ts');
  const key = deriveKey(await loadAppSecret({ envValue: process.env.APP_SECRET, dataDir }), 'form-tokens');
  const response = await request.post('/api/leads', {
    data: {
      cardId,
      fullName,
      email: 'zeynep@ornek.com.tr',
      message: 'Fuarda tanıştık, cezveler için bilgi alabilir miyim?',
      website: '',
      formToken: issueFormToken(key, cardId, new Date(Date.now() - 10_000)),
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** An owner with a profile, a shown card, a product with an image and a lead, all through the real API. */
async function seed(request: APIRequestContext): Promise<Seeded> {
  const account = await registerViaApi(request, { firstName: 'Derya', lastName: 'Aksoy' });
  const headers = { authorization: `Bearer ${account.token}` };
  await createProfileViaApi(request, account);
  const cardId = await publicVirtualCard(request, account, 'Fuar');

  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><rect width="640" height="480" fill="#fde68a"/><circle cx="320" cy="240" r="150" fill="#b45309"/></svg>`;
  const upload = await request.post('/api/upload/images', {
    headers,
    multipart: {
      images: { name: 'cezve.jpg', mimeType: 'image/jpeg', buffer: await sharp(Buffer.from(svg)).jpeg().toBuffer() },
    },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const [imageUrl = ''] = ((await upload.json()) as { data: string[] }).data;
  const created = await request.post('/api/products', {
    headers,
    data: { name: PRODUCT_NAME, description: 'El dövmesi, iki fincanlık.', price: { value: 850 }, images: [imageUrl] },
  });
  expect(created.status(), await created.text()).toBe(200);

  await leaveLead(request, cardId, VISITOR);
  await expect
    .poll(async () => {
      const leads = await request.get('/api/leads', { headers });
      return ((await leads.json()) as { leads?: { fullName: string }[] }).leads?.map((lead) => lead.fullName);
    })
    .toEqual([VISITOR]);
  await expect
    .poll(async () => (await (await request.get(`/p/${cardId}`)).text()).includes(PRODUCT_NAME), { timeout: 15_000 })
    .toBe(true);
  return { account, cardId, imageUrl };
}

/** What a visitor's browser shows for /p/{id}: status, title and visible text. */
async function cardPageAsSeen(page: Page, cardId: string) {
  const response = await page.goto(`/p/${cardId}`);
  return {
    status: response?.status(),
    title: await page.title(),
    text: await page.locator('body').innerText(),
  };
}

/** Status and body of a card's public file (QR, vCard). */
async function publicFile(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  return { status: response.status(), body: await response.text() };
}

function cardFiles(cardId: string): string[] {
  return [`/api/cards/${cardId}/qr.png`, `/api/cards/${cardId}/qr.svg`, `/api/profile/card/${cardId}/contact.vcf`];
}

test('KVKK: an owner downloads their copy, deletes their account, and nothing of it answers any more', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { account, cardId, imageUrl } = await seed(request);
  const unknownId = newVirtualCardId();
  const me = (token: string) => request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });

  const oldUserId = ((await (await me(account.token)).json()) as { user: { id: string } }).user.id;

  await test.step('given: the card page, its QR and vCard, and the product image answer', async () => {
    const visitor = await browser.newPage({ baseURL });
    await visitor.goto(`/p/${cardId}`);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Derya Aksoy' })).toBeVisible();
    await visitor.close();
    for (const path of [...cardFiles(cardId), imageUrl]) {
      expect((await request.get(path)).status(), path).toBe(200);
    }
  });

  await page.setViewportSize(DESKTOP);
  await plantToken(page, account.token);
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Hesabı Sil' });
  const dialog = page.getByRole('dialog', { name: DELETION.dialog });
  const emailField = dialog.getByLabel(DELETION.emailLabel);
  const passwordField = dialog.getByLabel('Şifreniz', { exact: true });
  const confirm = dialog.getByRole('button', { name: DELETION.confirm });

  await test.step('the danger zone, last on /account, says what goes and points to the copy first', async () => {
    await expect(section).toBeVisible();
    await expect(section).toContainText('Bu işlem geri alınamaz');
    for (const what of [
      'Kartlarınız ve sayfaları',
      'ürünleriniz',
      'görseller',
      'Bağlantılarınız',
      'notlar',
      'İstatistikleriniz',
      'Hesabınız',
    ]) {
      await expect(section).toContainText(what);
    }
    const lastSection = page.locator('.as-page > section').last();
    await expect(lastSection).toHaveAttribute('aria-labelledby', 'hesap-sil-title');
    await section.getByRole('link', { name: 'Verilerim' }).click();
    await expect(page).toHaveURL(/\/account#hesap-verilerim-title$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Verilerim' })).toBeInViewport();
    await expectAccessible(page, '/account with Hesabı Sil');
    await shoot(page, 'section', section);
    await page.setViewportSize(PHONE);
    await expectAccessible(page, '/account with Hesabı Sil, phone');
    await shoot(page, 'section', section);
    await page.setViewportSize(DESKTOP);
  });

  await test.step('the owner downloads their copy first: JSON with the card, the product and the lead', async () => {
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Verilerimin Kopyasını İndir' }).click();
    const download = await downloading;
    const data = JSON.parse(await readFile((await download.path()) ?? '', 'utf8')) as Exported;
    expect(data.hesap.email).toBe(account.email);
    expect(data.kartlar.map((card) => card.id)).toEqual([cardId]);
    expect(data.urunler.map((product) => product.name)).toEqual([PRODUCT_NAME]);
    expect(data.baglantilar).toEqual([expect.objectContaining({ fullName: VISITOR, cardId })]);
  });

  await test.step('the dialog: focus on the address, the button waits for the right address, Esc gives focus back', async () => {
    const opener = section.getByRole('button', { name: DELETION.open });
    await opener.click();
    await expect(dialog).toBeVisible();
    await expect(emailField).toBeFocused();
    await expect(confirm).toBeDisabled();
    await emailField.fill('baskasi@example.com');
    await expect(confirm).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    await opener.click();
    await expect(emailField).toHaveValue('');
    // The address as typed by a person: other capitals, a space at the end.
    await emailField.fill(`${account.email.toUpperCase()} `);
    await expect(confirm).toBeEnabled();
    await expectAccessible(page, '/account, Hesabı Sil dialog');
    await shoot(page, 'dialog');
    await page.setViewportSize(PHONE);
    await expect(confirm).toBeInViewport();
    await expectAccessible(page, '/account, Hesabı Sil dialog, phone');
    await shoot(page, 'dialog');
  });

  const deletions: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'DELETE' && new URL(sent.url()).pathname === '/api/account') deletions.push(sent.url());
  });

  await test.step('no password: asked for it on the screen, nothing is sent', async () => {
    await confirm.click();
    await expect(alertWith(page, DELETION.passwordMissing)).toBeVisible();
    await expect(passwordField).toBeFocused();
    expect(deletions).toEqual([]);
  });

  await test.step('a wrong password: the server’s message under the field, the dialog stays, nothing is deleted', async () => {
    await passwordField.fill('yanlis-sifre-9');
    await expect(alertWith(page, DELETION.passwordMissing)).toHaveCount(0);
    await confirm.click();
    await expect(alertWith(page, DELETION.wrongPassword)).toBeVisible();
    expect(deletions).toHaveLength(1);
    await expect(passwordField).toHaveAttribute('aria-invalid', 'true');
    await expect(passwordField).toBeFocused();
    await expect(dialog).toBeVisible();
    await expectAccessible(page, '/account, Hesabı Sil dialog, wrong password');
    expect((await me(account.token)).status()).toBe(200);
    expect(await storedToken(page)).toBe(account.token);
    for (const path of [`/p/${cardId}`, ...cardFiles(cardId), imageUrl]) {
      expect((await request.get(path)).status(), path).toBe(200);
    }
  });

  await test.step('the right password: signed out to the sign-in screen, told that everything is deleted', async () => {
    await passwordField.fill(account.password);
    await confirm.click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(toast(page, DELETION.deleted)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Giriş Yap', exact: true })).toBeVisible();
    expect(await storedToken(page)).toBeNull();
    await expect(toast(page, TEXT.sessionEnded)).toHaveCount(0);
    await shoot(page, 'deleted');
    await page.setViewportSize(DESKTOP);
    await shoot(page, 'deleted');
  });

  await test.step('the old session is refused', async () => {
    expect((await me(account.token)).status()).toBe(401);
  });

  await test.step('the card page answers exactly as a card nobody has; so do its QR and vCard', async () => {
    await expect.poll(async () => (await request.get(`/p/${cardId}`)).status(), { timeout: 15_000 }).toBe(404);
    const visitor = await browser.newPage({ baseURL });
    const unknown = await cardPageAsSeen(visitor, unknownId);
    expect(unknown.status).toBe(404);
    expect(await cardPageAsSeen(visitor, cardId)).toEqual(unknown);
    await visitor.close();
    const [unknownQrPng, unknownQrSvg, unknownVCard] = await Promise.all(
      cardFiles(unknownId).map((path) => publicFile(request, path)),
    );
    const expected = [unknownQrPng, unknownQrSvg, unknownVCard];
    for (const answer of expected) expect(answer?.status).toBe(404);
    await expect
      .poll(() => Promise.all(cardFiles(cardId).map((path) => publicFile(request, path))), { timeout: 15_000 })
      .toEqual(expected);
  });

  await test.step('the product image is gone', async () => {
    await expect.poll(async () => (await request.get(imageUrl)).status(), { timeout: 15_000 }).toBe(404);
  });

  await test.step('signing in with the old address and password fails with the usual message', async () => {
    await page.getByLabel('E-posta').fill(account.email);
    await page.getByLabel('Şifre', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
    await expect(alertWith(page, TEXT.badCredentials)).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  await test.step('the address registers again: a new account with nothing in it', async () => {
    const again = await registerViaApi(request, {
      email: account.email,
      password: 'yeni-baslangic-3',
      firstName: 'Derya',
      lastName: 'Aksoy',
    });
    const headers = { authorization: `Bearer ${again.token}` };
    const meAgain = (await (await me(again.token)).json()) as { user: { id: string; email: string } };
    expect(meAgain.user.email).toBe(account.email);
    expect(meAgain.user.id).not.toBe(oldUserId);
    const cards = (await (await request.get('/api/cards/my-cards', { headers })).json()) as { cards: unknown[] };
    expect(cards.cards).toEqual([]);
    const products = (await (await request.get('/api/products', { headers })).json()) as { data: unknown[] };
    expect(products.data).toEqual([]);
    const leads = (await (await request.get('/api/leads', { headers })).json()) as { leads: unknown[] };
    expect(leads.leads).toEqual([]);
    expect((await me(account.token)).status()).toBe(401);
  });
});
