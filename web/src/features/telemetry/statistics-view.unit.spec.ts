import { describe, expect, it } from 'vitest';
import { buildCsv, csvCell, csvFileName } from './statistics-csv.ts';
import {
  browserRows,
  clickRows,
  contactBars,
  dailyNewestFirst,
  deviceRows,
  hasNoStatistics,
  isTabId,
  languageRows,
  locationRows,
  locationSlices,
  productColumns,
  productRows,
  productViewBars,
  socialRows,
  tabTables,
  type StatisticsData,
} from './statistics-view.ts';

const DATA: StatisticsData = {
  profile: { visits: 4, uniqueVisitors: 3, lastVisitedAt: '2025-11-21T11:05:00.000Z' },
  daily: [
    { date: '2025-11-19', count: 1, uniqueVisitors: 1 },
    { date: '2025-11-20', count: 0, uniqueVisitors: 0 },
    { date: '2025-11-21', count: 3, uniqueVisitors: 2 },
  ],
  locations: [
    { country: 'Almanya', city: 'Berlin', countryCode: 'DE', count: 1 },
    { country: 'Türkiye', city: 'İstanbul', countryCode: 'TR', count: 2 },
    { country: 'Bilinmiyor', city: 'Bilinmiyor', countryCode: null, count: 1 },
  ],
  devices: {
    devices: [
      { deviceType: 'desktop', count: 1, percentage: 25 },
      { deviceType: 'mobile', count: 3, percentage: 75 },
    ],
    browsers: [
      { browser: 'Safari', count: 3, percentage: 75 },
      { browser: 'Chrome', count: 1, percentage: 25 },
    ],
  },
  languages: [
    { language: 'en', name: 'İngilizce', visits: 2, percentage: 50 },
    { language: 'tr', name: 'Türkçe', visits: 1, percentage: 25 },
    { language: 'ar', name: 'Arapça', visits: 1, percentage: 25 },
  ],
  clicks: {
    totalClicks: 5,
    phone: 2,
    whatsapp: 0,
    email: 1,
    website: 0,
    address: 0,
    directions: 0,
    vcard: 1,
    socialMedia: [{ platform: 'instagram', clicks: 1 }],
  },
  products: {
    totalViews: 5,
    totalClicks: 3,
    products: [
      {
        productId: '11111111-1111-4111-8111-111111111111',
        name: 'Çalışma Lambası',
        deleted: false,
        isActive: true,
        views: 4,
        uniqueVisitors: 3,
        lastViewedAt: '2025-11-21T11:05:00.000Z',
        clicks: { buy: 1, whatsapp: 2, call: 0, total: 3 },
        registrations: 0,
      },
      {
        productId: '22222222-2222-4222-8222-222222222222',
        name: 'Silinmiş ürün',
        deleted: true,
        isActive: false,
        views: 1,
        uniqueVisitors: 1,
        lastViewedAt: null,
        clicks: { buy: 0, whatsapp: 0, call: 0, total: 0 },
        registrations: 0,
      },
    ],
  },
};

const SUMMARY = { cardLabel: 'Tüm kartlar', visits: '4', uniqueVisitors: '3', clicks: '5', lastVisit: '21 Kasım 2025 14:05' };

