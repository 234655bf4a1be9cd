import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { MESSAGES } from '@kartvizit/schemas';
import { startFakeRems, type FakeRems } from '../support/fake-rems.ts';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { after, registerOwner, send, type Owner } from './card-fixtures.ts';

/**
 * The owner's REMS key (issue 14, SPEC §7 REMS): saved only with the rems_ prefix and REMS's yes
 * (`GET /api/v1/me` on the fake REMS), shown as its last 4 characters, removed on request, and
 * never anywhere in plaintext: not in a table, a stored event or a log line.
 */
const KEY = 'rems_live_9c1e7a3b5d8f4f9a';
const OTHER_KEY = 'rems_live_0d2b8e5c1a6e7d31';
const REFUSED_KEY = 'rems_live_bilinmeyen_anahtar_77q2';
const KEY_WHILE_DOWN = 'rems_live_ulasilamadi_3k8m';
const ACCOUNT = { id: 'hesap-41', name: 'Yılmaz Gayrimenkul' };
const EVERY_KEY = [KEY, OTHER_KEY, REFUSED_KEY, KEY_WHILE_DOWN];

interface Answer {
  success: boolean;
  message?: string;
  field?: string;
  keyHint?: string | null;
  hasActiveKey?: boolean;
  position?: string;
}
const body = (response: LightMyRequestResponse) => JSON.parse(response.body) as Answer;

const logLines: string[] = [];
let rems: FakeRems;
let product: TestProduct;

beforeAll(async () => {
  rems = await startFakeRems();
  rems.addKey(KEY, ACCOUNT);
  rems.addKey(OTHER_KEY, ACCOUNT);
  product = await startTestProduct({
    remsApiUrl: rems.url,
    logLevel: 'debug',
    logStream: { write: (line) => void logLines.push(line) },
  });
});
afterAll(async () => {
  await product?.close();
  await rems?.close();
});

const saveKey = (token: string | undefined, payload: unknown, on: TestProduct = product) =>
  send(on, 'POST', '/api/rems/save-api-key', token, payload);
const removeKey = (token: string | undefined) => send(product, 'DELETE', '/api/rems/remove-api-key', token);
const status = (token: string | undefined, position?: string) =>
  send(product, 'GET', '/api/rems/status', token, undefined, after(position));
const checkIntegration = (userId: string, position?: string) =>
  send(
    product,
    'GET',
    `/api/rems/check-integration/${encodeURIComponent(userId)}`,
    undefined,
    undefined,
    after(position),
  );
const keyChecks = () => rems.received().filter((request) => request.path === '/api/v1/me').length;

async function expectRefused(response: LightMyRequestResponse, status: number, message: string, field?: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(body(response)).toEqual(field ? { success: false, message, field } : { success: false, message });
}

