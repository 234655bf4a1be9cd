import { randomInt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { MESSAGES } from '@kartvizit/schemas/messages';
import { E2E_REMS_KEY, e2eFakeOrigins } from '../support/e2e-fake-services.ts';
import { RECORD_PATH, type FakeRemsCustomer } from '../support/fake-rems.ts';
import { expectAccessible } from './accessibility.ts';
import { watchViolations } from './csp.ts';
import { createProfileViaApi, DESKTOP, expect, PHONE, plantToken, publicVirtualCard, test, toast } from './fixtures.ts';

/**
 * Issue 14, the visitor's side: a card whose owner has a REMS key shows 'Emlak Danışmanlığı' with 'Görüşme Planla';
 * a visitor on a phone fills 'Görüşme Planlayın' (told in Turkish what is missing, a province and then one of its
 * districts), sends it, is thanked, and the owner's REMS (the e2e fake) receives the customer, while the owner, with
 * /rems-integration open on a desktop, sees the customer arrive in 'Son Kayıtlar' and the counter move without
 * reloading. When the owner removes the key there, the card no longer shows the block.
 */
/** The owner's screen reads the stats again every few seconds: room for that and the delivery. */
const LIVE = { timeout: 20_000 } as const;

const SCREENSHOT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');
const REMS = e2eFakeOrigins(Number(process.env.E2E_PORT ?? 3100)).rems;

test.use(PHONE);

async function shoot(page: Page, name: string, fullPage = false): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  await page.screenshot({
    path: join(SCREENSHOT_DIR, `rems-card-${name}-${width}x${height}.png`),
    fullPage,
    animations: 'disabled',
    scale: 'css',
  });
}

/** A surname no other journey uses, so this visitor is found in the REMS every journey of the run shares. */
function uniqueSurname(): string {
  const letters = 'abcçdefgğhıijklmnoöprsştuüvyz';
  const tail = Array.from({ length: 6 }, () => letters.charAt(randomInt(letters.length))).join('');
  return `Öztürk${tail}`;
}

