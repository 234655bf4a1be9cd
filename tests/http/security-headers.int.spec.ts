import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { STALE_HEADER } from '@kartvizit/schemas';
import { buildApp as buildCommandApi } from '@kartvizit/command-api/app';
import { buildApp as buildQueryApi } from '@kartvizit/query-api/app';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { testMapsSettings } from '../support/fake-geocoder.ts';
import { ownerWithCard, seenEverything, type CardOwner } from './lead-fixtures.ts';
import { photo, profileForm, saveProfile } from './profile-fixtures.ts';

/**
 * Every answer carries the security headers (docs/decisions/0012-http-hardening.md): the web
 * app's strict policy on its pages and assets, the public card's own on /p/*, a sandbox on
 * uploaded files, the API's on everything under /api/ (JSON, QR images, the vCard, the live
 * stream), and HSTS only when PUBLIC_BASE_URL is https.
 */

type Policy = Record<string, string[]>;

/** The map tile server of the test product (tests/support/fake-geocoder.ts). */
const TILE_ORIGIN = 'http://127.0.0.1:9';

const WEB_APP_POLICY: Policy = {
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:', TILE_ORIGIN],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'form-action': ["'self'"],
  'base-uri': ["'none'"],
  'object-src': ["'none'"],
  'frame-ancestors': ["'none'"],
};

const API_POLICY: Policy = {
  'default-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
};

const PUBLIC_PAGE_POLICY: Policy = {
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:', TILE_ORIGIN],
  'connect-src': ["'self'"],
  'worker-src': ["'none'"],
  'form-action': ["'self'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
  'object-src': ["'none'"],
};

const MEDIA_POLICY: Policy = { 'default-src': ["'none'"], sandbox: [], 'frame-ancestors': ["'none'"] };

function policyOf(headers: IncomingHttpHeaders | LightMyRequestResponse['headers']): Policy {
  const value = headers['content-security-policy'];
  expect(typeof value, 'content-security-policy').toBe('string');
  const policy: Policy = {};
  for (const directive of String(value).split(';')) {
    const [name, ...sources] = directive.trim().split(/\s+/);
    if (name) policy[name] = sources;
  }
  return policy;
}

/** The OAuth popup's landing page (issue 15): our script and stylesheet, nothing else. */
const CALLBACK_PAGE_POLICY: Policy = {
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
  'object-src': ["'none'"],
};

/** What every answer carries, whatever its policy; the opener policy is 'same-origin' unless a page needs popups. */
function expectCommonHeaders(
  headers: IncomingHttpHeaders | LightMyRequestResponse['headers'],
  https = true,
  openerPolicy: 'same-origin' | 'same-origin-allow-popups' | 'unsafe-none' = 'same-origin',
): void {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['cross-origin-opener-policy']).toBe(openerPolicy);
  expect(headers['x-powered-by']).toBeUndefined();
  expect(policyOf(headers)['frame-ancestors']).toEqual(["'none'"]);
  if (https) expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  else expect(headers['strict-transport-security']).toBeUndefined();
}

