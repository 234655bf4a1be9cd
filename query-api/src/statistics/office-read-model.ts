import type pg from 'pg';
import type { StatisticsPeriod } from '@kartvizit/schemas/statistics/rules';
import { RM_CARDS, RM_OFFICE_MEMBERS } from '@kartvizit/infra/read-models/contract';
import { rowsOrNone as rows } from '../core/sql.ts';

/**
 * Reads of the team statistics (issue 30) over the statistics, cards, offices, leads and accounts read models. The
 * statistics are kept per holder, card and day (the holder when the visit happened): an office's are the rows of its
 * members, present and past, on the office's cards. Each member's rows are a primary-key range of that member, so
 * the cost grows with the members, their cards and the days of the period, not with the visits.
 */

/** A holder's figures on the office's cards on one day. */
export interface MemberDayRow {
  readonly ownerId: string;
  readonly day: string;
  readonly visits: number;
  readonly uniqueVisitors: number;
  readonly clicks: number;
  readonly leads: number;
}

/** Someone who is or was in the office; names are the account's, null once the account is erased. */
export interface OfficeMemberRow {
  readonly userId: string;
  readonly current: boolean;
  readonly firstName: string | null;
  readonly lastName: string | null;
}

/** Visits, unique visitors and clicks of each holder and day of the period on the office's cards. */
export async function readOfficeVisitDays(
  pool: pg.Pool,
  officeId: string,
  period: StatisticsPeriod,
): Promise<MemberDayRow[]> {
  const found = await rows<{ owner_id: string; day: string; visits: string; unique_visitors: string; clicks: string }>(
    pool,
    `SELECT d.owner_id::text AS owner_id, d.day::text AS day,
            sum(d.visits) AS visits, sum(d.unique_visitors) AS unique_visitors, sum(d.clicks) AS clicks
       FROM ${RM_OFFICE_MEMBERS} m
       JOIN rm_stat_daily d ON d.owner_id = m.user_id AND d.day BETWEEN $2::date AND $3::date
       JOIN ${RM_CARDS} c ON c.card_id = d.card_id AND c.office_id = m.office_id
      WHERE m.office_id = $1
      GROUP BY d.owner_id, d.day`,
    [officeId, period.from, period.to],
  );
  return found.map((row) => ({
    ownerId: row.owner_id,
    day: row.day,
    visits: Number(row.visits),
    uniqueVisitors: Number(row.unique_visitors),
    clicks: Number(row.clicks),
    leads: 0,
  }));
}

/**
 * Leads left on the office's cards in the period (Istanbul days), per holder when they were left and day. They are the
 * office's (decision 61): a lead whose holder's account was erased still counts.
 */
export async function readOfficeLeadDays(
  pool: pg.Pool,
  officeId: string,
  period: StatisticsPeriod,
): Promise<MemberDayRow[]> {
  const found = await rows<{ owner_id: string; day: string; leads: string }>(
    pool,
    `SELECT owner_id::text AS owner_id, (submitted_at AT TIME ZONE 'Europe/Istanbul')::date::text AS day,
            count(*) AS leads
       FROM rm_leads
      WHERE office_id = $1
        AND submitted_at >= ($2::date)::timestamp AT TIME ZONE 'Europe/Istanbul'
        AND submitted_at < ($3::date + 1)::timestamp AT TIME ZONE 'Europe/Istanbul'
      GROUP BY 1, 2`,
    [officeId, period.from, period.to],
  );
  return found.map((row) => ({
    ownerId: row.owner_id,
    day: row.day,
    visits: 0,
    uniqueVisitors: 0,
    clicks: 0,
    leads: Number(row.leads),
  }));
}

/** Everyone who is or was in the office, and the holders of its leads who are not (any more), with their names. */
export async function readOfficePeople(
  pool: pg.Pool,
  officeId: string,
  others: readonly string[],
): Promise<OfficeMemberRow[]> {
  const found = await rows<{ user_id: string; current: boolean; first_name: string | null; last_name: string | null }>(
    pool,
    `SELECT p.user_id::text AS user_id, coalesce(m.left_at IS NULL AND m.user_id IS NOT NULL, false) AS current,
            a.first_name, a.last_name
       FROM (SELECT user_id FROM ${RM_OFFICE_MEMBERS} WHERE office_id = $1
             UNION SELECT unnest($2::uuid[])) p
       LEFT JOIN ${RM_OFFICE_MEMBERS} m ON m.office_id = $1 AND m.user_id = p.user_id
       LEFT JOIN rm_accounts a ON a.user_id = p.user_id`,
    [officeId, others],
  );
  return found.map((row) => ({
    userId: row.user_id,
    current: row.current,
    firstName: row.first_name,
    lastName: row.last_name,
  }));
}

/**
 * Whose statistics the office's team stream follows: everyone it ever had (the team's figures count those who left),
 * or null when `adminId` is not one of its current Yöneticis (the stream then ends).
 */
export async function readOfficeAudience(
  pool: pg.Pool,
  officeId: string,
  adminId: string,
): Promise<readonly string[] | null> {
  const found = await rows<{ user_id: string; admin: boolean }>(
    pool,
    `SELECT user_id::text AS user_id, (role = 'admin' AND left_at IS NULL) AS admin
       FROM ${RM_OFFICE_MEMBERS} WHERE office_id = $1`,
    [officeId],
  );
  if (!found.some((row) => row.user_id === adminId && row.admin)) return null;
  return found.map((row) => row.user_id);
}
