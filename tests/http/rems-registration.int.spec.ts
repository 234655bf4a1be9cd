import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { MESSAGES, type LeadSubmitted, type RemsRegistrationRequested } from '@kartvizit/schemas';
import { startFakeRems, type FakeRems } from '../support/fake-rems.ts';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { RM_REMS_REGISTRATIONS } from '@kartvizit/infra/read-models/contract';
import { until } from '../support/mailing-product.ts';
import { answer, clientAddress, formToken, listLeads, ownerWithCard, send, type CardOwner } from './lead-fixtures.ts';
import { createProduct } from './product-fixtures.ts';

/**
 * The visitor's side of REMS (issue 14, SPEC §3 customer registration payload, §7 REMS): a visitor
 * of a card whose owner has a REMS key sends the 'Görüşme Planlayın' form to the public
 * `POST /api/rems/create-customer`. Bad input is a Turkish 400 with nothing appended; bots are
 * dropped or refused as on the lead form; a card whose owner has no key answers 404; a good form is
 * thanked at once (REMS up or down) and recorded as one write: the registration (sealed), the
 * token's claim and the owner's lead. Delivery to REMS is tests/projector/rems-delivery.int.spec.ts.
 */
const KEY = 'rems_live_kayit_5b7e2c9d1f4a';
const ACCOUNT = { id: 'hesap-77', name: 'Demir Emlak' };
const THANKS = { success: true, message: MESSAGES.remsRegistrationThanks };

let rems: FakeRems;
let product: TestProduct;
let owner: CardOwner;
let withoutKey: CardOwner;

beforeAll(async () => {
  rems = await startFakeRems();
  rems.addKey(KEY, ACCOUNT);
  // The product's rems-delivery reactor delivers what is recorded here: that is rems-delivery.int.spec.ts's subject.
  product = await startTestProduct({ remsApiUrl: rems.url });
  owner = await ownerWithCard(product, 'Emlak Kartı');
  withoutKey = await ownerWithCard(product, 'Anahtarsız Kart');
  const saved = await send(product, 'POST', '/api/rems/save-api-key', owner.token, { apiKey: KEY });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await product?.close();
  await rems?.close();
});

/** The form as the card page sends it, with a token old enough to be a person's. */
function customerForm(on: CardOwner, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    cardOwnerId: on.userId,
    cardId: on.cardId,
    firstName: 'Çağrı',
    lastName: 'Öztürk',
    phoneNumber: '0532 123 45 67',
    customerType: 'BUYER',
    email: 'Cagri@Ornek.com.tr',
    province: '34',
    provinceName: 'İstanbul',
    district: 'Kadıköy',
    districtName: 'Kadıköy',
    address: 'Moda Cad. No: 5',
    notes: 'Hafta sonu aranabilirim.',
    marketingConsent: false,
    website: '',
    formToken: formToken(product, on.cardId),
    ...fields,
  };
}

/**
 * Events written by requests: the product's rems-delivery reactor appends the registrations'
 * outcomes (RemsCustomerDelivered…) whenever it gets to them, which no "nothing appended" check
 * of a request may count.
 */
const REACTOR_TYPES = ['RemsCustomerDelivered', 'RemsRegistrationFailed', 'ReactionDeadLettered'];
async function writes(): Promise<number> {
  const { rows } = await product.pool.query<{ count: string }>(
    'SELECT count(*) FROM events WHERE NOT (type = ANY($1::text[]))',
    [REACTOR_TYPES],
  );
  return Number(rows[0]?.count ?? 0);
}

function register(payload: unknown, remoteAddress = clientAddress()): Promise<LightMyRequestResponse> {
  return product.app.inject({
    method: 'POST',
    url: '/api/rems/create-customer',
    remoteAddress,
    payload: payload as Record<string, unknown>,
  });
}

