import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { MESSAGES } from '@kartvizit/schemas';
import { applePassAuthToken } from '@kartvizit/infra/wallet/apple-pass';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import {
  createTestPki,
  readPkpass,
  TEST_PASS_TYPE_ID,
  TEST_TEAM_ID,
  verifyPassSignature,
  type TestPki,
} from '../support/test-pki.ts';
import { after, answer, registerOwner, send, virtualCardId, type Owner } from './card-fixtures.ts';
import { encodeForm, profileForm } from './profile-fixtures.ts';

/**
 * Apple Wallet (issue 32) through HTTP: the owner's card as a signed .pkpass. A test certificate authority made here
 * (no Apple certificate in the repository) stands for Apple's root and WWDR intermediate: the manifest's SHA-1 hashes
 * match every file, the detached PKCS #7 signature verifies with OpenSSL against that CA, and pass.json carries the
 * fields Apple documents for a generic pass. Only the holder gets it; a server not set up answers 503 and makes none.
 */
const BASE = 'https://kartvizit.example.com.tr';
const NOT_SET_UP = 'Bu sunucu Apple Wallet için ayarlanmamış.';
const PKPASS = 'application/vnd.apple.pkpass';

let pki: TestPki;
let product: TestProduct;
let owner: Owner;
let stranger: Owner;
let cardId: string;
let strangersCard: string;
let position: string | undefined;
const logs: string[] = [];

const logo = () =>
  sharp({ create: { width: 240, height: 120, channels: 4, background: '#1d4ed8' } })
    .png()
    .toBuffer();

async function activatedCard(who: Owner, name: string): Promise<{ cardId: string; position?: string }> {
  const id = virtualCardId();
  const created = await send(product, 'POST', '/api/cards', who.token, { cardId: id, type: 'virtual', name });
  expect(created.statusCode, created.body).toBe(200);
  const activated = await send(product, 'POST', '/api/cards/activate', who.token, { cardId: id, name });
  expect(activated.statusCode, activated.body).toBe(200);
  return { cardId: id, position: answer(activated).position };
}

const passOf = (id: string, token?: string, at: string | undefined = position) =>
  send(product, 'GET', `/api/cards/${encodeURIComponent(id)}/wallet/apple`, token, undefined, after(at));

interface PassJson {
  [key: string]: unknown;
  barcodes?: { format: string; message: string; messageEncoding: string; altText?: string }[];
  generic?: Record<string, { key: string; label?: string; value: unknown }[]>;
}

/**
 * What Apple's reference (Wallet Passes › Pass) asks of a generic pass's pass.json, as a list of problems: the
 * required top-level keys with their types, the style dictionary's field arrays (each field a unique `key` and a
 * `value`), the colours as `rgb(r, g, b)`, the barcodes' formats and encodings, webServiceURL over https with an
 * authenticationToken of at least 16 characters.
 */
function passJsonProblems(json: PassJson): string[] {
  const problems: string[] = [];
  const string = (key: string) => {
    if (typeof json[key] !== 'string' || json[key] === '') problems.push(`${key} must be a non-empty string`);
  };
  if (json.formatVersion !== 1) problems.push('formatVersion must be 1');
  for (const key of ['passTypeIdentifier', 'serialNumber', 'teamIdentifier', 'organizationName', 'description'])
    string(key);
  for (const key of ['backgroundColor', 'foregroundColor', 'labelColor']) {
    const match = /^rgb\((\d{1,3}), (\d{1,3}), (\d{1,3})\)$/u.exec(String(json[key]));
    if (!match || match.slice(1).some((part) => Number(part) > 255)) problems.push(`${key} must be rgb(r, g, b)`);
  }
  const styles = ['boardingPass', 'coupon', 'eventTicket', 'generic', 'storeCard'].filter((style) => style in json);
  if (styles.length !== 1 || styles[0] !== 'generic') problems.push('exactly one style key, generic');
  const keys = new Set<string>();
  for (const [name, fields] of Object.entries(json.generic ?? {})) {
    if (!['headerFields', 'primaryFields', 'secondaryFields', 'auxiliaryFields', 'backFields'].includes(name))
      problems.push(`generic.${name} is not a field list of a pass style`);
    for (const field of fields) {
      if (typeof field.key !== 'string' || keys.has(field.key)) problems.push(`field key ${field.key} must be unique`);
      keys.add(field.key);
      if (typeof field.value !== 'string' && typeof field.value !== 'number') problems.push(`${field.key}: value`);
    }
  }
  for (const barcode of json.barcodes ?? []) {
    if (
      !['PKBarcodeFormatQR', 'PKBarcodeFormatPDF417', 'PKBarcodeFormatAztec', 'PKBarcodeFormatCode128'].includes(
        barcode.format,
      )
    )
      problems.push(`barcode format ${barcode.format}`);
    if (typeof barcode.message !== 'string') problems.push('barcode message must be a string');
    if (barcode.messageEncoding !== 'iso-8859-1') problems.push('barcode messageEncoding must be iso-8859-1');
  }
  if (typeof json.webServiceURL !== 'string' || !json.webServiceURL.startsWith('https://'))
    problems.push('webServiceURL must be https');
  if (typeof json.authenticationToken !== 'string' || json.authenticationToken.length < 16)
    problems.push('authenticationToken must be at least 16 characters');
  if ('voided' in json && typeof json.voided !== 'boolean') problems.push('voided must be a boolean');
  return problems;
}

