/**
 * `npm run bench`: how fast the statistics path is, each figure next to a baseline measured in the same run on the
 * same machine (this machine is shared and noisy: ratios, not absolute numbers, are what we compare over time).
 *
 *   1. Visit ingestion: beacons/s through the real POST /api/telemetry/visit into the event store (each answered once
 *      stored), against a bare Fastify hello-world, in alternating rounds after a warm-up (median round); events that
 *      arrived vs requests accepted; projection lag append → read model (p50, p99). command-api, the projector, the
 *      hello-world and the load generator each run as a process of their own. BENCH_LOG=warn shows command-api's log.
 *   2. Replay: events/s rebuilding the statistics projection from N events (default 1,000,000), against a plain
 *      batched INSERT of the same rows.
 *   3. Query latency of /api/statistics/* with those N visits for one owner (p50, p95).
 *
 * Options: --seconds 10 --connections 128 --events 1000000 --only ingestion,replay,query
 * Database: embedded PostgreSQL in a temp folder, or a fresh database on the server in DATABASE_URL.
 * Results: docs/benchmarks/latest.json (and a dated copy), summarised in the README.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type autocannon from 'autocannon';
import { composeProduct, type Product } from '@kartvizit/deploy/compose';
import { LocalDiskBlobStore } from '@kartvizit/infra/blob/local-disk';
import { createDatabaseIfMissing } from '@kartvizit/infra/db/admin';
import { openDatabase, type Database } from '@kartvizit/infra/db/database';
import { withDatabase } from '@kartvizit/infra/db/url';
import { compareCheckpoints, makeCheckpoint } from '@kartvizit/infra/event-store/checkpoint';
import { PostgresEventStore } from '@kartvizit/infra/event-store/postgres';
import type { Checkpoint } from '@kartvizit/infra/event-store/types';
import { InProcessSignalBus } from '@kartvizit/infra/signals/in-process';
import { codecFromAppSecret, EventCodec } from '@kartvizit/infra/vault/event-codec';
import { PersonalDataVault } from '@kartvizit/infra/vault/personal-data-vault';
import { REBUILD_BATCH_SIZE, rebuildProjection } from '@kartvizit/projector/core/rebuild';
import { statisticsProjection } from '@kartvizit/projector/statistics/statistics-projection';
import { freePort } from '../support/ports.ts';
import type { LoadReply, LoadResult } from './load-generator.ts';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i]?.replace(/^--/, '') ?? '', process.argv[i + 1] ?? '');
const SECONDS = Number(args.get('seconds') ?? 10);
// Beacons come from many phones at once: at least 128 connections (issue 11).
const CONNECTIONS = Number(args.get('connections') ?? 128);
const EVENTS = Number(args.get('events') ?? 1_000_000);
const ONLY = new Set((args.get('only') ?? 'ingestion,replay,query').split(','));
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const root = new URL('../..', import.meta.url).pathname;
const log = (message: string) => console.log(`[bench] ${message}`);

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}
const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

interface Stack {
  readonly database: Database;
  readonly product: Product;
  readonly store: PostgresEventStore;
  readonly url: string;
  close(): Promise<void>;
}

const workDir = mkdtempSync(join(tmpdir(), 'kartvizit-bench-'));
// Embedded PostgreSQL runs as its own OS user, which must be able to reach its data folder.
chmodSync(workDir, 0o755);

async function openBenchDatabase(name: string): Promise<Database> {
  const server = process.env.DATABASE_URL;
  if (server) {
    await createDatabaseIfMissing(server, name);
    return openDatabase({ databaseUrl: withDatabase(server, name), dataDir: workDir });
  }
  return openDatabase({ dataDir: join(workDir, 'pg'), databaseName: name });
}

async function startStack(database: Database): Promise<Stack> {
  const signals = new InProcessSignalBus();
  const store = new PostgresEventStore({ pool: database.pool, onAppended: () => void signals.publish('events_appended') });
  const appSecret = randomBytes(48);
  const codec = codecFromAppSecret(database.pool, appSecret);
  const product = await composeProduct({
    pool: database.pool,
    store,
    codec,
    signals,
    blobs: new LocalDiskBlobStore(join(workDir, 'blobs')),
    appSecret,
    logLevel: 'silent',
    authRateLimitPerMinute: 0,
    publicBaseUrl: 'http://127.0.0.1',
    telemetry: { rateLimitPerMinute: 0 },
  });
  const address = await product.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    database,
    product,
    store,
    url: address,
    async close() {
      await product.close();
      await signals.close();
      await database.close();
    },
  };
}

/** A child process running a TypeScript file through tsx, with IPC; resolves with its first message. */
function forkTs(file: string, env: NodeJS.ProcessEnv = process.env): Promise<{ child: ChildProcess; first: unknown }> {
  const child = fork(file, [], { execArgv: ['--import', 'tsx'], cwd: root, env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (first) => resolve({ child, first }));
    child.once('exit', (code) => reject(new Error(`${file} exited (${code}) before it was ready`)));
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await exited;
}

async function waitForHealth(url: string): Promise<void> {
  await until(async () => {
    try {
      return (await fetch(`${url}/api/health`)).ok;
    } catch {
      return false;
    }
  }, 60_000);
}

/**
 * The scaled deployment's write side: command-api and the projector each as a process of their own (as the
 * hello-world is), command-api with the ingestion on its worker thread as `npm run start:command-api` runs it, without
 * the per-address limit; the projector woken by the append's NOTIFY; both on the same database.
 */
async function startIngestionStack(database: Database): Promise<Omit<Stack, 'product' | 'store'>> {
  const appSecret = randomBytes(48).toString('base64url');
  const port = await freePort();
  const shared = { ...process.env, DATABASE_URL: database.url, APP_SECRET: appSecret, HOST: '127.0.0.1' };
  const commandApi: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(root, 'command-api/src/main.ts')], {
    cwd: root,
    env: {
      ...shared,
      PORT: String(port),
      DATA_DIR: join(workDir, 'command-api'),
      BLOB_DIR: join(workDir, 'blobs'),
      LOG_LEVEL: process.env.BENCH_LOG ?? 'error',
      AUTH_RATE_LIMIT_PER_MINUTE: '0',
      TELEMETRY_RATE_LIMIT_PER_MINUTE: '0',
      PUBLIC_BASE_URL: 'http://127.0.0.1',
    },
    // BENCH_LOG=warn: command-api's log lines (on its stdout) in the bench's output.
    stdio: ['ignore', process.env.BENCH_LOG ? 'inherit' : 'ignore', 'inherit'],
  });
  const projector: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(root, 'projector/src/main.ts')], {
    cwd: root,
    env: { ...shared, DATA_DIR: join(workDir, 'projector'), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url);
  return {
    database,
    url,
    async close() {
      await stopChild(commandApi);
      await stopChild(projector);
      await database.close();
    },
  };
}

