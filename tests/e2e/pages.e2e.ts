import { expectAccessible } from './accessibility.ts';
import { DESKTOP, expect, plantToken, test, TEXT } from './fixtures.ts';

const HEADER_LINKS = ['/features', '/pricing', '/about', '/auth/login', '/auth/register'];
const FOOTER_LINKS = ['/features', '/pricing', '/faq', '/about', '/blog', '/contact', '/privacy', '/terms'];

test.describe('public pages', () => {
  test('the landing page renders everything from our own server', async ({ page, baseURL }) => {
    const foreign: string[] = [];
    const ownHost = new URL(baseURL ?? 'http://127.0.0.1').host;
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol === 'data:' || url.protocol === 'blob:') return;
      if (url.host !== ownHost) foreign.push(request.url());
    });

    await test.step('hero, header and calls to action', async () => {
      await page.goto('/');
      await expect(page).toHaveTitle(/Dijital Kartvizit/);
      await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const header = page.locator('header').first();
      for (const href of HEADER_LINKS) {
        await expect(header.locator(`a[href="${href}"]`).first()).toBeAttached();
      }
      await expect(page.getByRole('link', { name: 'Ücretsiz Kayıt Ol' })).toHaveAttribute('href', '/auth/register');
      await expect(page.getByRole('link', { name: 'Demoyu İncele' })).toHaveAttribute('href', '/demo');
    });

    await test.step('the sample card: NFC/QR badge, lira prices and the sample card’s own QR code, drawn by our server', async () => {
      const card = page.getByRole('figure', { name: 'Örnek dijital kartvizit' });
      await expect(card.getByText('NFC / QR')).toBeVisible();
      await expect(card.getByText(/₺\d{1,3}(\.\d{3})*,\d{2}/).first()).toBeVisible();
      const qr = card.getByRole('img', { name: 'Örnek kartın QR kodu' });
      await expect(qr).toBeVisible();
      expect(await qr.getAttribute('src')).toBe('/api/cards/DEMO/qr.svg');
    });

    await test.step('phone mock-up, six features, three steps, footer', async () => {
      await expect(page.getByRole('figure', { name: /Telefonda açılan örnek/ })).toBeVisible();
      for (const title of [
        'NFC & QR paylaşım',
        'Etkileşim analitiği',
        'Güvenli profil yönetimi',
        'Özelleştirilebilir tasarım',
        'Anında paylaşım',
        'Çevre dostu',
      ]) {
        await expect(page.getByRole('heading', { level: 3, name: title })).toBeVisible();
      }
      await expect(page.locator('.steps__list > li')).toHaveCount(3);
      const footer = page.locator('footer');
      for (const href of FOOTER_LINKS) {
        await expect(footer.locator(`a[href="${href}"]`)).toBeVisible();
      }
      await expect(footer.getByText('© 2025 Dijital Kartvizit')).toBeVisible();
      await expectAccessible(page, 'landing');
    });

    await test.step('nothing was requested from another host', async () => {
      await page.waitForLoadState('networkidle');
      expect(foreign).toEqual([]);
    });
  });

  test('every page the landing links to exists', async ({ page }) => {
    for (const path of [...new Set([...FOOTER_LINKS, '/demo'])]) {
      await test.step(path, async () => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByText('Sayfa Bulunamadı')).toHaveCount(0);
        await expectAccessible(page, path);
      });
    }
  });

  test('on a phone the landing header folds its links behind a menu button', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Menü' });
    const menu = page.getByRole('navigation', { name: 'Ana menü' });
    await expect(page.getByRole('link', { name: 'Giriş Yap' })).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(menu.getByRole('link', { name: 'Fiyatlandırma' })).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expectAccessible(page, 'landing on a phone, menu open');
    await menu.getByRole('link', { name: 'Fiyatlandırma' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Fiyatlandırma' })).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('short and partial sign-in addresses lead to the sign-in page', async ({ page }) => {
    for (const path of ['/login', '/auth']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/auth\/login$/);
    }
    await page.goto('/register');
    await expect(page).toHaveURL(/\/auth\/register$/);
  });

  test('an unknown address shows the 404 page with a way home, and answers 404', async ({ page }) => {
    for (const viewport of [{ width: 390, height: 844 }, DESKTOP]) {
      await page.setViewportSize(viewport);
      const unknown = await page.goto('/boyle-bir-sayfa-yok');
      expect(unknown?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Sayfa Bulunamadı' })).toBeVisible();
      await expectAccessible(page, `404 at ${viewport.width}`);
      // An address of the app itself answers 200 (the server knows the router's list).
      expect((await page.goto('/pricing'))?.status()).toBe(200);
    }
    await page.goto('/boyle-bir-sayfa-yok');
    await expect(page.getByRole('heading', { level: 1, name: 'Sayfa Bulunamadı' })).toBeVisible();
    await expect(page.getByText('Aradığınız sayfa bulunamadı veya taşınmış olabilir.')).toBeVisible();
    await expectAccessible(page, '404');
    await page.getByRole('link', { name: 'Ana Sayfaya Dön' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

// `built`: the section has its real screen; the others still say honestly that they are coming.
const SECTIONS = [
  { path: '/profile', label: 'Profil Ayarları', built: true },
  { path: '/cards', label: 'Kartlarım', built: true },
  { path: '/products', label: 'Ürün Kataloğu', built: true },
  { path: '/stats', label: 'İstatistikler', built: true },
  { path: '/leads', label: 'Bağlantılar', built: true },
  { path: '/activate', label: 'Kart Aktivasyonu', built: true },
  { path: '/rems-integration', label: 'REMS Entegrasyonu', built: true },
] as const;

test.describe('signed-in area', () => {
  test('sidebar sections open their pages and mark the current one', async ({ page, account }) => {
    await plantToken(page, account.token);
    await page.goto('/dashboard');
    const nav = page.getByRole('navigation', { name: 'Panel bölümleri' });

    await test.step('dashboard: zero tiles and an empty card list linking to activation', async () => {
      await expect(nav.getByRole('link', { name: 'Ana Sayfa' })).toHaveAttribute('aria-current', 'page');
      for (const label of ['Toplam Ziyaret', 'Tekil Ziyaretçi', 'Tıklamalar', 'Son Ziyaret']) {
        await expect(page.getByText(label, { exact: true })).toBeVisible();
      }
      await expect(page.getByRole('link', { name: 'Kart Aktifleştir' })).toHaveAttribute('href', '/activate');
      await expect(page.getByText(account.email)).toBeVisible();
      await expectAccessible(page, 'dashboard, new owner');
    });

    for (const section of SECTIONS) {
      await test.step(section.label, async () => {
        await nav.getByRole('link', { name: section.label }).click();
        await expect(page).toHaveURL(new RegExp(`${section.path}$`));
        await expect(page.getByRole('heading', { level: 1, name: section.label })).toBeVisible();
        if (section.built) await expect(page.getByText(TEXT.comingSoon)).toBeHidden();
        else await expect(page.getByText(TEXT.comingSoon)).toBeVisible();
        await expect(nav.getByRole('link', { name: section.label })).toHaveAttribute('aria-current', 'page');
        await expectAccessible(page, `${section.path}, new owner`);
      });
    }

    await test.step('a card’s page keeps “Kartlarım” current', async () => {
      await page.goto('/cards/NFC-0001');
      await expect(page.getByRole('heading', { level: 1, name: 'Kart Detayları' })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Kartlarım' })).toHaveAttribute('aria-current', 'page');
      await expectAccessible(page, 'card page, unknown card');
    });
  });

  test('on a phone the sidebar folds behind a menu button', async ({ page, account }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await plantToken(page, account.token);
    await page.goto('/dashboard');
    const toggle = page.getByRole('button', { name: 'Menü' });
    const nav = page.getByRole('navigation', { name: 'Panel bölümleri' });

    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Kartlarım' })).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expectAccessible(page, 'dashboard on a phone, menu open');
    await nav.getByRole('link', { name: 'Kartlarım' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Kartlarım' })).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Kartlarım' })).toBeHidden();
  });
});
