import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, SignJWT } from 'jose';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { MESSAGES, signInLockedMessage, VALIDATION_MESSAGES } from '@kartvizit/schemas';
import { deriveKey } from '@kartvizit/infra/config/secrets';
import { buildApp } from '@kartvizit/command-api/app';
import { SignInThrottle } from '@kartvizit/infra/auth/sign-in-throttle';
import { newOwner, startTestProduct, type TestProduct } from '../support/product.ts';

/**
 * Sign-in throttling per account (docs/decisions/0013-sign-in-throttling.md), through the real
 * composition. The per-address limit is on (3 a minute) and every request comes from an address of its
 * own, as a botnet's would: only the per-account throttle stands in the way. The throttle's clock is
 * the test's: locks end when the test moves it, nothing sleeps.
 */

interface Body {
  success: boolean;
  message?: string;
  token?: string;
  deviceToken?: string;
  user?: { id: string };
}

const body = (response: LightMyRequestResponse) => JSON.parse(response.body) as Body;

let nowMs = Date.now();
const clock = () => new Date(nowMs);
const advance = (seconds: number) => {
  nowMs += seconds * 1000;
};

const logLines: string[] = [];
const usedAddresses: string[] = [];
let addressCounter = 0;
/** A client address no earlier request used (10.x.y.z). */
function nextAddress(): string {
  addressCounter += 1;
  const address = `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
  usedAddresses.push(address);
  return address;
}

let product: TestProduct;
beforeAll(async () => {
  product = await startTestProduct({
    authRateLimitPerMinute: 3,
    signInThrottle: { now: clock },
    logLevel: 'info',
    logStream: { write: (line) => void logLines.push(line) },
  });
});
afterAll(async () => {
  await product?.close();
});

function signInOn(app: FastifyInstance, payload: { email: string; password: string; deviceTokens?: string[] }) {
  return app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: nextAddress(), payload });
}
const signIn = (payload: { email: string; password: string; deviceTokens?: string[] }) => signInOn(product.app, payload);

async function register(): Promise<{ email: string; password: string; deviceToken: string; token: string }> {
  const owner = newOwner();
  const response = await product.app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress: nextAddress(), payload: owner });
  expect(response.statusCode, response.body).toBe(200);
  const { deviceToken, token } = body(response);
  if (!deviceToken || !token) throw new Error('registration answered without tokens');
  return { email: owner.email, password: owner.password, deviceToken, token };
}

/** `count` wrong passwords on `email`, each from a new address, one after another; their statuses. */
async function failures(email: string, count: number, deviceTokens?: string[]): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    statuses.push((await signIn({ email, password: `yanlis-parola-${i}`, deviceTokens })).statusCode);
  }
  return statuses;
}

const lockedAnswer = (seconds: number) => ({ success: false, message: signInLockedMessage(seconds) });

describe('an address under attack from many client addresses', () => {
  it('is locked after five failures: the sixth starts the lock, then even the right password is refused with 429 unchecked', async () => {
    const owner = await register();

    const statuses = await failures(owner.email, 100);
    expect(statuses.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(statuses.slice(6)).toEqual(Array.from({ length: 94 }, () => 429));

    const right = await signIn({ email: owner.email, password: owner.password });
    expect(right.statusCode).toBe(429);
    expect(body(right)).toEqual(lockedAnswer(5));
    expect(right.headers['retry-after']).toBe('5');
    // The right and a wrong password get the very same answer: a lock is no password oracle.
    const wrong = await signIn({ email: owner.email, password: 'yanlis-parola' });
    expect({ status: wrong.statusCode, body: wrong.body }).toEqual({ status: right.statusCode, body: right.body });
  });

  it('still lets the owner in from a device that signed in before, with a renewed token for the same device', async () => {
    const owner = await register();
    await failures(owner.email, 20);
    expect((await signIn({ email: owner.email, password: owner.password })).statusCode).toBe(429);

    const known = await signIn({ email: owner.email, password: owner.password, deviceTokens: [owner.deviceToken] });
    expect(known.statusCode, known.body).toBe(200);
    const renewed = body(known);
    expect(renewed).toMatchObject({ success: true, message: MESSAGES.loginSuccess });
    expect(renewed.deviceToken?.split('.')[1]).toBe(owner.deviceToken.split('.')[1]);
    expect((await product.get('/api/auth/me', renewed.token)).statusCode).toBe(200);

    // The owner's success does not unlock the address for the strangers.
    expect((await signIn({ email: owner.email, password: owner.password })).statusCode).toBe(429);
  });

  it('is unlocked when the lock ends; the next failure locks twice as long, up to 15 minutes', async () => {
    const owner = await register();
    await failures(owner.email, 6);
    expect(body(await signIn({ email: owner.email, password: owner.password }))).toEqual(lockedAnswer(5));

    advance(4);
    expect(body(await signIn({ email: owner.email, password: owner.password }))).toEqual(lockedAnswer(1));
    advance(1);
    expect(await failures(owner.email, 1)).toEqual([401]);
    const doubled = await signIn({ email: owner.email, password: owner.password });
    expect(doubled.headers['retry-after']).toBe('10');

    const locks: number[] = [];
    for (let i = 0; i < 10; i++) {
      advance(Number((await signIn({ email: owner.email, password: 'yanlis' })).headers['retry-after']));
      expect(await failures(owner.email, 1)).toEqual([401]);
      const refused = await signIn({ email: owner.email, password: owner.password });
      expect(refused.statusCode).toBe(429);
      locks.push(Number(refused.headers['retry-after']));
    }
    expect(locks).toEqual([20, 40, 80, 160, 320, 640, 900, 900, 900, 900]);
    expect(body(await signIn({ email: owner.email, password: owner.password }))).toEqual(lockedAnswer(900));

    advance(900);
    const back = await signIn({ email: owner.email, password: owner.password });
    expect(back.statusCode, back.body).toBe(200);
    // A success starts the count again: five more failures are free.
    expect(await failures(owner.email, 6)).toEqual([401, 401, 401, 401, 401, 401]);
    expect((await signIn({ email: owner.email, password: owner.password })).statusCode).toBe(429);
  });

  it('treats an address nobody registered exactly like a registered one', async () => {
    const owner = await register();
    const stranger = newOwner().email;
    const journey = async (email: string) => {
      const answers: Array<{ status: number; body: string; retryAfter: unknown }> = [];
      for (const password of ['a-1', 'a-2', 'a-3', 'a-4', 'a-5', 'a-6', 'a-7', 'a-8']) {
        const response = await signIn({ email, password });
        answers.push({ status: response.statusCode, body: response.body, retryAfter: response.headers['retry-after'] });
      }
      return answers;
    };
    const known = await journey(owner.email);
    const unknown = await journey(stranger);
    expect(unknown).toEqual(known);
    expect(known.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
  });

  it('counts the address in any letter case and with spaces as one address', async () => {
    const owner = await register();
    await failures(owner.email.toUpperCase(), 3);
    await failures(`  ${owner.email} `, 3);
    expect((await signIn({ email: owner.email, password: owner.password })).statusCode).toBe(429);
  });

  it('is not helped by a forged device token, another address’s token, or a token of another installation', async () => {
    const owner = await register();
    const other = await register();
    await failures(owner.email, 6);

    const [version, deviceId, issuedAt, signature] = owner.deviceToken.split('.');
    const forged = [
      `${version}.${deviceId}.${Number(issuedAt) + 1}.${signature}`,
      `${version}.AAAAAAAAAAAAAAAAAAAAAA.${issuedAt}.${signature}`,
      `${version}.${deviceId}.${issuedAt}.${'A'.repeat(43)}`,
    ];
    const elsewhere = await startTestProduct();
    let foreignInstallation: string;
    try {
      const registered = await elsewhere.post('/api/auth/register', { ...newOwner(), email: owner.email, password: owner.password });
      foreignInstallation = body(registered).deviceToken ?? '';
    } finally {
      await elsewhere.close();
    }
    for (const deviceTokens of [forged, [other.deviceToken], [foreignInstallation], ['', 'd1', 'x'.repeat(200)]]) {
      const response = await signIn({ email: owner.email, password: owner.password, deviceTokens });
      expect(response.statusCode, JSON.stringify(deviceTokens)).toBe(429);
    }
    expect((await signIn({ email: owner.email, password: owner.password, deviceTokens: [other.deviceToken, owner.deviceToken] })).statusCode).toBe(200);
  });

  it('refuses more than five device tokens in one attempt with a Turkish 400', async () => {
    const owner = await register();
    const response = await signIn({ email: owner.email, password: owner.password, deviceTokens: Array.from({ length: 6 }, () => owner.deviceToken) });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toEqual({ success: false, message: VALIDATION_MESSAGES.invalid('deviceTokens'), field: 'deviceTokens' });
    expect(VALIDATION_MESSAGES.invalid('deviceTokens')).toBe('Cihaz anahtarları alanı geçersiz');
  });

  it('admits at most six of 40 simultaneous guesses to the password check', async () => {
    const owner = await register();
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signIn({ email: owner.email, password: `ayni-anda-${i}` })),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(6);
    expect(statuses.filter((status) => status === 429)).toHaveLength(34);
  });

  it('shares the count between command-api processes on one database', async () => {
    const second = await buildApp({
      pool: product.pool,
      store: product.store,
      codec: product.codec,
      blobs: product.blobs,
      appSecret: product.appSecret,
      authRateLimitPerMinute: 0,
      signInThrottle: { now: clock },
      publicBaseUrl: product.publicBaseUrl,
      logLevel: 'silent',
    });
    try {
      const owner = await register();
      await failures(owner.email, 3);
      for (let i = 0; i < 3; i++) expect((await signInOn(second, { email: owner.email, password: `ikinci-${i}` })).statusCode).toBe(401);
      expect((await signIn({ email: owner.email, password: owner.password })).statusCode).toBe(429);
      expect((await signInOn(second, { email: owner.email, password: owner.password })).statusCode).toBe(429);
      // The owner's device is known to every process.
      expect((await signInOn(second, { email: owner.email, password: owner.password, deviceTokens: [owner.deviceToken] })).statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });
});

describe('a known device', () => {
  it('has a counter of its own whose lock stays short, and the stranger’s lock does not reach it', async () => {
    const owner = await register();
    const device = [owner.deviceToken];
    expect(await failures(owner.email, 7, device)).toEqual([401, 401, 401, 401, 401, 401, 429]);
    // The device's own failures did not touch the address's counter.
    advance(5);
    expect(await failures(owner.email, 6)).toEqual([401, 401, 401, 401, 401, 401]);

    const locks: number[] = [];
    for (let i = 0; i < 6; i++) {
      expect(await failures(owner.email, 1, device)).toEqual([401]);
      const refused = await signIn({ email: owner.email, password: owner.password, deviceTokens: device });
      expect(refused.statusCode).toBe(429);
      locks.push(Number(refused.headers['retry-after']));
      advance(locks.at(-1) ?? 0);
    }
    expect(locks).toEqual([10, 20, 40, 60, 60, 60]);
    expect((await signIn({ email: owner.email, password: owner.password, deviceTokens: device })).statusCode).toBe(200);
  });

  it('is the browser that registered, too', async () => {
    const owner = await register();
    await failures(owner.email, 6);
    expect((await signIn({ email: owner.email, password: owner.password })).statusCode).toBe(429);
    expect((await signIn({ email: owner.email, password: owner.password, deviceTokens: [owner.deviceToken] })).statusCode).toBe(200);
  });
});

describe('the log of a lock', () => {
  it('names the subject by an HMAC prefix with the failure count and the lock length, never the e-mail, password or client address', async () => {
    const owner = await register();
    const from = logLines.length;
    await failures(owner.email, 7);
    const lines = logLines.slice(from);
    const locks = lines
      .map((line) => JSON.parse(line) as { msg?: string; signInLock?: { subject: string; key: string; failures: number; lockSeconds: number } })
      .filter((entry) => entry.msg === 'sign-in locked');
    expect(locks).toHaveLength(1);
    expect(locks[0]?.signInLock).toEqual({ subject: 'address', key: expect.stringMatching(/^[0-9a-f]{12}$/) as string, failures: 6, lockSeconds: 5 });
    const all = logLines.join('\n');
    expect(all).not.toContain(owner.email);
    expect(all).not.toContain('yanlis-parola');
    expect(all).not.toContain(owner.password);
    for (const address of usedAddresses) expect(all).not.toContain(`"${address}"`);
  });

  it('keeps no e-mail address and no client address in the throttle table', async () => {
    const owner = await register();
    await failures(owner.email, 2);
    const { rows } = await product.pool.query<{ row: string }>('SELECT t::text AS row FROM sign_in_throttle t');
    expect(rows.length).toBeGreaterThan(0);
    const table = rows.map((row) => row.row).join('\n');
    expect(table).not.toContain(owner.email.split('@')[0]);
    // The addresses themselves: a bare '10.' would also match a timestamp's ':10.123' seconds.
    for (const address of usedAddresses) expect(table).not.toMatch(new RegExp(`(^|[^0-9.])${address.replaceAll('.', '\\.')}($|[^0-9])`));
  });
});

describe('forgetting', () => {
  it('deletes the records of addresses nobody tried for a day', async () => {
    const quiet = await register();
    await failures(quiet.email, 6);
    const subject = new SignInThrottle(product.pool, deriveKey(product.appSecret, 'sign-in-throttle')).address(quiet.email).key;
    const kept = async () =>
      (await product.pool.query('SELECT 1 FROM sign_in_throttle WHERE subject = $1', [subject])).rowCount;
    expect(await kept()).toBe(1);

    advance(24 * 60 * 60 - 1);
    await failures(newOwner().email, 1);
    expect(await kept()).toBe(1);
    advance(2);
    await failures(newOwner().email, 1);
    expect(await kept()).toBe(0);
    // The quiet address starts again from zero.
    expect(await failures(quiet.email, 5)).toEqual([401, 401, 401, 401, 401]);
  });
});

describe('session tokens', () => {
  it('refuses a genuine-looking token issued in the future', async () => {
    const owner = newOwner();
    const registered = body(await product.app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress: nextAddress(), payload: owner }));
    const userId = registered.user?.id ?? '';
    const { rows } = await product.pool.query<{ tokens_valid_after: Date }>(
      'SELECT tokens_valid_after FROM account_credentials WHERE user_id = $1',
      [userId],
    );
    const sv = rows[0]?.tokens_valid_after.getTime();
    // The session the registration began (issue 34): a token names it.
    const sid = decodeJwt(String(registered.token)).sid;
    const sign = (iat: number) =>
      new SignJWT({ sv, sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuedAt(iat)
        .setExpirationTime(iat + 3600)
        .sign(deriveKey(product.appSecret, 'session-tokens'));
    const nowSeconds = Math.floor(Date.now() / 1000);

    expect((await product.get('/api/auth/me', await sign(nowSeconds))).statusCode).toBe(200);
    // A few seconds of drift between the machines of the scaled shape is not a forgery.
    expect((await product.get('/api/auth/me', await sign(nowSeconds + 5))).statusCode).toBe(200);
    for (const ahead of [3600, 7 * 24 * 3600]) {
      const future = await product.get('/api/auth/me', await sign(nowSeconds + ahead));
      expect(future.statusCode).toBe(401);
      expect(body(future)).toEqual({ success: false, message: MESSAGES.sessionExpired });
    }
  });
});
