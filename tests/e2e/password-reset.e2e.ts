import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectAccessible } from './accessibility.ts';
import { expect, registerViaApi, storedToken, test, toast } from './fixtures.ts';
import { newestMail } from './mailbox.ts';

const SCREENSHOT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');
const PHONE = { width: 390, height: 844 } as const;

test('forgot password: ask for a link, open the e-mail, set a new password, and be signed in', async ({
  page,
  request,
}) => {
  const account = await registerViaApi(request, { firstName: 'Gülşen' });
  await page.setViewportSize(PHONE);

  await test.step('ask for a link from the sign-in screen', async () => {
    await page.goto('/auth/login');
    await page.getByRole('link', { name: 'Şifremi unuttum' }).click();
    await page.getByRole('button', { name: 'Sıfırlama Bağlantısı Gönder' }).click();
    await expect(page.getByText('Lütfen tüm alanları doldurun')).toBeVisible();
    await page.getByLabel('E-posta').fill(account.email.toUpperCase());
    await page.getByRole('button', { name: 'Sıfırlama Bağlantısı Gönder' }).click();
    await expect(page.getByRole('heading', { name: 'E-postanızı kontrol edin' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: account.email })).toContainText('30 dakika geçerlidir');
    await expectAccessible(page, 'forgot password, sent');
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'password-reset-sent-390x844.png'), fullPage: true });
  });

  const mail = await newestMail(account.email, 'Şifre sıfırlama bağlantınız');
  const link = /https?:\/\/\S+\/auth\/reset-password\?token=\S+/.exec(mail?.text ?? '')?.[0] ?? '';
  expect(link).not.toBe('');
  expect(mail?.text).toContain('Merhaba Gülşen,');

  await test.step('open the link and set a new password', async () => {
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Yeni Şifre Belirle' })).toBeVisible();
    await page.getByLabel('Yeni Şifre', { exact: true }).fill('yepyeni-şifre-9');
    await page.getByLabel('Yeni Şifre Tekrar', { exact: true }).fill('baska-sifre-9');
    await page.getByRole('button', { name: 'Şifreyi Kaydet ve Giriş Yap' }).click();
    await expect(page.getByText('Şifreler eşleşmiyor')).toBeVisible();
    await expectAccessible(page, 'reset password, mismatch');
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'password-reset-form-390x844.png'), fullPage: true });
    await page.getByLabel('Yeni Şifre Tekrar', { exact: true }).fill('yepyeni-şifre-9');
    await page.getByRole('button', { name: 'Şifreyi Kaydet ve Giriş Yap' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(toast(page, 'Şifreniz yenilendi, giriş yaptınız.')).toBeVisible();
    expect(await storedToken(page)).not.toBeNull();
  });

  await test.step('the old password no longer signs in, the new one does, and the link is spent', async () => {
    expect(
      (await request.post('/api/auth/login', { data: { email: account.email, password: account.password } })).status(),
    ).toBe(401);
    expect(
      (await request.post('/api/auth/login', { data: { email: account.email, password: 'yepyeni-şifre-9' } })).status(),
    ).toBe(200);
    expect((await newestMail(account.email, 'Şifreniz değiştirildi'))?.text ?? '').toContain('yenilendi');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(link);
    await page.getByLabel('Yeni Şifre', { exact: true }).fill('ucuncu-sifre-9');
    await page.getByLabel('Yeni Şifre Tekrar', { exact: true }).fill('ucuncu-sifre-9');
    await page.getByRole('button', { name: 'Şifreyi Kaydet ve Giriş Yap' }).click();
    await expect(page.getByRole('heading', { name: 'Bağlantı geçersiz' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('geçersiz ya da süresi dolmuş');
    await expectAccessible(page, 'reset password, spent link');
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'password-reset-spent-1280x800.png'), fullPage: true });
    await page.getByRole('link', { name: 'Yeni Bağlantı İste' }).click();
    await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  });
});
