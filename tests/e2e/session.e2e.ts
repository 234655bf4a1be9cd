import { expectAccessible } from './accessibility.ts';
import { expect, plantToken, storedToken, test, TEXT, toast } from './fixtures.ts';

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

test.describe('session', () => {
  test('a password change elsewhere revokes the browser’s token: 401 ends the session', async ({
    page,
    request,
    account,
  }) => {
    await test.step('signed in on the dashboard', async () => {
      await plantToken(page, account.token);
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Hoş geldiniz, ${account.firstName}`);
    });

    const newPassword = 'yeni-gizli-sifre-2';
    await test.step('the password is changed through the API with the browser’s token', async () => {
      const token = await storedToken(page);
      expect(token).toBeTruthy();
      // The dashboard is left first: open, its live statistics stream would be closed by the server at the change
      // and its new ticket refused, so the open page (not the next load) would end the session, whichever came first.
      await page.goto('about:blank');
      const response = await request.post('/api/auth/change-password', {
        headers: { authorization: `Bearer ${token}` },
        data: { currentPassword: account.password, newPassword },
      });
      expect(response.status(), await response.text()).toBe(200);
    });

    await test.step('the next page load is refused: toast, sign-in page, token gone', async () => {
      await page.goto('/cards');
      await expect(toast(page, TEXT.sessionEnded)).toBeVisible();
      await expect(page).toHaveURL(/\/auth\/login$/);
      expect(await storedToken(page)).toBeNull();
      await expectAccessible(page, 'sign-in after the session ended');
    });

    await test.step('signing in with the new password returns to the page that was asked for', async () => {
      await page.getByLabel('E-posta').fill(account.email);
      await page.getByLabel('Şifre', { exact: true }).fill(newPassword);
      await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
      await expect(page).toHaveURL(/\/cards$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Kartlarım' })).toBeVisible();
    });
  });

  for (const [kind, token] of [
    [
      'an expired token',
      `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({
        sub: 'someone',
        iat: Math.floor(Date.now() / 1000) - 7200,
        exp: Math.floor(Date.now() / 1000) - 3600,
      })}.c2lnbmF0dXJl`,
    ],
    ['an unreadable token', 'bu-bir-token-degil'],
  ] as const) {
    test(`${kind} in localStorage counts as signed out`, async ({ page }) => {
      const meCalls: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/auth/me')) meCalls.push(request.url());
      });
      await plantToken(page, token);
      await page.goto('/dashboard');
      await expect(page).toHaveURL(/\/auth\/login$/);
      await expect(page.getByRole('heading', { name: 'Giriş Yap' })).toBeVisible();
      expect(await storedToken(page)).toBeNull();
      // Cleared locally: no doomed request to the server and no "session ended" message.
      expect(meCalls).toEqual([]);
      await expect(toast(page, TEXT.sessionEnded)).toHaveCount(0);
    });
  }
});
