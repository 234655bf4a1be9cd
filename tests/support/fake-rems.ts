import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A REMS on loopback that speaks exactly the contract of issue 14, so the adapter and the reactor
 * are tested against the wire and not against a mock:
 * - `GET /api/v1/me` with `Authorization: Bearer {key}` → 200 `{ id, name }` for a known key, 401 otherwise;
 * - `POST /api/v1/customers` with an `Idempotency-Key` (400 without) and the customer as JSON
 *   (422 `{ message }` when a field is missing or wrong) → 201 `{ id }`; the same key again → 200 and
 *   the same id, the first body kept even when the repeat's differs (counted, like real
 *   idempotency-key stores do).
 * Switches make it slow, failing, flaky, rate-limited, rejecting or down; failNext, rateLimit,
 * garbleNext and stallNext queue answers for the next requests in the order they were called.
 * Every request is kept (`received()`), the Authorization header included: this is a test server,
 * and tests check the key was sent. Errors answer `{ message }` in Turkish, as REMS is expected to.
 */
export interface FakeRemsAccount {
  readonly id: string;
  readonly name: string;
}

export interface FakeRemsRequest {
  readonly method: string;
  readonly path: string;
  /** Lower-case names, as node:http gives them. */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The parsed JSON body, or the raw text when it is not JSON, or null when there was none. */
  readonly body: unknown;
  /** What the fake answered, or will answer when slow (0: it hung up without answering). */
  readonly status: number;
}

export interface FakeRemsCustomer {
  readonly id: string;
  readonly accountId: string;
  readonly idempotencyKey: string;
  /** The body of the first request with this key. */
  readonly body: Readonly<Record<string, unknown>>;
  /** Requests with this key that reached the store (valid key and body), the first included. */
  readonly deliveries: number;
  /** Repeats whose body differed from the first (the first was kept). */
  readonly differingRepeats: number;
}

export interface FakeRems {
  /** The origin to use as REMS_API_URL. */
  readonly url: string;
  addKey(key: string, account: FakeRemsAccount): void;
  /** The key is revoked in REMS: 401 from now on. */
  removeKey(key: string): void;
  /** Every answer waits `ms` (0: none). A customer is stored when the request arrives, before the wait. */
  slow(ms: number): void;
  /** The next `count` requests are answered `status` (e.g. 500, 503) with nothing stored. */
  failNext(count: number, status?: number): void;
  /** From now on every `every`-th request is answered 503 with nothing stored (0: off). */
  flaky(every: number): void;
  /** The next `count` requests are answered 429 with `Retry-After: retryAfterSeconds`, nothing stored. */
  rateLimit(count: number, retryAfterSeconds: number): void;
  /** The next `count` customer requests (default 1) are refused with 422 `{ message }`. */
  reject(message: string, count?: number): void;
  /** The next `count` requests are answered `status` with an HTML page (a proxy's), nothing stored. */
  garbleNext(count: number, status?: number): void;
  /**
   * Customers with this phone number (the 10 digits REMS receives) are refused with `status` (default 422, final;
   * 503 makes the product retry) and `{ message }`, nothing stored, until
   * `acceptPhone`: a rejection scoped by data, so journeys running side by side do not catch each other's.
   */
  rejectPhone(phoneNumber: string, message: string, status?: number): void;
  acceptPhone(phoneNumber: string): void;
  /** The next `count` requests get a 200's headers and half a body, and then nothing (until close or down). */
  stallNext(count?: number): void;
  /** The next `count` customer requests are stored and then the connection is cut, unanswered. */
  hangUpNext(count?: number): void;
  /** One account's REMS is in trouble: every request with `key` is answered `status` (default 503), nothing stored. */
  failKey(key: string, status?: number): void;
  /** Ends `failKey`. */
  healKey(key: string): void;
  /** Stops listening and cuts every open connection: connections are refused until `up()`. */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  received(): readonly FakeRemsRequest[];
  customers(): readonly FakeRemsCustomer[];
  close(): Promise<void>;
}

type Trouble =
  | { readonly kind: 'fail'; readonly status: number }
  | { readonly kind: 'rate-limit'; readonly retryAfterSeconds: number }
  | { readonly kind: 'garble'; readonly status: number }
  | { readonly kind: 'stall' };

const CUSTOMER_FIELDS = [
  'firstName',
  'lastName',
  'phoneNumber',
  'customerType',
  'email',
  'province',
  'provinceName',
  'district',
  'districtName',
  'address',
  'notes',
  'source',
] as const;
/**
 * One connection per request: a kept-alive connection that `down()` cuts could be picked up by the
 * client before it notices, which would make "down" sometimes a reset instead of a refusal.
 */
const CLOSE = { connection: 'close' } as const;
/** `GET` with `Authorization: Bearer {key}`: what the fake stored for that key's account (`FakeRemsCustomer[]`). */
export const RECORD_PATH = '/__fake/customers';
const REQUIRED = new Set<string>(['firstName', 'lastName', 'phoneNumber', 'customerType', 'source']);
const CUSTOMER_TYPES = new Set(['BUYER', 'SELLER', 'TENANT', 'LANDLORD']);

