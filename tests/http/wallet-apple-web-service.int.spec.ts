import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WALLET_MESSAGES } from '@kartvizit/schemas';
import { applePassAuthToken } from '@kartvizit/infra/wallet/apple-pass';
import type { AppleWalletSettings } from '@kartvizit/infra/wallet/apple-settings';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { startFakeApns, type FakeApns } from '../support/fake-apns.ts';
import {
  createTestPki,
  readPkpass,
  TEST_PASS_TYPE_ID,
  TEST_TEAM_ID,
  verifyPassSignature,
  type TestPki,
} from '../support/test-pki.ts';
import { after, answer, createProfile, registerOwner, send, virtualCardId, type Owner } from './card-fixtures.ts';
import { saveProfile } from './profile-fixtures.ts';

/**
 * Apple's pass web service (issue 32) through HTTP, per Apple's "Wallet Passes web service reference": a device
 * registers a pass with its push token (201, then 200; 401 for a wrong token), asks which of its passes changed (200
 * with serials and a tag, or 204), fetches the latest pass (Last-Modified, 304), unregisters, and sends its log. A
 * fake APNs on loopback (HTTP/2) receives the pushes of the reactor: exactly one per change and registered device,
 * each with a provider token that verifies with the test key. No secret (the pass's token, a push token, a device
 * library identifier, the keys) lands in an event or a log line.
 */
const BASE = 'https://kartvizit.example.com.tr';
const WS = '/api/wallet/apple/v1';

let pki: TestPki;
let apns: FakeApns;
let product: TestProduct;
let owner: Owner;
let stranger: Owner;
let cardId: string;
let strangersCard: string;
let lastPosition: string | undefined;
const logs: string[] = [];
/** Every secret the tests handed the product: none may be found in an event or a log line. */
const secrets = new Set<string>();

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

interface Device {
  readonly id: string;
  readonly pushToken: string;
}

function newDevice(): Device {
  const device = { id: hex(16), pushToken: hex(32) };
  secrets.add(device.id);
  secrets.add(device.pushToken);
  return device;
}

const tokenOf = (card: string) => {
  const token = applePassAuthToken(product.appSecret, card);
  secrets.add(token);
  return token;
};

const applePass = (token: string) => ({ authorization: `ApplePass ${token}` });

function register(
  device: Device,
  card: string,
  token = tokenOf(card),
  body: unknown = { pushToken: device.pushToken },
) {
  return send(
    product,
    'POST',
    `${WS}/devices/${device.id}/registrations/${TEST_PASS_TYPE_ID}/${card}`,
    undefined,
    body,
    {
      ...applePass(token),
    },
  );
}

function unregister(device: Device, card: string, token = tokenOf(card)) {
  return send(
    product,
    'DELETE',
    `${WS}/devices/${device.id}/registrations/${TEST_PASS_TYPE_ID}/${card}`,
    undefined,
    undefined,
    {
      ...applePass(token),
    },
  );
}

function changedSince(device: Device, tag?: string, position = lastPosition) {
  const query = tag === undefined ? '' : `?passesUpdatedSince=${encodeURIComponent(tag)}`;
  return send(
    product,
    'GET',
    `${WS}/devices/${device.id}/registrations/${TEST_PASS_TYPE_ID}${query}`,
    undefined,
    undefined,
    after(position),
  );
}

function latestPass(card: string, headers: Record<string, string> = {}, token = tokenOf(card)) {
  return send(product, 'GET', `${WS}/passes/${TEST_PASS_TYPE_ID}/${card}`, undefined, undefined, {
    ...applePass(token),
    ...after(lastPosition),
    ...headers,
  });
}

async function activatedCard(who: Owner, name: string): Promise<string> {
  const id = virtualCardId();
  const created = await send(product, 'POST', '/api/cards', who.token, { cardId: id, type: 'virtual', name });
  expect(created.statusCode, created.body).toBe(200);
  const activated = await send(product, 'POST', '/api/cards/activate', who.token, { cardId: id, name });
  expect(activated.statusCode, activated.body).toBe(200);
  lastPosition = answer(activated).position;
  return id;
}

