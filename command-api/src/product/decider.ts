import {
  authorisationRunning,
  evolveAuthorisation,
  sameEids,
  turkishDate,
  MAX_PRODUCTS_PER_OWNER,
  MESSAGES,
  type AuthorisationState,
  conflictError,
  notFoundError,
  readProductData,
  validationError,
  type ProductData,
  type ProductEvent,
} from '@kartvizit/schemas';
import type { Decider } from '@kartvizit/infra/commands/decider';

/** One product of the owner's catalogue as the decisions need it. */
export interface CatalogueProduct {
  readonly productId: string;
  readonly product: ProductData;
  readonly isActive: boolean;
  readonly featured: boolean;
  readonly order: number;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** A listing's EİDS authorisation and how far its deadlines have gone (issue 33); null for a product. */
  readonly authorisation: AuthorisationState | null;
}

/** A listing whose authorisation has ended: off the card until a renewed one is entered. */
export function authorisationEnded(entry: CatalogueProduct): boolean {
  return entry.product.kind === 'listing' && entry.authorisation !== null && !authorisationRunning(entry.authorisation);
}

/**
 * The owner's catalogue (one stream per owner). `deleted` remembers ids once used, so a deleted
 * product's id is never given to another product.
 */
export interface CatalogueState {
  readonly products: ReadonlyMap<string, CatalogueProduct>;
  readonly deleted: ReadonlySet<string>;
}

// The route has validated and normalised the form (validation/product.ts), drawn the new id and
// read the clock: decide() stays pure. The owner is the stream's owner (the token's user).
export interface CreateProduct {
  readonly type: 'CreateProduct';
  readonly data: {
    readonly productId: string;
    readonly ownerId: string;
    readonly product: ProductData;
    readonly isActive: boolean;
    readonly featured: boolean;
    readonly now: string;
  };
}

export interface EditProduct {
  readonly type: 'EditProduct';
  readonly data: {
    readonly productId: string;
    readonly ownerId: string;
    readonly product: ProductData;
    /** Null: the form did not send it, and it stays as it is (an edit never switches off or unfeatures by omission). */
    readonly isActive: boolean | null;
    readonly featured: boolean | null;
    /** The form did not send `translations` (a client from before issue 31): the stored ones stay. */
    readonly keepTranslations?: boolean;
    readonly now: string;
  };
}

export interface SetProductFeatured {
  readonly type: 'SetProductFeatured';
  readonly data: { readonly productId: string; readonly ownerId: string; readonly featured: boolean; readonly now: string };
}

export interface DeleteProduct {
  readonly type: 'DeleteProduct';
  readonly data: { readonly productId: string; readonly ownerId: string; readonly now: string };
}

export interface ReorderProducts {
  readonly type: 'ReorderProducts';
  readonly data: {
    readonly ownerId: string;
    readonly products: readonly { readonly productId: string; readonly order: number }[];
    readonly now: string;
  };
}

export type ProductCommand = CreateProduct | EditProduct | SetProductFeatured | DeleteProduct | ReorderProducts;

/** Every product id is looked up in the owner's own stream: another owner's id is simply not here. */
function existing(state: CatalogueState, productId: string): CatalogueProduct {
  const product = state.products.get(productId);
  if (!product) throw notFoundError(MESSAGES.productNotFound);
  return product;
}

function sameContent(a: ProductData, b: ProductData): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The latest last day an authorisation may have: e-Devlet gives them for a limited time, never this long. */
const EIDS_MAX_YEARS = 3;

/**
 * A listing's authorisation as entered now: a new or changed one must not have ended already (today is its last day
 * at the earliest) and must not run more than three years. An unchanged one stays as it is, ended or not: the agent
 * may still correct an ended listing's price, and it stays off the card until renewed.
 */
function checkAuthorisation(product: ProductData, current: CatalogueProduct | undefined, now: string): void {
  const eids = product.listing?.eids ?? null;
  if (!eids || (current && sameEids(current.authorisation?.eids ?? null, eids))) return;
  const today = turkishDate(new Date(now));
  if (eids.validUntil < today) throw validationError(MESSAGES.listingEidsDatePast, 'listing.eids.validUntil');
  const latest = `${Number(today.slice(0, 4)) + EIDS_MAX_YEARS}${today.slice(4)}`;
  if (eids.validUntil > latest) throw validationError(MESSAGES.listingEidsDateTooFar, 'listing.eids.validUntil');
}

function create(command: CreateProduct, state: CatalogueState): ProductEvent[] {
  const { productId, ownerId, product, isActive, featured, now } = command.data;
  if (state.products.has(productId) || state.deleted.has(productId)) throw conflictError(MESSAGES.productIdTaken);
  checkAuthorisation(product, undefined, now);
  if (state.products.size >= MAX_PRODUCTS_PER_OWNER) throw validationError(MESSAGES.productLimitReached);
  const last = Math.max(-1, ...[...state.products.values()].map((entry) => entry.order));
  return [{ type: 'ProductCreated', data: { productId, ownerId, product, isActive, featured, order: last + 1, createdAt: now } }];
}

