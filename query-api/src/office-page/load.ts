import type pg from 'pg';
import { isCheckpoint } from '@kartvizit/infra/event-store/checkpoint';
import {
  CARDS_PROJECTION,
  OFFICES_PROJECTION,
  PROFILES_PROJECTION,
  RM_OFFICES,
  RM_OFFICE_MEMBERS,
  SHOWN_CARDS,
} from '@kartvizit/infra/read-models/contract';
import { isMissingRelation } from '../core/sql.ts';
import { markEach, type Marks, type ProjectionMark } from '../html/page-cache.ts';

/**
 * The read models the office page (/o/{slug}) is made of: the office and its members, the office's cards, and the
 * members' profiles (their photo, name and title in 'Ekibimiz').
 */
export const OFFICE_PAGE_PROJECTIONS = [OFFICES_PROJECTION, CARDS_PROJECTION, PROFILES_PROJECTION] as const;
export type OfficePageProjection = (typeof OFFICE_PAGE_PROJECTIONS)[number];
export type OfficePageMarks = Marks<OfficePageProjection>;

/** One member in 'Ekibimiz': the office card they have held longest, and their profile. */
export interface TeamRow {
  readonly cardId: string;
  readonly profile: unknown;
}

export interface OfficePageRow {
  /** The office's row as `readStoredOffice` reads it: officeId, slug, details, logoUrl, template. */
  readonly office: unknown;
  /** The members with a shown office card, in the order they joined. */
  readonly team: readonly TeamRow[];
  /** md5 of the office row and the team: a change of anything shown changes it. */
  readonly dataHash: string;
  readonly marks: OfficePageMarks;
}

type MarkRow = Readonly<Record<string, unknown>>;

interface Row extends MarkRow {
  readonly office: unknown;
  readonly team: TeamRow[] | null;
  readonly data_hash: string;
}

function mark(generation: unknown, checkpoint: unknown): ProjectionMark | null {
  if (typeof generation !== 'number') return null;
  return { generation, checkpoint: isCheckpoint(checkpoint) ? checkpoint : null };
}

function marksOf(row: MarkRow | undefined): OfficePageMarks {
  return markEach(OFFICE_PAGE_PROJECTIONS, (name) =>
    row ? mark(row[`${name}_generation`], row[`${name}_checkpoint`]) : null,
  );
}

// The marks in the same statement as the data: one snapshot, so they say exactly which events the data includes.
// (The names are our own constants, not input.)
const MARKS_SQL = OFFICE_PAGE_PROJECTIONS.map(
  (name) => `
  (SELECT generation FROM projection_checkpoints WHERE name = '${name}') AS ${name}_generation,
  (SELECT checkpoint FROM projection_checkpoints WHERE name = '${name}') AS ${name}_checkpoint`,
).join(',');

/**
 * The office by its slug, and every current member (`left_at IS NULL`) who holds a shown office card (SHOWN_CARDS:
 * activated, active, the holder not forgotten, and `office_id` this office), each with the card they have held
 * longest (`owned_at`: when the current holder got it) and their profile. A returned card is nobody's and not active:
 * its former holder is not listed through it.
 */
const OFFICE_SQL = `WITH office AS (
     SELECT o.office_id, o.slug, o.details, o.logo_url, o.template FROM ${RM_OFFICES} o WHERE o.slug = $1
      ORDER BY o.created_at LIMIT 1),
   team AS (
     SELECT m.user_id, m.joined_at, held.card_id, held.profile
       FROM office f
       JOIN ${RM_OFFICE_MEMBERS} m ON m.office_id = f.office_id AND m.left_at IS NULL
       JOIN LATERAL (SELECT c.card_id, p.data AS profile ${SHOWN_CARDS}
                        AND c.office_id = m.office_id AND c.owner_id = m.user_id
                      ORDER BY c.owned_at NULLS LAST, c.card_id LIMIT 1) held ON true),
   page AS (
     SELECT json_build_object('officeId', f.office_id, 'slug', f.slug, 'details', f.details, 'logoUrl', f.logo_url,
                              'template', f.template) AS office,
            coalesce((SELECT json_agg(json_build_object('cardId', t.card_id, 'profile', t.profile)
                                      ORDER BY t.joined_at, t.user_id) FROM team t), '[]'::json) AS team
       FROM office f)
 SELECT office, team, md5(office::text || team::text) AS data_hash, ${MARKS_SQL} FROM page`;

/** The office and its team with the read models' marks, in one statement; undefined for an unknown slug. */
export async function loadOfficePage(pool: pg.Pool, slug: string): Promise<OfficePageRow | undefined> {
  let row: Row | undefined;
  try {
    row = (await pool.query<Row>(OFFICE_SQL, [slug])).rows[0];
  } catch (error) {
    // A fresh database whose offices projection has not been built yet: no office at all.
    if (isMissingRelation(error)) return undefined;
    throw error;
  }
  if (!row) return undefined;
  return { office: row.office, team: row.team ?? [], dataHash: row.data_hash, marks: marksOf(row) };
}

export async function loadOfficePageMarks(pool: pg.Pool): Promise<OfficePageMarks> {
  const result = await pool.query<MarkRow>(`SELECT ${MARKS_SQL}`);
  return marksOf(result.rows[0]);
}