async function changeJobTitle(who: Owner, jobTitle: string): Promise<void> {
  const saved = await saveProfile(
    product,
    'PUT',
    { firstName: 'Ayşe', lastName: 'Yılmaz', jobTitle, company: 'Işıklı Gayrimenkul' },
    who.token,
  );
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  lastPosition = saved.body.position;
}

/** The pushes received after `from`, once `count` of them arrived and a further moment brought no more. */
async function pushesAfter(from: number, count: number) {
  await apns.waitForPushes(from + count);
  // "Exactly": nothing more comes (the reactor had every chance to push twice).
  await new Promise((resolve) => setTimeout(resolve, 400));
  return apns.pushes.slice(from);
}

const passJson = (pkpass: Buffer) =>
  JSON.parse(readPkpass(pkpass).get('pass.json')?.toString('utf8') ?? '{}') as Record<string, unknown> & {
    generic?: Record<string, { value: unknown }[]>;
    barcodes?: unknown[];
  };

/** How many devices are registered for the passes of `who`'s activated cards: each hears once of a profile change. */
async function devicesOf(who: Owner): Promise<number> {
  const { rows } = await product.pool.query<{ n: string }>(
    `SELECT count(*) AS n FROM rm_apple_pass_registrations r JOIN rm_cards c ON c.card_id = r.card_id
      WHERE c.owner_id = $1 AND c.is_activated AND r.active`,
    [who.userId],
  );
  return Number(rows[0]?.n ?? 0);
}

async function unregisteredEvents(card: string): Promise<number> {
  const { rows } = await product.pool.query<{ n: string }>(
    "SELECT count(*) AS n FROM events WHERE stream_id = $1 AND type = 'ApplePassUnregistered'",
    [`apple-pass-${card}`],
  );
  return Number(rows[0]?.n ?? 0);
}

beforeAll(async () => {
  pki = await createTestPki({ passphrase: null });
  apns = await startFakeApns({
    keyFile: pki.apnsKeyFile,
    keyId: pki.apnsKeyId,
    teamId: TEST_TEAM_ID,
    topic: TEST_PASS_TYPE_ID,
  });
  const apple = pki.settings.apns;
  if (!apple) throw new Error('the test PKI has no APNs key');
  const settings: AppleWalletSettings = { ...pki.settings, apns: { ...apple, url: apns.url } };
  product = await startTestProduct({
    publicBaseUrl: BASE,
    appleWallet: settings,
    appleWalletRetry: { firstDelayMs: 50, maxDelayMs: 200 },
    logLevel: 'info',
    logStream: { write: (line) => void logs.push(line) },
    log: (message) => void logs.push(message),
  });
  owner = await registerOwner(product);
  await createProfile(product, owner, { company: 'Işıklı Gayrimenkul' });
  stranger = await registerOwner(product);
  await createProfile(product, stranger, { firstName: 'Mehmet', lastName: 'Öztürk' });
  cardId = await activatedCard(owner, 'Cüzdan');
  strangersCard = await activatedCard(stranger, 'Başkasının');
});

afterAll(async () => {
  await product?.close();
  await apns?.close();
  await pki?.close();
});