describe('saving the REMS key', () => {
  it('given an owner, when the key is empty or does not start with rems_, then the SPEC texts, REMS is not asked and nothing is appended', async () => {
    const owner = await registerOwner(product);
    const [events, checks] = [await product.eventCount(), keyChecks()];

    await expectRefused(await saveKey(owner.token, { apiKey: '' }), 400, 'API anahtarı boş olamaz', 'apiKey');
    await expectRefused(await saveKey(owner.token, { apiKey: '   ' }), 400, 'API anahtarı boş olamaz', 'apiKey');
    await expectRefused(
      await saveKey(owner.token, { apiKey: 'live_9c1e7a3b' }),
      400,
      'Geçersiz API key formatı. REMS API key\'i "rems_" ile başlamalıdır.',
      'apiKey',
    );

    expect(await product.eventCount()).toBe(events);
    expect(keyChecks()).toBe(checks);
  });

  it('given an owner, when REMS refuses the key, then a Turkish 400, nothing is saved and the status stays inactive', async () => {
    const owner = await registerOwner(product);
    const events = await product.eventCount();

    const refused = await saveKey(owner.token, { apiKey: REFUSED_KEY });

    await expectRefused(refused, 400, MESSAGES.remsApiKeyRefused, 'apiKey');
    expect(body(refused).message).toMatch(/^REMS bu API anahtarını kabul etmedi/);
    expect(await product.eventCount()).toBe(events);
    expect(body(await status(owner.token))).toEqual({ success: true, hasActiveKey: false, keyHint: null });
  });

  it('given REMS is down, when the owner saves a key, then 503 with Retry-After and a Turkish message, and nothing is saved', async () => {
    const owner = await registerOwner(product);
    const events = await product.eventCount();
    await rems.down();
    let response: LightMyRequestResponse;
    try {
      response = await saveKey(owner.token, { apiKey: KEY_WHILE_DOWN });
    } finally {
      await rems.up();
    }

    await expectRefused(response, 503, MESSAGES.remsUnavailable);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(await product.eventCount()).toBe(events);
  });

  it('given a product without REMS_API_URL, when an owner saves a key, then 503 in Turkish and nothing is saved', async () => {
    const without = await startTestProduct();
    try {
      const owner = await registerOwner(without);
      const events = await without.eventCount();

      const response = await saveKey(owner.token, { apiKey: KEY }, without);

      await expectRefused(
        response,
        503,
        'REMS entegrasyonu bu sunucuda henüz kullanılamıyor. Lütfen daha sonra tekrar deneyin.',
      );
      expect(await without.eventCount()).toBe(events);
    } finally {
      await without.close();
    }
  });

  it('given a limit of 2 saves a minute, when a client tries a third key, then 429 in Turkish and REMS is not asked', async () => {
    const limited = await startTestProduct({ remsApiUrl: rems.url, authRateLimitPerMinute: 2 });
    try {
      const owner = await registerOwner(limited);
      const checks = keyChecks();
      for (const guess of ['rems_tahmin_1', 'rems_tahmin_2']) {
        await expectRefused(
          await saveKey(owner.token, { apiKey: guess }, limited),
          400,
          MESSAGES.remsApiKeyRefused,
          'apiKey',
        );
      }

      const third = await saveKey(owner.token, { apiKey: 'rems_tahmin_3' }, limited);

      await expectRefused(third, 429, MESSAGES.tooManyRequests);
      expect(keyChecks()).toBe(checks + 2);
    } finally {
      await limited.close();
    }
  });

  it('given an owner, when they save a key REMS accepts, then the answer and the status show only its last 4 characters, and the card shows the block', async () => {
    const owner = await registerOwner(product);
    expect(body(await checkIntegration(owner.userId))).toEqual({ success: true, hasActiveKey: false });

    const saved = await saveKey(owner.token, { apiKey: `  ${KEY}\n` });

    expect(saved.statusCode, saved.body).toBe(200);
    expect(body(saved)).toMatchObject({
      success: true,
      message: 'API anahtarı başarıyla kaydedildi!',
      keyHint: '4f9a',
    });
    expect(saved.body).not.toContain(KEY);
    // REMS was asked with the key, trimmed, in the Authorization header
    expect(rems.received().at(-1)).toMatchObject({ path: '/api/v1/me', headers: { authorization: `Bearer ${KEY}` } });
    const position = body(saved).position;
    expect(body(await status(owner.token, position))).toEqual({ success: true, hasActiveKey: true, keyHint: '4f9a' });
    expect(body(await checkIntegration(owner.userId, position))).toEqual({ success: true, hasActiveKey: true });
    // Ids are matched whatever their case
    expect(body(await checkIntegration(owner.userId.toUpperCase(), position)).hasActiveKey).toBe(true);
  });

  it('given an active key, when the same key is saved again, then success and nothing new is recorded; another key replaces it', async () => {
    const owner = await registerOwner(product);
    const first = await saveKey(owner.token, { apiKey: KEY });
    expect(first.statusCode, first.body).toBe(200);
    const events = await product.eventCount();

    const again = await saveKey(owner.token, { apiKey: KEY });

    expect(again.statusCode, again.body).toBe(200);
    expect(body(again)).toEqual({ success: true, message: 'API anahtarı başarıyla kaydedildi!', keyHint: '4f9a' });
    expect(await product.eventCount()).toBe(events);

    const replaced = await saveKey(owner.token, { apiKey: OTHER_KEY });

    expect(body(replaced)).toMatchObject({ success: true, keyHint: '7d31' });
    expect(body(await status(owner.token, body(replaced).position))).toMatchObject({
      hasActiveKey: true,
      keyHint: '7d31',
    });
  });

  it('given no session, when the key is saved, removed or its status asked, then 401 and nothing is appended', async () => {
    const events = await product.eventCount();
    expect((await saveKey(undefined, { apiKey: KEY })).statusCode).toBe(401);
    expect((await removeKey(undefined)).statusCode).toBe(401);
    expect((await status(undefined)).statusCode).toBe(401);
    expect((await saveKey('not-a-token', { apiKey: KEY })).statusCode).toBe(401);
    expect(await product.eventCount()).toBe(events);
  });

  it('given an owner, when the body is not what the screen sends, then a Turkish 4xx, REMS is not asked and nothing is appended', async () => {
    const owner = await registerOwner(product);
    const [events, checks] = [await product.eventCount(), keyChecks()];
    const cases: Array<[string, unknown, number, string, string | undefined]> = [
      ['a NUL byte', { apiKey: 'rems_live_\u0000abc' }, 400, MESSAGES.unsafeCharacters, 'apiKey'],
      ['a key that is not text', { apiKey: 42 }, 400, 'API anahtarı alanı metin olmalıdır', 'apiKey'],
      ['no key', {}, 400, 'API anahtarı boş olamaz', 'apiKey'],
      ['an unknown field', { apiKey: KEY, ownerId: 'baskası' }, 400, 'Tanınmayan alan: ownerId', 'ownerId'],
      ['a list', [KEY], 400, MESSAGES.invalidRequest, undefined],
      ['a space inside the key', { apiKey: 'rems_live 9c1e' }, 400, MESSAGES.remsApiKeyInvalidCharacters, 'apiKey'],
      [
        'a key of 600 characters',
        { apiKey: `rems_${'a'.repeat(595)}` },
        400,
        'API anahtarı en fazla 512 karakter olabilir',
        'apiKey',
      ],
      ['1 MB', { apiKey: `rems_${'a'.repeat(1024 * 1024)}` }, 413, MESSAGES.bodyTooLarge, undefined],
    ];
    for (const [, payload, code, message, field] of cases) {
      await expectRefused(await saveKey(owner.token, payload), code, message, field);
    }
    const notJson = await product.app.inject({
      method: 'POST',
      url: '/api/rems/save-api-key',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      payload: '{"apiKey":',
    });
    await expectRefused(notJson, 400, MESSAGES.invalidJson);

    expect(await product.eventCount()).toBe(events);
    expect(keyChecks()).toBe(checks);
  });
});

