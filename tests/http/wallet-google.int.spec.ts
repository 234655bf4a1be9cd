import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import sharp from 'sharp';
import { readGoogleWalletSettings, type GoogleWalletSettings } from '@kartvizit/infra/wallet/google-settings';
import { profileStreamId } from '@kartvizit/schemas';
import type { Checkpoint } from '@kartvizit/infra/event-store/types';
import type { StoredEvent } from '@kartvizit/infra/vault/event-codec';
import { googleWalletReactor, type GoogleWalletEvent } from '@kartvizit/projector/wallet/google-wallet-reactor';
import type { GoogleGenericObject, GoogleSaveClaims } from '@kartvizit/infra/wallet/google-pass';
import { createOffice, officeCardHeldBy, register } from './office-fixtures.ts';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import {
  createTestServiceAccount,
  genericObjectProblems,
  startFakeGoogleWallet,
  type FakeGoogleWallet,
  type TestServiceAccount,
} from '../support/fake-google-wallet.ts';
import { after, answer, registerOwner, send, virtualCardId, type Owner } from './card-fixtures.ts';
import { encodeForm, profileForm } from './profile-fixtures.ts';

/**
 * Google Wallet (issue 32): the owner's 'Add to Google Wallet' link, a JWT signed with the operator's service account
 * carrying the card as a generic pass of Google's reference; and the pass following the card: a profile change
 * replaces the saved object through the Wallet API (a fake of Google's on loopback), with a fresh token when the old
 * one expired and again after Google failed.
 */
const BASE = 'https://kartvizit.example.com.tr';
const ISSUER = '3388000000022222228';
const SAVE_PREFIX = 'https://pay.google.com/gp/v/save/';
const NOT_SET_UP = 'Bu sunucu Google Wallet için ayarlanmamış.';

let product: TestProduct;
let wallet: FakeGoogleWallet;
let account: TestServiceAccount;
let settings: GoogleWalletSettings;
let keyDir: string;
let owner: Owner;
/** The owner's card whose pass is saved (Google has its object). */
let saved: string;
/** Another card of the owner's, whose pass nobody saved. */
let unsaved: string;
let position: string | undefined;
const logs: string[] = [];

const logo = () =>
  sharp({ create: { width: 200, height: 200, channels: 4, background: '#1d4ed8' } })
    .png()
    .toBuffer();

async function activatedCard(who: Owner, name: string): Promise<{ cardId: string; position?: string }> {
  const cardId = virtualCardId();
  expect((await send(product, 'POST', '/api/cards', who.token, { cardId, type: 'virtual', name })).statusCode).toBe(
    200,
  );
  const activated = await send(product, 'POST', '/api/cards/activate', who.token, { cardId, name });
  expect(activated.statusCode, activated.body).toBe(200);
  return { cardId, position: answer(activated).position };
}

async function saveLink(cardId: string, token: string, at: string | undefined = position) {
  return send(product, 'GET', `/api/cards/${cardId}/wallet/google`, token, undefined, after(at));
}

/** The save link's JWT, verified with the test service account's public key. */
async function verifiedClaims(saveUrl: string): Promise<GoogleSaveClaims> {
  expect(saveUrl.startsWith(SAVE_PREFIX)).toBe(true);
  const jwt = saveUrl.slice(SAVE_PREFIX.length);
  expect(decodeProtectedHeader(jwt).alg).toBe('RS256');
  const { payload } = await jwtVerify<GoogleSaveClaims>(jwt, account.publicKey, {
    issuer: account.clientEmail,
    audience: 'google',
    algorithms: ['RS256'],
  });
  return payload;
}

async function objectOf(
  cardId: string,
  token = owner.token,
  at: string | undefined = position,
): Promise<GoogleGenericObject> {
  const response = await saveLink(cardId, token, at);
  expect(response.statusCode, response.body).toBe(200);
  const body = JSON.parse(response.body) as { data: { saveUrl: string } };
  const claims = await verifiedClaims(body.data.saveUrl);
  const object = claims.payload.genericObjects[0];
  if (!object) throw new Error('no object in the save link');
  return object;
}

