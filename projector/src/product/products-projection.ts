import {
  evolveAuthorisation,
  nextAuthorisationDeadline,
  readProductData,
  type AuthorisationState,
  type ProductData,
  type ProductEvent,
} from '@kartvizit/schemas';
import type { StoredEvent } from '@kartvizit/infra/vault/event-codec';
import { batchedUpsert } from '@kartvizit/infra/processing/batched-upsert';
import type { Projection, ProjectionContext } from '@kartvizit/infra/processing/projection';

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
  /**
   * A listing's EİDS authorisation after this batch (issue 33): null for none, undefined when the batch did not touch
   * it. It says whether the listing is off the card (ended) and when the schedule looks next (the deadline).
   */
  authorisation: AuthorisationState | null | undefined;
  lastStreamPosition: number;
}

type Authorisations = ReadonlyMap<string, AuthorisationState | null>;

/** Folds a batch into one row per product; a reorder touches every product it names. `stored`: the authorisations before it. */
function fold(events: readonly StoredEvent<ProductEvent>[], stored: Authorisations): ProductRow[] {
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
        authorisation: undefined,
        lastStreamPosition: -1,
      };
      rows.set(productId, row);
    }
    row.lastStreamPosition = Math.max(row.lastStreamPosition, event.streamPosition);
    return row;
  };
  const authorisationOf = (row: ProductRow) =>
    row.authorisation === undefined ? (stored.get(row.productId) ?? null) : row.authorisation;
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
        row.authorisation = evolveAuthorisation(null, {
          type: event.type,
          eids: row.data.listing?.eids ?? null,
          at: event.data.createdAt,
        });
        break;
      }
      case 'ProductEdited': {
        const row = rowOf(event.data.productId, event);
        row.data = readProductData(event.data.product);
        row.updatedAt = event.data.editedAt;
        row.authorisation = evolveAuthorisation(authorisationOf(row), {
          type: event.type,
          eids: row.data.listing?.eids ?? null,
          at: event.data.editedAt,
        });
        break;
      }
      case 'ListingAuthorisationReminderDue':
      case 'ListingAuthorisationEnded': {
        const row = rowOf(event.data.productId, event);
        row.authorisation = evolveAuthorisation(authorisationOf(row), {
          type: event.type,
          validUntil: event.data.validUntil,
          stage: event.type === 'ListingAuthorisationEnded' ? 'ended' : event.data.reminder,
        });
        break;
      }
      case 'ProductDeleted': {
        const row = rowOf(event.data.productId, event);
        row.deleted = true;
        row.data = null;
        row.authorisation = null;
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
    // JSON null: no authorisation; SQL NULL: this batch did not touch it, and the three columns keep theirs.
    authorisation: {
      type: 'jsonb',
      value: (row) => (row.authorisation === undefined ? null : JSON.stringify(row.authorisation)),
      merge: 'ifSet',
    },
    authorisation_ended: {
      type: 'boolean',
      value: (row) => row.authorisation?.reached === 'ended',
      sql: (batch, stored) =>
        `CASE WHEN ${batch}.authorisation IS NULL THEN COALESCE(${stored}.authorisation_ended, false) ELSE ${batch}.authorisation_ended END`,
    },
    authorisation_deadline: {
      type: 'timestamptz',
      value: (row) => (row.authorisation ? (nextAuthorisationDeadline(row.authorisation)?.at.toISOString() ?? null) : null),
      sql: (batch, stored) =>
        `CASE WHEN ${batch}.authorisation IS NULL THEN ${stored}.authorisation_deadline ELSE ${batch}.authorisation_deadline END`,
    },
  },
  position: (row) => row.lastStreamPosition,
});

/** The authorisations stored before this batch, of the products whose authorisation it may move. */
async function storedAuthorisations(
  events: readonly StoredEvent<ProductEvent>[],
  { client, table }: ProjectionContext,
): Promise<Authorisations> {
  const ids = [
    ...new Set(
      events
        .filter((event) => event.type !== 'ProductCreated' && event.type !== 'ProductsReordered')
        .map((event) => ('productId' in event.data ? event.data.productId : null))
        .filter((id): id is string => id !== null),
    ),
  ];
  if (ids.length === 0) return new Map();
  const { rows } = await client.query<{ product_id: string; authorisation: AuthorisationState | null }>(
    `SELECT product_id, authorisation FROM ${table('products')} WHERE product_id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map(rows.map((row) => [row.product_id, row.authorisation]));
}

export const productsProjection: Projection<ProductEvent> = {
  name: 'products',
  // 2: a deleted account's products go (the core's erasure, decision 29).
  // 3: listings' EİDS authorisations, whether one ended and when the schedule looks next (issue 33).
  version: 3,
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
        authorisation jsonb,
        authorisation_ended boolean NOT NULL DEFAULT false,
        authorisation_deadline timestamptz,
        last_stream_position bigint NOT NULL
      );
      CREATE INDEX ${table}_owner ON ${table} (owner_id, sort_order) WHERE NOT deleted;
      CREATE INDEX ${table}_deadline ON ${table} (authorisation_deadline) WHERE authorisation_deadline IS NOT NULL`,
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
    'ListingAuthorisationReminderDue',
    'ListingAuthorisationEnded',
  ],
  erasure: {
    ownerOf: (event) => event.data.ownerId,
    async erase(ownerIds, { client, table }) {
      await client.query(`DELETE FROM ${table('products')} WHERE owner_id = ANY($1::uuid[])`, [ownerIds]);
    },
  },

  async apply(events, context) {
    const rows = fold(events, await storedAuthorisations(events, context));
    await upsertProducts(context, rows);
    return { touched: [...new Set(rows.map((row) => row.ownerId))] };
  },
};
