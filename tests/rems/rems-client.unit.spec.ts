import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  REMS_MESSAGE_MAX_LENGTH,
  RemsClient,
  type RemsCustomer,
  type RemsDelivery,
  type RemsKeyCheck,
} from '@kartvizit/infra/rems/client';
import { startFakeRems, type FakeRems } from '../support/fake-rems.ts';

// The adapter of issue 14 against a REMS on loopback that speaks the contract. Every key used here is
// listed, and everything the adapter returned or threw, and everything written to the console, is
// kept: the last test proves no key ever came back out.
const KEY = 'rems_3f9c1a7e5b2d4c6a8e0f1b3d5c7a9e1f';
const OTHER_KEY = 'rems_bu_anahtari_rems_tanimiyor_42';
const REVOKED_KEY = 'rems_iptal_edilmis_anahtar_7c3e9a';
const UNSENDABLE_KEY = 'rems_satır\r\nX-Sızma: evet';
const ALL_KEYS = [KEY, OTHER_KEY, REVOKED_KEY, UNSENDABLE_KEY];
const ACCOUNT = { id: 'hesap-17', name: 'Ayşe Yılmaz Gayrimenkul' };
const SHORT_TIMEOUT_MS = 300;
// A guard, not a measure: the first fetch of a process loads Node's HTTP client, which takes
// seconds on a machine busy with the whole test run, beyond vitest's 5 s default.
vi.setConfig({ testTimeout: 30_000 });

const customer: RemsCustomer = {
  firstName: 'Çağrı',
  lastName: 'Öztürk',
  phoneNumber: '5321234567',
  customerType: 'BUYER',
  email: 'cagri@example.com',
  province: '34',
  provinceName: 'İstanbul',
  district: 'Kadıköy',
  districtName: 'Kadıköy',
  address: '',
  notes: null,
};

const outputs: unknown[] = [];
const consoleLines: string[] = [];

async function observed<T extends RemsKeyCheck | RemsDelivery>(call: () => Promise<T>): Promise<T> {
  try {
    const result = await call();
    outputs.push(result);
    return result;
  } catch (error) {
    outputs.push(error instanceof Error ? [error.name, error.message, error.stack, String(error.cause)] : error);
    throw error;
  }
}

let fake: FakeRems;
let client: RemsClient;
let impatient: RemsClient;
const verify = (apiKey: string, using = client) => observed(() => using.verifyKey(apiKey));
const deliver = (key: string, idempotencyKey: string, who: RemsCustomer = customer, using = client) =>
  observed(() => using.createCustomer(key, idempotencyKey, who));
const customerRequests = () => fake.received().filter((request) => request.path === '/api/v1/customers');

beforeAll(() => {
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      consoleLines.push(args.map(String).join(' '));
    });
  }
});

afterAll(() => {
  vi.restoreAllMocks();
});

beforeEach(async () => {
  fake = await startFakeRems();
  fake.addKey(KEY, ACCOUNT);
  fake.addKey(REVOKED_KEY, { id: 'hesap-9', name: 'Eski Ofis' });
  client = new RemsClient(fake.url);
  impatient = new RemsClient(fake.url, { timeoutMs: SHORT_TIMEOUT_MS });
});

afterEach(async () => {
  await fake.close();
});

