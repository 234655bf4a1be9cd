import type pg from 'pg';
import { isCheckpoint } from '@kartvizit/infra/event-store/checkpoint';
import { SHOWN_CARDS, SHOWN_PRODUCTS } from '@kartvizit/infra/read-models/contract';
import { isMissingRelation } from '../core/sql.ts';
import type { PageMarks, ProjectionMark } from './cache.ts';

export interface CardPageRow {
  readonly cardId: string;
  readonly ownerId: string;
  readonly data: unknown;
  /** The owner's shown products (SHOWN_PRODUCTS), featured first, then the owner's order. */
  readonly products: readonly CatalogueRow[];
  /** md5 of the profile JSON and the shown products: a change of any shown field changes it. */
  readonly dataHash: string;
  readonly marks: PageMarks;
}

/** One shown product as the catalogue needs it. */
export interface CatalogueRow {
  readonly id: string;
  readonly featured: boolean;
  readonly data: unknown;
}

interface MarkRow {
  readonly products_generation: number | null;
  readonly products_checkpoint: string | null;
  readonly cards_generation: number | null;
  readonly cards_checkpoint: string | null;
  readonly profiles_generation: number | null;
  readonly profiles_checkpoint: string | null;
}

interface Row extends MarkRow {
  readonly card_id: string;
  readonly owner_id: string;
  readonly data: unknown;
  readonly products: CatalogueRow[] | null;
  readonly data_hash: string;
}

function mark(generation: number | null, checkpoint: string | null): ProjectionMark | null {
  if (generation === null) return null;
  return { generation, checkpoint: isCheckpoint(checkpoint) ? checkpoint : null };
}

function marksOf(row: MarkRow | undefined): PageMarks {
  return {
    products: row ? mark(row.products_generation, row.products_checkpoint) : null,
    cards: row ? mark(row.cards_generation, row.cards_checkpoint) : null,
    profiles: row ? mark(row.profiles_generation, row.profiles_checkpoint) : null,
  };
}

// Both read models' marks in the same statement as the data: one snapshot, so the marks say
// exactly which events the data includes.
const MARKS_SQL = `
  (SELECT generation FROM projection_checkpoints WHERE name = 'products') AS products_generation,
  (SELECT checkpoint FROM projection_checkpoints WHERE name = 'products') AS products_checkpoint,
  (SELECT generation FROM projection_checkpoints WHERE name = 'cards') AS cards_generation,
  (SELECT checkpoint FROM projection_checkpoints WHERE name = 'cards') AS cards_checkpoint,
  (SELECT generation FROM projection_checkpoints WHERE name = 'profiles') AS profiles_generation,
  (SELECT checkpoint FROM projection_checkpoints WHERE name = 'profiles') AS profiles_checkpoint`;

const CATALOGUE_SQL = `coalesce((SELECT json_agg(json_build_object('id', pr.product_id, 'featured', pr.featured IS TRUE, 'data', pr.data)
             ORDER BY pr.featured IS TRUE DESC, pr.sort_order NULLS LAST, pr.created_at, pr.product_id)
        ${SHOWN_PRODUCTS} AND pr.owner_id = s.owner_id), '[]'::json)`;

function cardSql(catalogue: string): string {
  return `WITH shown AS (SELECT c.card_id, p.owner_id, p.data ${SHOWN_CARDS} AND c.card_id = $1),
          page AS (SELECT s.card_id, s.owner_id, s.data, ${catalogue} AS products FROM shown s)
   SELECT card_id, owner_id, data, products, md5(data::text || products::text) AS data_hash, ${MARKS_SQL} FROM page`;
}

/**
 * The owner's profile behind a shown card (SHOWN_CARDS: activated, active, the owner not forgotten) and the owner's
 * shown products (SHOWN_PRODUCTS, featured first, then the owner's order), with the read models' marks, all in one
 * statement; undefined otherwise (unknown, not activated, deactivated, forgotten: the page cannot tell them apart).
 */
export async function loadCardPage(pool: pg.Pool, cardId: string): Promise<CardPageRow | undefined> {
  let row: Row | undefined;
  try {
    row = (await pool.query<Row>(cardSql(CATALOGUE_SQL), [cardId])).rows[0];
  } catch (error) {
    if (!isMissingRelation(error)) throw error;
    // The products read model is not built yet: the card without a catalogue; nor the cards one: no card at all.
    try {
      row = (await pool.query<Row>(cardSql(`'[]'::json`), [cardId])).rows[0];
    } catch (again) {
      if (isMissingRelation(again)) return undefined;
      throw again;
    }
  }
  if (!row) return undefined;
  return {
    cardId: row.card_id,
    ownerId: row.owner_id,
    data: row.data,
    products: row.products ?? [],
    dataHash: row.data_hash,
    marks: marksOf(row),
  };
}

export async function loadPageMarks(pool: pg.Pool): Promise<PageMarks> {
  const result = await pool.query<MarkRow>(`SELECT ${MARKS_SQL}`);
  return marksOf(result.rows[0]);
}
