import { describe, it } from 'vitest';
import { MAX_PRODUCTS_PER_OWNER, MESSAGES, type ProductData, type ProductEvent } from '@kartvizit/schemas';
import { deciderSpecification } from '@kartvizit/infra/commands/decider-specification';
import { productDecider, type ProductCommand } from './decider.ts';

const spec = deciderSpecification(productDecider);
const owner = '5f0c8f6e-6b8f-4b7e-9a5e-2f1f0b7c9d11';
const now = '2026-11-21T10:00:00.000Z';
const later = '2026-11-22T09:30:00.000Z';
const lamp = 'a1111111-1111-4111-8111-111111111111';
const vase = 'b2222222-2222-4222-8222-222222222222';
const rug = 'c3333333-3333-4333-8333-333333333333';

const content = (name: string, overrides: Partial<ProductData> = {}): ProductData => ({
  name,
  description: 'El yapımı',
  price: { value: 249.9, currency: 'TRY', isDisplayed: true, compareAtValue: null },
  images: [],
  externalLink: '',
  url: '',
  actionButton: { type: 'none', label: 'İletişime Geç', value: '' },
  category: 'Ev',
  tags: [],
  features: [],
  stock: null,
  translations: {},
  kind: 'product',
  listing: null,
  ...overrides,
});

const created = (productId: string, name: string, order: number, flags: { isActive?: boolean; featured?: boolean } = {}): ProductEvent => ({
  type: 'ProductCreated',
  data: { productId, ownerId: owner, product: content(name), isActive: flags.isActive ?? true, featured: flags.featured ?? false, order, createdAt: now },
});

const create = (productId: string, name: string): ProductCommand => ({
  type: 'CreateProduct',
  data: { productId, ownerId: owner, product: content(name), isActive: true, featured: false, now },
});

const edit = (productId: string, product: ProductData, flags: { isActive?: boolean | null; featured?: boolean | null } = {}): ProductCommand => ({
  type: 'EditProduct',
  data: { productId, ownerId: owner, product, isActive: flags.isActive === undefined ? true : flags.isActive, featured: flags.featured === undefined ? false : flags.featured, now: later },
});

const reorder = (...products: [string, number][]): ProductCommand => ({
  type: 'ReorderProducts',
  data: { ownerId: owner, products: products.map(([productId, order]) => ({ productId, order })), now: later },
});

const threeProducts = [created(lamp, 'Lamba', 0), created(vase, 'Vazo', 1), created(rug, 'Kilim', 2)];

describe('creating a product', () => {
  it('the first product takes place 0', () => {
    spec.given().when(create(lamp, 'Lamba')).then([created(lamp, 'Lamba', 0)]);
  });

  it('a new product goes after the last one, gaps left by deletions included', () => {
    spec
      .given([created(lamp, 'Lamba', 0), created(vase, 'Vazo', 1), { type: 'ProductDeleted', data: { productId: lamp, ownerId: owner, deletedAt: now } }])
      .when(create(rug, 'Kilim'))
      .then([created(rug, 'Kilim', 2)]);
  });

  it('an id already used, even by a deleted product, is refused', () => {
    spec.given([created(lamp, 'Lamba', 0)]).when(create(lamp, 'Başka')).thenThrows('conflict', MESSAGES.productIdTaken);
    spec
      .given([created(lamp, 'Lamba', 0), { type: 'ProductDeleted', data: { productId: lamp, ownerId: owner, deletedAt: now } }])
      .when(create(lamp, 'Başka'))
      .thenThrows('conflict', MESSAGES.productIdTaken);
  });

  it(`an owner keeps at most ${MAX_PRODUCTS_PER_OWNER} products`, () => {
    const many = Array.from({ length: MAX_PRODUCTS_PER_OWNER }, (_, index) =>
      created(`00000000-0000-4000-8000-${String(index).padStart(12, '0')}`, `Ürün ${index}`, index),
    );
    spec.given(many).when(create(lamp, 'Bir fazlası')).thenThrows('validation', MESSAGES.productLimitReached);
  });
});

