import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitorHash } from '@kartvizit/infra/telemetry/visitor-salts';
import { USER_AGENTS } from '@kartvizit/infra/telemetry/test-user-agents';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { freePort } from '../support/ports.ts';
import { ownerWithCards, type CardOwner } from '../http/telemetry-fixtures.ts';

/**
 * An answered beacon is a stored one (docs/decisions/0018-acknowledged-means-stored.md): command-api as a process of
 * its own takes visit beacons from many connections at once and is killed with SIGKILL in the middle of them. Nothing
 * gets to flush on the way out. Every beacon it answered 2xx must be in the event log, and none twice. Stopped with
 * SIGTERM instead, it finishes the beacons it holds (stored, then answered) and exits 0.
 *
 * Each beacon comes from an address of its own (X-Forwarded-For behind TRUST_PROXY), so each becomes a visit with a
 * visitor hash of its own: the hash the test computes from the day's salt names the beacon in the log.
 */
const root = new URL('../..', import.meta.url).pathname;
const BEACONS = 3_000;
const CONNECTIONS = 64;
// Signalled once this many beacons were answered: about a third of the way, with requests on every connection.
const KILL_AFTER_ANSWERED = 1_000;
// Starting a service through tsx on a host busy with other work takes a while: a generous limit, no time asserted.
const TEST_TIMEOUT_MS = 240_000;

let product: TestProduct;
let owner: CardOwner;
const dataDir = mkdtempSync(join(tmpdir(), 'kartvizit-beacon-crash-'));
const children = new Set<ChildProcess>();

beforeAll(async () => {
  // The product in this process writes the owner and the card and projects them (rm_cards), as ever; the process
  // under test is command-api alone, on the same database.
  product = await startTestProduct();
  owner = await ownerWithCards(product, 3);
}, 120_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await product?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function startCommandApi(
  worker: '0' | '1',
): Promise<{ child: ChildProcess; port: number; exited: Promise<number | null> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'command-api/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: product.pool.options.connectionString ?? '',
      APP_SECRET: randomBytes(32).toString('hex'),
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      TRUST_PROXY: '1',
      TELEMETRY_RATE_LIMIT_PER_MINUTE: '0',
      TELEMETRY_WORKER: worker,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error('command-api exited before it listened');
    if (Date.now() > deadline) throw new Error('command-api did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, port, exited };
}

/** The visitor address of beacon `index`: a documentation address (no place lookup), one per beacon. */
const addressOf = (index: number) => `2001:db8::${(index + 1).toString(16)}`;

/**
 * Sends the beacons over `CONNECTIONS` keep-alive connections, each connection one request after another, and
 * calls `onAnswered` after each 2xx. Answers the indexes of the beacons answered 2xx; a request the dying server
 * never answered is not one.
 */
async function fireBeacons(port: number, cardId: string, onAnswered: (answered: number) => void): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const answered: number[] = [];
  const other = new Map<string, number>();
  let next = 0;
  const body = JSON.stringify({ cardId, touchPoints: 5, screenWidth: 390 });
  const send = (index: number) =>
    new Promise<number | string>((resolve) => {
      const outgoing = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/telemetry/visit',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'user-agent': USER_AGENTS.iPhone,
            'x-forwarded-for': addressOf(index),
          },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      outgoing.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      outgoing.end(body);
    });
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < BEACONS) {
        const index = next++;
        const status = await send(index);
        if (typeof status === 'number' && status >= 200 && status < 300) {
          answered.push(index);
          onAnswered(answered.length);
        } else {
          other.set(String(status), (other.get(String(status)) ?? 0) + 1);
        }
      }
    }),
  );
  agent.destroy();
  console.log(
    `[beacon-crash] answered 2xx: ${answered.length}; otherwise: ${JSON.stringify(Object.fromEntries(other))}`,
  );
  return answered;
}

/** The visitor hash of every stored visit of the card. */
async function storedHashes(cardId: string): Promise<string[]> {
  const { rows } = await product.pool.query<{ hash: string }>(
    `SELECT data->>'visitorHash' AS hash FROM events WHERE type = 'CardVisited' AND data->>'cardId' = $1`,
    [cardId],
  );
  return rows.map((row) => row.hash);
}

/** The hashes beacon `index` may have: one per day salt the run used (a run can cross midnight in Istanbul). */
async function hashesOf(indexes: readonly number[]): Promise<Map<number, string[]>> {
  const { rows } = await product.pool.query<{ salt: Buffer }>('SELECT salt FROM visitor_salts');
  return new Map(
    indexes.map((index) => [
      index,
      rows.map((row) => visitorHash(row.salt, owner.owner.userId, addressOf(index), USER_AGENTS.iPhone)),
    ]),
  );
}

async function runBeacons(cardIndex: number, worker: '0' | '1', signal: 'SIGKILL' | 'SIGTERM') {
  // A card of its own: the visits of this run are the card's.
  const cardId = owner.cards[cardIndex] ?? '';
  const { child, port, exited } = await startCommandApi(worker);
  let signalled = false;
  const answered = await fireBeacons(port, cardId, (count) => {
    if (!signalled && count >= KILL_AFTER_ANSWERED) {
      signalled = true;
      child.kill(signal);
    }
  });
  const exitCode = await exited;
  children.delete(child);
  expect(signalled).toBe(true);
  expect(answered.length).toBeGreaterThanOrEqual(KILL_AFTER_ANSWERED);
  expect(answered.length).toBeLessThan(BEACONS);

  const stored = await storedHashes(cardId);
  const expected = await hashesOf(answered);
  const storedSet = new Set(stored);
  const missing = answered.filter((index) => !(expected.get(index) ?? []).some((hash) => storedSet.has(hash)));
  console.log(
    `[beacon-crash] ${signal}, worker ${worker}: ${answered.length} answered 2xx, ${stored.length} stored, ${missing.length} answered but not stored`,
  );
  return { answered, stored, missing, exitCode };
}

describe.each([
  { worker: '1' as const, card: 0, title: 'with the ingestion on its worker thread' },
  { worker: '0' as const, card: 1, title: 'with the ingestion on the HTTP thread' },
])('command-api killed with SIGKILL in the middle of 3,000 beacons, $title', ({ worker, card }) => {
  it(
    'has stored every beacon it answered 2xx, and none twice',
    async () => {
      const { answered, stored, missing } = await runBeacons(card, worker, 'SIGKILL');
      expect(missing.length, `answered 2xx but not stored: beacons ${missing.slice(0, 10).join(', ')}…`).toBe(0);
      expect(stored.length).toBeGreaterThanOrEqual(answered.length);
      expect(new Set(stored).size).toBe(stored.length);
    },
    TEST_TIMEOUT_MS,
  );
});

describe('command-api stopped with SIGTERM in the middle of 3,000 beacons', () => {
  it(
    'answers the beacons it holds once they are stored, then exits cleanly; none twice',
    async () => {
      const { answered, stored, missing, exitCode } = await runBeacons(2, '1', 'SIGTERM');
      expect(exitCode).toBe(0);
      expect(missing.length, `answered 2xx but not stored: beacons ${missing.slice(0, 10).join(', ')}…`).toBe(0);
      expect(stored.length).toBeGreaterThanOrEqual(answered.length);
      expect(new Set(stored).size).toBe(stored.length);
    },
    TEST_TIMEOUT_MS,
  );
});
