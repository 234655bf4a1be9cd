import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { FORGOTTEN_PRODUCT, productsStreamId, type ProductData, type ProductEvent } from '@kartvizit/schemas';
import { createTestDatabase, type TestDatabase } from '@kartvizit/infra/db/test-database';
import { projectionSpecification } from '../core/projection-specification.ts';
import { productsProjection } from './products-projection.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

const spec = projectionSpecification(productsProjection, {
  pool: () => database.pool,
  streamOf: (event) => productsStreamId(event.data.ownerId),
});

const ayse = randomUUID();
// Ids in key order, so the expected rows read in the order they are listed.
const lamp = '11111111-1111-4111-8111-111111111111';
const vase = '22222222-2222-4222-8222-222222222222';
const rug = '33333333-3333-4333-8333-333333333333';

const content = (name: string): ProductData => ({
  name,
  description: 'El yapımı, Kapadokya',
  price: { value: 249.9, currency: 'TRY', isDisplayed: true, compareAtValue: 299.9 },
  images: [],
  externalLink: '',
  url: '',
  actionButton: { type: 'whatsapp', label: "WhatsApp'tan Sipariş Ver", value: '905321234567' },
  category: 'Ev',
  tags: ['seramik'],
  features: ['El boyaması'],
  stock: 3,
  translations: {},
  kind: 'product',
  listing: null,
});

const created = (productId: string, name: string, order: number): ProductEvent => ({
  type: 'ProductCreated',
  data: { productId, ownerId: ayse, product: content(name), isActive: true, featured: false, order, createdAt: '2026-11-01T10:00:00.000Z' },
});
const at = '2026-11-02T10:00:00.000Z';

const listing = (validUntil: string): ProductData => ({
  ...content('Moda 3+1'),
  kind: 'listing',
  listing: {
    purpose: 'sale',
    propertyType: 'apartment',
    rooms: '3+1',
    grossM2: 140,
    netM2: 120,
    floor: '3',
    buildingFloors: 5,
    buildingAge: 10,
    heating: 'combi',
    bathrooms: 2,
    furnished: null,
    inSite: null,
    balcony: null,
    parking: null,
    lift: null,
    titleDeed: null,
    creditEligible: null,
    swap: null,
    dues: null,
    deposit: null,
    il: 'İstanbul',
    ilce: 'Kadıköy',
    mahalle: '',
    location: null,
    eids: { number: 'EIDS-1', validUntil },
  },
});

describe('a listing’s EİDS authorisation in the products projection (issue 33)', () => {
  const flat = '44444444-4444-4444-8444-444444444444';
  const listed: ProductEvent = {
    type: 'ProductCreated',
    data: { productId: flat, ownerId: ayse, product: listing('2026-12-10'), isActive: true, featured: false, order: 0, createdAt: '2026-12-01T09:00:00.000Z' },
  };
  const reminded = (reminder: 'week' | 'day'): ProductEvent => ({
    type: 'ListingAuthorisationReminderDue',
    data: { productId: flat, ownerId: ayse, name: 'Moda 3+1', validUntil: '2026-12-10', reminder, at },
  });
  const ended: ProductEvent = {
    type: 'ListingAuthorisationEnded',
    data: { productId: flat, ownerId: ayse, validUntil: '2026-12-10', at },
  };

  it('a new listing is looked at next seven days before its end', async () => {
    await spec
      .given()
      .when([listed])
      .then({ products: [{ product_id: flat, authorisation_ended: false, authorisation_deadline: '2026-12-03T21:00:00.000Z' }] });
  });

  it('each reminder moves the next look on, and the end takes the listing off the card', async () => {
    await spec
      .given([listed])
      .when([reminded('week')], [reminded('day')], [ended])
      .then({ products: [{ product_id: flat, authorisation_ended: true, authorisation_deadline: null, last_stream_position: 3 }] });
  });

  it('a renewal shows it again, with deadlines of its own', async () => {
    await spec
      .given([listed], [reminded('week'), reminded('day')], [ended])
      .when([{ type: 'ProductEdited', data: { productId: flat, ownerId: ayse, product: listing('2027-03-31'), editedAt: '2026-12-12T08:00:00.000Z' } }])
      .then({ products: [{ product_id: flat, authorisation_ended: false, authorisation_deadline: '2027-03-24T21:00:00.000Z' }] });
  });

  it('an edit that keeps the ended authorisation keeps the listing off the card', async () => {
    await spec
      .given([listed], [ended])
      .when([{ type: 'ProductEdited', data: { productId: flat, ownerId: ayse, product: { ...listing('2026-12-10'), name: 'Moda 3+1, fiyat düştü' }, editedAt: '2026-12-12T08:00:00.000Z' } }])
      .then({ products: [{ product_id: flat, authorisation_ended: true, authorisation_deadline: null }] });
  });

  it('a deleted listing has nothing to look at', async () => {
    await spec
      .given([listed])
      .when([{ type: 'ProductDeleted', data: { productId: flat, ownerId: ayse, deletedAt: at } }])
      .then({ products: [{ product_id: flat, deleted: true, authorisation_ended: false, authorisation_deadline: null }] });
  });
});

