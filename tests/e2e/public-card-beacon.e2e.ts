import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from './accessibility.ts';
import { createProfileViaApi, DESKTOP, expect, test, type Account, publicVirtualCard } from './fixtures.ts';

/**
 * The card page's visit beacon, and the product page's view beacon (the same sender, decision 47), when the server
 * could not store them (docs/decisions/0018-acknowledged-means-stored.md): the server answers 503 with Retry-After, the
 * page sends the same hit once more after that wait, and the second one is stored and counted. Headless Chromium is a
 * bot to the server: the context sends a phone's user agent.
 */
test.use({
  viewport: { width: 390, height: 844 },
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
});

interface Sent {
  readonly body: unknown;
  readonly status: number;
}

/**
 * The first beacon to `url` is answered 503 with Retry-After, as a server that could not store it answers; the later
 * ones go to the real server. Every beacon and the status it got is noted in `sent`.
 */
async function answerFirstWith503(page: Page, url: string, sent: Sent[]): Promise<void> {
  await page.route(url, async (route) => {
    const body = route.request().postDataJSON() as unknown;
    if (sent.length === 0) {
      sent.push({ body, status: 503 });
      await route.fulfill({
        status: 503,
        headers: { 'retry-after': '1', 'content-type': 'application/json' },
        body: JSON.stringify({ success: false, message: 'Kayıt şu anda alınamadı, lütfen biraz sonra tekrar deneyin' }),
      });
      return;
    }
    const response = await route.fetch();
    sent.push({ body, status: response.status() });
    await route.fulfill({ response });
  });
}

async function activatedCard(request: APIRequestContext, account: Account): Promise<string> {
  await createProfileViaApi(request, account);
  return publicVirtualCard(request, account, 'Tekrar Kartı', { color: 'black' });
}

test('a visit the server could not store is sent once more after Retry-After, and then counted', async ({
  page,
  request,
  account,
}) => {
  const cardId = await test.step('an owner with an activated card', () => activatedCard(request, account));

  const sent: Sent[] = [];
  await test.step('the first beacon is answered 503, as a server that could not store it answers', async () => {
    await answerFirstWith503(page, '**/api/telemetry/visit', sent);
    await page.goto(`/p/${cardId}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  await test.step('the page sends the same visit again, and the server stores it', async () => {
    await expect.poll(() => sent.length).toBe(2);
    expect(sent[1]).toEqual({ body: sent[0]?.body, status: 204 });
    expect(sent[0]?.body).toMatchObject({ cardId });
  });

  await test.step('the owner’s statistics count one visit: the retry, once', async () => {
    await expect
      .poll(async () => {
        const response = await request.get('/api/statistics/dashboard', {
          headers: { authorization: `Bearer ${account.token}` },
        });
        return ((await response.json()) as { dashboard?: { totalVisits?: number } }).dashboard?.totalVisits;
      })
      .toBe(1);
    // No third beacon: a stored visit is not sent again.
    expect(sent).toHaveLength(2);
  });
});

for (const [viewport, size] of [
  ['390×844', null],
  ['1280×800', DESKTOP],
] as const) {
  test(`at ${viewport}: a product view the server could not store is sent once more, stored and counted for the card it came from`, async ({
    page,
    request,
    account,
  }) => {
    if (size) await page.setViewportSize(size);
    const headers = { authorization: `Bearer ${account.token}` };
    const { officeCard, productId } = await test.step('an owner with two cards and a listing', async () => {
      await createProfileViaApi(request, account);
      await publicVirtualCard(request, account, 'Vitrin', { color: 'black' });
      const office = await publicVirtualCard(request, account, 'Ofis', { color: 'black' });
      const created = await request.post('/api/products', {
        headers,
        data: { name: 'Bahçeli villa', price: { value: '8.750.000' } },
      });
      expect(created.status(), await created.text()).toBe(200);
      const id = ((await created.json()) as { data: { _id: string } }).data._id;
      await expect
        .poll(async () => (await (await request.get(`/p/${office}`)).text()).includes('Bahçeli villa'))
        .toBe(true);
      return { officeCard: office, productId: id };
    });

    const sent: Sent[] = [];
    await test.step('the product page’s first view beacon is answered 503, as a server that could not store it answers', async () => {
      await answerFirstWith503(page, '**/api/telemetry/product-view', sent);
      await page.goto(`/p/${officeCard}`);
      await page
        .getByRole('region', { name: 'Ürün Kataloğu' })
        .getByRole('link', { name: /Bahçeli villa/ })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: 'Bahçeli villa' })).toBeVisible();
      await expectAccessible(page, `product page, ${viewport}`);
    });

    await test.step('the page sends the same view again, naming the card it came from, and the server stores it', async () => {
      await expect.poll(() => sent.length).toBe(2);
      expect(sent[0]?.body).toEqual({ productId, cardId: officeCard });
      expect(sent[1]).toEqual({ body: sent[0]?.body, status: 204 });
    });

    await test.step('the owner’s figures count one view, for that card and for all cards', async () => {
      const views = async (query: string) => {
        const response = await request.get(`/api/statistics/products${query}`, { headers });
        return ((await response.json()) as { productStats?: { totalViews?: number } }).productStats?.totalViews;
      };
      await expect.poll(() => views(`?cardId=${officeCard}`)).toBe(1);
      expect(await views('')).toBe(1);
      // No third beacon: a stored view is not sent again.
      expect(sent).toHaveLength(2);
    });
  });
}
