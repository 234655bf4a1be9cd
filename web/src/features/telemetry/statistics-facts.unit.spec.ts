import { describe, expect, it } from 'vitest';
import {
  barPercent,
  countryLabel,
  dayMonthLabel,
  deviceLabel,
  formatShare,
  istanbulDay,
  longDayLabel,
  platformLabel,
  scaleMax,
  seriesSummary,
  shareBarPercent,
  shareOf,
  slicesSummary,
  topWithRest,
  weekdayLabel,
} from './statistics-facts.ts';

describe('shares and bars', () => {
  it('divides by the total, and a total of nothing gives nothing', () => {
    expect(shareOf(1, 2)).toBe(0.5);
    expect(shareOf(3, 0)).toBe(0);
    expect(shareOf(0, 10)).toBe(0);
    expect(shareOf(5, 4)).toBe(1);
    expect(shareOf(Number.NaN, 4)).toBe(0);
  });

  it('gives a bar length in percent with one decimal, never hiding a non-zero count', () => {
    expect(barPercent(1, 2)).toBe(50);
    expect(barPercent(1, 3)).toBe(33.3);
    expect(barPercent(1, 10_000)).toBe(2);
    expect(barPercent(1, 10_000, 0)).toBe(0);
    expect(barPercent(0, 10)).toBe(0);
    expect(barPercent(7, 7)).toBe(100);
    expect(shareBarPercent(0.256)).toBe(25.6);
    expect(shareBarPercent(2)).toBe(100);
  });

  it('scales to the busiest value, at least 1', () => {
    expect(scaleMax([0, 0, 0])).toBe(1);
    expect(scaleMax([])).toBe(1);
    expect(scaleMax([2, 9, 4])).toBe(9);
  });

  it('writes shares the Turkish way, sign first', () => {
    expect(formatShare(0.5)).toBe('%50');
    expect(formatShare(1 / 3)).toBe('%33,3');
  });
});

describe('day labels', () => {
  it('labels bars day/month and tables with the long Turkish date', () => {
    expect(dayMonthLabel('2025-11-21')).toBe('21/11');
    expect(dayMonthLabel('2025-01-05')).toBe('05/01');
    expect(longDayLabel('2025-11-21')).toBe('21 Kasım 2025');
    expect(weekdayLabel('2025-11-21')).toBe('Cuma');
  });

  it('keeps the calendar day whatever the clock (Istanbul is UTC+3)', () => {
    expect(longDayLabel('2025-12-31')).toBe('31 Aralık 2025');
    expect(dayMonthLabel('2024-02-29')).toBe('29/02');
  });

  it('passes anything that is not a day through unchanged', () => {
    expect(dayMonthLabel('yarın')).toBe('yarın');
    expect(longDayLabel('')).toBe('');
  });

  it('knows the Istanbul day of an instant', () => {
    expect(istanbulDay(new Date('2025-11-21T21:30:00Z'))).toBe('2025-11-22');
    expect(istanbulDay(new Date('2025-11-21T20:59:00Z'))).toBe('2025-11-21');
  });
});

describe('labels', () => {
  it('names devices, countries and platforms in Turkish', () => {
    expect(deviceLabel('mobile')).toBe('Mobil');
    expect(deviceLabel('desktop')).toBe('Masaüstü');
    expect(deviceLabel('toaster')).toBe('Bilinmiyor');
    expect(countryLabel('TR')).toBe('Türkiye');
    expect(countryLabel('de')).toBe('Almanya');
    expect(countryLabel('Türkiye')).toBe('Türkiye');
    expect(countryLabel(null)).toBe('Bilinmiyor');
    expect(countryLabel('  ')).toBe('Bilinmiyor');
    expect(platformLabel('twitter')).toBe('X (Twitter)');
    expect(platformLabel('LinkedIn')).toBe('LinkedIn');
    expect(platformLabel('mastodon')).toBe('mastodon');
    expect(platformLabel('')).toBe('Bilinmiyor');
  });
});

describe('pie slices', () => {
  const places = [
    { name: 'a', count: 1 },
    { name: 'b', count: 9 },
    { name: 'c', count: 0 },
    { name: 'd', count: 4 },
    { name: 'e', count: 4 },
  ];
  const slice = (place: { name: string; count: number }) => ({ key: place.name, label: place.name, value: place.count });

  it('keeps the largest, ties in their order, and drops empty ones', () => {
    const slices = topWithRest(places, 6, (place) => place.count, slice);
    expect(slices.map((entry) => entry.key)).toEqual(['b', 'd', 'e', 'a']);
    expect(new Set(slices.map((entry) => entry.color)).size).toBe(4);
  });

  it('adds up the rest as one "Diğer" slice', () => {
    const slices = topWithRest(places, 2, (place) => place.count, slice);
    expect(slices.map((entry) => [entry.label, entry.value])).toEqual([
      ['b', 9],
      ['d', 4],
      ['Diğer', 5],
    ]);
  });

  it('describes slices and series for screen readers', () => {
    expect(
      slicesSummary([
        { key: 'mobile', label: 'Mobil', value: 1, color: '#000' },
        { key: 'tablet', label: 'Tablet', value: 0, color: '#000' },
        { key: 'desktop', label: 'Masaüstü', value: 1, color: '#000' },
      ]),
    ).toBe('Mobil 1 (%50), Masaüstü 1 (%50)');
    expect(slicesSummary([])).toBe('Veri yok.');
    expect(
      seriesSummary([
        { date: '2025-11-20', count: 1 },
        { date: '2025-11-21', count: 3 },
      ]),
    ).toBe('20 Kasım 2025 ile 21 Kasım 2025 arasında toplam 4 ziyaret. En yoğun gün 21 Kasım 2025: 3 ziyaret.');
    expect(seriesSummary([{ date: '2025-11-21', count: 0 }])).toBe('Bu dönemde ziyaret yok.');
  });
});
