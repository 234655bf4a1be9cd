import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { devices, type APIRequestContext, type Browser, type Page, type Route } from '@playwright/test';
import {
  createProfileViaApi,
  expect,
  plantToken,
  storedToken,
  test,
  TEXT,
  toast,
  type Account,
  publicVirtualCard,
} from './fixtures.ts';
import { expectAccessible } from './accessibility.ts';

/**
 * The dashboard holding up where it used to let the owner down: a saved profile is clean and
 * unsaved edits ask before they are lost; a network hiccup no longer signs the owner out (only the
 * server refusing the token does); the card's own figures on its details page; and the owner told
 * when card links point at this machine only (the e2e server's PUBLIC_BASE_URL is 127.0.0.1).
 */

const SCREENSHOT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');
const PHONE = { width: 390, height: 844 } as const;
const DESKTOP = { width: 1280, height: 800 } as const;
const { defaultBrowserType: _iphoneBrowser, ...IPHONE } = devices['iPhone 13'];

const POLISH_TEXT = {
  unsaved: 'Kaydedilmemiş değişiklikleriniz var.',
  savedNote: 'Profiliniz kayıtlı; değişiklikler kaydettiğinizde kartınızda görünür.',
  updated: 'Profil güncellendi!',
  leaveQuestion: 'Kaydedilmemiş değişiklikler var. Sayfadan ayrılırsanız kaybolacak.',
  connection: 'Bağlantı kurulamadı; yeniden deneniyor…',
  loopback: 'QR kod ve bağlantı başka telefonlarda açılmaz',
} as const;

function bearer(account: Account) {
  return { authorization: `Bearer ${account.token}` };
}

async function shoot(page: Page, name: string, fullPage: boolean): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  await page.screenshot({
    path: join(SCREENSHOT_DIR, `polish-${name}-${width}x${height}.png`),
    animations: 'disabled',
    fullPage,
  });
}

/**
 * Looks at the screen at phone and desktop width, with axe on each, and returns to desktop. A
 * whole page is shot at full length; a dialog or a fixed notice as the viewport shows it.
 */
async function checkScreen(page: Page, name: string, { fullPage = false } = {}): Promise<void> {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await shoot(page, name, fullPage);
    await expectAccessible(page, name);
  }
}

/** Whether leaving the page now would make the browser ask (our beforeunload handler cancels). */
function leavingAsks(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });
}

/** Something the test opens when it is ready: a request held back until then. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open: () => open(), opened };
}

/**
 * Answers /api/auth/me with `first` the first time; later requests wait for `release` (so the test
 * can look at the screen in between; a held request may time out and be asked again), then go
 * through.
 */
async function interceptMe(page: Page, first: (route: Route) => Promise<void>, release: Promise<void>) {
  let calls = 0;
  await page.route('**/api/auth/me', async (route) => {
    calls += 1;
    if (calls === 1) return first(route);
    await release;
    // A request the page gave up on (its time-out) has nothing left to continue.
    return route.continue().catch(() => undefined);
  });
  return { calls: () => calls };
}

async function ownerWithCard(request: APIRequestContext, account: Account): Promise<string> {
  await createProfileViaApi(request, account);
  return publicVirtualCard(request, account, 'Fuar Kartı', { color: 'black' });
}

/** A stranger's phone opens the card; resolves once its visit beacon was accepted. */
async function visitFromPhone(browser: Browser, baseURL: string | undefined, cardId: string): Promise<void> {
  const context = await browser.newContext({ ...IPHONE, baseURL, locale: 'tr-TR', timezoneId: 'Europe/Istanbul' });
  try {
    const page = await context.newPage();
    const beacon = page.waitForResponse((response) => response.url().endsWith('/api/telemetry/visit'));
    await page.goto(`/p/${cardId}`);
    expect((await beacon).status()).toBe(204);
  } finally {
    await context.close();
  }
}

