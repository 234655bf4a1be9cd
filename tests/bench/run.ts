/**
 * `npm run bench`: how fast the statistics path and the card page are, each figure next to a baseline measured in the
 * same run on the same machine (this machine is shared and noisy: ratios, not absolute numbers, are what we compare
 * over time).
 *
 *   1. Visit ingestion: beacons/s through the real POST /api/telemetry/visit into the event store (each answered once
 *      stored), against a bare Fastify hello-world, in alternating rounds after a warm-up (median round); events that
 *      arrived vs requests accepted; projection lag append → read model (p50, p99). command-api, the projector, the
 *      hello-world and the load generator each run as a process of their own. BENCH_LOG=warn shows command-api's log.
 *   2. Card page: GET /p/{cardId} of a full profile from query-api (the scaled shape: command-api, the projector and
 *      query-api each a process of their own), against replay-page.ts, a bare Fastify server answering with the bytes
 *      and headers of the same page recorded once; 50 connections sending what a phone's browser sends
 *      (Accept-Encoding: gzip, deflate, br), in alternating rounds: full pages/s with latency p50/p97.5/p99, and
 *      revalidations (If-None-Match → 304)/s. Every answer must be the expected 200 or 304. Builds web/dist first
 *      when it has no manifest (the page links the built script and CSS); an existing build is used as it is.
 *      Then the same for the office page, GET /o/{slug} of an office of 12 members with their office cards (issue 30),
 *      against the replay of its own answer: the section's `office`.
 *   3. Replay: events/s rebuilding the statistics projection from N events (default 1,000,000), against a plain
 *      batched INSERT of the same rows.
 *   4. Query latency of /api/statistics/* with those N visits for one owner (p50, p95).
 *   6. Team statistics (issue 30): GET /api/offices/{id}/statistics (p50, p95) for an office of --members (100)
 *      members with N visits spread over their office cards, for the last 30 days and for a year; its own database
 *      and product, so `--only office` and `--only query` are measured apart.
 *
 *   5. REMS registrations (issue 14): POST /api/rems/create-customer from many visitors to the cards of many owners
 *      whose REMS (the fake of the tests, a process of its own) answers each call 200 ms late; accepted/s against the
 *      hello-world answering the same requests, in alternating rounds; then the delivery lag (registration stored →
 *      REMS's answer recorded) p50/p99, and that every accepted registration reached REMS exactly once.
 *
 * Options: --seconds 10 --connections 128 --events 1000000 --only ingestion,page,replay,query,office,rems,languages,share,listings,sessions
 *   --requests 200 (measured requests per statistics query) --members 100 (the office's)
 *   --registrations 1200 --rems-owners 24
 *   --shape scaled: instead of the sections above, the scaled shape through nginx (tests/bench/scaled-shape.ts): beacon
 *   ingestion with 1 vs 2 command-api processes, projection lag per event transport (store, Kafka), relay events/s
 *   against kafkajs alone; a Kafka broker of its own unless KAFKA_BROKERS is set; section `scaled`.
 * (--connections is the beacons'; the card page is measured at 50.)
 * Database: embedded PostgreSQL in a temp folder, or a fresh database on the server in DATABASE_URL.
 * Results: docs/benchmarks/latest.json (and a dated copy), summarised in the README.
 */
import { execFileSync, fork, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type autocannon from 'autocannon';
import { composeProduct, type Product } from '@kartvizit/deploy/compose';
import { LocalDiskBlobStore } from '@kartvizit/infra/blob/local-disk';
import { createDatabaseIfMissing, dropDatabase } from '@kartvizit/infra/db/admin';
import { openDatabase, type Database } from '@kartvizit/infra/db/database';
import { withDatabase } from '@kartvizit/infra/db/url';
import { compareCheckpoints, makeCheckpoint } from '@kartvizit/infra/event-store/checkpoint';
import { createEventStore } from '@kartvizit/infra/event-store/create';
import type { Checkpoint, EventStore } from '@kartvizit/infra/event-store/types';
import { SHOWN_CARDS } from '@kartvizit/infra/read-models/contract';
import { createSignalBus, wakeReaders } from '@kartvizit/infra/signals/create';
import { codecFromAppSecret, EventCodec } from '@kartvizit/infra/vault/event-codec';
import { PersonalDataVault } from '@kartvizit/infra/vault/personal-data-vault';
import { REBUILD_BATCH_SIZE, rebuildProjection } from '@kartvizit/infra/processing/rebuild';
import { statisticsProjection } from '@kartvizit/projector/statistics/statistics-projection';
import { freePort } from '../support/ports.ts';
import { officeStreamId, type OfficeDetailsChanged } from '@kartvizit/schemas';
import { newOfficeDetails } from '@kartvizit/schemas/office/rules';
import { deriveKey } from '@kartvizit/infra/config/secrets';
import { issueFormToken } from '@kartvizit/infra/forms/form-token';
import type { FormLoadResult, FormRequest } from './form-load.ts';
import type { LoadReply, LoadResult } from './load-generator.ts';
import { cpuDuring, parentPid } from './cpu.ts';
import { benchScaledShape } from './scaled-shape.ts';
import { givenOffice } from '../support/offices.ts';
import { startWebhookReceiver } from '../support/webhook-receiver.ts';
import type { RecordedPage } from './replay-page.ts';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2)
  args.set(process.argv[i]?.replace(/^--/, '') ?? '', process.argv[i + 1] ?? '');
const SECONDS = Number(args.get('seconds') ?? 10);
// Beacons come from many phones at once: at least 128 connections (issue 11).
const CONNECTIONS = Number(args.get('connections') ?? 128);
const EVENTS = Number(args.get('events') ?? 1_000_000);
const ONLY = new Set(
  (args.get('only') ?? 'ingestion,page,replay,query,office,rems,languages,share,listings,sessions,integrations').split(
    ',',
  ),
);
// Requests per statistics endpoint measured (after 20 unmeasured), for the owner's and the office's.
const QUERY_REQUESTS = Number(args.get('requests') ?? 200);
const OFFICE_MEMBERS = Number(args.get('members') ?? 100);
const SHAPE = args.get('shape') ?? 'default';
if (SHAPE !== 'default' && SHAPE !== 'scaled') throw new Error(`--shape must be scaled (or left out), got ${SHAPE}`);
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const root = new URL('../..', import.meta.url).pathname;
const webDistDir = join(root, 'web/dist');
const log = (message: string) => console.log(`[bench] ${message}`);

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}
const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

interface Stack {
  readonly database: Database;
  readonly product: Product;
  readonly store: EventStore;
  readonly codec: EventCodec;
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
    const database = await openDatabase({ databaseUrl: withDatabase(server, name), dataDir: workDir });
    // A run leaves nothing on the server it was given: each bench's database holds hundreds of thousands of events.
    return {
      pool: database.pool,
      url: database.url,
      embedded: database.embedded,
      async close() {
        await database.close();
        await dropDatabase(server, name);
      },
    };
  }
  return openDatabase({ dataDir: join(workDir, 'pg'), databaseName: name });
}

async function startStack(database: Database): Promise<Stack> {
  const signals = createSignalBus({ kind: 'in-process' });
  const store = await createEventStore({ kind: 'postgres' }, { pool: database.pool, onAppended: wakeReaders(signals) });
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
    codec,
    url: address,
    async close() {
      await product.close();
      await signals.close();
      await database.close();
    },
  };
}

// Every process the bench starts, so that none outlives it whichever step throws: each section stops its own, the end
// of the run stops what is left, and an exit past both (an uncaught error) still sends them SIGTERM.
const children = new Set<ChildProcess>();
function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}
process.once('exit', () => {
  for (const child of children) child.kill('SIGTERM');
});

