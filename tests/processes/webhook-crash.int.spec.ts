import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@kartvizit/infra/db/test-database';
import { RM_WEBHOOK_DELIVERIES } from '@kartvizit/infra/read-models/contract';
import { WEBHOOK_DELIVERY_CONCURRENCY } from '@kartvizit/projector/webhook/webhook-delivery-reactor';
import { freePort } from '../support/ports.ts';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../support/webhook-receiver.ts';

/**
 * Issue 35: "a `kill -9` mid-delivery loses and duplicates nothing". A command-api and a projector process
 * (projector/src/main.ts, as deployed) on one database; the owner's endpoint is a slow receiver on loopback (each
 * request answered after DELAY_MS), so deliveries are on the wire when the projector is killed with SIGKILL, twice,
 * each time with a request in flight; a new projector takes over each time. The receiver ends with every product once
 * by `webhook-id`, signed, in the order they were created; what it got twice it got before a kill and again after it,
 * with the same id and the same bytes (what a Standard Webhooks receiver de-duplicates by); the delivery log says
 * delivered for each. The second test holds that only what a kill interrupted is sent again.
 */
type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;
const root = new URL('../..', import.meta.url).pathname;
// Starting a service through tsx on a busy shared host takes a while: generous limits, and no time is asserted.
const WAIT = 90_000;
const PRODUCTS = 40;
const DELAY_MS = 250;
/** Unique deliveries the receiver has had (beyond those before the previous kill) when a projector is killed. */
const KILL_EVERY = 8;
const KILLS = 2;

let database: TestDatabase;
let receiver: WebhookReceiver;
let shared: Record<string, string>;
let commandPort = 0;
const workDir = mkdtempSync(join(tmpdir(), 'kartvizit-webhook-crash-'));
const children = new Map<string, ChildProcess>();
/** What the journey saw repeated, for the stricter claim after it. */
let repeats: { resentAlthoughRecorded: string[]; duplicates: number; story: string } | null = null;

function start(name: string, entry: string, env: Record<string, string> = {}): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: { ...process.env, ...shared, DATA_DIR: join(workDir, name), PGAPPNAME: `kartvizit-${name}`, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.set(name, child);
  return child;
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

async function until(what: string, condition: () => Promise<boolean> | boolean, timeoutMs = WAIT): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function api(method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(`http://127.0.0.1:${commandPort}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The deliveries whose success is recorded in the log (WebhookDelivered): done, as far as the product knows. */
async function recordedDelivered(): Promise<Set<string>> {
  const { rows } = await database.pool.query<{ stream_id: string }>(
    "SELECT stream_id FROM events WHERE type = 'WebhookDelivered'",
  );
  return new Set(rows.map((row) => row.stream_id.replace(/^webhook-delivery-/, '')));
}

/**
 * Deliveries recorded delivered (WebhookDelivered) whose request the delivery reactor's checkpoint has not passed yet:
 * what a process killed now has done and recorded, but the next one reads again.
 */
async function deliveredPastCheckpoint(): Promise<number> {
  const { rows } = await database.pool.query<{ count: string }>(
    `SELECT count(*) FROM events requested
       JOIN events delivered ON delivered.stream_id = requested.stream_id AND delivered.type = 'WebhookDelivered'
       LEFT JOIN reactor_checkpoints reactor ON reactor.name = 'webhook-delivery'
      WHERE requested.type = 'WebhookDeliveryRequested'
        AND (reactor.checkpoint IS NULL OR (requested.transaction_id, requested.global_position) >
             (split_part(reactor.checkpoint, ':', 1)::xid8, split_part(reactor.checkpoint, ':', 2)::bigint))`,
  );
  return Number(rows[0]?.count);
}

/** Where the deliveries stand, for a failure's message: the log's statuses, the outcomes recorded, the workers' places. */
async function deliveryState(): Promise<string> {
  const query = async (sql: string) => JSON.stringify((await database.pool.query(sql)).rows);
  return [
    `log: ${await query(`SELECT status, count(*) FROM ${RM_WEBHOOK_DELIVERIES} GROUP BY status`)}`,
    `outcomes: ${await query("SELECT type, count(*) FROM events WHERE stream_id LIKE 'webhook-delivery-%' GROUP BY type")}`,
    `reactors: ${await query("SELECT name, checkpoint FROM reactor_checkpoints WHERE name LIKE 'webhook%'")}`,
    `waiting: ${await query('SELECT reactor, state, attempts, last_error FROM reactor_deliveries')}`,
    `projections: ${await query('SELECT * FROM projection_checkpoints')}`,
    `head: ${await query('SELECT max(global_position) AS position, max(transaction_id)::text AS xid, pg_snapshot_xmin(pg_current_snapshot())::text AS xmin FROM events')}`,
    `open: ${await query('SELECT datname, application_name, state, backend_xid::text, now() - xact_start AS age, left(query, 80) AS query FROM pg_stat_activity WHERE backend_xid IS NOT NULL OR backend_xmin IS NOT NULL')}`,
  ].join('\n');
}

async function reactorStarted(name: string): Promise<boolean> {
  const { rowCount } = await database.pool.query('SELECT 1 FROM reactor_checkpoints WHERE name = $1', [name]);
  return (rowCount ?? 0) > 0;
}

beforeAll(async () => {
  database = await createTestDatabase();
  receiver = await startWebhookReceiver();
  commandPort = await freePort();
  shared = {
    DATABASE_URL: database.url,
    APP_SECRET: randomBytes(32).toString('hex'),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    PUBLIC_BASE_URL: 'https://kart.example.test',
    AUTH_RATE_LIMIT_PER_MINUTE: '0',
    PROJECTOR_POLL_INTERVAL_MS: '100',
    WEBHOOK_ALLOWED_PRIVATE_HOSTS: '127.0.0.1',
    BLOB_DIR: join(workDir, 'blobs'),
  };
  start('command-api', 'command-api/src/main.ts', { PORT: String(commandPort) });
  start('projector-1', 'projector/src/main.ts');
  await until(
    'the command-api answers',
    async () => (await fetch(`http://127.0.0.1:${commandPort}/api/health`).catch(() => null))?.ok === true,
  );
  // The fan-out starts at the log's head the first time it runs: products made before that are told to no one.
  await until(
    'the webhook reactors started',
    async () => (await reactorStarted('webhook-fanout')) && (await reactorStarted('webhook-delivery')),
  );
}, 240_000);