describe('the products projection', () => {
  it('a created product is a row with its content, flags and place', async () => {
    await spec
      .given()
      .when([created(lamp, 'Lamba', 0)])
      .then({
        products: [
          {
            product_id: lamp,
            owner_id: ayse,
            data: content('Lamba'),
            is_active: true,
            featured: false,
            sort_order: 0,
            created_at: '2026-11-01T10:00:00.000Z',
            updated_at: '2026-11-01T10:00:00.000Z',
            deleted: false,
            last_stream_position: 0,
          },
        ],
      });
  });

  it('later batches that only feature, switch off or edit keep what earlier batches wrote', async () => {
    await spec
      .given([created(lamp, 'Lamba', 0)])
      .when(
        [{ type: 'ProductFeatured', data: { productId: lamp, ownerId: ayse, at } }],
        [{ type: 'ProductDeactivated', data: { productId: lamp, ownerId: ayse, at } }],
        [{ type: 'ProductEdited', data: { productId: lamp, ownerId: ayse, product: content('Masa Lambası'), editedAt: '2026-11-03T10:00:00.000Z' } }],
      )
      .then({
        products: [
          { data: content('Masa Lambası'), is_active: false, featured: true, sort_order: 0, updated_at: '2026-11-03T10:00:00.000Z', last_stream_position: 3 },
        ],
      });
  });

  it('a reorder gives every product it names its new place', async () => {
    await spec
      .given([created(lamp, 'Lamba', 0), created(vase, 'Vazo', 1), created(rug, 'Kilim', 2)])
      .when([
        {
          type: 'ProductsReordered',
          data: { ownerId: ayse, products: [{ productId: rug, order: 0 }, { productId: lamp, order: 1 }, { productId: vase, order: 2 }], at },
        },
      ])
      .then({
        products: [
          { product_id: lamp, sort_order: 1, last_stream_position: 3 },
          { product_id: vase, sort_order: 2, last_stream_position: 3 },
          { product_id: rug, sort_order: 0, last_stream_position: 3 },
        ],
      });
  });

  it('a deleted product keeps no content, and an old batch delivered late does not bring it back', async () => {
    await spec
      .given([created(lamp, 'Lamba', 0)], [{ type: 'ProductDeleted', data: { productId: lamp, ownerId: ayse, deletedAt: at } }])
      .whenBatchRedelivered(0)
      .then({ products: [{ product_id: lamp, data: null, deleted: true, last_stream_position: 1 }] });
  });

  it('created and deleted in one batch: a row with nothing in it', async () => {
    await spec
      .given()
      .when([created(lamp, 'Lamba', 0), { type: 'ProductDeleted', data: { productId: lamp, ownerId: ayse, deletedAt: at } }])
      .then({ products: [{ product_id: lamp, data: null, deleted: true }] });
  });

  it('a redelivered history changes nothing', async () => {
    await spec
      .given([created(lamp, 'Lamba', 0), created(vase, 'Vazo', 1)], [{ type: 'ProductFeatured', data: { productId: vase, ownerId: ayse, at } }])
      .whenRedelivered()
      .then({
        products: [
          { product_id: lamp, featured: false, sort_order: 0, last_stream_position: 0 },
          { product_id: vase, featured: true, sort_order: 1, last_stream_position: 2 },
        ],
      });
  });

  it("a forgotten owner's products replay without their content", async () => {
    await spec
      .given()
      .forget(ayse)
      .when([created(lamp, 'Lamba', 0)])
      .then({ products: [{ product_id: lamp, data: FORGOTTEN_PRODUCT, deleted: false }] });
  });
});
