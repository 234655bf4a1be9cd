import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from './accessibility.ts';
import { createProfileViaApi, publicVirtualCard } from './card-fixtures.ts';
import { DESKTOP, PHONE, expect, plantToken, registerViaApi, test, toast } from './fixtures.ts';
import { newestMail } from './mailbox.ts';

/**
 * An agent's listing from the form to its end (issue 33): a 3+1 flat for sale with 12 photos and an EİDS authorisation
 * ending tomorrow, added on /products; the card shows it under 'Portföy' with the badge and the yetki belgesi number,
 * and the filters work; the listing page shows the facts, its schema.org data has the shapes search engines read, and
 * its Open Graph image is a real PNG with the price band. Then the listings' clock (LISTING_CLOCK_FILE, the server's)
 * moves: the last-day reminder arrives by e-mail, and past the end the listing is gone from the card.
 */

const CLOCK_FILE = join(process.env.E2E_DATA_DIR ?? '', 'listing-clock');
const SCREENSHOTS = join(import.meta.dirname, '..', 'artifacts', 'screenshots');

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `listing-${name}.png`), fullPage: true });
}
const DAY_MS = 24 * 60 * 60 * 1000;

/** A date in Türkiye ('YYYY-MM-DD'), `days` after today there. */
function turkishDay(days: number): string {
  return new Date(Date.now() + 3 * 60 * 60 * 1000 + days * DAY_MS).toISOString().slice(0, 10);
}

