import { randomBytes } from 'node:crypto';
import { createProfileViaApi, expect, plantToken, test, toast } from './fixtures.ts';
import { captureBothSizes } from './screens.ts';

/**
 * 'Ofisi Sil' (issue 30): the office's only member, its Yönetici, deletes it on Ofisim after a confirmation that says
 * what goes with it; the dashboard offers 'Ofis Oluştur' again and the office's page answers 'Ofis bulunamadı'. The
 * refusal for an office with members is the API's (tests/http/office-deletion.int.spec.ts). Phone and desktop, axe
 * clean.
 */

test('the office’s last member, its Yönetici, deletes it on Ofisim', async ({ page, request, account }) => {
  const slug = `silinen-${randomBytes(3).toString('hex')}`;
  await test.step('an office with its Yönetici alone in it', async () => {
    await createProfileViaApi(request, account);
    const created = await request.post('/api/offices', {
      headers: { authorization: `Bearer ${account.token}` },
      data: { name: 'Kapanan Emlak', slug },
    });
    expect(created.status(), await created.text()).toBe(200);
    // The page reads the projection: it shows the office once the office is projected.
    await expect(async () => {
      await page.goto(`/o/${slug}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kapanan Emlak', { timeout: 1_000 });
    }).toPass();
  });

  await plantToken(page, account.token);
  await test.step('Ofisim says what deleting takes with it, and Ekip offers no leaving to the last Yönetici', async () => {
    await page.goto('/office/team');
    await expect(page.getByRole('heading', { name: 'Ekip', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ofisten Ayrıl' })).toHaveCount(0);
    await page.goto('/office');
    const section = page.getByRole('region', { name: 'Ofisi Sil' });
    await expect(section).toContainText('ofis kartlarına bırakılan bağlantılar kalıcı olarak silinir');
    await captureBothSizes(page, 'office-deletion-section', 'Ofisim, Ofisi Sil');
    await section.getByRole('button', { name: 'Ofisi Sil' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ofis silinsin mi?' });
    await expect(dialog).toContainText(`/o/${slug}`);
    await captureBothSizes(page, 'office-deletion-dialog', 'Ofisi Sil, dialog', { fullPage: false });
  });

  await test.step('confirmed, the office is gone: the dashboard, Ofis Oluştur, and its page not found', async () => {
    await page.getByRole('dialog').getByRole('button', { name: 'Ofisi Sil' }).click();
    await expect(toast(page, 'Ofis silindi')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('link', { name: 'Ofis Oluştur' })).toBeVisible();
    await expect(async () => {
      await page.goto(`/o/${slug}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ofis bulunamadı', { timeout: 1_000 });
    }).toPass();
  });
});
