import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { SHOWN_PRODUCT_PROJECTIONS } from '@kartvizit/infra/read-models/contract';
import type { Product } from '@kartvizit/schemas';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { createProfile, registerOwner, send, virtualCardId, type Owner } from './card-fixtures.ts';
import { createProduct, productAnswer, readAfter, uploadImages } from './product-fixtures.ts';
import { photo } from './profile-fixtures.ts';

/**
 * A listing as visitors meet it (issue 33): 'Portföy' on the card with its filters, the EİDS badge and the agent's
 * licence; `/ilan/{id}` with its facts, actions, schema.org data and Open Graph image; the old address moving there.
 */
let product: TestProduct;
let owner: Owner;
let cardId = '';
let flat: Product;
let lamp: Product;
let position = '';

async function page(path: string): Promise<LightMyRequestResponse> {
  await readAfter(product, position, SHOWN_PRODUCT_PROJECTIONS);
  return send(product, 'GET', path);
}

const listing = (overrides: Record<string, unknown>) => ({
  purpose: 'sale',
  propertyType: 'apartment',
  rooms: '3+1',
  grossM2: 140,
  netM2: 120,
  floor: 'garden',
  buildingFloors: 5,
  buildingAge: 8,
  heating: 'combi',
  bathrooms: 2,
  balcony: true,
  lift: false,
  titleDeed: 'condominium',
  creditEligible: true,
  dues: 1750,
  il: 'İstanbul',
  ilce: 'Kadıköy',
  mahalle: 'Caferağa',
  location: { lat: 40.9876, lng: 29.0271 },
  eids: { number: 'EIDS-2026-0042', validUntil: '2027-06-30' },
  ...overrides,
});

beforeAll(async () => {
  product = await startTestProduct({ publicBaseUrl: 'https://kart.example' });
  owner = await registerOwner(product);
  await createProfile(product, owner, { phone: '0532 123 45 67', yetkiBelgesiNo: '3401234' });
  cardId = virtualCardId();
  expect((await send(product, 'POST', '/api/cards', owner.token, { cardId, name: 'Vitrin', type: 'virtual' })).statusCode).toBe(200);
  expect((await send(product, 'POST', '/api/cards/activate', owner.token, { cardId, name: 'Vitrin' })).statusCode).toBe(200);
  const uploaded = await uploadImages(product, owner.token, [
    { name: 'salon.jpg', type: 'image/jpeg', bytes: await photo(1600, 1200, '#1e6f5c') },
    { name: 'mutfak.jpg', type: 'image/jpeg', bytes: await photo(1600, 1200, '#b45309') },
  ]);
  const images = (JSON.parse(uploaded.body) as { data: string[] }).data;
  ({ product: flat } = await createProduct(product, owner, {
    kind: 'listing',
    name: "Moda'da bahçeli 3+1",
    description: 'Metroya 5 dakika.',
    price: { value: '8.750.000', currency: 'TRY' },
    images,
    listing: listing({}),
  }));
  await createProduct(product, owner, {
    kind: 'listing',
    name: 'Bodrum villa',
    price: { value: '95.000', currency: 'TRY' },
    listing: listing({ purpose: 'rent', propertyType: 'villa', rooms: '5+2', il: 'Muğla', ilce: 'Bodrum', mahalle: '', location: null, deposit: 190000 }),
  });
  const made = await createProduct(product, owner, { name: 'Emlak rehberi (kitap)', price: { value: 250 } });
  lamp = made.product;
  position = made.position;
});
afterAll(async () => {
  await product?.close();
});

describe("the card's portfolio", () => {
  it("is called 'Portföy', shows each listing's price, rooms, m² and district with the badge, and the licence", async () => {
    const html = (await page(`/p/${cardId}`)).body;
    expect(html).toContain('>Portföy</h2>');
    expect(html).not.toContain('Ürün Kataloğu');
    expect(html).toContain('Taşınmaz Ticareti Yetki Belgesi No: 3401234');
    expect(html).toContain(`href="/ilan/${flat._id}?card=${cardId}"`);
    expect(html).toMatch(/<span class="pc-product__price">₺8\.750\.000<\/span><span class="pc-product__text">3\+1 · 120 m² · Kadıköy<\/span>/);
    expect(html).toMatch(/₺95\.000\/ay/);
    expect(html.match(/EİDS Doğrulandı/g)).toHaveLength(2);
    // A product in the same catalogue stays a product.
    expect(html).toContain(`href="/product/${lamp._id}?card=${cardId}"`);
  });

  it('offers the filters that have a choice, with the count', async () => {
    const html = (await page(`/p/${cardId}`)).body;
    expect(html).toContain('data-cat-filters');
    expect(html).toMatch(/<input type="radio" name="purpose" value="rent"><span>Kiralık<\/span>/);
    expect(html).toMatch(/<input type="radio" name="type" value="villa"><span>Villa<\/span>/);
    expect(html).toMatch(/<input type="radio" name="rooms" value="5\+2"><span>5\+2<\/span>/);
    expect(html).toContain('data-purpose="sale" data-type="apartment" data-rooms="3+1"');
    expect(html).toMatch(/data-cat-count[^>]*>2 ilan</);
  });
});

