import { LANGUAGE_TURKISH_NAMES, PUBLIC_LANGUAGES } from '@kartvizit/schemas/language/model';
import {
  DEVICE_TYPES,
  LOCALE,
  MESSAGES,
  previousDay,
  telemetryDay,
  type ClickStatistics,
  type DeviceStatistics,
  type DeviceType,
  type LanguageStatistic,
  type LocationStatistic,
  type OfficeMemberStatistic,
  type OfficeStatistics,
  type ProductStatistics,
  type TeamFigures,
} from '@kartvizit/schemas';
import type { StatisticsPeriod } from '@kartvizit/schemas/statistics/rules';
import type { BreakdownRow, ProductFigures } from './read-model.ts';
import type { MemberDayRow, OfficeMemberRow } from './office-read-model.ts';

/** From the read model's rows to the answers of SPEC §7; pure, so the rules are tested without a database. */

const UNKNOWN = MESSAGES.statisticsUnknown;
const collator = new Intl.Collator(LOCALE);
const regionNames = new Intl.DisplayNames([LOCALE], { type: 'region' });

/** The `count` Istanbul days up to and including the day of `now`, oldest first. */
export function lastDays(now: Date, count: number): string[] {
  const days = [telemetryDay(now)];
  while (days.length < count) days.unshift(previousDay(days[0] ?? ''));
  return days;
}

/** Share of `total` in percent, one decimal; 0 of nothing is 0. */
export function percentage(count: number, total: number): number {
  return total > 0 ? Math.round((count * 1000) / total) / 10 : 0;
}

