import { expectAccessible } from './accessibility.ts';
import { alertWith, expect, registerViaApi, storedToken, test, TEXT, toast, uniqueEmail } from './fixtures.ts';

test.describe('sign-up and sign-in', () => {
  test('registering checks the fields in order, then signs in and keeps the session', async ({ page }) => {
    const email = uniqueEmail('kayit');
    const password = 'gizli-sifre-1';
    const submit = page.getByRole('button', { name: 'Kayıt Ol', exact: true });

    await test.step('empty form: fill-all message', async () => {
      await page.goto('/auth/register');
      await expect(page.getByRole('heading', { name: 'Kayıt Ol' })).toBeVisible();
      await expectAccessible(page, 'register');
      await submit.click();
      await expect(alertWith(page, TEXT.fillAll)).toBeVisible();
      await expectAccessible(page, 'register, fields missing');
    });

    await test.step('short password, then mismatch, then bad e-mail', async () => {
      await page.getByLabel('Ad', { exact: true }).fill('Ayşe');
      await page.getByLabel('Soyad', { exact: true }).fill('Yılmaz');
      await page.getByLabel('E-posta').fill('ayse-at-example');
      await page.getByLabel('Şifre', { exact: true }).fill('12345');
      await page.getByLabel('Şifre Tekrar', { exact: true }).fill('12345');
      await submit.click();
      await expect(alertWith(page, TEXT.passwordShort)).toBeVisible();

      await page.getByLabel('Şifre', { exact: true }).fill(password);
      await page.getByLabel('Şifre Tekrar', { exact: true }).fill('gizli-sifre-2');
      await submit.click();
      await expect(alertWith(page, TEXT.passwordsDiffer)).toBeVisible();

      await page.getByLabel('Şifre Tekrar', { exact: true }).fill(password);
      await submit.click();
      await expect(alertWith(page, TEXT.invalidEmail)).toBeVisible();
      await expect(page.getByLabel('E-posta')).toHaveAttribute('aria-invalid', 'true');
      await expectAccessible(page, 'register, e-mail refused');
    });

    await test.step('valid form: button busy, toast, dashboard greets by first name', async () => {
      // Slow the real request down so the busy state can be seen; the server still answers it.
      await page.route('**/api/auth/register', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 600));
        await route.continue();
      });
      await page.getByLabel('E-posta').fill(email);
      await submit.click();
      await expect(page.getByRole('button', { name: 'Kayıt Yapılıyor...' })).toBeDisabled();
      await expect(toast(page, TEXT.registered)).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hoş geldiniz, Ayşe');
      await expect(page.getByText(email)).toBeVisible();
      expect(await storedToken(page)).toBeTruthy();
      await expectAccessible(page, 'dashboard after registering');
      await page.unroute('**/api/auth/register');
    });

    await test.step('reload keeps the session', async () => {
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hoş geldiniz, Ayşe');
    });

    await test.step('signed in, the sign-in page sends to the dashboard', async () => {
      await page.goto('/auth/login');
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.goto('/auth/register');
      await expect(page).toHaveURL(/\/dashboard$/);
    });

    await test.step('logout goes to sign-in and forgets the token', async () => {
      await page.getByRole('button', { name: 'Çıkış Yap' }).click();
      await expect(page).toHaveURL(/\/auth\/login$/);
      expect(await storedToken(page)).toBeNull();
      await expectAccessible(page, 'sign-in');
    });

    await test.step('signing in again (busy button, toast) lands on the dashboard', async () => {
      await page.route('**/api/auth/login', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 600));
        await route.continue();
      });
      await page.getByLabel('E-posta').fill(email);
      await page.getByLabel('Şifre', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Giriş Yapılıyor...' })).toBeDisabled();
      await expect(toast(page, TEXT.signedIn)).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hoş geldiniz, Ayşe');
      await page.unroute('**/api/auth/login');
    });

    await test.step('signed out, a protected page sends to sign-in and sign-in returns there', async () => {
      await page.getByRole('button', { name: 'Çıkış Yap' }).click();
      await expect(page).toHaveURL(/\/auth\/login$/);
      await page.goto('/stats');
      await expect(page).toHaveURL(/\/auth\/login$/);
      await page.getByLabel('E-posta').fill(email);
      await page.getByLabel('Şifre', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
      await expect(page).toHaveURL(/\/stats$/);
      await expect(page.getByRole('heading', { level: 1, name: 'İstatistikler' })).toBeVisible();
    });
  });

  test('the server’s messages: taken e-mail in other letter case, wrong password', async ({ page, request }) => {
    const local = `irmak-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const existing = await registerViaApi(request, { email: `${local}@example.com` });

    await test.step('registering the same address in capitals is refused', async () => {
      await page.goto('/auth/register');
      await page.getByLabel('Ad', { exact: true }).fill('Işıl');
      await page.getByLabel('Soyad', { exact: true }).fill('Güneş');
      // Upper-case I must fold to i (not ı) on the server whatever its locale.
      await page.getByLabel('E-posta').fill(`${local.toUpperCase()}@EXAMPLE.COM`);
      await page.getByLabel('Şifre', { exact: true }).fill('baska-sifre-1');
      await page.getByLabel('Şifre Tekrar', { exact: true }).fill('baska-sifre-1');
      await page.getByRole('button', { name: 'Kayıt Ol', exact: true }).click();
      await expect(alertWith(page, TEXT.emailTaken)).toBeVisible();
      await expect(page).toHaveURL(/\/auth\/register$/);
      expect(await storedToken(page)).toBeNull();
    });

    await test.step('sign-in validation and a wrong password', async () => {
      await page.getByRole('link', { name: 'Giriş yapın' }).click();
      await expect(page).toHaveURL(/\/auth\/login$/);
      await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
      await expect(alertWith(page, TEXT.fillAll)).toBeVisible();

      await page.getByLabel('E-posta').fill(existing.email);
      await page.getByLabel('Şifre', { exact: true }).fill('yanlis-sifre');
      await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
      await expect(alertWith(page, TEXT.badCredentials)).toBeVisible();
      await expect(toast(page, TEXT.badCredentials)).toBeVisible();
      await expectAccessible(page, 'sign-in, wrong password');
      // A refused sign-in is not an ended session.
      await expect(toast(page, TEXT.sessionEnded)).toHaveCount(0);
      await expect(page).toHaveURL(/\/auth\/login$/);
    });

    await test.step('the forgotten-password link leads to the reset form and back', async () => {
      await page.getByRole('link', { name: 'Şifremi unuttum' }).click();
      await expect(page).toHaveURL(/\/auth\/forgot-password$/);
      await expect(page.getByRole('button', { name: 'Sıfırlama Bağlantısı Gönder' })).toBeVisible();
      await expectAccessible(page, 'forgot password');
      await page.getByRole('link', { name: 'Giriş yapın' }).click();
      await expect(page).toHaveURL(/\/auth\/login$/);
    });
  });
});