async function registrations(): Promise<RemsRegistrationRequested[]> {
  const { rows } = await product.pool.query<{ stream_id: string }>(
    `SELECT stream_id FROM events WHERE type = 'RemsRegistrationRequested' ORDER BY global_position`,
  );
  const found: RemsRegistrationRequested[] = [];
  for (const { stream_id: streamId } of rows) {
    const { events } = await product.store.readStream(streamId);
    const decoded = events[0] ? await product.codec.decode(events[0]) : null;
    if (decoded?.type === 'RemsRegistrationRequested') found.push(decoded);
  }
  return found;
}

async function expectRefused(response: LightMyRequestResponse, status: number, message: string, field?: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(answer(response)).toEqual(field ? { success: false, message, field } : { success: false, message });
}

describe('a visitor registers through the card', () => {
  it('given an owner with a key, when a visitor sends the form, then the thanks at once, and the registration, its claim and the lead in one write', async () => {
    const before = await writes();

    const response = await register(customerForm(owner, { firstName: '  Çağrı ', lastName: 'Öztürk' }));

    expect(response.statusCode, response.body).toBe(200);
    expect(JSON.parse(response.body)).toEqual(THANKS);
    expect(await writes()).toBe(before + 3);
    const registration = (await registrations()).at(-1);
    expect(registration?.data).toMatchObject({
      ownerId: owner.userId,
      cardId: owner.cardId,
      firstName: 'Çağrı',
      lastName: 'Öztürk',
      phoneNumber: '5321234567',
      customerType: 'BUYER',
      email: 'cagri@ornek.com.tr',
      province: '34',
      provinceName: 'İstanbul',
      district: 'Kadıköy',
      districtName: 'Kadıköy',
      address: 'Moda Cad. No: 5',
      notes: 'Hafta sonu aranabilirim.',
      marketingConsent: false,
    });
    const id = registration?.data.registrationId ?? '';
    // The same write, the same id: a claim of the form token and the lead the owner sees
    const { rows } = await product.pool.query<{ stream_id: string; type: string; transaction_id: string }>(
      `SELECT stream_id, type, transaction_id::text FROM events WHERE NOT (type = ANY($1::text[]))
        ORDER BY global_position DESC LIMIT 3`,
      [REACTOR_TYPES],
    );
    expect(rows.map((row) => row.type).sort()).toEqual([
      'LeadFormTokenUsed',
      'LeadSubmitted',
      'RemsRegistrationRequested',
    ]);
    expect(new Set(rows.map((row) => row.transaction_id)).size).toBe(1);
    expect(rows.map((row) => row.stream_id)).toEqual(expect.arrayContaining([`rems-registration-${id}`, `lead-${id}`]));
    const { leads } = await listLeads(product, owner.token, 'search=Çağrı');
    expect(leads).toEqual([
      expect.objectContaining({
        _id: id,
        cardId: owner.cardId,
        fullName: 'Çağrı Öztürk',
        phone: '+905321234567',
        email: 'cagri@ornek.com.tr',
        message:
          'Görüşme Planla: Alıcı\nKonum: Kadıköy, İstanbul\nAdres: Moda Cad. No: 5\nNot: Hafta sonu aranabilirim.',
      }),
    ]);
  });

  it('keeps the visitor sealed: the stored registration and lead hold no name, phone, e-mail or address in plaintext', async () => {
    const { rows } = await product.pool.query<{ data: string }>(
      `SELECT data::text AS data FROM events WHERE type IN ('RemsRegistrationRequested', 'LeadSubmitted')`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const { data } of rows) {
      for (const personal of ['Çağrı', 'Öztürk', '5321234567', 'cagri@ornek', 'Moda Cad', 'Kadıköy', 'Hafta sonu']) {
        expect(data).not.toContain(personal);
      }
    }
  });

  it('given only the required fields, when sent, then the optional ones are null and the lead says the interest alone', async () => {
    const response = await register({
      cardOwnerId: owner.userId,
      cardId: owner.cardId,
      firstName: 'Elif',
      lastName: 'Şahin',
      phoneNumber: '5441112233',
      customerType: 'TENANT',
      email: null,
      province: null,
      provinceName: null,
      district: null,
      districtName: null,
      address: null,
      notes: null,
      formToken: formToken(product, owner.cardId),
    });

    expect(response.statusCode, response.body).toBe(200);
    const registration = (await registrations()).at(-1);
    expect(registration?.data).toMatchObject({
      firstName: 'Elif',
      customerType: 'TENANT',
      email: null,
      province: null,
      provinceName: null,
      district: null,
      districtName: null,
      address: null,
      notes: null,
    });
    const { leads } = await listLeads(product, owner.token, 'search=Elif');
    expect(leads[0]).toMatchObject({ fullName: 'Elif Şahin', email: '', message: 'Görüşme Planla: Kiracı' });
  });

  it('given REMS is down, when a visitor sends the form, then the very same thanks and the registration is recorded', async () => {
    await rems.down();
    try {
      const before = (await registrations()).length;
      const response = await register(customerForm(owner, { firstName: 'Kesinti' }));
      expect(response.statusCode, response.body).toBe(200);
      expect(JSON.parse(response.body)).toEqual(THANKS);
      expect(await registrations()).toHaveLength(before + 1);
    } finally {
      await rems.up();
    }
  });
});