/** A photo of its own for each of the listing's twelve: a room in a colour. */
async function roomPhoto(index: number): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const hue = (index * 29) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="hsl(${hue},45%,55%)"/><rect x="120" y="180" width="560" height="300" fill="hsl(${hue},30%,85%)"/><text x="60" y="110" font-size="64" font-family="sans-serif" fill="#fff">Oda ${index + 1}</text></svg>`;
  return { name: `oda-${index + 1}.jpg`, mimeType: 'image/jpeg', buffer: await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer() };
}

async function seedAgent(request: APIRequestContext) {
  const account = await registerViaApi(request, { firstName: 'Zeynep', lastName: 'Aksoy' });
  await createProfileViaApi(request, account);
  const headers = { authorization: `Bearer ${account.token}` };
  const me = await request.get('/api/profile/me', { headers });
  const profile = ((await me.json()) as { profile: Record<string, unknown> }).profile;
  const saved = await request.put('/api/profile', {
    headers,
    data: { firstName: profile.firstName, lastName: profile.lastName, email: account.email, phone: '0532 555 44 33', yetkiBelgesiNo: '3407788' },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const cardId = await publicVirtualCard(request, account, 'Portföy Kartı');
  // A second listing, for rent, so the card's filters have a choice to make.
  const villa = await request.post('/api/products', {
    headers,
    data: {
      kind: 'listing',
      name: 'Bodrum Yalıkavak kiralık villa',
      price: { value: '120.000' },
      listing: {
        purpose: 'rent',
        propertyType: 'villa',
        rooms: '5+2',
        grossM2: 320,
        il: 'Muğla',
        ilce: 'Bodrum',
        eids: { number: 'EIDS-VILLA-1', validUntil: turkishDay(200) },
      },
    },
  });
  expect(villa.status(), await villa.text()).toBe(200);
  return { account, cardId };
}

/** The schema.org shapes the listing page's JSON-LD must have (RealEstateListing, Offer, a place with its size). */
function expectRealEstateListing(data: Record<string, unknown>, url: string): void {
  expect(data['@context']).toBe('https://schema.org');
  expect(data['@type']).toBe('RealEstateListing');
  expect(data.url).toBe(url);
  expect(typeof data.name).toBe('string');
  const offer = data.offers as Record<string, unknown>;
  expect(offer['@type']).toBe('Offer');
  expect(typeof offer.price).toBe('number');
  expect(offer.priceCurrency).toMatch(/^[A-Z]{3}$/);
  expect(offer.businessFunction).toBe('http://purl.org/goodrelations/v1#Sell');
  const place = data.about as Record<string, unknown>;
  expect(place['@type']).toBe('Apartment');
  expect(place.numberOfRooms).toBe(4);
  expect(place.floorSize).toEqual({ '@type': 'QuantitativeValue', value: 120, unitCode: 'MTK' });
  expect((place.address as Record<string, unknown>)['@type']).toBe('PostalAddress');
  expect(Array.isArray(data.image) && data.image.length).toBe(12);
}

async function cardListingNames(page: Page): Promise<string[]> {
  return page.locator('.pc-cat__item:not([hidden]) .pc-product__name').allTextContents();
}

test.describe('a listing from the form to the end of its authorisation', () => {
  test.afterAll(() => rmSync(CLOCK_FILE, { force: true }));

  test('added with 12 photos, shown under Portföy and on its page, reminded, and gone at the end', async ({ browser, request }) => {
    test.setTimeout(240_000);
    const { account, cardId } = await seedAgent(request);
    const lastDay = turkishDay(1);
    const flatName = "Moda'da deniz manzaralı 3+1";

    // The agent adds the flat on /products, on a desktop.
    const desktop = await browser.newContext({ viewport: DESKTOP, locale: 'tr-TR', timezoneId: 'Europe/Istanbul' });
    const owner = await desktop.newPage();
    await plantToken(owner, account.token);
    await owner.goto('/products');
    await owner.getByRole('button', { name: 'Yeni Ürün Ekle' }).click();
    await owner.getByRole('radio', { name: 'İlan', exact: true }).check();
    await expect(owner.getByRole('heading', { level: 2, name: 'Yeni İlan' })).toBeVisible();
    await owner.getByLabel('İlan başlığı').fill(flatName);
    await owner.getByRole('radio', { name: 'Satılık', exact: true }).check();
    await owner.getByLabel('Emlak tipi').selectOption('apartment');
    await owner.getByLabel('Fiyat', { exact: true }).fill('8.750.000');
    await owner.getByLabel('Oda sayısı').selectOption('3+1');
    await owner.getByLabel('Brüt m²').fill('135');
    await owner.getByLabel('Net m²').fill('120');
    await owner.getByRole('combobox', { name: 'İl', exact: true }).selectOption({ label: 'İstanbul' });
    await owner.getByRole('combobox', { name: 'İlçe', exact: true }).selectOption({ label: 'Kadıköy' });
    await owner.getByLabel('Yetki numarası').fill('EIDS-2026-7781');
    await owner.getByLabel('Yetki bitiş tarihi').fill(lastDay);
    await owner.locator('input[type="file"]').setInputFiles(await Promise.all(Array.from({ length: 12 }, (_, index) => roomPhoto(index))));
    await expect(owner.getByRole('list', { name: 'Seçilen görseller' }).getByRole('listitem')).toHaveCount(12, { timeout: 60_000 });
    await expectAccessible(owner, 'the listing form (desktop)');
    await shoot(owner, 'form-desktop');
    await owner.getByRole('button', { name: 'İlanı Kaydet' }).click();
    await expect(toast(owner, 'İlan başarıyla eklendi!')).toBeVisible();
    const row = owner.getByRole('listitem').filter({ hasText: flatName });
    await expect(row.getByText('EİDS Doğrulandı')).toBeVisible();
    await desktop.close();

    const flatId = await expect
      .poll(async () => {
        const mine = await request.get('/api/products', { headers: { authorization: `Bearer ${account.token}` } });
        const items = ((await mine.json()) as { data: { _id: string; name: string }[] }).data;
        return items.find((item) => item.name === flatName)?._id ?? '';
      })
      .not.toBe('')
      .then(async () => {
        const mine = await request.get('/api/products', { headers: { authorization: `Bearer ${account.token}` } });
        return ((await mine.json()) as { data: { _id: string; name: string }[] }).data.find((item) => item.name === flatName)?._id ?? '';
      });

    // A visitor's phone: 'Portföy' with both listings, the badge and the licence; the filters narrow it down.
    const phone = await browser.newContext(PHONE);
    const visitor = await phone.newPage();
    await expect
      .poll(async () => {
        await visitor.goto(`/p/${cardId}`);
        return cardListingNames(visitor);
      }, { timeout: 30_000 })
      .toEqual(expect.arrayContaining([flatName, 'Bodrum Yalıkavak kiralık villa']));
    await expect(visitor.getByRole('heading', { level: 2, name: 'Portföy' })).toBeVisible();
    await expect(visitor.getByText('Taşınmaz Ticareti Yetki Belgesi No: 3407788')).toBeVisible();
    await expect(visitor.locator('.pc-cat__item').filter({ hasText: flatName }).getByText('EİDS Doğrulandı')).toBeVisible();
    await expect(visitor.locator('.pc-cat__item').filter({ hasText: flatName })).toContainText('₺8.750.000');
    await expect(visitor.locator('.pc-cat__item').filter({ hasText: flatName })).toContainText('3+1 · 120 m² · Kadıköy');
    await visitor.getByRole('group', { name: 'İlan türü' }).getByRole('radio', { name: 'Kiralık' }).check();
    await expect.poll(() => cardListingNames(visitor)).toEqual(['Bodrum Yalıkavak kiralık villa']);
    await expect(visitor.getByRole('status').filter({ hasText: '1 ilan' })).toBeVisible();
    await visitor.getByRole('group', { name: 'İlan türü' }).getByRole('radio', { name: 'Tümü' }).check();
    await visitor.getByRole('group', { name: 'Oda sayısı' }).getByRole('radio', { name: '3+1' }).check();
    await expect.poll(() => cardListingNames(visitor)).toEqual([flatName]);
    await expectAccessible(visitor, 'the card with a portfolio (phone)');
    await shoot(visitor, 'card-phone');

    // The listing page: its facts, its actions, its schema.org data and its share image.
    await visitor.locator('.pc-cat__item').filter({ hasText: flatName }).getByRole('link').click();
    await expect(visitor).toHaveURL(new RegExp(`/ilan/${flatId}\\?card=${cardId}$`));
    await expect(visitor.getByRole('heading', { level: 1, name: flatName })).toBeVisible();
    const facts = visitor.getByRole('table');
    await expect(facts.getByRole('row', { name: /Oda sayısı/ })).toContainText('3+1');
    await expect(facts.getByRole('row', { name: /Net m²/ })).toContainText('120 m²');
    await expect(facts.getByRole('row', { name: /Konum/ })).toContainText('Kadıköy, İstanbul');
    await expect(visitor.getByText('EİDS Doğrulandı')).toBeVisible();
    await expect(visitor.getByRole('link', { name: 'Ara' })).toHaveAttribute('href', 'tel:+905325554433');
    await expect(visitor.getByRole('link', { name: 'WhatsApp ile Bilgi Al' })).toHaveAttribute('href', /^https:\/\/wa\.me\/905325554433\?text=/);
    const jsonLd = await visitor.locator('script[type="application/ld+json"]').textContent();
    expectRealEstateListing(JSON.parse(jsonLd ?? '{}') as Record<string, unknown>, `${new URL(visitor.url()).origin}/ilan/${flatId}`);
    const ogImage = await visitor.locator('meta[property="og:image"]').getAttribute('content');
    const png = await request.get(ogImage ?? '');
    expect(png.headers()['content-type']).toBe('image/png');
    const metadata = await sharp(await png.body()).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 1200, 630]);
    await expectAccessible(visitor, 'the listing page (phone)');
    await shoot(visitor, 'page-phone');
    const wide = await browser.newContext({ viewport: DESKTOP, locale: 'tr-TR', timezoneId: 'Europe/Istanbul' });
    const wideVisitor = await wide.newPage();
    await wideVisitor.goto(`/ilan/${flatId}`);
    await expectAccessible(wideVisitor, 'the listing page (desktop)');
    await shoot(wideVisitor, 'page-desktop');
    await wideVisitor.goto(`/p/${cardId}`);
    await expectAccessible(wideVisitor, 'the card with a portfolio (desktop)');
    await shoot(wideVisitor, 'card-desktop');
    writeFileSync(join(SCREENSHOTS, 'listing-og.png'), await png.body());
    await wide.close();

    // The listings' clock passes the start of the last day: the reminder arrives.
    const endsAt = new Date(`${turkishDay(2)}T00:00:00+03:00`).getTime();
    writeFileSync(CLOCK_FILE, new Date(endsAt - 12 * 60 * 60 * 1000).toISOString());
    const reminder = await newestMail(account.email, `EİDS yetkisinin son günü: ${flatName}`);
    expect(reminder?.text).toContain('kendiliğinden kalkar');

    // And past the end: the flat leaves the card, the villa stays.
    writeFileSync(CLOCK_FILE, new Date(endsAt + 60 * 60 * 1000).toISOString());
    await expect
      .poll(async () => {
        await visitor.goto(`/p/${cardId}`);
        return cardListingNames(visitor);
      }, { timeout: 30_000 })
      .toEqual(['Bodrum Yalıkavak kiralık villa']);
    rmSync(CLOCK_FILE, { force: true });
    await phone.close();

    // The agent's list: the flat's authorisation has ended, and its row counts the visitor's view.
    const back = await browser.newContext({ viewport: DESKTOP, locale: 'tr-TR', timezoneId: 'Europe/Istanbul' });
    const agent = await back.newPage();
    await plantToken(agent, account.token);
    await expect
      .poll(async () => {
        await agent.goto('/products');
        return agent.getByRole('listitem').filter({ hasText: flatName }).textContent();
      }, { timeout: 30_000 })
      .toContain('Yetki sona erdi');
    const flatRow = agent.getByRole('listitem').filter({ hasText: flatName });
    await expect(flatRow).toContainText('Yetki sona erdi');
    await expect(flatRow).toContainText(/[1-9]\d* görüntülenme/, { timeout: 30_000 });
    await expectAccessible(agent, 'the agent\'s list with an ended listing (desktop)');
    await shoot(agent, 'list-desktop');
    await back.close();
  });
});
