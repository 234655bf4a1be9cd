import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp as buildCommandApi } from '@kartvizit/command-api/app';
import { MESSAGES, VALIDATION_MESSAGES } from '@kartvizit/schemas';
import { newOwner, startTestProduct, type TestProduct } from '../support/product.ts';
import { ownerWithCard, seenEverything, visitorForm, type CardOwner } from './lead-fixtures.ts';
import { encodeForm, profileForm } from './profile-fixtures.ts';

/**
 * Input no form produces: NUL characters and unpaired surrogate halves (PostgreSQL refuses both),
 * malformed percent-escapes, over-long addresses and oversized heads. Each is a 4xx in our shape
 * with a Turkish message and the security headers, never a 500 or Fastify's and Node's English,
 * and nothing is appended (docs/decisions/0012-http-hardening.md).
 */

let product: TestProduct;
let dist: string;
let owner: CardOwner;
let settled: Record<string, string>;
let origin: string;

const TEN_KB_ID = `VC-${'A'.repeat(10 * 1024)}`;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'kartvizit-bad-input-dist-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><html lang="tr"><title>Dijital Kartvizit</title></html>');
  product = await startTestProduct({ webDistDir: dist });
  owner = await ownerWithCard(product, 'Fuar');
  settled = await seenEverything(product);
  origin = await product.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await product?.close();
  await rm(dist, { recursive: true, force: true });
});

function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: string | Buffer | Record<string, unknown>,
  contentType = 'application/json',
) {
  return product.app.inject({
    method,
    url,
    headers: {
      ...settled,
      authorization: `Bearer ${owner.token}`,
      ...(body === undefined ? {} : { 'content-type': contentType }),
    },
    ...(body === undefined
      ? {}
      : { payload: typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body) }),
  });
}

/** Our error shape, in Turkish, with the headers every answer carries. */
function expectRefusal(response: LightMyRequestResponse, status: number, message: string, field?: string): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(JSON.parse(response.body)).toEqual({ success: false, message, ...(field === undefined ? {} : { field }) });
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
}