beforeAll(async () => {
  pki = await createTestPki();
  product = await startTestProduct({
    publicBaseUrl: BASE,
    appleWallet: pki.settings,
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
  stranger = await registerOwner(product);
  const strangers = await product.app.inject({
    method: 'POST',
    url: '/api/profile',
    headers: { authorization: `Bearer ${stranger.token}` },
    payload: { firstName: 'Mehmet', lastName: 'Öztürk' },
  });
  expect(strangers.statusCode, strangers.body).toBe(200);
  strangersCard = (await activatedCard(stranger, 'Başkasının')).cardId;
  const mine = await activatedCard(owner, 'Cüzdan');
  cardId = mine.cardId;
  position = mine.position;
});

afterAll(async () => {
  await product?.close();
  await pki?.close();
});

describe('GET /api/cards/{cardId}/wallet/apple', () => {
  it('answers a signed .pkpass: every file in the manifest under its SHA-1, the signature verifying with OpenSSL', async () => {
    const response = await passOf(cardId, owner.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe(PKPASS);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="kartvizit-${cardId}.pkpass"`);
    expect(response.headers['cache-control']).toBe('no-store');
    const files = readPkpass(response.rawPayload);
    const manifest = JSON.parse(files.get('manifest.json')?.toString('utf8') ?? '{}') as Record<string, string>;
    const signed = [...files.keys()].filter((name) => name !== 'manifest.json' && name !== 'signature');
    expect(Object.keys(manifest).sort()).toEqual(signed.sort());
    for (const name of signed)
      expect(manifest[name], name).toBe(
        createHash('sha1')
          .update(files.get(name) ?? Buffer.alloc(0))
          .digest('hex'),
      );
    // Detached PKCS #7 over manifest.json, by the pass certificate, chained through the WWDR stand-in to the root.
    expect(await verifyPassSignature(pki, files)).toContain('Verification successful');
    // A manifest changed by one byte no longer verifies: the check above is a real one.
    const tampered = new Map(files);
    tampered.set('manifest.json', Buffer.from(`${files.get('manifest.json')?.toString('utf8')} `));
    await expect(verifyPassSignature(pki, tampered)).rejects.toThrow();
  });

  it("carries Apple's documented fields of a generic pass: the holder, the card's QR, the web service", async () => {
    const response = await passOf(cardId, owner.token);
    const json = JSON.parse(readPkpass(response.rawPayload).get('pass.json')?.toString('utf8') ?? '{}') as PassJson;
    expect(passJsonProblems(json)).toEqual([]);
    expect(json).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: TEST_PASS_TYPE_ID,
      teamIdentifier: TEST_TEAM_ID,
      serialNumber: cardId,
      organizationName: 'Dijital Kartvizit',
      description: 'Dijital kartvizit',
      logoText: 'Işıklı Gayrimenkul',
      webServiceURL: `${BASE}/api/wallet/apple`,
    });
    expect(json.barcodes?.[0]).toEqual({
      format: 'PKBarcodeFormatQR',
      message: `${BASE}/p/${cardId}`,
      messageEncoding: 'iso-8859-1',
      altText: `kartvizit.example.com.tr/p/${cardId}`,
    });
    // The token the pass web service will check: the card's HMAC under this product's secret.
    expect(json.authenticationToken).toBe(applePassAuthToken(product.appSecret, cardId));
    expect(json.voided).toBeUndefined();
    const values = Object.values(json.generic ?? {})
      .flat()
      .map((field) => field.value);
    expect(values).toEqual(
      expect.arrayContaining([
        'Ayşe Yılmaz',
        'Emlak Danışmanı',
        'Işıklı Gayrimenkul',
        '+905321234567',
        'ayse@example.com',
        `${BASE}/p/${cardId}`,
      ]),
    );
    // The theme's colour is the background, white text on it.
    expect(json.foregroundColor).toBe('rgb(255, 255, 255)');
    expect(json.backgroundColor).not.toBe(json.foregroundColor);
  });

  it("carries the company logo as logo.png and the icon, at Apple's sizes", async () => {
    const files = readPkpass((await passOf(cardId, owner.token)).rawPayload);
    for (const name of ['icon.png', 'icon@2x.png', 'icon@3x.png', 'logo.png', 'logo@2x.png', 'logo@3x.png'])
      expect(files.has(name), name).toBe(true);
    const logoMeta = await sharp(files.get('logo@2x.png')).metadata();
    expect(logoMeta.format).toBe('png');
    // 240×120 fitted inside Apple's 160×50 points at 2x (320×100): 200×100.
    expect([logoMeta.width, logoMeta.height]).toEqual([200, 100]);
    const { data } = await sharp(files.get('logo.png')).raw().toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual([0x1d, 0x4e, 0xd8]);
    const icon = await sharp(files.get('icon.png')).metadata();
    expect([icon.width, icon.height]).toEqual([29, 29]);
  });

  it("answers 404 for another owner's card and for one that does not exist, as the card screens do", async () => {
    for (const id of [strangersCard, virtualCardId()]) {
      const response = await passOf(id, owner.token);
      expect(response.statusCode, response.body).toBe(404);
      expect(JSON.parse(response.body)).toEqual({ success: false, message: MESSAGES.cardNotFound });
    }
  });

  it('answers 401 without a session', async () => {
    const response = await passOf(cardId);
    expect(response.statusCode).toBe(401);
    expect(answer(response).success).toBe(false);
    expect(answer(response).message).toMatch(/[a-zçğıöşü]/u);
  });

  it('refuses a malformed card id with a Turkish 4xx, never a 500', async () => {
    for (const id of ['../etc', 'x'.repeat(200), 'VC-ABC DEF', "VC-'; DROP", 'vc-ab12cd!']) {
      const response = await passOf(id, owner.token);
      expect(response.statusCode, `${id}: ${response.body}`).toBe(400);
      const body = JSON.parse(response.body) as { success: boolean; message: string };
      expect(body.success).toBe(false);
      // The product's Turkish sentence about the id's format, or its length: not a framework's English.
      expect(body.message).toMatch(
        new RegExp(`^(${MESSAGES.cardIdInvalid}|Kart en fazla \\d+ karakter olabilir)$`, 'u'),
      );
    }
  });

  it("makes a deactivated card's pass void, without its QR, saying the card is no longer used", async () => {
    const { cardId: retired } = await activatedCard(owner, 'Eski kart');
    const deactivated = await send(product, 'PUT', `/api/cards/deactivate/${retired}`, owner.token);
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    const response = await passOf(retired, owner.token, answer(deactivated).position);
    expect(response.statusCode, response.body).toBe(200);
    const json = JSON.parse(readPkpass(response.rawPayload).get('pass.json')?.toString('utf8') ?? '{}') as PassJson;
    expect(passJsonProblems(json)).toEqual([]);
    expect(json.voided).toBe(true);
    expect(json.barcodes).toBeUndefined();
    expect(JSON.stringify(json.generic)).toContain('Bu kart artık kullanılmıyor');
    expect(await verifyPassSignature(pki, readPkpass(response.rawPayload))).toContain('Verification successful');
  });

  it('puts neither the token nor the private key into an event or a log line', async () => {
    await passOf(cardId, owner.token);
    const token = applePassAuthToken(product.appSecret, cardId);
    const events = await product.pool.query<{ text: string }>('SELECT row_to_json(e)::text AS text FROM events e');
    const keyLine = pki.settings.keyPem.split('\n').find((line) => line.length > 40) ?? 'no key line';
    for (const text of [...events.rows.map((row) => row.text), ...logs]) {
      expect(text).not.toContain(token);
      expect(text).not.toContain(keyLine);
      expect(text).not.toContain('PRIVATE KEY');
    }
    // The log did record the requests (so the check above looked at something).
    expect(logs.some((line) => line.includes('/wallet/apple'))).toBe(true);
  });
});

describe('GET /api/wallet', () => {
  it('says Apple Wallet is set up here, and Google Wallet is not', async () => {
    const response = await send(product, 'GET', '/api/wallet', owner.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ success: true, data: { apple: true, google: false } });
  });

  it('answers 401 without a session', async () => {
    expect((await send(product, 'GET', '/api/wallet')).statusCode).toBe(401);
  });
});

describe('a server not set up for Apple Wallet', () => {
  let bare: TestProduct;
  beforeAll(async () => {
    bare = await startTestProduct({ publicBaseUrl: BASE });
  });
  afterAll(async () => {
    await bare?.close();
  });

  it('answers 503 with the Turkish sentence and makes no file; GET /api/wallet says apple: false', async () => {
    const someone = await registerOwner(bare);
    const response = await send(bare, 'GET', `/api/cards/${virtualCardId()}/wallet/apple`, someone.token);
    expect(response.statusCode, response.body).toBe(503);
    expect(response.headers['content-type']).toMatch(/^application\/json/u);
    expect(JSON.parse(response.body)).toEqual({ success: false, message: NOT_SET_UP });
    const wallets = await send(bare, 'GET', '/api/wallet', someone.token);
    expect(JSON.parse(wallets.body)).toEqual({ success: true, data: { apple: false, google: false } });
  });
});
