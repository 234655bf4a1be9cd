import type pg from 'pg';
import { isCheckpoint } from '@kartvizit/infra/event-store/checkpoint';
import { SHOWN_CARDS } from '@kartvizit/infra/read-models/contract';
import { isMissingRelation } from '../core/sql.ts';
import type { PageMarks, ProjectionMark } from './cache.ts';

export interface CardPageRow {
  readonly cardId: string;
  readonly ownerId: string;
  readonly data: unknown;
  /** md5 of the profile JSON: a change of any shown field changes it. */
  readonly dataHash: string;
  readonly marks: PageMarks;
}

interface MarkRow {
  readonly cards_generation: number | null;
  readonly cards_checkpoint: string | null;
  readonly profiles_generation: number | null;
  readonly profiles_checkpoint: string | null;
}

interface Row extends MarkRow {
  readonly card_id: string;
  readonly owner_id: string;
  readonly data: unknown;
  readonly data_hash: string;
}

function mark(generation: number | null, checkpoint: string | null): ProjectionMark | null {
  if (generation === null) return null;
  return { generation, checkpoint: isCheckpoint(checkpoint) ? checkpoint : null };
}

function marksOf(row: MarkRow | undefined): PageMarks {
  return {
    cards: row ? mark(row.cards_generation, row.cards_checkpoint) : null,
    profiles: row ? mark(row.profiles_generation, row.profiles_checkpoint) : null,
  };
}

// Both read models' marks in the same statement as the data: one snapshot, so the marks say
// exactly which events the data includes.
const MARKS_SQL = `
  (SELECT generation FROM projection_checkpoints WHERE name = 'cards') AS cards_generation,
  (SELECT checkpoint FROM projection_checkpoints WHERE name = 'cards') AS cards_checkpoint,
  (SELECT generation FROM projection_checkpoints WHERE name = 'profiles') AS profiles_generation,
  (SELECT checkpoint FROM projection_checkpoints WHERE name = 'profiles') AS profiles_checkpoint`;

/**
 * The owner's profile behind a shown card (SHOWN_CARDS: activated, active, the owner not forgotten);
 * undefined otherwise (unknown, not activated, deactivated, forgotten: the page cannot tell them apart).
 */
export async function loadCardPage(pool: pg.Pool, cardId: string): Promise<CardPageRow | undefined> {
  try {
    const result = await pool.query<Row>(
      `SELECT c.card_id, p.owner_id, p.data, md5(p.data::text) AS data_hash, ${MARKS_SQL}
         ${SHOWN_CARDS} AND c.card_id = $1`,
      [cardId],
    );
    const row = result.rows[0];
    if (!row) return undefined;
    return { cardId: row.card_id, ownerId: row.owner_id, data: row.data, dataHash: row.data_hash, marks: marksOf(row) };
  } catch (error) {
    // The read models are not built yet: no card can be shown.
    if (isMissingRelation(error)) return undefined;
    throw error;
  }
}

export async function loadPageMarks(pool: pg.Pool): Promise<PageMarks> {
  const result = await pool.query<MarkRow>(`SELECT ${MARKS_SQL}`);
  return marksOf(result.rows[0]);
}