describe('NUL and unpaired surrogates never reach PostgreSQL', () => {
  it.each([
    ['the lead search', '/api/leads?search=%00', 'search'],
    ['the lead search, with text around it', '/api/leads?search=Ay%00%C5%9Fe&page=1', 'search'],
    ['the lead export', '/api/leads/export.csv?search=%00', 'search'],
    ['a query parameter of the statistics', '/api/statistics/daily?cardId=VC-%00', 'cardId'],
    ['the address to geocode', '/api/geocode?street=Bağdat%20Caddesi%00&city=İstanbul', 'street'],
    ['a card id in the path', '/api/cards/mine/VC-%00ABC', 'cardId'],
    ['the public profile of a card', '/api/profile/card/%00', 'cardId'],
    ['the contact file of a card', '/api/profile/card/VC-%00/contact.vcf', 'cardId'],
    ['the lead form token of a card', '/api/profile/card/VC-%00/form-token', 'cardId'],
    ['a query parameter name', '/api/leads?%00=1', undefined],
  ] as const)('%s: %s', async (_label, url, field) => {
    const before = await product.eventCount();
    expectRefusal(await call('GET', url), 400, MESSAGES.unsafeCharacters, field);
    expect(await product.eventCount()).toBe(before);
  });

  it.each([
    [
      'a NUL in an e-mail address at registration',
      'POST',
      '/api/auth/register',
      { ...newOwner(), email: 'ayse\u0000@example.com' },
      'email',
    ],
    [
      'a lone high surrogate in a first name at registration',
      'POST',
      '/api/auth/register',
      `{"email":"yeni-${Date.now()}@example.com","password":"gizli-parola-1","firstName":"Ay\\ud800","lastName":"Yılmaz"}`,
      'firstName',
    ],
    [
      'a NUL in a password at sign-in',
      'POST',
      '/api/auth/login',
      { email: 'kimse@example.com', password: 'gizli\u0000' },
      'password',
    ],
    [
      'a lone low surrogate in a card name',
      'POST',
      '/api/cards',
      '{"cardId":"VC-ABCDEF","type":"virtual","name":"Fuar \\udc00"}',
      'name',
    ],
    ['a NUL in the card to activate', 'POST', '/api/cards/activate', { cardId: 'VC-\u0000', name: 'Ofis' }, 'cardId'],
    [
      'a NUL in a profile field (JSON)',
      'PUT',
      '/api/profile',
      { firstName: 'Ayşe', company: 'Yılmaz\u0000Emlak' },
      'company',
    ],
    [
      'a lone surrogate deep in a profile list (JSON)',
      'PUT',
      '/api/profile',
      '{"firstName":"Ayşe","socialLinks":[{"platform":"github","url":"https://github.com/\\ud83d"}]}',
      'socialLinks',
    ],
    ['a NUL in a field name', 'PUT', '/api/profile', { 'first\u0000Name': 'Ayşe' }, undefined],
    ['a NUL in a visit beacon', 'POST', '/api/telemetry/visit', { cardId: 'VC-\u0000' }, 'cardId'],
  ] as const)('%s', async (_label, method, url, body, field) => {
    const before = await product.eventCount();
    expectRefusal(await call(method, url, body), 400, MESSAGES.unsafeCharacters, field);
    expect(await product.eventCount()).toBe(before);
  });

  it("a visitor's message with a lone surrogate is refused and no lead is kept", async () => {
    const before = await product.eventCount();
    const response = await product.app.inject({
      method: 'POST',
      url: '/api/leads',
      payload: { ...visitorForm(product, owner.cardId), message: 'Merhaba \ud83d' },
    });
    expectRefusal(response, 400, MESSAGES.unsafeCharacters, 'message');
    expect(await product.eventCount()).toBe(before);
  });

  it('a NUL in a multipart profile field is refused the same way', async () => {
    const { payload, contentType } = await encodeForm(profileForm({ firstName: 'Ayşe', jobTitle: 'Danış\u0000man' }));
    const before = await product.eventCount();
    expectRefusal(await call('PUT', '/api/profile', payload, contentType), 400, MESSAGES.unsafeCharacters, 'jobTitle');
    expect(await product.eventCount()).toBe(before);
  });

  it('paired surrogates (an emoji) and Turkish letters are ordinary text', async () => {
    const response = await call('GET', `/api/leads?search=${encodeURIComponent('Çağrı 👋')}`);
    expect(response.statusCode, response.body).toBe(200);
    const saved = await call('PUT', '/api/profile', {
      firstName: 'Ayşe',
      lastName: 'Yılmaz',
      bio: 'İstanbul’dan selamlar 👋',
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('deeply nested JSON is walked without exhausting the stack', async () => {
    const depth = 20_000;
    const response = await call('POST', '/api/auth/login', `${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`);
    expectRefusal(response, 400, MESSAGES.unsafeCharacters);
  });
});

describe('malformed and over-long addresses', () => {
  it('a malformed percent-escape in the path is a 400 in Turkish', async () => {
    for (const url of ['/api/cards/details/%C0%AF', '/api/leads/%E0%A4%A', '/p/%C0%AF']) {
      expectRefusal(await call('GET', url), 400, MESSAGES.invalidUrl);
    }
  });

  it('a path parameter longer than the router takes is a 414 in Turkish', async () => {
    // Over HTTP Node's 16 KB head limit comes first (below), and beside the web app the path falls to
    // its fallback (a 404); command-api alone is where the router's own limit answers.
    const app = await buildCommandApi({
      pool: product.pool,
      store: product.store,
      codec: product.codec,
      appSecret: product.appSecret,
      blobs: product.blobs,
      publicBaseUrl: product.publicBaseUrl,
      authRateLimitPerMinute: 0,
      telemetry: { rateLimitPerMinute: 0 },
      logLevel: 'silent',
    });
    try {
      const response = await app.inject({
        method: 'PUT',
        url: `/api/cards/deactivate/${'A'.repeat(17 * 1024)}`,
        headers: { authorization: `Bearer ${owner.token}` },
      });
      expectRefusal(response, 414, MESSAGES.urlTooLong);
    } finally {
      await app.close();
    }
    expectRefusal(await call('GET', `/api/cards/details/${'A'.repeat(17 * 1024)}`), 404, MESSAGES.notFound);
  });

  it('a 10 KB card id is a card id too long to be one (400), or a page that does not exist', async () => {
    for (const [method, url] of [
      ['GET', `/api/cards/details/${TEN_KB_ID}`],
      ['GET', `/api/cards/mine/${TEN_KB_ID}`],
      ['PUT', `/api/cards/deactivate/${TEN_KB_ID}`],
      ['GET', `/api/statistics/daily?cardId=${TEN_KB_ID}`],
      ['GET', `/api/profile/card/${TEN_KB_ID}/form-token`],
    ] as const) {
      expectRefusal(await call(method, url), 400, VALIDATION_MESSAGES.tooLong('cardId', 128), 'cardId');
    }
    const page = await call('GET', `/p/${TEN_KB_ID}`);
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toContain('text/html');
    const file = await call('GET', `/assets/${TEN_KB_ID}.js`);
    expectRefusal(file, 404, MESSAGES.notFound);
    // A sitemap file that is none: a name too long, a NUL, a number past every file.
    for (const name of [`cards-${'9'.repeat(10 * 1024)}.xml`, 'cards-1%00.xml', 'cards-99999999999999999999.xml']) {
      expectRefusal(await call('GET', `/sitemaps/${name}`), 404, MESSAGES.notFound);
    }
    // A screen of the web app: the client router answers it.
    const screen = await call('GET', `/cards/${TEN_KB_ID}`);
    expect(screen.statusCode).toBe(200);
    expect(screen.headers['content-type']).toContain('text/html');
  });

  it('a 10 KB lead id is an id too long to be one', async () => {
    expectRefusal(
      await call('DELETE', `/api/leads/${'a'.repeat(10 * 1024)}`),
      400,
      VALIDATION_MESSAGES.tooLong('leadId', 64),
      'leadId',
    );
  });
});

/** One raw HTTP exchange: Node's parser sees exactly these bytes. */
function exchange(raw: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const { port, hostname } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(raw));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
  });
}

describe("answers Node's parser gives before Fastify sees the request", () => {
  function expectRawRefusal(answer: Awaited<ReturnType<typeof exchange>>, status: number, message: string): void {
    expect(answer.status, answer.body).toBe(status);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(answer.body)).toEqual({ success: false, message });
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  }

  it('headers over 16 KB: 431', async () => {
    const answer = await exchange(
      `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Cok-Buyuk: ${'b'.repeat(20 * 1024)}\r\n\r\n`,
    );
    expectRawRefusal(answer, 431, MESSAGES.headersTooLarge);
  });

  it('an address over 16 KB: 414', async () => {
    const answer = await exchange(`GET /api/leads?search=${'b'.repeat(20 * 1024)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expectRawRefusal(answer, 414, MESSAGES.urlTooLong);
  });

  it('a request that is not HTTP: 400', async () => {
    expectRawRefusal(await exchange('MERHABA DÜNYA\r\n\r\n'), 400, MESSAGES.invalidRequest);
    expectRawRefusal(
      await exchange('GET / HTTP/1.1\r\nHost: localhost\r\nX-Bozuk: a\u0000b\r\n\r\n'),
      400,
      MESSAGES.invalidRequest,
    );
  });

  it('a 10 KB card id over real HTTP is still the route’s 400', async () => {
    const answer = await exchange(
      `GET /api/cards/mine/${TEN_KB_ID} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${owner.token}\r\nConnection: close\r\n\r\n`,
    );
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({
      success: false,
      message: VALIDATION_MESSAGES.tooLong('cardId', 128),
      field: 'cardId',
    });
  });
});
