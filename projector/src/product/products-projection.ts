import { readProductData, type ProductData, type ProductEvent } from '@kartvizit/schemas';
import type { StoredEvent } from '@kartvizit/infra/vault/event-codec';
import { batchedUpsert } from '@kartvizit/infra/processing/batched-upsert';
import type { Projection } from '@kartvizit/infra/processing/projection';

/**
 * Products as the owner's product screen and the public catalogue see them (`rm_products`): one
 * row per product. A deleted product keeps its row (so a late, older batch cannot bring it back)
 * with `deleted` set and its content cleared: what the owner deleted is not kept.
 */
interface ProductRow {
  readonly productId: string;
  readonly ownerId: string;
  // null: "this batch did not change it" (an earlier batch's value stays).
  data: ProductData | null;
  isActive: boolean | null;
  featured: boolean | null;
  order: number | null;
  createdAt: string | null;
  updatedAt: string | null;
  deleted: boolean;
  lastStreamPosition: number;
}

/** Folds a batch into one row per product; a reorder touches every product it names. */
function fold(events: readonly StoredEvent<ProductEvent>[]): ProductRow[] {
  const rows = new Map<string, ProductRow>();
  const rowOf = (productId: string, event: StoredEvent<ProductEvent>): ProductRow => {
    let row = rows.get(productId);
    if (!row) {
      row = {
        productId,
        ownerId: event.data.ownerId,
        data: null,
        isActive: null,
        featured: null,
        order: null,
        createdAt: null,
        updatedAt: null,
        deleted: false,
        lastStreamPosition: -1,
      };
      rows.set(productId, row);
    }
    row.lastStreamPosition = Math.max(row.lastStreamPosition, event.streamPosition);
    return row;
  };
  for (const event of events) {
    switch (event.type) {
      case 'ProductCreated': {
        const row = rowOf(event.data.productId, event);
        row.data = readProductData(event.data.product);
        row.isActive = event.data.isActive;
        row.featured = event.data.featured;
        row.order = event.data.order;
        row.createdAt = event.data.createdAt;
        row.updatedAt = event.data.createdAt;
        break;
      }
      case 'ProductEdited': {
        const row = rowOf(event.data.productId, event);
        row.data = readProductData(event.data.product);
        row.updatedAt = event.data.editedAt;
        break;
      }
      case 'ProductDeleted': {
        const row = rowOf(event.data.productId, event);
        row.deleted = true;
        row.data = null;
        row.updatedAt = event.data.deletedAt;
        break;
      }
      case 'ProductFeatured':
      case 'ProductUnfeatured': {
        const row = rowOf(event.data.productId, event);
        row.featured = event.type === 'ProductFeatured';
        row.updatedAt = event.data.at;
        break;
      }
      case 'ProductActivated':
      case 'ProductDeactivated': {
        const row = rowOf(event.data.productId, event);
        row.isActive = event.type === 'ProductActivated';
        row.updatedAt = event.data.at;
        break;
      }
      case 'ProductsReordered':
        for (const { productId, order } of event.data.products) rowOf(productId, event).order = order;
        break;
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  }
  return [...rows.values()];
}

const upsertProducts = batchedUpsert<ProductRow>({
  table: 'products',
  key: ['product_id'],
  columns: {
    product_id: { type: 'uuid', value: (row) => row.productId },
    owner_id: { type: 'uuid', value: (row) => row.ownerId, merge: 'insertOnly' },
    // A deletion clears the content for good; otherwise a batch that did not touch it keeps the stored one.
    data: {
      type: 'jsonb',
      value: (row) => (row.data ? JSON.stringify(row.data) : null),
      sql: (batch, stored) =>
        `CASE WHEN ${batch}.deleted OR ${stored}.deleted THEN NULL ELSE COALESCE(${batch}.data, ${stored}.data) END`,
    },
    is_active: { type: 'boolean', value: (row) => row.isActive, merge: 'ifSet' },
    featured: { type: 'boolean', value: (row) => row.featured, merge: 'ifSet' },
    sort_order: { type: 'integer', value: (row) => row.order, merge: 'ifSet' },
    created_at: { type: 'timestamptz', value: (row) => row.createdAt, merge: 'ifSet' },
    updated_at: { type: 'timestamptz', value: (row) => row.updatedAt, merge: 'ifSet' },
    deleted: { type: 'boolean', value: (row) => row.deleted, merge: 'or' },
  },
  position: (row) => row.lastStreamPosition,
});

export const productsProjection: Projection<ProductEvent> = {
  name: 'products',
  // 2: a deleted account's products go (the core's erasure, decision 29).
  version: 2,
  tables: {
    products: (table) => `CREATE TABLE ${table} (
        product_id uuid PRIMARY KEY,
        owner_id uuid NOT NULL,
        data jsonb,
        is_active boolean,
        featured boolean,
        sort_order integer,
        created_at timestamptz,
        updated_at timestamptz,
        deleted boolean NOT NULL DEFAULT false,
        last_stream_position bigint NOT NULL
      );
      CREATE INDEX ${table}_owner ON ${table} (owner_id, sort_order) WHERE NOT deleted`,
  },
  handles: [
    'ProductCreated',
    'ProductEdited',
    'ProductDeleted',
    'ProductFeatured',
    'ProductUnfeatured',
    'ProductActivated',
    'ProductDeactivated',
    'ProductsReordered',
  ],
  erasure: {
    ownerOf: (event) => event.data.ownerId,
    async erase(ownerIds, { client, table }) {
      await client.query(`DELETE FROM ${table('products')} WHERE owner_id = ANY($1::uuid[])`, [ownerIds]);
    },
  },

  async apply(events, context) {
    const rows = fold(events);
    await upsertProducts(context, rows);
    return { touched: [...new Set(rows.map((row) => row.ownerId))] };
  },
};
