import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_NOTICE_VERSION, MESSAGES, MIN_POSITION_HEADER } from '@kartvizit/schemas';
import { compareCheckpoints, isCheckpoint } from '@kartvizit/infra/event-store/checkpoint';
import { rebuildProjection } from '@kartvizit/infra/processing/rebuild';
import { leadsProjection } from '@kartvizit/projector/lead/leads-projection';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { after, seenEverything } from './card-fixtures.ts';
import {
  answer,
  clientAddress,
  formToken,
  listLeads,
  ownerWithCard,
  registerOwner,
  send,
  storedSubmission,
  submitLead,
  visitorForm,
  remove,
  type CardOwner,
  type LeadForm,
} from './lead-fixtures.ts';

/**
 * POST /api/leads (public), GET /api/leads and DELETE /api/leads/{leadId} (owner): a visitor's
 * details reach the card's owner and no one else; bots get the same answer and append nothing; a
 * deleted lead is gone, its personal data unreadable in the log too.
 */
let product: TestProduct;
let alice: CardOwner;
let bob: CardOwner;

const ACCEPTED = { success: true, message: MESSAGES.leadSubmitted };
const NO_COUNTS = { new: 0, called: 0, met: 0, negative: 0 };

beforeAll(async () => {
  product = await startTestProduct();
  alice = await ownerWithCard(product, 'Alice Ofis');
  bob = await ownerWithCard(product, 'Bob Ofis');
});
afterAll(async () => {
  await product?.close();
});

describe('a visitor sends their details', () => {
  it('reaches the card owner, normalised, and only them', async () => {
    const address = clientAddress();
    const response = await submitLead(
      product,
      visitorForm(product, alice.cardId.toLowerCase(), { marketingConsent: true }),
      address,
    );
    expect(response.statusCode, response.body).toBe(200);
    // Byte for byte what a dropped bot submission gets (see 'bots').
    expect(response.body).toBe(JSON.stringify(ACCEPTED));

    const { leads, total } = await listLeads(product, alice.token);
    expect(total).toBe(1);
    expect(leads).toEqual([
      {
        _id: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
        cardId: alice.cardId,
        cardName: 'Alice Ofis',
        fullName: 'Çağrı Öztürk',
        phone: '+905321234567',
        phoneFormatted: '0532 123 45 67',
        email: 'cagri@ornek.com.tr',
        message: 'Merhaba, Kadıköy’deki daire için bilgi alabilir miyim?',
        marketingConsent: true,
        noticeVersion: LEAD_NOTICE_VERSION,
        submittedAt: expect.any(String) as string,
        // A new lead is Yeni, without a note (the follow-up: tests/http/lead-follow-up.int.spec.ts)
        status: 'new',
        statusChangedAt: null,
        note: '',
        // A contact-form lead has no REMS registration.
        remsStatus: null,
      },
    ]);
    expect(await listLeads(product, bob.token)).toEqual({ success: true, leads: [], total: 0, counts: NO_COUNTS });

    // In the log: personal fields sealed, the visitor's address nowhere.
    const [lead] = leads;
    const { recorded, decoded } = await storedSubmission(product, lead?._id ?? '');
    const raw = JSON.stringify(recorded);
    for (const secret of ['Çağrı', 'Öztürk', '905321234567', 'cagri@ornek', 'Kadıköy', address])
      expect(raw).not.toContain(secret);
    expect(recorded.data).toMatchObject({
      ownerId: alice.userId,
      cardId: alice.cardId,
      marketingConsent: true,
      noticeVersion: LEAD_NOTICE_VERSION,
    });
    expect(recorded.metadata).toEqual({ actor: 'visitor' });
    expect(decoded).toMatchObject({ forgotten: false, data: { fullName: 'Çağrı Öztürk', phone: '+905321234567' } });
  });

  it('needs a name and a phone or an e-mail; each problem names its field, and nothing is appended', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ fullName: '' }, MESSAGES.leadFullNameRequired, 'fullName'],
      [{ fullName: 'A' }, MESSAGES.leadFullNameTooShort, 'fullName'],
      [{ fullName: 'x'.repeat(101) }, MESSAGES.leadFullNameTooLong, 'fullName'],
      [{ phone: '', email: '' }, MESSAGES.leadContactRequired, 'phone'],
      [{ phone: '123' }, MESSAGES.leadPhoneInvalid, 'phone'],
      [{ email: 'cagri@' }, MESSAGES.leadEmailInvalid, 'email'],
      [{ message: 'ğ'.repeat(1001) }, MESSAGES.leadMessageTooLong, 'message'],
      [{ fullName: 'Çağrı\u0007Öztürk' }, 'Ad Soyad alanında geçersiz karakterler var', 'fullName'],
    ];
    const before = await product.eventCount();
    for (const [fields, message, field] of cases) {
      const response = await submitLead(product, visitorForm(product, alice.cardId, fields));
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(answer(response)).toEqual({ success: false, message, field });
    }
    const unknown = await submitLead(product, { ...visitorForm(product, alice.cardId), ownerId: bob.userId });
    expect(unknown.statusCode).toBe(400);
    expect(answer(unknown).field).toBe('ownerId');
    expect(await product.eventCount()).toBe(before);
  });

  it('e-mail alone or phone alone is enough', async () => {
    expect(
      (
        await submitLead(product, {
          cardId: alice.cardId,
          fullName: 'Sadece E-posta',
          email: 'e@ornek.com',
          formToken: formToken(product, alice.cardId),
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await submitLead(product, {
          cardId: alice.cardId,
          fullName: 'Sadece Telefon',
          phone: '+44 20 7946 0958',
          formToken: formToken(product, alice.cardId),
        })
      ).statusCode,
    ).toBe(200);
    const { leads } = await listLeads(product, alice.token, 'search=sadece');
    expect(leads.map((lead) => [lead.fullName, lead.phoneFormatted, lead.email, lead.marketingConsent])).toEqual([
      ['Sadece Telefon', '+44 20 7946 0958', '', false],
      ['Sadece E-posta', '', 'e@ornek.com', false],
    ]);
  });
});

