import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ErrorResponse,
  MESSAGES,
  ProductDetailResponse,
  ProductListResponse,
  ProductOwnerParams,
  ProductParams,
  notFoundError,
  readProductData,
  toProductView,
  type Product,
} from '@kartvizit/schemas';
import {
  PRODUCTS_PROJECTION,
  RM_PRODUCTS,
  SHOWN_CARDS,
  SHOWN_PRODUCTS,
  SHOWN_PRODUCT_PROJECTIONS,
  type ProductsRow,
} from '@kartvizit/infra/read-models/contract';
import type { QueryContext } from '../core/context.ts';
import { isMissingRelation } from '../core/sql.ts';
import { succeeded } from '@kartvizit/infra/http/answers';
// Ids are UUIDs; anything else is no product and no owner, answered like an unknown one.
import { UUID_PATTERN as UUID } from '@kartvizit/schemas/ids';

const TAG = ['product'];
const OWNER_PROJECTIONS = [PRODUCTS_PROJECTION] as const;

type Row = Pick<
  ProductsRow,
  | 'product_id'
  | 'owner_id'
  | 'data'
  | 'is_active'
  | 'featured'
  | 'sort_order'
  | 'created_at'
  | 'updated_at'
  | 'authorisation_ended'
>;
const COLUMNS =
  'pr.product_id, pr.owner_id, pr.data, pr.is_active, pr.featured, pr.sort_order, pr.created_at, pr.updated_at, pr.authorisation_ended';

async function rows(context: QueryContext, sql: string, values: unknown[]): Promise<Row[]> {
  try {
    return (await context.pool.query<Row>(sql, values)).rows;
  } catch (error) {
    // The projection's first generation is not built yet: nothing to show.
    if (isMissingRelation(error)) return [];
    throw error;
  }
}

function toProduct(row: Row): Product {
  const created = (row.created_at ?? new Date(0)).toISOString();
  return toProductView({
    productId: row.product_id,
    ownerId: row.owner_id,
    product: readProductData(row.data),
    isActive: row.is_active ?? true,
    featured: row.featured ?? false,
    order: row.sort_order ?? 0,
    createdAt: created,
    updatedAt: row.updated_at?.toISOString() ?? created,
    authorisationEnded: row.authorisation_ended,
  });
}

function uuidOrNull(raw: string): string | null {
  const id = raw.trim().toLowerCase();
  return UUID.test(id) ? id : null;
}

/**
 * The owner's catalogue and the public one. What a visitor sees is SHOWN_PRODUCTS (active, not
 * deleted, the owner has a shown card): an inactive product, a deleted one, an unknown id and any
 * product of an owner without a shown card all get the same 404 with the same Turkish message.
 */
export function productQueries(context: QueryContext) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();

    // The owner's list in the owner's order (the drag-and-drop order), inactive products included.
    api.get(
      '/api/products',
      {
        schema: {
          tags: TAG,
          summary: 'Ürünlerim',
          security: [{ bearer: [] }],
          response: { 200: ProductListResponse, 401: ErrorResponse },
        },
        config: { owner: true, scope: 'products:read', projections: OWNER_PROJECTIONS },
      },
      async (request) => {
        const ownerId = request.person.id;
        const found = await rows(
          context,
          `SELECT ${COLUMNS} FROM ${RM_PRODUCTS} pr
            WHERE pr.owner_id = $1 AND NOT pr.deleted AND pr.data IS NOT NULL
            ORDER BY pr.sort_order NULLS LAST, pr.created_at, pr.product_id`,
          [ownerId],
        );
        return succeeded({ data: found.map(toProduct) });
      },
    );

    // Public order: featured products first, then the owner's own order (sort_order); ties (none
    // in practice) by creation and id, so the answer is stable. docs/decisions/0021.
    api.get(
      '/api/products/public/:userId',
      {
        schema: {
          tags: TAG,
          summary: 'Bir kartvizitin ürün kataloğu',
          params: ProductOwnerParams,
          response: { 200: ProductListResponse, 404: ErrorResponse },
        },
        config: { projections: SHOWN_PRODUCT_PROJECTIONS },
      },
      async (request) => {
        const ownerId = uuidOrNull(request.params.userId);
        if (!ownerId || !(await ownerIsShown(context, ownerId))) throw notFoundError(MESSAGES.productNotFound);
        const found = await rows(
          context,
          `SELECT ${COLUMNS} ${SHOWN_PRODUCTS} AND pr.owner_id = $1
            ORDER BY pr.featured IS TRUE DESC, pr.sort_order NULLS LAST, pr.created_at, pr.product_id`,
          [ownerId],
        );
        return succeeded({ data: found.map(toProduct) });
      },
    );

    api.get(
      '/api/products/public/detail/:id',
      {
        schema: {
          tags: TAG,
          summary: 'Ürün sayfası',
          params: ProductParams,
          response: { 200: ProductDetailResponse, 404: ErrorResponse },
        },
        config: { projections: SHOWN_PRODUCT_PROJECTIONS },
      },
      async (request) => {
        const productId = uuidOrNull(request.params.id);
        const row = productId
          ? (await rows(context, `SELECT ${COLUMNS} ${SHOWN_PRODUCTS} AND pr.product_id = $1`, [productId]))[0]
          : undefined;
        if (!row) throw notFoundError(MESSAGES.productNotFound);
        return succeeded({ data: toProduct(row) });
      },
    );
  };
}

/** The owner has a shown card: the list of an owner without one answers like an unknown owner. */
async function ownerIsShown(context: QueryContext, ownerId: string): Promise<boolean> {
  try {
    const result = await context.pool.query(`SELECT 1 ${SHOWN_CARDS} AND c.owner_id = $1 LIMIT 1`, [ownerId]);
    return (result.rowCount ?? 0) > 0;
  } catch (error) {
    if (isMissingRelation(error)) return false;
    throw error;
  }
}
