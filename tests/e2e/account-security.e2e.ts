import { generate } from 'otplib';
import type { Page } from '@playwright/test';
import { expectAccessible } from './accessibility.ts';
import { join } from 'node:path';
import { SCREENSHOT_DIR } from './screens.ts';
import { DESKTOP, expect, plantToken, registerViaApi, storedToken, test, TEXT, toast } from './fixtures.ts';

/**
 * Issue 34 as an owner lives it: a passkey registered on /account and used to sign in without typing anything
 * (Chromium's virtual authenticator), two-step sign-in set up from the QR's secret and used with a code and then with a
 * recovery code, and a session ended from another browser. Phone and desktop, axe on every screen.
 */

const PHONE = { width: 390, height: 844 } as const;

/** The code an authenticator app shows for this secret now, or a step ahead (the server allows one step of drift). */
const codeFor = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * stepsAhead });

async function signInWithPassword(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('E-posta').fill(email);
  await page.getByLabel('Şifre', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
}

/** Signed in: away from the sign-in screens (back on the page signed out from), with a session token. */
async function expectSignedIn(page: Page): Promise<void> {
  await expect(page).not.toHaveURL(/\/auth\//);
  await expect(page.getByRole('button', { name: 'Menü' }).or(page.getByRole('button', { name: 'Çıkış Yap' }))).toBeVisible();
  expect(await storedToken(page)).toBeTruthy();
}

/** 'Çıkış Yap' at the foot of the menu (on a phone, the menu opens first). */
async function signOut(page: Page): Promise<void> {
  const menu = page.getByRole('button', { name: 'Menü' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('button', { name: 'Çıkış Yap' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
}

test('a passkey: registered on /account, then signing in with it alone', async ({ browser, request }) => {
  // A loopback IP address cannot be a WebAuthn relying party: the product binds passkeys to localhost (decision 65).
  const origin = test.info().project.use.baseURL?.replace('127.0.0.1', 'localhost') ?? '';
  const context = await browser.newContext({ baseURL: origin, viewport: DESKTOP, locale: 'tr-TR' });
  const page = await context.newPage();
  const client = await context.newCDPSession(page);
  await client.send('WebAuthn.enable');
  await client.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const account = await registerViaApi(request);

  await test.step('add a passkey named by the owner', async () => {
    await plantToken(page, account.token);
    await page.goto('/account#guvenlik');
    const section = page.locator('#guvenlik');
    await expect(section.getByText('Henüz geçiş anahtarı eklemediniz.')).toBeVisible();
    await section.getByLabel('Geçiş anahtarının adı').fill('İş bilgisayarı');
    await section.getByRole('button', { name: 'Geçiş Anahtarı Ekle' }).click();
    await expect(toast(page, 'Geçiş anahtarı eklendi')).toBeVisible();
    await expect(section.getByRole('button', { name: /^Kaldır\s*:\s*İş bilgisayarı$/ })).toBeVisible();
    await expect(section.getByText('Henüz kullanılmadı')).toBeVisible();
    await expectAccessible(page, '/account security with a passkey (desktop)');
  });

  await test.step('sign out, then sign in with the passkey without typing anything', async () => {
    await signOut(page);
    expect(await storedToken(page)).toBeNull();
    await expectAccessible(page, 'sign-in with the passkey button (desktop)');
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'sign-in-passkey-1280x800.png') });
    await page.getByRole('button', { name: 'Geçiş anahtarı ile giriş' }).click();
    await expectSignedIn(page);
  });

  await test.step('the session says it was a passkey, and the passkey was used', async () => {
    await page.goto('/account#guvenlik');
    const section = page.locator('#guvenlik');
    await expect(section.getByText('Geçiş anahtarı', { exact: false }).first()).toBeVisible();
    await expect(section.getByText('Henüz kullanılmadı')).toHaveCount(0);
  });

  await test.step('remove it: the passkey button then finds no account', async () => {
    const section = page.locator('#guvenlik');
    await section.getByRole('button', { name: /^Kaldır\s*:\s*İş bilgisayarı$/ }).click();
    await page.getByRole('button', { name: 'Geçiş Anahtarını Kaldır' }).click();
    await expect(toast(page, 'Geçiş anahtarı kaldırıldı')).toBeVisible();
    await expect(section.getByText('Henüz geçiş anahtarı eklemediniz.')).toBeVisible();
    await signOut(page);
    await page.getByRole('button', { name: 'Geçiş anahtarı ile giriş' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Geçiş anahtarıyla giriş yapılamadı' }).first()).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login$/);
  });
  await context.close();
});

test('two-step sign-in: set up from the QR, then a code, then a recovery code', async ({ page, account, request }) => {
  await page.setViewportSize(PHONE);
  let secret = '';
  let recoveryCodes: string[] = [];

  await test.step('turn it on: the secret beside the QR, confirmed by a code, ten recovery codes shown once', async () => {
    await plantToken(page, account.token);
    await page.goto('/account#guvenlik');
    const section = page.locator('#guvenlik');
    await expectAccessible(page, '/account security, two-step off (phone)');
    await section.getByRole('button', { name: 'İki Adımlı Doğrulamayı Aç' }).click();
    await expect(section.getByRole('img', { name: 'Kimlik doğrulama uygulaması için QR kod' })).toBeVisible();
    secret = ((await section.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectAccessible(page, '/account two-step setup (phone)');
    await section.screenshot({ path: join(SCREENSHOT_DIR, 'account-security-setup-390x844.png') });
    await section.getByLabel('Doğrulama kodu').fill(await codeFor(secret));
    await section.getByRole('button', { name: 'Onayla' }).click();
    await expect(toast(page, 'İki adımlı doğrulama açıldı')).toBeVisible();
    const list = section.getByTestId('recovery-codes').getByRole('listitem');
    await expect(list).toHaveCount(10);
    recoveryCodes = (await list.allTextContents()).map((code) => code.trim());
    await expectAccessible(page, '/account recovery codes (phone)');
    await section.screenshot({ path: join(SCREENSHOT_DIR, 'account-security-recovery-codes-390x844.png') });
    await section.getByRole('button', { name: 'Kaydettim' }).click();
    await expect(section.getByTestId('recovery-codes-left')).toContainText('10');
  });

  await test.step('sign out; the password alone asks for the code, and the code signs in', async () => {
    await signOut(page);
    // Signing out ended the session on the server too: its token is refused.
    await expect
      .poll(async () => (await request.get('/api/auth/me', { headers: { authorization: `Bearer ${account.token}` } })).status())
      .toBe(401);
    await signInWithPassword(page, account.email, account.password);
    await expect(page.getByRole('heading', { level: 1, name: 'İki Adımlı Doğrulama' })).toBeVisible();
    await expectAccessible(page, 'sign-in second step (phone)');
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'sign-in-second-step-390x844.png') });
    // A step ahead: the enabling code's step is used up (one step of drift is allowed).
    await page.getByLabel('Doğrulama kodu').fill(await codeFor(secret, 1));
    await page.getByRole('button', { name: 'Doğrula', exact: true }).click();
    await expectSignedIn(page);
  });

  await test.step('sign out; a recovery code signs in instead, and one fewer is left', async () => {
    await signOut(page);
    await signInWithPassword(page, account.email, account.password);
    await page.getByRole('button', { name: 'Kurtarma kodu kullan' }).click();
    await page.getByLabel('Kurtarma kodu').fill(recoveryCodes[0] ?? '');
    await page.getByRole('button', { name: 'Doğrula', exact: true }).click();
    await expectSignedIn(page);
    await page.goto('/account#guvenlik');
    await expect(page.locator('#guvenlik').getByTestId('recovery-codes-left')).toContainText('9');
    await page.setViewportSize(DESKTOP);
    await expectAccessible(page, '/account security, two-step on (desktop)');
    await page.locator('#guvenlik').screenshot({ path: join(SCREENSHOT_DIR, 'account-security-1280x800.png') });
  });
});

test('a session ended from another browser is signed out at its next request', async ({ browser, account }) => {
  const laptop = await browser.newContext({ viewport: DESKTOP, locale: 'tr-TR' });
  const phone = await browser.newContext({ viewport: PHONE, locale: 'tr-TR', isMobile: true, hasTouch: true });
  const laptopPage = await laptop.newPage();
  const phonePage = await phone.newPage();

  await test.step('the owner signs in on a phone too', async () => {
    await signInWithPassword(phonePage, account.email, account.password);
    await expect(phonePage).toHaveURL(/\/dashboard$/);
  });

  await test.step('on the laptop, /account lists both sessions and ends the phone’s', async () => {
    await plantToken(laptopPage, account.token);
    await laptopPage.goto('/account#guvenlik');
    const section = laptopPage.locator('#guvenlik');
    await expect(section.getByText('Bu cihaz')).toBeVisible();
    const end = section.getByRole('button', { name: /^Sonlandır\s*:/ });
    await expect(end).toHaveCount(1);
    await expectAccessible(laptopPage, '/account sessions (desktop)');
    await end.click();
    await expect(toast(laptopPage, 'Oturum sonlandırıldı')).toBeVisible();
    await expect(section.getByRole('button', { name: /^Sonlandır\s*:/ })).toHaveCount(0);
  });

  await test.step('the phone’s next request is refused: signed out, with the message', async () => {
    await phonePage.goto('/cards');
    await expect(toast(phonePage, TEXT.sessionEnded)).toBeVisible();
    await expect(phonePage).toHaveURL(/\/auth\/login$/);
    expect(await storedToken(phonePage)).toBeNull();
    await expectAccessible(phonePage, 'sign-in after the session was ended elsewhere (phone)');
  });
  await laptop.close();
  await phone.close();
});

test('an office that requires a second step leads its member to set one up before anything else', async ({
  page,
  request,
  account,
}) => {
  const auth = { authorization: `Bearer ${account.token}` };
  await test.step('the admin (without a second step yet) requires one of every member', async () => {
    const created = await request.post('/api/offices', {
      headers: auth,
      data: { name: 'Güvenli Emlak', slug: `guvenli-${Date.now()}` },
    });
    expect(created.status(), await created.text()).toBe(200);
    const { data } = (await created.json()) as { data: { officeId: string } };
    const required = await request.put(`/api/offices/${data.officeId}/security`, {
      headers: auth,
      data: { requireSecondStep: true },
    });
    expect(required.status(), await required.text()).toBe(200);
  });

  await test.step('any screen leads to /account, which says why; everything else waits', async () => {
    await page.setViewportSize(PHONE);
    await plantToken(page, account.token);
    // Once the office's requirement is in its read model (at once, but not in the same instant), the first owner call
    // answers 403 and the app goes to /account.
    await expect
      .poll(async () => {
        await page.goto('/cards');
        await page.waitForURL(/\/account/, { timeout: 5_000 }).catch(() => undefined);
        return new URL(page.url()).pathname;
      })
      .toBe('/account');
    await expect(page.getByTestId('second-step-setup-banner')).toContainText('Ofisiniz iki adımlı doğrulamayı zorunlu tutuyor');
    await expectAccessible(page, '/account with the office requirement (phone)');
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'account-second-step-required-390x844.png') });
  });

  await test.step('with two-step sign-in on, the rest of the dashboard opens again', async () => {
    const section = page.locator('#guvenlik');
    await section.getByRole('button', { name: 'İki Adımlı Doğrulamayı Aç' }).click();
    const secret = ((await section.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
    await section.getByLabel('Doğrulama kodu').fill(await codeFor(secret));
    await section.getByRole('button', { name: 'Onayla' }).click();
    await expect(toast(page, 'İki adımlı doğrulama açıldı')).toBeVisible();
    await section.getByRole('button', { name: 'Kaydettim' }).click();
    await expect(page.getByTestId('second-step-setup-banner')).toHaveCount(0);
    await page.goto('/cards');
    await expect(page.getByRole('heading', { level: 1, name: 'Kartlarım' })).toBeVisible();
  });
});