describe("Apple's pass web service: registrations", () => {
  it('registers a device: 201 the first time, 200 when it registers again, one event in all', async () => {
    const device = newDevice();
    const before = await product.eventCount();
    const first = await register(device, cardId);
    expect(first.statusCode, first.body).toBe(201);
    expect(answer(first)).toMatchObject({ success: true, message: WALLET_MESSAGES.applePassRegistered });
    const again = await register(device, cardId);
    expect(again.statusCode, again.body).toBe(200);
    expect(answer(again).message).toBe(WALLET_MESSAGES.applePassAlreadyRegistered);
    expect(await product.eventCount()).toBe(before + 1);
    lastPosition = answer(first).position;
    const listed = await changedSince(device);
    expect(listed.statusCode, listed.body).toBe(200);
    const body = JSON.parse(listed.body) as { serialNumbers: string[]; lastUpdated: string };
    expect(body.serialNumbers).toEqual([cardId]);
    expect(body.lastUpdated).toMatch(/^\d+$/u);
  });

  it('answers 401 for a missing, wrong or other scheme token, and appends nothing', async () => {
    const device = newDevice();
    const before = await product.eventCount();
    for (const authorization of [
      undefined,
      'ApplePass ' + 'x'.repeat(43),
      `Bearer ${tokenOf(cardId)}`,
      `ApplePass ${tokenOf(strangersCard)}`,
    ]) {
      const url = `${WS}/devices/${device.id}/registrations/${TEST_PASS_TYPE_ID}/${cardId}`;
      const headers = authorization ? { authorization } : {};
      const response = await product.app.inject({
        method: 'POST',
        url,
        headers,
        payload: { pushToken: device.pushToken },
      });
      expect(response.statusCode, `${authorization}: ${response.body}`).toBe(401);
      expect(JSON.parse(response.body)).toEqual({ success: false, message: WALLET_MESSAGES.applePassUnauthorized });
      const removed = await product.app.inject({ method: 'DELETE', url, headers });
      expect(removed.statusCode).toBe(401);
    }
    const pass = await latestPass(cardId, {}, tokenOf(strangersCard));
    expect(pass.statusCode).toBe(401);
    expect(await product.eventCount()).toBe(before);
  });

  it('refuses bad input with a Turkish 4xx and appends nothing', async () => {
    const device = newDevice();
    const token = tokenOf(cardId);
    const before = await product.eventCount();
    const post = (path: string, payload: unknown, headers: Record<string, string> = {}) =>
      product.app.inject({
        method: 'POST',
        url: `${WS}${path}`,
        headers: { ...applePass(token), ...headers },
        ...(typeof payload === 'string'
          ? { payload, headers: { ...applePass(token), 'content-type': 'application/json', ...headers } }
          : { payload: payload as Record<string, unknown> }),
      });
    const cases: [string, unknown, number, string][] = [
      [
        `/devices/kısa!/registrations/${TEST_PASS_TYPE_ID}/${cardId}`,
        { pushToken: device.pushToken },
        400,
        WALLET_MESSAGES.appleDeviceInvalid,
      ],
      [
        `/devices/${device.id}/registrations/pass.other.example/${cardId}`,
        { pushToken: device.pushToken },
        404,
        WALLET_MESSAGES.applePassNotFound,
      ],
      [
        `/devices/${device.id}/registrations/${TEST_PASS_TYPE_ID}/not-a-card`,
        { pushToken: device.pushToken },
        404,
        WALLET_MESSAGES.applePassNotFound,
      ],
      [
        `/devices/${device.id}/registrations/${TEST_PASS_TYPE_ID}/${cardId}`,
        { pushToken: 'not hex at all' },
        400,
        WALLET_MESSAGES.applePushTokenInvalid,
      ],
      [
        `/devices/${device.id}/registrations/${TEST_PASS_TYPE_ID}/${cardId}`,
        { pushToken: device.pushToken, extra: 1 },
        400,
        'Bilinmeyen alan: extra',
      ],
      [`/devices/${device.id}/registrations/${TEST_PASS_TYPE_ID}/${cardId}`, {}, 400, ''],
      [`/devices/${device.id}/registrations/${TEST_PASS_TYPE_ID}/${cardId}`, '{"pushToken": ', 400, ''],
      [
        `/devices/${device.id}/registrations/${TEST_PASS_TYPE_ID}/${cardId}`,
        JSON.stringify({ pushToken: 'a'.repeat(5000) }),
        413,
        '',
      ],
      ['/log', { logs: ['x'], extra: true }, 400, 'Bilinmeyen alan: extra'],
      ['/log', { logs: Array.from({ length: 101 }, () => 'x') }, 400, ''],
    ];
    for (const [path, payload, status, message] of cases) {
      const response = await post(path, payload);
      expect(response.statusCode, `${path}: ${response.body}`).toBe(status);
      const body = JSON.parse(response.body) as { success: boolean; message: string };
      expect(body.success).toBe(false);
      if (message && !message.startsWith('Bilinmeyen')) expect(body.message).toBe(message);
      // Turkish words, not a framework's English.
      expect(body.message, path).toMatch(/[çğıöşüÇĞİÖŞÜ]|geçersiz|alan/u);
    }
    // The list and the pass: a malformed tag, device, type or serial.
    const badTag = await changedSince(device, 'dün');
    expect(badTag.statusCode).toBe(400);
    expect(answer(badTag).message).toBe(WALLET_MESSAGES.appleUpdateTagInvalid);
    const badDevice = await send(product, 'GET', `${WS}/devices/a/registrations/${TEST_PASS_TYPE_ID}`);
    expect(badDevice.statusCode).toBe(400);
    expect(
      (await send(product, 'GET', `${WS}/passes/pass.other.example/${cardId}`, undefined, undefined, applePass(token)))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await send(
          product,
          'GET',
          `${WS}/passes/${TEST_PASS_TYPE_ID}/${virtualCardId()}`,
          undefined,
          undefined,
          applePass(token),
        )
      ).statusCode,
    ).toBe(401);
    expect(await product.eventCount()).toBe(before);
  });

  it('unregisters a device: 200, and it no longer hears of the pass nor lists it', async () => {
    const device = newDevice();
    const registered = await register(device, cardId);
    expect(registered.statusCode).toBe(201);
    const removed = await unregister(device, cardId);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(answer(removed).message).toBe(WALLET_MESSAGES.applePassUnregistered);
    // Again: still 200, nothing appended.
    const before = await product.eventCount();
    expect((await unregister(device, cardId)).statusCode).toBe(200);
    expect(await product.eventCount()).toBe(before);
    const listed = await changedSince(device, undefined, answer(removed).position);
    expect(listed.statusCode).toBe(204);
    expect(listed.body).toBe('');
  });

  it('takes the device’s log: 200, written to the server log without device identifiers or tokens', async () => {
    const device = newDevice();
    const message = `Web service error for ${TEST_PASS_TYPE_ID} (${BASE}/api/wallet/apple/v1/devices/${device.id}/registrations/${TEST_PASS_TYPE_ID}): token ${device.pushToken} Ağ hatası`;
    const response = await send(product, 'POST', `${WS}/log`, undefined, { logs: [message] });
    expect(response.statusCode, response.body).toBe(200);
    expect(answer(response)).toEqual({ success: true, message: WALLET_MESSAGES.appleLogReceived });
    const line = logs.find((each) => each.includes('Apple Wallet reported problems'));
    expect(line).toBeDefined();
    expect(line).toContain('Web service error for');
    expect(line).toContain('Ağ hatası');
    expect(line).not.toContain(device.id);
    expect(line).not.toContain(device.pushToken);
  });
});

