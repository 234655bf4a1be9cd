import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { chromium, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../support/chromium.ts';
import { expectAccessible } from './accessibility.ts';
import {
  createProfileViaApi,
  DESKTOP,
  expect,
  PHONE,
  plantToken,
  publicVirtualCard,
  registerViaApi,
  test,
  toast,
  type Account,
} from './fixtures.ts';

/**
 * Issue 17: the dashboard as an installable app. Other journeys block service workers (tests/playwright.config.ts);
 * these let it run. The tests of this file run one after another in one worker: the update test rewrites the served
 * sw.js for a moment, and no other test of the file may install that build meanwhile.
 */
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ mode: 'default' });

const OFFLINE_BANNER = 'Çevrimdışısınız — son görülen veriler';
const UPDATE_READY = 'Yeni sürüm hazır — yenile';
const WRITE_NEEDS_CONNECTION = 'Bu işlem için internet bağlantısı gerekiyor';
const OWNER_CACHE_PREFIX = 'kartvizit-owner-';
const DIST = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'web', 'dist');
const SCREENSHOT_DIR = '/tmp/kartvizit-pwa';

interface Owner extends Account {
  readonly cardId: string;
  readonly cardLink: string;
}

/** An owner with a profile and an active virtual card, made through the real API. */
async function ownerWithCard(request: APIRequestContext, firstName: string): Promise<Owner> {
  const account = await registerViaApi(request, { firstName, lastName: 'Yıldırım' });
  await createProfileViaApi(request, account);
  const cardId = await publicVirtualCard(request, account, 'Fuar Kartı');
  const cards = await request.get('/api/cards/my-cards', { headers: { authorization: `Bearer ${account.token}` } });
  const card = ((await cards.json()) as { cards: { cardId: string; profileUrl: string }[] }).cards.find(
    (one) => one.cardId === cardId,
  );
  expect(card).toBeDefined();
  return { ...account, cardId, cardLink: card?.profileUrl ?? '' };
}

async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** The API paths kept for offline use, per cache (the session marker left out). */
async function ownerCaches(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async (prefix) => {
    const result: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      if (!name.startsWith(prefix)) continue;
      const requests = await (await caches.open(name)).keys();
      result[name] = requests
        .map((request) => new URL(request.url).pathname)
        .filter((path) => path.startsWith('/api/'));
    }
    return result;
  }, OWNER_CACHE_PREFIX);
}

/**
 * Signs the owner in, lets the service worker take the page, then opens the dashboard and 'Kartımı Göster' through
 * it, so what they showed is kept: the owner's last visit before the signal goes.
 */