test.describe('profile: saved means clean, unsaved edits ask first', () => {
  test('a save leaves the form clean; leaving with edits through the sidebar asks, stay or leave', async ({
    page,
    request,
    account,
  }) => {
    await test.step('an owner whose profile has an address and a location', async () => {
      const response = await request.post('/api/profile', {
        headers: bearer(account),
        data: {
          firstName: account.firstName,
          lastName: account.lastName,
          email: account.email,
          jobTitle: 'Gayrimenkul Danışmanı',
          address: { street: 'Atatürk Bulvarı No: 1', city: 'Ankara', state: 'Çankaya', country: 'Türkiye' },
          location: { lat: 39.92077, lng: 32.85411 },
        },
      });
      expect(response.status(), await response.text()).toBe(200);
      await plantToken(page, account.token);
      await page.setViewportSize(DESKTOP);
      await page.goto('/profile');
      await expect(page.getByRole('heading', { level: 1, name: 'Profil Ayarları' })).toBeVisible();
      await expect(page.getByLabel('Pozisyon')).toHaveValue('Gayrimenkul Danışmanı');
      await expect(page.getByText(POLISH_TEXT.savedNote)).toBeVisible();
    });

    await test.step('saving without edits: no unsaved banner, no prompt on reload', async () => {
      await page.getByRole('button', { name: 'Profili Kaydet' }).click();
      await expect(toast(page, POLISH_TEXT.updated)).toBeVisible();
      await expect(page.getByText(POLISH_TEXT.savedNote)).toBeVisible();
      await expect(page.getByText(POLISH_TEXT.unsaved)).toHaveCount(0);
      expect(await leavingAsks(page)).toBe(false);
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.type());
        void dialog.accept();
      });
      await page.reload();
      await expect(page.getByLabel('Pozisyon')).toHaveValue('Gayrimenkul Danışmanı');
      expect(dialogs).toEqual([]);
    });

    await test.step('an edit saved: clean again', async () => {
      await page.getByLabel('Pozisyon').fill('Kıdemli Gayrimenkul Danışmanı');
      await expect(page.getByText(POLISH_TEXT.unsaved)).toBeVisible();
      expect(await leavingAsks(page)).toBe(true);
      await page.getByRole('button', { name: 'Profili Kaydet' }).click();
      await expect(toast(page, POLISH_TEXT.updated)).toBeVisible();
      await expect(page.getByText(POLISH_TEXT.savedNote)).toBeVisible();
      expect(await leavingAsks(page)).toBe(false);
    });

    const sidebar = page.getByRole('navigation', { name: 'Panel bölümleri' });
    const question = page.getByRole('dialog', { name: 'Sayfadan ayrılmak istiyor musunuz?' });

    await test.step('unsaved edit, sidebar link: the app asks; staying keeps the edit', async () => {
      await page.getByLabel('Hakkında').fill('Ankara’da konut ve ticari gayrimenkul.');
      await expect(page.getByText(POLISH_TEXT.unsaved)).toBeVisible();
      await sidebar.getByRole('link', { name: 'Kartlarım' }).click();
      await expect(question).toBeVisible();
      await expect(question).toContainText(POLISH_TEXT.leaveQuestion);
      await expect(question.getByRole('button', { name: 'Sayfada Kal' })).toBeFocused();
      await checkScreen(page, 'profile-leave-dialog');
      await question.getByRole('button', { name: 'Sayfada Kal' }).click();
      await expect(question).toBeHidden();
      await expect(page).toHaveURL(/\/profile$/);
      await expect(page.getByLabel('Hakkında')).toHaveValue('Ankara’da konut ve ticari gayrimenkul.');
    });

    await test.step('asked again, leaving goes on and the edit is gone', async () => {
      await sidebar.getByRole('link', { name: 'Kartlarım' }).click();
      await question.getByRole('button', { name: 'Ayrıl' }).click();
      await expect(page).toHaveURL(/\/cards$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Kartlarım' })).toBeVisible();
      expect(await leavingAsks(page)).toBe(false);
      await sidebar.getByRole('link', { name: 'Profil Ayarları' }).click();
      await expect(page.getByLabel('Pozisyon')).toHaveValue('Kıdemli Gayrimenkul Danışmanı');
      await expect(page.getByLabel('Hakkında')).toHaveValue('');
    });

    await test.step('a clean form leaves without asking', async () => {
      await sidebar.getByRole('link', { name: 'Ana Sayfa' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(question).toHaveCount(0);
    });
  });
});