/** A child process running a TypeScript file through tsx, with IPC; resolves with its first message. */
function forkTs(file: string, env: NodeJS.ProcessEnv = process.env): Promise<{ child: ChildProcess; first: unknown }> {
  const child = track(
    fork(file, [], { execArgv: ['--import', 'tsx'], cwd: root, env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
  );
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

async function waitForHealth(url: string, service: ChildProcess): Promise<void> {
  await until(async () => {
    if (service.exitCode !== null || service.signalCode !== null)
      throw new Error(`${url}: the service exited (${service.exitCode ?? service.signalCode})`);
    try {
      return (await fetch(`${url}/api/health`)).ok;
    } catch {
      return false;
    }
  }, 60_000);
}

interface ScaledStack {
  readonly database: Database;
  /** command-api. */
  readonly url: string;
  /** query-api, when started. */
  readonly queryUrl: string | null;
  /** Process ids, for the CPU each one spends (tests/bench/cpu.ts); PostgreSQL's is its postmaster's. */
  readonly pids: {
    readonly commandApi: number;
    readonly projector: number;
    readonly queryApi: number | null;
    readonly postgres: number | null;
  };
  /** The services' APP_SECRET: the registration bench issues the card page's form tokens with it. */
  readonly appSecret: Buffer;
  close(): Promise<void>;
}

/**
 * The scaled deployment as `npm run start:command-api` etc. run it: command-api and the projector each as a process of
 * their own (as the hello-world is), command-api with the ingestion on its worker thread, without the per-address
 * limits; the projector woken by the append's NOTIFY; with `queryApi`, query-api too (its page cache woken by the
 * projector's NOTIFY). All on the same database, which the stack owns from here on: it is closed with the stack, or
 * at once if a service does not start.
 */
async function startScaledStack(
  database: Database,
  options: { readonly queryApi?: boolean; readonly publicBaseUrl?: string; readonly env?: NodeJS.ProcessEnv } = {},
): Promise<ScaledStack> {
  const started: ChildProcess[] = [];
  const close = async () => {
    for (const child of started) await stopChild(child);
    await database.close();
  };
  const service = (file: string, env: NodeJS.ProcessEnv, stdout: 'inherit' | 'ignore') => {
    // BENCH_PROFILE=query-api (or command-api, projector): that service writes a V8 CPU profile to tests/artifacts/profiles.
    const profiled = process.env.BENCH_PROFILE && file.startsWith(`${process.env.BENCH_PROFILE}/`);
    const profile = profiled ? ['--cpu-prof', '--cpu-prof-dir', join(root, 'tests/artifacts/profiles')] : [];
    const child = track(
      spawn(process.execPath, [...profile, '--import', 'tsx', join(root, file)], {
        cwd: root,
        env,
        stdio: ['ignore', stdout, 'inherit'],
      }),
    );
    started.push(child);
    return child;
  };
  try {
    const appSecret = randomBytes(48).toString('base64url');
    const shared = {
      ...process.env,
      DATABASE_URL: database.url,
      APP_SECRET: appSecret,
      HOST: '127.0.0.1',
      PUBLIC_BASE_URL: options.publicBaseUrl ?? 'http://127.0.0.1',
      // command-api writes uploaded images, query-api serves them.
      BLOB_DIR: join(workDir, 'blobs'),
      ...options.env,
    };
    // BENCH_LOG=warn: the services' log lines (on their stdout) in the bench's output.
    const logLevel = process.env.BENCH_LOG ?? 'error';
    const stdout = process.env.BENCH_LOG ? 'inherit' : 'ignore';
    const port = await freePort();
    const commandApi = service(
      'command-api/src/main.ts',
      {
        ...shared,
        PORT: String(port),
        DATA_DIR: join(workDir, 'command-api'),
        LOG_LEVEL: logLevel,
        AUTH_RATE_LIMIT_PER_MINUTE: '0',
        TELEMETRY_RATE_LIMIT_PER_MINUTE: '0',
      },
      stdout,
    );
    const projector = service(
      'projector/src/main.ts',
      { ...shared, DATA_DIR: join(workDir, 'projector'), LOG_LEVEL: 'warn' },
      'ignore',
    );
    const url = `http://127.0.0.1:${port}`;
    let queryUrl: string | null = null;
    let queryApi: ChildProcess | null = null;
    if (options.queryApi) {
      const queryPort = await freePort();
      queryApi = service(
        'query-api/src/main.ts',
        {
          ...shared,
          PORT: String(queryPort),
          DATA_DIR: join(workDir, 'query-api'),
          LOG_LEVEL: logLevel,
          WEB_DIST_DIR: webDistDir,
        },
        stdout,
      );
      queryUrl = `http://127.0.0.1:${queryPort}`;
    }
    await waitForHealth(url, commandApi);
    if (queryUrl && queryApi) await waitForHealth(queryUrl, queryApi);
    const pids = {
      commandApi: commandApi.pid ?? 0,
      projector: projector.pid ?? 0,
      queryApi: queryApi?.pid ?? null,
      postgres: await postgresPid(database),
    };
    return { database, url, queryUrl, pids, appSecret: Buffer.from(appSecret, 'utf8'), close };
  } catch (error) {
    await close();
    throw error;
  }
}

async function json<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
  });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** An owner with a profile (`profile`'s fields over a minimal one) and an active virtual card, through the real API. */
async function seedOwner(
  url: string,
  profile: Readonly<Record<string, unknown>> = {},
): Promise<{ token: string; userId: string; cardId: string }> {
  const owner = await seedAccount(url, profile);
  return { ...owner, cardId: await seedCard(url, owner.token) };
}

/** An account with its profile. */
async function seedAccount(
  url: string,
  profile: Readonly<Record<string, unknown>> = {},
): Promise<{ token: string; userId: string }> {
  const email = `bench-${Date.now()}-${randomBytes(3).toString('hex')}@example.com`;
  const registered = await json<{ token: string; user: { id: string } }>(`${url}/api/auth/register`, {
    method: 'POST',
    body: JSON.stringify({ email, password: 'bench-parola', firstName: 'Ölçüm', lastName: 'Sahibi' }),
  });
  await json(`${url}/api/profile`, {
    method: 'POST',
    headers: { authorization: `Bearer ${registered.token}` },
    body: JSON.stringify({ firstName: 'Ölçüm', lastName: 'Sahibi', email, ...profile }),
  });
  return { token: registered.token, userId: registered.user.id };
}

/** A virtual card created and activated by the account (while in an office: the office's card). */
async function seedCard(url: string, token: string): Promise<string> {
  const auth = { authorization: `Bearer ${token}` };
  const cardId = `VC-${randomBytes(3).toString('hex').toUpperCase()}`;
  await json(`${url}/api/cards`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ cardId, type: 'virtual', color: 'black', name: 'Ölçüm' }),
  });
  await json(`${url}/api/cards/activate`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ cardId, name: 'Ölçüm' }),
  });
  return cardId;
}

// An office page as a mid-sized emlak ofisi has it (issue 30: five to a hundred danışman): its details and a team.
const OFFICE_PAGE_MEMBERS = 12;
const OFFICE_FIRST_NAMES = [
  'Ayşe',
  'Mehmet',
  'Zeynep',
  'Can',
  'Elif',
  'Burak',
  'Gül',
  'Oğuz',
  'Şule',
  'İlker',
  'Çağla',
  'Ümit',
];

/**
 * An office with OFFICE_PAGE_MEMBERS members, each with a profile and an office card; answers its slug. The office is given
 * as events in the services' own log (tests/support/offices.ts, sealed with their APP_SECRET), then each member makes
 * and activates a card through command-api: in the office, it is the office's card.
 */
async function seedOffice(stack: ScaledStack): Promise<string> {
  const members = await Promise.all(
    Array.from({ length: OFFICE_PAGE_MEMBERS }, (_, index) =>
      seedAccount(stack.url, {
        ...FULL_PROFILE,
        title: '',
        firstName: OFFICE_FIRST_NAMES[index % OFFICE_FIRST_NAMES.length],
        lastName: 'Yılmaz',
        jobTitle: index === 0 ? 'Ofis Müdürü' : 'Gayrimenkul Danışmanı',
      }),
    ),
  );
  const store = await createEventStore({ kind: 'postgres' }, { pool: stack.database.pool });
  const codec = codecFromAppSecret(stack.database.pool, stack.appSecret);
  const slug = `cinar-emlak-${randomBytes(3).toString('hex')}`;
  const { officeId } = await givenOffice(
    { store, codec },
    {
      name: 'Çınar Emlak Kadıköy',
      slug,
      members: members.map((member, index) => ({ userId: member.userId, role: index === 0 ? 'admin' : 'agent' })),
    },
  );
  const details: OfficeDetailsChanged = {
    type: 'OfficeDetailsChanged',
    data: {
      officeId,
      details: {
        ...newOfficeDetails('Çınar Emlak Kadıköy'),
        company: 'Çınar Gayrimenkul Danışmanlığı Ltd. Şti.',
        address: 'Caferağa Mah. Moda Cad. No: 12, 34710 Kadıköy/İstanbul',
        location: { lat: 40.987654, lng: 29.025432 },
        phone: '0216 333 44 55',
        email: 'ofis@cinaremlak.com.tr',
        website: 'https://cinaremlak.com.tr',
        licenceNumber: '3400123',
        primaryColor: '#0e7490',
      },
      changedBy: members[0]?.userId ?? '',
      at: new Date().toISOString(),
    },
  };
  await store.append([{ streamId: officeStreamId(officeId), expected: 'any', events: [await codec.encode(details)] }]);
  for (const member of members) await seedCard(stack.url, member.token);
  return slug;
}

