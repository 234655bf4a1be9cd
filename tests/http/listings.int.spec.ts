import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, productsStreamId, type Product } from '@kartvizit/schemas';
import { startSmtpReceiver, type SmtpReceiver } from '../support/smtp-receiver.ts';
import { projectedEmail, startMailingProduct, until } from '../support/mailing-product.ts';
import type { TestProduct } from '../support/product.ts';
import { registerOwner, type Owner } from './card-fixtures.ts';
import { call, createProduct, productAnswer, readAfter } from './product-fixtures.ts';

/**
 * Listings (issue 33) through the product endpoints: `kind: 'listing'` with its facts, every field's bad input (a
 * Turkish 400 naming the field, nothing appended), and the EİDS authorisation's deadlines on a clock the test moves:
 * one reminder e-mail seven days and one day before the end, the listing off the public catalogue at the end, and back
 * when a renewed authorisation is entered.
 */
let smtp: SmtpReceiver;
let product: TestProduct;
let owner: Owner;
// 2026-12-01 12:00 in Türkiye.
let clock = new Date('2026-12-01T09:00:00.000Z');

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  product = await startMailingProduct(smtp.url, { listingClock: () => clock });
  owner = await registerOwner(product);
});
afterAll(async () => {
  await product?.close();
  await smtp?.close();
});

const facts = (overrides: Record<string, unknown> = {}) => ({
  purpose: 'sale',
  propertyType: 'apartment',
  rooms: '3+1',
  grossM2: '1.250',
  netM2: 120,
  floor: '3',
  buildingFloors: 8,
  buildingAge: '12',
  heating: 'combi',
  bathrooms: 2,
  furnished: false,
  inSite: 'true',
  balcony: true,
  parking: 'closed',
  lift: true,
  titleDeed: 'condominium',
  creditEligible: true,
  swap: false,
  dues: '1.750',
  il: 'istanbul',
  ilce: 'kadiköy',
  mahalle: 'Caferağa',
  location: { lat: 40.9876, lng: '29,0271' },
  eids: { number: 'eids-2026-0042', validUntil: '10.12.2026' },
  ...overrides,
});
const listingForm = (overrides: Record<string, unknown> = {}, form: Record<string, unknown> = {}) => ({
  kind: 'listing',
  name: "Moda'da deniz manzaralı 3+1",
  description: 'Metroya 5 dakika.',
  price: { value: '8.750.000', currency: 'TRY' },
  listing: facts(overrides),
  ...form,
});

describe('a listing through the product endpoints', () => {
  it('is stored as the form wrote it, normalised: Turkish numbers, the province and district as the list spells them', async () => {
    const { product: listing } = await createProduct(product, owner, listingForm());
    expect(listing.kind).toBe('listing');
    expect(listing.authorisationEnded).toBe(false);
    expect(listing.price.value).toBe(8_750_000);
    expect(listing.listing).toMatchObject({
      purpose: 'sale',
      rooms: '3+1',
      grossM2: 1250,
      netM2: 120,
      buildingAge: 12,
      inSite: true,
      dues: 1750,
      deposit: null,
      il: 'İstanbul',
      ilce: 'Kadıköy',
      location: { lat: 40.9876, lng: 29.0271 },
      eids: { number: 'EIDS-2026-0042', validUntil: '2026-12-10' },
    });
  });

  it('a product without kind stays a product', async () => {
    const { product: lamp } = await createProduct(product, owner, { name: 'Lamba' });
    expect(lamp.kind).toBe('product');
    expect(lamp.listing).toBeNull();
  });

  it('takes up to 30 photos for a listing, 10 for a product', async () => {
    const images = Array.from({ length: 11 }, (_, index) => `/media/products/${owner.userId}/${'a'.repeat(63)}${index % 10}.webp`);
    const response = await call(product, 'POST', '/api/products', owner.token, { name: 'Lamba', images });
    expect(productAnswer(response)).toMatchObject({ success: false, message: MESSAGES.productTooManyImages, field: 'images' });
    const many = Array.from({ length: 31 }, (_, index) => `/media/products/${owner.userId}/${String(index).padStart(64, 'b')}.webp`);
    const listing = await call(product, 'POST', '/api/products', owner.token, listingForm({}, { images: many }));
    expect(productAnswer(listing)).toMatchObject({ success: false, message: MESSAGES.listingTooManyImages, field: 'images' });
  });
});