test.describe('session: only the server refusing the token signs out', () => {
  test('an aborted /api/auth/me keeps the session, says so and tries again', async ({ page, account }) => {
    const release = gate();
    await plantToken(page, account.token);
    const me = await interceptMe(page, (route) => route.abort('aborted'), release.opened);

    await test.step('the check is aborted: still signed in, the notice says the connection is down', async () => {
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Hoş geldiniz');
      await expect(page).toHaveURL(/\/dashboard$/);
      expect(await storedToken(page)).toBe(account.token);
      await expect(page.getByRole('status').filter({ hasText: POLISH_TEXT.connection })).toBeVisible();
      await checkScreen(page, 'connection-notice');
    });

    await test.step('the retry gets through: the notice goes and the owner is known again', async () => {
      // Asked again without anyone reloading.
      await expect.poll(() => me.calls()).toBeGreaterThanOrEqual(2);
      release.open();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Hoş geldiniz, ${account.firstName}`);
      await expect(page.getByText(POLISH_TEXT.connection)).toHaveCount(0);
      expect(await storedToken(page)).toBe(account.token);
    });
  });

  test('a 503 keeps the session; the button asks again at once', async ({ page, account }) => {
    const release = gate();
    await plantToken(page, account.token);
    await interceptMe(
      page,
      (route) => route.fulfill({ status: 503, json: { success: false, message: 'Veriler güncelleniyor' } }),
      release.opened,
    );
    await page.goto('/cards');
    await expect(page.getByText(POLISH_TEXT.connection)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Kartlarım' })).toBeVisible();
    expect(await storedToken(page)).toBe(account.token);
    // Pressed while the notice is surely there; the held request (if the timer already sent it) is let go after.
    await page.getByRole('button', { name: 'Şimdi Dene' }).click();
    release.open();
    await expect(page.getByText(POLISH_TEXT.connection)).toHaveCount(0);
    await expect(page.getByRole('complementary', { name: 'Panel menüsü' })).toContainText(account.firstName);
  });

  test('going on to another page while the check is in flight keeps the session', async ({ page, account }) => {
    await plantToken(page, account.token);
    await page.goto('/cards', { waitUntil: 'commit' });
    await page.goto('/activate');
    await expect(page.getByRole('heading', { level: 1, name: 'Kart Aktivasyonu' })).toBeVisible();
    expect(await storedToken(page)).toBe(account.token);
  });

  test('a 401 signs out with the session-ended message', async ({ page, account }) => {
    await plantToken(page, account.token);
    await page.route('**/api/auth/me', (route) =>
      route.fulfill({ status: 401, json: { success: false, message: TEXT.sessionEnded } }),
    );
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(toast(page, TEXT.sessionEnded)).toBeVisible();
    expect(await storedToken(page)).toBeNull();
  });

  test('an answer that says success: false signs out', async ({ page, account }) => {
    await plantToken(page, account.token);
    await page.route('**/api/auth/me', (route) =>
      route.fulfill({ status: 200, json: { success: false, message: 'Kullanıcı bulunamadı' } }),
    );
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByRole('heading', { name: 'Giriş Yap' })).toBeVisible();
    expect(await storedToken(page)).toBeNull();
  });
});

test.describe('card details: its own figures and an honest address', () => {
  test('figures after a visit, the way to /stats?cardId=…, the loopback notice', async ({
    page,
    request,
    account,
    browser,
    baseURL,
  }) => {
    const cardId = await ownerWithCard(request, account);
    const visits = page.getByRole('region', { name: 'Ziyaretler' });
    const figure = (label: string) =>
      visits
        .locator('.card-figures__item')
        .filter({ has: page.getByText(label, { exact: true }) })
        .locator('dd');

    await test.step('the owner opens the card: zeros, and a notice that the address is this machine', async () => {
      await plantToken(page, account.token);
      await page.setViewportSize(DESKTOP);
      await page.goto(`/cards/${cardId}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Fuar Kartı' })).toBeVisible();
      await expect(figure('Toplam Ziyaret')).toHaveText('0');
      await expect(visits).not.toContainText('yakında');
      const notice = page.getByRole('region', { name: POLISH_TEXT.loopback });
      await expect(notice).toBeVisible();
      await expect(notice).toContainText(new URL(baseURL ?? '').origin);
      await expect(notice).toContainText('PUBLIC_BASE_URL');
    });

    await test.step('a phone opens the public card: the figures follow without a reload', async () => {
      // The owner's change stream is open before the visit, so its push is what updates the panel.
      await expect(visits.getByText('Canlı')).toBeVisible();
      await visitFromPhone(browser, baseURL, cardId);
      await expect(figure('Toplam Ziyaret')).toHaveText('1', { timeout: 15_000 });
      await expect(figure('Tekil Ziyaretçi')).toHaveText('1');
      await expect(figure('Son Ziyaret')).not.toHaveText('—');
      await checkScreen(page, 'card-details', { fullPage: true });
    });

    await test.step('the link leads to this card’s statistics', async () => {
      const link = visits.getByRole('link', { name: 'Ayrıntılı İstatistikler' });
      await expect(link).toHaveAttribute('href', `/stats?cardId=${cardId}`);
      await link.click();
      await expect(page).toHaveURL(new RegExp(`/stats\\?cardId=${cardId}$`));
      await expect(page.getByLabel('Kart', { exact: true })).toHaveValue(cardId);
      const tiles = page.getByRole('list', { name: 'Özet istatistikler' });
      await expect(
        tiles.getByRole('listitem').filter({ hasText: 'Toplam Ziyaret' }).locator('.stat-tile__value'),
      ).toHaveText('1');
    });
  });
});