describe('removing the REMS key', () => {
  it('given an active key, when the owner removes it, then the Turkish success, the status and the card say no key', async () => {
    const owner = await registerOwner(product);
    expect((await saveKey(owner.token, { apiKey: KEY })).statusCode).toBe(200);

    const removed = await removeKey(owner.token);

    expect(removed.statusCode, removed.body).toBe(200);
    expect(body(removed)).toMatchObject({ success: true, message: 'REMS entegrasyonu kaldırıldı' });
    const position = body(removed).position;
    expect(body(await status(owner.token, position))).toEqual({ success: true, hasActiveKey: false, keyHint: null });
    expect(body(await checkIntegration(owner.userId, position))).toEqual({ success: true, hasActiveKey: false });
  });

  it('given no active key, when the owner removes it, then 404 "Aktif bir REMS entegrasyonu yok" and nothing is appended', async () => {
    const owner = await registerOwner(product);
    const events = await product.eventCount();

    await expectRefused(await removeKey(owner.token), 404, 'Aktif bir REMS entegrasyonu yok');

    expect(await product.eventCount()).toBe(events);
  });
});

describe("one owner's key is theirs alone", () => {
  let ayse: Owner;
  let mehmet: Owner;
  let position: string | undefined;

  beforeAll(async () => {
    ayse = await registerOwner(product);
    mehmet = await registerOwner(product);
    const saved = await saveKey(ayse.token, { apiKey: KEY });
    expect(saved.statusCode, saved.body).toBe(200);
    position = body(saved).position;
  });

  it('given Ayşe has a key, when Mehmet asks his status, then he has none and sees no hint of hers', async () => {
    expect(body(await status(mehmet.token, position))).toEqual({ success: true, hasActiveKey: false, keyHint: null });
  });

  it('given Ayşe has a key, when Mehmet removes "his" key, then 404, and Ayşe\'s stays active', async () => {
    await expectRefused(await removeKey(mehmet.token), 404, 'Aktif bir REMS entegrasyonu yok');
    expect(body(await status(ayse.token, position))).toMatchObject({ hasActiveKey: true, keyHint: '4f9a' });
    expect(body(await checkIntegration(ayse.userId, position)).hasActiveKey).toBe(true);
  });

  it('given malformed or unknown ids, when the card checks them, then the same false as an owner without a key', async () => {
    for (const id of ['abc', '00000000-0000-4000-8000-000000000000', `${ayse.userId}x`, "' OR 1=1 --", mehmet.userId]) {
      const response = await checkIntegration(id, position);
      expect(response.statusCode, id).toBe(200);
      expect(body(response), id).toEqual({ success: true, hasActiveKey: false });
    }
  });
});

