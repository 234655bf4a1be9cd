import { describe, expect, it } from 'vitest';
import { STATISTICS_MESSAGES as M } from './messages.ts';
import { daysBetween, isCalendarDay, periodStart, readStatisticsPeriod } from './rules.ts';

const TODAY = '2026-03-01';

describe('the period of a statistics query', () => {
  it('given nothing, is the 30 days up to today; given `to` only, the 30 days up to it', () => {
    expect(readStatisticsPeriod({}, TODAY, 30)).toEqual({ ok: true, from: '2026-01-31', to: TODAY });
    expect(readStatisticsPeriod({ to: '2026-02-28' }, TODAY, 7)).toEqual({
      ok: true,
      from: '2026-02-22',
      to: '2026-02-28',
    });
    expect(readStatisticsPeriod({ from: TODAY }, TODAY, 30)).toEqual({ ok: true, from: TODAY, to: TODAY });
  });

  it('is a year at most, the leap day included', () => {
    expect(readStatisticsPeriod({ from: '2024-03-01', to: '2025-02-28' }, TODAY, 30).ok).toBe(true);
    expect(daysBetween('2024-03-01', '2025-03-01')).toBe(366);
    expect(readStatisticsPeriod({ from: '2024-03-01', to: '2025-03-01' }, TODAY, 30).ok).toBe(true);
    expect(readStatisticsPeriod({ from: '2024-02-29', to: '2025-03-01' }, TODAY, 30)).toEqual({
      ok: false,
      message: M.statisticsPeriodTooLong,
      field: 'from',
    });
  });

  it('refuses what is not a calendar day, a reversed period and days after today, naming the field', () => {
    for (const day of ['2026-02-29', '2026-13-01', '01.03.2026', '2026-3-1', ''])
      expect(isCalendarDay(day), day).toBe(false);
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(readStatisticsPeriod({ from: '2026-02-30' }, TODAY, 30)).toMatchObject({
      field: 'from',
      message: M.statisticsPeriodDayInvalid,
    });
    expect(readStatisticsPeriod({ to: 'dün' }, TODAY, 30)).toMatchObject({
      field: 'to',
      message: M.statisticsPeriodDayInvalid,
    });
    expect(readStatisticsPeriod({ from: TODAY, to: '2026-02-28' }, TODAY, 30)).toMatchObject({
      field: 'from',
      message: M.statisticsPeriodReversed,
    });
    expect(readStatisticsPeriod({ to: '2026-03-02' }, TODAY, 30)).toMatchObject({
      field: 'to',
      message: M.statisticsPeriodInFuture,
    });
  });

  it('counts back across months and years by the calendar', () => {
    expect(periodStart('2026-01-02', 3)).toBe('2025-12-31');
    expect(periodStart(TODAY, 1)).toBe(TODAY);
  });
});