describe('bad input', () => {
  it('answers each form rule with its Turkish message and field, and appends nothing', async () => {
    const before = await writes();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ firstName: '' }, 'Ad alanı zorunludur', 'firstName'],
      [{ firstName: ' A ' }, 'Ad en az 2 karakter olmalıdır', 'firstName'],
      [{ lastName: '' }, 'Soyad alanı zorunludur', 'lastName'],
      [{ lastName: 'Ö' }, 'Soyad en az 2 karakter olmalıdır', 'lastName'],
      [{ phoneNumber: '' }, 'Telefon numarası zorunludur', 'phoneNumber'],
      [{ phoneNumber: '532 123 45' }, 'Geçerli bir telefon numarası girin (10 haneli)', 'phoneNumber'],
      [{ customerType: '' }, 'İlgi alanı seçimi zorunludur', 'customerType'],
      [{ customerType: 'INVESTOR' }, MESSAGES.remsCustomerTypeInvalid, 'customerType'],
      [{ email: 'adres-degil' }, 'Geçerli bir e-posta adresi girin', 'email'],
      [{ province: '99' }, MESSAGES.remsProvinceInvalid, 'province'],
      [{ district: 'Çankaya' }, MESSAGES.remsDistrictInvalid, 'district'],
      [{ province: null, district: 'Kadıköy' }, MESSAGES.remsDistrictWithoutProvince, 'district'],
      [{ notes: 'ç'.repeat(1001) }, MESSAGES.remsNotesTooLong, 'notes'],
      // The first problem in the form's order
      [{ firstName: '', phoneNumber: '' }, 'Ad alanı zorunludur', 'firstName'],
    ];
    for (const [fields, message, field] of cases) {
      await expectRefused(await register(customerForm(owner, fields)), 400, message, field);
    }
    expect(await writes()).toBe(before);
  });

  it('answers a NUL byte, wrong types, unknown fields, a list, broken JSON and 1 MB in Turkish, and appends nothing', async () => {
    const before = await writes();
    const cases: Array<[unknown, number, string, string | undefined]> = [
      [customerForm(owner, { firstName: 'Ça\u0000ğrı' }), 400, MESSAGES.unsafeCharacters, 'firstName'],
      [customerForm(owner, { phoneNumber: 5321234567 }), 400, 'Telefon alanı metin olmalıdır', 'phoneNumber'],
      [customerForm(owner, { customerType: ['BUYER'] }), 400, 'İlgi Alanı alanı metin olmalıdır', 'customerType'],
      [customerForm(owner, { marketingConsent: 'evet' }), 400, 'Pazarlama izni alanı geçersiz', 'marketingConsent'],
      [customerForm(owner, { ownerId: owner.userId }), 400, 'Tanınmayan alan: ownerId', 'ownerId'],
      [customerForm(owner, { firstName: 'Ç'.repeat(300) }), 400, 'Ad en fazla 50 karakter olabilir', 'firstName'],
      [customerForm(owner, { province: '3'.repeat(20) }), 400, MESSAGES.remsProvinceInvalid, 'province'],
      [{ ...customerForm(owner), cardOwnerId: undefined }, 400, 'Kart sahibi alanı zorunludur', 'cardOwnerId'],
      [[customerForm(owner)], 400, MESSAGES.invalidRequest, undefined],
      [customerForm(owner, { notes: 'x'.repeat(1024 * 1024) }), 413, MESSAGES.bodyTooLarge, undefined],
    ];
    for (const [payload, status, message, field] of cases) {
      await expectRefused(await register(payload), status, message, field);
    }
    const broken = await product.app.inject({
      method: 'POST',
      url: '/api/rems/create-customer',
      headers: { 'content-type': 'application/json' },
      payload: '{"firstName":',
    });
    await expectRefused(broken, 400, MESSAGES.invalidJson);
    expect(await writes()).toBe(before);
  });
});