async function visitOnline(page: Page, owner: Owner): Promise<void> {
  await plantToken(page, owner.token);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: `Hoş geldiniz, ${owner.firstName}` })).toBeVisible();
  await controlledByServiceWorker(page);
  await page.goto('/show-card');
  await expect(page.getByRole('link', { name: owner.cardLink.replace(/^https?:\/\//, '') })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByText(owner.cardId, { exact: true })).toBeVisible();
  await expect
    .poll(async () => Object.values(await ownerCaches(page)).flat())
    .toEqual(expect.arrayContaining(['/api/auth/me', '/api/cards/my-cards', '/api/statistics/dashboard']));
}

async function decodeQr(page: Page): Promise<string | null> {
  const png = PNG.sync.read(await page.getByRole('img', { name: /kartının QR kodu/ }).screenshot());
  return jsQR(Uint8ClampedArray.from(png.data), png.width, png.height)?.data ?? null;
}

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${width}x${height}.png`), animations: 'disabled' });
}

test('the dashboard installs: manifest, icons, a service worker in control, no installability errors', async ({
  page,
  request,
  browser,
}) => {
  const owner = await ownerWithCard(request, 'Elif');

  await test.step('the manifest names the app in Turkish and starts on the dashboard', async () => {
    const response = await request.get('/manifest.webmanifest');
    expect(response.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      lang: string;
      start_url: string;
      scope: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; purpose?: string }[];
      shortcuts: { name: string; url: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Dijital Kartvizit',
      short_name: 'Kartvizit',
      lang: 'tr',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      theme_color: '#312e81',
    });
    expect(manifest.shortcuts).toEqual([expect.objectContaining({ name: 'Kartımı Göster', url: '/show-card' })]);
    const icons = [...manifest.icons.map((icon) => ({ ...icon, purpose: icon.purpose ?? 'any' }))];
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    );
    await page.goto('/');
    const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    for (const [src, sizes] of [...icons.map((icon) => [icon.src, icon.sizes]), [appleIcon ?? '', '180x180']]) {
      const image = await request.get(src ?? '');
      expect(image.headers()['content-type'], src).toBe('image/png');
      const png = PNG.sync.read(await image.body());
      expect(`${png.width}x${png.height}`, src).toBe(sizes);
    }
  });

  await test.step('on a browser profile of its own (Chromium offers no install in a private window)', async () => {
    const profile = mkdtempSync(join(tmpdir(), 'kartvizit-install-'));
    const installable = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath() ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
      baseURL: test.info().project.use.baseURL,
      locale: 'tr-TR',
      serviceWorkers: 'allow',
    });
    try {
      const owned = installable.pages()[0] ?? (await installable.newPage());
      await owned.goto('/');
      // The landing page registers nothing; the signed-in dashboard does, and the worker takes it.
      expect(await owned.evaluate(() => navigator.serviceWorker.getRegistrations().then((all) => all.length))).toBe(0);
      await plantToken(owned, owner.token);
      await owned.goto('/dashboard');
      await controlledByServiceWorker(owned);
      const reload = await owned.reload();
      expect(reload?.fromServiceWorker(), 'the app shell comes from the precache').toBe(true);
      const cdp = await installable.newCDPSession(owned);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
      await cdp.detach();
    } finally {
      await installable.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  await plantToken(page, owner.token);
  await page.goto('/dashboard');
  await controlledByServiceWorker(page);

  await test.step('the public card is not the worker’s: the owner’s own visit goes to the server', async () => {
    const card = await page.goto(`/p/${owner.cardId}`);
    expect(card?.status()).toBe(200);
    expect(card?.fromServiceWorker()).toBe(false);
    const landing = await page.goto('/');
    expect(landing?.fromServiceWorker()).toBe(false);
  });

  await test.step('a visitor of the public card gets no service worker at all', async () => {
    const visitor = await browser.newContext({ ...PHONE, serviceWorkers: 'allow' });
    try {
      const visitorPage = await visitor.newPage();
      await visitorPage.goto(`/p/${owner.cardId}`);
      await expect(visitorPage.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await visitorPage.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
      expect(
        await visitorPage.evaluate(() => navigator.serviceWorker.getRegistrations().then((all) => all.length)),
      ).toBe(0);
      expect(visitor.serviceWorkers()).toEqual([]);
    } finally {
      await visitor.close();
    }
  });
});

test('without a network the dashboard and Kartımı Göster open with the last-seen data, and writes are refused', async ({
  browser,
  request,
}) => {
  const owner = await ownerWithCard(request, 'Çağrı');
  const context = await browser.newContext({ ...PHONE, serviceWorkers: 'allow' });
  try {
    const page = await context.newPage();
    await visitOnline(page, owner);

    await test.step('the network goes: the dashboard still opens, and says it shows the last-seen data', async () => {
      await context.setOffline(true);
      await page.reload();
      await expect(page.getByRole('status').filter({ hasText: OFFLINE_BANNER })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: `Hoş geldiniz, ${owner.firstName}` })).toBeVisible();
      await expect(page.getByText(owner.cardId, { exact: true })).toBeVisible();
      await shoot(page, 'dashboard-offline');
      await expectAccessible(page, 'the dashboard offline');
    });

    await test.step('one tap opens Kartımı Göster; its QR is drawn here and opens the card', async () => {
      await page.getByRole('link', { name: 'Kartımı Göster' }).click();
      await expect(page).toHaveURL(/\/show-card$/);
      await expect(page.getByRole('status').filter({ hasText: OFFLINE_BANNER })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: `${owner.firstName} ${owner.lastName}` })).toBeVisible();
      await expect(page.getByRole('link', { name: owner.cardLink.replace(/^https?:\/\//, '') })).toHaveAttribute(
        'href',
        owner.cardLink,
      );
      await expect.poll(() => decodeQr(page)).toBe(owner.cardLink);
    });

    await test.step('opened straight from the home-screen shortcut, offline, it is there too', async () => {
      await page.goto('/show-card');
      await expect(page.getByRole('heading', { level: 1, name: `${owner.firstName} ${owner.lastName}` })).toBeVisible();
      await expect.poll(() => decodeQr(page)).toBe(owner.cardLink);
      await shoot(page, 'show-card-offline');
    });

    await test.step('a write says it needs a connection, is not sent and is not kept for later', async () => {
      await page.goto('/account');
      const firstName = page.getByLabel('Ad', { exact: true });
      await expect(firstName).toHaveValue(owner.firstName);
      await firstName.fill('Başkası');
      await page.getByRole('button', { name: 'Adı Kaydet' }).click();
      await expect(toast(page, WRITE_NEEDS_CONNECTION)).toBeVisible();
      await context.setOffline(false);
      // Back online, the next load shows the server's answers: the old name, nothing was sent meanwhile.
      await page.reload();
      await expect(firstName).toHaveValue(owner.firstName);
      await expect(page.getByRole('status').filter({ hasText: OFFLINE_BANNER })).toHaveCount(0);
      const me = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${owner.token}` } });
      expect(((await me.json()) as { user: { firstName: string } }).user.firstName).toBe(owner.firstName);
    });
  } finally {
    await context.close();
  }
});

