import { Type, type Static } from 'typebox';
import type { ProductData } from './events.ts';
import { productImageKeysOf } from './media.ts';
import { MAX_PRODUCTS_PER_OWNER, PRODUCT_ACTION_TYPES, PRODUCT_CURRENCIES } from './model.ts';
import { literalUnion, Position } from '../common/http.ts';
import {
  CATALOGUE_ITEM_KINDS,
  HEATING_TYPES,
  LISTING_PURPOSES,
  PARKING_TYPES,
  PROPERTY_TYPES,
  TITLE_DEED_TYPES,
} from './listing.ts';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

/** A listing's facts as every product call answers them (issue 33); docs/decisions/0064-listings.md. */
export const Listing = Type.Object(
  {
    purpose: literalUnion(LISTING_PURPOSES, { description: 'sale: Satılık; rent: Kiralık (price a month); dailyRent: Günlük Kiralık (a night)' }),
    propertyType: literalUnion(PROPERTY_TYPES, { description: 'Daire, Rezidans, Müstakil Ev, Villa, Yazlık, Arsa, Tarla, İşyeri, Ofis, Dükkan, Depo, Bina' }),
    rooms: Nullable(Type.String({ description: "Turkish form: '1+0', '2+1', '3.5+1', '10+'" })),
    grossM2: Nullable(Type.Integer({ minimum: 1 })),
    netM2: Nullable(Type.Integer({ minimum: 1 })),
    floor: Nullable(
      Type.String({ description: "A number's text ('3', '-1') or basement, ground, garden, raisedGround, villa, roof" }),
    ),
    buildingFloors: Nullable(Type.Integer({ minimum: 1 })),
    buildingAge: Nullable(Type.Integer({ minimum: 0 })),
    heating: Nullable(literalUnion(HEATING_TYPES)),
    bathrooms: Nullable(Type.Integer({ minimum: 0 })),
    furnished: Nullable(Type.Boolean()),
    inSite: Nullable(Type.Boolean({ description: 'Site içerisinde' })),
    balcony: Nullable(Type.Boolean()),
    parking: Nullable(literalUnion(PARKING_TYPES)),
    lift: Nullable(Type.Boolean()),
    titleDeed: Nullable(literalUnion(TITLE_DEED_TYPES, { description: 'Tapu durumu' })),
    creditEligible: Nullable(Type.Boolean({ description: 'Krediye uygun' })),
    swap: Nullable(Type.Boolean({ description: 'Takaslı' })),
    dues: Nullable(Type.Number({ minimum: 0, description: 'Aidat, TRY a month' })),
    deposit: Nullable(Type.Number({ minimum: 0, description: "Depozito (rent only), in the price's currency" })),
    il: Type.String({ description: "The province's name ('İstanbul'); the form may send its plate code ('34')" }),
    ilce: Type.String({ description: "One of the province's districts ('Kadıköy')" }),
    mahalle: Type.String(),
    location: Nullable(Type.Object({ lat: Type.Number(), lng: Type.Number() })),
    eids: Nullable(
      Type.Object({
        number: Type.String({ description: "The EİDS authorisation's number from e-Devlet" }),
        validUntil: Type.String({ format: 'date', description: "Its last day, Türkiye's time; the form may send 'GG.AA.YYYY'" }),
      }),
    ),
  },
  { description: "Required when kind is 'listing'; null for a product" },
);

