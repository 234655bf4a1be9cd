import { LOCALE, TIME_ZONE } from '@kartvizit/schemas/constants';
import type { PublicLanguage } from '@kartvizit/schemas/language/model';
import { STATISTICS_MESSAGES } from '@kartvizit/schemas/statistics/messages';
import { SOCIAL_PLATFORM_LABELS } from '@kartvizit/schemas/profile/model';

/**
 * Pure helpers of the statistics screens: Turkish labels, shares and bar lengths, day labels.
 * Kept free of React so the unit tests cover every rule the screens and the CSV share.
 */

export const UNKNOWN = STATISTICS_MESSAGES.statisticsUnknown;

export type DeviceType = 'mobile' | 'tablet' | 'desktop';
export const DEVICE_ORDER: readonly DeviceType[] = ['mobile', 'tablet', 'desktop'];
export const DEVICE_LABELS: { readonly [D in DeviceType]: string } = {
  mobile: 'Mobil',
  tablet: 'Tablet',
  desktop: 'Masaüstü',
};

/** The contact actions the public card counts, in the order the screens list them. */
export type ClickKind = 'phone' | 'whatsapp' | 'email' | 'website' | 'address' | 'directions' | 'vcard' | 'social';
export const CLICK_LABELS: { readonly [K in ClickKind]: string } = {
  phone: 'Telefon',
  whatsapp: 'WhatsApp',
  email: 'E-posta',
  website: 'Web Sitesi',
  address: 'Adres',
  directions: 'Yol Tarifi',
  vcard: 'Rehbere Ekle',
  social: 'Sosyal Medya',
};

/** Categorical colours with at least 3:1 contrast on white; the last one is for "Diğer". */
export const CHART_COLORS = ['#4f46e5', '#0d9488', '#d97706', '#db2777', '#0284c7', '#65a30d', '#15803d', '#334155'] as const;
export const OTHER_COLOR = '#94a3b8';
export const DEVICE_COLORS: { readonly [D in DeviceType]: string } = {
  mobile: '#4f46e5',
  tablet: '#0d9488',
  desktop: '#d97706',
};
/** One colour per language (issue 31), the same on every screen and whatever the card filter. */
export const LANGUAGE_COLORS: { readonly [L in PublicLanguage]: string } = {
  tr: '#4f46e5',
  en: '#0d9488',
  ru: '#d97706',
  ar: '#db2777',
  de: '#0284c7',
};

const numberFormat = new Intl.NumberFormat(LOCALE);
const percentFormat = new Intl.NumberFormat(LOCALE, { style: 'percent', maximumFractionDigits: 1 });
const decimalFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1 });
// Days arrive as calendar dates (YYYY-MM-DD, the Istanbul day): read at noon UTC they stay the same day in Istanbul.
const dayMonthFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit' });
const longDayFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, day: 'numeric', month: 'long', year: 'numeric' });
const weekdayFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, weekday: 'long' });
const isoDayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
let regionNames: Intl.DisplayNames | null | undefined;

function dayInstant(day: string): Date {
  return new Date(`${day}T12:00:00Z`);
}

function isDay(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(dayInstant(value).getTime());
}

/** "21/11" under a bar or on an axis (CLDR's Turkish day/month). */
export function dayMonthLabel(day: string): string {
  return isDay(day) ? dayMonthFormat.format(dayInstant(day)) : day;
}

/** "21 Kasım 2025" in tables. */
export function longDayLabel(day: string): string {
  return isDay(day) ? longDayFormat.format(dayInstant(day)) : day;
}

/** "Cuma" beside the long date. */
export function weekdayLabel(day: string): string {
  return isDay(day) ? weekdayFormat.format(dayInstant(day)) : '';
}

/** Today in Istanbul as YYYY-MM-DD: the statistics' day and the CSV file's date. */
export function istanbulDay(now: Date = new Date()): string {
  return isoDayFormat.format(now);
}

export function formatCount(value: number): string {
  return numberFormat.format(value);
}

/** "%33,3": Turkish puts the sign first. `share` is a fraction (0–1). */
export function formatShare(share: number): string {
  return percentFormat.format(share);
}

/** "33,3" for a CSV cell under a "Yüzde (%)" header (Turkish Excel reads the comma as decimal point). */
export function formatPercentNumber(share: number): string {
  return decimalFormat.format(share * 100);
}

/** count / total as a fraction in 0–1; zero when there is nothing to divide by. */
export function shareOf(count: number, total: number): number {
  if (!Number.isFinite(count) || !Number.isFinite(total) || total <= 0 || count <= 0) return 0;
  return Math.min(1, count / total);
}

/**
 * Length of a bar in percent of its track. A non-zero count never disappears entirely (at least
 * `minVisible` percent), so "1 of 10 000" still shows as a sliver next to its number.
 */