async function fakeWebBuild(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'kartvizit-headers-dist-'));
  await mkdir(join(dir, 'assets'), { recursive: true });
  await writeFile(join(dir, 'index.html'), '<!doctype html><html lang="tr"><title>Dijital Kartvizit</title></html>');
  await writeFile(join(dir, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
  await writeFile(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

let product: TestProduct;
let dist: string;
let owner: CardOwner;
let picture: string;
/** Read-your-writes: every route waits until its read models hold what beforeAll wrote. */
let settled: Record<string, string>;

beforeAll(async () => {
  dist = await fakeWebBuild();
  product = await startTestProduct({ webDistDir: dist });
  owner = await ownerWithCard(product, 'Vitrin');
  const saved = await saveProfile(
    product,
    'PUT',
    profileForm(
      { firstName: 'Ayşe', lastName: 'Yılmaz' },
      { profilePicture: { bytes: await photo(40, 40), name: 'a.jpg', type: 'image/jpeg' } },
    ),
    owner.token,
  );
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  picture = saved.body.profile?.profilePicture ?? '';
  expect(picture).toMatch(/^\/media\//);
  settled = await seenEverything(product);
  // Each read waits up to a moment for the read models; on a busy machine ask again until they are there.
  for (let attempt = 0; attempt < 30; attempt++) {
    const reads = await Promise.all(
      [`/api/cards/mine/${owner.cardId}`, `/api/profile/card/${owner.cardId}`, `/p/${owner.cardId}`].map((url) =>
        product.app.inject({ method: 'GET', url, headers: { ...settled, authorization: `Bearer ${owner.token}` } }),
      ),
    );
    if (reads.every((read) => read.headers[STALE_HEADER] === undefined)) break;
  }
});
afterAll(async () => {
  await product?.close();
  await rm(dist, { recursive: true, force: true });
});

const inject = (
  method: 'GET' | 'HEAD' | 'POST' | 'PUT',
  url: string,
  token?: string,
  payload?: Record<string, unknown>,
) =>
  product.app.inject({
    method,
    url,
    headers: { ...settled, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(payload ? { payload } : {}),
  });

describe('the web app', () => {
  it.each([
    '/',
    '/dashboard',
    '/profile',
    '/cards',
    '/stats',
    '/leads',
    '/auth/login',
    '/auth/register',
    '/bir/yol/yok',
  ])('the app shell at %s: scripts and styles from our origin only, never framed', async (path) => {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await inject(method, path);
      // An address the app does not have gets the shell's 404 page, with a 404 status.
      expect(response.statusCode).toBe(path === '/bir/yol/yok' ? 404 : 200);
      expect(response.headers['content-type']).toContain('text/html');
      // The dashboard opens the OAuth popup ('Toplantılar'): its popups keep their opener, as the card page's do.
      expectCommonHeaders(response.headers, true, 'same-origin-allow-popups');
      expect(policyOf(response.headers)).toEqual(WEB_APP_POLICY);
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    }
  });

  it.each(['/assets/app-1a2b3c.js', '/favicon.svg'])('the static file %s', async (path) => {
    const response = await inject('GET', path);
    expect(response.statusCode).toBe(200);
    expectCommonHeaders(response.headers, true, 'same-origin-allow-popups');
    expect(policyOf(response.headers)).toEqual(WEB_APP_POLICY);
  });

  it('a missing asset is a 404 with the same headers', async () => {
    const response = await inject('GET', '/assets/eski-surum.js');
    expect(response.statusCode).toBe(404);
    expectCommonHeaders(response.headers, true, 'same-origin-allow-popups');
  });
});

describe('the API', () => {
  it.each([
    ['GET', '/api/config/public', undefined, 200],
    ['GET', '/api/auth/me', undefined, 401],
    ['GET', '/api/cards/my-cards', 'owner', 200],
    ['GET', '/api/leads?search=a', 'owner', 200],
    ['GET', '/api/boyle-bir-sey-yok', undefined, 404],
    ['POST', '/api/auth/login', undefined, 401],
    ['PUT', '/api/cards/deactivate/VC-YOKYOK', 'owner', 404],
    ['POST', '/api/boyle-bir-sey-yok', undefined, 404],
  ] as const)('%s %s answers JSON (%s) with the API policy', async (method, url, auth, status) => {
    const payload = method === 'POST' ? { email: 'kimse@example.com', password: 'yanlis-parola' } : undefined;
    const response = await inject(method, url, auth ? owner.token : undefined, payload);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.headers['content-type']).toContain('application/json');
    expectCommonHeaders(response.headers);
    expect(policyOf(response.headers)).toEqual(API_POLICY);
  });

  it.each(['png', 'svg'])('the QR image (%s) may load nothing and is not shared with other sites', async (format) => {
    const response = await inject('GET', `/api/cards/${owner.cardId}/qr.${format}`);
    expect(response.statusCode).toBe(200);
    expectCommonHeaders(response.headers);
    expect(policyOf(response.headers)).toEqual(API_POLICY);
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('the contact file (vCard)', async () => {
    const response = await inject('GET', `/api/profile/card/${owner.cardId}/contact.vcf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/vcard');
    expectCommonHeaders(response.headers);
    expect(policyOf(response.headers)).toEqual(API_POLICY);
  });

  it('the live statistics stream, which its route writes itself', async () => {
    const address = await product.app.listen({ port: 0, host: '127.0.0.1' });
    const headers = await new Promise<IncomingHttpHeaders>((resolve, reject) => {
      const request = httpRequest(
        `${address}/api/statistics/stream`,
        { headers: { authorization: `Bearer ${owner.token}` } },
        (response) => {
          resolve(response.headers);
          request.destroy();
        },
      );
      request.on('error', reject);
      request.end();
    });
    expect(headers['content-type']).toContain('text/event-stream');
    expectCommonHeaders(headers);
    expect(policyOf(headers)).toEqual(API_POLICY);
  });
});

describe('the public card', () => {
  it.each([
    ['an active card', (): string => `/p/${owner.cardId}`, 200],
    ['an unknown card', (): string => '/p/VC-YOKYOK', 404],
    ['a trailing slash', (): string => `/p/${owner.cardId}/`, 301],
  ] as const)('%s keeps the page policy (inline critical CSS, https images)', async (_label, path, status) => {
    const response = await inject('GET', path());
    expect(response.statusCode).toBe(status);
    // The owner's meeting tools open the OAuth popup from the card and must keep their handle on it (issue 15).
    expectCommonHeaders(response.headers, true, 'same-origin-allow-popups');
    expect(policyOf(response.headers)).toEqual(PUBLIC_PAGE_POLICY);
  });
});

describe('the OAuth callback page', () => {
  it.each(['google', 'microsoft', 'zoom', 'calendly'])(
    'given the popup lands on /auth/%s/callback, then the page loads only our own files and severs no opener',
    async (provider) => {
      const response = await inject('GET', `/auth/${provider}/callback`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expectCommonHeaders(response.headers, true, 'unsafe-none');
      expect(policyOf(response.headers)).toEqual(CALLBACK_PAGE_POLICY);
      expect(response.body).toContain('Lütfen bekleyin, kimlik doğrulama tamamlanıyor...');
      expect(response.body).toContain(`"type":"${provider}_auth"`);
    },
  );

  it.each(['start', 'exchange'])(
    'given the popup passes through oauth/{provider}/%s, then the redirect severs no opener either',
    async (step) => {
      const response = await inject('GET', `/api/integration/oauth/google/${step}`);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toMatch(/^\/auth\/google\/callback#error=/);
      expect(response.headers['cross-origin-opener-policy']).toBe('unsafe-none');
      expect(policyOf(response.headers)).toEqual(API_POLICY);
    },
  );

  it('given a provider we do not know, then it is the web app’s 404 page, with the app’s policy', async () => {
    const response = await inject('GET', '/auth/facebook/callback');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<title>Dijital Kartvizit</title>');
    expectCommonHeaders(response.headers, true, 'same-origin-allow-popups');
    expect(policyOf(response.headers)).toEqual(WEB_APP_POLICY);
  });
});

describe('uploaded files', () => {
  it('an image is a sandboxed document others may embed, and HEAD tells its real length', async () => {
    const got = await inject('GET', picture);
    expect(got.statusCode).toBe(200);
    expectCommonHeaders(got.headers);
    expect(policyOf(got.headers)).toEqual(MEDIA_POLICY);
    expect(got.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(Number(got.headers['content-length'])).toBe(got.rawPayload.length);

    const head = await inject('HEAD', picture);
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(got.rawPayload.length));
    expect(head.rawPayload.length).toBe(0);
    expect(policyOf(head.headers)).toEqual(MEDIA_POLICY);
  });

  it('a missing file is a 404 with the same headers', async () => {
    const response = await inject('GET', '/media/profiles/yok/resim-0000.jpg');
    expect(response.statusCode).toBe(404);
    expectCommonHeaders(response.headers);
    expect(policyOf(response.headers)).toEqual(MEDIA_POLICY);
  });
});

describe('HSTS', () => {
  it('is not sent when PUBLIC_BASE_URL is plain http (a browser would refuse the site until it expires)', async () => {
    const plain = await startTestProduct({ webDistDir: dist, publicBaseUrl: 'http://localhost:3000' });
    try {
      for (const url of ['/', '/api/config/public', '/api/yok', '/api/cards/details/%C0%AF']) {
        const response = await plain.get(url);
        expectCommonHeaders(response.headers, false, url === '/' ? 'same-origin-allow-popups' : 'same-origin');
      }
    } finally {
      await plain.close();
    }
  });
});

describe('each service on its own', () => {
  const common = () => ({
    pool: product.pool,
    store: product.store,
    appSecret: product.appSecret,
    blobs: product.blobs,
    publicBaseUrl: product.publicBaseUrl,
    logLevel: 'silent',
  });

  async function check(app: FastifyInstance, urls: readonly string[]): Promise<void> {
    try {
      for (const url of urls) {
        const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${owner.token}` } });
        expect(response.headers['content-type'], url).toContain('application/json');
        expectCommonHeaders(response.headers);
        expect(policyOf(response.headers)).toEqual(API_POLICY);
      }
    } finally {
      await app.close();
    }
  }

  it('command-api', async () => {
    const app = await buildCommandApi({
      ...common(),
      codec: product.codec,
      authRateLimitPerMinute: 0,
      telemetry: { rateLimitPerMinute: 0 },
    });
    await check(app, ['/api/health', '/api/yok', '/api/auth/me']);
  });

  it('query-api', async () => {
    const app = await buildQueryApi({ ...common(), maps: testMapsSettings() });
    await check(app, ['/api/health', '/api/cards/my-cards', '/api/yok']);
  });
});