const TranslatedProduct = Type.Object(
  {
    name: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    features: Type.Optional(Type.Array(Type.String())),
    actionLabel: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

/** 'Diğer Diller' (issue 31): the product's words per language; an empty field falls back to Turkish. */
const ProductTranslationsSchema = Type.Object(
  {
    en: Type.Optional(TranslatedProduct),
    ru: Type.Optional(TranslatedProduct),
    ar: Type.Optional(TranslatedProduct),
    de: Type.Optional(TranslatedProduct),
  },
  { additionalProperties: false },
);

/** SPEC §3 Product as every product call answers it; `_id` is the product's id, `user` its owner's. */
export const Product = Type.Object({
  _id: Type.String(),
  user: Type.String(),
  name: Type.String(),
  description: Type.String(),
  price: Type.Object({
    value: Type.Number({ minimum: 0 }),
    currency: literalUnion(PRODUCT_CURRENCIES),
    isDisplayed: Type.Boolean(),
    compareAtValue: Type.Union([Type.Number({ minimum: 0 }), Type.Null()]),
  }),
  images: Type.Array(Type.String()),
  /** The small variant of each image, in the same order (lists and the card's catalogue). */
  thumbnails: Type.Array(Type.String()),
  externalLink: Type.String(),
  url: Type.String(),
  actionButton: Type.Object({
    type: literalUnion(PRODUCT_ACTION_TYPES),
    label: Type.String(),
    value: Type.String(),
  }),
  category: Type.String(),
  tags: Type.Array(Type.String()),
  features: Type.Array(Type.String()),
  stock: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  translations: ProductTranslationsSchema,
  kind: literalUnion(CATALOGUE_ITEM_KINDS),
  listing: Type.Union([Listing, Type.Null()]),
  /** A listing whose EİDS authorisation has ended: it is not on the card until a renewed one is entered. */
  authorisationEnded: Type.Boolean(),
  isActive: Type.Boolean(),
  featured: Type.Boolean(),
  /** Zero-based place in the owner's list. */
  order: Type.Integer({ minimum: 0 }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type Product = Static<typeof Product>;

// The kinds the form may send, for OpenAPI and the handler's types; the routes validate with
// `attachValidation` and let the shared rules (rules.ts) word a wrong kind, so answers keep their
// Turkish message, field and order (decision 59, "Typed bodies"). http.unit.spec.ts keeps the two
// agreeing. Fields the web sends back from a product it read are accepted as anything and ignored.
const Text = Type.Union([Type.String(), Type.Null()]);
/** A number, or the text the form sends ('8.750.000,50', '12,5'). */
const Money = Type.Union([Type.Number({ minimum: 0 }), Type.String(), Type.Null()]);
/** A yes/no, or the text the form sends; blank is the default. */
const Flag = Type.Union([Type.Boolean(), Type.Literal('true'), Type.Literal('false'), Type.Literal(''), Type.Null()]);
const TextList = Type.Union([Type.Array(Type.String()), Type.Null()]);
const ReadBack = Type.Optional(Type.Unknown({ description: 'Read back from a product; ignored.' }));
export const ProductBody = Type.Object(
  {
    kind: Type.Optional(Type.Union([literalUnion(CATALOGUE_ITEM_KINDS), Type.String(), Type.Null()], { description: "'product' (the default) or 'listing'" })),
    name: Type.Optional(Text),
    description: Type.Optional(Text),
    price: Type.Optional(
      Type.Union([
        Type.Object({
          value: Type.Optional(Money),
          currency: Type.Optional(Text),
          isDisplayed: Type.Optional(Flag),
          compareAtValue: Type.Optional(Money),
        }),
        Type.Null(),
      ]),
    ),
    images: Type.Optional(TextList),
    externalLink: Type.Optional(Text),
    url: Type.Optional(Text),
    actionButton: Type.Optional(
      Type.Union([
        Type.Object({
          type: Type.Optional(Text),
          label: Type.Optional(Text),
          /** Text for whatsapp, instagram and link; not read for none and contact. */
          value: Type.Optional(Type.Unknown()),
        }),
        Type.Null(),
      ]),
    ),
    category: Type.Optional(Text),
    /** A list, or one comma-separated text. */
    tags: Type.Optional(Type.Union([Type.Array(Type.String()), Type.String(), Type.Null()])),
    features: Type.Optional(Type.Union([Type.Array(Type.String()), Type.Literal(''), Type.Null()])),
    /** A whole number, or its digits as text ('12'). */
    stock: Type.Optional(
      Type.Union([Type.Integer({ minimum: 0 }), Type.String({ pattern: '^(\\s*\\d+\\s*)?$' }), Type.Null()]),
    ),
    translations: Type.Optional(
      Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()], {
        description:
          "The product's name, description, features and action label per language ({ en: { name } }). On a PUT: absent or null keeps the stored ones, {} clears them",
      }),
    ),
    listing: Type.Optional(
      Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()], {
        description:
          "kind 'listing': the Listing's fields; numbers may be sent as the form writes them ('1.250', '8.750.000')",
      }),
    ),
    isActive: Type.Optional(Flag),
    featured: Type.Optional(Flag),
    authorisationEnded: ReadBack,
    _id: ReadBack,
    user: ReadBack,
    order: ReadBack,
    thumbnails: ReadBack,
    createdAt: ReadBack,
    updatedAt: ReadBack,
  },
  {
    additionalProperties: false,
    description: 'POST: the product form. PUT: the whole product form, or only {featured} to toggle featuring.',
  },
);
export type ProductBody = Static<typeof ProductBody>;

export const ProductParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
export type ProductParams = Static<typeof ProductParams>;

export const ProductOwnerParams = Type.Object({ userId: Type.String({ maxLength: 64 }) });
export type ProductOwnerParams = Static<typeof ProductOwnerParams>;

export const ProductCommandResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  data: Product,
  /** Absent when the command changed nothing (no event was appended). */
  position: Type.Optional(Position),
});
export type ProductCommandResponse = Static<typeof ProductCommandResponse>;