describe('every field of a listing refuses bad input with a Turkish message, appending nothing', () => {
  it.each([
    ['an unknown kind', {}, { kind: 'ilan' }, MESSAGES.catalogueKindInvalid, 'kind'],
    ['a listing without facts', {}, { listing: null }, MESSAGES.listingRequired, 'listing'],
    ['facts that are not an object', {}, { listing: '3+1' }, MESSAGES.listingInvalid, 'listing'],
    ['facts on a product', {}, { kind: 'product' }, MESSAGES.listingOnlyForListings, 'listing'],
    ['a field listings do not have', { pool: true }, {}, MESSAGES.listingFieldUnknown, 'listing.pool'],
    ['no purpose', { purpose: '' }, {}, MESSAGES.listingPurposeRequired, 'listing.purpose'],
    ['an unknown purpose', { purpose: 'Satılık' }, {}, MESSAGES.listingPurposeInvalid, 'listing.purpose'],
    ['no property type', { propertyType: null }, {}, MESSAGES.listingPropertyTypeRequired, 'listing.propertyType'],
    ['an unknown property type', { propertyType: 'castle' }, {}, MESSAGES.listingPropertyTypeInvalid, 'listing.propertyType'],
    ['rooms not in the Turkish form', { rooms: 'üç' }, {}, MESSAGES.listingRoomsInvalid, 'listing.rooms'],
    ['rooms as a number', { rooms: 3 }, {}, MESSAGES.listingTextInvalid, 'listing.rooms'],
    ['a gross area of 0', { grossM2: 0 }, {}, MESSAGES.listingAreaInvalid, 'listing.grossM2'],
    ['a fractional area', { grossM2: '120,5' }, {}, MESSAGES.listingAreaInvalid, 'listing.grossM2'],
    ['a net area above the gross', { grossM2: 100, netM2: 120 }, {}, MESSAGES.listingNetAboveGross, 'listing.netM2'],
    ['a floor of 300', { floor: '300' }, {}, MESSAGES.listingFloorInvalid, 'listing.floor'],
    ['a floor with a made-up name', { floor: 'asma' }, {}, MESSAGES.listingFloorInvalid, 'listing.floor'],
    ['no building floors', { buildingFloors: 0 }, {}, MESSAGES.listingBuildingFloorsInvalid, 'listing.buildingFloors'],
    ['a floor above the building', { floor: '9', buildingFloors: 8 }, {}, MESSAGES.listingFloorAboveBuilding, 'listing.floor'],
    ['a negative building age', { buildingAge: -1 }, {}, MESSAGES.listingBuildingAgeInvalid, 'listing.buildingAge'],
    ['an unknown heating', { heating: 'kombi' }, {}, MESSAGES.listingHeatingInvalid, 'listing.heating'],
    ['21 bathrooms', { bathrooms: 21 }, {}, MESSAGES.listingBathroomsInvalid, 'listing.bathrooms'],
    ['furnished as "evet"', { furnished: 'evet' }, {}, MESSAGES.listingFlagInvalid, 'listing.furnished'],
    ['in a site as 1', { inSite: 1 }, {}, MESSAGES.listingFlagInvalid, 'listing.inSite'],
    ['a balcony as "yes"', { balcony: 'yes' }, {}, MESSAGES.listingFlagInvalid, 'listing.balcony'],
    ['an unknown parking', { parking: 'garage' }, {}, MESSAGES.listingParkingInvalid, 'listing.parking'],
    ['a lift as "var"', { lift: 'var' }, {}, MESSAGES.listingFlagInvalid, 'listing.lift'],
    ['an unknown title deed', { titleDeed: 'tapulu' }, {}, MESSAGES.listingTitleDeedInvalid, 'listing.titleDeed'],
    ['credit as "uygun"', { creditEligible: 'uygun' }, {}, MESSAGES.listingFlagInvalid, 'listing.creditEligible'],
    ['swap as 0', { swap: 0 }, {}, MESSAGES.listingFlagInvalid, 'listing.swap'],
    ['negative dues', { dues: -100 }, {}, MESSAGES.listingDuesInvalid, 'listing.dues'],
    ['a deposit for a sale', { deposit: 40000 }, {}, MESSAGES.listingDepositOnlyForRent, 'listing.deposit'],
    ['a deposit in words', { purpose: 'rent', deposit: 'iki kira' }, {}, MESSAGES.listingDepositInvalid, 'listing.deposit'],
    ['building facts on land', { propertyType: 'land', floor: null, buildingFloors: null, buildingAge: null, heating: null, bathrooms: null }, {}, MESSAGES.listingLandHasNoBuilding, 'listing.rooms'],
    ['no province', { il: '' }, {}, MESSAGES.listingIlRequired, 'listing.il'],
    ['no such province', { il: 'Kapadokya' }, {}, MESSAGES.listingIlInvalid, 'listing.il'],
    ['no district', { ilce: ' ' }, {}, MESSAGES.listingIlceRequired, 'listing.ilce'],
    ["another province's district", { ilce: 'Çankaya' }, {}, MESSAGES.listingIlceInvalid, 'listing.ilce'],
    ['a 101-character neighbourhood', { mahalle: 'M'.repeat(101) }, {}, MESSAGES.listingMahalleTooLong, 'listing.mahalle'],
    ['a location that is a text', { location: '41,29' }, {}, MESSAGES.listingLocationInvalid, 'listing.location'],
    ['a location without longitude', { location: { lat: 41 } }, {}, MESSAGES.listingLocationIncomplete, 'listing.location.lng'],
    ['a latitude of 95', { location: { lat: 95, lng: 29 } }, {}, undefined, 'listing.location.lat'],
    ['a coordinate in words', { location: { lat: 'kırk', lng: 29 } }, {}, MESSAGES.listingCoordinateInvalid, 'listing.location.lat'],
    ['no EİDS authorisation', { eids: null }, {}, MESSAGES.listingEidsNumberRequired, 'listing.eids.number'],
    ['an authorisation that is a text', { eids: 'EIDS-1' }, {}, MESSAGES.listingEidsInvalid, 'listing.eids'],
    ['an authorisation without a number', { eids: { validUntil: '2026-12-10' } }, {}, MESSAGES.listingEidsNumberRequired, 'listing.eids.number'],
    ['an authorisation number with spaces', { eids: { number: 'EIDS 1', validUntil: '2026-12-10' } }, {}, MESSAGES.listingEidsNumberInvalid, 'listing.eids.number'],
    ['an authorisation without its last day', { eids: { number: 'EIDS-1' } }, {}, MESSAGES.listingEidsDateRequired, 'listing.eids.validUntil'],
    ['31 February', { eids: { number: 'EIDS-1', validUntil: '31.02.2027' } }, {}, MESSAGES.listingEidsDateInvalid, 'listing.eids.validUntil'],
    ['an authorisation that ended yesterday', { eids: { number: 'EIDS-1', validUntil: '30.11.2026' } }, {}, MESSAGES.listingEidsDatePast, 'listing.eids.validUntil'],
    ['an authorisation for four years', { eids: { number: 'EIDS-1', validUntil: '2030-12-01' } }, {}, MESSAGES.listingEidsDateTooFar, 'listing.eids.validUntil'],
    ['a price in words', {}, { price: { value: 'sekiz milyon' } }, MESSAGES.productPriceInvalid, 'price.value'],

  ])('%s', async (_name, facts, form, message, field) => {
    const events = await product.eventCount();
    const response = await call(product, 'POST', '/api/products', owner.token, listingForm(facts, form));
    expect(response.statusCode, response.body).toBe(400);
    const body = productAnswer(response);
    if (message) expect(body.message).toBe(message);
    expect(body.message).toMatch(/[çğıöşüÇĞİÖŞÜ]|en fazla|olmalıdır|geçersiz/);
    expect(body.field).toBe(field);
    expect(await product.eventCount()).toBe(events);
  });
});

