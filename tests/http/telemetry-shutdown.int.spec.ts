import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { freePort } from '../support/ports.ts';
import { USER_AGENTS, ownerWithCards, telemetryEvents, type CardOwner } from './telemetry-fixtures.ts';

/**
 * A command-api process stopped with SIGTERM writes the visits it had queued before it exits
 * (command-api/src/main.ts closes the app, whose onClose flushes, before the database pool).
 */
const root = new URL('../..', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'kartvizit-telemetry-'));
let product: TestProduct;
let owner: CardOwner;
let child: ChildProcess | undefined;

beforeAll(async () => {
  product = await startTestProduct();
  owner = await ownerWithCards(product, 1);
});
afterAll(async () => {
  child?.kill('SIGKILL');
  await product?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function waitForHealth(port: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('command-api did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('SIGTERM', () => {
  it('writes every queued visit before the process exits', async () => {
    const port = await freePort();
    child = spawn(process.execPath, ['--import', 'tsx', 'command-api/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: product.pool.options.connectionString ?? '',
        APP_SECRET: randomBytes(32).toString('hex'),
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        // Nothing is written before the shutdown: a long interval and a big batch.
        TELEMETRY_FLUSH_INTERVAL_MS: '600000',
        TELEMETRY_BATCH_SIZE: '10000',
        TELEMETRY_RATE_LIMIT_PER_MINUTE: '0',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => child?.once('exit', (code) => resolve(code)));
    await waitForHealth(port);

    const sent = 50;
    const statuses = await Promise.all(
      Array.from({ length: sent }, () =>
        fetch(`http://127.0.0.1:${port}/api/telemetry/visit`, {
          method: 'POST',
          headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': USER_AGENTS.androidChrome },
          body: JSON.stringify({ cardId: owner.cards[0] }),
        }).then((response) => response.status),
      ),
    );
    expect(statuses.every((status) => status === 204)).toBe(true);
    expect(await telemetryEvents(product)).toHaveLength(0);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    child = undefined;
    const events = await telemetryEvents(product);
    expect(events).toHaveLength(sent);
    expect(new Set(events.map((event) => event.transactionId)).size).toBe(1);
  });
});