describe("Apple's pass web service: the latest pass", () => {
  it('sends the pass as it is now, signed, with Last-Modified; 304 when the device already has it', async () => {
    const response = await latestPass(cardId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.apple.pkpass');
    const lastModified = String(response.headers['last-modified']);
    expect(Date.parse(lastModified)).not.toBeNaN();
    expect(await verifyPassSignature(pki, readPkpass(response.rawPayload))).toContain('Verification successful');
    const json = passJson(response.rawPayload);
    expect(json).toMatchObject({
      serialNumber: cardId,
      webServiceURL: `${BASE}/api/wallet/apple`,
      authenticationToken: tokenOf(cardId),
    });
    // A change this recent is never answered 304 (another change in the same second would be missed)…
    expect((await latestPass(cardId, { 'if-modified-since': lastModified })).statusCode).toBe(200);
    // …and a device whose copy is newer than the last change is.
    const later = new Date(Date.now() + 60_000).toUTCString();
    const notModified = await latestPass(cardId, { 'if-modified-since': later });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
  });

  it('answers 404 for a card that does not exist (with its own valid token)', async () => {
    const unknown = virtualCardId();
    const response = await latestPass(unknown, {}, tokenOf(unknown));
    expect(response.statusCode).toBe(404);
    expect(answer(response).message).toBe(WALLET_MESSAGES.applePassNotFound);
  });
});

describe('the pass follows the card: pushes through APNs', () => {
  it('pushes exactly once per change and registered device, with a provider token that verifies; the device then fetches the new pass', async () => {
    const card = await activatedCard(owner, 'İtme');
    const phone = newDevice();
    const watch = newDevice();
    const strangersPhone = newDevice();
    expect((await register(phone, card)).statusCode).toBe(201);
    expect((await register(watch, card)).statusCode).toBe(201);
    const last = await register(strangersPhone, strangersCard);
    expect(last.statusCode).toBe(201);
    lastPosition = answer(last).position;
    const first = await changedSince(phone);
    const { lastUpdated: tag } = JSON.parse(first.body) as { lastUpdated: string };
    const from = apns.pushes.length;

    const told = await devicesOf(owner);
    // This card's two devices, and the one an earlier test left registered for the owner's first card.
    expect(told).toBe(3);
    await changeJobTitle(owner, 'Kıdemli Danışman');
    const pushes = await pushesAfter(from, told);
    // Exactly one push per registered device of the owner's passes; the stranger's phone hears nothing.
    expect(pushes).toHaveLength(told);
    expect(new Set(pushes.map((push) => push.deviceToken)).size).toBe(told);
    const mine = pushes.filter((push) => [phone.pushToken, watch.pushToken].includes(push.deviceToken));
    expect(mine).toHaveLength(2);
    expect(pushes.some((push) => push.deviceToken === strangersPhone.pushToken)).toBe(false);
    expect(pushes.every((push) => push.status === 200)).toBe(true);
    for (const push of mine) {
      expect(push).toMatchObject({
        status: 200,
        topic: TEST_PASS_TYPE_ID,
        payload: '{}',
        issuer: TEST_TEAM_ID,
        keyId: pki.apnsKeyId,
        pushType: 'background',
      });
      expect(push.apnsId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/u);
    }

    // The device asks which passes changed since its tag, then fetches the pass: the new title is on it.
    const changed = await changedSince(phone, tag);
    expect(changed.statusCode, changed.body).toBe(200);
    const listed = JSON.parse(changed.body) as { serialNumbers: string[]; lastUpdated: string };
    expect(listed.serialNumbers).toEqual([card]);
    expect(listed.lastUpdated).not.toBe(tag);
    const pass = await latestPass(card);
    expect(pass.statusCode).toBe(200);
    const values = Object.values(passJson(pass.rawPayload).generic ?? {})
      .flat()
      .map((field) => field.value);
    expect(values).toContain('Kıdemli Danışman');
    // A tag from the future: nothing changed since.
    expect((await changedSince(phone, String(Date.now() + 60_000))).statusCode).toBe(204);

    // The card deactivated: one more push to each device, and the pass it fetches is void, without its QR.
    const before = apns.pushes.length;
    const deactivated = await send(product, 'PUT', `/api/cards/deactivate/${card}`, owner.token);
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    lastPosition = answer(deactivated).position;
    const second = await pushesAfter(before, 2);
    expect(second).toHaveLength(2);
    expect(second.map((push) => push.deviceToken).sort()).toEqual([phone.pushToken, watch.pushToken].sort());
    const voided = passJson((await latestPass(card)).rawPayload);
    expect(voided.voided).toBe(true);
    expect(voided.barcodes).toBeUndefined();
    expect(JSON.stringify(voided.generic)).toContain('Bu kart artık kullanılmıyor');
  });

  it('unregisters a token APNs calls gone (410), and pushes to it no more', async () => {
    const card = await activatedCard(stranger, 'Giden');
    const kept = newDevice();
    const lost = newDevice();
    expect((await register(kept, card)).statusCode).toBe(201);
    const registered = await register(lost, card);
    lastPosition = answer(registered).position;
    apns.gone(lost.pushToken);
    // Once the registrations read model has them (read-your-writes), every device of the stranger's passes.
    expect((await changedSince(lost)).statusCode).toBe(200);
    const told = await devicesOf(stranger);
    const from = apns.pushes.length;
    await saveProfile(product, 'PUT', { firstName: 'Mehmet', lastName: 'Öztürk', jobTitle: 'Mimar' }, stranger.token);
    const first = await pushesAfter(from, told);
    expect(first.map((push) => `${push.deviceToken.slice(0, 6)} ${push.status} ${push.apnsId}`)).toHaveLength(told);
    const forCard = first.filter((push) => [kept.pushToken, lost.pushToken].includes(push.deviceToken));
    expect(forCard.map((push) => [push.deviceToken, push.status]).sort()).toEqual(
      [
        [kept.pushToken, 200],
        [lost.pushToken, 410],
      ].sort(),
    );
    await expect.poll(() => unregisteredEvents(card), { timeout: 5_000 }).toBe(1);

    const next = apns.pushes.length;
    const saved = await saveProfile(
      product,
      'PUT',
      { firstName: 'Mehmet', lastName: 'Öztürk', jobTitle: 'Baş Mimar' },
      stranger.token,
    );
    expect(saved.status).toBe(200);
    const second = await pushesAfter(next, told - 1);
    expect(second).toHaveLength(told - 1);
    expect(second.some((push) => push.deviceToken === lost.pushToken)).toBe(false);
    expect(second.filter((push) => push.deviceToken === kept.pushToken)).toHaveLength(1);
    expect(await unregisteredEvents(card)).toBe(1);
  });

  it('retries when APNs fails (500) without telling a device twice', async () => {
    const card = await activatedCard(owner, 'Yeniden');
    const device = newDevice();
    const registered = await register(device, card);
    lastPosition = answer(registered).position;
    const from = apns.pushes.length;
    // The owner's cards with registered devices: the first test's device (on the first card) and this one.
    apns.failNext(500, 'InternalServerError');
    await changeJobTitle(owner, 'Uzman Danışman');
    await expect
      .poll(
        () =>
          apns.pushes.slice(from).filter((push) => push.deviceToken === device.pushToken && push.status === 200).length,
        {
          timeout: 10_000,
        },
      )
      .toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const received = apns.pushes.slice(from);
    // Every device of the owner's passes was told exactly once: one push failed with 500 and only it was tried again.
    const delivered = received.filter((push) => push.status === 200).map((push) => push.deviceToken);
    expect(delivered).toHaveLength(await devicesOf(owner));
    expect(new Set(delivered).size).toBe(delivered.length);
    expect(received.filter((push) => push.status === 500)).toHaveLength(1);
    expect(received).toHaveLength(delivered.length + 1);
  });
});

describe('no secret in an event or a log line', () => {
  it('keeps the pass tokens, push tokens, device identifiers and the keys out of the events table and the logs', async () => {
    const events = await product.pool.query<{ text: string }>('SELECT row_to_json(e)::text AS text FROM events e');
    const registered = events.rows.filter((row) => row.text.includes('ApplePassRegistered'));
    expect(registered.length).toBeGreaterThan(3);
    const keyLines = [pki.settings.keyPem, pki.settings.apns?.keyPem ?? '']
      .flatMap((pem) => pem.split('\n'))
      .filter((line) => line.length > 40);
    const haystack = [...events.rows.map((row) => row.text), ...logs];
    expect(secrets.size).toBeGreaterThan(10);
    for (const text of haystack) {
      for (const secret of [...secrets, ...keyLines]) expect(text.includes(secret), secret).toBe(false);
      expect(text).not.toContain('PRIVATE KEY');
    }
    // The web service did log its requests (the check above looked at something).
    expect(logs.some((line) => line.includes('/api/wallet/apple/v1/passes/'))).toBe(true);
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

  it('answers every call of the web service 503 with the Turkish sentence', async () => {
    const device = newDevice();
    const card = virtualCardId();
    const calls: ['GET' | 'POST' | 'DELETE', string, unknown][] = [
      [
        'POST',
        `${WS}/devices/${device.id}/registrations/${TEST_PASS_TYPE_ID}/${card}`,
        { pushToken: device.pushToken },
      ],
      ['DELETE', `${WS}/devices/${device.id}/registrations/${TEST_PASS_TYPE_ID}/${card}`, undefined],
      ['GET', `${WS}/devices/${device.id}/registrations/${TEST_PASS_TYPE_ID}`, undefined],
      ['GET', `${WS}/passes/${TEST_PASS_TYPE_ID}/${card}`, undefined],
      ['POST', `${WS}/log`, { logs: ['x'] }],
    ];
    const before = await bare.eventCount();
    for (const [method, url, body] of calls) {
      const response = await send(bare, method, url, undefined, body, { authorization: 'ApplePass ' + 'a'.repeat(43) });
      expect(response.statusCode, `${method} ${url}`).toBe(503);
      expect(JSON.parse(response.body)).toEqual({ success: false, message: WALLET_MESSAGES.appleNotConfigured });
    }
    expect(await bare.eventCount()).toBe(before);
  });
});
