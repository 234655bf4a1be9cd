import { randomBytes } from 'node:crypto';
import { E2E_REMS_KEY } from '../support/e2e-fake-services.ts';
import { createProfileViaApi, expect, plantToken, publicVirtualCard, test, toast } from './fixtures.ts';
import { captureBothSizes } from './screens.ts';

/**
 * The office's REMS (issue 30, decision 61): an office's Yönetici links one REMS key on 'Ofisim'; the office card,
 * which showed no 'Emlak Danışmanlığı' while nobody had a key, offers 'Görüşme Planla' at once; 'Ofis Geçmişi' tells
 * it; the key is removed again after a confirmation. Phone and desktop, axe clean.
 */
const REMS_BLOCK = 'Emlak Danışmanlığı';

test('an office admin links the office’s REMS on Ofisim, and the office card offers Görüşme Planla', async ({
  page,
  request,
  account,
}) => {
  const headers = { authorization: `Bearer ${account.token}` };
  const cardId = await test.step('an office with its admin’s office card, and no REMS key anywhere', async () => {
    await createProfileViaApi(request, account);
    const created = await request.post('/api/offices', {
      headers,
      data: { name: 'Çınar Emlak REMS', slug: `cinar-rems-${randomBytes(3).toString('hex')}` },
    });
    expect(created.status(), await created.text()).toBe(200);
    // Made while in the office: the office's card.
    return publicVirtualCard(request, account, 'Ofis Kartı', { color: 'black' });
  });

  await test.step('the office card shows no Emlak Danışmanlığı yet', async () => {
    await page.goto(`/p/${cardId}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: REMS_BLOCK })).toHaveCount(0);
  });

  await test.step('on Ofisim, the admin links the office’s REMS key', async () => {
    await plantToken(page, account.token);
    await page.goto('/office');
    const section = page.getByRole('region', { name: 'REMS Bağlantısı' });
    await expect(section.getByText('Ofisin REMS hesabı bağlı değil')).toBeVisible();
    await captureBothSizes(page, 'office-rems-not-linked', 'Ofisim, REMS not-linked');
    await section.getByLabel('REMS API Anahtarı').fill(E2E_REMS_KEY);
    await section.getByRole('button', { name: 'API Anahtarını Kaydet' }).click();
    await expect(toast(page, 'API anahtarı başarıyla kaydedildi!')).toBeVisible();
    await expect(section.getByText('Ofisin REMS hesabı bağlı')).toBeVisible();
    await expect(section).toContainText(E2E_REMS_KEY.slice(-4));
    await captureBothSizes(page, 'office-rems-linked', 'Ofisim, REMS linked');
  });

  await test.step('the office card now offers Görüşme Planla, and the history says who linked it', async () => {
    await expect(async () => {
      await page.goto(`/p/${cardId}`);
      await expect(page.getByRole('heading', { name: REMS_BLOCK })).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await expect(page.getByRole('button', { name: 'Görüşme Planla' })).toBeVisible();
    await page.goto('/office/history');
    await expect(page.getByText(/ofisin REMS hesabını bağladı/)).toBeVisible();
  });

  await test.step('the admin removes the link after confirming', async () => {
    await page.goto('/office');
    const section = page.getByRole('region', { name: 'REMS Bağlantısı' });
    await section.getByRole('button', { name: 'Ofisin REMS Bağlantısını Kaldır' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Ofisin REMS bağlantısı kaldırılsın mı?');
    await dialog.getByRole('button', { name: 'Bağlantıyı Kaldır' }).click();
    await expect(toast(page, 'REMS entegrasyonu kaldırıldı')).toBeVisible();
    await expect(section.getByText('Ofisin REMS hesabı bağlı değil')).toBeVisible();
  });
});