/** What the owner's REMS has stored for the journeys' account (the fake's record). */
async function customersInRems(request: APIRequestContext): Promise<FakeRemsCustomer[]> {
  const response = await request.get(`${REMS}${RECORD_PATH}`, { headers: { authorization: `Bearer ${E2E_REMS_KEY}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as FakeRemsCustomer[];
}

/** The card page as a visitor's browser gets it, without any read-your-writes hint. */
async function cardShowsBlock(request: APIRequestContext, cardId: string): Promise<boolean> {
  const response = await request.get(`/p/${cardId}`);
  expect(response.status()).toBe(200);
  return (await response.text()).includes('id="pc-rems-h"');
}

test('a visitor on a phone plans a meeting through the card and becomes a customer in the owner’s REMS', async ({
  page,
  request,
  account,
  browser,
}) => {
  await createProfileViaApi(request, account);
  const cardId = await publicVirtualCard(request, account, 'Emlak Kartı');
  const owner = { authorization: `Bearer ${account.token}` };
  const block = page.getByRole('region', { name: 'Emlak Danışmanlığı' });
  const dialog = page.getByRole('dialog', { name: 'Görüşme Planlayın' });
  const surname = uniqueSurname();
  // The block, the dialog and the chunk it loads stay within the card page's Content-Security-Policy.
  const csp = await watchViolations(page);

  await test.step('given an owner without a key, the card has no block', async () => {
    await page.goto(`/p/${cardId}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(block).toHaveCount(0);
  });

  await test.step('when the owner saves a key REMS accepts, the card shows the block with its button', async () => {
    const saved = await request.post('/api/rems/save-api-key', { headers: owner, data: { apiKey: E2E_REMS_KEY } });
    expect(saved.status(), await saved.text()).toBe(200);
    await expect.poll(() => cardShowsBlock(request, cardId)).toBe(true);
    await page.reload();
    await expect(block).toBeVisible();
    await expect(block.getByRole('button', { name: 'Görüşme Planla' })).toBeVisible();
    await shoot(page, 'card', true);
    await page.setViewportSize(DESKTOP);
    await expectAccessible(page, '/p/{cardId} with Emlak Danışmanlığı at 1280×800');
    await shoot(page, 'card');
    await page.setViewportSize(PHONE.viewport ?? DESKTOP);
  });

  // The owner, signed in on a desktop of their own, keeps the REMS screen open while the visitor plans a meeting.
  const ownerContext = await browser.newContext({ viewport: DESKTOP, locale: 'tr-TR', timezoneId: 'Europe/Istanbul' });
  const ownerPage = await ownerContext.newPage();
  const successful = ownerPage.getByTestId('rems-successful');
  await test.step('the owner opens the REMS screen: active, nothing registered yet', async () => {
    await plantToken(ownerPage, account.token);
    await ownerPage.goto('/rems-integration');
    await expect(ownerPage.getByRole('region', { name: 'Entegrasyon Aktif' })).toBeVisible();
    await expect(successful).toHaveText('0');
    await expect(ownerPage.getByText(surname)).toHaveCount(0);
  });

  await test.step('the dialog opens on the first field; sent empty, it says what is missing beside each field', async () => {
    await block.getByRole('button', { name: 'Görüşme Planla' }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Ad', { exact: true })).toBeFocused();
    // The district waits for a province.
    await expect(dialog.getByLabel('İlçe (isteğe bağlı)')).toBeHidden();
    await dialog.getByRole('button', { name: 'Gönder' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(MESSAGES.remsFormInvalid);
    for (const [label, message] of [
      ['Ad', MESSAGES.remsFirstNameRequired],
      ['Soyad', MESSAGES.remsLastNameRequired],
      ['Telefon', MESSAGES.remsPhoneRequired],
      ['İlgi Alanı', MESSAGES.remsCustomerTypeRequired],
    ] as const) {
      const field = dialog.getByLabel(label, { exact: true });
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(message);
    }
    await expect(dialog.getByLabel('Ad', { exact: true })).toBeFocused();
    await expectAccessible(page, '/p/{cardId}, Görüşme Planlayın with errors');
    await shoot(page, 'errors');
  });

  await test.step('a phone number with a digit missing is refused; editing the field clears its error', async () => {
    await dialog.getByLabel('Ad', { exact: true }).fill('Çağrı');
    await dialog.getByLabel('Soyad', { exact: true }).fill(surname);
    const phone = dialog.getByLabel('Telefon', { exact: true });
    await phone.fill('0532 123 45 6');
    await dialog.getByRole('button', { name: 'Gönder' }).click();
    await expect(phone).toHaveAccessibleDescription(MESSAGES.remsPhoneInvalid);
    await expect(dialog.getByLabel('Ad', { exact: true })).not.toHaveAttribute('aria-invalid');
    await phone.fill('0532 123 45 67');
    await expect(phone).not.toHaveAttribute('aria-invalid');
    await expect(dialog.getByText(MESSAGES.remsPhoneInvalid)).toHaveCount(0);
  });

  await test.step('the interest is offered in Turkish; a province brings its own districts only', async () => {
    const interest = dialog.getByLabel('İlgi Alanı', { exact: true });
    await expect(interest.getByRole('option')).toHaveText(['Seçin', 'Alıcı', 'Satıcı', 'Kiracı', 'Ev Sahibi']);
    await interest.selectOption({ label: 'Kiracı' });
    await dialog.getByLabel('E-posta (isteğe bağlı)').fill('Cagri.Ozturk@Ornek.com.tr');
    const province = dialog.getByLabel('İl (isteğe bağlı)');
    // All 81 provinces and the choice of none.
    await expect(province.getByRole('option')).toHaveCount(82);
    await province.selectOption({ label: 'İstanbul' });
    const district = dialog.getByLabel('İlçe (isteğe bağlı)');
    await expect(district).toBeVisible();
    await expect(district.getByRole('option', { name: 'Kadıköy' })).toHaveCount(1);
    await expect(district.getByRole('option', { name: 'Çankaya' })).toHaveCount(0);
    await province.selectOption({ label: 'Ankara' });
    await expect(district.getByRole('option', { name: 'Çankaya' })).toHaveCount(1);
    await expect(district.getByRole('option', { name: 'Kadıköy' })).toHaveCount(0);
    await province.selectOption({ label: 'İstanbul' });
    await district.selectOption({ label: 'Kadıköy' });
    await dialog.getByLabel('Adres (isteğe bağlı)').fill('Moda Caddesi No: 5');
    await dialog.getByLabel('Notlar (isteğe bağlı)').fill('Hafta içi akşamları aranabilirim.');
    await expect(dialog.getByRole('link', { name: 'Aydınlatma Metni' })).toHaveAttribute('href', '/kvkk');
    await expectAccessible(page, '/p/{cardId}, Görüşme Planlayın filled in');
    await shoot(page, 'dialog');
    await page.setViewportSize(DESKTOP);
    await expectAccessible(page, '/p/{cardId}, Görüşme Planlayın at 1280×800');
    await shoot(page, 'dialog');
    await page.setViewportSize(PHONE.viewport ?? DESKTOP);
  });

  await test.step('when the server cannot answer, the form says so and keeps what was typed', async () => {
    await page.route('**/api/rems/create-customer', (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body>Bad Gateway</body></html>' }),
    );
    await dialog.getByRole('button', { name: 'Gönder' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(MESSAGES.remsRegistrationFailedToast);
    await expect(dialog.getByLabel('Soyad', { exact: true })).toHaveValue(surname);
    await page.unroute('**/api/rems/create-customer');
  });

  await test.step('when it is sent, the dialog closes with the thanks, and the form is empty again', async () => {
    await dialog.getByRole('button', { name: 'Gönder' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: MESSAGES.remsRegistrationThanks })).toBeVisible();
    // Back where the visitor was: on the button that opened the dialog.
    await expect(block.getByRole('button', { name: 'Görüşme Planla' })).toBeFocused();
    await shoot(page, 'thanks');
    await block.getByRole('button', { name: 'Görüşme Planla' }).click();
    await expect(dialog.getByLabel('Soyad', { exact: true })).toHaveValue('');
    await expect(dialog.getByLabel('İl (isteğe bağlı)')).toHaveValue('');
    await expect(dialog.getByLabel('İlçe (isteğe bağlı)')).toBeHidden();
    await expect(dialog.getByText(MESSAGES.remsRegistrationFailedToast)).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(block.getByRole('button', { name: 'Görüşme Planla' })).toBeFocused();
  });

  await test.step('the owner’s REMS receives the customer as the contract says', async () => {
    await expect
      .poll(
        async () => (await customersInRems(request)).filter((customer) => customer.body.lastName === surname).length,
      )
      .toBe(1);
    const customer = (await customersInRems(request)).find((each) => each.body.lastName === surname);
    expect(customer?.body).toEqual({
      firstName: 'Çağrı',
      lastName: surname,
      phoneNumber: '5321234567',
      customerType: 'TENANT',
      email: 'cagri.ozturk@ornek.com.tr',
      province: '34',
      provinceName: 'İstanbul',
      district: 'Kadıköy',
      districtName: 'Kadıköy',
      address: 'Moda Caddesi No: 5',
      notes: 'Hafta içi akşamları aranabilirim.',
      source: 'dijital-kartvizit',
    });
    expect(customer?.deliveries).toBe(1);
  });

  await test.step('the owner sees the customer in Son Kayıtlar and the counter move, without reloading', async () => {
    await expect(successful).toHaveText('1', LIVE);
    const entry = ownerPage
      .getByRole('region', { name: 'Son Kayıtlar' })
      .getByRole('listitem')
      .filter({ hasText: `Çağrı ${surname}` });
    await expect(entry).toContainText('0532 123 45 67');
    await expect(entry.locator('.rems-badge')).toHaveText('Başarılı');
  });

  await test.step('when the owner removes the key on the screen while the visitor has the card open, a new form is refused', async () => {
    await ownerPage.getByRole('button', { name: 'Entegrasyonu Kaldır' }).click();
    const confirm = ownerPage.getByRole('dialog', { name: 'REMS entegrasyonu kaldırılsın mı?' });
    await confirm.getByRole('button', { name: 'Entegrasyonu Kaldır' }).click();
    await expect(toast(ownerPage, MESSAGES.remsIntegrationRemoved)).toBeVisible();
    await ownerContext.close();
    await block.getByRole('button', { name: 'Görüşme Planla' }).click();
    await dialog.getByLabel('Ad', { exact: true }).fill('Deniz');
    await dialog.getByLabel('Soyad', { exact: true }).fill(`${surname}ikinci`);
    await dialog.getByLabel('Telefon', { exact: true }).fill('0532 765 43 21');
    await dialog.getByLabel('İlgi Alanı', { exact: true }).selectOption({ label: 'Alıcı' });
    await dialog.getByRole('button', { name: 'Gönder' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(MESSAGES.remsRegistrationUnavailable);
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
  });

  await test.step('and once the page is loaded again, the card no longer shows the block', async () => {
    await expect.poll(() => cardShowsBlock(request, cardId)).toBe(false);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(block).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Görüşme Planla' })).toHaveCount(0);
  });

  expect(csp.violations).toEqual([]);
  expect(csp.consoleErrors).toEqual([]);
});

test('a visitor who came from a listing (?ilan=) plans a meeting that names the listing, even one gone since', async ({
  page,
  request,
  account,
}) => {
  await createProfileViaApi(request, account);
  const cardId = await publicVirtualCard(request, account, 'İlan Kartı');
  const owner = { authorization: `Bearer ${account.token}` };
  const saved = await request.post('/api/rems/save-api-key', { headers: owner, data: { apiKey: E2E_REMS_KEY } });
  expect(saved.status(), await saved.text()).toBe(200);
  const end = new Date(Date.now() + 90 * 24 * 60 * 60 * 1000);
  const validUntil = `${String(end.getUTCDate()).padStart(2, '0')}.${String(end.getUTCMonth() + 1).padStart(2, '0')}.${end.getUTCFullYear()}`;
  async function listing(isActive: boolean): Promise<string> {
    const created = await request.post('/api/products', {
      headers: owner,
      data: {
        kind: 'listing',
        name: 'Moda’da 3+1 daire',
        isActive,
        price: { value: '8.750.000', currency: 'TRY' },
        listing: {
          purpose: 'sale',
          propertyType: 'apartment',
          rooms: '3+1',
          grossM2: 140,
          il: '34',
          ilce: 'Kadıköy',
          eids: { number: 'EIDS-2026-0042', validUntil },
        },
      },
    });
    expect(created.status(), await created.text()).toBe(200);
    return ((await created.json()) as { data: { _id: string } }).data._id;
  }
  const active = await listing(true);
  const switchedOff = await listing(false);
  await expect.poll(() => cardShowsBlock(request, cardId)).toBe(true);
  const block = page.getByRole('region', { name: 'Emlak Danışmanlığı' });
  const dialog = page.getByRole('dialog', { name: 'Görüşme Planlayın' });

  async function register(firstName: string): Promise<Array<Record<string, unknown>>> {
    const sent: Array<Record<string, unknown>> = [];
    const record = (sentRequest: { url(): string; postDataJSON(): unknown }) => {
      if (sentRequest.url().endsWith('/api/rems/create-customer'))
        sent.push(sentRequest.postDataJSON() as Record<string, unknown>);
    };
    page.on('request', record);
    await block.getByRole('button', { name: 'Görüşme Planla' }).click();
    await dialog.getByLabel('Ad', { exact: true }).fill(firstName);
    await dialog.getByLabel('Soyad', { exact: true }).fill(uniqueSurname());
    await dialog.getByLabel('Telefon', { exact: true }).fill('0532 123 45 67');
    await dialog.getByLabel('İlgi Alanı', { exact: true }).selectOption({ label: 'Alıcı' });
    await dialog.getByRole('button', { name: 'Gönder' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: MESSAGES.remsRegistrationThanks })).toBeVisible();
    page.off('request', record);
    return sent;
  }

  await test.step("the listing page's link opens the card at its 'Emlak Danışmanlığı' block; the form sends the listing", async () => {
    await page.goto(`/p/${cardId}?ilan=${active}#pc-rems-h`);
    await expect(block).toBeInViewport();
    const sent = await register('İlanlı');
    expect(sent.map((body) => body.productId)).toEqual([active]);
  });

  await test.step('a listing switched off since the link was made: the visitor is registered all the same, from the card', async () => {
    await page.goto(`/p/${cardId}?ilan=${switchedOff}#pc-rems-h`);
    const sent = await register('Eskiİlan');
    expect(sent.map((body) => body.productId)).toEqual([switchedOff, null]);
  });

  await test.step('the card opened on its own sends no listing', async () => {
    await page.goto(`/p/${cardId}`);
    const sent = await register('Kartlı');
    expect(sent.map((body) => body.productId)).toEqual([null]);
  });
});
