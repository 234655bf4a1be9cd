import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectAccessible } from './accessibility.ts';
import { alertWith, expect, plantToken, storedToken, test, toast } from './fixtures.ts';

const SCREENSHOT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');
const DESKTOP = { width: 1280, height: 800 } as const;
const PHONE = { width: 390, height: 844 } as const;

interface Exported {
  beniOku: string;
  hesap: { email: string; firstName: string; lastName: string; leadAlerts: boolean };
  kartlar: unknown[];
  baglantilar: unknown[];
}

test('account settings: rename, change the password, turn lead alerts off and download my data', async ({
  page,
  request,
  account,
}) => {
  await page.setViewportSize(DESKTOP);
  await plantToken(page, account.token);
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Panel bölümleri' });

  await test.step('Hesap Ayarları is in the sidebar under GENEL and opens /account', async () => {
    await nav.getByRole('link', { name: 'Hesap Ayarları' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Hesap Ayarları' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Hesap Ayarları' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByLabel('Ad', { exact: true })).toHaveValue(account.firstName);
    await expect(
      page.getByRole('switch', { name: 'Biri bilgilerini paylaştığında e-posta ile haber ver' }),
    ).toBeChecked();
    await expectAccessible(page, '/account');
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'account-settings-1280x800.png'), fullPage: true });
  });

  await test.step('rename: a digit is refused, the new name shows in the sidebar and after a reload', async () => {
    await page.getByLabel('Ad', { exact: true }).fill('Gülşen2');
    await page.getByRole('button', { name: 'Adı Kaydet' }).click();
    await expect(alertWith(page, 'Ad ve soyad yalnızca harf')).toBeVisible();
    await page.getByLabel('Ad', { exact: true }).fill('Gülşen');
    await page.getByLabel('Soyad', { exact: true }).fill('Şahin');
    await page.getByRole('button', { name: 'Adı Kaydet' }).click();
    await expect(toast(page, 'Adınız güncellendi')).toBeVisible();
    await expect(page.locator('.sidebar__name')).toHaveText('Gülşen');
    await page.reload();
    await expect(page.getByLabel('Soyad', { exact: true })).toHaveValue('Şahin');
  });

  const newPassword = 'yepyeni-şifre-7';
  await test.step('change password: mismatch and a wrong current password are told; then the old one fails', async () => {
    await page.getByLabel('Mevcut şifre', { exact: true }).fill(account.password);
    await page.getByLabel('Yeni şifre', { exact: true }).fill(newPassword);
    await page.getByLabel('Yeni şifre (tekrar)', { exact: true }).fill('baska-sifre-7');
    await page.getByRole('button', { name: 'Şifreyi Değiştir' }).click();
    await expect(alertWith(page, 'Şifreler eşleşmiyor')).toBeVisible();
    await page.getByLabel('Mevcut şifre', { exact: true }).fill('yanlis-sifre-1');
    await page.getByLabel('Yeni şifre (tekrar)', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Şifreyi Değiştir' }).click();
    await expect(alertWith(page, 'Mevcut şifre hatalı')).toBeVisible();
    await expectAccessible(page, '/account, wrong current password');
    await page.getByLabel('Mevcut şifre', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Şifreyi Değiştir' }).click();
    await expect(toast(page, 'Şifre başarıyla değiştirildi!')).toBeVisible();
    await expect(page.getByLabel('Mevcut şifre', { exact: true })).toHaveValue('');

    // This browser keeps its session with the fresh token; the session signed in before (elsewhere) ends.
    const token = await storedToken(page);
    expect(token).not.toBe(account.token);
    expect((await request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);
    expect(
      (await request.get('/api/auth/me', { headers: { authorization: `Bearer ${account.token}` } })).status(),
    ).toBe(401);
    const login = (password: string) => request.post('/api/auth/login', { data: { email: account.email, password } });
    expect((await login(account.password)).status()).toBe(401);
    expect((await login(newPassword)).status()).toBe(200);
  });

  await test.step('lead alerts: switched off, and still off after a reload', async () => {
    const alerts = page.getByRole('switch', { name: 'Biri bilgilerini paylaştığında e-posta ile haber ver' });
    await alerts.click();
    await expect(toast(page, 'Biri bilgilerini paylaştığında artık e-posta göndermeyeceğiz')).toBeVisible();
    await expect(alerts).not.toBeChecked();
    await page.reload();
    await expect(
      page.getByRole('switch', { name: 'Biri bilgilerini paylaştığında e-posta ile haber ver' }),
    ).not.toBeChecked();
  });

  await test.step('download my data: one dated JSON file with my account as it is now and no password', async () => {
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Verilerimin Kopyasını İndir' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^kartvizit-verilerim-\d{4}-\d{2}-\d{2}\.json$/);
    const text = await readFile((await download.path()) ?? '', 'utf8');
    const data = JSON.parse(text) as Exported;
    expect(data.beniOku).toContain('KVKK');
    expect(data.hesap).toMatchObject({
      email: account.email,
      firstName: 'Gülşen',
      lastName: 'Şahin',
      leadAlerts: false,
    });
    expect(data.kartlar).toEqual([]);
    expect(data.baglantilar).toEqual([]);
    for (const secret of [account.password, newPassword, account.token, (await storedToken(page)) ?? '']) {
      expect(text).not.toContain(secret);
    }
    await expect(toast(page, 'Verilerinizin kopyası indirildi')).toBeVisible();
  });

  await test.step('on a phone', async () => {
    await page.setViewportSize(PHONE);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Hesap Ayarları' })).toBeVisible();
    await expectAccessible(page, '/account, phone');
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'account-settings-390x844.png'), fullPage: true });
  });
});
