import { describe, expect, it } from 'vitest';
import type { OfficeStatistics } from '@kartvizit/schemas/statistics/http';
import { buildCsv } from './statistics-csv.ts';
import {
  memberLabel,
  memberSlices,
  officeCsvFileName,
  officeIsQuiet,
  officeTables,
  periodDaysOf,
  periodFrom,
} from './office-statistics-view.ts';

const member = (userId: string, name: string, visits: number, current = true) => ({
  userId,
  name,
  current,
  visits,
  uniqueVisitors: visits,
  clicks: 0,
  leads: 1,
});

const DATA: OfficeStatistics = {
  period: { from: '2026-11-27', to: '2026-11-28' },
  totals: { visits: 4, uniqueVisitors: 4, clicks: 1, leads: 2 },
  members: [member('a', 'Ayla Şahin', 3), member('c', 'Cem Çelik', 1, false)],
  daily: [
    { date: '2026-11-27', visits: 1, uniqueVisitors: 1, clicks: 0, leads: 0 },
    { date: '2026-11-28', visits: 3, uniqueVisitors: 3, clicks: 1, leads: 2 },
  ],
};

describe('the team statistics screen', () => {
  it('offers 7, 30, 90 and 365 days; anything else in the address is 30', () => {
    expect(periodDaysOf('90')).toBe(90);
    expect(periodDaysOf('31')).toBe(30);
    expect(periodDaysOf(null)).toBe(30);
    expect(periodFrom('2026-03-01', 7)).toBe('2026-02-23');
  });

  it('says when a member has left, and shares the visits among the members', () => {
    expect(memberLabel(DATA.members[1] ?? member('x', 'x', 0))).toBe('Cem Çelik (ayrıldı)');
    expect(memberSlices(DATA.members).map((slice) => [slice.label, slice.value])).toEqual([
      ['Ayla Şahin', 3],
      ['Cem Çelik (ayrıldı)', 1],
    ]);
    const many = Array.from({ length: 8 }, (_, index) => member(String(index), `Üye ${index}`, 8 - index));
    expect(memberSlices(many).at(-1)).toMatchObject({ label: 'Diğer', value: 2 + 1 });
  });

  it('exports the totals, the members and the days, newest first, in the CSV of /stats', () => {
    const tables = officeTables(DATA);
    expect(tables.map((table) => table.title)).toEqual(['Özet', 'Ekip üyeleri', 'Günlük']);
    expect(tables[0]?.rows).toEqual([['2026-11-27', '2026-11-28', '4', '4', '1', '2']]);
    expect(tables[1]?.rows[0]).toEqual(['Ayla Şahin', '3', '75', '3', '0', '1']);
    expect(tables[2]?.rows.map((row) => row[0])).toEqual(['2026-11-28', '2026-11-27']);
    expect(buildCsv(tables)).toContain('"Cem Çelik (ayrıldı)";"1";"25"');
    expect(officeCsvFileName(DATA)).toBe('ekip-istatistikleri-2026-11-27-2026-11-28.csv');
  });

  it('is quiet when nothing happened in the period', () => {
    expect(officeIsQuiet(DATA)).toBe(false);
    expect(officeIsQuiet({ ...DATA, totals: { visits: 0, uniqueVisitors: 0, clicks: 0, leads: 0 } })).toBe(true);
  });
});