describe('rows the screen shows', () => {
  it('lists days newest first', () => {
    expect(dailyNewestFirst(DATA.daily).map((day) => day.date)).toEqual(['2025-11-21', '2025-11-20', '2025-11-19']);
  });

  it('sorts locations by count and names the unknown', () => {
    expect(locationRows(DATA.locations).map((row) => [row.country, row.city, row.count])).toEqual([
      ['Türkiye', 'İstanbul', 2],
      ['Almanya', 'Berlin', 1],
      ['Bilinmiyor', 'Bilinmiyor', 1],
    ]);
    expect(locationRows([{ country: '', city: '', countryCode: null, count: 1 }])[0]).toMatchObject({ country: 'Bilinmiyor', city: 'Bilinmiyor' });
    expect(locationSlices(DATA.locations).map((slice) => slice.label)).toEqual(['İstanbul, Türkiye', 'Berlin, Almanya', 'Bilinmiyor']);
  });

  it('always shows the three devices with their share of visits', () => {
    expect(deviceRows(DATA.devices).map((row) => [row.label, row.count, row.share])).toEqual([
      ['Mobil', 3, 0.75],
      ['Tablet', 0, 0],
      ['Masaüstü', 1, 0.25],
    ]);
    expect(browserRows(DATA.devices).map((row) => [row.label, row.count, row.share])).toEqual([
      ['Safari', 3, 0.75],
      ['Chrome', 1, 0.25],
    ]);
  });

  it('given visits in three languages, then the languages the card was read in, most first, with their shares', () => {
    expect(languageRows(DATA.languages).map((row) => [row.key, row.label, row.count, row.share])).toEqual([
      ['en', 'İngilizce', 2, 0.5],
      ['tr', 'Türkçe', 1, 0.25],
      ['ar', 'Arapça', 1, 0.25],
    ]);
    // Each language keeps its own colour, whatever its place in the list.
    expect(languageRows(DATA.languages).map((row) => row.color)).toEqual(['#0d9488', '#4f46e5', '#db2777']);
  });

  it('given languages out of order, ties and a zero, then most first, ties in the languages’ order, no zero', () => {
    const rows = languageRows([
      { language: 'de', name: 'Almanca', visits: 1, percentage: 25 },
      { language: 'ru', name: 'Rusça', visits: 0, percentage: 0 },
      { language: 'ar', name: 'Arapça', visits: 1, percentage: 25 },
      { language: 'tr', name: 'Türkçe', visits: 2, percentage: 50 },
    ]);
    expect(rows.map((row) => [row.label, row.count])).toEqual([
      ['Türkçe', 2],
      ['Arapça', 1],
      ['Almanca', 1],
    ]);
    expect(languageRows([])).toEqual([]);
  });

  it('counts clicks by kind, social links as one kind, shares of all clicks', () => {
    expect(clickRows(DATA.clicks).map((row) => [row.label, row.count])).toEqual([
      ['Telefon', 2],
      ['WhatsApp', 0],
      ['E-posta', 1],
      ['Web Sitesi', 0],
      ['Adres', 0],
      ['Yol Tarifi', 0],
      ['Rehbere Ekle', 1],
      ['Sosyal Medya', 1],
    ]);
    expect(contactBars(DATA.clicks).map((row) => [row.key, row.share])).toEqual([
      ['phone', 0.4],
      ['email', 0.2],
      ['website', 0],
    ]);
    expect(socialRows(DATA.clicks)).toEqual([{ key: 'instagram|0', platform: 'Instagram', clicks: 1 }]);
  });

  it('has nothing to show without statistics or with only zeros', () => {
    expect(hasNoStatistics({ profile: null, clicks: DATA.clicks })).toBe(true);
    expect(hasNoStatistics({ profile: { visits: 0, uniqueVisitors: 0, lastVisitedAt: null }, clicks: { ...DATA.clicks, totalClicks: 0 } })).toBe(true);
    expect(hasNoStatistics(DATA)).toBe(false);
  });

  it('given product views but no card visit yet, then there is something to show', () => {
    expect(hasNoStatistics({ profile: null, clicks: { ...DATA.clicks, totalClicks: 0 }, products: DATA.products })).toBe(false);
    expect(
      hasNoStatistics({ profile: null, clicks: DATA.clicks, products: { totalViews: 0, totalClicks: 0, products: [] } }),
    ).toBe(true);
  });

  it('given product figures, then bars share all views and rows keep the server’s order', () => {
    expect(productViewBars(DATA.products).map((row) => [row.label, row.count, row.share])).toEqual([
      ['Çalışma Lambası', 4, 0.8],
      ['Silinmiş ürün', 1, 0.2],
    ]);
    expect(productRows(DATA.products).map((row) => [row.name, row.deleted, row.buy, row.whatsapp, row.clicks])).toEqual([
      ['Çalışma Lambası', false, 1, 2, 3],
      ['Silinmiş ürün', true, 0, 0, 0],
    ]);
  });

  it('knows its tabs', () => {
    expect(isTabId('cihazlar')).toBe(true);
    expect(isTabId('urunler')).toBe(true);
    expect(isTabId('diller')).toBe(true);
    expect(isTabId('devices')).toBe(false);
    expect(isTabId(null)).toBe(false);
  });
});