describe('the listing page', () => {
  it('answers at /ilan/{id}; the product address of a listing moves there, and the listing address of a product back', async () => {
    const moved = await page(`/product/${flat._id}?card=${cardId}`);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`/ilan/${flat._id}?card=${cardId}`);
    const back = await page(`/ilan/${lamp._id}`);
    expect(back.statusCode).toBe(301);
    expect(back.headers.location).toBe(`/product/${lamp._id}`);
    expect((await page(`/ilan/${flat._id}`)).statusCode).toBe(200);
  });

  it('shows the facts as a table, the badge with its validity, the licence and the actions', async () => {
    const html = (await page(`/ilan/${flat._id}`)).body;
    const facts: Record<string, string> = Object.fromEntries(
      [...html.matchAll(/<tr><th scope="row">([^<]*)<\/th><td>([^<]*)<\/td><\/tr>/g)].map((match) => [match[1] ?? '', match[2] ?? '']),
    );
    expect(facts).toMatchObject({
      'İlan türü': 'Satılık',
      'Emlak tipi': 'Daire',
      'Oda sayısı': '3+1',
      'Brüt m²': '140 m²',
      'Net m²': '120 m²',
      'Bulunduğu kat': 'Bahçe Katı',
      'Isıtma': 'Doğalgaz (Kombi)',
      'Asansör': 'Hayır',
      'Tapu durumu': 'Kat Mülkiyetli',
      'Aidat': '₺1.750',
      'Konum': 'Caferağa, Kadıköy, İstanbul',
    });
    expect(facts).not.toHaveProperty('Eşyalı');
    expect(html).toContain('EİDS yetkisi 30.06.2027 tarihine kadar geçerli');
    expect(html).toContain('EİDS yetki no: EIDS-2026-0042');
    expect(html).toContain('Taşınmaz Ticareti Yetki Belgesi No: 3401234');
    expect(html).toContain('href="tel:+905321234567" data-pp-click="call"');
    const whatsApp = /href="(https:\/\/wa\.me\/905321234567\?text=[^"]*)"[^>]*data-pp-click="whatsapp"/.exec(html)?.[1] ?? '';
    const unescaped = whatsApp.replaceAll('&#39;', "'").replaceAll('&amp;', '&');
    expect(decodeURIComponent(unescaped.split('text=')[1] ?? '')).toBe(
      `Merhaba, 'Moda'da bahçeli 3+1' ilanınız hakkında bilgi almak istiyorum: https://kart.example/ilan/${flat._id}`,
    );
    expect(html).toContain('data-lat="40.9876" data-lng="29.0271"');
  });

  it('describes itself to search engines as a schema.org RealEstateListing with an Offer', async () => {
    const html = (await page(`/ilan/${flat._id}`)).body;
    const json = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)?.[1] ?? '{}';
    const data = JSON.parse(json) as { [key: string]: unknown; offers: unknown; about: unknown; image: unknown[] };
    expect(data['@context']).toBe('https://schema.org');
    expect(data['@type']).toBe('RealEstateListing');
    expect(data.url).toBe(`https://kart.example/ilan/${flat._id}`);
    expect(data.offers).toMatchObject({ '@type': 'Offer', price: 8_750_000, priceCurrency: 'TRY', businessFunction: 'http://purl.org/goodrelations/v1#Sell' });
    expect(data.about).toMatchObject({
      '@type': 'Apartment',
      numberOfRooms: 4,
      floorSize: { '@type': 'QuantitativeValue', value: 120, unitCode: 'MTK' },
      address: { '@type': 'PostalAddress', addressRegion: 'İstanbul', addressLocality: 'Kadıköy', addressCountry: 'TR' },
      geo: { '@type': 'GeoCoordinates', latitude: 40.9876, longitude: 29.0271 },
    });
    expect(data.image).toHaveLength(2);
  });

  it('shares as a listing: its Open Graph image is a 1200×630 PNG of the first photo with the price band, cached by version', async () => {
    const html = (await page(`/ilan/${flat._id}`)).body;
    const image = /<meta property="og:image" content="https:\/\/kart\.example(\/ilan\/[^"]*)">/.exec(html)?.[1] ?? '';
    expect(image).toMatch(new RegExp(`^/ilan/${flat._id}/og\\.png\\?v=[0-9a-f]{16}$`));
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    const answered = await page(image.replaceAll('&amp;', '&'));
    expect(answered.statusCode).toBe(200);
    expect(answered.headers['content-type']).toBe('image/png');
    expect(answered.headers['cache-control']).toContain('immutable');
    const png = answered.rawPayload;
    const metadata = await sharp(png).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 1200, 630]);
    // The photo (green) fills the top; the band at the bottom is dark with white text on it.
    const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    const [red, green] = pixel(600, 100);
    expect(green).toBeGreaterThan(red ?? 0);
    let white = 0;
    for (let y = 400; y < 630; y += 2) for (let x = 40; x < 700; x += 2) if (pixel(x, y).every((value) => value > 230)) white += 1;
    expect(white).toBeGreaterThan(200);
    // An old version of the address still answers, briefly cached.
    const old = await page(`/ilan/${flat._id}/og.png?v=0000000000000000`);
    expect(old.headers['cache-control']).toBe('public, max-age=300');
    expect((await page(`/ilan/${lamp._id}/og.png`)).statusCode).toBe(404);
  });

  it('a new price is a new image address', async () => {
    const before = /og\.png\?v=([0-9a-f]{16})/.exec((await page(`/ilan/${flat._id}`)).body)?.[1];
    const edited = await send(product, 'PUT', `/api/products/${flat._id}`, owner.token, {
      kind: 'listing',
      name: flat.name,
      price: { value: '8.500.000' },
      images: flat.images,
      listing: listing({}),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    position = productAnswer(edited).position ?? position;
    const after = /og\.png\?v=([0-9a-f]{16})/.exec((await page(`/ilan/${flat._id}`)).body)?.[1];
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
  });
});