for (const [device, options] of [
  ['a phone', PHONE],
  ['a desktop', { viewport: DESKTOP }],
] as const) {
  test(`on ${device}, one sign-in is enough: offline later, Kartımı Göster shows the card’s QR`, async ({
    browser,
    request,
  }) => {
    const owner = await ownerWithCard(request, 'Deniz');
    const context = await browser.newContext({ ...options, serviceWorkers: 'allow' });
    try {
      const page = await context.newPage();
      await test.step('the owner signs in once; the dashboard loads before the worker is there', async () => {
        await page.goto('/auth/login');
        await page.getByLabel('E-posta').fill(owner.email);
        await page.getByLabel('Şifre', { exact: true }).fill(owner.password);
        await page.getByRole('button', { name: 'Giriş Yap' }).click();
        await expect(page.getByRole('heading', { level: 1, name: `Hoş geldiniz, ${owner.firstName}` })).toBeVisible();
        await controlledByServiceWorker(page);
      });

      await test.step('once the worker controls the page, what the owner’s screens need is kept, without a reload', async () => {
        await expect
          .poll(async () => Object.values(await ownerCaches(page)).flat())
          .toEqual(expect.arrayContaining(['/api/auth/me', '/api/cards/my-cards', '/api/statistics/dashboard']));
      });

      await test.step('the network goes; Kartımı Göster opens with the QR of the card', async () => {
        await context.setOffline(true);
        await page.goto('/show-card');
        await expect(page.getByRole('status').filter({ hasText: OFFLINE_BANNER })).toBeVisible();
        await expect(
          page.getByRole('heading', { level: 1, name: `${owner.firstName} ${owner.lastName}` }),
        ).toBeVisible();
        await expect.poll(() => decodeQr(page)).toBe(owner.cardLink);
        await shoot(page, 'show-card-after-one-visit');
        await expectAccessible(page, 'Kartımı Göster after one visit, offline');
      });
    } finally {
      await context.close();
    }
  });
}

test('signing out clears the kept answers; the next person on the phone never sees the first one’s', async ({
  browser,
  request,
}) => {
  // Two people's whole first visits, each now kept through the worker once it controls the page (item 9 of issue 28),
  // a sign-out and an offline session: more than the default minute on a loaded 2-core host.
  test.setTimeout(120_000);
  const first = await ownerWithCard(request, 'Ayşe');
  const second = await ownerWithCard(request, 'Gökhan');
  const context = await browser.newContext({ ...PHONE, serviceWorkers: 'allow' });
  try {
    const page = await context.newPage();
    await visitOnline(page, first);

    await test.step('sign-out removes every user cache', async () => {
      await page.getByRole('button', { name: 'Menü' }).click();
      await page.getByRole('button', { name: 'Çıkış Yap' }).click();
      await expect(page).toHaveURL(/\/auth\/login/);
      await expect
        .poll(() => page.evaluate(() => caches.keys()))
        .not.toContainEqual(expect.stringContaining(OWNER_CACHE_PREFIX));
      expect(await ownerCaches(page)).toEqual({});
    });

    await test.step('the second person’s visit keeps only their own answers', async () => {
      await visitOnline(page, second);
      const kept = await ownerCaches(page);
      expect(Object.keys(kept)).toHaveLength(1);
    });

    await test.step('offline, the first person’s session on the same phone finds nothing of the second’s', async () => {
      // A token put back by hand, without signing in: the worker still answers it only from its own user's cache.
      await page.evaluate((token) => window.localStorage.setItem('token', token), first.token);
      await context.setOffline(true);
      await page.goto('/dashboard');
      await expect(page.getByRole('main')).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: OFFLINE_BANNER })).toBeVisible();
      await expect(page.getByText('Bağlantı kurulamadı; yeniden deneniyor…')).toBeVisible();
      await expect(page.getByText(second.cardId, { exact: true })).toHaveCount(0);
      await expect(page.getByText(second.firstName)).toHaveCount(0);
      await page.goto('/show-card');
      await expect(page.getByText(second.cardId, { exact: true })).toHaveCount(0);
      await expect(page.getByRole('img', { name: /kartının QR kodu/ })).toHaveCount(0);
    });
  } finally {
    await context.close();
  }
});

