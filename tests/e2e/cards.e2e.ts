import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  alertWith,
  createProfileViaApi,
  expect,
  plantToken,
  provisionCardsViaCli,
  registerViaApi,
  test,
  toast,
  type Account,
} from './fixtures.ts';
import { expectAccessible } from './accessibility.ts';

/** Copy the card screens and the server must agree on (SPEC §5, §8). */
const CARD_TEXT = {
  idRequired: 'Lütfen kart ID girin',
  idInvalid: 'Geçersiz kart ID formatı',
  notFoundById: "Bu ID'ye sahip kart sistemde bulunamadı",
  alreadyActivated: 'Bu kart zaten aktifleştirilmiş',
  nameRequired: 'Lütfen kart için bir isim belirtin',
  virtualNameRequired: 'Lütfen sanal kart için bir isim belirtin',
  nameTaken: 'Bu isimde başka bir kartınız var',
  needsProfile: 'Kart aktifleştirmeden önce profil oluşturmanız gerekiyor',
  needsProfileToCreate: 'Kart oluşturabilmek için lütfen profilinizi tamamlayın',
  activated: 'Kart başarıyla aktifleştirildi!',
  virtualCreated: 'Sanal kart oluşturuldu ve aktifleştirildi!',
  deactivated: 'Kart başarıyla devre dışı bırakıldı',
  reactivated: 'Kart başarıyla yeniden aktifleştirildi',
  qrRegenerated: 'QR kod başarıyla yenilendi',
  empty: 'Henüz aktif kartınız bulunmamaktadır',
  linkCopied: 'Bağlantı kopyalandı!',
} as const;

const SCREENSHOT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

interface ApiCard {
  readonly cardId: string;
  readonly name: string | null;
  readonly isActive: boolean;
  readonly isActivated: boolean;
  readonly qrCode: string;
  readonly qrSvg: string;
  readonly profileUrl: string;
}

interface CommandAnswer {
  readonly success: boolean;
  readonly position: string;
  readonly card: ApiCard;
}

function bearer(account: Account) {
  return { authorization: `Bearer ${account.token}` };
}

async function command(
  request: APIRequestContext,
  account: Account,
  method: 'POST' | 'PUT',
  url: string,
  data?: object,
): Promise<CommandAnswer> {
  const response = await request.fetch(url, { method, headers: bearer(account), data });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBe(200);
  return (await response.json()) as CommandAnswer;
}

function newVirtualId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return `VC-${[...randomBytes(6)].map((byte) => alphabet.charAt(byte % alphabet.length)).join('')}`;
}

/** A virtual card made through the API (both SPEC calls), for journeys that are not about creating one. */
async function virtualCardViaApi(
  request: APIRequestContext,
  account: Account,
  name: string,
  options: { color?: string; activate?: boolean } = {},
): Promise<CommandAnswer> {
  const cardId = newVirtualId();
  const created = await command(request, account, 'POST', '/api/cards', {
    cardId,
    type: 'virtual',
    color: options.color ?? 'black',
    name,
  });
  if (options.activate === false) return created;
  return command(request, account, 'POST', '/api/cards/activate', { cardId, name });
}

/** The owner's cards once the read side has seen `position` (read-your-writes, as the app does it). */
async function myCards(request: APIRequestContext, account: Account, position?: string): Promise<ApiCard[]> {
  const response = await request.get('/api/cards/my-cards', {
    headers: { ...bearer(account), ...(position ? { 'x-min-position': position } : {}) },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { cards: ApiCard[] }).cards;
}

/** A provisioned card reaches the read side through the projector's poll; wait until the lookup knows it. */
async function waitUntilKnown(request: APIRequestContext, account: Account, cardId: string): Promise<void> {
  await expect
    .poll(async () => (await request.get(`/api/cards/details/${cardId}`, { headers: bearer(account) })).status(), {
      timeout: 15_000,
    })
    .toBe(200);
}

function decodeQrPng(bytes: Buffer): string | null {
  const png = PNG.sync.read(bytes);
  return jsQR(Uint8ClampedArray.from(png.data), png.width, png.height)?.data ?? null;
}

function cardTile(page: Page, cardId: string): Locator {
  return page.getByRole('list', { name: 'Kartlarınız' }).getByRole('listitem', { name: new RegExp(cardId) });
}

/** The message shown beside a field, tied to it through aria-describedby. */
async function expectFieldError(field: Locator, message: string): Promise<void> {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
}

async function shoot(page: Page, name: string): Promise<void> {
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  // From the top, so the sticky phone header is where a reader expects it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({
    path: join(SCREENSHOT_DIR, `card-${name}-${width}x${height}.png`),
    fullPage: true,
    animations: 'disabled',
  });
}