async function until(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not reached within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The load generator, a process of its own: one autocannon run at a time. */
async function startLoadGenerator(): Promise<{
  pid: number;
  run(options: autocannon.Options): Promise<LoadResult>;
  close(): Promise<void>;
}> {
  const { child } = await forkTs(join(root, 'tests/bench/load-generator.ts'));
  return {
    pid: child.pid ?? 0,
    run(options) {
      return new Promise((resolve, reject) => {
        child.once('message', (reply: LoadReply) =>
          'error' in reply ? reject(new Error(reply.error)) : resolve(reply.result),
        );
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
async function startHelloWorld(): Promise<{ url: string; pid: number; close(): Promise<void> }> {
  const { child, first } = await forkTs(join(root, 'tests/bench/hello-world.ts'));
  return { url: (first as { url: string }).url, pid: child.pid ?? 0, close: () => stopChild(child) };
}

/**
 * The postmaster of the database's server (the parent of this connection's backend), so its backends' CPU can be
 * counted. On a shared server (DATABASE_URL) that includes other clients' work: the embedded default is ours alone.
 */
async function postgresPid(database: Database): Promise<number | null> {
  const result = await database.pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const backend = result.rows[0]?.pid;
  return backend ? parentPid(backend) : null;
}

function median(values: readonly number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

/** The median of each key over the rounds. */
function medianOfEach(entries: readonly Record<string, number>[]): Record<string, number> {
  const keys = [...new Set(entries.flatMap((entry) => Object.keys(entry)))];
  return Object.fromEntries(keys.map((key) => [key, median(entries.map((entry) => entry[key] ?? 0))]));
}

/** CPU microseconds per request of each process group, from `cpuDuring`'s milliseconds. */
function microsPerRequest(cpuMs: Record<string, number>, requests: number): Record<string, number> {
  return Object.fromEntries(
    Object.entries(cpuMs).map(([name, ms]) => [name, round((ms * 1000) / Math.max(1, requests), 0)]),
  );
}

async function statisticsCheckpoint(database: Database): Promise<Checkpoint | null> {
  const result = await database.pool.query<{ checkpoint: Checkpoint | null }>(
    "SELECT checkpoint FROM projection_checkpoints WHERE name = 'statistics'",
  );
  return result.rows[0]?.checkpoint ?? null;
}

/** Waits (at most a minute) until `accepted` visits are in the store and the statistics projection passed the last. */
async function waitUntilArrived(database: Database, accepted: number): Promise<number> {
  const deadline = Date.now() + 60_000;
  let arrived = 0;
  while (Date.now() < deadline) {
    const counted = await database.pool.query<{ n: string }>(
      "SELECT count(*) AS n FROM events WHERE type = 'CardVisited'",
    );
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
const ROUNDS = Number(args.get('rounds') ?? 3);

async function benchIngestion(): Promise<Record<string, unknown>> {
  log(`ingestion: ${SECONDS} s × ${CONNECTIONS} connections, in ${ROUNDS} rounds of hello-world then beacons`);
  const hello = await startHelloWorld();
  const load = await startLoadGenerator();
  const stack = await startScaledStack(await openBenchDatabase(`kartvizit_bench_ingest_${Date.now()}`));
  const cannon = (options: autocannon.Options) => load.run(options);
  try {
    const { cardId } = await seedOwner(stack.url);
    await until(async () => {
      // The projector process has started and the card is shown (card and profile projected): beacons now count.
      const found = await stack.database.pool
        .query(`SELECT 1 ${SHOWN_CARDS} AND c.card_id = $1`, [cardId])
        .catch(() => ({ rowCount: 0 }));
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
    const warmUp = await cannon({
      url: `${stack.url}/api/telemetry/visit`,
      connections: CONNECTIONS,
      amount: 5000,
      ...beaconRequest(cardId),
    });
    await cannon({ url: hello.url, connections: CONNECTIONS, amount: 5000, ...beaconRequest('VC-000000') });
    const rounds: {
      helloWorldPerSecond: number;
      beaconsPerSecond: number;
      ratio: number;
      helloWorldCpuMicrosPerRequest: Record<string, number>;
      beaconCpuMicrosPerRequest: Record<string, number>;
    }[] = [];
    const helloGroups = { helloWorld: [hello.pid], loadGenerator: [load.pid] };
    const beaconGroups = {
      commandApi: [stack.pids.commandApi],
      postgres: stack.pids.postgres === null ? [] : [stack.pids.postgres],
      projector: [stack.pids.projector],
      loadGenerator: [load.pid],
    };
    let amount = warmUp.total;
    let accepted = warmUp.ok;
    // autocannon's `errors` include its `timeouts`.
    let nonAccepted = warmUp.non2xx + warmUp.errors;
    await waitUntilArrived(stack.database, accepted);
    for (let index = 0; index < ROUNDS; index++) {
      const seconds = SECONDS / ROUNDS;
      const measuredBaseline = await cpuDuring(helloGroups, () =>
        cannon({ url: hello.url, connections: CONNECTIONS, duration: seconds, ...beaconRequest('VC-000000') }),
      );
      const baseline = measuredBaseline.result;
      // A fixed number of requests (the round's seconds at half the baseline's rate), so every request sent is
      // answered and counted.
      const requests = Math.max(2000, Math.round(perSecond(baseline) * seconds * 0.5));
      // The CPU a beacon costs includes its way into the read model: counted until the projector has caught up.
      const measured = await cpuDuring(beaconGroups, async () => {
        const answered = await cannon({
          url: `${stack.url}/api/telemetry/visit`,
          connections: CONNECTIONS,
          amount: requests,
          ...beaconRequest(cardId),
        });
        accepted += answered.ok;
        // The next hello-world round runs on a quiet machine, not beside this round's writes.
        await waitUntilArrived(stack.database, accepted);
        return answered;
      });
      const result = measured.result;
      amount += requests;
      nonAccepted += result.non2xx + result.errors;
      rounds.push({
        helloWorldPerSecond: round(perSecond(baseline), 0),
        beaconsPerSecond: round(perSecond(result), 0),
        ratio: round(perSecond(result) / perSecond(baseline)),
        helloWorldCpuMicrosPerRequest: microsPerRequest(measuredBaseline.cpuMs, baseline.total),
        beaconCpuMicrosPerRequest: microsPerRequest(measured.cpuMs, result.total),
      });
    }
    const arrived = await waitUntilArrived(stack.database, accepted);
    // Group commit at work: how many transactions wrote the visits.
    const commits = await stack.database.pool.query<{ n: string }>(
      "SELECT count(DISTINCT transaction_id) AS n FROM events WHERE type = 'CardVisited'",
    );
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
      commits: Number(commits.rows[0]?.n ?? 0),
      visitsPerCommit: round(arrived / Math.max(1, Number(commits.rows[0]?.n ?? 0)), 1),
      // Medians over the rounds: what one request costs each process, in CPU microseconds. On a host whose cores are
      // all busy, the ratio cannot exceed (hello-world + its load) ÷ (everything a beacon costs).
      helloWorldCpuMicrosPerRequest: medianOfEach(rounds.map((entry) => entry.helloWorldCpuMicrosPerRequest)),
      beaconCpuMicrosPerRequest: medianOfEach(rounds.map((entry) => entry.beaconCpuMicrosPerRequest)),
    };
    log(`ingestion: ${JSON.stringify(summary)}`);
    return summary;
  } finally {
    await stack.close();
    await hello.close();
    await load.close();
  }
}

// The card page as phones ask for it: as many connections as visitors opening cards at once on a busy day.
const PAGE_CONNECTIONS = 50;
// A realistic origin: links, the QR code and the security headers (HSTS) are those of a public https deployment.
const PAGE_ORIGIN = 'https://kart.example.com';
const PHONE_PAGE_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
  'accept-language': 'tr-TR,tr;q=0.9',
  'user-agent': IPHONE,
};
// What a card page usually shows: contact details, an about text, a few social links (no images: the page's own bytes
// are measured, media is served apart).
const FULL_PROFILE = {
  title: 'Dr.',
  jobTitle: 'Gayrimenkul Danışmanı',
  firstName: 'Ayşe',
  lastName: 'Yılmaz',
  company: 'Yılmaz Emlak',
  bio:
    'İstanbul Anadolu yakasında 15 yıllık deneyim. Konut ve ticari gayrimenkulde alım, satım ve kiralama; ' +
    'ekspertiz, tapu ve kredi süreçlerinde baştan sona danışmanlık. Hafta içi 09.00–19.00 arası ofisteyiz, ' +
    'hafta sonu randevuyla görüşüyoruz.',
  phone: '0532 123 45 67',
  email: 'ayse@yilmaz-emlak.com.tr',
  website: 'https://yilmaz-emlak.com.tr',
  address: { street: 'Bağdat Caddesi No: 1', city: 'İstanbul', state: 'Kadıköy', zipCode: '34710', country: 'Türkiye' },
  socialLinks: [
    { platform: 'instagram', username: 'yilmazemlak', url: '' },
    { platform: 'linkedin', username: 'ayse-yilmaz', url: '' },
    { platform: 'youtube', username: '', url: 'https://www.youtube.com/@yilmazemlak' },
    { platform: 'twitter', username: 'yilmazemlak', url: '' },
  ],
};
// Added by Node's HTTP server to every answer (the replay's as well), or about the connection, not the page.
const CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** The page links the built script and stylesheet (web/dist/.vite/manifest.json): built once when missing. */
async function ensureWebBuild(): Promise<void> {
  if (existsSync(join(webDistDir, '.vite/manifest.json'))) return;
  log('page: web/dist has no build, running npm run build -w web');
  const build = track(
    spawn('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] }),
  );
  const code = await new Promise<number | null>((resolve) => build.once('exit', resolve));
  if (code !== 0) throw new Error(`npm run build -w web failed (${code})`);
}

interface RawAnswer {
  readonly status: number;
  /** As received: names in their case, in order, repeated ones repeated. */
  readonly headers: readonly (readonly [string, string])[];
  /** As sent: still compressed. */
  readonly body: Buffer;
}

/** One GET on a connection of its own, the bytes as they came (fetch would decompress them). */
function rawGet(url: string, headers: Readonly<Record<string, string>>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpGet(url, { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const pairs: [string, string][] = [];
        for (let i = 0; i + 1 < response.rawHeaders.length; i += 2)
          pairs.push([response.rawHeaders[i] ?? '', response.rawHeaders[i + 1] ?? '']);
        resolve({ status: response.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks) });
      });
    });
    request.on('error', reject);
  });
}

const headerOf = (answer: RawAnswer, name: string) => answer.headers.find(([key]) => key.toLowerCase() === name)?.[1];

/** The baseline of the card page, a process of its own answering with the recorded page (tests/bench/replay-page.ts). */
async function startReplayPage(recorded: RecordedPage): Promise<{ url: string; pid: number; close(): Promise<void> }> {
  const { child } = await forkTs(join(root, 'tests/bench/replay-page.ts'));
  const listening = new Promise<{ url: string }>((resolve, reject) => {
    child.once('message', (message: { url: string }) => resolve(message));
    child.once('exit', (code) => reject(new Error(`replay-page.ts exited (${code}) before it listened`)));
  });
  child.send(recorded);
  return { url: (await listening).url, pid: child.pid ?? 0, close: () => stopChild(child) };
}

/**
 * Where the page bench's processes run, when the machine lets us say so: query-api and the replay (which take turns,
 * never loaded together) on the last core, the load generator on the first. Left to the scheduler, a server shares a
 * core with the load generator in one run and not in the next, and the same code's 304 ratio swung from 0.72 to 1.02
 * between runs (docs/decisions/0020); pinned, both servers are measured on the very same core. `BENCH_PIN=0` leaves
 * placement to the scheduler. Answers what was done, for the summary.
 */
function pinPageBench(pids: { readonly servers: readonly number[]; readonly loadGenerator: number }): string {
  const cores = availableParallelism();
  if (process.env.BENCH_PIN === '0' || cores < 2) return 'no';
  const pin = (core: number, pid: number) =>
    // -a: every thread the process has (libuv's pool, V8's helpers); threads it starts later inherit the mask.
    execFileSync('taskset', ['-a', '-p', '-c', String(core), String(pid)], { stdio: 'ignore' });
  try {
    for (const pid of pids.servers) pin(cores - 1, pid);
    pin(0, pids.loadGenerator);
    return `servers on core ${cores - 1}, load generator on core 0`;
  } catch (error) {
    log(`page: processes not pinned (${error instanceof Error ? error.message : String(error)})`);
    return 'no';
  }
}

type LatencyMs = LoadResult['latencyMs'];

interface PageRound {
  readonly replayPagesPerSecond: number;
  readonly pagesPerSecond: number;
  readonly ratio: number;
  readonly latencyMs: LatencyMs;
  readonly replayLatencyMs: LatencyMs;
  readonly replayNotModifiedPerSecond: number;
  readonly notModifiedPerSecond: number;
  readonly notModifiedRatio: number;
  readonly notModifiedLatencyMs: LatencyMs;
  /** CPU microseconds one 304 cost query-api, and the replay. */
  readonly notModifiedCpuMicros: number;
  readonly replayNotModifiedCpuMicros: number;
  /** Answers that were not the expected 200 (pages) or 304 (revalidations), connection errors and timeouts. */
  readonly failures: Readonly<Record<'pages' | 'replayPages' | 'notModified' | 'replayNotModified', number>>;
}

/** What one load run says about answers that must all have `status`. */
function pageRun(result: LoadResult, status: number) {
  const expected = result.statusCodes[String(status)] ?? 0;
  return {
    perSecond: expected / (result.duration || 1),
    // Any other status, a connection error or a timeout (autocannon's `errors` include its `timeouts`).
    failures: result.total - expected + result.errors,
    latencyMs: result.latencyMs,
  };
}

async function benchPage(): Promise<Record<string, unknown>> {
  const seconds = SECONDS / ROUNDS;
  log(
    `page: ${seconds} s per run × ${PAGE_CONNECTIONS} connections, in ${ROUNDS} rounds of replay then query-api, full pages then 304s; the card page, then the office page`,
  );
  await ensureWebBuild();
  const stack = await startScaledStack(await openBenchDatabase(`kartvizit_bench_page_${Date.now()}`), {
    queryApi: true,
    publicBaseUrl: PAGE_ORIGIN,
  });
  try {
    const { cardId } = await seedOwner(stack.url, FULL_PROFILE);
    const card = await measurePage(stack, `/p/${cardId}`, 'page');
    const slug = await seedOffice(stack);
    // The projector has put every member's office card into the read models: the whole team is on the page.
    const office = await measurePage(
      stack,
      `/o/${slug}`,
      'office page',
      (html) => html.split('class="op-member__link"').length - 1 === OFFICE_PAGE_MEMBERS,
    );
    return { ...card, office: { members: OFFICE_PAGE_MEMBERS, ...office } };
  } finally {
    await stack.close();
  }
}

/** The same owner's words in English, Russian, Arabic and German (issue 31): the card in every language. */
const FULL_PROFILE_TRANSLATIONS = {
  en: {
    jobTitle: 'Real-estate consultant',
    bio:
      '15 years on the Asian side of İstanbul. Buying, selling and renting homes and commercial property; valuation, ' +
      'title deeds and mortgages from start to finish. At the office on weekdays 09:00–19:00, weekends by appointment.',
  },
  ru: {
    jobTitle: 'Консультант по недвижимости',
    bio:
      '15 лет на азиатской стороне Стамбула. Покупка, продажа и аренда жилой и коммерческой недвижимости; оценка, ' +
      'оформление права собственности и ипотека под ключ. В офисе по будням с 09:00 до 19:00, в выходные — по записи.',
  },
  ar: {
    jobTitle: 'مستشارة عقارية',
    bio:
      'خبرة 15 عامًا في الجانب الآسيوي من إسطنبول. شراء وبيع وتأجير المساكن والعقارات التجارية؛ التقييم وسندات ' +
      'الملكية والتمويل العقاري من البداية إلى النهاية. في المكتب أيام الأسبوع من 09:00 إلى 19:00، وفي عطلة نهاية الأسبوع بموعد.',
  },
  de: {
    jobTitle: 'Immobilienberaterin',
    bio:
      '15 Jahre Erfahrung auf der asiatischen Seite Istanbuls. Kauf, Verkauf und Vermietung von Wohn- und ' +
      'Gewerbeimmobilien; Bewertung, Grundbuch und Finanzierung aus einer Hand. Werktags 09:00–19:00 im Büro, am ' +
      'Wochenende nach Vereinbarung.',
  },
};

/**
 * Issue 31: the card page in each language, each against the replay of its own recorded answer, and the plain
 * address negotiated by an English browser's Accept-Language; the bytes each language's page sends, beside those of
 * the same card whose owner writes only Turkish (what a Turkish visitor downloads must not grow with the others).
 */
async function benchLanguages(): Promise<Record<string, unknown>> {
  log('languages: the card page in tr, en, ru, ar, de and negotiated, each against its replay');
  await ensureWebBuild();
  const stack = await startScaledStack(await openBenchDatabase(`kartvizit_bench_languages_${Date.now()}`), {
    queryApi: true,
    publicBaseUrl: PAGE_ORIGIN,
  });
  try {
    const turkishOnly = await seedOwner(stack.url, FULL_PROFILE);
    const multilingual = await seedOwner(stack.url, { ...FULL_PROFILE, translations: FULL_PROFILE_TRANSLATIONS });
    const sent = async (path: string, headers: Record<string, string> = PHONE_PAGE_HEADERS) => {
      const url = `${stack.queryUrl ?? ''}${path}`;
      await until(async () => (await rawGet(url, headers).catch(() => null))?.status === 200, 60_000);
      const answer = await rawGet(url, headers);
      return { brotli: answer.body.length, encoding: headerOf(answer, 'content-encoding') ?? 'identity' };
    };
    const languages = ['tr', 'en', 'ru', 'ar', 'de'] as const;
    const bytes: Record<string, unknown> = { turkishOnlyCard: await sent(`/p/${turkishOnly.cardId}`) };
    for (const language of languages) bytes[language] = await sent(`/p/${multilingual.cardId}?lang=${language}`);
    const pages: Record<string, unknown> = {};
    for (const language of languages) {
      pages[language] = await measurePage(stack, `/p/${multilingual.cardId}?lang=${language}`, `page (${language})`);
    }
    const english = { ...PHONE_PAGE_HEADERS, 'accept-language': 'en-GB,en;q=0.9' };
    pages.negotiatedEnglish = await measurePage(
      stack,
      `/p/${multilingual.cardId}`,
      'page (plain address, Accept-Language en-GB)',
      (html) => html.includes('<html lang="en"'),
      english,
    );
    return { bytes, pages };
  } finally {
    await stack.close();
  }
}

/**
 * Issue 32: a personal address `/k/{slug}` answers the card's own stored page after one lookup of the address, where a
 * redirect to `/p/{cardId}` would cost the visitor a round trip. Measured beside `/p/{cardId}` of the same card, each
 * against the replay of its own recorded answer.
 */
async function benchShare(): Promise<Record<string, unknown>> {
  log('share: the card page at its personal address /k/{slug} and at /p/{cardId}, each against its replay');
  await ensureWebBuild();
  const stack = await startScaledStack(await openBenchDatabase(`kartvizit_bench_share_${Date.now()}`), {
    queryApi: true,
    publicBaseUrl: PAGE_ORIGIN,
  });
  try {
    const owner = await seedOwner(stack.url, FULL_PROFILE);
    const slug = `olcum-${owner.userId.slice(0, 8)}`;
    await json(`${stack.url}/api/share/address`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${owner.token}` },
      body: JSON.stringify({ slug, cardId: owner.cardId }),
    });
    return {
      personalAddress: await measurePage(stack, `/k/${slug}`, 'page (/k/{slug})'),
      cardAddress: await measurePage(stack, `/p/${owner.cardId}`, 'page (/p/{cardId})'),
    };
  } finally {
    await stack.close();
  }
}

/**
 * Issue 34: what the session check costs every owner request. A token is now checked against its session's row (one
 * query joining the credential, the session and whether a second step is set) and, for an office member, the office's
 * second-step policy. Measured on query-api against its own /api/health, which checks nothing, in the same run.
 */
async function benchSessions(): Promise<Record<string, unknown>> {
  log('sessions: an owner route with the session check, alone and as an office member, against /api/health');
  const stack = await startScaledStack(await openBenchDatabase(`kartvizit_bench_sessions_${Date.now()}`), {
    queryApi: true,
  });
  try {
    const base = stack.queryUrl ?? stack.url;
    const owner = await seedAccount(stack.url);
    const member = await seedAccount(stack.url);
    await json(`${stack.url}/api/offices`, {
      method: 'POST',
      headers: { authorization: `Bearer ${member.token}` },
      body: JSON.stringify({ name: 'Ölçüm Emlak', slug: `olcum-${member.userId.slice(0, 8)}` }),
    });
    const result = {
      baselineHealth: await latencyOf(`${base}/api/health`, owner.token),
      ownerMe: await latencyOf(`${base}/api/auth/me`, owner.token),
      officeMemberMe: await latencyOf(`${base}/api/auth/me`, member.token),
    };
    log(`sessions: ${JSON.stringify(result)}`);
    return result;
  } finally {
    await stack.close();
  }
}

/**
 * Issue 35: what a personal API token costs an owner request beside a session's (both checked in one query each, then
 * the scope), and how soon a webhook reaches a receiver on loopback after the command that caused it answered: 40
 * products created one at a time by the owner, each delivered through the fan-out and delivery reactors of the
 * projector process (Popl advertises about 15 seconds for a lead to reach a CRM). Baselines in the same run:
 * query-api's /api/health, and the command's own round trip.
 */
async function benchIntegrations(): Promise<Record<string, unknown>> {
  log('integrations: an owner route with an API token beside a session; webhook delivery after the command answered');
  const receiver = await startWebhookReceiver();
  const stack = await startScaledStack(await openBenchDatabase(`kartvizit_bench_integrations_${Date.now()}`), {
    queryApi: true,
    env: { WEBHOOK_ALLOWED_PRIVATE_HOSTS: '127.0.0.1', PROJECTOR_POLL_INTERVAL_MS: '1000' },
  });
  try {
    const base = stack.queryUrl ?? stack.url;
    const owner = await seedAccount(stack.url);
    const auth = { authorization: `Bearer ${owner.token}` };
    const made = await json<{ data: { token: string } }>(`${stack.url}/api/tokens`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        name: 'Ölçüm',
        scopes: ['products:read'],
        expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      }),
    });
    const hook = await json<{ data: { secret: string } }>(`${stack.url}/api/webhooks`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ url: receiver.url, events: ['product.created'] }),
    });
    receiver.secret = hook.data.secret;
    const requests = {
      baselineHealth: await latencyOf(`${base}/api/health`, owner.token),
      productsWithSession: await latencyOf(`${base}/api/products`, owner.token),
      productsWithApiToken: await latencyOf(`${base}/api/products`, made.data.token),
    };

    // One at a time: each product waits for its webhook before the next is made, as a lead a visitor leaves now and
    // then would (a burst is the REMS bench's business).
    const PRODUCTS = 40;
    const commandTimes: number[] = [];
    const delays: number[] = [];
    for (let index = 0; index < PRODUCTS; index++) {
      const name = `Ölçüm ürünü ${index}`;
      const started = performance.now();
      await json(`${stack.url}/api/products`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ name, price: { value: 1_000 + index } }),
      });
      const done = performance.now();
      commandTimes.push(done - started);
      const deadline = Date.now() + 30_000;
      let arrived: number | null = null;
      while (arrived === null && Date.now() < deadline) {
        const hook = receiver.received.find(
          (entry) => entry.verified && (entry.body.data.product as { name?: string } | undefined)?.name === name,
        );
        if (hook) arrived = hook.arrivedAt;
        else await new Promise((resolve) => setTimeout(resolve, 5));
      }
      if (arrived === null) throw new Error(`the webhook of ${name} did not arrive`);
      delays.push(arrived - done);
    }
    delays.sort((a, b) => a - b);
    commandTimes.sort((a, b) => a - b);
    const result = {
      ...requests,
      commandRoundTrip: { p50: round(percentile(commandTimes, 50), 1), p95: round(percentile(commandTimes, 95), 1) },
      webhookAfterCommand: {
        p50: round(percentile(delays, 50), 1),
        p95: round(percentile(delays, 95), 1),
        max: round(delays.at(-1) ?? 0, 1),
      },
      duplicates: receiver.received.length - receiver.unique().length,
    };
    log(`integrations: ${JSON.stringify(result)}`);
    return result;
  } finally {
    await stack.close();
    await receiver.close();
  }
}

/** A listing of the bench's agent (issue 33): the facts a portfolio card shows, an authorisation running a year. */
function benchListing(index: number): Record<string, unknown> {
  const rooms = ['1+1', '2+1', '3+1', '4+1'][index % 4];
  return {
    kind: 'listing',
    name: `${rooms} Daire, Kadıköy — ${index + 1}`,
    description: 'Metroya yürüme mesafesinde, güney cephe, yeni bakımlı.',
    price: { value: 4_500_000 + index * 250_000, currency: 'TRY' },
    listing: {
      purpose: index % 3 === 0 ? 'rent' : 'sale',
      propertyType: index % 5 === 0 ? 'villa' : 'apartment',
      rooms,
      grossM2: 90 + index * 5,
      netM2: 80 + index * 5,
      floor: String(1 + (index % 5)),
      buildingFloors: 6,
      il: 'İstanbul',
      ilce: 'Kadıköy',
      mahalle: 'Caferağa',
      eids: {
        number: `EIDS-${1000 + index}`,
        validUntil: new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10),
      },
    },
  };
}

/**
 * Issue 33: the card page of an agent with twelve listings ('Portföy', its filters) against its replay, and the bytes
 * a phone downloads for it beside those of the same card without listings (which must not grow with the feature).
 */
async function benchListings(): Promise<Record<string, unknown>> {
  log('listings: the card page with a 12-listing portfolio against its replay; bytes with and without listings');
  await ensureWebBuild();
  const stack = await startScaledStack(await openBenchDatabase(`kartvizit_bench_listings_${Date.now()}`), {
    queryApi: true,
    publicBaseUrl: PAGE_ORIGIN,
  });
  try {
    const plain = await seedOwner(stack.url, FULL_PROFILE);
    const agent = await seedOwner(stack.url, { ...FULL_PROFILE, yetkiBelgesiNo: '3401234' });
    for (let index = 0; index < 12; index++) {
      await json(`${stack.url}/api/products`, {
        method: 'POST',
        headers: { authorization: `Bearer ${agent.token}` },
        body: JSON.stringify(benchListing(index)),
      });
    }
    const sent = async (path: string, ready: (html: string) => boolean) => {
      const url = `${stack.queryUrl ?? ''}${path}`;
      await until(async () => {
        const answer = await rawGet(url, { ...PHONE_PAGE_HEADERS, 'accept-encoding': 'identity' }).catch(() => null);
        return answer?.status === 200 && ready(answer.body.toString('utf8'));
      }, 60_000);
      const answer = await rawGet(url, PHONE_PAGE_HEADERS);
      return { brotli: answer.body.length, encoding: headerOf(answer, 'content-encoding') ?? 'identity' };
    };
    const portfolio = (html: string) => html.includes('Portföy');
    return {
      bytes: {
        cardWithoutListings: await sent(`/p/${plain.cardId}`, () => true),
        cardWith12Listings: await sent(`/p/${agent.cardId}`, portfolio),
      },
      portfolioPage: await measurePage(stack, `/p/${agent.cardId}`, 'page (12 listings)', portfolio),
      plainPage: await measurePage(stack, `/p/${plain.cardId}`, 'page (no listings)'),
    };
  } finally {
    await stack.close();
  }
}

/**
 * One page of query-api (`path`) against the replay of its recorded answer, as described at the top: full pages and
 * 304s in alternating rounds. `ready`: what the page's HTML must show before it is recorded.
 */
async function measurePage(
  stack: ScaledStack,
  path: string,
  label: string,
  ready: (html: string) => boolean = () => true,
  headers: Record<string, string> = PHONE_PAGE_HEADERS,
): Promise<Record<string, unknown>> {
  const seconds = SECONDS / ROUNDS;
  let replay: { url: string; pid: number; close(): Promise<void> } | null = null;
  let load: { run(options: autocannon.Options): Promise<LoadResult>; close(): Promise<void> } | null = null;
  const decompressed = (answer: RawAnswer) =>
    headerOf(answer, 'content-encoding') === 'br'
      ? brotliDecompressSync(answer.body)
      : headerOf(answer, 'content-encoding') === 'gzip'
        ? gunzipSync(answer.body)
        : answer.body;
  try {
    const pageUrl = `${stack.queryUrl ?? ''}${path}`;
    // The projector has put the page's data into the read models.
    await until(async () => {
      const answer = await rawGet(pageUrl, headers).catch(() => null);
      return answer?.status === 200 && ready(decompressed(answer).toString('utf8'));
    }, 60_000);

    const page = await rawGet(pageUrl, headers);
    const encoding = headerOf(page, 'content-encoding');
    const etag = headerOf(page, 'etag');
    if (page.status !== 200 || (encoding !== 'br' && encoding !== 'gzip')) {
      throw new Error(
        `${label}: expected 200 with Content-Encoding br or gzip, got ${page.status} with ${encoding ?? 'none'}`,
      );
    }
    if (!etag) throw new Error(`${label}: the page has no ETag`);
    const revalidation = { ...headers, 'if-none-match': etag };
    const conditional = await rawGet(pageUrl, revalidation);
    if (conditional.status !== 304)
      throw new Error(`${label}: If-None-Match with the page's ETag answered ${conditional.status}, not 304`);
    const html = decompressed(page);
    // Without a build the page is served without its script and stylesheet: smaller, and not the page phones get.
    if (!html.includes('<script type="module" src="/assets/'))
      throw new Error(`${label}: the page links no built script (is ${webDistDir} built?)`);

    replay = await startReplayPage({
      status: page.status,
      headers: page.headers.filter(([name]) => !CONNECTION_HEADERS.has(name.toLowerCase())),
      bodyBase64: page.body.toString('base64'),
      notModifiedHeaders: conditional.headers.filter(([name]) => !CONNECTION_HEADERS.has(name.toLowerCase())),
    });
    const replayUrl = `${replay.url}${path}`;
    const replayPid = replay.pid;
    const replayedPage = await rawGet(replayUrl, headers);
    if (replayedPage.status !== 200 || !replayedPage.body.equals(page.body))
      throw new Error(`${label}: the replay does not answer with the recorded page`);
    if ((await rawGet(replayUrl, revalidation)).status !== 304)
      throw new Error(`${label}: the replay does not answer 304 to its ETag`);

    const generator = await startLoadGenerator();
    load = generator;
    const pinned = pinPageBench({ servers: [stack.pids.queryApi ?? 0, replayPid], loadGenerator: generator.pid });
    const run = (url: string, headers: Record<string, string>, limit: { duration: number } | { amount: number }) =>
      generator.run({ url, method: 'GET', connections: PAGE_CONNECTIONS, headers, ...limit });
    // Warm-up, not measured: both servers' code compiled, query-api's page cache and pool filled.
    for (const url of [pageUrl, replayUrl]) {
      await run(url, headers, { amount: 3000 });
      await run(url, revalidation, { amount: 3000 });
    }

    const rounds: PageRound[] = [];
    for (let index = 0; index < ROUNDS; index++) {
      // Each figure against the replay's measured just before it, on the same machine minutes apart at most.
      const replayPages = pageRun(await run(replayUrl, headers, { duration: seconds }), 200);
      const pages = pageRun(await run(pageUrl, headers, { duration: seconds }), 200);
      // The CPU one 304 costs the server that answers it: the arithmetic behind the 304 ratio.
      const replayed = await cpuDuring({ server: [replayPid] }, () =>
        run(replayUrl, revalidation, { duration: seconds }),
      );
      const answered = await cpuDuring({ server: [stack.pids.queryApi ?? 0] }, () =>
        run(pageUrl, revalidation, { duration: seconds }),
      );
      const replayNotModified = pageRun(replayed.result, 304);
      const notModified = pageRun(answered.result, 304);
      rounds.push({
        replayPagesPerSecond: round(replayPages.perSecond, 0),
        pagesPerSecond: round(pages.perSecond, 0),
        ratio: round(pages.perSecond / replayPages.perSecond),
        latencyMs: pages.latencyMs,
        replayLatencyMs: replayPages.latencyMs,
        replayNotModifiedPerSecond: round(replayNotModified.perSecond, 0),
        notModifiedPerSecond: round(notModified.perSecond, 0),
        notModifiedRatio: round(notModified.perSecond / replayNotModified.perSecond),
        notModifiedLatencyMs: notModified.latencyMs,
        notModifiedCpuMicros: microsPerRequest(answered.cpuMs, answered.result.total).server ?? 0,
        replayNotModifiedCpuMicros: microsPerRequest(replayed.cpuMs, replayed.result.total).server ?? 0,
        failures: {
          pages: pages.failures,
          replayPages: replayPages.failures,
          notModified: notModified.failures,
          replayNotModified: replayNotModified.failures,
        },
      });
    }
    const latency = (pick: (entry: PageRound) => LatencyMs) => ({
      p50: median(rounds.map((entry) => pick(entry).p50)),
      p97_5: median(rounds.map((entry) => pick(entry).p97_5)),
      p99: median(rounds.map((entry) => pick(entry).p99)),
    });
    const summary = {
      seconds: SECONDS,
      connections: PAGE_CONNECTIONS,
      pagesPerSecond: median(rounds.map((entry) => entry.pagesPerSecond)),
      replayPagesPerSecond: median(rounds.map((entry) => entry.replayPagesPerSecond)),
      // Medians of the rounds' ratios, each run against the replay's run just before it.
      ratio: median(rounds.map((entry) => entry.ratio)),
      latencyMs: latency((entry) => entry.latencyMs),
      replayLatencyMs: latency((entry) => entry.replayLatencyMs),
      notModifiedPerSecond: median(rounds.map((entry) => entry.notModifiedPerSecond)),
      replayNotModifiedPerSecond: median(rounds.map((entry) => entry.replayNotModifiedPerSecond)),
      notModifiedRatio: median(rounds.map((entry) => entry.notModifiedRatio)),
      // What one 304 costs each server in CPU (query-api, the replay): when both are bound by the host's cores, the
      // 304 ratio is about the inverse of these.
      notModifiedCpuMicros: median(rounds.map((entry) => entry.notModifiedCpuMicros)),
      replayNotModifiedCpuMicros: median(rounds.map((entry) => entry.replayNotModifiedCpuMicros)),
      bytes: { encoding, compressed: page.body.length, html: html.length },
      pinned,
      failures: rounds.reduce((sum, entry) => sum + Object.values(entry.failures).reduce((a, b) => a + b, 0), 0),
      rounds,
    };
    log(`${label}: ${JSON.stringify(summary)}`);
    return summary;
  } finally {
    await replay?.close();
    await load?.close();
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
    const deps = {
      pool: stack.database.pool,
      store: stack.store,
      codec: new EventCodec(new PersonalDataVault(stack.database.pool, randomBytes(32))),
    };
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
        await stack.database.pool.query(
          `INSERT INTO bench_plain (position, type, data) VALUES ${rows.join(',')}`,
          params,
        );
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
        latency[endpoint] = await latencyOf(`${stack.url}/api/statistics/${endpoint}`, owner.token);
      }
      results.queryLatencyMs = { visits: EVENTS, ...latency };
      log(`queries: ${JSON.stringify(results.queryLatencyMs)}`);
    }
    return results;
  } finally {
    await stack.close();
  }
}

/** p50 and p95 of QUERY_REQUESTS sequential GETs of `url` with the owner's session, after 20 unmeasured ones. */
async function latencyOf(url: string, token: string): Promise<{ p50: number; p95: number }> {
  const headers = { authorization: `Bearer ${token}` };
  for (let i = 0; i < 20; i++) await (await fetch(url, { headers })).arrayBuffer(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < QUERY_REQUESTS; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: round(percentile(times, 50), 1), p95: round(percentile(times, 95), 1) };
}

/**
 * N visits over 30 days spread over the members' cards (member i % members), each member with 5,000 visitors a day,
 * written straight into the log as seedVisits does.
 */
async function seedTeamVisits(
  database: Database,
  members: readonly { readonly userId: string; readonly cardId: string }[],
  count: number,
): Promise<void> {
  const chunk = 100_000;
  const owners = members.map((member) => member.userId);
  const cards = members.map((member) => member.cardId);
  for (let start = 0; start < count; start += chunk) {
    const end = Math.min(count, start + chunk) - 1;
    await database.pool.query(
      `INSERT INTO events (stream_id, stream_position, event_id, type, schema_version, data, metadata)
       SELECT 'bench-telemetry-' || (i % 16), i / 16, gen_random_uuid(), 'CardVisited', 1,
              jsonb_build_object(
                'cardId', ($1::text[])[1 + i % $5], 'ownerId', ($2::text[])[1 + i % $5],
                'visitorHash', md5(((i % 5000) + (i % 30) * 5000)::text),
                'device', (ARRAY['mobile','tablet','desktop'])[1 + i % 3],
                'browser', (ARRAY['Safari','Chrome','Samsung Internet','Firefox'])[1 + i % 4],
                'os', (ARRAY['iOS','Android','Windows'])[1 + i % 3],
                'country', (ARRAY['TR','TR','TR','DE',NULL])[1 + i % 5],
                'city', (ARRAY['İstanbul','Ankara','İzmir','Berlin',NULL])[1 + i % 5],
                'at', to_char((now() - ((i % 30) || ' days')::interval - ((i % 86400) || ' seconds')::interval) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
              '{}'::jsonb
         FROM generate_series($3::bigint, $4::bigint) AS i`,
      [cards, owners, start, end, members.length],
    );
  }
}

/**
 * Team statistics (issue 30): GET /api/offices/{id}/statistics for an office of OFFICE_MEMBERS members, each with an
 * office card made through the API, and N visits spread over those cards; for the default 30 days and for a year.
 * A section of its own (its own database and product), so `--only office` and `--only query` run apart.
 */
async function benchOfficeQueries(): Promise<Record<string, unknown>> {
  const stack = await startStack(await openBenchDatabase(`kartvizit_bench_office_${Date.now()}`));
  try {
    log(`office: ${OFFICE_MEMBERS} members, each with an office card`);
    const people = [];
    for (let index = 0; index < OFFICE_MEMBERS; index++) people.push(await seedAccount(stack.url));
    const [admin] = people;
    if (!admin) throw new Error('an office needs a member');
    const { officeId } = await givenOffice(stack, {
      members: people.map((person, index) => ({ userId: person.userId, role: index === 0 ? 'admin' : 'agent' })),
    });
    const members = [];
    for (const person of people)
      members.push({ userId: person.userId, cardId: await seedCard(stack.url, person.token) });
    log(`office: writing ${EVENTS.toLocaleString('tr-TR')} visits over ${members.length} cards`);
    await seedTeamVisits(stack.database, members, EVENTS);
    await stack.product.projectors.stop();
    const deps = {
      pool: stack.database.pool,
      store: stack.store,
      codec: new EventCodec(new PersonalDataVault(stack.database.pool, randomBytes(32))),
    };
    await rebuildProjection(deps, statisticsProjection);
    const url = `${stack.url}/api/offices/${officeId}/statistics`;
    const yearAgo = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
    // Every visit is counted, under its member, before anything is timed.
    const probe = await json<{ data: { totals: { visits: number }; members: unknown[] } }>(`${url}?from=${yearAgo}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    if (probe.data.totals.visits !== EVENTS || probe.data.members.length !== OFFICE_MEMBERS)
      throw new Error(
        `office: expected ${EVENTS} visits of ${OFFICE_MEMBERS} members, read ${JSON.stringify(probe.data.totals)}`,
      );
    const result = {
      members: OFFICE_MEMBERS,
      visits: EVENTS,
      requests: QUERY_REQUESTS,
      last30Days: await latencyOf(url, admin.token),
      lastYear: await latencyOf(`${url}?from=${yearAgo}`, admin.token),
    };
    log(`office: ${JSON.stringify(result)}`);
    return result;
  } finally {
    await stack.close();
  }
}

const REGISTRATIONS = Number(args.get('registrations') ?? 1200);
const REMS_OWNERS = Number(args.get('rems-owners') ?? 24);
// Visitors sending the form at the same moment (each a phone of its own).
const FORM_CONNECTIONS = 32;

/** The registration form a visitor on `owner`'s card sends, with the token the card page gave them 10 s before. */
function registrationForm(owner: { userId: string; cardId: string }, tokenKey: Buffer, index: number): FormRequest {
  return {
    // Behind the proxy each visitor has an address of their own (TRUST_PROXY), as phones do: the per-client limits
    // of the public forms are not what is measured.
    headers: {
      'x-forwarded-for': `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255 || 1}`,
      'user-agent': IPHONE,
    },
    body: JSON.stringify({
      cardOwnerId: owner.userId,
      cardId: owner.cardId,
      firstName: 'Ölçüm',
      lastName: `Ziyaretçi ${index}`,
      phoneNumber: '532 123 45 67',
      customerType: 'BUYER',
      email: `ziyaretci-${index}@example.com`,
      province: '34',
      district: 'Kadıköy',
      address: null,
      notes: 'Kadıköy’de 3+1 daire arıyorum.',
      formToken: issueFormToken(tokenKey, owner.cardId, new Date(Date.now() - 10_000)),
    }),
  };
}

async function benchRems(): Promise<Record<string, unknown>> {
  log(
    `rems: ${REGISTRATIONS} registrations to ${REMS_OWNERS} owners over ${FORM_CONNECTIONS} connections, REMS answering in 200 ms`,
  );
  const { child: remsChild, first } = await forkTs(join(root, 'tests/bench/rems-server.ts'));
  const ask = <T>(message: unknown) =>
    new Promise<T>((resolve) => {
      remsChild.once('message', (reply) => resolve(reply as T));
      remsChild.send(message as never);
    });
  const hello = await startHelloWorld();
  const { child: loadChild } = await forkTs(join(root, 'tests/bench/form-load.ts'));
  const sendForms = (url: string, requests: readonly FormRequest[]) =>
    new Promise<FormLoadResult>((resolve) => {
      loadChild.once('message', (reply) => resolve(reply as FormLoadResult));
      loadChild.send({ url, requests, connections: FORM_CONNECTIONS });
    });
  const stack = await startScaledStack(await openBenchDatabase(`kartvizit_bench_rems_${Date.now()}`), {
    env: { REMS_API_URL: (first as { url: string }).url, TRUST_PROXY: '1' },
  });
  const { child: insertChild, first: insertReady } = await forkTs(join(root, 'tests/bench/insert-server.ts'), {
    ...process.env,
    BENCH_DATABASE_URL: stack.database.url,
  });
  const insertUrl = (insertReady as { url: string }).url;
  try {
    const owners: { userId: string; cardId: string }[] = [];
    for (let index = 0; index < REMS_OWNERS; index++) {
      const owner = await seedOwner(stack.url);
      const key = `rems_bench_${index}_${randomBytes(8).toString('hex')}`;
      await ask({ addKey: [key, `hesap-${index}`] });
      await json(`${stack.url}/api/rems/save-api-key`, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.token}` },
        body: JSON.stringify({ apiKey: key }),
      });
      owners.push(owner);
    }
    const tokenKey = deriveKey(stack.appSecret, 'form-tokens');
    let sent = 0;
    const forms = (count: number) =>
      Array.from({ length: count }, () => {
        const index = sent++;
        return registrationForm(owners[index % owners.length] ?? owners[0]!, tokenKey, index);
      });
    const registrationsUrl = `${stack.url}/api/rems/create-customer`;
    // Warm-up, not measured (its registrations are delivered and counted like the others).
    await sendForms(hello.url, forms(100));
    await sendForms(insertUrl, forms(100));
    const warmUp = await sendForms(registrationsUrl, forms(100));
    let accepted = warmUp.statusCodes['200'] ?? 0;
    let refused = warmUp.total + warmUp.errors - accepted;
    const rounds: {
      helloWorldPerSecond: number;
      oneInsertPerSecond: number;
      registrationsPerSecond: number;
      ratio: number;
      ratioToOneInsert: number;
      latencyMs: { p50: number; p99: number };
      oneInsertLatencyMs: { p50: number; p99: number };
    }[] = [];
    for (let index = 0; index < ROUNDS; index++) {
      const count = Math.round(REGISTRATIONS / ROUNDS);
      const baseline = await sendForms(hello.url, forms(count));
      const inserts = await sendForms(insertUrl, forms(count));
      const result = await sendForms(registrationsUrl, forms(count));
      accepted += result.statusCodes['200'] ?? 0;
      refused += result.total + result.errors - (result.statusCodes['200'] ?? 0);
      rounds.push({
        helloWorldPerSecond: round(baseline.total / baseline.seconds, 0),
        registrationsPerSecond: round(result.total / result.seconds, 0),
        oneInsertPerSecond: round(inserts.total / inserts.seconds, 0),
        ratio: round(result.total / result.seconds / (baseline.total / baseline.seconds)),
        ratioToOneInsert: round(result.total / result.seconds / (inserts.total / inserts.seconds)),
        latencyMs: result.latencyMs,
        oneInsertLatencyMs: inserts.latencyMs,
      });
    }
    // Every accepted registration reaches REMS: wait (at most 10 minutes) until each has its outcome.
    const outcomes = async () => {
      const counted = await stack.database.pool.query<{ type: string; n: string }>(
        "SELECT type, count(*) AS n FROM events WHERE type IN ('RemsRegistrationRequested', 'RemsCustomerDelivered', 'RemsRegistrationFailed') GROUP BY type",
      );
      return Object.fromEntries(counted.rows.map((row) => [row.type, Number(row.n)])) as Record<
        string,
        number | undefined
      >;
    };
    const deliveryStarted = Date.now();
    await until(async () => {
      const counts = await outcomes();
      return (counts.RemsCustomerDelivered ?? 0) + (counts.RemsRegistrationFailed ?? 0) >= accepted;
    }, 600_000);
    const drainSeconds = (Date.now() - deliveryStarted) / 1000;
    const counts = await outcomes();
    const lags = (
      await stack.database.pool.query<{ ms: number }>(
        `SELECT extract(epoch FROM (d.created_at - r.created_at)) * 1000 AS ms
           FROM events r JOIN events d ON d.type = 'RemsCustomerDelivered' AND d.data->>'registrationId' = r.data->>'registrationId'
          WHERE r.type = 'RemsRegistrationRequested'`,
      )
    ).rows
      .map((row) => Number(row.ms))
      .sort((a, b) => a - b);
    const inRems = await ask<{ customers: number; deliveries: number }>({ count: true });
    const summary = {
      // Those of the measured rounds (the 100 of the warm-up are delivered and counted below too).
      registrations: rounds.length * Math.round(REGISTRATIONS / ROUNDS),
      connections: FORM_CONNECTIONS,
      owners: REMS_OWNERS,
      remsLatencyMs: 200,
      helloWorldRequestsPerSecond: median(rounds.map((entry) => entry.helloWorldPerSecond)),
      oneInsertPerSecond: median(rounds.map((entry) => entry.oneInsertPerSecond)),
      registrationsPerSecond: median(rounds.map((entry) => entry.registrationsPerSecond)),
      ratio: median(rounds.map((entry) => entry.ratio)),
      ratioToOneInsert: median(rounds.map((entry) => entry.ratioToOneInsert)),
      rounds,
      accepted,
      refused,
      stored: counts.RemsRegistrationRequested ?? 0,
      delivered: counts.RemsCustomerDelivered ?? 0,
      failed: counts.RemsRegistrationFailed ?? 0,
      remsCustomers: inRems.customers,
      remsDeliveries: inRems.deliveries,
      // From the last answer to the last outcome recorded: how long REMS's queue took to drain after the burst.
      drainSecondsAfterLoad: round(drainSeconds, 1),
      deliveryLagMs: { p50: round(percentile(lags, 50), 0), p99: round(percentile(lags, 99), 0), samples: lags.length },
    };
    log(`rems: ${JSON.stringify(summary)}`);
    return summary;
  } finally {
    // The insert server first: it holds connections to the stack's database.
    await stopChild(insertChild);
    await stack.close();
    await hello.close();
    await stopChild(loadChild);
    await stopChild(remsChild);
  }
}

