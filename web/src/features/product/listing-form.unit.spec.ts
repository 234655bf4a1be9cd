import { describe, expect, it } from 'vitest';
import type { Product } from '@kartvizit/schemas/product/http';
import type { ListingData } from '@kartvizit/schemas/product/listing';
import { LISTING_MESSAGES } from '@kartvizit/schemas/product/listing-messages';
import { validateProductInput } from '@kartvizit/schemas/product/rules';
import {
  EMPTY_LISTING_FORM,
  floorChoices,
  isLand,
  listingSummary,
  shownWhole,
  type ListingFormValues,
} from './listing-form.ts';
import { catalogueTitle, listedPrice, listingLine } from './listing-row.tsx';
import {
  EMPTY_PRODUCT_FORM,
  formFromProduct,
  formProblem,
  inputFieldOf,
  productFieldId,
  requestBody,
  type ProductFormState,
} from './product-form.ts';

/** The product form as a listing ('İlan', issue 33): form → body → the shared rules, and back from a stored one. */

const OWNER = '0b7f4a52-8f1e-4c39-9d7a-2a51c1f0e6a1';
const image = (n: number) => `/media/products/${OWNER}/${n.toString(16).padStart(32, '0')}.jpg`;

function listingForm(listing: Partial<ListingFormValues> = {}, rest: Partial<ProductFormState> = {}): ProductFormState {
  return {
    ...EMPTY_PRODUCT_FORM,
    kind: 'listing',
    name: 'Moda’da deniz manzaralı 3+1',
    priceValue: '8.750.000',
    images: [image(1)],
    listing: {
      ...EMPTY_LISTING_FORM,
      purpose: 'sale',
      propertyType: 'apartment',
      rooms: '3+1',
      grossM2: '1.250',
      netM2: '1 100',
      floor: '3',
      buildingFloors: '8',
      buildingAge: '0',
      heating: 'combi',
      bathrooms: '2',
      furnished: 'false',
      balcony: 'true',
      lift: 'true',
      parking: 'closed',
      titleDeed: 'condominium',
      creditEligible: 'true',
      dues: '1.500',
      il: '34',
      ilce: 'Kadıköy',
      mahalle: ' Caferağa ',
      location: { lat: 40.9869, lng: 29.0254 },
      eidsNumber: 'ab-1234567',
      eidsValidUntil: '2027-03-31',
      ...listing,
    },
    ...rest,
  };
}

function check(form: ProductFormState) {
  return validateProductInput(requestBody(form) as unknown as Record<string, unknown>, { ownerId: OWNER });
}

const STORED_LISTING: ListingData = {
  purpose: 'rent',
  propertyType: 'residence',
  rooms: '2+1',
  grossM2: 1250,
  netM2: 95,
  floor: 'garden',
  buildingFloors: 12,
  buildingAge: 3,
  heating: 'underfloor',
  bathrooms: 1,
  furnished: true,
  inSite: true,
  balcony: null,
  parking: 'openAndClosed',
  lift: true,
  titleDeed: null,
  creditEligible: null,
  swap: false,
  dues: 2750,
  deposit: 45000,
  il: 'İzmir',
  ilce: 'Karşıyaka',
  mahalle: 'Bostanlı',
  location: null,
  eids: { number: 'EIDS-99', validUntil: '2027-01-15' },
};

function storedListing(overrides: Partial<Product> = {}): Product {
  return {
    _id: 'l1',
    user: OWNER,
    name: 'Bostanlı’da kiralık rezidans',
    description: 'Denize yürüme mesafesinde.',
    price: { value: 32500, currency: 'TRY', isDisplayed: true, compareAtValue: null },
    images: [image(1)],
    thumbnails: [image(1).replace('.jpg', '-sm.jpg')],
    externalLink: '',
    url: '',
    actionButton: { type: 'none', label: 'İletişime Geç', value: '' },
    category: '',
    tags: [],
    features: ['Havuz'],
    stock: null,
    translations: {},
    kind: 'listing',
    listing: STORED_LISTING,
    authorisationEnded: false,
    isActive: true,
    featured: false,
    order: 0,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-02T10:00:00.000Z',
    ...overrides,
  };
}

