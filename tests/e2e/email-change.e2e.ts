import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectAccessible } from './accessibility.ts';
import { alertWith, expect, plantToken, registerViaApi, storedToken, test, toast, uniqueEmail } from './fixtures.ts';
import { newestMail } from './mailbox.ts';

const SCREENSHOT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');
const DESKTOP = { width: 1280, height: 800 } as const;
const PHONE = { width: 390, height: 844 } as const;

test('e-mail change: ask on /account, open the link sent to the new address on another device, confirm, and sign in with the new address', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const account = await registerViaApi(request, { firstName: 'Gülşen' });
  const newEmail = uniqueEmail('yeni-adres');
  await page.setViewportSize(DESKTOP);
  await plantToken(page, account.token);
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'E-posta Adresi' });

  await test.step('the section shows the current address; empty and wrong-password asks are told', async () => {
    await expect(section).toContainText(account.email);
    await section.getByRole('button', { name: 'Onay Bağlantısı Gönder' }).click();
    await expect(section.getByText('Yeni e-posta adresinizi ve mevcut şifrenizi girin')).toBeVisible();
    await expect(section.getByLabel('Yeni e-posta adresi')).toBeFocused();
    await section.getByLabel('Yeni e-posta adresi').fill(newEmail.toUpperCase());
    await section.getByLabel('Mevcut şifreniz', { exact: true }).fill('yanlis-sifre-1');
    await section.getByRole('button', { name: 'Onay Bağlantısı Gönder' }).click();
    await expect(alertWith(page, 'Mevcut şifre hatalı')).toBeVisible();
    await expect(section.getByLabel('Mevcut şifreniz', { exact: true })).toBeFocused();
  });

  await test.step('with the right password, a status line says the link went to the new address', async () => {
    await section.getByLabel('Mevcut şifreniz', { exact: true }).fill(account.password);
    await section.getByRole('button', { name: 'Onay Bağlantısı Gönder' }).click();
    const status = section.getByRole('status');
    await expect(status).toContainText(`Onay bağlantısını ${newEmail} adresine gönderdik`);
    await expect(status).toContainText('onayladığınızda değişecek');
    // Nothing changed yet: the current address is still the old one
    await expect(section).toContainText(account.email);
    await expectAccessible(page, '/account, e-mail change sent');
    await section.screenshot({ path: join(SCREENSHOT_DIR, 'email-change-section-1280x800.png') });
    await page.setViewportSize(PHONE);
    await section.screenshot({ path: join(SCREENSHOT_DIR, 'email-change-section-390x844.png') });
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'email-change-account-390x844.png'), fullPage: true });
  });

  const mail = await newestMail(newEmail, 'Yeni e-posta adresinizi onaylayın');
  expect(mail?.text).toContain('Merhaba Gülşen,');
  const link = /https?:\/\/\S+\/account\/confirm-email\?token=\S+/.exec(mail?.text ?? '')?.[0] ?? '';
  expect(link).not.toBe('');

  // Another device, signed out: the person opens the e-mail on their phone
  const phone = await browser.newContext({ baseURL, viewport: PHONE, locale: 'tr-TR', timezoneId: 'Europe/Istanbul' });
  const other = await phone.newPage();

  await test.step('opening the link changes nothing until the button is pressed', async () => {
    await other.goto(link);
    await expect(other.getByRole('heading', { name: 'Yeni E-posta Adresinizi Onaylayın' })).toBeVisible();
    expect(
      (await request.post('/api/auth/login', { data: { email: newEmail, password: account.password } })).status(),
    ).toBe(401);
    await expectAccessible(other, 'confirm e-mail');
    await other.screenshot({ path: join(SCREENSHOT_DIR, 'email-change-confirm-390x844.png'), fullPage: true });
    await other.setViewportSize(DESKTOP);
    await other.screenshot({ path: join(SCREENSHOT_DIR, 'email-change-confirm-1280x800.png'), fullPage: true });
  });

  await test.step('confirming signs this device in and shows /account with the new address', async () => {
    await other.getByRole('button', { name: 'E-posta Adresimi Onayla' }).click();
    await expect(other).toHaveURL(/\/account$/);
    await expect(toast(other, 'E-posta adresiniz değiştirildi')).toBeVisible();
    await expect(other.getByRole('region', { name: 'E-posta Adresi' })).toContainText(newEmail);
    expect(await storedToken(other)).not.toBeNull();
    await other.screenshot({ path: join(SCREENSHOT_DIR, 'email-change-confirmed-1280x800.png') });
  });

  await test.step('the first device was signed out; the old address no longer signs in', async () => {
    await page.reload();
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(
      (await request.post('/api/auth/login', { data: { email: account.email, password: account.password } })).status(),
    ).toBe(401);
    expect((await newestMail(account.email, 'E-posta adresiniz değiştirildi'))?.text ?? '').toContain(newEmail);
  });

  await test.step('signed out, the new address signs in and /account shows it', async () => {
    await other.getByRole('button', { name: 'Çıkış Yap' }).click();
    await expect(other).toHaveURL(/\/auth\/login$/);
    await other.getByLabel('E-posta').fill(newEmail);
    await other.getByLabel('Şifre', { exact: true }).fill(account.password);
    await other.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
    // Sign-in returns to the page the person signed out from
    await expect(other).toHaveURL(/\/account$/);
    await expect(other.getByRole('region', { name: 'E-posta Adresi' })).toContainText(newEmail);
  });

  await test.step('the spent link says so and offers to ask again', async () => {
    await other.goto(link);
    await other.getByRole('button', { name: 'E-posta Adresimi Onayla' }).click();
    await expect(other.getByRole('heading', { name: 'Bağlantı geçersiz' })).toBeVisible();
    await expect(other.getByRole('alert')).toContainText('geçersiz ya da süresi dolmuş');
    await expectAccessible(other, 'confirm e-mail, spent link');
    await other.screenshot({ path: join(SCREENSHOT_DIR, 'email-change-spent-1280x800.png'), fullPage: true });
    await other.getByRole('link', { name: 'Yeni Bağlantı İste' }).click();
    await expect(other).toHaveURL(/\/account$/);
  });
  await phone.close();
});
