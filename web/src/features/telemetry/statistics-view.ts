import { LANGUAGE_TURKISH_NAMES, PUBLIC_LANGUAGES } from '@kartvizit/schemas/language/model';
import type {
  ClickStats,
  DailyStat,
  DeviceStats,
  LanguageStat,
  LocationStat,
  ProductStats,
  ProfileStatistics,
} from './api.ts';
import type { CsvTable } from './statistics-csv.ts';
import {
  CHART_COLORS,
  CLICK_LABELS,
  countryLabel,
  DEVICE_COLORS,
  DEVICE_LABELS,
  DEVICE_ORDER,
  formatPercentNumber,
  LANGUAGE_COLORS,
  OTHER_COLOR,
  platformLabel,
  shareOf,
  sum,
  textOrUnknown,
  topWithRest,
  UNKNOWN,
  type ClickKind,
  type DeviceType,
  type Slice,
} from './statistics-facts.ts';

/**
 * What the statistics screen shows, as plain rows: the tables, the pies and the CSV file are all
 * built from these, so the download always says what the screen says.
 */

export const TABS = [
  { id: 'genel-bakis', label: 'Genel Bakış' },
  { id: 'ziyaretler', label: 'Ziyaretler' },
  { id: 'konumlar', label: 'Konumlar' },
  { id: 'cihazlar', label: 'Cihazlar' },
  { id: 'diller', label: 'Diller' },
  { id: 'tiklamalar', label: 'Tıklamalar' },
  { id: 'urunler', label: 'Ürünler' },
] as const;
export type TabId = (typeof TABS)[number]['id'];

export function isTabId(value: string | null): value is TabId {
  return TABS.some((tab) => tab.id === value);
}

/** SPEC §9: the location pie shows the top 6. */
export const LOCATION_PIE_SIZE = 6;

export interface StatisticsData {
  readonly profile: ProfileStatistics | null;
  readonly daily: readonly DailyStat[];
  readonly locations: readonly LocationStat[];
  readonly devices: DeviceStats;
  /** Visits by the language the card page was shown in (issue 31); a language no one saw is not there. */
  readonly languages: readonly LanguageStat[];
  readonly clicks: ClickStats;
  readonly products: ProductStats;
}

/** Nothing to show yet: not a single visit, click or product view (product figures may come before any visit). */
export function hasNoStatistics(
  data: Pick<StatisticsData, 'profile' | 'clicks'> & Partial<Pick<StatisticsData, 'products'>>,
): boolean {
  const noCardHits = data.profile === null || (data.profile.visits === 0 && data.clicks.totalClicks === 0);
  const noProductHits = (data.products?.totalViews ?? 0) === 0 && (data.products?.totalClicks ?? 0) === 0;
  return noCardHits && noProductHits;
}

/** Days newest first (the API sends them oldest first, as the line chart wants them). */
export function dailyNewestFirst(daily: readonly DailyStat[]): DailyStat[] {
  return [...daily].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}

export interface LocationRow {
  readonly key: string;
  readonly country: string;
  readonly city: string;
  readonly count: number;
}

/** Country, city, count by count descending, 'Bilinmiyor' for what is missing. */
export function locationRows(locations: readonly LocationStat[]): LocationRow[] {
  return locations
    .map((location, index) => ({
      key: `${location.country ?? ''}|${location.city ?? ''}|${index}`,
      country: countryLabel(location.country),
      city: textOrUnknown(location.city),
      count: location.count,
      index,
    }))
    .sort((a, b) => b.count - a.count || a.index - b.index)
    .map(({ key, country, city, count }) => ({ key, country, city, count }));
}

function placeLabel(row: LocationRow): string {
  if (row.city === UNKNOWN) return row.country;
  if (row.country === UNKNOWN) return row.city;
  return `${row.city}, ${row.country}`;
}

export function locationSlices(locations: readonly LocationStat[]): Slice[] {
  return topWithRest(
    locationRows(locations),
    LOCATION_PIE_SIZE,
    (row) => row.count,
    (row) => ({
      key: row.key,
      label: placeLabel(row),
      value: row.count,
    }),
  );
}

export interface ShareRow {
  readonly key: string;
  readonly label: string;
  readonly count: number;
  /** Fraction of the whole (0–1). */
  readonly share: number;
  readonly color: string;
}

/** Mobil, Tablet, Masaüstü, always all three, with their share of all visits. */
export function deviceRows(devices: DeviceStats): ShareRow[] {
  const counts = new Map<DeviceType, number>();
  for (const entry of devices.devices) counts.set(entry.deviceType, (counts.get(entry.deviceType) ?? 0) + entry.count);
  const total = sum([...counts.values()]);
  return DEVICE_ORDER.map((type) => {
    const count = counts.get(type) ?? 0;
    return { key: type, label: DEVICE_LABELS[type], count, share: shareOf(count, total), color: DEVICE_COLORS[type] };
  });
}