describe('a listing form becomes the request body the server reads', () => {
  it('given a filled listing, when sent, then the shared rules accept it and read every fact the Turkish way', () => {
    const body = requestBody(listingForm());
    expect(body.kind).toBe('listing');
    expect(body.listing).toMatchObject({ grossM2: '1.250', il: 'İstanbul', mahalle: 'Caferağa', furnished: false });
    const checked = check(listingForm());
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.value.product.kind).toBe('listing');
    expect(checked.value.product.price.value).toBe(8_750_000);
    expect(checked.value.product.listing).toEqual({
      purpose: 'sale',
      propertyType: 'apartment',
      rooms: '3+1',
      grossM2: 1250,
      netM2: 1100,
      floor: '3',
      buildingFloors: 8,
      buildingAge: 0,
      heating: 'combi',
      bathrooms: 2,
      furnished: false,
      inSite: null,
      balcony: true,
      parking: 'closed',
      lift: true,
      titleDeed: 'condominium',
      creditEligible: true,
      swap: null,
      dues: 1500,
      deposit: null,
      il: 'İstanbul',
      ilce: 'Kadıköy',
      mahalle: 'Caferağa',
      location: { lat: 40.9869, lng: 29.0254 },
      eids: { number: 'AB-1234567', validUntil: '2027-03-31' },
    });
    expect(formProblem(listingForm(), OWNER)).toBeNull();
  });

  it('given product-only fields left from a product, when sent as a listing, then none of them goes', () => {
    const form = listingForm(
      {},
      {
        stock: '5',
        tags: 'deniz',
        externalLink: 'https://ornek.com',
        url: 'https://ornek.com/al',
        compareAtValue: '9.000.000',
      },
    );
    const checked = check({ ...form, actionType: 'whatsapp', actionValue: '0532 123 45 67' });
    expect(checked.ok && checked.value.product).toMatchObject({
      stock: null,
      tags: [],
      externalLink: '',
      url: '',
      actionButton: { type: 'none', value: '' },
      price: { compareAtValue: null },
    });
  });

  it("given 'Fiyat sorunuz', when sent, then the price is kept but not displayed", () => {
    const checked = check(listingForm({}, { isDisplayed: false }));
    expect(checked.ok && checked.value.product.price).toMatchObject({ value: 8_750_000, isDisplayed: false });
  });

  it('given a product, when sent, then it goes as a product with no listing, whatever the listing inputs hold', () => {
    const body = requestBody({ ...listingForm(), kind: 'product' });
    expect(body).toMatchObject({ kind: 'product', listing: null });
    const checked = validateProductInput(body as unknown as Record<string, unknown>, { ownerId: OWNER });
    expect(checked.ok && checked.value.product).toMatchObject({ kind: 'product', listing: null });
  });

  it('given a listing, then it takes up to 30 images where a product takes 10', () => {
    const twelve = Array.from({ length: 12 }, (_, n) => image(n + 1));
    expect(formProblem(listingForm({}, { images: twelve }), OWNER)).toBeNull();
    expect(formProblem({ ...listingForm({}, { images: twelve }), kind: 'product' }, OWNER)?.field).toBe('images');
    const thirtyOne = Array.from({ length: 31 }, (_, n) => image(n + 1));
    expect(formProblem(listingForm({}, { images: thirtyOne }), OWNER)).toEqual({
      field: 'images',
      message: LISTING_MESSAGES.listingTooManyImages,
    });
  });
});

describe('land and rent', () => {
  it('given Arsa, then the building fields are hidden and not sent, so the rules accept the plot', () => {
    const plot = listingForm({ propertyType: 'land', grossM2: '1.000.000', netM2: '' });
    expect(isLand(plot.listing)).toBe(true);
    expect(isLand(listingForm({ propertyType: 'field' }).listing)).toBe(true);
    expect(isLand(listingForm({ propertyType: 'villa' }).listing)).toBe(false);
    expect(isLand(EMPTY_LISTING_FORM)).toBe(false);
    const body = requestBody(plot);
    expect(body.listing).toMatchObject({
      rooms: null,
      floor: null,
      buildingFloors: null,
      buildingAge: null,
      heating: null,
      bathrooms: null,
    });
    const checked = check(plot);
    expect(checked.ok && checked.value.product.listing).toMatchObject({
      propertyType: 'land',
      grossM2: 1_000_000,
      rooms: null,
    });
  });

  it('given a sale, then a deposit typed before is not sent; given a rent, then it is', () => {
    expect(requestBody(listingForm({ purpose: 'sale', deposit: '45.000' })).listing?.deposit).toBeNull();
    const checked = check(listingForm({ purpose: 'rent', deposit: '45.000' }));
    expect(checked.ok && checked.value.product.listing?.deposit).toBe(45_000);
  });
});

describe('Turkish numbers', () => {
  it('given a whole number typed plain or grouped, when the field is left, then it shows grouped', () => {
    expect(shownWhole('1250')).toBe('1.250');
    expect(shownWhole('8750000')).toBe('8.750.000');
    expect(shownWhole(' 1 250 ')).toBe('1.250');
    expect(shownWhole('1.250')).toBe('1.250');
    expect(shownWhole('-1')).toBe('-1');
    expect(shownWhole('12,5')).toBe('12,5');
    expect(shownWhole('')).toBe('');
  });

  it.each([
    ['8.750.000', 1250, '1.250'],
    ['8 750 000', 1250, '1250'],
    ['8750000', 125, '125'],
  ])('given the price %j and %j m², when read, then both are numbers', (price, area, typed) => {
    const checked = check(listingForm({ grossM2: typed, netM2: '' }, { priceValue: price }));
    expect(checked.ok && checked.value.product.price.value).toBe(8_750_000);
    expect(checked.ok && checked.value.product.listing?.grossM2).toBe(area);
  });
});

