import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, MIN_POSITION_HEADER, STALE_HEADER } from '@kartvizit/schemas';
import { createTestDatabase } from '@kartvizit/infra/db/test-database';
import { freePort } from '../support/ports.ts';

/**
 * The scaled shape on one machine: command-api, projector and query-api as three processes on one
 * PostgreSQL database, behind a proxy that routes like infra/deploy's reverse-proxy config
 * (GET /api/* and pages → query-api, other /api/* → command-api).
 */
type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;
let database: TestDatabase;
let proxy: Server;
let proxyUrl: string;
const children: ChildProcess[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'kartvizit-separate-'));
const root = new URL('../..', import.meta.url).pathname;

function startService(entry: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}

async function waitForHealth(port: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`service on ${port} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  const [commandPort, queryPort, proxyPort] = [await freePort(), await freePort(), await freePort()];
  const shared = {
    DATABASE_URL: database.url,
    APP_SECRET: randomBytes(32).toString('hex'),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT_PER_MINUTE: '0',
  };
  startService('command-api/src/main.ts', { ...shared, PORT: String(commandPort) });
  // A ten-minute poll: only a LISTEN/NOTIFY wake-up can bring the read model up in time.
  startService('projector/src/main.ts', { ...shared, PROJECTOR_POLL_INTERVAL_MS: '600000' });
  startService('query-api/src/main.ts', { ...shared, PORT: String(queryPort), WEB_DIST_DIR: join(dataDir, 'no-web') });
  await Promise.all([waitForHealth(commandPort), waitForHealth(queryPort)]);

  proxy = createServer((incoming, outgoing) => {
    const toQuery = incoming.method === 'GET' || !incoming.url?.startsWith('/api/');
    const upstream = httpRequest(
      { host: '127.0.0.1', port: toQuery ? queryPort : commandPort, path: incoming.url, method: incoming.method, headers: incoming.headers },
      (response) => {
        outgoing.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(outgoing);
      },
    );
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(proxyPort, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${proxyPort}`;
}, 120_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)))));
  await new Promise((resolve) => proxy?.close(resolve));
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('command-api, projector and query-api as separate processes', () => {
  it('serve the same product: register through command-api, read yourself back through query-api', async () => {
    const email = `ayri-${Date.now()}@example.com`;
    const registered = await fetch(`${proxyUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'gizli-parola', firstName: 'Çağrı', lastName: 'Işık' }),
    });
    expect(registered.status).toBe(200);
    const { token, position } = (await registered.json()) as { token: string; position: string };

    const me = await fetch(`${proxyUrl}/api/auth/me`, {
      headers: { authorization: `Bearer ${token}`, [MIN_POSITION_HEADER]: position },
    });
    expect(me.status).toBe(200);
    expect(me.headers.get(STALE_HEADER)).toBeNull();
    expect(await me.json()).toMatchObject({ success: true, user: { email, firstName: 'Çağrı', lastName: 'Işık' } });

    const again = await fetch(`${proxyUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: email.toUpperCase(), password: 'gizli-parola', firstName: 'Başka', lastName: 'Biri' }),
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ message: MESSAGES.emailTaken });
  });

  it('serve the sample card that command-api wrote when it started: /demo opens /p/DEMO', async () => {
    const { rows } = await database.pool.query<{ position: string }>(
      "SELECT transaction_id::text || ':' || global_position::text AS position FROM events WHERE stream_id = 'card-DEMO' ORDER BY global_position DESC LIMIT 1",
    );
    const written = rows[0]?.position;
    expect(written, 'card-DEMO was written').toBeDefined();
    const demo = await fetch(`${proxyUrl}/demo`, { redirect: 'manual' });
    expect(demo.status).toBe(302);
    expect(demo.headers.get('location')).toBe('/p/DEMO');
    const page = await fetch(`${proxyUrl}/p/DEMO`, { headers: { [MIN_POSITION_HEADER]: written ?? '' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<aside class="pc-sample" aria-label="Örnek kart">');
  });
});