describe('CSV of the tab on screen', () => {
  it('quotes cells, doubles quotes and defuses formulas', () => {
    expect(csvCell('Ankara')).toBe('"Ankara"');
    expect(csvCell('a "b"')).toBe('"a ""b"""');
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('-1')).toBe('"\'-1"');
  });

  it('starts with a byte order mark, separates with ; and ends lines with CRLF', () => {
    const text = buildCsv([{ title: 'T', header: ['A', 'B'], rows: [['1', 'ş']] }]);
    expect(text).toBe('\uFEFF"T"\r\n"A";"B"\r\n"1";"ş"\r\n');
  });

  it('names the file after the tab and the day', () => {
    expect(csvFileName('cihazlar', '2025-11-21')).toBe('istatistikler-cihazlar-2025-11-21.csv');
  });

  it('puts the summary above the devices tab’s two tables', () => {
    const tables = tabTables('cihazlar', DATA, SUMMARY);
    expect(tables.map((table) => table.title)).toEqual(['Özet', 'Cihazlar', 'Tarayıcılar']);
    expect(tables[0]?.rows).toEqual([['Tüm kartlar', '4', '3', '5', '21 Kasım 2025 14:05']]);
    expect(tables[1]?.rows).toEqual([
      ['Mobil', '3', '75'],
      ['Tablet', '0', '0'],
      ['Masaüstü', '1', '25'],
    ]);
  });

  it('exports the Diller tab: the summary, then each language with its visits and share', () => {
    const tables = tabTables('diller', DATA, SUMMARY);
    expect(tables.map((table) => table.title)).toEqual(['Özet', 'Diller']);
    expect(tables[1]?.header).toEqual(['Dil', 'Ziyaret', 'Yüzde (%)']);
    expect(tables[1]?.rows).toEqual([
      ['İngilizce', '2', '50'],
      ['Türkçe', '1', '25'],
      ['Arapça', '1', '25'],
    ]);
    expect(buildCsv(tables)).toContain('"Diller"\r\n"Dil";"Ziyaret";"Yüzde (%)"\r\n"İngilizce";"2";"50"\r\n');
  });

  it('given no visits in any language, then the Diller tab exports its header alone', () => {
    expect(tabTables('diller', { ...DATA, languages: [] }, SUMMARY)[1]).toEqual({
      title: 'Diller',
      header: ['Dil', 'Ziyaret', 'Yüzde (%)'],
      rows: [],
    });
  });

  it('exports the Ürünler tab: every product with its views, viewers and clicks per button', () => {
    const tables = tabTables('urunler', DATA, SUMMARY);
    expect(tables.map((table) => table.title)).toEqual(['Özet', 'Ürünler']);
    expect(tables[1]?.header).toEqual(['Ürün', 'Görüntülenme', 'Tekil Görüntüleyen', 'Satın Al', 'WhatsApp', 'Toplam Tıklama']);
    expect(tables[1]?.rows).toEqual([
      ['Çalışma Lambası', '4', '3', '1', '2', '3'],
      ['Silinmiş ürün', '1', '1', '0', '0', '0'],
    ]);
  });

  it("given a listing's calls and REMS registrations, then 'Arama' and 'REMS kaydı' join the Ürünler table, each once there is one", () => {
    const flat = {
      productId: '33333333-3333-4333-8333-333333333333',
      name: 'Moda 3+1 Daire',
      deleted: false,
      isActive: true,
      views: 6,
      uniqueVisitors: 5,
      lastViewedAt: '2025-11-21T10:00:00.000Z',
      clicks: { buy: 0, whatsapp: 1, call: 2, total: 3 },
      registrations: 1,
    };
    const products = { totalViews: 11, totalClicks: 6, products: [flat, ...DATA.products.products] };
    expect(productColumns(productRows(products))).toEqual({ call: true, registrations: true });
    expect(productColumns(productRows(DATA.products))).toEqual({ call: false, registrations: false });
    const tables = tabTables('urunler', { ...DATA, products }, SUMMARY);
    expect(tables[1]?.header).toEqual([
      'Ürün',
      'Görüntülenme',
      'Tekil Görüntüleyen',
      'Satın Al',
      'WhatsApp',
      'Arama',
      'REMS kaydı',
      'Toplam Tıklama',
    ]);
    expect(tables[1]?.rows).toEqual([
      ['Moda 3+1 Daire', '6', '5', '0', '1', '2', '1', '3'],
      ['Çalışma Lambası', '4', '3', '1', '2', '0', '0', '3'],
      ['Silinmiş ürün', '1', '1', '0', '0', '0', '0', '0'],
    ]);
    // Registrations without a call: only their column.
    const asked = { ...products, products: [{ ...flat, clicks: { buy: 0, whatsapp: 1, call: 0, total: 1 } }] };
    expect(tabTables('urunler', { ...DATA, products: asked }, SUMMARY)[1]?.header).toEqual([
      'Ürün',
      'Görüntülenme',
      'Tekil Görüntüleyen',
      'Satın Al',
      'WhatsApp',
      'REMS kaydı',
      'Toplam Tıklama',
    ]);
  });

  it('exports the visits table newest first and the locations by count', () => {
    expect(tabTables('ziyaretler', DATA, SUMMARY)[1]?.rows[0]).toEqual(['2025-11-21', '3', '2']);
    expect(tabTables('konumlar', DATA, SUMMARY)[1]?.rows[0]).toEqual(['Türkiye', 'İstanbul', '2']);
    const clicks = tabTables('tiklamalar', DATA, SUMMARY);
    expect(clicks[1]?.rows[0]).toEqual(['Telefon', '2', '40']);
    expect(clicks[2]?.rows).toEqual([['Instagram', '1']]);
    expect(tabTables('genel-bakis', DATA, SUMMARY).map((table) => table.title)).toEqual([
      'Özet',
      'Günlük ziyaretler (son 30 gün)',
      'Konum dağılımı (ilk 6)',
      'Cihaz dağılımı',
      'Dil dağılımı',
      'Tıklama dağılımı',
    ]);
    expect(tabTables('genel-bakis', DATA, SUMMARY)[4]?.rows).toEqual([
      ['İngilizce', '2', '50'],
      ['Türkçe', '1', '25'],
      ['Arapça', '1', '25'],
    ]);
  });
});