/** The first thing wrong with a customer body, in REMS's words, or null. */
function customerProblem(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'Geçersiz istek gövdesi.';
  const record = body as Record<string, unknown>;
  for (const field of Object.keys(record)) {
    if (!(CUSTOMER_FIELDS as readonly string[]).includes(field)) return `Bilinmeyen alan: ${field}.`;
  }
  for (const field of CUSTOMER_FIELDS) {
    if (!(field in record)) return `${field} alanı eksik.`;
    const value = record[field];
    if (REQUIRED.has(field)) {
      if (typeof value !== 'string' || value.trim() === '') return `${field} alanı zorunludur.`;
    } else if (value !== null && (typeof value !== 'string' || value === '')) {
      return `${field} alanı metin ya da null olmalıdır.`;
    }
  }
  if (!/^\d{10}$/u.test(record.phoneNumber as string)) return 'Telefon numarası 10 haneli olmalıdır.';
  if (!CUSTOMER_TYPES.has(record.customerType as string)) return 'Geçersiz müşteri tipi.';
  return null;
}

function bearer(request: IncomingMessage): string | null {
  const match = /^Bearer (.+)$/u.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

export interface FakeRemsOptions {
  /** A fixed loopback port (the browser journeys' server is told it before it starts); default: any free one. */
  readonly port?: number;
  /**
   * Lets another process switch the fake (the browser journeys run in workers, the fake in the global setup):
   * `POST /__fake-rems/rejected-phones {phoneNumber, message, status?}` is rejectPhone, `DELETE
   * /__fake-rems/rejected-phones/{phoneNumber}` is acceptPhone. Loopback only, never recorded as REMS requests.
   */
  readonly control?: boolean;
}

export const FAKE_REMS_CONTROL_PATH = '/__fake-rems/rejected-phones';

export async function startFakeRems(options: FakeRemsOptions = {}): Promise<FakeRems> {
  const keys = new Map<string, FakeRemsAccount>();
  const stored = new Map<string, { -readonly [K in keyof FakeRemsCustomer]: FakeRemsCustomer[K] }>();
  const requests: FakeRemsRequest[] = [];
  let delayMs = 0;
  /** failNext, rateLimit, garbleNext and stallNext, in the order they were asked for. */
  const troubles: Trouble[] = [];
  let flakyEvery = 0;
  let sinceFlaky = 0;
  const rejections: string[] = [];
  const rejectedPhones = new Map<string, { readonly message: string; readonly status: number }>();
  let hangUps = 0;
  const failingKeys = new Map<string, number>();
  let nextId = 1;
  const timers = new Set<NodeJS.Timeout>();
  const sockets = new Set<Socket>();

  const handle = (request: IncomingMessage, response: ServerResponse, raw: string) => {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    let body: unknown = null;
    if (raw !== '') {
      try {
        body = JSON.parse(raw) as unknown;
      } catch {
        body = raw;
      }
    }
    // The record itself, for a test in another process (the browser journeys' REMS runs in Playwright's global
    // setup): the customers of the account whose key is sent. Not part of REMS's contract, and not recorded.
    if (request.method === 'GET' && path === RECORD_PATH) {
      const key = bearer(request);
      const account = key === null ? undefined : keys.get(key);
      const listed = [...stored.values()].filter((customer) => customer.accountId === account?.id);
      response.writeHead(account ? 200 : 401, { 'content-type': 'application/json; charset=utf-8', ...CLOSE });
      response.end(JSON.stringify(account ? listed : { message: 'Geçersiz API anahtarı.' }));
      return;
    }
    if (options.control && path.startsWith(FAKE_REMS_CONTROL_PATH)) {
      const record = (body ?? {}) as { phoneNumber?: unknown; message?: unknown; status?: unknown };
      if (request.method === 'POST' && typeof record.phoneNumber === 'string' && typeof record.message === 'string')
        rejectedPhones.set(record.phoneNumber, {
          message: record.message,
          status: typeof record.status === 'number' ? record.status : 422,
        });
      else if (request.method === 'DELETE')
        rejectedPhones.delete(decodeURIComponent(path.slice(FAKE_REMS_CONTROL_PATH.length + 1)));
      else {
        response.writeHead(400, CLOSE).end();
        return;
      }
      response.writeHead(204, CLOSE).end();
      return;
    }
    const entry = { method: request.method ?? '', path, headers: { ...request.headers }, body, status: 0 };
    requests.push(entry);

    const answer = (status: number, json: unknown, headers: Record<string, string> = {}) => {
      entry.status = status;
      const send = () => {
        if (response.destroyed) return;
        response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...CLOSE, ...headers });
        response.end(JSON.stringify(json));
      };
      if (delayMs <= 0) return send();
      const timer = setTimeout(() => {
        timers.delete(timer);
        send();
      }, delayMs);
      timers.add(timer);
      response.on('close', () => {
        clearTimeout(timer);
        timers.delete(timer);
      });
    };

    // Trouble first, as a proxy or an overloaded REMS would: nothing is looked at or stored.
    const trouble = troubles.shift();
    switch (trouble?.kind) {
      case undefined:
        break;
      case 'fail':
        return answer(trouble.status, { message: 'Sunucu hatası.' });
      case 'rate-limit':
        return answer(429, { message: 'Çok fazla istek.' }, { 'retry-after': String(trouble.retryAfterSeconds) });
      case 'garble':
        entry.status = trouble.status;
        response.writeHead(trouble.status, { 'content-type': 'text/html', ...CLOSE });
        response.end('<html><body>Bad Gateway</body></html>');
        return;
      case 'stall':
        entry.status = 200;
        response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', ...CLOSE });
        response.write('{"id":');
        return;
    }
    if (flakyEvery > 0 && ++sinceFlaky % flakyEvery === 0)
      return answer(503, { message: 'Hizmet geçici olarak kullanılamıyor.' });

    const key = bearer(request);
    const keyTrouble = key === null ? undefined : failingKeys.get(key);
    if (keyTrouble !== undefined) return answer(keyTrouble, { message: 'Hizmet geçici olarak kullanılamıyor.' });
    const account = key === null ? undefined : keys.get(key);
    if (!account) return answer(401, { message: 'Geçersiz API anahtarı.' });

    if (request.method === 'GET' && path === '/api/v1/me') return answer(200, { id: account.id, name: account.name });
    if (request.method !== 'POST' || path !== '/api/v1/customers') return answer(404, { message: 'Bulunamadı.' });

    const idempotencyKey = request.headers['idempotency-key'];
    if (typeof idempotencyKey !== 'string' || idempotencyKey === '')
      return answer(400, { message: 'Idempotency-Key başlığı zorunludur.' });
    if (!/^application\/json\b/u.test(request.headers['content-type'] ?? '') || typeof body !== 'object')
      return answer(400, { message: 'İstek gövdesi JSON olmalıdır.' });
    const problem = customerProblem(body);
    if (problem !== null) return answer(422, { message: problem });

    const scope = `${account.id}|${idempotencyKey}`;
    const known = stored.get(scope);
    if (known) {
      known.deliveries += 1;
      if (JSON.stringify(known.body) !== JSON.stringify(body)) known.differingRepeats += 1;
      return answer(200, { id: known.id });
    }
    const phoneRejection = rejectedPhones.get(String((body as Record<string, unknown>).phoneNumber));
    if (phoneRejection !== undefined) return answer(phoneRejection.status, { message: phoneRejection.message });
    const rejection = rejections.shift();
    if (rejection !== undefined) return answer(422, { message: rejection });
    const customer = {
      id: `rems-musteri-${nextId++}`,
      accountId: account.id,
      idempotencyKey,
      body: body as Record<string, unknown>,
      deliveries: 1,
      differingRepeats: 0,
    };
    stored.set(scope, customer);
    if (hangUps > 0) {
      hangUps -= 1;
      request.socket.destroy();
      return;
    }
    answer(201, { id: customer.id });
  };

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => handle(request, response, Buffer.concat(chunks).toString('utf8')));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stop = () => {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    for (const socket of sockets) socket.destroy();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };

  await listen(options.port ?? 0);
  const { port } = server.address() as AddressInfo;
  let listening = true;
  return {
    url: `http://127.0.0.1:${port}`,
    addKey(key, account) {
      keys.set(key, account);
    },
    removeKey(key) {
      keys.delete(key);
    },
    slow(ms) {
      delayMs = ms;
    },
    failNext(count, status = 500) {
      for (let index = 0; index < count; index++) troubles.push({ kind: 'fail', status });
    },
    flaky(every) {
      flakyEvery = every;
      sinceFlaky = 0;
    },
    rateLimit(count, retryAfterSeconds) {
      for (let index = 0; index < count; index++) troubles.push({ kind: 'rate-limit', retryAfterSeconds });
    },
    rejectPhone(phoneNumber, message, status = 422) {
      rejectedPhones.set(phoneNumber, { message, status });
    },
    acceptPhone(phoneNumber) {
      rejectedPhones.delete(phoneNumber);
    },
    reject(message, count = 1) {
      for (let index = 0; index < count; index++) rejections.push(message);
    },
    garbleNext(count, status = 200) {
      for (let index = 0; index < count; index++) troubles.push({ kind: 'garble', status });
    },
    stallNext(count = 1) {
      for (let index = 0; index < count; index++) troubles.push({ kind: 'stall' });
    },
    hangUpNext(count = 1) {
      hangUps += count;
    },
    failKey(key, status = 503) {
      failingKeys.set(key, status);
    },
    healKey(key) {
      failingKeys.delete(key);
    },
    async down() {
      if (!listening) return;
      listening = false;
      await stop();
    },
    async up() {
      if (listening) return;
      await listen(port);
      listening = true;
    },
    received: () => [...requests],
    customers: () => [...stored.values()].map((customer) => ({ ...customer })),
    async close() {
      if (!listening) return;
      listening = false;
      await stop();
    },
  };
}