test.describe('card activation', () => {
  test('a provisioned card is checked by its id and activated under a name of its own', async ({
    page,
    request,
    account,
  }) => {
    const [card] = await provisionCardsViaCli({ type: 'basic', color: 'gold' });
    expect(card?.cardId).toMatch(/^[A-Z0-9-]+$/);
    const cardId = card?.cardId ?? '';
    await createProfileViaApi(request, account);
    // A name this owner already uses, to meet the clash on the way.
    const existing = await virtualCardViaApi(request, account, 'İş Kartım');
    await waitUntilKnown(request, account, cardId);

    await plantToken(page, account.token);
    await page.goto('/activate');
    const section = page.getByRole('region', { name: 'Kart ID ile Aktifleştir' });
    const idField = section.getByLabel('Kart ID');
    const check = section.getByRole('button', { name: 'Kartı Kontrol Et' });

    await test.step('the page knows the profile exists: no warning, first step done', async () => {
      await expect(page.getByRole('heading', { level: 1, name: 'Kart Aktivasyonu' })).toBeVisible();
      await expect(page.getByText(CARD_TEXT.needsProfile)).toHaveCount(0);
      await expect(page.getByText('Profil oluşturun (tamamlandı)')).toBeAttached();
      await expectAccessible(page, '/activate');
    });

    await test.step('empty, malformed and unknown ids are refused beside the field', async () => {
      await check.click();
      await expectFieldError(idField, CARD_TEXT.idRequired);
      await idField.fill('kv 12');
      await expect(idField).not.toHaveAttribute('aria-invalid');
      await check.click();
      await expectFieldError(idField, CARD_TEXT.idInvalid);
      await idField.fill('kv-yokboyle1');
      await check.click();
      await expectFieldError(idField, CARD_TEXT.notFoundById);
      await expectAccessible(page, '/activate, unknown card id');
    });

    await test.step('typed in lower case it is upper-cased as typed, without Turkish rules', async () => {
      await idField.fill('');
      await idField.pressSequentially('vc-i1');
      await expect(idField).toHaveValue('VC-I1');
      await idField.fill(cardId.toLowerCase());
      await expect(idField).toHaveValue(cardId);
      await check.click();
      await expect(section.getByRole('status').filter({ hasText: 'Kart doğrulandı.' })).toContainText(cardId);
      await expect(section.getByRole('status')).toContainText('Temel kart');
      await expectAccessible(page, '/activate, card verified');
    });

    const nameField = section.getByLabel('Kart adı');
    const activate = section.getByRole('button', { name: 'Kartı Aktifleştir' });
    await test.step('a name is required, and one already in use is refused beside the name field', async () => {
      await expect(nameField).toBeFocused();
      await activate.click();
      await expectFieldError(nameField, CARD_TEXT.nameRequired);
      await nameField.fill('  iş kartım ');
      await activate.click();
      await expectFieldError(nameField, CARD_TEXT.nameTaken);
      await expect(nameField).toBeFocused();
      expect(existing.card.name).toBe('İş Kartım');
    });

    await test.step('editing the id clears the verified state', async () => {
      await idField.press('End');
      await idField.press('Backspace');
      await expect(nameField).toHaveCount(0);
      await expect(check).toBeVisible();
      await idField.fill(cardId);
      await check.click();
      await expect(nameField).toBeVisible();
    });

    await test.step('activation with a free name lands on the card list', async () => {
      await nameField.fill('Ofis Kartı');
      await activate.click();
      await expect(toast(page, CARD_TEXT.activated)).toBeVisible();
      await expect(page).toHaveURL(/\/cards$/);
      const tile = cardTile(page, cardId);
      await expect(tile.getByRole('heading', { name: 'Ofis Kartı' })).toBeVisible();
      await expect(tile.getByText('Aktif', { exact: true })).toBeVisible();
      await expect(tile.getByRole('definition').filter({ hasText: /^Temel$/ })).toBeVisible();
      await expectAccessible(page, '/cards after an activation');
    });

    await test.step('the same id cannot be activated twice', async () => {
      await page.goto('/activate');
      await idField.fill(cardId);
      await check.click();
      await expectFieldError(idField, CARD_TEXT.alreadyActivated);
    });
  });

  test('a virtual card is created and activated in one go, in the chosen colour', async ({
    page,
    request,
    account,
  }) => {
    await createProfileViaApi(request, account);
    const calls: string[] = [];
    page.on('request', (call) => {
      if (call.method() === 'POST' && call.url().includes('/api/cards')) calls.push(new URL(call.url()).pathname);
    });
    await plantToken(page, account.token);
    await page.goto('/activate');
    const section = page.getByRole('region', { name: 'Sanal Kart Oluştur' });
    const nameField = section.getByLabel('Kart adı');

    await section.getByRole('button', { name: 'Sanal Kart Oluştur' }).click();
    await expectFieldError(nameField, CARD_TEXT.virtualNameRequired);
    await nameField.fill('Sanal Kartım');
    await section.getByText('Roze Altın').click();
    await expect(section.getByRole('radio', { name: 'Roze Altın' })).toBeChecked();
    await section.getByRole('button', { name: 'Sanal Kart Oluştur' }).click();

    await expect(toast(page, CARD_TEXT.virtualCreated)).toBeVisible();
    await expect(page).toHaveURL(/\/cards$/);
    expect(calls).toEqual(['/api/cards', '/api/cards/activate']);
    const [card] = await myCards(request, account);
    expect(card?.cardId).toMatch(/^VC-[A-Z0-9]{6}$/);
    const tile = cardTile(page, card?.cardId ?? '');
    await expect(tile.getByRole('heading', { name: 'Sanal Kartım' })).toBeVisible();
    await expect(tile.getByRole('definition').filter({ hasText: /^Sanal$/ })).toBeVisible();
    await expect(tile.getByText('Aktif', { exact: true })).toBeVisible();
  });

  test('without a profile the page says so and the virtual card button leads to the profile', async ({
    page,
    account,
  }) => {
    await plantToken(page, account.token);
    await page.goto('/activate');
    await expect(page.getByText(CARD_TEXT.needsProfile)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Profil Oluştur' })).toHaveAttribute('href', '/profile');
    await expectAccessible(page, '/activate without a profile');
    const section = page.getByRole('region', { name: 'Sanal Kart Oluştur' });
    await section.getByLabel('Kart adı').fill('Deneme');
    await section.getByRole('button', { name: 'Sanal Kart Oluştur' }).click();
    await expect(toast(page, CARD_TEXT.needsProfileToCreate)).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
  });
});

test.describe('my cards', () => {
  test('deactivate (confirmed), reactivate, regenerate the QR (confirmed), download and decode it', async ({
    page,
    request,
    account,
  }) => {
    await createProfileViaApi(request, account);
    const created = await virtualCardViaApi(request, account, 'Fuar Kartı', { color: 'silver' });
    const { cardId } = created.card;
    await myCards(request, account, created.position);
    await plantToken(page, account.token);
    await page.goto('/cards');
    const tile = cardTile(page, cardId);
    await expect(page.getByRole('link', { name: 'Yeni Kart Aktifleştir' })).toHaveAttribute('href', '/activate');

    await test.step('the details dialog shows the QR and the facts, and Esc closes it', async () => {
      const opener = tile.getByRole('button', { name: 'Detaylar' });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: `Kart Detayları: ${cardId}` });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('img', { name: `${cardId} kartının QR kodu` })).toBeVisible();
      await expect(dialog.getByText('Gümüş')).toBeVisible();
      await expect(dialog.getByRole('link', { name: created.card.profileUrl })).toBeVisible();
      await expectAccessible(page, '/cards, details dialog');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
    });

    await test.step('deactivation asks first; cancelling changes nothing', async () => {
      await tile.getByRole('button', { name: 'Devre Dışı Bırak' }).click();
      const confirm = page.getByRole('dialog', { name: 'Kart devre dışı bırakılsın mı?' });
      await expect(confirm).toBeVisible();
      await expect(confirm.getByRole('button', { name: 'Vazgeç' })).toBeFocused();
      await expectAccessible(page, '/cards, deactivation confirmation');
      await confirm.getByRole('button', { name: 'Vazgeç' }).click();
      await expect(confirm).toBeHidden();
      await expect(tile.getByText('Aktif', { exact: true })).toBeVisible();
    });

    await test.step('confirmed, the card is deactivated and the list reloads', async () => {
      await tile.getByRole('button', { name: 'Devre Dışı Bırak' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Devre Dışı Bırak' }).click();
      await expect(toast(page, CARD_TEXT.deactivated)).toBeVisible();
      await expect(tile.getByText('Devre Dışı', { exact: true })).toBeVisible();
      expect((await myCards(request, account))[0]?.isActive).toBe(false);
      await expectAccessible(page, '/cards, a deactivated card');
    });

    await test.step('reactivation needs no confirmation', async () => {
      await tile.getByRole('button', { name: 'Yeniden Aktifleştir' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(toast(page, CARD_TEXT.reactivated)).toBeVisible();
      await expect(tile.getByText('Aktif', { exact: true })).toBeVisible();
    });

    const download = tile.getByRole('link', { name: 'QR İndir' });
    await test.step('QR regeneration asks first, then moves the image to a new version', async () => {
      await expect(download).toHaveAttribute('href', /[?&]v=1(&|$)/);
      await tile.getByRole('button', { name: 'QR Yenile' }).click();
      const confirm = page.getByRole('dialog', { name: 'QR kod yenilensin mi?' });
      await confirm.getByRole('button', { name: 'QR Kodu Yenile' }).click();
      await expect(toast(page, CARD_TEXT.qrRegenerated)).toBeVisible();
      await expect(confirm).toBeHidden();
      await expect(download).toHaveAttribute('href', /[?&]v=2(&|$)/);
    });

    await test.step('the downloaded PNG decodes to the card’s public address', async () => {
      const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
      expect(file.suggestedFilename()).toBe(`qrcode-${cardId}.png`);
      const decoded = decodeQrPng(readFileSync(await file.path()));
      expect(decoded).toBe(created.card.profileUrl);
      expect(new URL(decoded ?? 'http://x').pathname).toBe(`/p/${cardId}`);
    });
  });

  test('an owner without cards sees the empty state with a way to activate one', async ({ page, account }) => {
    await plantToken(page, account.token);
    await page.goto('/cards');
    await expect(page.getByRole('heading', { name: CARD_TEXT.empty })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Kart Aktifleştir' })).toHaveAttribute('href', '/activate');
    await expect(page.getByRole('link', { name: 'Yeni Kart Aktifleştir' })).toHaveCount(0);
    await expectAccessible(page, '/cards, no cards');
  });
});

test.describe('card details page', () => {
  test('QR, facts, link, status history and actions of one card', async ({ page, request, account, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await createProfileViaApi(request, account);
    const created = await virtualCardViaApi(request, account, 'Mağaza', { color: 'gold' });
    const { cardId, profileUrl } = created.card;
    await command(request, account, 'PUT', `/api/cards/deactivate/${cardId}`);
    await command(request, account, 'PUT', `/api/cards/reactivate/${cardId}`);
    const last = await command(request, account, 'POST', `/api/cards/regenerate-qr/${cardId}`);
    await myCards(request, account, last.position);

    await plantToken(page, account.token);
    await page.goto('/cards');
    await cardTile(page, cardId).getByRole('link', { name: 'Mağaza' }).click();
    await expect(page).toHaveURL(new RegExp(`/cards/${cardId}$`));

    await test.step('heading, status, facts', async () => {
      await expect(page.getByRole('heading', { level: 1, name: 'Mağaza' })).toBeVisible();
      const facts = page.getByRole('region', { name: 'Kart Bilgileri' });
      await expect(facts.getByText('Altın')).toBeVisible();
      await expect(facts.getByText('Sanal')).toBeVisible();
      await expect(facts.getByText(cardId)).toBeVisible();
      await expect(facts.getByText(/\d{1,2} \p{L}+ \d{4} \d{2}:\d{2}/u).first()).toBeVisible();
      await expectAccessible(page, 'card page');
    });

    await test.step('the status history lists every change with a Turkish date', async () => {
      const history = page.getByRole('region', { name: 'Durum Geçmişi' }).getByRole('listitem');
      await expect(history).toHaveText([
        /QR kod yenilendi/,
        /Kart yeniden aktifleştirildi/,
        /Kart devre dışı bırakıldı/,
        /Kart aktifleştirildi/,
        /Sanal kart oluşturuldu/,
      ]);
      await expect(history.first()).toContainText(
        /(Ocak|Şubat|Mart|Nisan|Mayıs|Haziran|Temmuz|Ağustos|Eylül|Ekim|Kasım|Aralık)/,
      );
    });

    await test.step('QR as PNG and SVG downloads', async () => {
      const qr = page.getByRole('region', { name: 'QR Kod' });
      await expect(qr.getByRole('img', { name: `${cardId} kartının QR kodu` })).toBeVisible();
      const [png] = await Promise.all([
        page.waitForEvent('download'),
        qr.getByRole('link', { name: 'PNG İndir' }).click(),
      ]);
      expect(png.suggestedFilename()).toBe(`qrcode-${cardId}.png`);
      expect(decodeQrPng(readFileSync(await png.path()))).toBe(profileUrl);
      const [svg] = await Promise.all([
        page.waitForEvent('download'),
        qr.getByRole('link', { name: 'SVG İndir' }).click(),
      ]);
      expect(svg.suggestedFilename()).toBe(`qrcode-${cardId}.svg`);
      expect(readFileSync(await svg.path(), 'utf8')).toContain('<svg');
    });

    await test.step('the public link is copied and can be opened', async () => {
      const share = page.getByRole('region', { name: 'Paylaşım Bağlantısı' });
      await expect(share.getByRole('textbox')).toHaveValue(profileUrl);
      await share.getByRole('button', { name: 'Kopyala' }).click();
      // 'Kopyalandı' stands for 2 s, the toast for 4 s. Looked for one after the other, the label could be gone by the
      // time the toast had shown on a loaded machine (CI, 2026-11-23); looked for together from the click on, each
      // check polls within its own window (Playwright's polls are at most 1 s apart).
      await Promise.all([
        expect(share.getByRole('button', { name: 'Kopyalandı' })).toBeVisible(),
        expect(toast(page, CARD_TEXT.linkCopied)).toBeVisible(),
      ]);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(profileUrl);
      await expect(page.getByRole('link', { name: /Kartı Görüntüle/ })).toHaveAttribute('href', profileUrl);
    });

    await test.step('the card’s own visit figures, and the way to its statistics', async () => {
      const visits = page.getByRole('region', { name: 'Ziyaretler' });
      await expect(visits.getByText('Toplam Ziyaret', { exact: true })).toBeVisible();
      await expect(visits.getByRole('link', { name: 'Ayrıntılı İstatistikler' })).toHaveAttribute(
        'href',
        `/stats?cardId=${cardId}`,
      );
    });

    await test.step('deactivating here updates the badge and the history', async () => {
      await page.getByRole('button', { name: 'Devre Dışı Bırak' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Devre Dışı Bırak' }).click();
      await expect(toast(page, CARD_TEXT.deactivated)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Yeniden Aktifleştir' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Durum Geçmişi' }).getByRole('listitem')).toHaveCount(6);
    });
  });

  test('an unknown id and another owner’s card both read as not found', async ({ page, request, account }) => {
    const other = await registerViaApi(request);
    await createProfileViaApi(request, other);
    const foreign = await virtualCardViaApi(request, other, 'Başkasının Kartı');
    await myCards(request, other, foreign.position);

    await plantToken(page, account.token);
    for (const cardId of [foreign.card.cardId, 'KV-YOKBOYLE']) {
      await page.goto(`/cards/${cardId}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Kart Detayları' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Kart bulunamadı' })).toBeVisible();
      await expect(page.getByText('Başkasının Kartı')).toHaveCount(0);
    }
    await expectAccessible(page, 'card page, card not found');
    await page.getByRole('link', { name: 'Kartlarıma Dön' }).click();
    await expect(page).toHaveURL(/\/cards$/);
  });
});

test.describe('dashboard card list', () => {
  test('up to three cards with id, type and status; waiting cards lead to activation', async ({
    page,
    request,
    account,
  }) => {
    await createProfileViaApi(request, account);
    for (const name of ['Birinci', 'İkinci', 'Üçüncü']) await virtualCardViaApi(request, account, name);
    // The newest, created but never activated (the second SPEC call did not happen).
    const waiting = await virtualCardViaApi(request, account, 'Bekleyen', { activate: false });
    await myCards(request, account, waiting.position);

    await plantToken(page, account.token);
    await page.goto('/dashboard');
    const panel = page.getByRole('region', { name: 'Kartlarım' });
    const rows = panel.getByRole('listitem');
    await expect(rows).toHaveCount(3);
    await expect(rows.first()).toContainText(waiting.card.cardId);
    await expect(rows.first()).toContainText('Sanal');
    await expect(rows.first()).toContainText('Aktivasyon Bekliyor');
    await expect(rows.nth(1)).toContainText('Aktif');
    const details = rows.nth(1).getByRole('link', { name: /^Detaylar/ });
    await expect(details).toHaveAttribute('href', /^\/cards\/VC-[A-Z0-9]{6}$/);
    await expectAccessible(page, 'dashboard with cards');

    await test.step('“Aktifleştir” opens activation with the id filled in', async () => {
      await rows
        .first()
        .getByRole('link', { name: /^Aktifleştir/ })
        .click();
      await expect(page).toHaveURL(new RegExp(`/activate\\?cardId=${waiting.card.cardId}$`));
      const section = page.getByRole('region', { name: 'Kart ID ile Aktifleştir' });
      await expect(section.getByLabel('Kart ID')).toHaveValue(waiting.card.cardId);
      await section.getByRole('button', { name: 'Kartı Kontrol Et' }).click();
      await section.getByLabel('Kart adı').fill('Artık Aktif');
      await section.getByRole('button', { name: 'Kartı Aktifleştir' }).click();
      await expect(toast(page, CARD_TEXT.activated)).toBeVisible();
      await expect(cardTile(page, waiting.card.cardId).getByText('Aktif', { exact: true })).toBeVisible();
    });
  });
});

test.describe('card screens', () => {
  test.beforeAll(() => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
  });

  for (const viewport of VIEWPORTS) {
    test(`screenshots at ${viewport.width}x${viewport.height}`, async ({ page, request, account }) => {
      await page.setViewportSize(viewport);
      await createProfileViaApi(request, account);
      const [physical] = await provisionCardsViaCli({ type: 'pro', color: 'black' });
      const physicalId = physical?.cardId ?? '';
      await waitUntilKnown(request, account, physicalId);
      await command(request, account, 'POST', '/api/cards/activate', { cardId: physicalId, name: 'Kurumsal Kart' });
      const gold = await virtualCardViaApi(request, account, 'Ayşe Yılmaz - Satış', { color: 'gold' });
      const white = await virtualCardViaApi(request, account, 'Etkinlik', { color: 'white' });
      const off = await command(request, account, 'PUT', `/api/cards/deactivate/${white.card.cardId}`);
      await myCards(request, account, off.position);
      await plantToken(page, account.token);

      await test.step('dashboard', async () => {
        await page.goto('/dashboard');
        await expect(page.getByRole('region', { name: 'Kartlarım' }).getByRole('listitem')).toHaveCount(3);
        await shoot(page, 'dashboard');
        await expectAccessible(page, `dashboard with cards, ${viewport.width}×${viewport.height}`);
      });
      await test.step('my cards', async () => {
        await page.goto('/cards');
        await expect(cardTile(page, physicalId)).toBeVisible();
        await shoot(page, 'list');
        await expectAccessible(page, `/cards, ${viewport.width}×${viewport.height}`);
      });
      await test.step('details dialog', async () => {
        await cardTile(page, gold.card.cardId).getByRole('button', { name: 'Detaylar' }).click();
        const dialog = page.getByRole('dialog');
        await expect(dialog.getByRole('img')).toHaveJSProperty('complete', true);
        await page.screenshot({
          path: join(SCREENSHOT_DIR, `card-details-dialog-${viewport.width}x${viewport.height}.png`),
          animations: 'disabled',
        });
        await expectAccessible(page, `/cards, details dialog, ${viewport.width}×${viewport.height}`);
        await page.keyboard.press('Escape');
      });
      await test.step('deactivation confirmation', async () => {
        await cardTile(page, physicalId).getByRole('button', { name: 'Devre Dışı Bırak' }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await page.screenshot({
          path: join(SCREENSHOT_DIR, `card-confirm-dialog-${viewport.width}x${viewport.height}.png`),
          animations: 'disabled',
        });
        await expectAccessible(page, `/cards, deactivation confirmation, ${viewport.width}×${viewport.height}`);
        await page.getByRole('button', { name: 'Vazgeç' }).click();
      });
      await test.step('card page', async () => {
        await page.goto(`/cards/${gold.card.cardId}`);
        await expect(page.getByRole('img', { name: `${gold.card.cardId} kartının QR kodu` })).toHaveJSProperty(
          'complete',
          true,
        );
        await shoot(page, 'detail');
        await expectAccessible(page, `card page, ${viewport.width}×${viewport.height}`);
      });
      await test.step('activation: verified id with a name problem, virtual card form', async () => {
        const [fresh] = await provisionCardsViaCli({ type: 'basic', color: 'white' });
        await waitUntilKnown(request, account, fresh?.cardId ?? '');
        await page.goto('/activate');
        const section = page.getByRole('region', { name: 'Kart ID ile Aktifleştir' });
        await section.getByLabel('Kart ID').fill(fresh?.cardId ?? '');
        await section.getByRole('button', { name: 'Kartı Kontrol Et' }).click();
        await section.getByLabel('Kart adı').fill('etkinlik');
        await section.getByRole('button', { name: 'Kartı Aktifleştir' }).click();
        await expect(alertWith(page, CARD_TEXT.nameTaken)).toBeVisible();
        await page.getByRole('region', { name: 'Sanal Kart Oluştur' }).getByLabel('Kart adı').fill('Yeni Sanal Kart');
        await page.getByRole('region', { name: 'Sanal Kart Oluştur' }).getByText('Gümüş').click();
        await shoot(page, 'activate');
        await expectAccessible(page, `/activate with a refused name, ${viewport.width}×${viewport.height}`);
      });
    });
  }
});