export function browserRows(devices: DeviceStats): ShareRow[] {
  const total = sum(devices.browsers.map((entry) => entry.count));
  return devices.browsers
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => b.entry.count - a.entry.count || a.index - b.index)
    .map(({ entry, index }) => ({
      key: `${entry.browser ?? ''}|${index}`,
      label: textOrUnknown(entry.browser),
      count: entry.count,
      share: shareOf(entry.count, total),
      color: CHART_COLORS[index % CHART_COLORS.length] ?? OTHER_COLOR,
    }));
}

/**
 * The languages the card was read in, most visits first (ties in the languages' own order, as the server sorts them),
 * with their share of all visits; a language no one read it in is left out.
 */
export function languageRows(languages: readonly LanguageStat[]): ShareRow[] {
  const total = sum(languages.map((entry) => entry.visits));
  return languages
    .filter((entry) => entry.visits > 0)
    .sort(
      (a, b) =>
        b.visits - a.visits || PUBLIC_LANGUAGES.indexOf(a.language) - PUBLIC_LANGUAGES.indexOf(b.language),
    )
    .map((entry) => ({
      key: entry.language,
      label: LANGUAGE_TURKISH_NAMES[entry.language],
      count: entry.visits,
      share: shareOf(entry.visits, total),
      color: LANGUAGE_COLORS[entry.language],
    }));
}

export function toSlices(rows: readonly ShareRow[]): Slice[] {
  return rows.map(({ key, label, count, color }) => ({ key, label, value: count, color }));
}

const CLICK_ORDER: readonly ClickKind[] = ['phone', 'whatsapp', 'email', 'website', 'address', 'directions', 'vcard', 'social'];

/** Every kind of contact click with its share of all clicks; social links as one kind. */
export function clickRows(clicks: ClickStats): ShareRow[] {
  const counts: { readonly [K in ClickKind]: number } = {
    phone: clicks.phone,
    whatsapp: clicks.whatsapp,
    email: clicks.email,
    website: clicks.website,
    address: clicks.address,
    directions: clicks.directions,
    vcard: clicks.vcard,
    social: sum(clicks.socialMedia.map((entry) => entry.clicks)),
  };
  const total = Math.max(clicks.totalClicks, sum(Object.values(counts)));
  return CLICK_ORDER.map((kind, index) => ({
    key: kind,
    label: CLICK_LABELS[kind],
    count: counts[kind],
    share: shareOf(counts[kind], total),
    color: CHART_COLORS[index % CHART_COLORS.length] ?? OTHER_COLOR,
  }));
}

/** SPEC: bars for phone, e-mail and website as a share of all clicks. */
export function contactBars(clicks: ClickStats): ShareRow[] {
  return clickRows(clicks).filter((row) => row.key === 'phone' || row.key === 'email' || row.key === 'website');
}

export interface SocialRow {
  readonly key: string;
  readonly platform: string;
  readonly clicks: number;
}

export function socialRows(clicks: ClickStats): SocialRow[] {
  return clicks.socialMedia
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => b.entry.clicks - a.entry.clicks || a.index - b.index)
    .map(({ entry, index }) => ({
      key: `${entry.platform}|${index}`,
      platform: platformLabel(entry.platform),
      clicks: entry.clicks,
    }));
}

export interface ProductRow {
  readonly key: string;
  readonly name: string;
  readonly deleted: boolean;
  readonly views: number;
  readonly uniqueVisitors: number;
  readonly buy: number;
  readonly whatsapp: number;
  /** A listing's 'Ara' (issue 33). */
  readonly call: number;
  /** REMS registrations made from a listing's page (issue 33). */
  readonly registrations: number;
  readonly clicks: number;
}

/** Products in the server's order (most views, then most clicks, then by name); a deleted one reads 'Silinmiş ürün'. */
export function productRows(products: ProductStats): ProductRow[] {
  return products.products.map((product) => ({
    key: product.productId,
    name: product.name,
    deleted: product.deleted,
    views: product.views,
    uniqueVisitors: product.uniqueVisitors,
    buy: product.clicks.buy,
    whatsapp: product.clicks.whatsapp,
    call: product.clicks.call,
    registrations: product.registrations,
    clicks: product.clicks.total,
  }));
}

/**
 * Which of a listing's figures the table and its CSV show (issue 33): 'Arama' and 'REMS kaydı' each once any row has
 * one, so an owner of products alone sees the table as it was.
 */
export interface ProductColumns {
  readonly call: boolean;
  readonly registrations: boolean;
}

export function productColumns(rows: readonly ProductRow[]): ProductColumns {
  return {
    call: rows.some((row) => row.call > 0),
    registrations: rows.some((row) => row.registrations > 0),
  };
}

