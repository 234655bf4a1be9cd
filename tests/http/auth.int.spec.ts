import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, MIN_POSITION_HEADER } from '@kartvizit/schemas';
import { newOwner, startTestProduct, type TestProduct } from '../support/product.ts';

interface Body {
  success: boolean;
  message?: string;
  field?: string;
  token?: string;
  position?: string;
  user?: { id: string; email: string; firstName: string; lastName: string };
}

let product: TestProduct;
beforeAll(async () => {
  product = await startTestProduct();
});
afterAll(async () => {
  await product?.close();
});

const body = (response: { body: string }) => JSON.parse(response.body) as Body;

describe('registering an account', () => {
  it('answers with a token, the user and a position the next query can wait for', async () => {
    const owner = newOwner({ email: `  Ayşe.${Date.now()}@Example.COM ` });
    const response = await product.post('/api/auth/register', owner);
    expect(response.statusCode).toBe(200);
    const result = body(response);
    expect(result).toMatchObject({ success: true, message: MESSAGES.registerSuccess });
    expect(result.user).toMatchObject({ firstName: 'Ayşe', lastName: 'Yılmaz', email: owner.email.trim().toLowerCase() });

    // Read-your-writes: with the position, /me sees the account at once.
    const me = await product.get('/api/auth/me', result.token, { [MIN_POSITION_HEADER]: result.position ?? '' });
    expect(me.statusCode).toBe(200);
    expect(body(me).user).toMatchObject({ id: result.user?.id, firstName: 'Ayşe' });
    expect(me.headers['x-read-model-stale']).toBeUndefined();
  });

  it('refuses the same e-mail in another letter case, appends nothing and leaves no credential behind', async () => {
    const owner = newOwner();
    expect((await product.post('/api/auth/register', owner)).statusCode).toBe(200);
    const events = await product.eventCount();
    const credentials = await product.pool.query('SELECT count(*)::int AS n FROM account_credentials');

    const again = await product.post('/api/auth/register', { ...newOwner(), email: owner.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(body(again)).toEqual({ success: false, message: MESSAGES.emailTaken, field: 'email' });
    expect(await product.eventCount()).toBe(events);
    const after = await product.pool.query('SELECT count(*)::int AS n FROM account_credentials');
    expect(after.rows).toEqual(credentials.rows);
  });

  it('lets exactly one of 10 concurrent registrations of one address win', async () => {
    const email = `yaris-${Date.now()}@example.com`;
    const variants = Array.from({ length: 10 }, (_, i) => (i % 2 ? email.toUpperCase() : email));
    const responses = await Promise.all(variants.map((variant) => product.post('/api/auth/register', newOwner({ email: variant }))));
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(9);
  });

  it('keeps personal data and secrets out of the event log', async () => {
    const owner = newOwner({ firstName: 'Gülşen', lastName: 'Öztürkçü', password: 'çok-gizli-parola' });
    await product.post('/api/auth/register', owner);
    const log = await product.pool.query<{ text: string }>('SELECT string_agg(data::text || metadata::text, \' \') AS text FROM events');
    const text = log.rows[0]?.text ?? '';
    expect(text).not.toContain(owner.email);
    expect(text).not.toContain('Gülşen');
    expect(text).not.toContain('Öztürkçü');
    expect(text).not.toContain(owner.password);
    expect(text).not.toContain('$argon2');
  });
});

describe('signing in', () => {
  it('succeeds with the right password, in any letter case of the e-mail', async () => {
    const owner = newOwner();
    await product.post('/api/auth/register', owner);
    const response = await product.post('/api/auth/login', { email: owner.email.toUpperCase(), password: owner.password });
    expect(response.statusCode).toBe(200);
    expect(body(response)).toMatchObject({ success: true, message: MESSAGES.loginSuccess, user: { firstName: 'Ayşe' } });
  });

  it('answers a wrong password and an unknown address alike', async () => {
    const owner = newOwner();
    await product.post('/api/auth/register', owner);
    const wrong = await product.post('/api/auth/login', { email: owner.email, password: 'yanlis-parola' });
    const unknown = await product.post('/api/auth/login', { email: `yok-${Date.now()}@example.com`, password: 'yanlis-parola' });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(body(response)).toEqual({ success: false, message: MESSAGES.invalidCredentials });
    }
  });
});

describe('the current user', () => {
  it('needs a valid token', async () => {
    for (const token of [undefined, 'garbage', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl']) {
      const response = await product.get('/api/auth/me', token);
      expect(response.statusCode).toBe(401);
      expect(body(response)).toEqual({ success: false, message: MESSAGES.sessionExpired });
    }
  });
});

describe('changing the password', () => {
  it('signs out every older token, keeps the new one, and changes what logs in', async () => {
    const owner = newOwner();
    const registered = body(await product.post('/api/auth/register', owner));
    const oldToken = registered.token;

    const response = await product.post(
      '/api/auth/change-password',
      { currentPassword: owner.password, newPassword: 'yeni-parola-2' },
      oldToken,
    );
    expect(response.statusCode).toBe(200);
    const changed = body(response);
    expect(changed).toMatchObject({ success: true, message: MESSAGES.passwordChanged });

    expect((await product.get('/api/auth/me', oldToken)).statusCode).toBe(401);
    expect((await product.get('/api/auth/me', changed.token)).statusCode).toBe(200);
    expect((await product.post('/api/auth/login', { email: owner.email, password: owner.password })).statusCode).toBe(401);
    expect((await product.post('/api/auth/login', { email: owner.email, password: 'yeni-parola-2' })).statusCode).toBe(200);
  });

  it('refuses a wrong current password with a 400 beside that field (a 401 would sign the user out)', async () => {
    const owner = newOwner();
    const { token } = body(await product.post('/api/auth/register', owner));
    const events = await product.eventCount();
    const response = await product.post('/api/auth/change-password', { currentPassword: 'yanlis', newPassword: 'yeni-parola-2' }, token);
    expect(response.statusCode).toBe(400);
    expect(body(response)).toEqual({ success: false, message: MESSAGES.currentPasswordWrong, field: 'currentPassword' });
    expect(await product.eventCount()).toBe(events);
  });

  it('needs a signed-in user', async () => {
    const response = await product.post('/api/auth/change-password', { currentPassword: 'a', newPassword: 'bbbbbbbb' });
    expect(response.statusCode).toBe(401);
  });
});
