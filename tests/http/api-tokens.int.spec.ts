import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, MIN_POSITION_HEADER, apiTokenScopeMissingMessage, type ApiTokenView } from '@kartvizit/schemas';
import { newOwner, startTestProduct, type TestProduct } from '../support/product.ts';

/**
 * Issue 35: personal API tokens. The owner makes a token with scopes and an expiry, sees it once, uses it as a
 * session's Bearer token on the routes its scopes name and no others, sees its last use, and revokes it; a revoked or
 * expired token is refused at its next request; the token is in no event, read model or log line.
 */

interface Answer {
  success: boolean;
  message?: string;
  field?: string;
  token?: string;
  position?: string;
  user?: { id: string };
  data?: unknown;
}

let product: TestProduct;
const logLines: string[] = [];

beforeAll(async () => {
  product = await startTestProduct({ logLevel: 'info', logStream: { write: (line) => void logLines.push(line) } });
});
afterAll(async () => {
  await product?.close();
});

const DAY = 24 * 60 * 60_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { token?: string; body?: unknown; position?: string } = {},
) {
  const response = await product.app.inject({
    method,
    url,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.position ? { [MIN_POSITION_HEADER]: options.position } : {}),
    },
    ...(options.body !== undefined ? { payload: options.body as Record<string, unknown> } : {}),
  });
  return { status: response.statusCode, body: JSON.parse(response.body) as Answer, raw: response.body };
}

interface Owner {
  readonly userId: string;
  readonly session: string;
}

async function registered(): Promise<Owner> {
  const answer = await call('POST', '/api/auth/register', { body: newOwner() });
  expect(answer.status).toBe(200);
  return { userId: answer.body.user?.id ?? '', session: answer.body.token ?? '' };
}

async function createToken(owner: Owner, body: { name?: string; scopes?: string[]; expiresAt?: string } = {}) {
  const answer = await call('POST', '/api/tokens', {
    token: owner.session,
    body: { name: 'Zapier', scopes: ['leads:read'], expiresAt: inDays(90), ...body },
  });
  expect(answer.status, answer.raw).toBe(201);
  const data = answer.body.data as { id: string; token: string };
  return { id: data.id, token: data.token, position: answer.body.position ?? '' };
}

async function listTokens(owner: Owner, position?: string): Promise<ApiTokenView[]> {
  const answer = await call('GET', '/api/tokens', { token: owner.session, position });
  expect(answer.status, answer.raw).toBe(200);
  return answer.body.data as ApiTokenView[];
}

async function accountEvents(owner: Owner): Promise<number> {
  const { rows } = await product.pool.query<{ count: string }>('SELECT count(*) FROM events WHERE stream_id = $1', [
    `account-${owner.userId}`,
  ]);
  return Number(rows[0]?.count ?? 0);
}

