import type pg from 'pg';
import { STATISTICS_ALL_CARDS } from '@kartvizit/schemas/statistics/http';
import { RM_CARDS, RM_PRODUCTS, RM_REMS_REGISTRATIONS, type CardsRow } from '@kartvizit/infra/read-models/contract';
import { rowsOrNone as rows } from '../core/sql.ts';

/**
 * Reads of the statistics read model (projector/src/statistics). Every read is a primary-key
 * lookup or a short primary-key range of one owner and one card (or '*', all of the owner's
 * cards), so its cost does not grow with the number of visits.
 */
export interface Scope {
  readonly ownerId: string;
  /** A card id, or STATISTICS_ALL_CARDS. */
  readonly cardId: string;
}

export interface Totals {
  readonly visits: number;
  readonly uniqueVisitors: number;
  readonly clicks: number;
  readonly lastVisitAt: Date | null;
}

export interface DayCounts {
  readonly visits: number;
  readonly uniqueVisitors: number;
}

export interface BreakdownRow {
  readonly dimension: string;
  /** '' where the hit did not reveal it. */
  readonly key: string;
  readonly detail: string;
  readonly count: number;
}


export async function readTotals(pool: pg.Pool, scope: Scope): Promise<Totals | null> {
  const [row] = await rows<{ visits: string; unique_visitors: string; clicks: string; last_visit_at: Date | null }>(
    pool,
    `SELECT visits, unique_visitors, clicks, last_visit_at FROM rm_stat_totals WHERE owner_id = $1 AND card_id = $2`,
    [scope.ownerId, scope.cardId],
  );
  if (!row) return null;
  return {
    visits: Number(row.visits),
    uniqueVisitors: Number(row.unique_visitors),
    clicks: Number(row.clicks),
    lastVisitAt: row.last_visit_at,
  };
}

/** Counts of the days from `first` to `last` (YYYY-MM-DD, inclusive) that have any. */
export async function readDays(
  pool: pg.Pool,
  scope: Scope,
  first: string,
  last: string,
): Promise<Map<string, DayCounts>> {
  const found = await rows<{ day: string; visits: string; unique_visitors: string }>(
    pool,
    `SELECT day::text AS day, visits, unique_visitors FROM rm_stat_daily
      WHERE owner_id = $1 AND card_id = $2 AND day BETWEEN $3::date AND $4::date`,
    [scope.ownerId, scope.cardId, first, last],
  );
  return new Map(
    found.map((row) => [row.day, { visits: Number(row.visits), uniqueVisitors: Number(row.unique_visitors) }]),
  );
}

/** Breakdown rows of the given dimensions, read in one statement so their sums agree. */
export async function readBreakdowns(
  pool: pg.Pool,
  scope: Scope,
  dimensions: readonly string[],
): Promise<BreakdownRow[]> {
  const found = await rows<{ dimension: string; key: string; detail: string; count: string }>(
    pool,
    `SELECT dimension, key, detail, count FROM rm_stat_breakdowns
      WHERE owner_id = $1 AND card_id = $2 AND dimension = ANY($3::text[])`,
    [scope.ownerId, scope.cardId, dimensions],
  );
  return found.map((row) => ({ dimension: row.dimension, key: row.key, detail: row.detail, count: Number(row.count) }));
}

export interface ProductFigures {
  readonly productId: string;
  /** The product's current name; null once deleted (or unknown to the products read model). */
  readonly name: string | null;
  readonly deleted: boolean;
  readonly isActive: boolean;
  readonly views: number;
  readonly uniqueVisitors: number;
  readonly buyClicks: number;
  readonly whatsappClicks: number;
  readonly callClicks: number;
  /** REMS registrations made from this listing's page (issue 33), every one requested. */
  readonly registrations: number;
  readonly lastViewedAt: Date | null;
}

/**
 * The owner's products' figures with their current names, for one card they were reached from or for all ('*'): one
 * primary-key range of the owner and card (at most the owner's products, 200) joined to the products read model by its
 * primary key, and the REMS registrations made from each listing's page (issue 33). A listing asked about through REMS
 * is listed even before a view of it was counted (a beacon lost, a view before the listing was one).
 */
export async function readProductFigures(
  pool: pg.Pool,
  ownerId: string,
  cardId: string = STATISTICS_ALL_CARDS,
): Promise<ProductFigures[]> {
  const found = await rows<{
    product_id: string;
    name: string | null;
    deleted: boolean | null;
    is_active: boolean | null;
    views: string;
    unique_visitors: string;
    buy_clicks: string;
    whatsapp_clicks: string;
    call_clicks: string;
    registrations: string;
    last_viewed_at: Date | null;
  }>(
    pool,
    `WITH figures AS (
       SELECT product_id, views, unique_visitors, buy_clicks, whatsapp_clicks, call_clicks, last_viewed_at
         FROM rm_stat_products
        WHERE owner_id = $1 AND card_id = $2
     ),
     -- Every registration requested through the listing counts, whatever REMS answered (delivered, failed, still
     -- waiting): the owner asks how many people the listing brought to ask, not how many REMS took. One the visitor
     -- had deleted (LeadDeleted) is gone from the read model, and from here. For one card: those made on that card's
     -- REMS form (the listing page sends its visitor to its card's form).
     asked AS (
       SELECT product_id, count(*) AS registrations
         FROM ${RM_REMS_REGISTRATIONS}
        WHERE owner_id = $1 AND product_id IS NOT NULL AND ($2 = $3 OR card_id = $2)
        GROUP BY product_id
     )
     SELECT coalesce(f.product_id, a.product_id)::text AS product_id, pr.data->>'name' AS name, pr.deleted, pr.is_active,
            coalesce(f.views, 0) AS views, coalesce(f.unique_visitors, 0) AS unique_visitors,
            coalesce(f.buy_clicks, 0) AS buy_clicks, coalesce(f.whatsapp_clicks, 0) AS whatsapp_clicks,
            coalesce(f.call_clicks, 0) AS call_clicks, coalesce(a.registrations, 0) AS registrations, f.last_viewed_at
       FROM figures f
       FULL JOIN asked a ON a.product_id = f.product_id
       LEFT JOIN ${RM_PRODUCTS} pr ON pr.product_id = coalesce(f.product_id, a.product_id) AND pr.owner_id = $1`,
    [ownerId, cardId, STATISTICS_ALL_CARDS],
  );
  return found.map((row) => ({
    productId: row.product_id,
    name: row.deleted === false ? (row.name ?? '') : null,
    deleted: row.deleted !== false,
    isActive: row.deleted === false && row.is_active === true,
    views: Number(row.views),
    uniqueVisitors: Number(row.unique_visitors),
    buyClicks: Number(row.buy_clicks),
    whatsappClicks: Number(row.whatsapp_clicks),
    callClicks: Number(row.call_clicks),
    registrations: Number(row.registrations),
    lastViewedAt: row.last_viewed_at,
  }));
}

/** The card's owner from the cards read model, or null for an unknown card. */
export async function cardOwner(pool: pg.Pool, cardId: string): Promise<string | null> {
  const [row] = await rows<Pick<CardsRow, 'owner_id'>>(pool, `SELECT owner_id FROM ${RM_CARDS} WHERE card_id = $1`, [
    cardId,
  ]);
  return row?.owner_id ?? null;
}