describe('hostile input to a listing is a Turkish 4xx, appending nothing', () => {
  it.each([
    ['a NUL byte in the neighbourhood', { mahalle: 'Moda\u0000' }],
    ['a 1 MB neighbourhood', { mahalle: 'M'.repeat(1024 * 1024) }],
    ['a NUL byte in the authorisation number', { eids: { number: 'EIDS\u00001', validUntil: '2026-12-10' } }],
  ])('%s', async (_name, facts) => {
    const events = await product.eventCount();
    const response = await call(product, 'POST', '/api/products', owner.token, listingForm(facts));
    expect([400, 413], response.body).toContain(response.statusCode);
    expect(productAnswer(response).message).toMatch(/[çğıöşüÇĞİÖŞÜ]|en fazla|olmalıdır|geçersiz/);
    expect(await product.eventCount()).toBe(events);
  });

  it("another owner's listing is not found, whatever the form says", async () => {
    const { product: theirs } = await createProduct(product, await registerOwner(product), listingForm());
    const events = await product.eventCount();
    const response = await call(product, 'PUT', `/api/products/${theirs._id}`, owner.token, listingForm());
    expect(response.statusCode).toBe(404);
    expect(productAnswer(response).message).toBe(MESSAGES.productNotFound);
    expect(await product.eventCount()).toBe(events);
  });
});

