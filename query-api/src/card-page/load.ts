import type pg from 'pg';
import { isCheckpoint } from '@kartvizit/infra/event-store/checkpoint';
import {
  REMS_KEYS_PROJECTION,
  RM_REMS_KEYS,
  SHOWN_CARDS,
  SHOWN_PRODUCTS,
  SHOWN_PRODUCT_PROJECTIONS,
} from '@kartvizit/infra/read-models/contract';
import { isMissingRelation } from '../core/sql.ts';
import { markEach, type Marks, type ProjectionMark } from '../html/page-cache.ts';

/**
 * The read models a card page is made of: the card, its owner's profile, the owner's shown products, and whether the
 * owner has a REMS key in force (the 'Emlak Danışmanlığı' block is rendered with the card, docs/decisions/0037).
 */
export const CARD_PAGE_PROJECTIONS = [...SHOWN_PRODUCT_PROJECTIONS, REMS_KEYS_PROJECTION] as const;
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
  /** The office the card belongs to (issue 30), or null: its lead form names the office as the data controller. */
  readonly officeId: string | null;
  /** md5 of the profile JSON, the shown products and the REMS block: a change of any shown field changes it. */
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
  readonly office_id: string | null;
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

function cardSql(catalogue: string, rems: string): string {
  // The card's office read through to_jsonb: a cards read model of a version before offices (while the new one is
  // built) has no such column, and its cards are nobody's office's.
  return `WITH shown AS (SELECT c.card_id, p.owner_id, p.data, to_jsonb(c) ->> 'office_id' AS office_id
                           ${SHOWN_CARDS} AND c.card_id = $1),
          page AS (SELECT s.card_id, s.owner_id, s.data, s.office_id, ${catalogue} AS products, ${rems} AS rems_active
                     FROM shown s)
   SELECT card_id, owner_id, data, products, rems_active, office_id,
          md5(data::text || products::text || rems_active::text || coalesce(office_id, '')) AS data_hash,
          ${MARKS_SQL} FROM page`;
}

/**
 * The statement with every part, then without the parts whose read model may not be built yet (a fresh database,
 * a projection added by this release): the REMS block, then the catalogue too. Without the cards read model there
 * is no card at all.
 */
const CARD_SQL = [
  cardSql(CATALOGUE_SQL, REMS_SQL),
  cardSql(CATALOGUE_SQL, 'false'),
  cardSql(`'[]'::json`, REMS_SQL),
  cardSql(`'[]'::json`, 'false'),
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
      if (!isMissingRelation(error)) throw error;
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
    officeId: row.office_id,
    dataHash: row.data_hash,
    marks: marksOf(row),
  };
}

export async function loadPageMarks(pool: pg.Pool): Promise<CardPageMarks> {
  const result = await pool.query<MarkRow>(`SELECT ${MARKS_SQL}`);
  return marksOf(result.rows[0]);
}