afterAll(async () => {
  for (const child of children.values()) child.kill('SIGKILL');
  await receiver?.close();
  await database?.drop();
  rmSync(workDir, { recursive: true, force: true });
});

describe('webhook deliveries across kill -9 of the projector', () => {
  it('lose nothing, arrive once by webhook-id in order, and repeat only what a kill interrupted, same id and bytes', async () => {
    const registered = await api('POST', '/api/auth/register', {
      email: `webhook-${randomUUID().slice(0, 8)}@example.com`,
      password: 'gizli-sifre-1',
      firstName: 'Ayşe',
      lastName: 'Yılmaz',
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const token = String(registered.body.token);
    const added = await api('POST', '/api/webhooks', { url: receiver.url, events: ['product.*'] }, token);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const { id: endpointId, secret } = added.body.data as { id: string; secret: string };
    receiver.secret = secret;
    receiver.mode = { kind: 'slow', delayMs: DELAY_MS };

    // Products one after another, as fast as the command-api takes them: the deliveries queue up behind the receiver.
    const products: { id: string; name: string }[] = [];
    for (let index = 1; index <= PRODUCTS; index += 1) {
      const name = `Ürün ${String(index).padStart(2, '0')}`;
      const created = await api('POST', '/api/products', { name, price: { value: '1.000' } }, token);
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      products.push({ id: String((created.body.data as { _id: string })._id), name });
    }

    // Every delivery requested before the first kill: the next process then reads the rest in one batch.
    await until('a delivery requested for each product', async () => {
      const { rows } = await database.pool.query<{ count: string }>(
        "SELECT count(*) FROM events WHERE type = 'WebhookDeliveryRequested'",
      );
      return Number(rows[0]?.count) === PRODUCTS;
    });

    // Killed with a request on the wire (recorded by the receiver, not yet answered), some but not all delivered, and
    // some delivered and recorded that the reactor's checkpoint has not passed yet.
    const kills: { received: number; recorded: Set<string>; pastCheckpoint: number }[] = [];
    for (let kill = 1; kill <= KILLS; kill += 1) {
      const victim = children.get(`projector-${kill}`);
      if (!victim) throw new Error(`no projector-${kill}`);
      const threshold = kill * KILL_EVERY;
      // The database first, the receiver last: nothing runs between the receiver's answer being pending and the kill.
      await until(
        `${threshold} deliveries, one in flight`,
        async () =>
          (await deliveredPastCheckpoint()) > 0 && receiver.unique().length >= threshold && receiver.inFlight === 1,
      );
      victim.kill('SIGKILL');
      await killed(victim);
      kills.push({
        received: receiver.received.length,
        recorded: await recordedDelivered(),
        pastCheckpoint: await deliveredPastCheckpoint(),
      });
      expect(receiver.unique().length, 'killed before the end').toBeLessThan(PRODUCTS);
      start(`projector-${kill + 1}`, 'projector/src/main.ts');
    }

    await until(`${PRODUCTS} unique deliveries`, () => receiver.unique().length === PRODUCTS);
    await until('the delivery log says delivered for each', async () => {
      const { rows } = await database.pool.query<{ count: string }>(
        `SELECT count(*) FROM ${RM_WEBHOOK_DELIVERIES} WHERE endpoint_id = $1 AND status = 'delivered'`,
        [endpointId],
      );
      return Number(rows[0]?.count) === PRODUCTS;
    }).catch(async (error: unknown) => {
      throw new Error(`${String(error)}\n${await deliveryState()}`);
    });

    const received = [...receiver.received];
    const unique = receiver.unique();
    expect(received.every((hook) => hook.verified && hook.answered === 200)).toBe(true);
    // Each product once by webhook-id, in the order it was made.
    expect(unique.map((hook) => hook.body.type)).toEqual(Array(PRODUCTS).fill('product.created'));
    expect(unique.map((hook) => hook.body.data.productId)).toEqual(products.map((product) => product.id));
    expect(unique.map((hook) => (hook.body.data.product as { name: string }).name)).toEqual(
      products.map((product) => product.name),
    );
    for (const hook of unique) expect(hook.id).toMatch(/^msg_[0-9a-f]{32}$/);

    // What came twice came with the same id and the same bytes, and only what was in flight or unrecorded at a kill.
    const byId = new Map<string, ReceivedWebhook[]>();
    for (const hook of received) byId.set(hook.id, [...(byId.get(hook.id) ?? []), hook]);
    expect(byId.size).toBe(PRODUCTS);
    const repeated = [...byId.entries()].filter(([, hooks]) => hooks.length > 1);
    for (const [id, hooks] of repeated) {
      for (const hook of hooks.slice(1)) expect(hook.body, id).toEqual(hooks[0]?.body);
      const first = received.indexOf(hooks[0] as ReceivedWebhook);
      expect(
        kills.some((kill) => first < kill.received),
        `${id} repeated without a kill after its first delivery`,
      ).toBe(true);
    }

    // The delivery log: the same ids, each delivered.
    const { rows } = await database.pool.query<{ delivery_id: string; status: string }>(
      `SELECT delivery_id, status FROM ${RM_WEBHOOK_DELIVERIES} WHERE endpoint_id = $1`,
      [endpointId],
    );
    expect(rows.map((row) => row.delivery_id).sort()).toEqual(unique.map((hook) => hook.id).sort());
    expect(rows.every((row) => row.status === 'delivered')).toBe(true);

    // Sent again after a kill although its success was already recorded before that kill: a duplicate the product
    // knew it did not need to send.
    const place = (id: string) => unique.findIndex((hook) => hook.id === id) + 1;
    const resentAlthoughRecorded = kills.flatMap((kill, index) =>
      received
        .slice(kill.received, kills[index + 1]?.received)
        .filter((hook) => kill.recorded.has(hook.id))
        .map((hook) => `${place(hook.id)} after kill ${index + 1}`),
    );
    const duplicates = received.length - PRODUCTS;
    const story = `${duplicates} duplicates (products ${repeated.map(([id]) => place(id)).join(',')}); kills after ${kills
      .map(
        (kill) =>
          `${kill.received} requests, ${kill.recorded.size} recorded, ${kill.pastCheckpoint} past the checkpoint`,
      )
      .join('; ')}; sent again although recorded: ${resentAlthoughRecorded.join(', ') || 'none'}`;
    repeats = { resentAlthoughRecorded, duplicates, story };
  }, 400_000);

  /**
   * What issue 35 asks beyond that: a kill makes the new process send again only the request that was in flight (or
   * done but not yet recorded), so duplicates are at most the kills times the reactor's concurrency. With `concurrency`
   * above 1 the runtime moves the delivery reactor's checkpoint only when a whole batch read is handled
   * (infra/src/processing/reactor-work.ts), so the next process meets again deliveries whose WebhookDelivered is already
   * recorded; the reactor looks in the delivery's stream first and sends none of them again (`alreadyDone`). The
   * journey kills only when such a recorded delivery is past the checkpoint, so this holds that on every run.
   */
  it('send nothing again whose delivery was recorded before the kill', () => {
    if (!repeats) throw new Error('the journey above did not finish');
    expect(repeats.resentAlthoughRecorded, repeats.story).toEqual([]);
    expect(repeats.duplicates, repeats.story).toBeLessThanOrEqual(KILLS * WEBHOOK_DELIVERY_CONCURRENCY);
  });
});