export const ProductDeleteResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  position: Position,
});
export type ProductDeleteResponse = Static<typeof ProductDeleteResponse>;

export const ReorderProductsBody = Type.Object(
  {
    products: Type.Array(
      Type.Object(
        { id: Type.String({ maxLength: 64 }), order: Type.Integer({ minimum: 0, maximum: MAX_PRODUCTS_PER_OWNER }) },
        { additionalProperties: false },
      ),
      { maxItems: MAX_PRODUCTS_PER_OWNER },
    ),
  },
  { additionalProperties: false, description: 'Every product of the owner once, with its zero-based place.' },
);
export type ReorderProductsBody = Static<typeof ReorderProductsBody>;

export const ReorderProductsResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  /** Absent when the order was already this one. */
  position: Type.Optional(Position),
});
export type ReorderProductsResponse = Static<typeof ReorderProductsResponse>;

export const UploadImagesResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  data: Type.Array(Type.String()),
});
export type UploadImagesResponse = Static<typeof UploadImagesResponse>;

export const ProductListResponse = Type.Object({ success: Type.Literal(true), data: Type.Array(Product) });
export type ProductListResponse = Static<typeof ProductListResponse>;

export const ProductDetailResponse = Type.Object({ success: Type.Literal(true), data: Product });
export type ProductDetailResponse = Static<typeof ProductDetailResponse>;

export interface ProductViewInput {
  readonly productId: string;
  readonly ownerId: string;
  readonly product: ProductData;
  readonly isActive: boolean;
  readonly featured: boolean;
  readonly order: number;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly authorisationEnded: boolean;
}

function smallProductImageUrl(url: string): string {
  const keys = productImageKeysOf(url);
  return keys ? `/media/${keys.small}` : url;
}

/** The one way a stored product becomes what clients read (command answers and the read model). */
export function toProductView(input: ProductViewInput): Product {
  const { product } = input;
  return {
    _id: input.productId,
    user: input.ownerId,
    name: product.name,
    description: product.description,
    price: { ...product.price },
    images: [...product.images],
    thumbnails: product.images.map(smallProductImageUrl),
    externalLink: product.externalLink,
    url: product.url,
    actionButton: { ...product.actionButton },
    category: product.category,
    tags: [...product.tags],
    features: [...product.features],
    stock: product.stock,
    // The stored lists are never changed in place; only their read-only type differs from the answer's.
    translations: product.translations as Product['translations'],
    kind: product.kind,
    listing: product.listing ? { ...product.listing } : null,
    authorisationEnded: input.authorisationEnded,
    isActive: input.isActive,
    featured: input.featured,
    order: input.order,
    createdAt: input.createdAt,
    updatedAt: input.updatedAt,
  };
}