function edit(command: EditProduct, state: CatalogueState): ProductEvent[] {
  const { productId, ownerId, isActive, featured, now } = command.data;
  const current = existing(state, productId);
  const product = command.data.keepTranslations
    ? { ...command.data.product, translations: current.product.translations }
    : command.data.product;
  checkAuthorisation(product, current, now);
  const events: ProductEvent[] = [];
  if (!sameContent(current.product, product)) events.push({ type: 'ProductEdited', data: { productId, ownerId, product, editedAt: now } });
  if (isActive !== null && current.isActive !== isActive) {
    events.push({ type: isActive ? 'ProductActivated' : 'ProductDeactivated', data: { productId, ownerId, at: now } });
  }
  if (featured !== null && current.featured !== featured) {
    events.push({ type: featured ? 'ProductFeatured' : 'ProductUnfeatured', data: { productId, ownerId, at: now } });
  }
  return events;
}

function setFeatured(command: SetProductFeatured, state: CatalogueState): ProductEvent[] {
  const { productId, ownerId, featured, now } = command.data;
  const current = existing(state, productId);
  if (current.featured === featured) return [];
  return [{ type: featured ? 'ProductFeatured' : 'ProductUnfeatured', data: { productId, ownerId, at: now } }];
}

function remove(command: DeleteProduct, state: CatalogueState): ProductEvent[] {
  const { productId, ownerId, now } = command.data;
  existing(state, productId);
  return [{ type: 'ProductDeleted', data: { productId, ownerId, deletedAt: now } }];
}

/**
 * A reorder names every product of the owner exactly once with the places 0…n-1. Refusals, in
 * this order: an id the owner does not have (404, like every foreign id), an id twice, a product
 * left out, places that are not 0…n-1. Nothing is appended for any of them.
 */
function reorder(command: ReorderProducts, state: CatalogueState): ProductEvent[] {
  const { ownerId, products, now } = command.data;
  for (const entry of products) existing(state, entry.productId);
  if (new Set(products.map((entry) => entry.productId)).size !== products.length) throw validationError(MESSAGES.productOrderDuplicate, 'products');
  if (products.length !== state.products.size) throw validationError(MESSAGES.productOrderIncomplete, 'products');
  const places = products.map((entry) => entry.order).sort((a, b) => a - b);
  if (places.some((place, index) => place !== index)) throw validationError(MESSAGES.productOrderInvalid, 'products');
  if (products.every((entry) => state.products.get(entry.productId)?.order === entry.order)) return [];
  const ordered = [...products].sort((a, b) => a.order - b.order).map(({ productId, order }) => ({ productId, order }));
  return [{ type: 'ProductsReordered', data: { ownerId, products: ordered, at: now } }];
}

function change(state: CatalogueState, productId: string, update: (product: CatalogueProduct) => CatalogueProduct): CatalogueState {
  const current = state.products.get(productId);
  if (!current) return state;
  const products = new Map(state.products);
  products.set(productId, update(current));
  return { ...state, products };
}

export const productDecider: Decider<CatalogueState, ProductCommand, ProductEvent> = {
  initialState: { products: new Map(), deleted: new Set() },

  evolve(state, event) {
    switch (event.type) {
      case 'ProductCreated': {
        const { productId, isActive, featured, order, createdAt } = event.data;
        const products = new Map(state.products);
        const product = readProductData(event.data.product);
        products.set(productId, {
          productId,
          product,
          isActive,
          featured,
          order,
          createdAt,
          updatedAt: createdAt,
          authorisation: evolveAuthorisation(null, { type: event.type, eids: product.listing?.eids ?? null, at: createdAt }),
        });
        return { ...state, products };
      }
      case 'ProductEdited':
        return change(state, event.data.productId, (entry) => {
          const product = readProductData(event.data.product);
          return {
            ...entry,
            product,
            updatedAt: event.data.editedAt,
            authorisation: evolveAuthorisation(entry.authorisation, {
              type: event.type,
              eids: product.listing?.eids ?? null,
              at: event.data.editedAt,
            }),
          };
        });
      case 'ListingAuthorisationReminderDue':
      case 'ListingAuthorisationEnded':
        return change(state, event.data.productId, (entry) => ({
          ...entry,
          authorisation: evolveAuthorisation(entry.authorisation, {
            type: event.type,
            validUntil: event.data.validUntil,
            stage: event.type === 'ListingAuthorisationEnded' ? 'ended' : event.data.reminder,
          }),
        }));
      case 'ProductDeleted': {
        const products = new Map(state.products);
        products.delete(event.data.productId);
        return { products, deleted: new Set([...state.deleted, event.data.productId]) };
      }
      case 'ProductFeatured':
      case 'ProductUnfeatured':
        return change(state, event.data.productId, (product) => ({
          ...product,
          featured: event.type === 'ProductFeatured',
          updatedAt: event.data.at,
        }));
      case 'ProductActivated':
      case 'ProductDeactivated':
        return change(state, event.data.productId, (product) => ({
          ...product,
          isActive: event.type === 'ProductActivated',
          updatedAt: event.data.at,
        }));
      case 'ProductsReordered':
        return event.data.products.reduce(
          (next, { productId, order }) => change(next, productId, (product) => ({ ...product, order })),
          state,
        );
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'CreateProduct':
        return create(command, state);
      case 'EditProduct':
        return edit(command, state);
      case 'SetProductFeatured':
        return setFeatured(command, state);
      case 'DeleteProduct':
        return remove(command, state);
      case 'ReorderProducts':
        return reorder(command, state);
      default: {
        const unhandled: never = command;
        return unhandled;
      }
    }
  },
};

/** Every image address the catalogue shows: what must not be deleted from the blob store. */
export function imageUrlsOf(state: CatalogueState): Set<string> {
  return new Set([...state.products.values()].flatMap((entry) => entry.product.images));
}