describe('the key is a secret', () => {
  /** The keys, and each without its last 4 characters (the hint is all that may be shown). */
  const needles = EVERY_KEY.flatMap((key) => [key, key.slice(0, -4)]);

  beforeAll(async () => {
    // The whole flow once more, so the checks below do not depend on the order of the tests above.
    const owner = await registerOwner(product);
    await saveKey(owner.token, { apiKey: REFUSED_KEY });
    const saved = await saveKey(owner.token, { apiKey: KEY });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await status(owner.token, body(saved).position)).statusCode).toBe(200);
    expect((await removeKey(owner.token)).statusCode).toBe(200);
    expect((await saveKey(owner.token, { apiKey: OTHER_KEY })).statusCode).toBe(200);
  });

  it('is stored sealed: the saved events hold the hint in plaintext and neither the key nor the REMS account name', async () => {
    const { rows } = await product.pool.query<{ data: string }>(
      `SELECT data::text AS data FROM events WHERE type = 'RemsKeySaved'`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(5);
    for (const { data } of rows) {
      expect(data).toMatch(/"keyHint": "(4f9a|7d31)"/);
      expect(data).toContain('"sealed"');
      expect(data).not.toContain(ACCOUNT.name);
    }
  });

  it("is in no row of any table or read model, and in no event's data, metadata or stream id", async () => {
    const { rows: tables } = await product.pool.query<{ schema: string; name: string }>(
      `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
        WHERE table_schema NOT IN ('pg_catalog', 'information_schema')`,
    );
    expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(['events', 'rm_rems_keys']));
    for (const { schema, name } of tables) {
      for (const needle of needles) {
        const { rows } = await product.pool.query<{ count: string }>(
          `SELECT count(*) FROM "${schema}"."${name}" AS t WHERE t::text ILIKE $1`,
          [`%${needle}%`],
        );
        expect(Number(rows[0]?.count), `${schema}.${name} holds a key`).toBe(0);
      }
    }
    const { rows: keys } = await product.pool.query<Record<string, unknown>>('SELECT * FROM rm_rems_keys');
    expect(Object.keys(keys[0] ?? {}).sort()).toEqual(
      ['active', 'key_hint', 'last_stream_position', 'owner_id', 'removed_at', 'saved_at'].sort(),
    );
  });

  it('is in no log line, though the saves were logged', () => {
    expect(logLines.some((line) => line.includes('/api/rems/save-api-key'))).toBe(true);
    expect(logLines.some((line) => line.includes('"rems":"ECONNREFUSED"'))).toBe(true);
    const all = logLines.join('\n');
    for (const needle of needles) expect(all).not.toContain(needle);
  });
});