describe('bots and cards that take no registrations', () => {
  async function expectSilentlyDropped(payload: Record<string, unknown>) {
    const before = await writes();
    const response = await register(payload);
    expect(response.statusCode, response.body).toBe(200);
    expect(JSON.parse(response.body)).toEqual(THANKS);
    expect(await writes()).toBe(before);
  }

  it('given the hidden field filled, a missing token, one sent faster than a person or one of another card, then the usual thanks and nothing appended', async () => {
    await expectSilentlyDropped(customerForm(owner, { website: 'https://spam.example' }));
    await expectSilentlyDropped(customerForm(owner, { formToken: undefined }));
    await expectSilentlyDropped(customerForm(owner, { formToken: formToken(product, owner.cardId, 500) }));
    await expectSilentlyDropped(customerForm(owner, { formToken: formToken(product, withoutKey.cardId) }));
  });

  it('given a token that stored a registration (or a lead), when it comes again, then 409 in Turkish and nothing appended', async () => {
    const token = formToken(product, owner.cardId);
    expect((await register(customerForm(owner, { firstName: 'Tekil', formToken: token }))).statusCode).toBe(200);
    const before = await writes();

    await expectRefused(
      await register(customerForm(owner, { firstName: 'Tekrar', formToken: token }), clientAddress()),
      409,
      MESSAGES.leadFormAlreadySent,
      'formToken',
    );
    const lead = await product.app.inject({
      method: 'POST',
      url: '/api/leads',
      remoteAddress: clientAddress(),
      payload: { cardId: owner.cardId, fullName: 'Aynı Token', phone: '0532 111 22 33', formToken: token },
    });
    await expectRefused(lead, 409, MESSAGES.leadFormAlreadySent, 'formToken');
    expect(await writes()).toBe(before);
  });

  it('given an expired token, then a Turkish 400 on the token and nothing appended', async () => {
    const before = await writes();
    await expectRefused(
      await register(customerForm(owner, { formToken: formToken(product, owner.cardId, 25 * 60 * 60 * 1000) })),
      400,
      MESSAGES.leadFormExpired,
      'formToken',
    );
    expect(await writes()).toBe(before);
  });

  it('given an owner without a key, an unknown card or another owner named, then 404 in Turkish and nothing appended', async () => {
    const before = await writes();
    await expectRefused(await register(customerForm(withoutKey)), 404, MESSAGES.remsRegistrationUnavailable);
    await expectRefused(
      await register(customerForm(owner, { cardId: 'VC-YOKYOK', formToken: formToken(product, 'VC-YOKYOK') })),
      404,
      MESSAGES.cardPublicProfileNotFound,
    );
    await expectRefused(
      await register(customerForm(owner, { cardOwnerId: withoutKey.userId })),
      404,
      MESSAGES.cardPublicProfileNotFound,
    );
    expect(await writes()).toBe(before);
  });

  it('given an owner who removed the key, then 404 at once', async () => {
    const other = await ownerWithCard(product, 'Kaldırılan Anahtar');
    expect((await send(product, 'POST', '/api/rems/save-api-key', other.token, { apiKey: KEY })).statusCode).toBe(200);
    expect((await register(customerForm(other))).statusCode).toBe(200);
    expect((await send(product, 'DELETE', '/api/rems/remove-api-key', other.token)).statusCode).toBe(200);

    await expectRefused(await register(customerForm(other)), 404, MESSAGES.remsRegistrationUnavailable);
  });

  it('given one client, then 5 registrations per card in 10 minutes, the sixth 429 in Turkish with Retry-After', async () => {
    const address = clientAddress();
    for (let index = 0; index < 5; index++) {
      const response = await register(customerForm(owner, { firstName: `Sınır ${index + 1}` }), address);
      expect(response.statusCode, response.body).toBe(200);
    }
    const before = await writes();

    const sixth = await register(customerForm(owner, { firstName: 'Sınır Altı' }), address);

    await expectRefused(sixth, 429, MESSAGES.tooManyRequests);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(await writes()).toBe(before);
    // Another client is not affected
    expect((await register(customerForm(owner, { firstName: 'Başka İstemci' }))).statusCode).toBe(200);
  });

  it('the lead projection keeps the registration lead like any other', async () => {
    const { leads } = await listLeads(product, owner.token, 'search=Tekil');
    expect(leads.map((lead: { fullName: string }) => lead.fullName)).toEqual(['Tekil Öztürk']);
    const submitted = await product.store.readStream(`lead-${leads[0]?._id ?? ''}`);
    const decoded = (await product.codec.decode(submitted.events[0]!)) as LeadSubmitted | null;
    expect(decoded?.data.message.startsWith('Görüşme Planla: Alıcı')).toBe(true);
  });
});

