import { describe, it } from 'vitest';
import type { ListingData, ProductData, ProductEvent } from '@kartvizit/schemas';
import { deciderSpecification } from '@kartvizit/infra/commands/decider-specification';
import { listingAuthorisationDecider, type TendListingAuthorisation } from './listing-authorisation-decider.ts';

const spec = deciderSpecification(listingAuthorisationDecider);
const owner = '5f0c8f6e-6b8f-4b7e-9a5e-2f1f0b7c9d11';
const flat = 'd4444444-4444-4444-8444-444444444444';

const facts: ListingData = {
  purpose: 'rent',
  propertyType: 'apartment',
  rooms: '2+1',
  grossM2: 95,
  netM2: 85,
  floor: 'garden',
  buildingFloors: 4,
  buildingAge: 5,
  heating: 'combi',
  bathrooms: 1,
  furnished: true,
  inSite: true,
  balcony: false,
  parking: 'closed',
  lift: false,
  titleDeed: 'condominium',
  creditEligible: null,
  swap: null,
  dues: 900,
  deposit: 40000,
  il: 'İzmir',
  ilce: 'Karşıyaka',
  mahalle: 'Bostanlı',
  location: null,
  eids: { number: 'EIDS-2026', validUntil: '2026-12-31' },
};
const product = (validUntil: string): ProductData => ({
  name: 'Bostanlı 2+1 Kiralık',
  description: '',
  price: { value: 32000, currency: 'TRY', isDisplayed: true, compareAtValue: null },
  images: [],
  externalLink: '',
  url: '',
  actionButton: { type: 'none', label: 'İletişime Geç', value: '' },
  category: '',
  tags: [],
  features: [],
  stock: null,
  translations: {},
  kind: 'listing',
  listing: { ...facts, eids: { number: 'EIDS-2026', validUntil } },
});

// The authorisation runs to the close of 31 December in Türkiye: 2026-12-31T21:00:00Z.
const listedOn = (at: string, validUntil = '2026-12-31'): ProductEvent => ({
  type: 'ProductCreated',
  data: { productId: flat, ownerId: owner, product: product(validUntil), isActive: true, featured: false, order: 0, createdAt: at },
});
const tend = (now: string): TendListingAuthorisation => ({
  type: 'TendListingAuthorisation',
  data: { productId: flat, ownerId: owner, now },
});
const reminded = (reminder: 'week' | 'day', at: string, validUntil = '2026-12-31'): ProductEvent => ({
  type: 'ListingAuthorisationReminderDue',
  data: { productId: flat, ownerId: owner, name: 'Bostanlı 2+1 Kiralık', validUntil, reminder, at },
});
const ended = (at: string, validUntil = '2026-12-31'): ProductEvent => ({
  type: 'ListingAuthorisationEnded',
  data: { productId: flat, ownerId: owner, validUntil, at },
});

describe('the listing-authorisations schedule’s decision', () => {
  it('before the first reminder’s time nothing is due', () => {
    spec.given([listedOn('2026-11-01T09:00:00Z')]).when(tend('2026-12-24T20:59:59Z')).then([]);
  });

  it('seven days before the end the week reminder is due, once', () => {
    spec.given([listedOn('2026-11-01T09:00:00Z')]).when(tend('2026-12-24T21:00:00Z')).then([reminded('week', '2026-12-24T21:00:00Z')]);
    spec.given([listedOn('2026-11-01T09:00:00Z'), reminded('week', '2026-12-24T21:00:00Z')]).when(tend('2026-12-25T08:00:00Z')).then([]);
  });

  it('one day before the end the day reminder is due', () => {
    spec
      .given([listedOn('2026-11-01T09:00:00Z'), reminded('week', '2026-12-24T21:00:00Z')])
      .when(tend('2026-12-30T21:00:00Z'))
      .then([reminded('day', '2026-12-30T21:00:00Z')]);
  });

  it('at the end the authorisation ends, and nothing follows', () => {
    const history = [listedOn('2026-11-01T09:00:00Z'), reminded('week', '2026-12-24T21:00:00Z'), reminded('day', '2026-12-30T21:00:00Z')];
    spec.given(history).when(tend('2026-12-31T21:00:00Z')).then([ended('2026-12-31T21:00:00Z')]);
    spec.given([...history, ended('2026-12-31T21:00:00Z')]).when(tend('2027-01-05T00:00:00Z')).then([]);
  });

  it('a schedule stopped over several deadlines announces only the latest: an ended authorisation gets no reminder', () => {
    spec.given([listedOn('2026-11-01T09:00:00Z')]).when(tend('2027-01-02T00:00:00Z')).then([ended('2027-01-02T00:00:00Z')]);
    spec.given([listedOn('2026-11-01T09:00:00Z')]).when(tend('2026-12-31T08:00:00Z')).then([reminded('day', '2026-12-31T08:00:00Z')]);
  });

  it('an authorisation entered with two days left gets no seven-day reminder', () => {
    spec.given([listedOn('2026-12-29T12:00:00Z')]).when(tend('2026-12-29T12:00:01Z')).then([]);
    spec.given([listedOn('2026-12-29T12:00:00Z')]).when(tend('2026-12-30T21:00:00Z')).then([reminded('day', '2026-12-30T21:00:00Z')]);
  });

  it('a renewal starts afresh: its own reminders and end', () => {
    const renewed: ProductEvent = {
      type: 'ProductEdited',
      data: { productId: flat, ownerId: owner, product: product('2027-03-31'), editedAt: '2027-01-03T10:00:00Z' },
    };
    const history = [listedOn('2026-11-01T09:00:00Z'), ended('2027-01-01T00:00:00Z'), renewed];
    spec.given(history).when(tend('2027-01-04T00:00:00Z')).then([]);
    spec.given(history).when(tend('2027-03-24T21:00:00Z')).then([reminded('week', '2027-03-24T21:00:00Z', '2027-03-31')]);
  });

  it('a deleted listing, a product and an unknown id have nothing due', () => {
    spec
      .given([listedOn('2026-11-01T09:00:00Z'), { type: 'ProductDeleted', data: { productId: flat, ownerId: owner, deletedAt: '2026-11-02T00:00:00Z' } }])
      .when(tend('2027-01-02T00:00:00Z'))
      .then([]);
    spec.given([]).when(tend('2027-01-02T00:00:00Z')).then([]);
  });
});
