import { describe, expect, it } from 'vitest';
import type { PageAssets } from '../html/assets.ts';
import { HOSTILE, ID, IMAGE, expectHarmless, product } from '../html/expect-harmless.ts';
import { renderProductPage, renderProductUnavailable } from './render.ts';
import { toProductPageView, whatsAppNumber } from './view.ts';

/**
 * Rendering of /product/{id}: hostile product text stays text, and the empty and placeholder states say what the SPEC
 * says.
 */

const ASSETS: PageAssets = { css: '', scriptUrl: '/assets/product-page.js', modulePreloads: [] };

function page(
  fields: Record<string, unknown> = {},
  profile: Record<string, unknown> = { firstName: 'Ayşe', lastName: 'Yılmaz' },
) {
  const view = toProductPageView({
    productId: ID,
    data: product(fields),
    cardId: 'VC-ABC123',
    profile,
    publicBaseUrl: 'https://kart.example',
  });
  return { view, html: renderProductPage(view, ASSETS) };
}

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
    const { html } = page(
      { name: HOSTILE, description: HOSTILE, category: HOSTILE, tags: [HOSTILE], features: [HOSTILE] },
      { firstName: HOSTILE },
    );
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
    expect(page({ actionButton: { type: 'whatsapp', label: 'x', value: '905321112233' } }).view.whatsAppAskUrl).toBe(
      `https://wa.me/905321112233?text=${text}`,
    );
    expect(page({}, { phone: '+90 532 444 55 66' }).view.whatsAppAskUrl).toBe(
      `https://wa.me/905324445566?text=${text}`,
    );
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