function countryName(code: string): string {
  if (code === '') return UNKNOWN;
  try {
    return regionNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

function sum(rows: readonly BreakdownRow[]): number {
  return rows.reduce((total, row) => total + row.count, 0);
}

/** All three device types, most first (ties in the usual order), with their share of `total`. */
export function deviceCounts(rows: readonly BreakdownRow[]): { deviceType: DeviceType; count: number }[] {
  const counts = DEVICE_TYPES.map((deviceType) => ({
    deviceType,
    count: sum(rows.filter((row) => row.dimension === 'device' && row.key === deviceType)),
  }));
  return counts.sort(
    (a, b) => b.count - a.count || DEVICE_TYPES.indexOf(a.deviceType) - DEVICE_TYPES.indexOf(b.deviceType),
  );
}

export function deviceStatistics(rows: readonly BreakdownRow[]): DeviceStatistics {
  const deviceRows = rows.filter((row) => row.dimension === 'device');
  const browserRows = rows.filter((row) => row.dimension === 'browser');
  // Every visit counts once per dimension: either sum is the number of visits, read in one statement.
  const devicesTotal = sum(deviceRows);
  const browsersTotal = sum(browserRows);
  const browsers = new Map<string, number>();
  for (const row of browserRows) {
    const name = row.key === '' ? UNKNOWN : row.key;
    browsers.set(name, (browsers.get(name) ?? 0) + row.count);
  }
  return {
    devices: deviceCounts(deviceRows).map((entry) => ({ ...entry, percentage: percentage(entry.count, devicesTotal) })),
    browsers: [...browsers]
      .map(([browser, count]) => ({ browser, count, percentage: percentage(count, browsersTotal) }))
      .sort((a, b) => b.count - a.count || collator.compare(a.browser, b.browser)),
  };
}

/** Visits by the page's language, most first (ties in the languages' order); a language no one saw is left out. */
export function languageStatistics(rows: readonly BreakdownRow[]): LanguageStatistic[] {
  const languageRows = rows.filter((row) => row.dimension === 'language');
  const total = sum(languageRows);
  return PUBLIC_LANGUAGES.map((language) => ({
    language,
    name: LANGUAGE_TURKISH_NAMES[language],
    visits: sum(languageRows.filter((row) => row.key === language)),
  }))
    .filter((entry) => entry.visits > 0)
    .map((entry) => ({ ...entry, percentage: percentage(entry.visits, total) }))
    .sort((a, b) => b.visits - a.visits || PUBLIC_LANGUAGES.indexOf(a.language) - PUBLIC_LANGUAGES.indexOf(b.language));
}

export function locationStatistics(rows: readonly BreakdownRow[]): LocationStatistic[] {
  return rows
    .filter((row) => row.dimension === 'location')
    .map((row) => ({
      country: countryName(row.key),
      city: row.detail === '' ? UNKNOWN : row.detail,
      countryCode: row.key === '' ? null : row.key.toUpperCase(),
      count: row.count,
    }))
    .sort((a, b) => b.count - a.count || collator.compare(a.country, b.country) || collator.compare(a.city, b.city));
}

const CONTACT_CLICKS = ['phone', 'whatsapp', 'email', 'website', 'address', 'directions', 'vcard'] as const;

export function clickStatistics(rows: readonly BreakdownRow[]): ClickStatistics {
  const clicks = rows.filter((row) => row.dimension === 'click');
  const byType = (type: string) => sum(clicks.filter((row) => row.key === type));
  const social = new Map<string, number>();
  for (const row of clicks) {
    if (row.key !== 'social') continue;
    const platform = row.detail === '' ? 'other' : row.detail;
    social.set(platform, (social.get(platform) ?? 0) + row.count);
  }
  const contact = Object.fromEntries(CONTACT_CLICKS.map((type) => [type, byType(type)])) as Record<
    (typeof CONTACT_CLICKS)[number],
    number
  >;
  return {
    totalClicks: sum(clicks),
    ...contact,
    socialMedia: [...social]
      .map(([platform, count]) => ({ platform, clicks: count }))
      .sort((a, b) => b.clicks - a.clicks || collator.compare(a.platform, b.platform)),
  };
}

/**
 * The 'Ürünler' figures: most views first, then most clicks, then most REMS registrations, then by name (Turkish
 * order); a listing's 'Ara' counts among the clicks, its registrations apart (they are not taps). A deleted product reads
 * 'Silinmiş ürün' (its figures stay: they happened).
 */
export function productStatistics(rows: readonly ProductFigures[]): ProductStatistics {
  const products = rows.map((row) => ({
    productId: row.productId,
    name: row.deleted || row.name === null ? MESSAGES.statisticsDeletedProduct : row.name,
    deleted: row.deleted,
    isActive: row.isActive,
    views: row.views,
    uniqueVisitors: row.uniqueVisitors,
    lastViewedAt: row.lastViewedAt?.toISOString() ?? null,
    clicks: {
      buy: row.buyClicks,
      whatsapp: row.whatsappClicks,
      call: row.callClicks,
      total: row.buyClicks + row.whatsappClicks + row.callClicks,
    },
    registrations: row.registrations,
  }));
  products.sort(
    (a, b) =>
      b.views - a.views ||
      b.clicks.total - a.clicks.total ||
      b.registrations - a.registrations ||
      Number(a.deleted) - Number(b.deleted) ||
      collator.compare(a.name, b.name) ||
      (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0),
  );
  return {
    totalViews: products.reduce((total, product) => total + product.views, 0),
    totalClicks: products.reduce((total, product) => total + product.clicks.total, 0),
    products,
  };
}

/** The days of a period, oldest first. */
export function periodDays(period: StatisticsPeriod): string[] {
  const days = [period.to];
  while ((days[0] ?? '') > period.from) days.unshift(previousDay(days[0] ?? ''));
  return days;
}

const NONE: TeamFigures = { visits: 0, uniqueVisitors: 0, clicks: 0, leads: 0 };

function add(figures: TeamFigures, row: TeamFigures): TeamFigures {
  return {
    visits: figures.visits + row.visits,
    uniqueVisitors: figures.uniqueVisitors + row.uniqueVisitors,
    clicks: figures.clicks + row.clicks,
    leads: figures.leads + row.leads,
  };
}

function hasAny(figures: TeamFigures): boolean {
  return figures.visits + figures.clicks + figures.leads > 0;
}

/**
 * The team statistics from the holders' days on the office's cards: per member (every current one, and a former one
 * with figures, under their name), per day of the period and in total. The team's unique visitors are the sum of the
 * members': a visitor is hashed per holder and day, so one person seen on two members' cards is two. Most visits
 * first, then leads, then by name (Turkish order).
 */
export function officeStatistics(
  period: StatisticsPeriod,
  people: readonly OfficeMemberRow[],
  rows: readonly MemberDayRow[],
): OfficeStatistics {
  const days = periodDays(period);
  const byDay = new Map(days.map((day) => [day, NONE]));
  const byOwner = new Map<string, TeamFigures>();
  let totals = NONE;
  for (const row of rows) {
    const day = byDay.get(row.day);
    // Outside the period (the read asked for it only; a day of another calendar would be a bug, not a figure).
    if (day === undefined) continue;
    byDay.set(row.day, add(day, row));
    byOwner.set(row.ownerId, add(byOwner.get(row.ownerId) ?? NONE, row));
    totals = add(totals, row);
  }
  const members: OfficeMemberStatistic[] = [];
  for (const person of people) {
    const figures = byOwner.get(person.userId) ?? NONE;
    if (!person.current && !hasAny(figures)) continue;
    const name = [person.firstName, person.lastName].filter((part) => part !== null && part !== '').join(' ');
    members.push({
      userId: person.userId,
      name: person.firstName === null && person.lastName === null ? MESSAGES.statisticsErasedMember : name,
      current: person.current,
      ...figures,
    });
  }
  members.sort(
    (a, b) =>
      b.visits - a.visits ||
      b.leads - a.leads ||
      collator.compare(a.name, b.name) ||
      (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0),
  );
  return {
    period: { from: period.from, to: period.to },
    totals,
    members,
    daily: days.map((date) => ({ date, ...(byDay.get(date) ?? NONE) })),
  };
}