const report: Record<string, unknown> = {
  date: new Date().toISOString(),
  machine: {
    cores: (await import('node:os')).cpus().length,
    node: process.version,
    database: process.env.DATABASE_URL ? 'server (DATABASE_URL)' : 'embedded PostgreSQL',
  },
};
try {
  if (SHAPE === 'scaled') {
    report.scaled = await benchScaledShape({
      root,
      workDir,
      seconds: SECONDS,
      connections: CONNECTIONS,
      rounds: ROUNDS,
      openDatabase: openBenchDatabase,
      startLoadGenerator,
      startHelloWorld,
      seedOwner: (url) => seedOwner(url),
      track,
      stopChild,
      beaconRequest,
      log,
    });
    ONLY.clear();
  }
  if (ONLY.has('ingestion')) report.ingestion = await benchIngestion();
  if (ONLY.has('page')) report.page = await benchPage();
  if (ONLY.has('replay') || ONLY.has('query')) Object.assign(report, await benchReplayAndQueries());
  if (ONLY.has('office')) report.officeQueryLatencyMs = await benchOfficeQueries();
  if (ONLY.has('rems')) report.rems = await benchRems();
  if (ONLY.has('languages')) report.languages = await benchLanguages();
  if (ONLY.has('share')) report.share = await benchShare();
  if (ONLY.has('listings')) report.listings = await benchListings();
  if (ONLY.has('sessions')) report.sessions = await benchSessions();
  if (ONLY.has('integrations')) report.integrations = await benchIntegrations();
} finally {
  await Promise.all([...children].map(stopChild));
  rmSync(workDir, { recursive: true, force: true });
}
const outDir = join(root, 'docs/benchmarks');
mkdirSync(outDir, { recursive: true });
// A run of some sections (--only) keeps the other sections of latest.json, each with the date it was measured.
const latestFile = join(outDir, 'latest.json');
const SECTIONS = [
  'ingestion',
  'page',
  'replay',
  'queryLatencyMs',
  'officeQueryLatencyMs',
  'rems',
  'languages',
  'share',
  'listings',
  'sessions',
  'integrations',
  'scaled',
];
if (existsSync(latestFile)) {
  const previous = JSON.parse(readFileSync(latestFile, 'utf8')) as Record<string, unknown>;
  const measured = (previous.measured ?? {}) as Record<string, string>;
  const kept: Record<string, string> = {};
  for (const section of SECTIONS) {
    if (report[section] !== undefined || previous[section] === undefined) continue;
    report[section] = previous[section];
    kept[section] = measured[section] ?? (previous.date as string);
  }
  report.measured = Object.fromEntries(
    SECTIONS.filter((section) => report[section] !== undefined).map((section) => [
      section,
      kept[section] ?? (report.date as string),
    ]),
  );
}
const text = `${JSON.stringify(report, null, 2)}\n`;
writeFileSync(join(outDir, 'latest.json'), text);
writeFileSync(join(outDir, `${report.date as string}.json`.replace(/:/g, '-')), text);
console.log(text);