describe('checking an owner API key (GET /api/v1/me)', () => {
  it('a key REMS knows is valid, with the account it opens, and it was sent as a bearer token', async () => {
    // When the owner saves a key REMS knows
    const check = await verify(KEY);

    // Then it is valid for Ayşe's account, asked once with the key in the Authorization header
    expect(check).toEqual({ kind: 'valid', account: ACCOUNT });
    expect(fake.received()).toHaveLength(1);
    expect(fake.received()[0]).toMatchObject({ method: 'GET', path: '/api/v1/me', status: 200 });
    expect(fake.received()[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('a key REMS does not know, or has revoked, is refused', async () => {
    // Given a key REMS never issued, and one it has since revoked
    fake.removeKey(REVOKED_KEY);

    // Then both are refused (REMS answered 401 to each)
    expect(await verify(OTHER_KEY)).toEqual({ kind: 'refused' });
    expect(await verify(REVOKED_KEY)).toEqual({ kind: 'refused' });
    expect(fake.received().map((request) => request.status)).toEqual([401, 401]);
  });

  it('a key that cannot be sent in a header is refused without asking REMS', async () => {
    expect(await verify(UNSENDABLE_KEY)).toEqual({ kind: 'refused' });
    expect(await verify('')).toEqual({ kind: 'refused' });
    expect(fake.received()).toHaveLength(0);
  });

  it('when REMS cannot say, the answer is unavailable with a short reason (never refused)', async () => {
    // Given REMS failing once, rate-limiting once, answering an HTML page once
    fake.failNext(1, 503);
    fake.rateLimit(1, 30);
    fake.garbleNext(1);
    expect(await verify(KEY)).toEqual({ kind: 'unavailable', reason: 'http_503' });
    expect(await verify(KEY)).toEqual({ kind: 'unavailable', reason: 'http_429' });
    expect(await verify(KEY)).toEqual({ kind: 'unavailable', reason: 'malformed_answer' });

    // When it answers too late for the client's patience
    fake.slow(SHORT_TIMEOUT_MS * 20);
    expect(await verify(KEY, impatient)).toEqual({ kind: 'unavailable', reason: 'timeout' });

    // When it is down
    await fake.down();
    expect(await verify(KEY)).toEqual({ kind: 'unavailable', reason: 'ECONNREFUSED' });

    // Then, back up and prompt, the same key is valid again
    await fake.up();
    fake.slow(0);
    expect(await verify(KEY)).toEqual({ kind: 'valid', account: ACCOUNT });
  });

  it('a base URL with a trailing slash reaches the same paths', async () => {
    expect(await verify(KEY, new RemsClient(`${fake.url}/`))).toEqual({ kind: 'valid', account: ACCOUNT });
    expect(fake.received()[0]?.path).toBe('/api/v1/me');
  });
});

describe('delivering a customer (POST /api/v1/customers)', () => {
  it('creates the customer from the mapped body, with the registration id as Idempotency-Key', async () => {
    // When a registration is delivered
    const delivery = await deliver(KEY, 'kayit-1');

    // Then REMS created it and its id came back
    expect(delivery).toEqual({ kind: 'created', remsId: 'rems-musteri-1' });
    const [request] = customerRequests();
    expect(request).toMatchObject({ method: 'POST', status: 201 });
    expect(request?.headers).toMatchObject({
      authorization: `Bearer ${KEY}`,
      'idempotency-key': 'kayit-1',
      'content-type': 'application/json',
    });
    // And the body is exactly the contract's, empty optionals as null
    expect(request?.body).toEqual({
      firstName: 'Çağrı',
      lastName: 'Öztürk',
      phoneNumber: '5321234567',
      customerType: 'BUYER',
      email: 'cagri@example.com',
      province: '34',
      provinceName: 'İstanbul',
      district: 'Kadıköy',
      districtName: 'Kadıköy',
      address: null,
      notes: null,
      source: 'dijital-kartvizit',
    });
    expect(fake.customers()).toHaveLength(1);
  });

  it('delivering the same registration again gives the same id and still one customer', async () => {
    // Given a registration already delivered
    const first = await deliver(KEY, 'kayit-2');

    // When it is delivered again, once as it was and once with a changed note
    const again = await deliver(KEY, 'kayit-2');
    const changed = await deliver(KEY, 'kayit-2', { ...customer, notes: 'Değişti' });

    // Then REMS answered 200 with the first id and kept the first body
    expect(again).toEqual(first);
    expect(changed).toEqual(first);
    expect(customerRequests().map((request) => request.status)).toEqual([201, 200, 200]);
    expect(fake.customers()).toEqual([
      expect.objectContaining({ idempotencyKey: 'kayit-2', deliveries: 3, differingRepeats: 1 }),
    ]);
    expect(fake.customers()[0]?.body).toMatchObject({ notes: null });

    // And another registration is another customer
    expect(await deliver(KEY, 'kayit-3')).toEqual({ kind: 'created', remsId: 'rems-musteri-2' });
  });

  it('REMS rejecting the customer (422) is final, with its message made safe to show the owner', async () => {
    // Given REMS refusing the next customer with a message that repeats the key, has line breaks and goes on
    fake.reject(`Bu müşteri\r\nzaten kayıtlı\u0000 (anahtar ${KEY}). ${'Ayrıntı '.repeat(100)}`);

    // When the registration is delivered
    const delivery = await deliver(KEY, 'kayit-4');

    // Then it is rejected with REMS's words, on one line, the key masked, cut to length
    expect(delivery).toMatchObject({ kind: 'rejected', status: 422 });
    const message = (delivery as Extract<RemsDelivery, { kind: 'rejected' }>).message ?? '';
    expect(message.startsWith('Bu müşteri zaten kayıtlı (anahtar ***). Ayrıntı Ayrıntı')).toBe(true);
    expect(message.endsWith('…')).toBe(true);
    expect(Array.from(message)).toHaveLength(REMS_MESSAGE_MAX_LENGTH);
    expect(fake.customers()).toHaveLength(0);
  });

  it('a customer REMS finds invalid is rejected with REMS validation message', async () => {
    const delivery = await deliver(KEY, 'kayit-5', { ...customer, phoneNumber: '532123456' });
    expect(delivery).toEqual({ kind: 'rejected', status: 422, message: 'Telefon numarası 10 haneli olmalıdır.' });
  });

  it('a 4xx without a readable message is rejected with none (the caller says it in its own words)', async () => {
    fake.garbleNext(1, 400);
    expect(await deliver(KEY, 'kayit-6')).toEqual({ kind: 'rejected', status: 400, message: null });
  });

  it('a key REMS revoked since it was saved is refused, which is final and nothing is created', async () => {
    fake.removeKey(REVOKED_KEY);
    expect(await deliver(REVOKED_KEY, 'kayit-7')).toEqual({ kind: 'refused' });
    expect(await deliver(UNSENDABLE_KEY, 'kayit-7')).toEqual({ kind: 'refused' });
    expect(customerRequests()).toHaveLength(1);
    expect(fake.customers()).toHaveLength(0);
  });

  it('rate-limited (429): try again, after the Retry-After REMS asked for', async () => {
    // Given REMS rate-limiting the next request for 7 seconds
    fake.rateLimit(1, 7);

    // Then the delivery is to be retried no sooner than that, and nothing was created
    expect(await deliver(KEY, 'kayit-8')).toEqual({ kind: 'retry', reason: 'http_429', retryAfterMs: 7000 });
    expect(fake.customers()).toHaveLength(0);

    // And the retry creates it
    expect(await deliver(KEY, 'kayit-8')).toEqual({ kind: 'created', remsId: 'rems-musteri-1' });
  });

  it('a server error (5xx), a 408 and an answer without an id are retried', async () => {
    // Given REMS failing in four ways, one after the other
    fake.failNext(1, 500);
    fake.failNext(1, 503);
    fake.failNext(1, 408);
    fake.garbleNext(1, 201);

    // Then each attempt is to be retried, and the fifth creates the customer
    expect(await deliver(KEY, 'kayit-9')).toEqual({ kind: 'retry', reason: 'http_500' });
    expect(await deliver(KEY, 'kayit-9')).toEqual({ kind: 'retry', reason: 'http_503' });
    expect(await deliver(KEY, 'kayit-9')).toEqual({ kind: 'retry', reason: 'http_408' });
    expect(await deliver(KEY, 'kayit-9')).toEqual({ kind: 'retry', reason: 'malformed_answer' });
    expect(await deliver(KEY, 'kayit-9')).toEqual({ kind: 'created', remsId: 'rems-musteri-1' });
    expect(customerRequests()).toHaveLength(5);
  });

  it('flaky REMS: every failed attempt is a retry, and every registration ends up created once', async () => {
    // Given REMS failing every third request
    fake.flaky(3);

    // When three registrations are each delivered until created
    const ids: string[] = [];
    for (const registration of ['kayit-10', 'kayit-11', 'kayit-12']) {
      let delivery = await deliver(KEY, registration);
      while (delivery.kind === 'retry') delivery = await deliver(KEY, registration);
      expect(delivery.kind).toBe('created');
      if (delivery.kind === 'created') ids.push(delivery.remsId);
    }

    // Then the third request was answered 503, and there are three customers
    expect(customerRequests().map((request) => request.status)).toEqual([201, 201, 503, 201]);
    expect(ids).toEqual(['rems-musteri-1', 'rems-musteri-2', 'rems-musteri-3']);
  });

  it('an answer slower than the timeout is retried, and the retry makes no second customer', async () => {
    // Given REMS storing customers on arrival but answering much later than the client waits
    fake.slow(SHORT_TIMEOUT_MS * 20);

    // When a registration is delivered, it is to be retried
    expect(await deliver(KEY, 'kayit-13', customer, impatient)).toEqual({ kind: 'retry', reason: 'timeout' });

    // Then, REMS prompt again, the retry ends with one customer (whether or not the first attempt
    // reached REMS before the client gave up: the test cannot know, a busy machine decides)
    fake.slow(0);
    expect(await deliver(KEY, 'kayit-13')).toEqual({ kind: 'created', remsId: 'rems-musteri-1' });
    expect(fake.customers()).toHaveLength(1);
  });

  it('an answer that starts and then stalls times out as well (the timeout covers the whole exchange)', async () => {
    fake.stallNext();
    expect(await deliver(KEY, 'kayit-16', customer, impatient)).toEqual({ kind: 'retry', reason: 'timeout' });
    expect(fake.customers()).toHaveLength(0);
  });

  it('a connection cut before the answer is retried with the socket error code, and the retry finds the customer', async () => {
    fake.hangUpNext();
    const lost = await deliver(KEY, 'kayit-14');
    expect(lost).toMatchObject({ kind: 'retry' });
    expect((lost as Extract<RemsDelivery, { kind: 'retry' }>).reason).toMatch(/^[A-Z][A-Z0-9_]+$/u);
    expect(await deliver(KEY, 'kayit-14')).toEqual({ kind: 'created', remsId: 'rems-musteri-1' });
    expect(fake.customers()).toHaveLength(1);
  });

  it('REMS down: retried with ECONNREFUSED; back up on the same address, the delivery goes through', async () => {
    await fake.down();
    expect(await deliver(KEY, 'kayit-15')).toEqual({ kind: 'retry', reason: 'ECONNREFUSED' });
    await fake.up();
    expect(await deliver(KEY, 'kayit-15')).toEqual({ kind: 'created', remsId: 'rems-musteri-1' });
  });

  it('an idempotency key that cannot be a header is a programming error, thrown without the API key', async () => {
    await expect(deliver(KEY, 'kayıt 17')).rejects.toThrow(TypeError);
    await expect(deliver(KEY, '')).rejects.toThrow(TypeError);
    expect(fake.received()).toHaveLength(0);
  });
});

describe('the API key is a secret', () => {
  // Runs last in this file (vitest runs a file's tests in order): it reads what all the others kept.
  it('no result, thrown error or console line of the whole suite contains a key', () => {
    expect(outputs.length).toBeGreaterThan(30);
    const kinds = new Set(outputs.map((output) => (output as { kind?: string }).kind));
    expect([...kinds].sort()).toEqual(['created', 'refused', 'rejected', 'retry', 'unavailable', 'valid', undefined]);
    const texts = [...outputs.map((output) => JSON.stringify(output)), ...consoleLines];
    for (const key of ALL_KEYS) {
      for (const text of texts) expect(text).not.toContain(key);
    }
  });
});
