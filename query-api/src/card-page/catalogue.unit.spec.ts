import { describe, expect, it } from 'vitest';
import { HOSTILE, ID, IMAGE, OWNER, expectHarmless, product } from '../html/expect-harmless.ts';
import { renderCatalogue, toCatalogue } from './catalogue.ts';

/** 'Ürün Kataloğu' on the card page: hostile product text stays text, and the empty and placeholder states say what the SPEC says. */

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
    expect(html).toContain(
      `<img class="pc-product__img" src="${IMAGE.replace('.jpg', '-sm.jpg')}" alt="" width="220" height="165" loading="lazy" decoding="async">`,
    );
    expect(html).toContain('Görsel Yok');
    expect(html).toContain('Öne Çıkan');
    expect(html.match(/Detaylar/g)).toHaveLength(2);
  });

  it('offers the WebP small variant in a <picture> only when its file exists', () => {
    const webpKey = `products/${OWNER}/${'ab'.repeat(16)}-sm.webp`;
    const rows = [{ id: ID, featured: false, data: product() }];
    const withWebp = renderCatalogue(toCatalogue(rows, new Set([webpKey]))).value;
    expect(withWebp).toContain(
      `<picture><source type="image/webp" srcset="/media/${webpKey}"><img class="pc-product__img" src="${IMAGE.replace('.jpg', '-sm.jpg')}"`,
    );
    const without = renderCatalogue(toCatalogue(rows)).value;
    expect(without).not.toContain('<picture>');
    expect(without).toContain(`src="${IMAGE.replace('.jpg', '-sm.jpg')}"`);
  });

  it('shows the progress bar only with more than 3 products', () => {
    const items = (count: number) =>
      toCatalogue(
        Array.from({ length: count }, (_, index) => ({
          id: ID.replace(/1$/, String(index)),
          featured: false,
          data: product(),
        })),
      );
    expect(renderCatalogue(items(3)).value).not.toContain('pc-cat__progress');
    expect(renderCatalogue(items(4)).value).toContain('pc-cat__progress');
  });

  it('keeps hostile names and descriptions as text, and drops what is not a product id or our own image', () => {
    const items = toCatalogue([
      {
        id: ID,
        featured: false,
        data: product({ name: HOSTILE, description: HOSTILE, images: ['javascript:alert(1)', '//evil.example/x.jpg'] }),
      },
      { id: 'javascript:alert(1)', featured: false, data: product() },
      { id: ID, featured: false, data: 'not an object' },
    ]);
    expect(items).toHaveLength(1);
    expect(items[0]?.image).toBeNull();
    const html = renderCatalogue(items).value;
    expectHarmless(html, 0);
    expect(html).toContain(
      '&quot;&gt;&lt;img src=x onerror=alert(1)&gt;&lt;/script&gt;&lt;script&gt;alert(2)&lt;/script&gt;&#39;&#96;',
    );
    expect(html).toContain(`href="/product/${ID}"`);
  });
});

describe("the card page's portfolio (issue 33)", () => {
  const flat = (rooms: string, purpose: string, hostileName = false) =>
    product({
      name: hostileName ? HOSTILE : `${rooms} Daire`,
      kind: 'listing',
      listing: {
        purpose,
        propertyType: 'apartment',
        rooms,
        grossM2: 100,
        netM2: 90,
        il: 'İzmir',
        ilce: 'Karşıyaka',
        mahalle: '',
        eids: { number: 'EIDS-1', validUntil: '2027-01-31' },
      },
    });

  it('a catalogue of products alone carries nothing of a portfolio: no filters, no styles, its old title', () => {
    const html = renderCatalogue(toCatalogue([{ id: ID, featured: false, data: product() }])).value;
    expect(html).toContain('Ürün Kataloğu');
    expect(html).not.toContain('Portföy');
    expect(html).not.toContain('<style>');
    expect(html).not.toContain('data-cat-filters');
  });

  it("with listings it is 'Portföy', with a badge per listing and filters only where there is a choice", () => {
    const items = toCatalogue([
      { id: ID, featured: false, data: flat('2+1', 'sale') },
      { id: ID.replace(/1$/, '2'), featured: false, data: flat('3+1', 'sale') },
    ]);
    const html = renderCatalogue(items, { cardId: null, t: (key) => key, language: null, yetkiBelgesiNo: '3501234' }).value;
    expect(html).toContain('>Portföy</h2>');
    expect(html).toContain('Taşınmaz Ticareti Yetki Belgesi No: 3501234');
    expect(html.match(/EİDS Doğrulandı/g)).toHaveLength(2);
    expect(html).toContain('name="rooms" value="3+1"');
    // Every listing is for sale and a flat: nothing to choose there.
    expect(html).not.toContain('name="purpose"');
    expect(html).not.toContain('name="type"');
  });

  it("a listing's hostile name stays text", () => {
    const html = renderCatalogue(toCatalogue([{ id: ID, featured: false, data: flat('1+1', 'rent', true) }])).value;
    expectHarmless(html, 0);
  });
});