describe('the EİDS authorisation’s deadlines, on a clock the test moves', () => {
  let agentEmail = '';
  const mails = () => smtp.messages.filter((mail) => mail.to && 'text' in mail.to && mail.to.text === agentEmail);
  const schedule = () => product.product.projectors.schedules.find((runner) => runner.name === 'listing-authorisations');
  const stage = async (productId: string) =>
    (
      await product.pool.query<{ authorisation_ended: boolean; authorisation_deadline: Date | null }>(
        'SELECT authorisation_ended, authorisation_deadline FROM rm_products WHERE product_id = $1',
        [productId],
      )
    ).rows[0];
  const authorisationEvents = async (ownerId: string) =>
    (await product.store.readStream(productsStreamId(ownerId))).events
      .filter((event) => event.type.startsWith('ListingAuthorisation'))
      .map((event) => `${event.type}:${String(event.data.reminder ?? event.data.validUntil)}`);

  it('reminds seven days and one day before the end, once each; at the end the listing leaves; a renewal brings it back', async () => {
    const agent = await registerOwner(product);
    agentEmail = await projectedEmail(product, agent.userId);
    const { product: flat, position } = await createProduct(product, agent, listingForm({ eids: { number: 'EIDS-77', validUntil: '2026-12-10' } }));
    await readAfter(product, position);
    // The authorisation ends at the close of 10 December in Türkiye: 2026-12-10T21:00Z. The first look is the 7-day one.
    expect((await stage(flat._id))?.authorisation_deadline?.toISOString()).toBe('2026-12-03T21:00:00.000Z');

    clock = new Date('2026-12-03T21:00:00.000Z');
    await schedule()?.tick();
    await until(() => mails().some((mail) => mail.subject === `EİDS yetkisi 7 gün içinde bitiyor: ${flat.name}`), 'the 7-day reminder');
    await until(async () => (await stage(flat._id))?.authorisation_deadline?.toISOString() === '2026-12-09T21:00:00.000Z', 'the next look');
    // Ticks between the deadlines change nothing.
    clock = new Date('2026-12-05T10:00:00.000Z');
    await schedule()?.tick();
    await schedule()?.tick();

    clock = new Date('2026-12-09T21:00:00.000Z');
    await schedule()?.tick();
    await until(() => mails().some((mail) => mail.subject === `EİDS yetkisinin son günü: ${flat.name}`), 'the last-day reminder');
    const reminder = mails().find((mail) => mail.subject === `EİDS yetkisinin son günü: ${flat.name}`);
    expect(reminder?.text).toContain('10 Aralık 2026');

    clock = new Date('2026-12-10T21:00:00.000Z');
    await schedule()?.tick();
    await until(async () => (await stage(flat._id))?.authorisation_ended === true, 'the listing off the card');
    const mine = productAnswer(await call(product, 'GET', '/api/products', agent.token)).data as Product[];
    expect(mine.find((item) => item._id === flat._id)?.authorisationEnded).toBe(true);
    expect(await authorisationEvents(agent.userId)).toEqual([
      'ListingAuthorisationReminderDue:week',
      'ListingAuthorisationReminderDue:day',
      'ListingAuthorisationEnded:2026-12-10',
    ]);
    expect(mails().filter((mail) => mail.subject?.includes(flat.name))).toHaveLength(2);

    // The agent renews it on e-Devlet and enters the new last day: back on the card, with reminders of its own.
    clock = new Date('2026-12-12T08:00:00.000Z');
    const renewed = await call(product, 'PUT', `/api/products/${flat._id}`, agent.token, listingForm({ eids: { number: 'EIDS-78', validUntil: '2027-03-31' } }));
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect((productAnswer(renewed).data as Product).authorisationEnded).toBe(false);
    await readAfter(product, productAnswer(renewed).position);
    expect(await stage(flat._id)).toEqual({
      authorisation_ended: false,
      authorisation_deadline: new Date('2027-03-24T21:00:00.000Z'),
    });
  });
});

describe("the owner's yetki belgesi number", () => {
  it.each([
    ['letters', 'YB-3401', MESSAGES.yetkiBelgesiInvalid],
    ['too short', '3401', MESSAGES.yetkiBelgesiInvalid],
    ['a number in a list', ['3401234'], 'Taşınmaz Ticareti Yetki Belgesi No alanı metin olmalıdır'],
  ])('refuses %s with a Turkish 400 on yetkiBelgesiNo, saving nothing', async (_name, yetkiBelgesiNo, message) => {
    const agent = await registerOwner(product);
    const events = await product.eventCount();
    const response = await call(product, 'POST', '/api/profile', agent.token, { firstName: 'Ayşe', lastName: 'Yılmaz', yetkiBelgesiNo });
    expect(response.statusCode, response.body).toBe(400);
    expect(productAnswer(response)).toMatchObject({ message, field: 'yetkiBelgesiNo' });
    expect(await product.eventCount()).toBe(events);
  });

  it('keeps the digits of a number written with spaces', async () => {
    const agent = await registerOwner(product);
    const response = await call(product, 'POST', '/api/profile', agent.token, { firstName: 'Ayşe', lastName: 'Yılmaz', yetkiBelgesiNo: '34 01 234' });
    expect(response.statusCode, response.body).toBe(200);
    expect((JSON.parse(response.body) as { profile: { yetkiBelgesiNo: string } }).profile.yetkiBelgesiNo).toBe('3401234');
  });
});
