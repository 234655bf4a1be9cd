import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, VALIDATION_MESSAGES } from '@kartvizit/schemas';
import { newOwner, startTestProduct, type TestProduct } from '../support/product.ts';

/**
 * Hostile and broken requests against every endpoint of issue 34 (two-step sign-in, passkeys, sessions, the office's
 * requirement): NUL bytes, 1 MB strings, wrong types, missing fields. Each gets a 4xx with a Turkish message from the
 * catalogue, never a 500, and the event log does not change.
 */
let product: TestProduct;
let token: string;
let officeId: string;

beforeAll(async () => {
  product = await startTestProduct();
  const response = await product.post('/api/auth/register', newOwner());
  token = (JSON.parse(response.body) as { token: string }).token;
  const office = await product.post('/api/offices', { name: 'Kötü Girdi Emlak', slug: `kotu-${Date.now()}` }, token);
  officeId = (JSON.parse(office.body) as { data: { officeId: string } }).data.officeId;
});
afterAll(async () => {
  await product?.close();
});

const TURKISH = new Set<string>([...Object.values(MESSAGES), ...Object.values(VALIDATION_MESSAGES)].map(String));
const MEGABYTE = 'ş'.repeat(1024 * 1024);

interface Endpoint {
  readonly method: 'POST' | 'PUT' | 'DELETE';
  readonly url: () => string;
  readonly owner: boolean;
  /** A body of the right shape, whose string fields the cases below spoil one at a time. */
  readonly body: Record<string, unknown>;
}

const ENDPOINTS: readonly Endpoint[] = [
  { method: 'POST', url: () => '/api/auth/2fa/verify', owner: false, body: { challenge: 'abc', code: '123456' } },
  { method: 'POST', url: () => '/api/auth/2fa/enable', owner: true, body: { code: '123456' } },
  {
    method: 'POST',
    url: () => '/api/auth/2fa/disable',
    owner: true,
    body: { password: 'gizli-sifre', code: '123456' },
  },
  { method: 'POST', url: () => '/api/auth/passkeys', owner: true, body: { name: 'Telefon', response: { id: 'x' } } },
  { method: 'POST', url: () => '/api/auth/passkeys/login', owner: false, body: { response: { id: 'x' } } },
  {
    method: 'PUT',
    url: () => `/api/offices/${officeId}/security`,
    owner: true,
    body: { requireSecondStep: true },
  },
];

function cases(body: Record<string, unknown>): [string, unknown][] {
  const spoiled: [string, unknown][] = [
    ['an empty body', {}],
    ['an array', [body]],
    ['an unknown field', { ...body, extra: 'x' }],
  ];
  for (const [field, value] of Object.entries(body)) {
    if (typeof value === 'string') {
      spoiled.push([`NUL in ${field}`, { ...body, [field]: `a\u0000b` }]);
      spoiled.push([`1 MB in ${field}`, { ...body, [field]: MEGABYTE }]);
    }
    spoiled.push([`a number as ${field}`, { ...body, [field]: 42 }]);
    spoiled.push([`a list as ${field}`, { ...body, [field]: ['x'] }]);
  }
  return spoiled;
}

describe('issue 34 endpoints under bad input', () => {
  for (const endpoint of ENDPOINTS) {
    for (const [what, payload] of cases(endpoint.body)) {
      it(`${endpoint.method} ${endpoint.url()}: ${what} is a Turkish 4xx and appends nothing`, async () => {
        const before = await product.eventCount();
        const response = await product.app.inject({
          method: endpoint.method,
          url: endpoint.url(),
          headers: {
            'content-type': 'application/json',
            ...(endpoint.owner ? { authorization: `Bearer ${token}` } : {}),
          },
          payload: JSON.stringify(payload),
        });
        expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, response.body).toBeLessThan(500);
        const answer = JSON.parse(response.body) as { success: boolean; message: string };
        expect(answer.success).toBe(false);
        expect(TURKISH.has(answer.message) || /[çğıöşüİ]/.test(answer.message), answer.message).toBe(true);
        expect(await product.eventCount()).toBe(before);
      });
    }
  }

  it("answers a session or passkey id that is no id, or another owner's, with a Turkish 404", async () => {
    const other = JSON.parse((await product.post('/api/auth/register', newOwner())).body) as { token: string };
    for (const url of [
      '/api/account/sessions/%00',
      `/api/account/sessions/${'a'.repeat(90)}`,
      '/api/auth/passkeys/00000000-0000-4000-8000-000000000000',
    ]) {
      const response = await product.app.inject({
        method: 'DELETE',
        url,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode, `${url} ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    // Another owner's live session, by its id: not found, and it goes on.
    const { sid } = JSON.parse(Buffer.from(other.token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      sid: string;
    };
    const theirs = await product.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${sid}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(JSON.parse(theirs.body)).toEqual({ success: false, message: MESSAGES.sessionNotFound });
    expect((await product.get('/api/auth/me', other.token)).statusCode).toBe(200);
  });
});