export function barPercent(count: number, total: number, minVisible = 2): number {
  return shareBarPercent(shareOf(count, total), minVisible);
}

/** The same for a share already computed (0–1). */
export function shareBarPercent(share: number, minVisible = 2): number {
  if (!Number.isFinite(share) || share <= 0) return 0;
  return Math.max(minVisible, Math.round(Math.min(1, share) * 1000) / 10);
}

/** Largest count of a series, at least 1 so a chart of zeros still has a scale. */
export function scaleMax(values: readonly number[]): number {
  return Math.max(1, ...values.filter((value) => Number.isFinite(value)));
}

export function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + (Number.isFinite(value) ? value : 0), 0);
}

export function deviceLabel(deviceType: string): string {
  return deviceType in DEVICE_LABELS ? DEVICE_LABELS[deviceType as DeviceType] : UNKNOWN;
}

export function isDeviceType(value: string): value is DeviceType {
  return value in DEVICE_LABELS;
}

/** Country names in Turkish from ISO codes ('TR' → 'Türkiye'); names pass through; nothing → 'Bilinmiyor'. */
export function countryLabel(country: string | null | undefined): string {
  const value = country?.trim() ?? '';
  if (value === '') return UNKNOWN;
  if (/^[A-Za-z]{2}$/.test(value)) {
    if (regionNames === undefined) {
      try {
        regionNames = new Intl.DisplayNames([LOCALE], { type: 'region' });
      } catch {
        regionNames = null;
      }
    }
    try {
      return regionNames?.of(value.toUpperCase()) ?? value.toUpperCase();
    } catch {
      return value.toUpperCase();
    }
  }
  return value;
}

export function textOrUnknown(value: string | null | undefined): string {
  const text = value?.trim() ?? '';
  return text === '' ? UNKNOWN : text;
}

export function platformLabel(platform: string | null | undefined): string {
  const key = platform?.trim().toLowerCase() ?? '';
  if (key === '') return UNKNOWN;
  if (key === 'x') return SOCIAL_PLATFORM_LABELS.twitter;
  return key in SOCIAL_PLATFORM_LABELS ? SOCIAL_PLATFORM_LABELS[key as keyof typeof SOCIAL_PLATFORM_LABELS] : (platform ?? UNKNOWN);
}

export interface Slice {
  readonly key: string;
  readonly label: string;
  readonly value: number;
  readonly color: string;
}

/**
 * The `limit` largest entries (ties keep their order) and, when more remain, one "Diğer" slice
 * with the rest, so a pie's slices still add up to the whole.
 */
export function topWithRest<T>(
  items: readonly T[],
  limit: number,
  value: (item: T) => number,
  toSlice: (item: T, index: number) => Omit<Slice, 'color'>,
): Slice[] {
  const sorted = items
    .map((item, index) => ({ item, index }))
    .filter(({ item }) => value(item) > 0)
    .sort((a, b) => value(b.item) - value(a.item) || a.index - b.index);
  const top = sorted.slice(0, limit).map(({ item }, index) => ({
    ...toSlice(item, index),
    color: CHART_COLORS[index % CHART_COLORS.length] ?? OTHER_COLOR,
  }));
  const rest = sum(sorted.slice(limit).map(({ item }) => value(item)));
  return rest > 0 ? [...top, { key: 'other', label: 'Diğer', value: rest, color: OTHER_COLOR }] : top;
}

/** A calm description of a 30-day series for a chart's <desc> and screen readers. */
export function seriesSummary(series: readonly { readonly date: string; readonly count: number }[]): string {
  const total = sum(series.map((point) => point.count));
  if (series.length === 0 || total === 0) return 'Bu dönemde ziyaret yok.';
  let best = series[0] ?? { date: '', count: 0 };
  for (const point of series) if (point.count > best.count) best = point;
  const first = series[0]?.date ?? '';
  const last = series[series.length - 1]?.date ?? '';
  return (
    `${longDayLabel(first)} ile ${longDayLabel(last)} arasında toplam ${formatCount(total)} ziyaret. ` +
    `En yoğun gün ${longDayLabel(best.date)}: ${formatCount(best.count)} ziyaret.`
  );
}

/** "Mobil 1 (%50), Masaüstü 1 (%50)" for a pie's description. */
export function slicesSummary(slices: readonly Slice[]): string {
  const total = sum(slices.map((slice) => slice.value));
  if (total === 0) return 'Veri yok.';
  return slices
    .filter((slice) => slice.value > 0)
    .map((slice) => `${slice.label} ${formatCount(slice.value)} (${formatShare(shareOf(slice.value, total))})`)
    .join(', ');
}