describe('editing a product', () => {
  it('a changed content is one edit', () => {
    spec
      .given([created(lamp, 'Lamba', 0)])
      .when(edit(lamp, content('Masa Lambası')))
      .then([{ type: 'ProductEdited', data: { productId: lamp, ownerId: owner, product: content('Masa Lambası'), editedAt: later } }]);
  });

  it('switching it off and featuring it are events of their own, the unchanged content none', () => {
    spec
      .given([created(lamp, 'Lamba', 0)])
      .when(edit(lamp, content('Lamba'), { isActive: false, featured: true }))
      .then([
        { type: 'ProductDeactivated', data: { productId: lamp, ownerId: owner, at: later } },
        { type: 'ProductFeatured', data: { productId: lamp, ownerId: owner, at: later } },
      ]);
  });

  it('the same form again changes nothing', () => {
    spec.given([created(lamp, 'Lamba', 0)]).when(edit(lamp, content('Lamba'))).then([]);
  });

  it('an unknown product (another owner’s is one: it is not in this stream) is not found', () => {
    spec.given([created(lamp, 'Lamba', 0)]).when(edit(vase, content('Vazo'))).thenThrows('not_found', MESSAGES.productNotFound);
  });

  it('a deleted product can no longer be edited', () => {
    spec
      .given([created(lamp, 'Lamba', 0), { type: 'ProductDeleted', data: { productId: lamp, ownerId: owner, deletedAt: now } }])
      .when(edit(lamp, content('Lamba')))
      .thenThrows('not_found', MESSAGES.productNotFound);
  });

  it("a form without translations (a client from before issue 31) keeps the product's other languages", () => {
    const english = { en: { name: 'Lamp', features: ['Handmade'] } };
    const translated: ProductEvent = {
      type: 'ProductEdited',
      data: { productId: lamp, ownerId: owner, product: content('Lamba', { translations: english }), editedAt: now },
    };
    const keep = edit(lamp, content('Masa Lambası'));
    const kept = { ...keep, data: { ...keep.data, keepTranslations: true } } as ProductCommand;
    spec
      .given([created(lamp, 'Lamba', 0), translated])
      .when(kept)
      .then([
        {
          type: 'ProductEdited',
          data: { productId: lamp, ownerId: owner, product: content('Masa Lambası', { translations: english }), editedAt: later },
        },
      ]);
    // Sent, even empty, it is what the owner wants: here, no other language.
    spec
      .given([created(lamp, 'Lamba', 0), translated])
      .when(edit(lamp, content('Lamba')))
      .then([{ type: 'ProductEdited', data: { productId: lamp, ownerId: owner, product: content('Lamba'), editedAt: later } }]);
  });

  it('a form without the flags leaves them as they are', () => {
    spec
      .given([created(lamp, 'Lamba', 0, { isActive: false, featured: true })])
      .when(edit(lamp, content('Lamba'), { isActive: null, featured: null }))
      .then([]);
  });

  it('a deactivated product is activated again', () => {
    spec
      .given([created(lamp, 'Lamba', 0, { isActive: false })])
      .when(edit(lamp, content('Lamba'), { isActive: true }))
      .then([{ type: 'ProductActivated', data: { productId: lamp, ownerId: owner, at: later } }]);
  });
});

describe('featuring a product', () => {
  const feature = (featured: boolean): ProductCommand => ({ type: 'SetProductFeatured', data: { productId: lamp, ownerId: owner, featured, now: later } });

  it('on and off', () => {
    spec.given([created(lamp, 'Lamba', 0)]).when(feature(true)).then([{ type: 'ProductFeatured', data: { productId: lamp, ownerId: owner, at: later } }]);
    spec
      .given([created(lamp, 'Lamba', 0, { featured: true })])
      .when(feature(false))
      .then([{ type: 'ProductUnfeatured', data: { productId: lamp, ownerId: owner, at: later } }]);
  });

  it('asking for what already holds appends nothing', () => {
    spec.given([created(lamp, 'Lamba', 0, { featured: true })]).when(feature(true)).then([]);
  });

  it('an unknown product is not found', () => {
    spec.given().when(feature(true)).thenThrows('not_found', MESSAGES.productNotFound);
  });
});

describe('deleting a product', () => {
  it('is recorded once; a second delete finds nothing', () => {
    const deleted: ProductEvent = { type: 'ProductDeleted', data: { productId: lamp, ownerId: owner, deletedAt: later } };
    spec.given([created(lamp, 'Lamba', 0)]).when({ type: 'DeleteProduct', data: { productId: lamp, ownerId: owner, now: later } }).then([deleted]);
    spec
      .given([created(lamp, 'Lamba', 0), deleted])
      .when({ type: 'DeleteProduct', data: { productId: lamp, ownerId: owner, now: later } })
      .thenThrows('not_found', MESSAGES.productNotFound);
  });
});

