import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { e2eFakeOrigins } from '../support/e2e-fake-services.ts';
import { expectAccessible } from './accessibility.ts';
import { alertWith, expect, plantToken, test } from './fixtures.ts';

/**
 * The location picker as an owner meets it: /profile → 'Haritada Göster'. The server's tiles
 * come from a loopback fake (playwright.config.ts); one journey cuts them off to force the
 * manual-coordinates fallback, the other lets the map load.
 */
const tiles = e2eFakeOrigins(Number(process.env.E2E_PORT ?? 3100));
const SCREENSHOTS = join(import.meta.dirname, '..', 'artifacts', 'screenshots');
const READOUT = /^Seçilen konum: Enlem -?\d+\.\d{6}, Boylam -?\d+\.\d{6}$/;

async function openPicker(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Haritada Göster' }).click();
  const dialog = page.getByRole('dialog', { name: 'Konum Seçimi' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function shoot(page: Page, name: string): Promise<void> {
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  await page.screenshot({ path: join(SCREENSHOTS, `${name}-${width}x${height}.png`), animations: 'disabled' });
}

async function openProfile(page: Page, token: string): Promise<void> {
  await plantToken(page, token);
  await page.goto('/profile');
  await expect(page.getByRole('button', { name: 'Haritada Göster' })).toBeVisible();
}

/** Scripts and styles the browser fetched from our own origin. */
function ourAssets(page: Page): string[] {
  const loaded: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/assets/')) loaded.push(url.pathname);
  });
  return loaded;
}

test.describe('location picker', () => {
  test('falls back to typed coordinates when map tiles cannot load, and hands back the chosen place', async ({
    page,
    context,
    account,
  }) => {
    await page.route(`${tiles.tilesOrigin}/**`, (route) => route.abort('connectionrefused'));
    await openProfile(page, account.token);
    const dialog = await openPicker(page);
    const confirm = dialog.getByRole('button', { name: 'Konumu Onayla' });
    const latitude = dialog.getByLabel('Enlem');
    const longitude = dialog.getByLabel('Boylam');

    await test.step('tile errors switch the map to latitude/longitude inputs', async () => {
      await expect(dialog.getByText('Harita yüklenemedi.', { exact: false })).toBeVisible();
      await expect(latitude).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Mevcut Konum' })).toBeVisible();
      await expect(dialog.getByTestId('location-readout')).toHaveText('Henüz bir konum seçilmedi.');
      await expect(confirm).toBeDisabled();
      await expectAccessible(page, 'location picker, map unavailable');
    });

    await test.step('letters are ignored, out-of-range numbers are named', async () => {
      await latitude.pressSequentially('abc');
      await expect(latitude).toHaveValue('');
      await latitude.fill('95');
      await longitude.fill('28.9784');
      await expect(alertWith(page, 'Enlem -90 ile 90 arasında olmalıdır')).toBeVisible();
      await expect(latitude).toHaveAttribute('aria-invalid', 'true');
      await expect(confirm).toBeDisabled();
      await expectAccessible(page, 'location picker, latitude out of range');
    });

    await test.step('two valid numbers make the location; confirming hands it to the profile', async () => {
      await latitude.fill('41.0082');
      await expect(dialog.getByTestId('location-readout')).toHaveText(
        'Seçilen konum: Enlem 41.008200, Boylam 28.978400',
      );
      await expect(confirm).toBeEnabled();
      await shoot(page, 'location-picker-fallback');
      await expectAccessible(page, 'location picker, place typed in');
      await confirm.click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('profile-coordinates')).toHaveText('41.008200, 28.978400');
    });

    await test.step('Esc closes without changing anything and gives focus back', async () => {
      const opener = page.getByRole('button', { name: 'Haritada Göster' });
      const again = await openPicker(page);
      // The picker starts from the profile's current location.
      await expect(again.getByTestId('location-readout')).toHaveText(
        'Seçilen konum: Enlem 41.008200, Boylam 28.978400',
      );
      await page.keyboard.press('Escape');
      await expect(again).toBeHidden();
      await expect(opener).toBeFocused();
      await expect(page.getByTestId('profile-coordinates')).toHaveText('41.008200, 28.978400');
    });

    await test.step('current location: refused, then allowed', async () => {
      const picker = await openPicker(page);
      await picker.getByRole('button', { name: 'Mevcut Konum' }).click();
      await expect(alertWith(page, 'Konum alınamadı. Lütfen tarayıcı izinlerini kontrol edin')).toBeVisible();

      await context.grantPermissions(['geolocation']);
      await context.setGeolocation({ latitude: 38.4237, longitude: 27.1428 });
      await picker.getByRole('button', { name: 'Mevcut Konum' }).click();
      await expect(picker.getByRole('status').filter({ hasText: 'Mevcut konum kullanıldı' })).toBeVisible();
      await expect(picker.getByTestId('location-readout')).toHaveText(
        'Seçilen konum: Enlem 38.423700, Boylam 27.142800',
      );
      await expect(picker.getByLabel('Enlem')).toHaveValue('38.423700');
      await picker.getByRole('button', { name: 'İptal' }).click();
      await expect(picker).toBeHidden();
      await expect(page.getByTestId('profile-coordinates')).toHaveText('41.008200, 28.978400');
    });
  });

  test('with tiles available the map loads, a click places the marker, and the readout shows 6 decimals', async ({
    page,
    account,
  }) => {
    const assets = ourAssets(page);
    await openProfile(page, account.token);
    // The map library is not part of the profile screen's download.
    const beforeOpening = assets.length;
    expect(assets.some((path) => path.includes('map-view'))).toBe(false);

    const dialog = await openPicker(page);
    const map = dialog.getByRole('application', { name: 'Konum seçim haritası' });

    await test.step('loading, then the map with its attribution', async () => {
      await expect(dialog.getByText('Harita yükleniyor...')).toBeHidden();
      await expect(map.locator('canvas').first()).toBeVisible();
      await expect(dialog.getByRole('link', { name: '© OpenStreetMap katkıda bulunanlar' })).toBeVisible();
      await expect(dialog.getByLabel('Enlem')).toBeHidden();
      expect(assets.slice(beforeOpening).some((path) => /map-view.*\.js$/.test(path))).toBe(true);
    });

    await test.step('a click on the map places the marker near Ankara', async () => {
      await expect(dialog.getByRole('button', { name: 'Konumu Onayla' })).toBeDisabled();
      const box = await map.boundingBox();
      if (!box) throw new Error('map has no size');
      expect(Math.round(box.height)).toBe(400);
      await page.mouse.click(box.x + box.width * 0.7, box.y + box.height * 0.3);
      const readout = dialog.getByTestId('location-readout');
      await expect(readout).toHaveText(READOUT);
      await shoot(page, 'location-picker-map');
      await expectAccessible(page, 'location picker, map with a marker');
      const [lat = 0, lng = 0] = ((await readout.textContent()) ?? '').match(/-?\d+\.\d{6}/g)?.map(Number) ?? [];
      // North-east of the default centre (39.9334, 32.8597), within the zoom-14 view.
      expect(lat).toBeGreaterThan(39.9334);
      expect(lat).toBeLessThan(39.96);
      expect(lng).toBeGreaterThan(32.8597);
      expect(lng).toBeLessThan(32.9);
    });

    await test.step('confirming stores it on the profile form', async () => {
      const text = (await dialog.getByTestId('location-readout').textContent()) ?? '';
      const [lat, lng] = text.match(/-?\d+\.\d{6}/g) ?? [];
      await dialog.getByRole('button', { name: 'Konumu Onayla' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('profile-coordinates')).toHaveText(`${lat}, ${lng}`);
    });
  });
});
