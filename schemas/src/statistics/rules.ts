import { previousDay } from '../telemetry/events.ts';
import { STATISTICS_MESSAGES } from './messages.ts';

/** The longest period the team statistics read at once: a year and its leap day. */
export const STATISTICS_PERIOD_MAX_DAYS = 366;

/** A period of Istanbul calendar days, both ends included (YYYY-MM-DD). */
export interface StatisticsPeriod {
  readonly from: string;
  readonly to: string;
}

export type PeriodReading =
  | ({ readonly ok: true } & StatisticsPeriod)
  | { readonly ok: false; readonly message: string; readonly field: 'from' | 'to' };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD ('2026-02-30' is not one). */
export function isCalendarDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Days from `from` to `to`, both included (calendar arithmetic, no time zone involved). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The day `count - 1` days before `day`: the first day of a period of `count` days ending on `day`. */
export function periodStart(day: string, count: number): string {
  let first = day;
  for (let index = 1; index < count; index += 1) first = previousDay(first);
  return first;
}

/**
 * The period a statistics query asks for: `from` and `to` (YYYY-MM-DD, Istanbul days); a missing `to` is today, a
 * missing `from` the 30 days up to `to` (the window of /stats). Never after today, never longer than a year;
 * otherwise the first problem in Turkish, with the field it is about.
 */
export function readStatisticsPeriod(
  input: { readonly from?: string | undefined; readonly to?: string | undefined },
  today: string,
  defaultDays: number,
): PeriodReading {
  if (input.to !== undefined && !isCalendarDay(input.to))
    return { ok: false, message: STATISTICS_MESSAGES.statisticsPeriodDayInvalid, field: 'to' };
  if (input.from !== undefined && !isCalendarDay(input.from))
    return { ok: false, message: STATISTICS_MESSAGES.statisticsPeriodDayInvalid, field: 'from' };
  const to = input.to ?? today;
  if (to > today) return { ok: false, message: STATISTICS_MESSAGES.statisticsPeriodInFuture, field: 'to' };
  const from = input.from ?? periodStart(to, defaultDays);
  if (from > to) return { ok: false, message: STATISTICS_MESSAGES.statisticsPeriodReversed, field: 'from' };
  if (daysBetween(from, to) > STATISTICS_PERIOD_MAX_DAYS)
    return { ok: false, message: STATISTICS_MESSAGES.statisticsPeriodTooLong, field: 'from' };
  return { ok: true, from, to };
}