describe('personal API tokens', () => {
  it('a token is shown once, reaches the routes its scopes name, is listed with its last use, and is refused once revoked', async () => {
    const owner = await registered();
    const created = await createToken(owner, { name: '  CRM   aktarımı ', scopes: ['statistics:read', 'leads:read'] });
    expect(created.token).toMatch(/^kv_pat_[A-Za-z0-9_-]{43}$/);
    expect(created.position).not.toBe('');

    const before = await listTokens(owner, created.position);
    expect(before).toEqual([
      {
        id: created.id,
        name: 'CRM aktarımı',
        scopes: ['leads:read', 'statistics:read'],
        createdAt: expect.any(String) as unknown,
        expiresAt: expect.any(String) as unknown,
        lastUsedAt: null,
        revokedAt: null,
        state: 'active',
      },
    ]);

    // A read route its scope names: the owner's own (empty) leads.
    const leads = await call('GET', '/api/leads', { token: created.token });
    expect(leads.status, leads.raw).toBe(200);
    const statistics = await call('GET', '/api/statistics/dashboard', { token: created.token });
    expect(statistics.status, statistics.raw).toBe(200);

    const after = await listTokens(owner);
    expect(after[0]?.lastUsedAt).not.toBeNull();
    // The list itself is the session's: its answer never repeats the token.
    expect(JSON.stringify(after)).not.toContain(created.token);

    const revoked = await call('DELETE', `/api/tokens/${created.id}`, { token: owner.session });
    expect(revoked.status, revoked.raw).toBe(200);
    expect(revoked.body.message).toBe(MESSAGES.apiTokenRevoked);
    const refused = await call('GET', '/api/leads', { token: created.token });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe(MESSAGES.apiTokenInvalid);
    const listed = await listTokens(owner, revoked.body.position);
    expect(listed[0]).toMatchObject({ id: created.id, state: 'revoked', revokedAt: expect.any(String) as unknown });

    // Revoking it again changes nothing and still answers 200.
    const events = await accountEvents(owner);
    const again = await call('DELETE', `/api/tokens/${created.id}`, { token: owner.session });
    expect(again.status).toBe(200);
    expect(await accountEvents(owner)).toBe(events);
  });

  it('a leads:read token cannot write, nor reach the account security, sessions, password or tokens themselves', async () => {
    const owner = await registered();
    const { token } = await createToken(owner);
    const products = await call('POST', '/api/products', { token, body: { name: 'Vazo' } });
    expect(products.status).toBe(403);
    expect(products.body.message).toBe(apiTokenScopeMissingMessage('products:write'));
    const leadWrite = await call('DELETE', '/api/leads/5f0c8f6e-6b8f-4b7e-9a5e-2f1f0b7c9d11', { token });
    expect(leadWrite.status).toBe(403);
    expect(leadWrite.body.message).toBe(apiTokenScopeMissingMessage('leads:write'));
    for (const [method, url, body] of [
      ['GET', '/api/account/security', undefined],
      ['POST', '/api/auth/change-password', { currentPassword: 'gizli-parola-1', newPassword: 'yeni-parola-123' }],
      ['POST', '/api/account/sessions/end-others', undefined],
      ['POST', '/api/tokens', { name: 'Kopya', scopes: ['leads:read'], expiresAt: inDays(30) }],
      ['GET', '/api/tokens', undefined],
      ['DELETE', '/api/account', { password: 'gizli-parola-1' }],
      ['GET', '/api/auth/me', undefined],
    ] as const) {
      const answer = await call(method, url, { token, body });
      expect(answer.status, `${method} ${url}`).toBe(403);
      expect(answer.body.message).toBe(MESSAGES.apiTokenRouteClosed);
    }
    // A token with products:write writes.
    const writer = await createToken(owner, { name: 'Katalog', scopes: ['products:write', 'products:read'] });
    const written = await call('POST', '/api/products', { token: writer.token, body: { name: 'Vazo' } });
    expect(written.status, written.raw).toBe(200);
    const read = await call('GET', '/api/products', { token: writer.token, position: written.body.position });
    expect(read.status, read.raw).toBe(200);
  });

  it('an expired token is refused at its next request, and listed as expired', async () => {
    const owner = await registered();
    const { id, token } = await createToken(owner, { expiresAt: inDays(1) });
    expect((await call('GET', '/api/leads', { token })).status).toBe(200);
    // The day passes: the row the owner hook checks says so (the read model's copy too, for the list).
    await product.pool.query("UPDATE api_tokens SET expires_at = now() - interval '1 second' WHERE token_id = $1", [
      id,
    ]);
    const refused = await call('GET', '/api/leads', { token });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe(MESSAGES.apiTokenInvalid);
    await product.pool.query("UPDATE rm_api_tokens SET expires_at = now() - interval '1 second' WHERE token_id = $1", [
      id,
    ]);
    expect((await listTokens(owner))[0]).toMatchObject({ id, state: 'expired' });
  });

  it('a forged or malformed token is refused with the token’s message; a session still signs in as before', async () => {
    const forged = `kv_pat_${'A'.repeat(43)}`;
    const answer = await call('GET', '/api/leads', { token: forged });
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe(MESSAGES.apiTokenInvalid);
    expect((await call('GET', '/api/leads', { token: 'kv_pat_kisa' })).status).toBe(401);
    const owner = await registered();
    expect((await call('GET', '/api/account/security', { token: owner.session })).status).toBe(200);
  });

  it('another owner’s token id is not found, and nothing is recorded', async () => {
    const ayse = await registered();
    const bora = await registered();
    const { id, token } = await createToken(ayse);
    const events = await accountEvents(bora);
    const answer = await call('DELETE', `/api/tokens/${id}`, { token: bora.session });
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe(MESSAGES.apiTokenNotFound);
    expect((await call('DELETE', '/api/tokens/bir-anahtar', { token: bora.session })).status).toBe(404);
    expect(await accountEvents(bora)).toBe(events);
    expect(await listTokens(bora)).toEqual([]);
    // Ayşe's token still works.
    expect((await call('GET', '/api/leads', { token })).status).toBe(200);
  });

  it('bad input is refused in Turkish with its field, and appends nothing', async () => {
    const owner = await registered();
    const events = await accountEvents(owner);
    const cases: readonly [Record<string, unknown>, string, string][] = [
      [{ name: '   ', scopes: ['leads:read'], expiresAt: inDays(30) }, MESSAGES.apiTokenNameMissing, 'name'],
      [{ name: 'x'.repeat(61), scopes: ['leads:read'], expiresAt: inDays(30) }, MESSAGES.apiTokenNameTooLong, 'name'],
      [{ name: 'A', scopes: [], expiresAt: inDays(30) }, MESSAGES.apiTokenScopesMissing, 'scopes'],
      [{ name: 'A', scopes: ['leads:delete'], expiresAt: inDays(30) }, MESSAGES.apiTokenScopeUnknown, 'scopes'],
      [{ name: 'A', scopes: ['leads:read'], expiresAt: 'yarın' }, MESSAGES.apiTokenExpiryInvalid, 'expiresAt'],
      [{ name: 'A', scopes: ['leads:read'], expiresAt: inDays(-1) }, MESSAGES.apiTokenExpiryTooSoon, 'expiresAt'],
      [{ name: 'A', scopes: ['leads:read'], expiresAt: inDays(400) }, MESSAGES.apiTokenExpiryTooLate, 'expiresAt'],
    ];
    for (const [body, message, field] of cases) {
      const answer = await call('POST', '/api/tokens', { token: owner.session, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toMatchObject({ success: false, message, field });
    }
    const missing = await call('POST', '/api/tokens', { token: owner.session, body: { name: 'A' } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(MESSAGES.fillAllFields);
    const unsigned = await call('POST', '/api/tokens', {
      body: { name: 'A', scopes: ['leads:read'], expiresAt: inDays(30) },
    });
    expect(unsigned.status).toBe(401);
    expect(await accountEvents(owner)).toBe(events);
    const { rows } = await product.pool.query('SELECT 1 FROM api_tokens WHERE user_id = $1', [owner.userId]);
    expect(rows).toEqual([]);
  });

  it('the token is in no event, read model or log line, and is kept only as a keyed hash', async () => {
    const owner = await registered();
    const { id, token } = await createToken(owner, { name: 'Gizli kontrol' });
    await call('GET', '/api/leads', { token });
    await listTokens(owner);
    const secretPart = token.slice('kv_pat_'.length);
    const { rows: tables } = await product.pool.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = 'public' AND (table_name LIKE 'rm_%' OR table_name IN ('events', 'api_tokens'))`,
    );
    expect(tables.map((table) => table.name)).toEqual(
      expect.arrayContaining(['events', 'rm_api_tokens', 'api_tokens']),
    );
    for (const { name } of tables) {
      const { rows } = await product.pool.query<{ count: string }>(
        `SELECT count(*) FROM "${name}" AS t WHERE t::text ILIKE $1`,
        [`%${secretPart}%`],
      );
      expect(Number(rows[0]?.count), `${name} holds the token`).toBe(0);
    }
    // The name is the owner's words: sealed in the log, plain only in the read model.
    const { rows: events } = await product.pool.query<{ data: unknown }>(
      "SELECT data FROM events WHERE stream_id = $1 AND type = 'ApiTokenCreated'",
      [`account-${owner.userId}`],
    );
    expect(JSON.stringify(events)).not.toContain('Gizli kontrol');
    const { rows: stored } = await product.pool.query<{ token_hash: Buffer }>(
      'SELECT token_hash FROM api_tokens WHERE token_id = $1',
      [id],
    );
    expect(stored[0]?.token_hash.length).toBe(32);
    for (const line of logLines) expect(line).not.toContain(secretPart);
  });

  it('tokens survive a password change; the account’s deletion ends them at once and removes them', async () => {
    const password = 'gizli-parola-1';
    const owner = await registered();
    const { token } = await createToken(owner);
    const changed = await call('POST', '/api/auth/change-password', {
      token: owner.session,
      body: { currentPassword: password, newPassword: 'yepyeni-parola-2' },
    });
    expect(changed.status, changed.raw).toBe(200);
    expect((await call('GET', '/api/leads', { token })).status).toBe(200);
    const deleted = await call('DELETE', '/api/account', {
      token: changed.body.token ?? owner.session,
      body: { password: 'yepyeni-parola-2' },
    });
    expect(deleted.status, deleted.raw).toBe(200);
    expect((await call('GET', '/api/leads', { token })).status).toBe(401);
    await expect
      .poll(async () => {
        const { rows } = await product.pool.query<{ token_id: string }>(
          'SELECT token_id FROM api_tokens WHERE user_id = $1',
          [owner.userId],
        );
        return rows.length;
      })
      .toBe(0);
  });
});
