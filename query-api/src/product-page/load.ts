import type pg from 'pg';
import { RM_REMS_KEYS, SHOWN_CARDS, SHOWN_PRODUCTS } from '@kartvizit/infra/read-models/contract';
import { isMissingRelation } from '../core/sql.ts';

/** What the product page is made of: the product, and its owner's shown card and profile (for the way back). */
export interface ProductPageRow {
  readonly productId: string;
  readonly ownerId: string;
  readonly data: unknown;
  /**
   * The owner's card the page links back to: the card the visitor came from when it is one of the owner's shown cards,
   * else the one shown longest (SHOWN_PRODUCTS guarantees there is one).
   */
  readonly cardId: string | null;
  /** `cardId` is the card the visitor came from (the link's `?card=`, checked), not the fallback. */
  readonly cameFromCard: boolean;
  readonly profile: unknown;
  /** The owner has a REMS key in force: a listing offers 'Görüşme Planla' through the card's REMS form. */
  readonly remsActive: boolean;
}

interface Row {
  readonly product_id: string;
  readonly owner_id: string;
  readonly data: unknown;
  readonly card_id: string | null;
  readonly came_from_card: boolean | null;
  readonly profile: unknown;
  readonly rems_active: boolean | null;
}

/**
 * A shown product (SHOWN_PRODUCTS: active, not deleted, the owner has a shown card and is not forgotten) with its
 * owner's card and profile, in one statement; undefined for anything else (inactive, deleted, unknown, an owner
 * without a shown card or forgotten: the page cannot tell them apart). `fromCardId`: the card whose page linked here
 * (already in the card id's shape); taken only when it is one of this owner's shown cards.
 */
export async function loadProductPage(
  pool: pg.Pool,
  productId: string,
  fromCardId: string | null = null,
): Promise<ProductPageRow | undefined> {
  try {
    const result = await pool.query<Row>(
      `WITH shown AS (SELECT pr.product_id, pr.owner_id, pr.data ${SHOWN_PRODUCTS} AND pr.product_id = $1)
       SELECT s.product_id, s.owner_id, s.data, card.card_id, card.came_from_card, card.profile,
              EXISTS (SELECT 1 FROM ${RM_REMS_KEYS} k WHERE k.owner_id = s.owner_id AND k.active) AS rems_active
         FROM shown s
         LEFT JOIN LATERAL (SELECT c.card_id, c.card_id = $2 AS came_from_card, p.data AS profile
                             ${SHOWN_CARDS} AND c.owner_id = s.owner_id
                             ORDER BY c.card_id = $2 DESC, c.owned_at NULLS LAST, c.card_id LIMIT 1) card ON true`,
      [productId, fromCardId ?? ''],
    );
    const row = result.rows[0];
    if (!row) return undefined;
    return {
      productId: row.product_id,
      ownerId: row.owner_id,
      data: row.data,
      cardId: row.card_id,
      cameFromCard: row.came_from_card === true,
      profile: row.profile,
      remsActive: row.rems_active === true,
    };
  } catch (error) {
    if (isMissingRelation(error)) return undefined;
    throw error;
  }
}