/** The bar list: each viewed product's share of all product views. */
export function productViewBars(products: ProductStats): ShareRow[] {
  return productRows(products)
    .filter((row) => row.views > 0)
    .map((row, index) => ({
      key: row.key,
      label: row.name,
      count: row.views,
      share: shareOf(row.views, products.totalViews),
      color: CHART_COLORS[index % CHART_COLORS.length] ?? OTHER_COLOR,
    }));
}

/** The tiles' numbers, as they read on screen. */
export interface SummaryCells {
  readonly cardLabel: string;
  readonly visits: string;
  readonly uniqueVisitors: string;
  readonly clicks: string;
  readonly lastVisit: string;
}

const count = (value: number) => String(value);
const percent = (share: number) => formatPercentNumber(share);

function summaryTable(summary: SummaryCells): CsvTable {
  return {
    title: 'Özet',
    header: ['Kart', 'Toplam Ziyaret', 'Tekil Ziyaretçi', 'Toplam Tıklama', 'Son Ziyaret'],
    rows: [[summary.cardLabel, summary.visits, summary.uniqueVisitors, summary.clicks, summary.lastVisit]],
  };
}

function dailyTable(data: StatisticsData): CsvTable {
  return {
    title: 'Günlük ziyaretler (son 30 gün)',
    header: ['Tarih', 'Ziyaret', 'Tekil Ziyaretçi'],
    rows: dailyNewestFirst(data.daily).map((day) => [day.date, count(day.count), count(day.uniqueVisitors)]),
  };
}

function sliceTable(title: string, labelHeader: string, valueHeader: string, slices: readonly Slice[]): CsvTable {
  const total = sum(slices.map((slice) => slice.value));
  return {
    title,
    header: [labelHeader, valueHeader, 'Yüzde (%)'],
    rows: slices.map((slice) => [slice.label, count(slice.value), percent(shareOf(slice.value, total))]),
  };
}

function shareTable(title: string, labelHeader: string, valueHeader: string, rows: readonly ShareRow[]): CsvTable {
  return {
    title,
    header: [labelHeader, valueHeader, 'Yüzde (%)'],
    rows: rows.map((row) => [row.label, count(row.count), percent(row.share)]),
  };
}

/** The current tab's tables, under the tiles' summary: the CSV download of what the screen shows. */
export function tabTables(tab: TabId, data: StatisticsData, summary: SummaryCells): CsvTable[] {
  const tables: CsvTable[] = [summaryTable(summary)];
  switch (tab) {
    case 'genel-bakis':
      tables.push(
        dailyTable(data),
        sliceTable('Konum dağılımı (ilk 6)', 'Konum', 'Ziyaret', locationSlices(data.locations)),
        shareTable('Cihaz dağılımı', 'Cihaz', 'Ziyaret', deviceRows(data.devices)),
        shareTable('Dil dağılımı', 'Dil', 'Ziyaret', languageRows(data.languages)),
        shareTable('Tıklama dağılımı', 'Tür', 'Tıklama', clickRows(data.clicks)),
      );
      break;
    case 'ziyaretler':
      tables.push(dailyTable(data));
      break;
    case 'konumlar':
      tables.push({
        title: 'Konumlar',
        header: ['Ülke', 'Şehir', 'Ziyaret'],
        rows: locationRows(data.locations).map((row) => [row.country, row.city, count(row.count)]),
      });
      break;
    case 'cihazlar':
      tables.push(
        shareTable('Cihazlar', 'Cihaz', 'Ziyaret', deviceRows(data.devices)),
        shareTable('Tarayıcılar', 'Tarayıcı', 'Ziyaret', browserRows(data.devices)),
      );
      break;
    case 'diller':
      tables.push(shareTable('Diller', 'Dil', 'Ziyaret', languageRows(data.languages)));
      break;
    case 'tiklamalar':
      tables.push(shareTable('Tıklama türleri', 'Tür', 'Tıklama', clickRows(data.clicks)), {
        title: 'Sosyal medya',
        header: ['Platform', 'Tıklama'],
        rows: socialRows(data.clicks).map((row) => [row.platform, count(row.clicks)]),
      });
      break;
    case 'urunler': {
      const rows = productRows(data.products);
      const columns = productColumns(rows);
      tables.push({
        title: 'Ürünler',
        header: [
          'Ürün',
          'Görüntülenme',
          'Tekil Görüntüleyen',
          'Satın Al',
          'WhatsApp',
          ...(columns.call ? ['Arama'] : []),
          ...(columns.registrations ? ['REMS kaydı'] : []),
          'Toplam Tıklama',
        ],
        rows: rows.map((row) => [
          row.name,
          count(row.views),
          count(row.uniqueVisitors),
          count(row.buy),
          count(row.whatsapp),
          ...(columns.call ? [count(row.call)] : []),
          ...(columns.registrations ? [count(row.registrations)] : []),
          count(row.clicks),
        ]),
      });
      break;
    }
    default: {
      const unknown: never = tab;
      throw new Error(`Unknown tab ${String(unknown)}`);
    }
  }
  return tables;
}
