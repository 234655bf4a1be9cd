import { describe, expect, it } from 'vitest';
import { formatPrice, renderCatalogue, toCatalogue } from '../public-page/catalogue.ts';
import type { PageAssets } from '../public-page/render.ts';
import { renderProductPage, renderProductUnavailable } from './render.ts';
import { toProductPageView, whatsAppNumber } from './view.ts';

/**
 * Rendering of 'Ürün Kataloğu' (card page) and /product/{id}: hostile product text stays text, prices are formatted
 * the Turkish way, and the empty and placeholder states say what the SPEC says.
 */

const OWNER = '3f1c2b4a-1111-4222-8333-444455556666';
const ID = ['0a1b2c3d-0000-4000-8000-00000000000', '1'].join('');
const IMAGE = `/media/products/${OWNER}/${'ab'.repeat(16)}.jpg`;
const ASSETS: PageAssets = { css: '', scriptUrl: '/assets/product-page.js', modulePreloads: [] };
const HOSTILE = `"><img src=x onerror=alert(1)></script><script>alert(2)</script>'\``;

/** Every tag with its attributes: our escaping keeps raw '<' out of text and raw '"' out of values. */
function tags(html: string): { name: string; attributes: [string, string][] }[] {
  return (html.match(/<[a-zA-Z][^>]*>/g) ?? []).map((tag) => {
    const name = /^<([a-zA-Z0-9-]+)/.exec(tag)?.[1] ?? '';
    const attributes = [...tag.slice(name.length + 1).matchAll(/\s([^\s"'=<>/]+)(?:="([^"]*)")?/g)].map(
      (match): [string, string] => [match[1] ?? '', match[2] ?? ''],
    );
    return { name: name.toLowerCase(), attributes };
  });
}

function expectHarmless(html: string, scripts: number): void {
  const all = tags(html);
  expect(all.filter((tag) => tag.name === 'script')).toHaveLength(scripts);
  for (const { name, attributes } of all) {
    for (const [attribute, value] of attributes) {
      expect(attribute, `<${name} ${attribute}>`).not.toMatch(/^on/i);
      if (['href', 'src'].includes(attribute)) expect(value, `<${name} ${attribute}="${value}">`).toMatch(/^(https:\/\/[^/]|\/(?!\/)|#)/);
    }
  }
  expect(all.some((tag) => tag.name === 'img' && tag.attributes.some(([, value]) => value === 'x'))).toBe(false);
}

function product(fields: Record<string, unknown> = {}) {
  return {
    name: 'Bakır Lamba',
    description: 'Dövme bakır',
    price: { value: 2499.9, currency: 'TRY', isDisplayed: true, compareAtValue: 2999.9 },
    images: [IMAGE],
    url: 'https://magaza.example/lamba',
    actionButton: { type: 'none', label: 'İletişime Geç', value: '' },
    category: 'Aydınlatma',
    tags: ['bakır'],
    features: ['E27 duy'],
    stock: 2,
    ...fields,
  };
}

function page(fields: Record<string, unknown> = {}, profile: Record<string, unknown> = { firstName: 'Ayşe', lastName: 'Yılmaz' }) {
  const view = toProductPageView({ productId: ID, data: product(fields), cardId: 'VC-ABC123', profile, publicBaseUrl: 'https://kart.example' });
  return { view, html: renderProductPage(view, ASSETS) };
}

describe('prices', () => {
  it("are formatted with Intl.NumberFormat('tr-TR') in the product's currency", () => {
    expect(formatPrice(1234.5, 'TRY')).toBe('₺1.234,50');
    expect(formatPrice(12, 'USD')).toBe('$12,00');
    expect(formatPrice(99.99, 'EUR')).toBe('€99,99');
    expect(formatPrice(1_000_000, 'GBP')).toBe('£1.000.000,00');
    // A currency the product cannot have is shown as the default, never thrown on.
    expect(formatPrice(5, 'XXX; drop')).toBe('₺5,00');
  });

  it('show only with a value above zero that is to be displayed; a compare-at price only above the price', () => {
    const item = (price: Record<string, unknown>) => toCatalogue([{ id: ID, featured: false, data: product({ price }) }])[0]?.price;
    expect(item({ value: 0, currency: 'TRY', isDisplayed: true })).toBeNull();
    expect(item({ value: 10, currency: 'TRY', isDisplayed: false })).toBeNull();
    expect(item({ value: '10', currency: 'TRY', isDisplayed: true })).toBeNull();
    expect(item({ value: 10, currency: 'TRY', isDisplayed: true, compareAtValue: 8 })).toEqual({ text: '₺10,00', compareAt: null });
    expect(item({ value: 10, currency: 'USD', isDisplayed: true, compareAtValue: 12 })).toEqual({ text: '$10,00', compareAt: '$12,00' });
  });
});

describe("the card page's catalogue", () => {
  it("says 'Ürün bulunamadı' without products, with neither toggle nor buttons", () => {
    const html = renderCatalogue([]).value;
    expect(html).toContain('<p class="pc-cat__empty">Ürün bulunamadı</p>');
    expect(html).not.toContain('data-cat-toggle');
    expect(html).not.toContain('data-cat-next');
  });

  it("shows 'Görsel Yok' without an image, the small variant with its size and lazily otherwise", () => {
    const [withImage, without] = toCatalogue([
      { id: ID, featured: true, data: product() },
      { id: ID.replace(/1$/, '2'), featured: false, data: product({ images: [] }) },
    ]);
    const html = renderCatalogue([withImage!, without!]).value;
    expect(html).toContain(`<img class="pc-product__img" src="${IMAGE.replace('.jpg', '-sm.jpg')}" alt="" width="220" height="165" loading="lazy" decoding="async">`);
    expect(html).toContain('Görsel Yok');
    expect(html).toContain('Öne Çıkan');
    expect(html.match(/Detaylar/g)).toHaveLength(2);
  });

  it('offers the WebP small variant in a <picture> only when its file exists', () => {
    const webpKey = `products/${OWNER}/${'ab'.repeat(16)}-sm.webp`;
    const rows = [{ id: ID, featured: false, data: product() }];
    const withWebp = renderCatalogue(toCatalogue(rows, new Set([webpKey]))).value;
    expect(withWebp).toContain(`<picture><source type="image/webp" srcset="/media/${webpKey}"><img class="pc-product__img" src="${IMAGE.replace('.jpg', '-sm.jpg')}"`);
    const without = renderCatalogue(toCatalogue(rows)).value;
    expect(without).not.toContain('<picture>');
    expect(without).toContain(`src="${IMAGE.replace('.jpg', '-sm.jpg')}"`);
  });

  it('shows the progress bar only with more than 3 products', () => {
    const items = (count: number) =>
      toCatalogue(Array.from({ length: count }, (_, index) => ({ id: ID.replace(/1$/, String(index)), featured: false, data: product() })));
    expect(renderCatalogue(items(3)).value).not.toContain('pc-cat__progress');
    expect(renderCatalogue(items(4)).value).toContain('pc-cat__progress');
  });

  it('keeps hostile names and descriptions as text, and drops what is not a product id or our own image', () => {
    const items = toCatalogue([
      { id: ID, featured: false, data: product({ name: HOSTILE, description: HOSTILE, images: ['javascript:alert(1)', '//evil.example/x.jpg'] }) },
      { id: 'javascript:alert(1)', featured: false, data: product() },
      { id: ID, featured: false, data: 'not an object' },
    ]);
    expect(items).toHaveLength(1);
    expect(items[0]?.image).toBeNull();
    const html = renderCatalogue(items).value;
    expectHarmless(html, 0);
    expect(html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;&lt;/script&gt;&lt;script&gt;alert(2)&lt;/script&gt;&#39;&#96;');
    expect(html).toContain(`href="/product/${ID}"`);
  });
});

describe('the product page', () => {
  it('puts the name, price and first image into its Open Graph tags, the image as an absolute URL', () => {
    const { html } = page();
    expect(html).toContain('<meta property="og:title" content="Bakır Lamba">');
    expect(html).toContain(`<meta property="og:image" content="https://kart.example${IMAGE}">`);
    expect(html).toContain('<meta property="og:description" content="₺2.499,90 · Dövme bakır">');
    expect(html).toContain('<meta property="product:price:amount" content="2499.90">');
    expect(html).toContain(`<link rel="canonical" href="https://kart.example/product/${ID}">`);
    expect(html).toContain('<meta name="robots" content="noindex">');
  });

  it('keeps hostile text inside its element and attribute, and its data block valid JSON', () => {
    const { html } = page({ name: HOSTILE, description: HOSTILE, category: HOSTILE, tags: [HOSTILE], features: [HOSTILE] }, { firstName: HOSTILE });
    expectHarmless(html, 2);
    expect(html).toContain('<meta property="og:title" content="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    const block = /<script type="application\/json" id="pp-data">([^<]*)<\/script>/.exec(html)?.[1] ?? '';
    expect((JSON.parse(block) as { share: { title: string } }).share.title).toBe(HOSTILE);
  });

  it("shows 'Satın Al' only with an http(s) url, and the stock badge only when stock is tracked", () => {
    expect(page().html).toContain('href="https://magaza.example/lamba"');
    expect(page({ url: '' }).html).not.toContain('Satın Al');
    expect(page({ url: 'javascript:alert(1)' }).html).not.toContain('Satın Al');
    expect(page({ stock: 2 }).html).toContain('Stokta var');
    expect(page({ stock: 0 }).html).toContain('Stokta yok');
    expect(page({ stock: null }).html).not.toMatch(/Stokta (var|yok)/);
  });

  it("says 'Görsel bulunamadı' without images, and has arrows and thumbnails only with more than one", () => {
    const none = page({ images: [] }).html;
    expect(none).toContain('Görsel bulunamadı');
    expect(none).not.toContain('og:image');
    const one = page().html;
    expect(one).not.toContain('data-gallery-next');
    expect(one).not.toContain('pp-thumb');
    const two = page({ images: [IMAGE, IMAGE.replace('ab', 'cd')] }).html;
    expect(two).toContain('data-gallery-prev');
    expect(two.match(/class="pp-thumb"/g)).toHaveLength(2);
    expect(two).toContain('1 / 2');
  });

  it("asks on WhatsApp with SPEC §7's text: to the product's WhatsApp number, else the owner's phone", () => {
    const url = `https://kart.example/product/${ID}`;
    const text = encodeURIComponent(`Bakır Lamba hakkında bilgi almak istiyorum: ${url}`);
    expect(page({ actionButton: { type: 'whatsapp', label: 'x', value: '905321112233' } }).view.whatsAppAskUrl).toBe(`https://wa.me/905321112233?text=${text}`);
    expect(page({}, { phone: '+90 532 444 55 66' }).view.whatsAppAskUrl).toBe(`https://wa.me/905324445566?text=${text}`);
    expect(page({}, {}).view.whatsAppAskUrl).toBe(`https://wa.me/?text=${text}`);
    expect(page().view.whatsAppShareUrl).toBe(`https://wa.me/?text=${encodeURIComponent(`Bakır Lamba ${url}`)}`);
    expect(whatsAppNumber({ type: 'whatsapp', value: '90 532 111 22 33' }, null)).toBe('905321112233');
    expect(whatsAppNumber({ type: 'link', value: 'https://x.example' }, '0532 111 22 33')).toBe('905321112233');
    expect(whatsAppNumber(null, 'yok')).toBeNull();
  });

  it('links back to the owner card, and the not-found page is the same bytes for every product', () => {
    expect(page().html).toContain('href="/p/VC-ABC123" aria-label="Ayşe Yılmaz kartvizitine dön"');
    const notFound = renderProductUnavailable('not-found', ASSETS);
    expect(notFound).toContain('<h1 class="pc-state__title">Ürün bulunamadı</h1>');
    expect(notFound).toContain('Aradığınız ürün bulunamadı veya artık mevcut değil.');
    expect(notFound).toContain('Geri Dön');
    expect(renderProductUnavailable('not-found', ASSETS)).toBe(notFound);
  });
});