describe('reordering the products', () => {
  it('every product with its zero-based place, recorded in the new order', () => {
    spec
      .given(threeProducts)
      .when(reorder([lamp, 2], [vase, 0], [rug, 1]))
      .then([
        {
          type: 'ProductsReordered',
          data: {
            ownerId: owner,
            products: [
              { productId: vase, order: 0 },
              { productId: rug, order: 1 },
              { productId: lamp, order: 2 },
            ],
            at: later,
          },
        },
      ]);
  });

  it('the order there already is appends nothing', () => {
    spec.given(threeProducts).when(reorder([lamp, 0], [vase, 1], [rug, 2])).then([]);
  });

  it('an id the owner does not have (another owner’s, or none) is not found', () => {
    spec
      .given(threeProducts)
      .when(reorder([lamp, 0], [vase, 1], [rug, 2], ['d4444444-4444-4444-8444-444444444444', 3]))
      .thenThrows('not_found', MESSAGES.productNotFound);
  });

  it('a product left out is refused', () => {
    spec.given(threeProducts).when(reorder([lamp, 0], [vase, 1])).thenThrows('validation', MESSAGES.productOrderIncomplete);
  });

  it('a product named twice is refused', () => {
    spec.given(threeProducts).when(reorder([lamp, 0], [lamp, 1], [rug, 2])).thenThrows('validation', MESSAGES.productOrderDuplicate);
  });

  it('places that are not 0…n-1 are refused', () => {
    spec.given(threeProducts).when(reorder([lamp, 1], [vase, 2], [rug, 3])).thenThrows('validation', MESSAGES.productOrderInvalid);
    spec.given(threeProducts).when(reorder([lamp, 0], [vase, 0], [rug, 1])).thenThrows('validation', MESSAGES.productOrderInvalid);
  });

  it('a reorder is replayed into the places later decisions see', () => {
    spec
      .given([...threeProducts, { type: 'ProductsReordered', data: { ownerId: owner, products: [{ productId: rug, order: 0 }, { productId: lamp, order: 1 }, { productId: vase, order: 2 }], at: later } }])
      .when(create('e5555555-5555-4555-8555-555555555555', 'Sepet'))
      .then([created('e5555555-5555-4555-8555-555555555555', 'Sepet', 3)]);
    spec
      .given([...threeProducts, { type: 'ProductsReordered', data: { ownerId: owner, products: [{ productId: rug, order: 0 }, { productId: lamp, order: 1 }, { productId: vase, order: 2 }], at: later } }])
      .when(reorder([rug, 0], [lamp, 1], [vase, 2]))
      .then([]);
  });
});

describe('a forgotten owner', () => {
  it('replays with the sealed content unreadable, and an edit still decides', () => {
    const forgotten = { ...created(lamp, 'Lamba', 0), data: { ...created(lamp, 'Lamba', 0).data, product: '' } } as unknown as ProductEvent;
    spec
      .given([forgotten])
      .when(edit(lamp, content('Lamba')))
      .then([{ type: 'ProductEdited', data: { productId: lamp, ownerId: owner, product: content('Lamba'), editedAt: later } }]);
  });
});

describe('listings and their EİDS authorisation (issue 33)', () => {
  const flat = 'd4444444-4444-4444-8444-444444444444';
  const listing = (validUntil: string, number = 'EIDS-1234'): ProductData =>
    content('3+1 Daire, Moda', {
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
        furnished: false,
        inSite: false,
        balcony: true,
        parking: 'open',
        lift: true,
        titleDeed: 'condominium',
        creditEligible: true,
        swap: false,
        dues: 1500,
        deposit: null,
        il: 'İstanbul',
        ilce: 'Kadıköy',
        mahalle: 'Caferağa',
        location: null,
        eids: { number, validUntil },
      },
    });
  // 2026-11-21 10:00 UTC is 13:00 in Türkiye: today is 2026-11-21 there.
  const createListing = (validUntil: string): ProductCommand => ({
    type: 'CreateProduct',
    data: { productId: flat, ownerId: owner, product: listing(validUntil), isActive: true, featured: false, now },
  });
  const listed = (validUntil: string): ProductEvent => ({
    type: 'ProductCreated',
    data: { productId: flat, ownerId: owner, product: listing(validUntil), isActive: true, featured: false, order: 0, createdAt: now },
  });
  const ended = (validUntil: string): ProductEvent => ({
    type: 'ListingAuthorisationEnded',
    data: { productId: flat, ownerId: owner, validUntil, at: later },
  });

  it('a listing whose authorisation runs to today or later is listed', () => {
    spec.given([]).when(createListing('2026-11-21')).then([listed('2026-11-21')]);
  });

  it('an authorisation that ended yesterday is refused, with nothing appended', () => {
    spec.given([]).when(createListing('2026-11-20')).thenThrows('validation', MESSAGES.listingEidsDatePast);
  });

  it('an authorisation running more than three years is refused', () => {
    spec.given([]).when(createListing('2029-11-22')).thenThrows('validation', MESSAGES.listingEidsDateTooFar);
  });

  it('an ended listing may still be corrected: its unchanged authorisation is not checked again', () => {
    const cheaper = { ...listing('2026-11-21'), price: { ...listing('2026-11-21').price, value: 199 } };
    spec
      .given([listed('2026-11-21'), ended('2026-11-21')])
      .when({ type: 'EditProduct', data: { productId: flat, ownerId: owner, product: cheaper, isActive: null, featured: null, now: '2026-12-05T10:00:00.000Z' } })
      .then([{ type: 'ProductEdited', data: { productId: flat, ownerId: owner, product: cheaper, editedAt: '2026-12-05T10:00:00.000Z' } }]);
  });

  it('a renewal must not have ended already either', () => {
    spec
      .given([listed('2026-11-21'), ended('2026-11-21')])
      .when({ type: 'EditProduct', data: { productId: flat, ownerId: owner, product: listing('2026-12-01', 'EIDS-5678'), isActive: null, featured: null, now: '2026-12-05T10:00:00.000Z' } })
      .thenThrows('validation', MESSAGES.listingEidsDatePast);
  });
});