describe('bots', () => {
  async function expectSilentlyDropped(body: LeadForm | Record<string, unknown>) {
    const before = await product.eventCount();
    const response = await submitLead(product, body);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toBe(JSON.stringify(ACCEPTED));
    expect(await product.eventCount()).toBe(before);
  }

  it('that fill the hidden field get the usual answer and append nothing', async () => {
    await expectSilentlyDropped({ ...visitorForm(product, alice.cardId), website: 'https://spam.example' });
    // Even with garbage in every other field: nothing tells the bot what was wrong.
    await expectSilentlyDropped({ cardId: alice.cardId, fullName: '', phone: 'x', website: 'x', formToken: 'x' });
  });

  it('that post faster than a person can, or without a genuine token, get the usual answer and append nothing', async () => {
    await expectSilentlyDropped(
      visitorForm(product, alice.cardId, { formToken: formToken(product, alice.cardId, 500) }),
    );
    await expectSilentlyDropped(visitorForm(product, alice.cardId, { formToken: undefined }));
    await expectSilentlyDropped(visitorForm(product, alice.cardId, { formToken: 'uydurma' }));
    // A genuine token of another card.
    await expectSilentlyDropped(visitorForm(product, alice.cardId, { formToken: formToken(product, bob.cardId) }));
  });

  it('a form left open for more than a day must be reloaded', async () => {
    const before = await product.eventCount();
    const response = await submitLead(
      product,
      visitorForm(product, alice.cardId, { formToken: formToken(product, alice.cardId, 25 * 60 * 60 * 1000) }),
    );
    expect(response.statusCode).toBe(400);
    expect(answer(response)).toEqual({
      success: false,
      message: 'Form süresi doldu, lütfen sayfayı yenileyip tekrar deneyin',
      field: 'formToken',
    });
    expect(await product.eventCount()).toBe(before);
  });

  it('one client gets 5 submissions per card in 10 minutes, then 429; other clients and cards are not affected', async () => {
    const address = clientAddress();
    const before = await product.eventCount();
    for (let i = 0; i < 5; i++) {
      const response = await submitLead(
        product,
        visitorForm(product, bob.cardId, { fullName: `Sınır Deneme ${i + 1}` }),
        address,
      );
      expect(response.statusCode, response.body).toBe(200);
    }
    const refused = await submitLead(
      product,
      visitorForm(product, bob.cardId, { fullName: 'Sınır Deneme 6' }),
      address,
    );
    expect(refused.statusCode).toBe(429);
    expect(answer(refused)).toEqual({ success: false, message: MESSAGES.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(500);
    // Five leads, each with its token's claim.
    expect(await product.eventCount()).toBe(before + 10);
    expect((await submitLead(product, visitorForm(product, bob.cardId), clientAddress())).statusCode).toBe(200);
    expect((await submitLead(product, visitorForm(product, alice.cardId), address)).statusCode).toBe(200);
    expect((await listLeads(product, bob.token, 'search=sınır deneme')).total).toBe(5);
  });
});

describe('cards that take no leads', () => {
  it('unknown, malformed, pending and deactivated cards answer 404 Profil bulunamadı and append nothing', async () => {
    const carol = await ownerWithCard(product, 'Carol Kart');
    const off = await send(product, 'PUT', `/api/cards/deactivate/${carol.cardId}`, carol.token);
    expect(off.statusCode).toBe(200);
    const pending = 'VC-BEKLE1';
    expect(
      (await send(product, 'POST', '/api/cards', carol.token, { cardId: pending, type: 'virtual', name: 'Bekleyen' }))
        .statusCode,
    ).toBe(200);
    const before = await product.eventCount();
    for (const cardId of ['KV-YOKBOYLE', 'kv-iı', pending, carol.cardId]) {
      const response = await submitLead(product, visitorForm(product, cardId));
      expect(response.statusCode, cardId).toBe(404);
      expect(answer(response)).toEqual({ success: false, message: 'Profil bulunamadı' });
    }
    expect(await product.eventCount()).toBe(before);
  });
});

describe('the owner’s list', () => {
  let dave: CardOwner;

  beforeAll(async () => {
    dave = await ownerWithCard(product, 'Dave Kart');
    const people = [
      { fullName: 'Şükrü Işıkoğlu', phone: '0212 555 12 34', email: '', message: 'Ofis katı' },
      { fullName: 'İrem Güneş', phone: '', email: 'IREM@Gunes.com', message: 'Satılık arsa 100%_indirim?' },
      { fullName: 'Oğuz Çelik', phone: '0533 765 43 21', email: 'oguz@celik.net', message: '' },
    ];
    for (const person of people) {
      expect((await submitLead(product, visitorForm(product, dave.cardId, person))).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  });

  it('is newest first, with the total', async () => {
    const { leads, total } = await listLeads(product, dave.token);
    expect(total).toBe(3);
    expect(leads.map((lead) => lead.fullName)).toEqual(['Oğuz Çelik', 'İrem Güneş', 'Şükrü Işıkoğlu']);
  });

  it('searches name, phone, e-mail and message without case or Turkish marks', async () => {
    const names = async (search: string) =>
      (await listLeads(product, dave.token, `search=${encodeURIComponent(search)}`)).leads.map((lead) => lead.fullName);
    expect(await names('ŞÜKRÜ')).toEqual(['Şükrü Işıkoğlu']);
    expect(await names('sukru isik')).toEqual(['Şükrü Işıkoğlu']);
    expect(await names('IŞIKOĞLU')).toEqual(['Şükrü Işıkoğlu']);
    expect(await names('irem')).toEqual(['İrem Güneş']);
    expect(await names('İREM')).toEqual(['İrem Güneş']);
    expect(await names('gunes.com')).toEqual(['İrem Güneş']);
    expect(await names('0533 765')).toEqual(['Oğuz Çelik']);
    expect(await names('+90 212 555')).toEqual(['Şükrü Işıkoğlu']);
    expect(await names('OFİS')).toEqual(['Şükrü Işıkoğlu']);
    // LIKE's own wildcards are taken literally.
    expect(await names('100%_')).toEqual(['İrem Güneş']);
    expect(await names('%')).toEqual(['İrem Güneş']);
    expect(await names('_')).toEqual(['İrem Güneş']);
    expect(await names('hiç kimse')).toEqual([]);
  });

  it('pages with limit and offset; the total counts every match', async () => {
    const first = await listLeads(product, dave.token, 'limit=2');
    const second = await listLeads(product, dave.token, 'limit=2&offset=2');
    expect(first.leads.map((lead) => lead.fullName)).toEqual(['Oğuz Çelik', 'İrem Güneş']);
    expect(second.leads.map((lead) => lead.fullName)).toEqual(['Şükrü Işıkoğlu']);
    expect([first.total, second.total]).toEqual([3, 3]);
    const bad = await send(product, 'GET', '/api/leads?limit=-1', dave.token);
    expect(bad.statusCode).toBe(400);
  });

  it('needs a session; another owner’s search finds none of these', async () => {
    const anonymous = await send(product, 'GET', '/api/leads');
    expect(anonymous.statusCode).toBe(401);
    expect(answer(anonymous)).toEqual({ success: false, message: MESSAGES.sessionExpired });
    expect((await listLeads(product, alice.token, 'search=şükrü')).total).toBe(0);
    const stranger = await registerOwner(product);
    expect(await listLeads(product, stranger.token)).toEqual({ success: true, leads: [], total: 0, counts: NO_COUNTS });
  });
});

describe('deleting a lead', () => {
  it('removes it from the list and makes its personal data unreadable everywhere; other leads stay', async () => {
    const erin = await ownerWithCard(product, 'Erin Kart');
    for (const fullName of ['Silinecek Kişi', 'Kalacak Kişi']) {
      expect((await submitLead(product, visitorForm(product, erin.cardId, { fullName }))).statusCode).toBe(200);
    }
    const { leads } = await listLeads(product, erin.token);
    const doomed = leads.find((lead) => lead.fullName === 'Silinecek Kişi')?._id ?? '';
    const kept = leads.find((lead) => lead.fullName === 'Kalacak Kişi')?._id ?? '';

    const before = await product.eventCount();
    for (const [token, id] of [
      [bob.token, doomed],
      [erin.token, '7d4c2a10-1b2c-4d3e-8f4a-5b6c7d8e9f00'],
      [erin.token, 'degil-bir-id'],
    ] as const) {
      const refused = await remove(product, id, token);
      expect(refused.statusCode, id).toBe(404);
      expect(answer(refused)).toEqual({ success: false, message: 'Bağlantı bulunamadı' });
    }
    expect((await remove(product, doomed)).statusCode).toBe(401);
    expect(await product.eventCount()).toBe(before);

    const deleted = await remove(product, doomed, erin.token);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(answer(deleted)).toEqual({
      success: true,
      message: 'Bağlantı silindi',
      position: expect.any(String) as string,
    });

    const list = await send(product, 'GET', '/api/leads', erin.token, undefined, after(answer(deleted).position));
    expect((JSON.parse(list.body) as { leads: { _id: string }[] }).leads.map((lead) => lead._id)).toEqual([kept]);

    // The log still holds the event, but its sealed fields can no longer be opened.
    const gone = await storedSubmission(product, doomed);
    expect(gone.decoded?.forgotten).toBe(true);
    expect(gone.decoded?.data).toMatchObject({
      fullName: '',
      phone: '',
      email: '',
      message: '',
      ownerId: erin.userId,
      cardId: erin.cardId,
    });
    expect((await product.pool.query('SELECT 1 FROM owner_keys WHERE owner_id = $1', [doomed])).rowCount).toBe(0);
    // Its read-model row is gone, not blanked.
    expect((await product.pool.query('SELECT 1 FROM rm_leads WHERE lead_id = $1', [doomed])).rowCount).toBe(0);
    expect((await storedSubmission(product, kept)).decoded).toMatchObject({
      forgotten: false,
      data: { fullName: 'Kalacak Kişi' },
    });

    const again = await remove(product, doomed, erin.token);
    expect(again.statusCode).toBe(404);
    expect(answer(again)).toEqual({ success: false, message: 'Bağlantı bulunamadı' });
  });

  it('a deletion whose key destruction was cut short is finished by the next attempt', async () => {
    const frank = await ownerWithCard(product, 'Frank Kart');
    expect(
      (await submitLead(product, visitorForm(product, frank.cardId, { fullName: 'Yarım Kalan' }))).statusCode,
    ).toBe(200);
    const [lead] = (await listLeads(product, frank.token)).leads;
    const leadId = lead?._id ?? '';
    // As if the process stopped right after appending LeadDeleted, before the key went.
    const event = await product.codec.encode({
      type: 'LeadDeleted',
      data: { leadId, ownerId: frank.userId, deletedAt: new Date().toISOString() },
    });
    await product.store.append([{ streamId: `lead-${leadId}`, expected: 0, events: [event] }]);
    expect((await storedSubmission(product, leadId)).decoded?.forgotten).toBe(false);

    const stranger = await remove(product, leadId, bob.token);
    expect(stranger.statusCode).toBe(404);
    expect((await storedSubmission(product, leadId)).decoded?.forgotten).toBe(false);
    const again = await remove(product, leadId, frank.token);
    expect(again.statusCode).toBe(404);
    expect(answer(again)).toEqual({ success: false, message: 'Bağlantı bulunamadı' });
    expect((await storedSubmission(product, leadId)).decoded?.forgotten).toBe(true);
  });

  it('a rebuild from the log (submission and deletion in one batch) gives the same rows, the deleted leads still gone', async () => {
    const columns =
      'lead_id, owner_id, card_id, full_name, phone, email, message, search_text, marketing_consent, notice_version, submitted_at';
    const read = async () =>
      (await product.pool.query<Record<string, unknown>>(`SELECT ${columns} FROM rm_leads ORDER BY lead_id`)).rows;
    // The live projection first takes in everything the earlier tests appended (the last of them
    // appends a deletion straight to the store): otherwise 'before' would miss what the rebuild has.
    // The newest event read directly (seenEverything): headCheckpoint() stops below any transaction still open on the
    // server, so 'before' could miss the deletion and the rebuild, run once that transaction ended, have it.
    const newest = (await seenEverything(product))[MIN_POSITION_HEADER] ?? null;
    const head = isCheckpoint(newest) ? newest : null;
    await expect
      .poll(async () => {
        const { rows } = await product.pool.query<{ checkpoint: string | null }>(
          'SELECT checkpoint FROM projection_checkpoints WHERE name = $1',
          [leadsProjection.name],
        );
        const checkpoint = rows[0]?.checkpoint ?? null;
        return compareCheckpoints(isCheckpoint(checkpoint) ? checkpoint : null, head) >= 0;
      })
      .toBe(true);
    const before = await read();
    const erased = (
      await product.pool.query<{ lead_id: string }>('SELECT lead_id FROM rm_lead_erasures ORDER BY lead_id')
    ).rows;
    expect(erased.length).toBeGreaterThan(0);
    await rebuildProjection({ pool: product.pool, store: product.store, codec: product.codec }, leadsProjection);
    expect(await read()).toEqual(before);
    expect((await product.pool.query('SELECT lead_id FROM rm_lead_erasures ORDER BY lead_id')).rows).toEqual(erased);
    expect((await read()).filter((row) => row.full_name === '')).toEqual([]);
  });
});