async function json<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...(init.headers ?? {}) } });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** An owner with a profile and an active virtual card, through the real API. */
async function seedOwner(url: string): Promise<{ token: string; userId: string; cardId: string }> {
  const email = `bench-${Date.now()}@example.com`;
  const registered = await json<{ token: string; user: { id: string } }>(`${url}/api/auth/register`, {
    method: 'POST',
    body: JSON.stringify({ email, password: 'bench-parola', firstName: 'Ölçüm', lastName: 'Sahibi' }),
  });
  const auth = { authorization: `Bearer ${registered.token}` };
  await json(`${url}/api/profile`, { method: 'POST', headers: auth, body: JSON.stringify({ firstName: 'Ölçüm', lastName: 'Sahibi', email }) });
  const cardId = `VC-${randomBytes(3).toString('hex').toUpperCase()}`;
  await json(`${url}/api/cards`, { method: 'POST', headers: auth, body: JSON.stringify({ cardId, type: 'virtual', color: 'black', name: 'Ölçüm' }) });
  await json(`${url}/api/cards/activate`, { method: 'POST', headers: auth, body: JSON.stringify({ cardId, name: 'Ölçüm' }) });
  return { token: registered.token, userId: registered.user.id, cardId };
}

async function until(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not reached within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The load generator, a process of its own: one autocannon run at a time. */
async function startLoadGenerator(): Promise<{ run(options: autocannon.Options): Promise<LoadResult>; close(): Promise<void> }> {
  const { child } = await forkTs(join(root, 'tests/bench/load-generator.ts'));
  return {
    run(options) {
      return new Promise((resolve, reject) => {
        child.once('message', (reply: LoadReply) => ('error' in reply ? reject(new Error(reply.error)) : resolve(reply.result)));
        child.send(options);
      });
    },
    close: () => stopChild(child),
  };
}

const perSecond = (result: LoadResult) => result.total / (result.duration || 1);

// The beacon the card page sends; the hello-world gets the very same request, so both read the same bytes.
const beaconRequest = (cardId: string) => ({
  method: 'POST' as const,
  headers: { 'content-type': 'application/json', 'user-agent': IPHONE },
  body: JSON.stringify({ cardId, touchPoints: 5, screenWidth: 390 }),
});

/** The bare Fastify hello-world the beacons are compared with, a process of its own answering 204 to the same request. */
async function startHelloWorld(): Promise<{ url: string; close(): Promise<void> }> {
  const { child, first } = await forkTs(join(root, 'tests/bench/hello-world.ts'));
  return { url: (first as { url: string }).url, close: () => stopChild(child) };
}

async function statisticsCheckpoint(database: Database): Promise<Checkpoint | null> {
  const result = await database.pool.query<{ checkpoint: Checkpoint | null }>("SELECT checkpoint FROM projection_checkpoints WHERE name = 'statistics'");
  return result.rows[0]?.checkpoint ?? null;
}

/** Waits (at most a minute) until `accepted` visits are in the store and the statistics projection passed the last. */
async function waitUntilArrived(database: Database, accepted: number): Promise<number> {
  const deadline = Date.now() + 60_000;
  let arrived = 0;
  while (Date.now() < deadline) {
    const counted = await database.pool.query<{ n: string }>("SELECT count(*) AS n FROM events WHERE type = 'CardVisited'");
    arrived = Number(counted.rows[0]?.n ?? 0);
    const lastRow = await database.pool.query<{ xid: string; pos: string }>(
      'SELECT transaction_id::text AS xid, global_position::text AS pos FROM events ORDER BY transaction_id DESC, global_position DESC LIMIT 1',
    );
    const last = lastRow.rows[0] ? makeCheckpoint(lastRow.rows[0].xid, lastRow.rows[0].pos) : null;
    if (arrived >= accepted && compareCheckpoints(await statisticsCheckpoint(database), last) >= 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return arrived;
}

// The load alternates between the hello-world and the beacons this many times: the host's other load drifts within
// minutes, and a baseline measured long before the beacons would compare two different machines.
const ROUNDS = 3;

async function benchIngestion(): Promise<Record<string, unknown>> {
  log(`ingestion: ${SECONDS} s × ${CONNECTIONS} connections, in ${ROUNDS} rounds of hello-world then beacons`);
  const hello = await startHelloWorld();
  const load = await startLoadGenerator();
  const stack = await startIngestionStack(await openBenchDatabase(`kartvizit_bench_ingest_${Date.now()}`));
  const cannon = (options: autocannon.Options) => load.run(options);
  try {
    const { cardId } = await seedOwner(stack.url);
    await until(async () => {
      // The projector process has started and the card reached rm_cards: beacons now count.
      const found = await stack.database.pool.query('SELECT 1 FROM rm_cards WHERE card_id = $1 AND is_active', [cardId]).catch(() => ({ rowCount: 0 }));
      return (found.rowCount ?? 0) > 0;
    }, 60_000);
    // Watch the statistics checkpoint while the load runs, to time each event's way into the read model.
    const watch: { at: number; checkpoint: Checkpoint | null }[] = [];
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        watch.push({ at: Date.now(), checkpoint: await statisticsCheckpoint(stack.database) });
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    // Warm-up, not measured: both servers' code compiled, the ingestion thread and its pool started, caches filled.
    const warmUp = await cannon({ url: `${stack.url}/api/telemetry/visit`, connections: CONNECTIONS, amount: 5000, ...beaconRequest(cardId) });
    await cannon({ url: hello.url, connections: CONNECTIONS, amount: 5000, ...beaconRequest('VC-000000') });
    const rounds: { helloWorldPerSecond: number; beaconsPerSecond: number; ratio: number }[] = [];
    let amount = warmUp.total;
    let accepted = warmUp.ok;
    let nonAccepted = warmUp.non2xx + warmUp.errors + warmUp.timeouts;
    await waitUntilArrived(stack.database, accepted);
    for (let index = 0; index < ROUNDS; index++) {
      const seconds = SECONDS / ROUNDS;
      const baseline = await cannon({ url: hello.url, connections: CONNECTIONS, duration: seconds, ...beaconRequest('VC-000000') });
      // A fixed number of requests (the round's seconds at half the baseline's rate), so every request sent is
      // answered and counted.
      const requests = Math.max(2000, Math.round(perSecond(baseline) * seconds * 0.5));
      const result = await cannon({ url: `${stack.url}/api/telemetry/visit`, connections: CONNECTIONS, amount: requests, ...beaconRequest(cardId) });
      amount += requests;
      accepted += result.ok;
      nonAccepted += result.non2xx + result.errors + result.timeouts;
      // The next hello-world round runs on a quiet machine, not beside this round's writes.
      await waitUntilArrived(stack.database, accepted);
      rounds.push({
        helloWorldPerSecond: round(perSecond(baseline), 0),
        beaconsPerSecond: round(perSecond(result), 0),
        ratio: round(perSecond(result) / perSecond(baseline)),
      });
    }
    const arrived = await waitUntilArrived(stack.database, accepted);
    watching = false;
    await watcher;
    watch.push({ at: Date.now(), checkpoint: await statisticsCheckpoint(stack.database) });

    const events = await stack.database.pool.query<{ xid: string; pos: string; created: Date }>(
      "SELECT transaction_id::text AS xid, global_position::text AS pos, created_at AS created FROM events WHERE type = 'CardVisited' ORDER BY transaction_id, global_position",
    );
    const lags: number[] = [];
    let w = 0;
    for (const row of events.rows) {
      const position = makeCheckpoint(row.xid, row.pos);
      while (w < watch.length && compareCheckpoints(watch[w]?.checkpoint ?? null, position) < 0) w++;
      const seen = watch[w];
      if (seen) lags.push(Math.max(0, seen.at - row.created.getTime()));
    }
    lags.sort((a, b) => a - b);
    const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);
    const summary = {
      seconds: SECONDS,
      connections: CONNECTIONS,
      requests: amount,
      helloWorldRequestsPerSecond: median(rounds.map((entry) => entry.helloWorldPerSecond)),
      visitBeaconsPerSecond: median(rounds.map((entry) => entry.beaconsPerSecond)),
      // The median of the rounds' ratios, each beacon round against the hello-world round just before it.
      ratio: median(rounds.map((entry) => entry.ratio)),
      rounds,
      accepted,
      arrived,
      nonAccepted,
      projectionLagMs: { p50: percentile(lags, 50), p99: percentile(lags, 99), samples: lags.length },
    };
    log(`ingestion: ${JSON.stringify(summary)}`);
    return summary;
  } finally {
    await stack.close();
    await hello.close();
    await load.close();
  }
}

/** N visits for one owner over 30 days, 3 devices, 5 countries, 5,000 visitors a day, written straight into the log. */
async function seedVisits(database: Database, ownerId: string, cardId: string, count: number): Promise<void> {
  const chunk = 100_000;
  for (let start = 0; start < count; start += chunk) {
    const end = Math.min(count, start + chunk) - 1;
    await database.pool.query(
      `INSERT INTO events (stream_id, stream_position, event_id, type, schema_version, data, metadata)
       SELECT 'bench-telemetry-' || (i % 16), i / 16, gen_random_uuid(), 'CardVisited', 1,
              jsonb_build_object(
                'cardId', $1::text, 'ownerId', $2::text,
                'visitorHash', md5(((i % 5000) + (i % 30) * 5000)::text),
                'device', (ARRAY['mobile','tablet','desktop'])[1 + i % 3],
                'browser', (ARRAY['Safari','Chrome','Samsung Internet','Firefox'])[1 + i % 4],
                'os', (ARRAY['iOS','Android','Windows'])[1 + i % 3],
                'country', (ARRAY['TR','TR','TR','DE',NULL])[1 + i % 5],
                'city', (ARRAY['İstanbul','Ankara','İzmir','Berlin',NULL])[1 + i % 5],
                'at', to_char((now() - ((i % 30) || ' days')::interval - ((i % 86400) || ' seconds')::interval) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
              '{}'::jsonb
         FROM generate_series($3::bigint, $4::bigint) AS i`,
      [cardId, ownerId, start, end],
    );
  }
}

async function benchReplayAndQueries(): Promise<Record<string, unknown>> {
  const stack = await startStack(await openBenchDatabase(`kartvizit_bench_replay_${Date.now()}`));
  try {
    const owner = await seedOwner(stack.url);
    log(`replay: writing ${EVENTS.toLocaleString('tr-TR')} visits`);
    await seedVisits(stack.database, owner.userId, owner.cardId, EVENTS);
    // The live projector would race the measured rebuild: stop it, then measure.
    await stack.product.projectors.stop();
    const results: Record<string, unknown> = {};

    // Telemetry events carry no sealed fields: any key-encryption key will do for the replay.
    const deps = { pool: stack.database.pool, store: stack.store, codec: new EventCodec(new PersonalDataVault(stack.database.pool, randomBytes(32))) };
    if (ONLY.has('replay')) {
      const started = performance.now();
      const rebuilt = await rebuildProjection(deps, statisticsProjection);
      const rebuildSeconds = (performance.now() - started) / 1000;

      // Baseline: the same rows, read in batches of the same size and written with a plain multi-row INSERT into an
      // ordinary (logged, like the read models) table.
      await stack.database.pool.query('CREATE TABLE IF NOT EXISTS bench_plain (position text, type text, data jsonb)');
      const baselineStarted = performance.now();
      let after: Checkpoint | null = null;
      let copied = 0;
      for (;;) {
        const batch = await stack.store.readAll(after, REBUILD_BATCH_SIZE);
        if (batch.events.length === 0) break;
        const params: unknown[] = [];
        const rows = batch.events.map((event, index) => {
          params.push(event.position, event.type, JSON.stringify(event.data));
          return `($${index * 3 + 1}, $${index * 3 + 2}, $${index * 3 + 3})`;
        });
        await stack.database.pool.query(`INSERT INTO bench_plain (position, type, data) VALUES ${rows.join(',')}`, params);
        copied += batch.events.length;
        after = batch.checkpoint;
      }
      const baselineSeconds = (performance.now() - baselineStarted) / 1000;
      results.replay = {
        events: rebuilt.events,
        rebuildSeconds: round(rebuildSeconds, 1),
        rebuildEventsPerSecond: round(rebuilt.events / rebuildSeconds, 0),
        plainInsertRowsPerSecond: round(copied / baselineSeconds, 0),
        ratio: round(rebuilt.events / rebuildSeconds / (copied / baselineSeconds)),
      };
      log(`replay: ${JSON.stringify(results.replay)}`);
    } else {
      await rebuildProjection(deps, statisticsProjection);
    }

    if (ONLY.has('query')) {
      const latency: Record<string, { p50: number; p95: number }> = {};
      for (const endpoint of ['dashboard', 'profile', 'daily', 'location', 'device', 'clicks']) {
        const url = `${stack.url}/api/statistics/${endpoint}`;
        const headers = { authorization: `Bearer ${owner.token}` };
        for (let i = 0; i < 20; i++) await fetch(url, { headers }); // warm-up
        const times: number[] = [];
        for (let i = 0; i < 200; i++) {
          const started = performance.now();
          const response = await fetch(url, { headers });
          await response.arrayBuffer();
          if (!response.ok) throw new Error(`${endpoint}: ${response.status}`);
          times.push(performance.now() - started);
        }
        times.sort((a, b) => a - b);
        latency[endpoint] = { p50: round(percentile(times, 50), 1), p95: round(percentile(times, 95), 1) };
      }
      results.queryLatencyMs = { visits: EVENTS, ...latency };
      log(`queries: ${JSON.stringify(results.queryLatencyMs)}`);
    }
    return results;
  } finally {
    await stack.close();
  }
}

const report: Record<string, unknown> = {
  date: new Date().toISOString(),
  machine: { cores: (await import('node:os')).cpus().length, node: process.version, database: process.env.DATABASE_URL ? 'server (DATABASE_URL)' : 'embedded PostgreSQL' },
};
try {
  if (ONLY.has('ingestion')) report.ingestion = await benchIngestion();
  if (ONLY.has('replay') || ONLY.has('query')) Object.assign(report, await benchReplayAndQueries());
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
const outDir = join(root, 'docs/benchmarks');
mkdirSync(outDir, { recursive: true });
const text = `${JSON.stringify(report, null, 2)}\n`;
writeFileSync(join(outDir, 'latest.json'), text);
writeFileSync(join(outDir, `${report.date as string}.json`.replace(/:/g, '-')), text);
console.log(text);