/**
 * A new build, honestly: the served sw.js with another revision of index.html, as `vite build` writes it when the app
 * changes. The stored compressed copies go aside meanwhile, so the server sends the changed file; all is put back.
 */
async function withNewBuild(run: () => Promise<void>): Promise<void> {
  const sw = join(DIST, 'sw.js');
  const original = readFileSync(sw, 'utf8');
  const revision = /"revision":"([0-9a-f]+)","url":"index\.html"/.exec(original)?.[1];
  expect(revision, 'dist/sw.js precaches index.html under a revision').toBeDefined();
  const compressed = ['.br', '.gz'].map((suffix) => `${sw}${suffix}`).filter((path) => existsSync(path));
  for (const path of compressed) renameSync(path, `${path}.aside`);
  writeFileSync(
    sw,
    original.replace(`"revision":"${revision ?? ''}"`, `"revision":"${randomBytes(16).toString('hex')}"`),
  );
  try {
    await run();
  } finally {
    writeFileSync(sw, original);
    for (const path of compressed) renameSync(`${path}.aside`, path);
  }
}

test('a new build is offered as ‘Yeni sürüm hazır — yenile’ and reloads into it', async ({
  page,
  request,
  account,
}) => {
  await createProfileViaApi(request, account);
  await plantToken(page, account.token);
  await page.goto('/dashboard');
  await controlledByServiceWorker(page);
  const precachedShell = () =>
    page.evaluate(async () => {
      for (const name of await caches.keys()) {
        if (!name.startsWith('workbox-precache')) continue;
        const keys = await (await caches.open(name)).keys();
        const shell = keys.find((key) => new URL(key.url).pathname === '/index.html');
        if (shell) return new URL(shell.url).searchParams.get('__WB_REVISION__');
      }
      return null;
    });
  const before = await precachedShell();
  expect(before).not.toBeNull();

  await withNewBuild(async () => {
    await test.step('the next visit finds the new build waiting, and the app says so', async () => {
      await page.reload();
      await expect(toast(page, UPDATE_READY)).toBeVisible();
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null)).toBe(
        true,
      );
    });

    await test.step('‘Yenile’ reloads into it', async () => {
      await Promise.all([
        page.waitForEvent('load'),
        toast(page, UPDATE_READY).getByRole('button', { name: 'Yenile' }).click(),
      ]);
      await expect(page.getByRole('heading', { level: 1, name: /Hoş geldiniz/ })).toBeVisible();
      await expect.poll(precachedShell).not.toBe(before);
      expect(
        await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null),
      ).toBeNull();
      await expect(toast(page, UPDATE_READY)).toHaveCount(0);
    });
  });
});

test('Kartımı Göster: accessible, and laid out for a phone and a desktop', async ({ browser, request }) => {
  const owner = await ownerWithCard(request, 'Şule');
  for (const viewport of [PHONE, { viewport: DESKTOP }]) {
    const context: BrowserContext = await browser.newContext({ ...viewport, serviceWorkers: 'allow' });
    try {
      const page = await context.newPage();
      await plantToken(page, owner.token);
      await page.goto('/show-card');
      await expect(page.getByRole('heading', { level: 1, name: `${owner.firstName} ${owner.lastName}` })).toBeVisible();
      await expect.poll(() => decodeQr(page)).toBe(owner.cardLink);
      const box = await page.getByRole('img', { name: /kartının QR kodu/ }).boundingBox();
      // Large enough to scan from a metre: most of a phone's width, and no smaller on a desktop.
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(300);
      await expect(page.getByRole('link', { name: owner.cardLink.replace(/^https?:\/\//, '') })).toBeInViewport();
      await shoot(page, 'show-card');
      await expectAccessible(page, 'Kartımı Göster');
    } finally {
      await context.close();
    }
  }
});
