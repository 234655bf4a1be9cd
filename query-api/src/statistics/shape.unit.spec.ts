import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@kartvizit/schemas';
import {
  clickStatistics,
  deviceStatistics,
  lastDays,
  locationStatistics,
  officeStatistics,
  percentage,
  periodDays,
  productStatistics,
} from './shape.ts';
import type { BreakdownRow, ProductFigures } from './read-model.ts';

const row = (dimension: string, key: string, count: number, detail = ''): BreakdownRow => ({
  dimension,
  key,
  detail,
  count,
});

describe('statistics answers from read-model rows', () => {
  it('the last days end on the Istanbul day of now: 21:00Z is already tomorrow there', () => {
    expect(lastDays(new Date('2026-03-01T20:59:59Z'), 3)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(lastDays(new Date('2026-03-01T21:00:00Z'), 3)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
    expect(lastDays(new Date('2026-03-01T12:00:00Z'), 30)).toHaveLength(30);
  });

  it('percentages have one decimal and 0 of nothing is 0', () => {
    expect(percentage(1, 3)).toBe(33.3);
    expect(percentage(2, 3)).toBe(66.7);
    expect(percentage(0, 0)).toBe(0);
  });

  it('devices: all three, most first; browsers with Bilinmiyor for the unrecognised', () => {
    const stats = deviceStatistics([
      row('device', 'desktop', 3),
      row('device', 'mobile', 5),
      row('browser', 'Safari', 6),
      row('browser', '', 2),
    ]);
    expect(stats.devices).toEqual([
      { deviceType: 'mobile', count: 5, percentage: 62.5 },
      { deviceType: 'desktop', count: 3, percentage: 37.5 },
      { deviceType: 'tablet', count: 0, percentage: 0 },
    ]);
    expect(stats.browsers).toEqual([
      { browser: 'Safari', count: 6, percentage: 75 },
      { browser: MESSAGES.statisticsUnknown, count: 2, percentage: 25 },
    ]);
  });

  it('locations: Turkish country names, Bilinmiyor for what is unknown, most first', () => {
    expect(
      locationStatistics([
        row('location', 'DE', 1, 'Berlin'),
        row('location', '', 2),
        row('location', 'TR', 4, 'İzmir'),
        row('location', 'TR', 2),
      ]),
    ).toEqual([
      { country: 'Türkiye', city: 'İzmir', countryCode: 'TR', count: 4 },
      { country: 'Bilinmiyor', city: 'Bilinmiyor', countryCode: null, count: 2 },
      { country: 'Türkiye', city: 'Bilinmiyor', countryCode: 'TR', count: 2 },
      { country: 'Almanya', city: 'Berlin', countryCode: 'DE', count: 1 },
    ]);
  });

  it('clicks: each contact action and social platforms, a social click without platform as other', () => {
    expect(
      clickStatistics([
        row('click', 'phone', 3),
        row('click', 'whatsapp', 2),
        row('click', 'directions', 1, 'waze'),
        row('click', 'directions', 2, 'google'),
        row('click', 'social', 4, 'instagram'),
        row('click', 'social', 1),
      ]),
    ).toEqual({
      totalClicks: 13,
      phone: 3,
      whatsapp: 2,
      email: 0,
      website: 0,
      address: 0,
      directions: 3,
      vcard: 0,
      socialMedia: [
        { platform: 'instagram', clicks: 4 },
        { platform: 'other', clicks: 1 },
      ],
    });
  });
});

describe('the Ürünler figures from read-model rows', () => {
  const figures = (productId: string, fields: Partial<ProductFigures>): ProductFigures => ({
    productId,
    name: 'Ürün',
    deleted: false,
    isActive: true,
    views: 0,
    uniqueVisitors: 0,
    buyClicks: 0,
    whatsappClicks: 0,
    callClicks: 0,
    registrations: 0,
    lastViewedAt: null,
    ...fields,
  });

  it("given a listing's calls and REMS registrations, then they are its own columns and calls count as clicks", () => {
    const [flat] = productStatistics([
      figures('a', { name: 'Moda 3+1', views: 9, whatsappClicks: 2, callClicks: 3, registrations: 1 }),
    ]).products;
    expect(flat?.clicks).toEqual({ buy: 0, whatsapp: 2, call: 3, total: 5 });
    expect(flat?.registrations).toBe(1);
  });

  it('given listings alike in views and clicks, then the one asked about through REMS more often first; registrations are no clicks', () => {
    const stats = productStatistics([
      figures('a', { name: 'Bahçeli Villa', views: 3, callClicks: 1 }),
      figures('b', { name: 'Moda 3+1', views: 3, callClicks: 1, registrations: 2 }),
      // Asked about through REMS before any view of it was counted.
      figures('c', { name: 'Kadıköy 2+1', registrations: 1 }),
    ]);
    expect(stats.products.map((product) => [product.name, product.registrations])).toEqual([
      ['Moda 3+1', 2],
      ['Bahçeli Villa', 0],
      ['Kadıköy 2+1', 1],
    ]);
    expect(stats).toMatchObject({ totalViews: 6, totalClicks: 2 });
  });

  it('given no figures, then zeros and an empty list', () => {
    expect(productStatistics([])).toEqual({ totalViews: 0, totalClicks: 0, products: [] });
  });

  it('given products with views and clicks, then most views first, then most clicks, then by name in Turkish order', () => {
    const stats = productStatistics([
      figures('a', { name: 'Zeytinyağı', views: 2 }),
      figures('b', { name: 'Çay', views: 5, buyClicks: 1 }),
      figures('c', { name: 'Ihlamur', views: 2, whatsappClicks: 3 }),
      figures('d', { name: 'İncir', views: 2, whatsappClicks: 3 }),
      figures('e', { name: 'Cezve', views: 2 }),
    ]);
    expect(stats.products.map((product) => product.name)).toEqual(['Çay', 'Ihlamur', 'İncir', 'Cezve', 'Zeytinyağı']);
    expect(stats.totalViews).toBe(13);
    expect(stats.totalClicks).toBe(7);
    expect(stats.products[1]?.clicks).toEqual({ buy: 0, whatsapp: 3, call: 0, total: 3 });
  });

  it('given a deleted product, then its figures stay under ‘Silinmiş ürün’ and it is not active', () => {
    const viewedAt = new Date('2026-03-05T09:00:00.000Z');
    const [gone] = productStatistics([
      figures('f', { name: null, deleted: true, isActive: false, views: 4, uniqueVisitors: 3, lastViewedAt: viewedAt }),
    ]).products;
    expect(gone).toEqual({
      productId: 'f',
      name: MESSAGES.statisticsDeletedProduct,
      deleted: true,
      isActive: false,
      views: 4,
      uniqueVisitors: 3,
      lastViewedAt: '2026-03-05T09:00:00.000Z',
      clicks: { buy: 0, whatsapp: 0, call: 0, total: 0 },
      registrations: 0,
    });
  });
});

describe('team statistics from the holders’ days on the office’s cards', () => {
  const period = { from: '2026-02-27', to: '2026-03-01' };
  const AYLA = '00000000-0000-4000-8000-00000000000a';
  const CEM = '00000000-0000-4000-8000-00000000000c';
  const ZEYNEP = '00000000-0000-4000-8000-00000000000e';
  const GONE = '00000000-0000-4000-8000-00000000000f';
  const day = (ownerId: string, date: string, visits: number, uniqueVisitors: number, clicks = 0, leads = 0) => ({
    ownerId,
    day: date,
    visits,
    uniqueVisitors,
    clicks,
    leads,
  });
  const people = [
    { userId: AYLA, current: true, firstName: 'Ayla', lastName: 'Şahin' },
    { userId: CEM, current: false, firstName: 'Cem', lastName: 'Çelik' },
    { userId: ZEYNEP, current: true, firstName: 'Zeynep', lastName: 'Ak' },
    { userId: GONE, current: false, firstName: null, lastName: null },
  ];

  it('adds the members’ figures per day and in total; every day of the period is there', () => {
    const result = officeStatistics(period, people, [
      day(AYLA, '2026-02-27', 3, 2, 1),
      day(AYLA, '2026-03-01', 1, 1),
      day(CEM, '2026-03-01', 2, 2, 0, 1),
      day(GONE, '2026-02-28', 0, 0, 0, 1),
    ]);
    expect(result.period).toEqual(period);
    expect(result.totals).toEqual({ visits: 6, uniqueVisitors: 5, clicks: 1, leads: 2 });
    expect(result.daily).toEqual([
      { date: '2026-02-27', visits: 3, uniqueVisitors: 2, clicks: 1, leads: 0 },
      { date: '2026-02-28', visits: 0, uniqueVisitors: 0, clicks: 0, leads: 1 },
      { date: '2026-03-01', visits: 3, uniqueVisitors: 3, clicks: 0, leads: 1 },
    ]);
  });

  it('lists every current member, a former one only with figures, an erased one as “Silinmiş hesap”', () => {
    const quiet = officeStatistics(period, people, []);
    expect(quiet.members.map((member) => member.name)).toEqual(['Ayla Şahin', 'Zeynep Ak']);
    const busy = officeStatistics(period, people, [day(CEM, '2026-03-01', 2, 2), day(GONE, '2026-02-28', 0, 0, 0, 1)]);
    expect(busy.members.map((member) => [member.name, member.current])).toEqual([
      ['Cem Çelik', false],
      [MESSAGES.statisticsErasedMember, false],
      ['Ayla Şahin', true],
      ['Zeynep Ak', true],
    ]);
  });

  it('most visits first, then leads, then names in Turkish order', () => {
    const result = officeStatistics(period, people, [day(ZEYNEP, '2026-03-01', 1, 1), day(AYLA, '2026-03-01', 1, 1)]);
    expect(result.members.map((member) => member.name)).toEqual(['Ayla Şahin', 'Zeynep Ak']);
  });

  it('leaves out a day outside the period, and counts the days of a period by the calendar', () => {
    expect(officeStatistics(period, people, [day(AYLA, '2026-02-26', 9, 9)]).totals.visits).toBe(0);
    expect(periodDays({ from: '2024-02-28', to: '2024-03-01' })).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
  });
});
