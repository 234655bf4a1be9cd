import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGES,
  accountStreamId,
  erasureStreamId,
  leadStreamId,
  mailStreamId,
  type LeadSubmitted,
} from '@kartvizit/schemas';
import { MEDIA_URL_PREFIX } from '@kartvizit/schemas/profile/http';
import { createMailer } from '@kartvizit/infra/mail/mailer';
import { rebuildProjection } from '@kartvizit/infra/processing/rebuild';
import { PROJECTIONS } from '@kartvizit/projector/projections';
import { until } from '../support/mailing-product.ts';
import { newOwner, startTestProduct, type TestProduct } from '../support/product.ts';
import {
  after,
  answer,
  seenEverything,
  send,
  virtualCardId,
  type Owner,
  PUBLIC_CARD_ADDRESSES,
  UNKNOWN_CARD,
  seenByVisitor,
} from './card-fixtures.ts';
import { listLeads, submitLead, storedSubmission, visitorForm } from './lead-fixtures.ts';
import { createProduct, uploadImages } from './product-fixtures.ts';
import { media, photo, profileForm, saveProfile } from './profile-fixtures.ts';
import { appendedBy, expectAccepted, ownerWithCards, visit, type CardOwner } from './telemetry-fixtures.ts';

/**
 * KVKK: an owner deletes their account (`DELETE /api/account`, issue 13). Everything of theirs goes: the key their
 * personal data is sealed under, their leads' keys, their files, every read model row; the address can be registered
 * again, their sessions end, and every card of theirs answers the 404 of a card that never existed. A replay of every
 * projection afterwards finds nothing of them (decision 29).
 */
let product: TestProduct;
const registration = newOwner({ firstName: 'Nurhayat', lastName: 'Kılıçarslan' });
let owner: Owner;
let cardId: string;
let productId: string;
let leadId: string;
let imageUrls: string[];
/** Another owner's shown card: untouched throughout, and the marker that everything sent before it was written. */
let bystander: CardOwner;

/** What the deleted owner was known by: none of it may be readable in a read model afterwards. */
const TRACES = {
  email: registration.email,
  firstName: 'Nurhayat',
  lastName: 'Kılıçarslan',
  company: 'Kılıçarslan Emlak',
  cardName: 'Nurhayat Hanım Kartı',
  productName: 'Boğaz Manzaralı Yalı Dairesi',
  visitorName: 'Tekinalp Özgürsoy',
  visitorPhone: '0532 987 65 43',
  meetingTitle: 'Yalı için Tekinalp Bey ile pazarlık',
  attendee: 'tekinalp.ozgursoy@example.com',
} as const;

/** The local outbox (DATA_DIR/mail without SMTP_URL): the lead alert about the owner's lead is written here. */
let mailDir: string;

/** The outbox's files that mention any of the deleted owner's traces. */
async function tracesInOutbox(): Promise<string[]> {
  const files = await readdir(mailDir).catch(() => [] as string[]);
  const found: string[] = [];
  for (const name of files) {
    const text = await readFile(join(mailDir, name), 'utf8');
    if (name.includes(owner.userId) || Object.values(TRACES).some((needle) => text.includes(needle))) found.push(name);
  }
  return found;
}

