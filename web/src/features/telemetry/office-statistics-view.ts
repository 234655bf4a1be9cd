import type { OfficeMemberStatistic, OfficeStatistics } from '@kartvizit/schemas/statistics/http';
import { periodStart } from '@kartvizit/schemas/statistics/rules';
import type { CsvTable } from './statistics-csv.ts';
import { formatPercentNumber, shareOf, sum, topWithRest, type Slice } from './statistics-facts.ts';

/**
 * What the team statistics screen (/office/stats) shows, as pure functions: the periods it offers, the members'
 * share of the visits for the chart, and the CSV of what is on screen (the same dialect as /stats).
 */

export const OFFICE_PERIODS = [
  { days: 7, label: 'Son 7 gün' },
  { days: 30, label: 'Son 30 gün' },
  { days: 90, label: 'Son 90 gün' },
  { days: 365, label: 'Son 365 gün' },
] as const;
export type OfficePeriodDays = (typeof OFFICE_PERIODS)[number]['days'];
export const DEFAULT_OFFICE_PERIOD: OfficePeriodDays = 30;

/** `?donem=90` → 90; anything else → the default (30 days, the window of /stats). */
export function periodDaysOf(raw: string | null): OfficePeriodDays {
  return OFFICE_PERIODS.find((period) => String(period.days) === raw)?.days ?? DEFAULT_OFFICE_PERIOD;
}

/** The query's first day for the last `days` Istanbul days up to `today` (the server takes `to` as today). */
export function periodFrom(today: string, days: number): string {
  return periodStart(today, days);
}

/** A member's row label: a former member says so. */
export function memberLabel(member: Pick<OfficeMemberStatistic, 'name' | 'current'>): string {
  return member.current ? member.name : `${member.name} (ayrıldı)`;
}

/** The members' share of the team's visits: the six largest, the rest as 'Diğer'. */
export function memberSlices(members: readonly OfficeMemberStatistic[]): Slice[] {
  return topWithRest(
    members,
    6,
    (member) => member.visits,
    (member) => ({ key: member.userId, label: memberLabel(member), value: member.visits }),
  );
}

const count = (value: number) => String(value);

/** The CSV: the period's totals, the members, then every day (newest first, as the screen's table). */
export function officeTables(data: OfficeStatistics): CsvTable[] {
  const visits = data.totals.visits;
  return [
    {
      title: 'Özet',
      header: ['Başlangıç', 'Bitiş', 'Toplam Ziyaret', 'Tekil Ziyaretçi', 'Toplam Tıklama', 'Bağlantı'],
      rows: [
        [
          data.period.from,
          data.period.to,
          count(visits),
          count(data.totals.uniqueVisitors),
          count(data.totals.clicks),
          count(data.totals.leads),
        ],
      ],
    },
    {
      title: 'Ekip üyeleri',
      header: ['Üye', 'Ziyaret', 'Ziyaret payı (%)', 'Tekil Ziyaretçi', 'Tıklama', 'Bağlantı'],
      rows: data.members.map((member) => [
        memberLabel(member),
        count(member.visits),
        formatPercentNumber(shareOf(member.visits, visits)),
        count(member.uniqueVisitors),
        count(member.clicks),
        count(member.leads),
      ]),
    },
    {
      title: 'Günlük',
      header: ['Tarih', 'Ziyaret', 'Tekil Ziyaretçi', 'Tıklama', 'Bağlantı'],
      rows: [...data.daily]
        .reverse()
        .map((day) => [day.date, count(day.visits), count(day.uniqueVisitors), count(day.clicks), count(day.leads)]),
    },
  ];
}

/** Nothing to chart yet in the period. */
export function officeIsQuiet(data: OfficeStatistics): boolean {
  return sum([data.totals.visits, data.totals.clicks, data.totals.leads]) === 0;
}

/** `ekip-istatistikleri-2026-11-01-2026-11-28.csv`. */
export function officeCsvFileName(data: OfficeStatistics): string {
  return `ekip-istatistikleri-${data.period.from}-${data.period.to}.csv`;
}