describe('sent from a listing (issue 33)', () => {
  /** A listing as the owner enters it, its EİDS authorisation running for three more months. */
  function listingForm(fields: Record<string, unknown> = {}): Record<string, unknown> {
    const end = new Date(Date.now() + 90 * 24 * 60 * 60 * 1000);
    const validUntil = `${String(end.getUTCDate()).padStart(2, '0')}.${String(end.getUTCMonth() + 1).padStart(2, '0')}.${end.getUTCFullYear()}`;
    return {
      kind: 'listing',
      name: 'Moda’da 3+1 daire',
      price: { value: '8.750.000', currency: 'TRY' },
      listing: {
        purpose: 'sale',
        propertyType: 'apartment',
        rooms: '3+1',
        grossM2: 140,
        netM2: 120,
        il: '34',
        ilce: 'Kadıköy',
        mahalle: 'Caferağa',
        eids: { number: 'EIDS-2026-0042', validUntil },
      },
      ...fields,
    };
  }

  let listing: string;
  let switchedOff: string;
  let plainProduct: string;
  let othersListing: string;

  beforeAll(async () => {
    listing = (await createProduct(product, owner, listingForm())).product._id;
    switchedOff = (await createProduct(product, owner, listingForm({ isActive: false }))).product._id;
    plainProduct = (await createProduct(product, owner, { name: 'Dekorasyon danışmanlığı' })).product._id;
    othersListing = (await createProduct(product, withoutKey, listingForm())).product._id;
  });

  async function rowOf(registrationId: string): Promise<{ product_id: string | null } | undefined> {
    const { rows } = await product.pool.query<{ product_id: string | null }>(
      `SELECT product_id FROM ${RM_REMS_REGISTRATIONS} WHERE registration_id = $1`,
      [registrationId],
    );
    return rows[0];
  }

  it("given an active listing of the owner, when the form is sent with its id ('?ilan='), then the registration and its row name it", async () => {
    const response = await register(
      customerForm(owner, { firstName: 'İlanlı', productId: ` ${listing.toUpperCase()} ` }),
    );

    expect(response.statusCode, response.body).toBe(200);
    expect(JSON.parse(response.body)).toEqual(THANKS);
    const registration = (await registrations()).at(-1);
    expect(registration?.data).toMatchObject({ firstName: 'İlanlı', productId: listing });
    const id = registration?.data.registrationId ?? '';
    await until(async () => (await rowOf(id)) !== undefined, 'the registration projected');
    expect(await rowOf(id)).toEqual({ product_id: listing });
    // What the owner's statistics count: the registrations made from each listing.
    const { rows } = await product.pool.query<{ product_id: string; registrations: number }>(
      `SELECT product_id, count(*)::int AS registrations FROM ${RM_REMS_REGISTRATIONS}
        WHERE owner_id = $1 AND product_id IS NOT NULL GROUP BY product_id`,
      [owner.userId],
    );
    expect(rows).toEqual([{ product_id: listing, registrations: 1 }]);
  });

  it('given no listing, an empty one or null, then the registration names none', async () => {
    for (const productId of [undefined, '', '   ', null]) {
      const response = await register(customerForm(owner, { firstName: 'Kartlı', productId }));
      expect(response.statusCode, response.body).toBe(200);
      const registration = (await registrations()).at(-1);
      expect(registration?.data).toMatchObject({ firstName: 'Kartlı', productId: null });
      const id = registration?.data.registrationId ?? '';
      await until(async () => (await rowOf(id)) !== undefined, 'the registration projected');
      expect(await rowOf(id)).toEqual({ product_id: null });
    }
  });

  it("given what is no active listing of the card's owner, then 400 'İlan bulunamadı' on productId and nothing appended", async () => {
    const before = await writes();
    const cases: unknown[] = [
      'ilan-42',
      `${listing}0`,
      42,
      ['x'],
      'x'.repeat(500),
      '00000000-0000-4000-8000-000000000000',
      plainProduct,
      switchedOff,
      othersListing,
    ];
    for (const productId of cases) {
      await expectRefused(
        await register(customerForm(owner, { productId })),
        400,
        MESSAGES.remsListingNotFound,
        'productId',
      );
    }
    expect(await writes()).toBe(before);
  });

  it('given a listing switched off after the page was opened, then it is refused at once', async () => {
    const soon = (await createProduct(product, owner, listingForm({ name: 'Kısa süreli ilan' }))).product._id;
    expect((await register(customerForm(owner, { productId: soon }))).statusCode).toBe(200);
    const edited = await send(
      product,
      'PUT',
      `/api/products/${soon}`,
      owner.token,
      listingForm({ name: 'Kısa süreli ilan', isActive: false }),
    );
    expect(edited.statusCode, edited.body).toBe(200);

    await expectRefused(
      await register(customerForm(owner, { productId: soon })),
      400,
      MESSAGES.remsListingNotFound,
      'productId',
    );
  });
});

describe('erasing the visitor', () => {
  it("given a registration, when the owner deletes its lead, then the registration's personal fields are unreadable too", async () => {
    expect((await register(customerForm(owner, { firstName: 'Silinecek' }))).statusCode).toBe(200);
    const registration = (await registrations()).at(-1);
    const id = registration?.data.registrationId ?? '';
    expect(registration?.data.firstName).toBe('Silinecek');

    const deleted = await product.app.inject({
      method: 'DELETE',
      url: `/api/leads/${id}`,
      headers: { authorization: `Bearer ${owner.token}` },
    });

    expect(deleted.statusCode, deleted.body).toBe(200);
    const { events } = await product.store.readStream(`rems-registration-${id}`);
    const decoded = events[0] ? await product.codec.decode(events[0]) : null;
    expect(decoded).toMatchObject({
      forgotten: true,
      data: { registrationId: id, ownerId: owner.userId, firstName: '' },
    });
  });
});