describe('a refusal stands beside its field', () => {
  it.each([
    [{ grossM2: '12,5' }, 'listing.grossM2', LISTING_MESSAGES.listingAreaInvalid],
    [{ netM2: '2.000' }, 'listing.netM2', LISTING_MESSAGES.listingNetAboveGross],
    [{ floor: '9' }, 'listing.floor', LISTING_MESSAGES.listingFloorAboveBuilding],
    [{ propertyType: '' as const }, 'listing.propertyType', LISTING_MESSAGES.listingPropertyTypeRequired],
    [{ il: '' }, 'listing.il', LISTING_MESSAGES.listingIlRequired],
    [{ ilce: 'Çankaya' }, 'listing.ilce', LISTING_MESSAGES.listingIlceInvalid],
    [{ eidsNumber: '' }, 'listing.eids.number', LISTING_MESSAGES.listingEidsNumberRequired],
    [{ eidsValidUntil: '' }, 'listing.eids.validUntil', LISTING_MESSAGES.listingEidsDateRequired],
    [{ eidsValidUntil: '2027-02-30' }, 'listing.eids.validUntil', LISTING_MESSAGES.listingEidsDateInvalid],
  ])('given %j, when checked, then the message is said beside %s', (change, field, message) => {
    expect(formProblem(listingForm(change), OWNER)).toEqual({ field, message });
  });

  it('names the input of every listing field the server may name', () => {
    expect(productFieldId('listing.grossM2')).toBe('product-listing-grossM2');
    expect(productFieldId('listing.eids.validUntil')).toBe('product-listing-eids-validUntil');
    expect(inputFieldOf('listing.eids')).toBe('listing.eids.number');
    expect(inputFieldOf('listing')).toBe('listing.purpose');
    expect(inputFieldOf('listing.location.lat')).toBe('listing.location');
    expect(productFieldId('listing.location.lng')).toBe('product-listing-location');
    expect(inputFieldOf('kind')).toBe('kind');
  });
});

describe('edit mode loads a stored listing', () => {
  it('given a stored listing, then the form shows it the Turkish way and sends back the same facts', () => {
    const form = formFromProduct(storedListing());
    expect(form.kind).toBe('listing');
    expect(form.listing).toMatchObject({
      purpose: 'rent',
      grossM2: '1.250',
      dues: '2.750',
      deposit: '45.000',
      floor: 'garden',
      furnished: 'true',
      balcony: '',
      swap: 'false',
      il: '35',
      ilce: 'Karşıyaka',
      eidsNumber: 'EIDS-99',
      eidsValidUntil: '2027-01-15',
    });
    const checked = check(form);
    expect(checked.ok && checked.value.product.listing).toEqual(STORED_LISTING);
  });

  it('given a product, then the listing inputs start empty', () => {
    const form = formFromProduct(storedListing({ kind: 'product', listing: null }));
    expect(form.kind).toBe('product');
    expect(form.listing).toEqual(EMPTY_LISTING_FORM);
  });
});

describe('floors', () => {
  it('offers the named floors, then -5 … 200 without 0 (Zemin Kat), and keeps a stored floor outside them', () => {
    const { named, numbered } = floorChoices('');
    expect(named.map((choice) => choice.label)).toEqual([
      'Bodrum Kat',
      'Zemin Kat',
      'Bahçe Katı',
      'Yüksek Giriş',
      'Villa Katı',
      'Çatı Katı',
    ]);
    expect(numbered[0]).toEqual({ value: '-5', label: '-5. Kat' });
    expect(numbered.some((choice) => choice.value === '0')).toBe(false);
    expect(numbered.at(-1)).toEqual({ value: '200', label: '200. Kat' });
    expect(floorChoices('0').numbered.at(-1)).toEqual({ value: '0', label: '0. Kat' });
  });
});

describe("the owner's lists", () => {
  it("given a listing, then its row says 'İlan' with its purpose, rooms and m², and a rent's price a month", () => {
    expect(listingSummary(STORED_LISTING)).toBe('Kiralık · 2+1 · 1.250 m²');
    expect(listingLine(storedListing())).toBe('İlan · Kiralık · 2+1 · 1.250 m²');
    expect(listedPrice(storedListing())).toBe('₺32.500,00/ay');
    expect(
      listedPrice(
        storedListing({ price: { value: 32500, currency: 'TRY', isDisplayed: false, compareAtValue: null } }),
      ),
    ).toBe(LISTING_MESSAGES.listingAskPrice);
    expect(listingLine(storedListing({ kind: 'product', listing: null }))).toBeNull();
  });

  it("calls the catalogue 'Portföy ve Ürünler' once it holds a listing", () => {
    expect(catalogueTitle([{ kind: 'product' }], 'Ürünleriniz')).toBe('Ürünleriniz');
    expect(catalogueTitle([{ kind: 'product' }, { kind: 'listing' }], 'Ürünleriniz')).toBe('Portföy ve Ürünler');
  });
});
