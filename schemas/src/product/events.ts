import type { EventRegistry } from '../common/event-type-info.ts';
import type { Translations } from '../language/model.ts';
import type { ProductActionType, ProductCurrency } from './model.ts';
import type { CatalogueItemKind, ListingData } from './listing.ts';
import type { AuthorisationReminder } from './listing-authorisation.ts';

/** A product's words in other languages (issue 31): only languages and fields with text; the rest reads as Turkish. */
export type ProductTranslations = Translations<{
  readonly name: string;
  readonly description: string;
  readonly features: readonly string[];
  /** The action button's label ('Satın Al', 'Sipariş Ver'…). */
  readonly actionLabel: string;
}>;

/**
 * Product catalogue events. One stream per owner (`products-{ownerId}`): a reorder names every
 * product of the owner and must see them all in one decision, and "another owner's product" is
 * then simply a product that is not in this stream. Product texts, images and the action button's
 * value (a WhatsApp number, an Instagram name) are the owner's content: `product` is sealed with
 * the owner's key like the profile, and reads as '' once the owner is forgotten.
 */

export interface ProductPrice {
  /** ≥ 0, at most two decimals; 0 means "no price" (the screens then show none). */
  readonly value: number;
  readonly currency: ProductCurrency;
  readonly isDisplayed: boolean;
  /** The struck-through "before" price, or null. */
  readonly compareAtValue: number | null;
}

export interface ProductActionButton {
  readonly type: ProductActionType;
  /** Never empty: the type's default label when the owner left it blank. */
  readonly label: string;
  /** whatsapp: '90xxxxxxxxxx'; instagram: a user name without '@'; link: an http(s) URL; none and contact: ''. */
  readonly value: string;
}

/** The owner-editable product (SPEC §3), normalised: trimmed text, '' for blank. */
export interface ProductData {
  readonly name: string;
  readonly description: string;
  readonly price: ProductPrice;
  /** Our own media URLs ('/media/products/…'), at most 10, in the owner's order. */
  readonly images: readonly string[];
  readonly externalLink: string;
  readonly url: string;
  readonly actionButton: ProductActionButton;
  readonly category: string;
  readonly tags: readonly string[];
  readonly features: readonly string[];
  /** Null: stock is not tracked (the page shows no stock badge). */
  readonly stock: number | null;
  /** Since schema version 2; earlier events have none (read them through `readProductData`). */
  readonly translations: ProductTranslations;
  /** Since schema version 3 (issue 33): a product, or a real-estate listing ('İlan'). Earlier events read 'product'. */
  readonly kind: CatalogueItemKind;
  /** The listing's facts for kind 'listing'; null for a product. */
  readonly listing: ListingData | null;
}

export interface ProductCreated {
  readonly type: 'ProductCreated';
  readonly data: {
    readonly productId: string;
    readonly ownerId: string;
    readonly product: ProductData;
    readonly isActive: boolean;
    readonly featured: boolean;
    /** Zero-based place in the owner's list: new products go last. */
    readonly order: number;
    readonly createdAt: string;
  };
}

/** A full edit of the product's content; activation and featuring have events of their own. */
export interface ProductEdited {
  readonly type: 'ProductEdited';
  readonly data: { readonly productId: string; readonly ownerId: string; readonly product: ProductData; readonly editedAt: string };
}

export interface ProductDeleted {
  readonly type: 'ProductDeleted';
  readonly data: { readonly productId: string; readonly ownerId: string; readonly deletedAt: string };
}

/** What featuring and activation say, on and off alike: which product, whose, and when. */
export interface ProductSwitchData {
  readonly productId: string;
  readonly ownerId: string;
  readonly at: string;
}

export interface ProductFeatured {
  readonly type: 'ProductFeatured';
  readonly data: ProductSwitchData;
}

export interface ProductUnfeatured {
  readonly type: 'ProductUnfeatured';
  readonly data: ProductSwitchData;
}

export interface ProductActivated {
  readonly type: 'ProductActivated';
  readonly data: ProductSwitchData;
}

export interface ProductDeactivated {
  readonly type: 'ProductDeactivated';
  readonly data: ProductSwitchData;
}

/** The owner's whole list in its new order: every product, each with its zero-based place. */
export interface ProductsReordered {
  readonly type: 'ProductsReordered';
  readonly data: {
    readonly ownerId: string;
    readonly products: readonly { readonly productId: string; readonly order: number }[];
    readonly at: string;
  };
}

/**
 * A listing's EİDS authorisation is about to end (issue 33): appended by the listing-authorisations schedule seven days
 * and one day before its end, once each; the reminder e-mail follows from it. `name` is the listing's, sealed.
 */
export interface ListingAuthorisationReminderDue {
  readonly type: 'ListingAuthorisationReminderDue';
  readonly data: {
    readonly productId: string;
    readonly ownerId: string;
    readonly name: string;
    /** The authorisation's last day ('YYYY-MM-DD'): a renewed authorisation has another, and reminders of its own. */
    readonly validUntil: string;
    readonly reminder: AuthorisationReminder;
    readonly at: string;
  };
}

/** The authorisation ended (issue 33): the listing leaves the card until the agent enters a renewed one. */
export interface ListingAuthorisationEnded {
  readonly type: 'ListingAuthorisationEnded';
  readonly data: { readonly productId: string; readonly ownerId: string; readonly validUntil: string; readonly at: string };
}

export type ProductEvent =
  | ListingAuthorisationReminderDue
  | ListingAuthorisationEnded
  | ProductCreated
  | ProductEdited
  | ProductDeleted
  | ProductFeatured
  | ProductUnfeatured
  | ProductActivated
  | ProductDeactivated
  | ProductsReordered;

export function productsStreamId(ownerId: string): string {
  return `products-${ownerId}`;
}

export const PRODUCT_EVENT_TYPES: EventRegistry<ProductEvent> = {
  ProductCreated: { schemaVersion: 3, ownerField: 'ownerId', personalFields: ['product'] },
  ProductEdited: { schemaVersion: 3, ownerField: 'ownerId', personalFields: ['product'] },
  ProductDeleted: { schemaVersion: 1 },
  ProductFeatured: { schemaVersion: 1 },
  ProductUnfeatured: { schemaVersion: 1 },
  ProductActivated: { schemaVersion: 1 },
  ProductDeactivated: { schemaVersion: 1 },
  ProductsReordered: { schemaVersion: 1 },
  ListingAuthorisationReminderDue: { schemaVersion: 1, ownerField: 'ownerId', personalFields: ['name'] },
  ListingAuthorisationEnded: { schemaVersion: 1 },
};
