import type pg from 'pg';
import { isCheckpoint } from '@kartvizit/infra/event-store/checkpoint';
import {
  OFFICES_PROJECTION,
  RM_OFFICES,
  REMS_KEYS_PROJECTION,
  RM_REMS_KEYS,
  SHOWN_CARDS,
  SHOWN_PRODUCTS,
  SHOWN_PRODUCT_PROJECTIONS,
} from '@kartvizit/infra/read-models/contract';
import { isNotBuiltYet } from '../core/sql.ts';
import { markEach, type Marks, type ProjectionMark } from '../html/page-cache.ts';

/**
 * The read models a card page is made of: the card, its owner's profile, the owner's shown products, and whether the
 * owner has a REMS key in force (the 'Emlak Danışmanlığı' block is rendered with the card, docs/decisions/0037).
 */
export const CARD_PAGE_PROJECTIONS = [...SHOWN_PRODUCT_PROJECTIONS, REMS_KEYS_PROJECTION, OFFICES_PROJECTION] as const;
export type CardPageProjection = (typeof CARD_PAGE_PROJECTIONS)[number];
export type CardPageMarks = Marks<CardPageProjection>;

export interface CardPageRow {
  readonly cardId: string;
  readonly ownerId: string;
  readonly data: unknown;
  /** The owner's shown products (SHOWN_PRODUCTS), featured first, then the owner's order. */
  readonly products: readonly CatalogueRow[];
  /** The owner has a REMS key in force: the page shows 'Emlak Danışmanlığı' with 'Görüşme Planla'. */
  readonly remsActive: boolean;
  /** An office card's office (rm_offices as `readStoredOffice` reads it: its template and values), else null. */
  readonly office: unknown;
  /** md5 of the profile JSON, the shown products, the REMS block and the office: a change of any shown field changes it. */
  readonly dataHash: string;
  readonly marks: CardPageMarks;
}

/** One shown product as the catalogue needs it. */
export interface CatalogueRow {
  readonly id: string;
  readonly featured: boolean;
  readonly data: unknown;
}

/** `<projection>_generation` and `<projection>_checkpoint` for each page projection. */
type MarkRow = Readonly<Record<string, unknown>>;

interface Row extends MarkRow {
  readonly card_id: string;
  readonly owner_id: string;
  readonly data: unknown;
  readonly products: CatalogueRow[] | null;
  readonly rems_active: boolean;
  readonly office: unknown;
  readonly data_hash: string;
}

function mark(generation: unknown, checkpoint: unknown): ProjectionMark | null {
  if (typeof generation !== 'number') return null;
  return { generation, checkpoint: isCheckpoint(checkpoint) ? checkpoint : null };
}

function marksOf(row: MarkRow | undefined): CardPageMarks {
  return markEach(CARD_PAGE_PROJECTIONS, (name) =>
    row ? mark(row[`${name}_generation`], row[`${name}_checkpoint`]) : null,
  );
}

// Every page read model's mark in the same statement as the data: one snapshot, so the marks say
// exactly which events the data includes. (The names are our own constants, not input.)
const MARKS_SQL = CARD_PAGE_PROJECTIONS.map(
  (name) => `
  (SELECT generation FROM projection_checkpoints WHERE name = '${name}') AS ${name}_generation,
  (SELECT checkpoint FROM projection_checkpoints WHERE name = '${name}') AS ${name}_checkpoint`,
).join(',');

const CATALOGUE_SQL = `coalesce((SELECT json_agg(json_build_object('id', pr.product_id, 'featured', pr.featured IS TRUE, 'data', pr.data)
             ORDER BY pr.featured IS TRUE DESC, pr.sort_order NULLS LAST, pr.created_at, pr.product_id)
        ${SHOWN_PRODUCTS} AND pr.owner_id = s.owner_id), '[]'::json)`;

const REMS_SQL = `EXISTS (SELECT 1 FROM ${RM_REMS_KEYS} k WHERE k.owner_id = s.owner_id AND k.active)`;
// An office card also takes customers through its office's REMS key (decision 61).
const OFFICE_REMS_SQL = `(${REMS_SQL} OR EXISTS (SELECT 1 FROM ${RM_OFFICES} o
                           WHERE o.office_id = s.office_id AND (o.rems->>'active')::boolean))`;

// An office card's office (decision 61): the template and the values it gives the member's card.
const OFFICE_SQL = `(SELECT json_build_object('officeId', o.office_id, 'slug', o.slug, 'details', o.details,
                                              'logoUrl', o.logo_url, 'template', o.template)
                       FROM ${RM_OFFICES} o WHERE o.office_id = s.office_id)`;

function cardSql(catalogue: string, rems: string, office: string): string {
  const officeId = office === 'NULL' ? 'NULL::uuid AS office_id' : 'c.office_id';
  return `WITH shown AS (SELECT c.card_id, p.owner_id, p.data, ${officeId} ${SHOWN_CARDS} AND c.card_id = $1),
          page AS (SELECT s.card_id, s.owner_id, s.data, ${catalogue} AS products, ${rems} AS rems_active,
                          ${office}::json AS office FROM shown s)
   SELECT card_id, owner_id, data, products, rems_active, office,
          md5(data::text || products::text || rems_active::text || coalesce(office::text, '')) AS data_hash,
          ${MARKS_SQL} FROM page`;
}

/**
 * The statement with every part, then without the parts whose read model may not be built yet (a fresh database,
 * a projection added by this release, a column its new version adds while the old one is still served): the office,
 * then the REMS block, then the catalogue too. Without the cards read model there is no card at all.
 */
const CARD_SQL = [
  cardSql(CATALOGUE_SQL, OFFICE_REMS_SQL, OFFICE_SQL),
  cardSql(CATALOGUE_SQL, REMS_SQL, 'NULL'),
  cardSql(CATALOGUE_SQL, 'false', 'NULL'),
  cardSql(`'[]'::json`, REMS_SQL, 'NULL'),
  cardSql(`'[]'::json`, 'false', 'NULL'),
];

/**
 * The owner's profile behind a shown card (SHOWN_CARDS: activated, active, the owner not forgotten) and the owner's
 * shown products (SHOWN_PRODUCTS, featured first, then the owner's order), with the read models' marks, all in one
 * statement; undefined otherwise (unknown, not activated, deactivated, forgotten: the page cannot tell them apart).
 */
export async function loadCardPage(pool: pg.Pool, cardId: string): Promise<CardPageRow | undefined> {
  let row: Row | undefined;
  for (const sql of CARD_SQL) {
    try {
      row = (await pool.query<Row>(sql, [cardId])).rows[0];
      break;
    } catch (error) {
      if (!isNotBuiltYet(error)) throw error;
      if (sql === CARD_SQL.at(-1)) return undefined;
    }
  }
  if (!row) return undefined;
  return {
    cardId: row.card_id,
    ownerId: row.owner_id,
    data: row.data,
    products: row.products ?? [],
    remsActive: row.rems_active,
    office: row.office,
    dataHash: row.data_hash,
    marks: marksOf(row),
  };
}

export async function loadPageMarks(pool: pg.Pool): Promise<CardPageMarks> {
  const result = await pool.query<MarkRow>(`SELECT ${MARKS_SQL}`);
  return marksOf(result.rows[0]);
}
