import { randomBytes } from 'node:crypto';
import { expectAccessible } from './accessibility.ts';
import { DESKTOP, PHONE, createProfileViaApi, expect, plantToken, publicVirtualCard, test } from './fixtures.ts';
import { countStatisticsPushes, statisticsPushes } from './screens.ts';

/**
 * 'Takım İstatistikleri' is live like /stats (issue 30): the admin's page opens the office's team stream ('Canlı'),
 * and a stranger's visit to an office card shows in the tiles without a reload, pushed rather than polled (the page
 * counts the stream's notices).
 */
test('a visit to an office card reaches the team statistics live', async ({
  page,
  browser,
  baseURL,
  request,
  account,
}) => {
  const cardId = await test.step('an office and its admin’s office card', async () => {
    await createProfileViaApi(request, account);
    const created = await request.post('/api/offices', {
      headers: { authorization: `Bearer ${account.token}` },
      data: { name: 'Canlı Emlak', slug: `canli-${randomBytes(3).toString('hex')}` },
    });
    expect(created.status(), await created.text()).toBe(200);
    return publicVirtualCard(request, account, 'Ofis Kartı', { color: 'black' });
  });

  await countStatisticsPushes(page);
  await plantToken(page, account.token);
  await page.goto('/office/stats');
  const team = page.getByRole('region', { name: 'Takım istatistikleri' });
  const visits = team
    .getByRole('list', { name: 'Özet istatistikler' })
    .getByRole('listitem')
    .filter({ hasText: 'Toplam Ziyaret' })
    .locator('.stat-tile__value');

  await test.step('the page is live before anyone visits', async () => {
    await expect(team.getByText('Canlı', { exact: true })).toBeVisible();
    await expect(visits).toHaveText('0');
    await expectAccessible(page, 'Takım İstatistikleri, live (desktop)');
    await page.setViewportSize(PHONE.viewport ?? { width: 390, height: 844 });
    await expectAccessible(page, 'Takım İstatistikleri, live (phone)');
    await page.setViewportSize(DESKTOP);
  });

  await test.step('a stranger opens the office card: the tile moves to 1 on a push, without a reload', async () => {
    const stranger = await browser.newContext({ baseURL, viewport: DESKTOP });
    const visitor = await stranger.newPage();
    const beacon = visitor.waitForResponse((response) => response.url().endsWith('/api/telemetry/visit'));
    await visitor.goto(`/p/${cardId}`);
    expect((await beacon).status()).toBe(204);
    await expect(visits).toHaveText('1');
    expect(await statisticsPushes(page), 'the visit arrived by the team stream').toBeGreaterThanOrEqual(1);
    await stranger.close();
  });
});
