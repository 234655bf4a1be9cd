import { randomBytes } from 'node:crypto';
import { expectAccessible } from './accessibility.ts';
import { DESKTOP, createProfileViaApi, expect, plantToken, test, toast } from './fixtures.ts';

/**
 * 'Ofisim' (issue 30): an office that chose a card theme can go back to none ('Tema Seçimini Kaldır'), so its members'
 * cards keep their own themes again. Saved like every detail, and read back from the API.
 */
test('an office admin chooses a theme on Ofisim, then removes the choice', async ({ page, request, account }) => {
  const headers = { authorization: `Bearer ${account.token}` };
  await createProfileViaApi(request, account);
  const created = await request.post('/api/offices', {
    headers,
    data: { name: 'Çınar Emlak Tema', slug: `cinar-tema-${randomBytes(3).toString('hex')}` },
  });
  expect(created.status(), await created.text()).toBe(200);
  const theme = async () => {
    const current = await request.get('/api/offices/current', { headers });
    return ((await current.json()) as { data: { office: { details: { theme: string } } } }).data.office.details.theme;
  };

  await page.setViewportSize(DESKTOP);
  await plantToken(page, account.token);
  await page.goto('/office');
  const themes = page.getByRole('group', { name: 'Kart teması' });
  await expect(page.getByRole('button', { name: 'Tema Seçimini Kaldır' })).toHaveCount(0);

  await themes.getByLabel('Okyanus').check();
  await page.getByRole('button', { name: 'Kaydet', exact: true }).click();
  await expect(toast(page, 'Ofis bilgileri kaydedildi')).toBeVisible();
  await expect.poll(theme).toBe('ocean');

  await page.getByRole('button', { name: 'Tema Seçimini Kaldır' }).click();
  await expect(themes.getByRole('radio', { checked: true })).toHaveCount(0);
  await expectAccessible(page, 'Ofisim, theme cleared before saving');
  await page.getByRole('button', { name: 'Kaydet', exact: true }).click();
  await expect(toast(page, 'Ofis bilgileri kaydedildi').last()).toBeVisible();
  await expect.poll(theme).toBe('');
  await page.reload();
  await expect(themes.getByRole('radio', { checked: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Tema Seçimini Kaldır' })).toHaveCount(0);
});