const deleteAccount = (token: string | undefined, payload: unknown, headers: Record<string, string> = {}) =>
  product.app.inject({
    method: 'DELETE',
    url: '/api/account',
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

/** Every row of every read model (the views the services read), as text. */
async function readModelsAsText(): Promise<{ view: string; row: string }[]> {
  const views = await product.pool.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.views WHERE table_schema = current_schema() AND table_name LIKE 'rm\\_%'`,
  );
  const rows: { view: string; row: string }[] = [];
  for (const { name } of views.rows) {
    const result = await product.pool.query<{ row: string }>(`SELECT v::text AS row FROM ${name} v`);
    rows.push(...result.rows.map((row) => ({ view: name, row: row.row })));
  }
  return rows;
}

/** The read-model rows that mention any of the deleted owner's traces (or their ids). */
async function tracesInReadModels(): Promise<{ view: string; row: string }[]> {
  const needles = [...Object.values(TRACES), owner.userId, cardId, productId, leadId].map((text) =>
    text.toLocaleLowerCase('tr-TR'),
  );
  const rows = await readModelsAsText();
  // The erasure bookkeeping (the core's `*_erased` tables, the cards projection's card_erasures) keeps the random ids of
  // the account and its cards, and only those, so that what the log still brings of them is skipped (decision 29).
  return rows.filter(
    ({ view, row }) =>
      !/_(erased|erasures)$/.test(view) && needles.some((needle) => row.toLocaleLowerCase('tr-TR').includes(needle)),
  );
}

/** Every personal trace as it would stand in a stored event's data, unsealed. */
async function tracesInEventLog(): Promise<string[]> {
  const result = await product.pool.query<{ data: string }>('SELECT data::text AS data FROM events');
  const needles = Object.values(TRACES);
  return result.rows.map((row) => row.data).filter((data) => needles.some((needle) => data.includes(needle)));
}

async function erased(): Promise<{ leadsForgotten: number } | null> {
  const stream = await product.store.readStream(erasureStreamId(owner.userId));
  const event = stream.events.find((recorded) => recorded.type === 'AccountErased');
  return event ? (event.data as { leadsForgotten: number }) : null;
}

beforeAll(async () => {
  // The owner directory remembers a found owner for 10 s by default; here it looks again on every beacon.
  mailDir = join(await mkdtemp(join(tmpdir(), 'kartvizit-outbox-')), 'mail');
  const mailer = createMailer({
    smtpUrl: undefined,
    from: 'Dijital Kartvizit <bildirim@kart.example.test>',
    mailDir,
    messageIdHost: 'kart.example.test',
  });
  product = await startTestProduct({ telemetry: { ownerCacheTtlMs: 0 }, mailer });
  bystander = await ownerWithCards(product, 1);

  const registered = await product.post('/api/auth/register', registration);
  expect(registered.statusCode, registered.body).toBe(200);
  const body = JSON.parse(registered.body) as { token: string; user: { id: string } };
  owner = { token: body.token, userId: body.user.id };

  const picture = await saveProfile(
    product,
    'POST',
    profileForm(
      { firstName: TRACES.firstName, lastName: TRACES.lastName, company: TRACES.company, phone: '0532 111 22 33' },
      { profilePicture: { bytes: await photo(400, 400), type: 'image/jpeg', name: 'ben.jpg' } },
    ),
    owner.token,
  );
  expect(picture.status, JSON.stringify(picture.body)).toBe(200);
  cardId = virtualCardId();
  const created = await send(product, 'POST', '/api/cards', owner.token, {
    cardId,
    type: 'virtual',
    name: TRACES.cardName,
  });
  expect(created.statusCode, created.body).toBe(200);
  const activated = await send(product, 'POST', '/api/cards/activate', owner.token, { cardId, name: TRACES.cardName });
  expect(activated.statusCode, activated.body).toBe(200);

  const uploaded = await uploadImages(product, owner.token, [
    { bytes: await photo(800, 600, '#2980b9'), type: 'image/jpeg', name: 'yali.jpg' },
  ]);
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  const productImages = (JSON.parse(uploaded.body) as { data: string[] }).data;
  const made = await createProduct(product, owner, {
    name: TRACES.productName,
    price: { value: 12_500_000 },
    images: productImages,
  });
  productId = made.product._id;

  const lead = await submitLead(
    product,
    visitorForm(product, cardId, { fullName: TRACES.visitorName, phone: TRACES.visitorPhone, marketingConsent: true }),
  );
  expect(lead.statusCode, lead.body).toBe(200);
  leadId = (await listLeads(product, owner.token)).leads[0]?._id ?? '';
  expectAccepted(await visit(product, { cardId }));
  const meeting = await send(product, 'POST', '/api/integration/calendar/ics', owner.token, {
    title: TRACES.meetingTitle,
    description: 'Gündem: fiyat',
    startTime: '2026-12-01T09:00:00.000Z',
    endTime: '2026-12-01T10:00:00.000Z',
    attendees: TRACES.attendee,
  });
  expect(meeting.statusCode, meeting.body).toBe(200);
  // The lead alert names the visitor and greets the owner: the outbox holds it before the deletion.
  await until(async () => (await tracesInOutbox()).length > 0, 'the lead alert in the outbox');
  // The mail reactor records EmailSent after writing the file: wait for it, so the wrong deletions below count the
  // events of a log that has stopped moving.
  await until(
    async () => (await product.store.readStream(mailStreamId(owner.userId))).events.length > 0,
    'the lead alert recorded as sent',
  );

  const profileImage = String(picture.body.profile?.profilePicture ?? '');
  imageUrls = [profileImage, ...productImages];
  for (const url of imageUrls) expect((await media(product, new URL(url, 'http://x').pathname)).statusCode).toBe(200);
});
afterAll(async () => {
  await product?.close();
  if (mailDir) await rm(join(mailDir, '..'), { recursive: true, force: true });
});

describe('given an owner with a profile picture, a shown card, a product, a lead and a visit', () => {
  describe('when the deletion is asked wrongly', () => {
    it.each([
      ['no password', {}, 400, MESSAGES.deletePasswordMissing],
      ['an empty password', { password: '' }, 400, MESSAGES.deletePasswordMissing],
      ['a wrong password', { password: 'yanlis-parola-9' }, 400, MESSAGES.deletePasswordWrong],
      ['a password that is not text', { password: 12345678 }, 400, undefined],
      ['a NUL in the password', { password: 'gizli\u0000parola' }, 400, undefined],
      ['a password of 1 MB', { password: 'a'.repeat(1_000_000) }, undefined, undefined],
      ['an unknown field', { password: registration.password, alsoDelete: 'everyone' }, 400, undefined],
    ])(
      'with %s, then a Turkish 4xx, nothing appended, and the owner still signed in',
      async (_, payload, status, message) => {
        const before = await product.eventCount();
        const response = await deleteAccount(owner.token, payload);
        if (status) expect(response.statusCode, response.body).toBe(status);
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        const body = JSON.parse(response.body) as { success: boolean; message: string };
        expect(body.success).toBe(false);
        if (message) expect(body.message).toBe(message);
        expect(body.message).toMatch(/[ğüşıöçİĞÜŞÖÇ]|[a-z]/i);
        expect(await product.eventCount()).toBe(before);
        expect((await product.get('/api/auth/me', owner.token)).statusCode).toBe(200);
      },
    );

    it('without a session, then 401 and nothing appended', async () => {
      const before = await product.eventCount();
      const response = await deleteAccount(undefined, { password: registration.password });
      expect(response.statusCode).toBe(401);
      expect(await product.eventCount()).toBe(before);
    });
  });

  describe('when the owner deletes the account with their password', () => {
    let readModelsNow: Record<string, string>;

    beforeAll(async () => {
      const response = await deleteAccount(owner.token, { password: registration.password });
      expect(response.statusCode, response.body).toBe(200);
      expect(JSON.parse(response.body)).toMatchObject({ success: true, message: MESSAGES.accountDeleted });
      await until(async () => (await erased()) !== null, 'the account-erasure reactor finished');
      readModelsNow = { ...after(answer(response).position), ...(await seenEverything(product)) };
    });

    it('then every session of theirs ends', async () => {
      for (const url of ['/api/auth/me', '/api/profile/me', '/api/cards/my-cards', '/api/leads', '/api/products']) {
        const response = await product.get(url, owner.token);
        expect(response.statusCode, `${url}: ${response.body}`).toBe(401);
      }
      expect((await deleteAccount(owner.token, { password: registration.password })).statusCode).toBe(401);
    });

    it('then the address and password sign no one in, and a reset link is asked for no one', async () => {
      const login = await product.post('/api/auth/login', {
        email: registration.email,
        password: registration.password,
      });
      expect(login.statusCode).toBe(401);
      expect(JSON.parse(login.body)).toMatchObject({ message: MESSAGES.invalidCredentials });
      const before = await product.eventCount();
      const forgot = await product.post('/api/auth/forgot-password', { email: registration.email });
      expect(forgot.statusCode).toBe(200);
      expect(await product.eventCount()).toBe(before);
    });

    it.each(Object.keys(PUBLIC_CARD_ADDRESSES) as (keyof typeof PUBLIC_CARD_ADDRESSES)[])(
      'then the card’s %s answers the 404 of a card that never existed',
      async (address) => {
        const deleted = await send(
          product,
          'GET',
          PUBLIC_CARD_ADDRESSES[address](cardId),
          undefined,
          undefined,
          readModelsNow,
        );
        const unknown = await send(
          product,
          'GET',
          PUBLIC_CARD_ADDRESSES[address](UNKNOWN_CARD),
          undefined,
          undefined,
          readModelsNow,
        );
        expect(deleted.statusCode, deleted.body).toBe(404);
        expect(seenByVisitor(deleted)).toEqual(seenByVisitor(unknown));
      },
    );

    it('then the product page answers the 404 of a product that never existed', async () => {
      const deleted = await send(product, 'GET', `/product/${productId}`, undefined, undefined, readModelsNow);
      const unknown = await send(product, 'GET', `/product/${randomUUID()}`, undefined, undefined, readModelsNow);
      expect(deleted.statusCode).toBe(404);
      expect(seenByVisitor(deleted)).toEqual(seenByVisitor(unknown));
    });

    it('then their images are gone from the disk and answer 404', async () => {
      for (const url of imageUrls) {
        const path = new URL(url, 'http://x').pathname;
        expect((await media(product, path)).statusCode).toBe(404);
        expect(await product.blobs.get(path.slice(MEDIA_URL_PREFIX.length))).toBeNull();
      }
    });

    it('then their personal data and their lead’s read as forgotten in the log, and the erasure is recorded', async () => {
      const account = await product.store.readStream(accountStreamId(owner.userId));
      const registered = await product.codec.decode(account.events[0]!);
      expect(registered).toMatchObject({ forgotten: true, data: { email: '', firstName: '', lastName: '' } });
      expect(account.events.at(-1)?.type).toBe('AccountDeleted');
      const { decoded } = await storedSubmission(product, leadId);
      expect(decoded).toMatchObject({ forgotten: true, data: { fullName: '', phone: '', email: '', message: '' } });
      expect(await erased()).toEqual(expect.objectContaining({ leadsForgotten: 1 }));
      expect(await tracesInEventLog()).toEqual([]);
      // The meeting's title is sealed like its attendees: forgotten with the key.
      const { rows } = await product.pool.query<{ stream_id: string }>(
        `SELECT stream_id FROM events WHERE type = 'MeetingScheduled' AND data->>'ownerId' = $1`,
        [owner.userId],
      );
      expect(rows).toHaveLength(1);
      const [scheduled] = (await product.store.readStream(rows[0]!.stream_id)).events;
      expect(await product.codec.decode(scheduled!)).toMatchObject({
        forgotten: true,
        data: { title: '', attendees: '' },
      });
    });

    it('then the local outbox keeps no e-mail about them (decision 51)', async () => {
      expect(await tracesInOutbox()).toEqual([]);
    });

    it('then no read model holds anything of them', async () => {
      expect(await tracesInReadModels()).toEqual([]);
    });

    it('then a visit to their card is answered and not counted', async () => {
      const counted = await appendedBy(
        product,
        async () => expectAccepted(await visit(product, { cardId })),
        () => visit(product, { cardId: bystander.cards[0] }),
      );
      expect(counted.map((event) => event.data.cardId)).toEqual([bystander.cards[0]]);
    });

    it('then a lead the log brings after the deletion is forgotten as it comes and kept in no read model', async () => {
      // A visitor who sent the form in the moment of the deletion: the route had found the card still shown.
      const lateLead = randomUUID();
      const late: LeadSubmitted = {
        type: 'LeadSubmitted',
        data: {
          leadId: lateLead,
          ownerId: owner.userId,
          cardId,
          fullName: TRACES.visitorName,
          phone: TRACES.visitorPhone,
          email: '',
          message: 'Geç kalan bir mesaj',
          marketingConsent: false,
          noticeVersion: '2024-01',
          submittedAt: new Date().toISOString(),
        },
      };
      await product.store.append([
        { streamId: leadStreamId(lateLead), expected: 'no_stream', events: [await product.codec.encode(late)] },
      ]);
      await until(
        async () => (await storedSubmission(product, lateLead)).decoded?.forgotten === true,
        'the late lead forgotten',
      );
      await product.product.projectors.catchUp();
      const rows = await product.pool.query('SELECT 1 FROM rm_leads WHERE lead_id = $1', [lateLead]);
      expect(rows.rowCount).toBe(0);
    });

    it('then a replay of every projection still finds nothing of them', async () => {
      for (const projection of PROJECTIONS) {
        await rebuildProjection({ pool: product.pool, store: product.store, codec: product.codec }, projection);
      }
      expect(await tracesInReadModels()).toEqual([]);
    });

    it("then the other owner's card is as it was", async () => {
      const written = await seenEverything(product);
      for (const address of Object.values(PUBLIC_CARD_ADDRESSES)) {
        const response = await send(product, 'GET', address(bystander.cards[0] ?? ''), undefined, undefined, written);
        expect(response.statusCode, response.body).toBe(200);
      }
    });

    it('then the address can be registered again, as a new and empty account', async () => {
      const again = await product.post('/api/auth/register', { ...registration, password: 'yeni-parola-42' });
      expect(again.statusCode, again.body).toBe(200);
      const fresh = JSON.parse(again.body) as { token: string; user: { id: string; email: string } };
      expect(fresh.user.id).not.toBe(owner.userId);
      expect(fresh.user.email).toBe(registration.email);
      const position = seenEverything(product);
      const cards = await product.get('/api/cards/my-cards', fresh.token, await position);
      expect(JSON.parse(cards.body)).toMatchObject({ cards: [] });
      const leads = await product.get('/api/leads', fresh.token, await seenEverything(product));
      expect(JSON.parse(leads.body)).toMatchObject({ leads: [], total: 0 });
      const login = await product.post('/api/auth/login', { email: registration.email, password: 'yeni-parola-42' });
      expect(login.statusCode, login.body).toBe(200);
      expect((JSON.parse(login.body) as { user: { id: string } }).user.id).toBe(fresh.user.id);
    });
  });
});