async function changeProfile(fields: Record<string, string>): Promise<void> {
  const response = await product.app.inject({
    method: 'PUT',
    url: '/api/profile',
    headers: { authorization: `Bearer ${owner.token}` },
    payload: { firstName: 'Ayşe', lastName: 'Yılmaz', company: 'Işıklı Gayrimenkul', ...fields },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function until<T>(check: () => T | undefined | false, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The card's pass in the owner's hands (the holder is part of the id: an office card handed on is a new pass). */
const objectId = (cardId: string) => `${ISSUER}.${cardId}.${owner.userId}`;
const objectPath = (cardId: string) => `/walletobjects/v1/genericObject/${objectId(cardId)}`;

beforeAll(async () => {
  wallet = await startFakeGoogleWallet();
  keyDir = await mkdtemp(join(tmpdir(), 'kartvizit-google-wallet-'));
  account = await createTestServiceAccount(keyDir, wallet.tokenUrl);
  wallet.trust(account);
  // As the services read it: the issuer, the key file's path and the API's address.
  const read = readGoogleWalletSettings({
    GOOGLE_WALLET_ISSUER_ID: ISSUER,
    GOOGLE_WALLET_SERVICE_ACCOUNT: account.path,
    GOOGLE_WALLET_API_URL: wallet.url,
  });
  if (!read) throw new Error('Google Wallet settings not read');
  settings = { ...read, timeoutMs: 2_000 };
  product = await startTestProduct({
    publicBaseUrl: BASE,
    googleWallet: settings,
    googleWalletRetry: { firstDelayMs: 50, maxDelayMs: 200 },
    logLevel: 'info',
    logStream: { write: (line) => void logs.push(line) },
    log: (message) => void logs.push(message),
  });
  owner = await registerOwner(product);
  const { payload, contentType } = await encodeForm(
    profileForm(
      {
        firstName: 'Ayşe',
        lastName: 'Yılmaz',
        jobTitle: 'Emlak Danışmanı',
        company: 'Işıklı Gayrimenkul',
        phone: '+905321234567',
        email: 'ayse@example.com',
        theme: 'ocean',
      },
      { companyLogo: { bytes: await logo(), name: 'logo.png', type: 'image/png' } },
    ),
  );
  const created = await product.app.inject({
    method: 'POST',
    url: '/api/profile',
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': contentType },
    payload,
  });
  expect(created.statusCode, created.body).toBe(200);
  saved = (await activatedCard(owner, 'Cüzdan')).cardId;
  const second = await activatedCard(owner, 'Kaydedilmeyen');
  unsaved = second.cardId;
  position = second.position;
});

afterAll(async () => {
  await product?.close();
  await wallet?.close();
  if (keyDir) await rm(keyDir, { recursive: true, force: true });
});

describe('GET /api/cards/{cardId}/wallet/google', () => {
  it("answers Google's save link: a JWT of the service account carrying the card as a generic pass", async () => {
    const response = await saveLink(saved, owner.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = JSON.parse(response.body) as { success: boolean; data: { saveUrl: string } };
    expect(body.success).toBe(true);
    const claims = await verifiedClaims(body.data.saveUrl);
    expect(claims.typ).toBe('savetowallet');
    expect(claims.origins).toEqual([BASE]);
    expect(typeof claims.iat).toBe('number');
    expect(claims.payload.genericClasses).toEqual([{ id: `${ISSUER}.dijital-kartvizit` }]);
    expect(claims.payload.genericObjects).toHaveLength(1);
    const object = claims.payload.genericObjects[0];
    // Only fields of Google's GenericObject, each in its documented shape, the required ones there.
    expect(genericObjectProblems(object)).toEqual([]);
    expect(object).toMatchObject({
      id: objectId(saved),
      classId: `${ISSUER}.dijital-kartvizit`,
      state: 'ACTIVE',
      cardTitle: { defaultValue: { language: 'tr', value: 'Işıklı Gayrimenkul' } },
      header: { defaultValue: { language: 'tr', value: 'Ayşe Yılmaz' } },
      subheader: { defaultValue: { language: 'tr', value: 'Emlak Danışmanı' } },
      barcode: { type: 'QR_CODE', value: `${BASE}/p/${saved}`, alternateText: saved },
      textModulesData: [
        { id: 'company', header: 'Şirket', body: 'Işıklı Gayrimenkul' },
        { id: 'phone', header: 'Telefon', body: '+905321234567' },
        { id: 'email', header: 'E-posta', body: 'ayse@example.com' },
      ],
      linksModuleData: { uris: [{ id: 'card', uri: `${BASE}/p/${saved}` }] },
    });
    expect(object?.hexBackgroundColor).toMatch(/^#[0-9a-f]{6}$/iu);
    // Google fetches the logo itself: the absolute address of the company logo, which the product serves.
    const logoUri = object?.logo?.sourceUri.uri ?? '';
    expect(logoUri.startsWith(`${BASE}/media/`)).toBe(true);
    const served = await product.get(logoUri.slice(BASE.length));
    expect(served.statusCode).toBe(200);
    // Signed with the test key only: another key does not verify it.
    const { publicKey: other } = (await import('node:crypto')).generateKeyPairSync('rsa', { modulusLength: 2048 });
    await expect(jwtVerify(body.data.saveUrl.slice(SAVE_PREFIX.length), other)).rejects.toThrow();
  });

  it("says a deactivated card's pass is inactive", async () => {
    const { cardId } = await activatedCard(owner, 'Kapanacak');
    const off = await send(product, 'PUT', `/api/cards/deactivate/${cardId}`, owner.token);
    expect(off.statusCode, off.body).toBe(200);
    const response = await saveLink(cardId, owner.token, answer(off).position);
    expect(response.statusCode, response.body).toBe(200);
    const object = (await verifiedClaims((JSON.parse(response.body) as { data: { saveUrl: string } }).data.saveUrl))
      .payload.genericObjects[0];
    expect(genericObjectProblems(object)).toEqual([]);
    expect(object?.state).toBe('INACTIVE');
  });

  it("reads another owner's card, an unknown card and a request without a session as refused", async () => {
    const other = await registerOwner(product);
    const created = await product.app.inject({
      method: 'POST',
      url: '/api/profile',
      headers: { authorization: `Bearer ${other.token}` },
      payload: { firstName: 'Mehmet', lastName: 'Demir' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const theirs = await activatedCard(other, 'Mehmet');
    const refused = await saveLink(theirs.cardId, owner.token, theirs.position);
    expect(refused.statusCode).toBe(404);
    expect(answer(refused)).toEqual({ success: false, message: 'Kart bulunamadı' });
    const unknown = await saveLink('KV-YOKBOYLE', owner.token);
    expect(unknown.statusCode).toBe(404);
    // Not a card id at all: a Turkish 400 naming the field, not a 500.
    const malformed = await saveLink(encodeURIComponent('kart no!'), owner.token);
    expect(malformed.statusCode).toBe(400);
    expect(answer(malformed)).toMatchObject({ success: false, message: 'Geçersiz kart ID formatı', field: 'cardId' });
    const anonymous = await saveLink(saved, '');
    expect(anonymous.statusCode).toBe(401);
    // Their own card is theirs to add.
    expect((await saveLink(theirs.cardId, other.token, theirs.position)).statusCode).toBe(200);
  });

  it('is offered: GET /api/wallet says this server is set up for Google Wallet', async () => {
    const response = await send(product, 'GET', '/api/wallet', owner.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(JSON.parse(response.body)).toMatchObject({ success: true, data: { google: true } });
  });

  it('answers 503 in Turkish when the server is not set up for Google Wallet', async () => {
    const plain = await startTestProduct({ publicBaseUrl: BASE });
    try {
      const someone = await registerOwner(plain);
      const response = await send(plain, 'GET', `/api/cards/${saved}/wallet/google`, someone.token);
      expect(response.statusCode).toBe(503);
      expect(answer(response)).toEqual({ success: false, message: NOT_SET_UP });
      const offered = await send(plain, 'GET', '/api/wallet', someone.token);
      expect(JSON.parse(offered.body)).toMatchObject({ data: { google: false } });
    } finally {
      await plain.close();
    }
  });
});

describe('the pass follows the card', () => {
  it("replaces a saved pass's object once per profile change, and leaves an unsaved card's alone", async () => {
    // A person pressed 'Add to Google Wallet': Google has the object of the save link.
    wallet.save({ ...(await objectOf(saved)) });
    expect(wallet.object(objectId(unsaved))).toBeUndefined();
    const before = wallet.requests().length;
    await changeProfile({ jobTitle: 'Satış Müdürü', phone: '+905551112233', email: 'ayse@example.com' });
    const [update] = await until(
      () => wallet.updates(objectId(saved)).length === 1 && wallet.updates(objectId(saved)),
      'the update',
    );
    expect(genericObjectProblems(update)).toEqual([]);
    expect(update).toMatchObject({
      id: objectId(saved),
      state: 'ACTIVE',
      subheader: { defaultValue: { value: 'Satış Müdürü' } },
    });
    expect((update as GoogleGenericObject).textModulesData).toContainEqual({
      id: 'phone',
      header: 'Telefon',
      body: '+905551112233',
    });
    // Once: give a late second update time to come.
    await until(() => {
      const puts = wallet
        .requests()
        .slice(before)
        .filter((request) => request.path === objectPath(unsaved));
      return puts.length === 1 && puts;
    }, "the unsaved card's one try");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(wallet.updates(objectId(saved))).toHaveLength(1);
    const since = wallet.requests().slice(before);
    expect(since.filter((request) => request.path === objectPath(saved)).map((request) => request.status)).toEqual([
      200,
    ]);
    // Nobody saved the other card's pass: Google answered 404 once, nothing was created, nothing retried.
    expect(since.filter((request) => request.path === objectPath(unsaved)).map((request) => request.status)).toEqual([
      404,
    ]);
    expect(wallet.object(objectId(unsaved))).toBeUndefined();
    expect(wallet.tokensIssued()).toBe(1);
  });

  it('asks for a new token when Google refuses the one in hand as expired', async () => {
    const updates = wallet.updates(objectId(saved)).length;
    const tokens = wallet.tokensIssued();
    const before = wallet.requests().length;
    wallet.expireTokens();
    await changeProfile({ jobTitle: 'Bölge Müdürü' });
    await until(() => wallet.updates(objectId(saved)).length === updates + 1, 'the update');
    expect(wallet.updates(objectId(saved)).at(-1)).toMatchObject({
      subheader: { defaultValue: { value: 'Bölge Müdürü' } },
    });
    expect(wallet.tokensIssued()).toBe(tokens + 1);
    const since = wallet.requests().slice(before);
    const firstTry = since.findIndex((request) => request.status === 401);
    expect(firstTry).toBeGreaterThanOrEqual(0);
    expect(since.slice(firstTry + 1).some((request) => request.path === '/token' && request.status === 200)).toBe(true);
  });

  it('tries again after Google failed (500), and the pass gets the change', async () => {
    const updates = wallet.updates(objectId(saved)).length;
    const before = wallet.requests().length;
    wallet.failNext(1, 500);
    await changeProfile({ jobTitle: 'Genel Müdür' });
    // More than one PUT may come: the retried event sends its other cards' objects again (a PUT is idempotent).
    await until(() => wallet.updates(objectId(saved)).length > updates, 'the update after the failure');
    expect(wallet.updates(objectId(saved)).at(-1)).toMatchObject({
      subheader: { defaultValue: { value: 'Genel Müdür' } },
    });
    expect(
      wallet
        .requests()
        .slice(before)
        .some((request) => request.status === 500),
    ).toBe(true);
  });

  it('switches the pass off when the card is deactivated', async () => {
    const updates = wallet.updates(objectId(saved)).length;
    const off = await send(product, 'PUT', `/api/cards/deactivate/${saved}`, owner.token);
    expect(off.statusCode, off.body).toBe(200);
    await until(() => wallet.object(objectId(saved))?.state === 'INACTIVE', 'the pass switched off');
    expect(wallet.updates(objectId(saved)).length).toBeGreaterThan(updates);
  });

  it('never sends a pass before the read models have the event: it fails (and is retried) instead', async () => {
    const { events } = await product.store.readStream(profileStreamId(owner.userId));
    const last = events.at(-1);
    if (!last) throw new Error('no profile event');
    const event = (await product.codec.decode(last)) as StoredEvent<GoogleWalletEvent> | null;
    if (!event) throw new Error('profile event not decoded');
    const reactor = googleWalletReactor({
      pool: product.pool,
      store: product.store,
      publicBaseUrl: BASE,
      googleWallet: settings,
      readModelWaitMs: 100,
    });
    const context = { idempotencyKey: event.eventId, attempt: 1 };
    const before = wallet.requests().length;
    // An event the projections have not reached yet (a position past every one they applied).
    const ahead = { ...event, position: '99999999999:0' as Checkpoint };
    await expect(reactor.react(ahead, context)).rejects.toMatchObject({ code: 'google_wallet_read_models_behind' });
    expect(wallet.requests().slice(before)).toEqual([]);
    // Once they have it, the pass is sent.
    const updates = wallet.updates(objectId(saved)).length;
    await reactor.react(event, context);
    expect(wallet.updates(objectId(saved))).toHaveLength(updates + 1);
  });

  it('puts neither the private key nor an access token into events, deliveries or logs', async () => {
    const keyLine = account.privateKeyPem.split('\n')[1] ?? 'unused';
    const { rows } = await product.pool.query<{ text: string }>(
      `SELECT data::text || metadata::text AS text FROM events
       UNION ALL SELECT row_to_json(d)::text FROM reactor_deliveries d`,
    );
    const stored = rows.map((row) => row.text).join('\n');
    const logged = logs.join('\n');
    for (const text of [stored, logged]) {
      expect(text).not.toContain(keyLine);
      expect(text).not.toContain('PRIVATE KEY');
      expect(text).not.toContain('ya29.');
    }
    expect(logged.length).toBeGreaterThan(0);
  });
});

describe('an office card handed back', () => {
  it("switches off the former holder's saved pass, and the next holder's pass is another object", async () => {
    const admin = await register(product, 'Mehmet');
    const officeId = await createOffice(product, admin, 'Işık Emlak', `isik-${admin.userId.slice(0, 8)}`);
    const cardId = await officeCardHeldBy(product, admin, officeId);
    // The office card's activation has no position in hand: wait for the log's head.
    const held = await objectOf(cardId, admin.token, (await product.store.headCheckpoint()) ?? undefined);
    expect(held.id).toBe(`${ISSUER}.${cardId}.${admin.userId}`);
    wallet.save({ ...held });

    const returned = await send(product, 'POST', `/api/offices/${officeId}/cards/${cardId}/return`, admin.token);
    expect(returned.statusCode, returned.body).toBe(200);
    await until(() => wallet.object(held.id)?.state === 'INACTIVE', "the former holder's pass switched off");
    expect(wallet.object(held.id)).toMatchObject({ state: 'INACTIVE', header: held.header });
  });
});

describe('a deleted account', () => {
  it('has its saved pass emptied of the person and switched off', async () => {
    const leaving = await registerOwner(product);
    const profile = await send(product, 'POST', '/api/profile', leaving.token, {
      firstName: 'Gizem',
      lastName: 'Ayrılan',
      phone: '+905551234567',
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const card = await activatedCard(leaving, 'Silinecek');
    const saved = await objectOf(card.cardId, leaving.token, card.position);
    wallet.save({ ...saved });

    const deleted = await send(product, 'DELETE', '/api/account', leaving.token, { password: 'gizli-parola-1' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await until(() => wallet.object(saved.id)?.state === 'INACTIVE', "the deleted account's pass switched off");
    const left = JSON.stringify(wallet.object(saved.id));
    for (const trace of ['Gizem', 'Ayrılan', '5551234567', '/p/']) expect(left).not.toContain(trace);
  });
});
