/**
 * `npm run bench -- --shape scaled` (issue 16): the scaled shape measured through Debian's nginx running
 * infra/deploy/nginx.conf (tests/support/nginx.ts), each figure next to a baseline taken in the same run.
 *
 *   1. Beacon ingestion through nginx with 1 and with 2 command-api processes (one projector behind them), each
 *      against the same nginx in front of as many bare hello-world processes answering the same request, in
 *      alternating rounds (median round); with one command-api, the same beacons straight to it too (nginx's hop).
 *      Beacons accepted vs stored.
 *   2. Projection lag: one beacon at a time through nginx, from sending it to its visit counted in the statistics read
 *      model (rm_stat_totals), with EVENT_TRANSPORT=store (the projector woken by LISTEN/NOTIFY); the baseline is the
 *      beacon's own answer (stored, 204) in the same probe.
 *   3. The same projection lag with EVENT_TRANSPORT=kafka: the projector runs the relay (store → topic) and the
 *      Kafka-fed projections (topic → read models), on a topic of the run's own.
 *   4. Relay throughput: events/s the relay publishes from a seeded store (the broker's ack and the checkpoint's
 *      commit included), against kafkajs alone producing the same records; each a process of its own
 *      (tests/kafka/relay-throughput.ts --measure), in alternating rounds (median round).
 *
 * The run starts one Kafka broker of its own (infra/kafka/broker.ts), or uses KAFKA_BROKERS when set, and stops it at
 * the end whatever happens. Only (3) and (4) talk to Kafka: the other services run with KAFKA_BROKERS empty.
 *
 * run.ts hands in its process plumbing (database, load generator, hello-world, owner seeding) so both measure alike.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type autocannon from 'autocannon';
import type { Database } from '@kartvizit/infra/db/database';
import { SHOWN_CARDS } from '@kartvizit/infra/read-models/contract';
import { createEventStore } from '@kartvizit/infra/event-store/create';
import { startKafkaBroker } from '../../infra/kafka/broker.ts';
import { seedRelayEvents } from '../kafka/relay-throughput.ts';
import { startNginx, type RunningNginx } from '../support/nginx.ts';
import { freePort } from '../support/ports.ts';
import type { LoadResult } from './load-generator.ts';

export type EventTransportName = 'store' | 'kafka';

/** What run.ts lends: the same database, processes and load generator its own sections use. */
export interface ScaledBenchTools {
  readonly root: string;
  readonly workDir: string;
  readonly seconds: number;
  readonly connections: number;
  readonly rounds: number;
  openDatabase(name: string): Promise<Database>;
  startLoadGenerator(): Promise<{ run(options: autocannon.Options): Promise<LoadResult>; close(): Promise<void> }>;
  startHelloWorld(): Promise<{ url: string; close(): Promise<void> }>;
  seedOwner(url: string): Promise<{ cardId: string }>;
  track(child: ChildProcess): ChildProcess;
  stopChild(child: ChildProcess): Promise<void>;
  beaconRequest(cardId: string): Pick<autocannon.Options, 'method' | 'headers' | 'body'>;
  log(message: string): void;
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
const perSecond = (result: LoadResult) => result.total / (result.duration || 1);

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}
const median = (values: readonly number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

async function until(condition: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

interface ScaledServices {
  /** command-api ports, in start order. */
  readonly commandPorts: readonly number[];
  close(): Promise<void>;
}

/** `commandApis` command-api processes and one projector on `database`, as `npm run start:*` runs them. */
async function startServices(
  tools: ScaledBenchTools,
  database: Database,
  commandApis: number,
  env: Readonly<Record<string, string>>,
): Promise<ScaledServices> {
  const started: ChildProcess[] = [];
  const close = async () => {
    for (const child of started) await tools.stopChild(child);
  };
  const shared = {
    ...process.env,
    DATABASE_URL: database.url,
    APP_SECRET: randomBytes(48).toString('base64url'),
    HOST: '127.0.0.1',
    PUBLIC_BASE_URL: 'http://127.0.0.1',
    TRUST_PROXY: '1',
    BLOB_DIR: join(tools.workDir, 'blobs'),
    LOG_LEVEL: process.env.BENCH_LOG ?? 'error',
    AUTH_RATE_LIMIT_PER_MINUTE: '0',
    TELEMETRY_RATE_LIMIT_PER_MINUTE: '0',
    // No relay unless the measurement asks for Kafka (a KAFKA_BROKERS in the bench's own environment is its broker).
    KAFKA_BROKERS: '',
    ...env,
  };
  const service = (name: string, file: string, extra: Record<string, string>) => {
    const child = tools.track(
      spawn(process.execPath, ['--import', 'tsx', join(tools.root, file)], {
        cwd: tools.root,
        env: { ...shared, DATA_DIR: join(tools.workDir, name), ...extra },
        stdio: ['ignore', process.env.BENCH_LOG ? 'inherit' : 'ignore', 'inherit'],
      }),
    );
    started.push(child);
    return child;
  };
  try {
    const commandPorts: number[] = [];
    const commands: ChildProcess[] = [];
    for (let index = 0; index < commandApis; index++) {
      const port = await freePort();
      commandPorts.push(port);
      commands.push(service(`command-api-${index + 1}`, 'command-api/src/main.ts', { PORT: String(port) }));
    }
    service('projector', 'projector/src/main.ts', {});
    for (const [index, port] of commandPorts.entries()) {
      const child = commands[index];
      await until(
        async () => {
          if (child?.exitCode !== null) throw new Error(`command-api on ${port} exited`);
          try {
            return (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;
          } catch {
            return false;
          }
        },
        90_000,
        `command-api on ${port}`,
      );
    }
    return { commandPorts, close };
  } catch (error) {
    await close();
    throw error;
  }
}

async function storedVisits(database: Database): Promise<number> {
  const { rows } = await database.pool.query<{ n: string }>(
    "SELECT count(*) AS n FROM events WHERE type = 'CardVisited'",
  );
  return Number(rows[0]?.n ?? 0);
}

async function countedVisits(database: Database, cardId: string): Promise<number> {
  const { rows } = await database.pool
    .query<{ n: string | null }>('SELECT sum(visits) AS n FROM rm_stat_totals WHERE card_id = $1', [cardId])
    .catch(() => ({ rows: [] as { n: string | null }[] }));
  return Number(rows[0]?.n ?? 0);
}

/** Waits until the card is shown (card and profile projected): from then on its beacons count. */
async function cardShown(database: Database, cardId: string): Promise<void> {
  await until(
    async () => {
      const found = await database.pool
        .query(`SELECT 1 ${SHOWN_CARDS} AND c.card_id = $1`, [cardId])
        .catch(() => ({ rowCount: 0 }));
      return (found.rowCount ?? 0) > 0;
    },
    60_000,
    'the seeded card shown',
  );
}

/** Beacons/s through nginx with 1 and with 2 command-apis, each next to nginx in front of as many hello-worlds. */
async function benchIngestionThroughNginx(tools: ScaledBenchTools): Promise<Record<string, unknown>> {
  const database = await tools.openDatabase(`kartvizit_bench_scaled_${Date.now()}`);
  const load = await tools.startLoadGenerator();
  const hellos = [await tools.startHelloWorld(), await tools.startHelloWorld()];
  const proxies: RunningNginx[] = [];
  let services: ScaledServices | null = null;
  try {
    services = await startServices(tools, database, 2, { EVENT_TRANSPORT: 'store' });
    // query-api is not needed for beacons: its upstream names a port nothing listens on.
    const unused = await freePort();
    const helloPorts = hellos.map((hello) => Number(new URL(hello.url).port));
    const shapes = [1, 2].map((count) => ({
      count,
      beacons: startNginx({ commandApi: services?.commandPorts.slice(0, count) ?? [], queryApi: [unused] }),
      baseline: startNginx({ commandApi: helloPorts.slice(0, count), queryApi: [unused] }),
    }));
    const started = await Promise.all(
      shapes.map(async (shape) => ({
        count: shape.count,
        beacons: await shape.beacons,
        baseline: await shape.baseline,
      })),
    );
    proxies.push(...started.flatMap((shape) => [shape.beacons, shape.baseline]));

    const firstPort = services.commandPorts[0] ?? 0;
    const { cardId } = await tools.seedOwner(`http://127.0.0.1:${firstPort}`);
    await cardShown(database, cardId);
    const request = tools.beaconRequest(cardId);
    const cannon = (url: string, options: Partial<autocannon.Options>) =>
      load.run({ url: `${url}/api/telemetry/visit`, connections: tools.connections, ...request, ...options });

    let accepted = 0;
    let nonAccepted = 0;
    // Warm-up, not measured: every process's code compiled, nginx's keep-alive connections open. Its rate sizes the
    // measured rounds: a fixed number of beacons per round, so every beacon sent is answered and counted (a timed run
    // cuts the requests in flight at its end, which the server may still store).
    const warmRate = new Map<number, number>();
    for (const shape of started) {
      const warm = await cannon(shape.beacons.url, { amount: 3000 });
      warmRate.set(shape.count, perSecond(warm));
      accepted += warm.ok;
      nonAccepted += warm.non2xx + warm.errors;
      await cannon(shape.baseline.url, { amount: 3000 });
    }
    const results: Record<string, unknown> = {};
    for (const shape of started) {
      const rounds: {
        helloWorldPerSecond: number;
        beaconsPerSecond: number;
        ratio: number;
        directBeaconsPerSecond?: number;
      }[] = [];
      for (let index = 0; index < tools.rounds; index++) {
        const seconds = tools.seconds / tools.rounds;
        const baseline = await cannon(shape.baseline.url, { duration: seconds });
        const amount = Math.max(1000, Math.round((warmRate.get(shape.count) ?? 0) * seconds));
        const beacons = await cannon(shape.beacons.url, { amount });
        accepted += beacons.ok;
        nonAccepted += beacons.non2xx + beacons.errors;
        // With one command-api, the same beacons straight to it as well: what nginx's hop costs.
        let direct: LoadResult | null = null;
        if (shape.count === 1) {
          direct = await cannon(`http://127.0.0.1:${firstPort}`, { amount });
          accepted += direct.ok;
          nonAccepted += direct.non2xx + direct.errors;
        }
        // The next baseline round runs on a quiet machine, not beside this round's writes.
        await until(async () => (await storedVisits(database)) >= accepted, 60_000, 'beacons stored');
        await until(async () => (await countedVisits(database, cardId)) >= accepted, 120_000, 'beacons projected');
        rounds.push({
          helloWorldPerSecond: round(perSecond(baseline), 0),
          beaconsPerSecond: round(perSecond(beacons), 0),
          ratio: round(perSecond(beacons) / perSecond(baseline)),
          ...(direct ? { directBeaconsPerSecond: round(perSecond(direct), 0) } : {}),
        });
      }
      results[`commandApi${shape.count}`] = {
        processes: shape.count,
        helloWorldThroughNginxPerSecond: median(rounds.map((entry) => entry.helloWorldPerSecond)),
        beaconsThroughNginxPerSecond: median(rounds.map((entry) => entry.beaconsPerSecond)),
        ratio: median(rounds.map((entry) => entry.ratio)),
        ...(shape.count === 1
          ? { beaconsDirectPerSecond: median(rounds.map((entry) => entry.directBeaconsPerSecond ?? 0)) }
          : {}),
        rounds,
      };
      tools.log(`scaled ingestion, ${shape.count} command-api: ${JSON.stringify(results[`commandApi${shape.count}`])}`);
    }
    const one = results.commandApi1 as { beaconsThroughNginxPerSecond: number };
    const two = results.commandApi2 as { beaconsThroughNginxPerSecond: number };
    return {
      seconds: tools.seconds,
      connections: tools.connections,
      ...results,
      // How much a second command-api adds on this machine (2 cores shared by everything: nginx, both services,
      // the projector, PostgreSQL and the load generator).
      twoOverOne: round(two.beaconsThroughNginxPerSecond / one.beaconsThroughNginxPerSecond),
      accepted,
      // Every accepted beacon is in the event store (the seeded owner's card had no visits before).
      stored: await storedVisits(database),
      nonAccepted,
    };
  } finally {
    for (const proxy of proxies) await proxy.stop();
    await services?.close();
    for (const hello of hellos) await hello.close();
    await load.close();
    await database.close();
  }
}

/**
 * Beacon → counted in rm_stat_totals, one beacon at a time through nginx (one command-api, one projector), with the
 * projector following the given transport. 'kafka' needs `kafkaBrokers` and the merged Kafka consumers.
 */
export async function measureProjectionLag(
  tools: ScaledBenchTools,
  transport: EventTransportName,
  options: { readonly probes?: number; readonly kafkaBrokers?: readonly string[] } = {},
): Promise<Record<string, unknown>> {
  const probes = options.probes ?? 200;
  const database = await tools.openDatabase(`kartvizit_bench_lag_${transport}_${Date.now()}`);
  let services: ScaledServices | null = null;
  let proxy: RunningNginx | null = null;
  try {
    const env: Record<string, string> = { EVENT_TRANSPORT: transport };
    if (transport === 'kafka') {
      if (!options.kafkaBrokers?.length) throw new Error('projection lag with Kafka needs a broker');
      env.KAFKA_BROKERS = options.kafkaBrokers.join(',');
      // A topic of this run's own: a fresh database must not meet another run's events.
      env.KAFKA_TOPIC = `kartvizit.bench-lag.${randomBytes(6).toString('hex')}`;
    }
    services = await startServices(tools, database, 1, env);
    proxy = await startNginx({ commandApi: services.commandPorts, queryApi: [await freePort()] });
    const { cardId } = await tools.seedOwner(`http://127.0.0.1:${services.commandPorts[0] ?? 0}`);
    await cardShown(database, cardId);
    const request = tools.beaconRequest(cardId);
    const answered: number[] = [];
    const visible: number[] = [];
    for (let index = 0; index < probes + 10; index++) {
      const expected = (await countedVisits(database, cardId)) + 1;
      const sent = performance.now();
      const response = await fetch(`${proxy.url}/api/telemetry/visit`, {
        method: 'POST',
        headers: request.headers as Record<string, string>,
        body: request.body as string,
      });
      await response.arrayBuffer();
      if (response.status !== 204) throw new Error(`beacon answered ${response.status}`);
      const answeredAt = performance.now();
      // A tight poll: its period (one query on an idle database, well under a millisecond) bounds the error.
      while ((await countedVisits(database, cardId)) < expected) {
        if (performance.now() - sent > 30_000) throw new Error('a beacon was not counted within 30 s');
      }
      // The first ten warm the way up.
      if (index < 10) continue;
      answered.push(answeredAt - sent);
      visible.push(performance.now() - sent);
    }
    answered.sort((a, b) => a - b);
    visible.sort((a, b) => a - b);
    const summary = {
      transport,
      probes,
      // The baseline: the beacon's own answer (stored in the event store) through nginx.
      beaconAnsweredMs: { p50: round(percentile(answered, 50), 1), p99: round(percentile(answered, 99), 1) },
      visibleInStatisticsMs: { p50: round(percentile(visible, 50), 1), p99: round(percentile(visible, 99), 1) },
    };
    tools.log(`scaled projection lag: ${JSON.stringify(summary)}`);
    return summary;
  } finally {
    await proxy?.stop();
    await services?.close();
    await database.close();
  }
}

/** One `tests/kafka/relay-throughput.ts --measure <kind>` process: its JSON line. */
async function relayBenchProcess(
  tools: ScaledBenchTools,
  kind: 'relay' | 'producer',
  databaseUrl: string,
  brokers: readonly string[],
  events: number,
): Promise<{ eventsPerSecond: number; seconds: number }> {
  const child = tools.track(
    spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(tools.root, 'tests/kafka/relay-throughput.ts'),
        '--measure',
        kind,
        '--events',
        String(events),
      ],
      {
        cwd: tools.root,
        env: { ...process.env, DATABASE_URL: databaseUrl, KAFKA_BROKERS: brokers.join(',') },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    ),
  );
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (exitCode) => resolve(exitCode));
    });
    if (code !== 0) throw new Error(`relay-throughput --measure ${kind} exited with ${code}`);
  } finally {
    await tools.stopChild(child);
  }
  const line = output.trim().split('\n').at(-1) ?? '';
  return JSON.parse(line) as { eventsPerSecond: number; seconds: number };
}

/**
 * Events/s the relay publishes to Kafka (broker ack and checkpoint commit included), next to kafkajs alone producing
 * the same records from a process of its own: what the relay costs over the bare producer. `events` visit-sized events
 * over 500 streams are seeded once; every round publishes all of them to a fresh topic (6 partitions).
 */
export async function measureRelayThroughput(
  tools: ScaledBenchTools,
  kafkaBrokers: readonly string[],
  options: { readonly events?: number } = {},
): Promise<Record<string, unknown>> {
  const events = options.events ?? 50_000;
  const database = await tools.openDatabase(`kartvizit_bench_relay_${Date.now()}`);
  try {
    const store = await createEventStore({ kind: 'postgres' }, { pool: database.pool });
    try {
      await seedRelayEvents(store, events);
    } finally {
      await store.close();
    }
    const rounds: { producerEventsPerSecond: number; relayEventsPerSecond: number; ratio: number }[] = [];
    for (let index = 0; index < tools.rounds; index++) {
      const producer = await relayBenchProcess(tools, 'producer', database.url, kafkaBrokers, events);
      const relay = await relayBenchProcess(tools, 'relay', database.url, kafkaBrokers, events);
      rounds.push({
        producerEventsPerSecond: round(producer.eventsPerSecond, 0),
        relayEventsPerSecond: round(relay.eventsPerSecond, 0),
        ratio: round(relay.eventsPerSecond / producer.eventsPerSecond),
      });
    }
    const summary = {
      events,
      streams: 500,
      partitions: 6,
      relayEventsPerSecond: median(rounds.map((entry) => entry.relayEventsPerSecond)),
      // The baseline: kafkajs alone, the same records (keys, headers, sizes, requests), idempotent, acks from all.
      bareProducerEventsPerSecond: median(rounds.map((entry) => entry.producerEventsPerSecond)),
      ratio: median(rounds.map((entry) => entry.ratio)),
      rounds,
    };
    tools.log(`scaled relay throughput: ${JSON.stringify(summary)}`);
    return summary;
  } finally {
    await database.close();
  }
}

/** The whole `--shape scaled` run: ingestion through nginx, projection lag per transport, relay throughput. */
export async function benchScaledShape(tools: ScaledBenchTools): Promise<Record<string, unknown>> {
  tools.log(`scaled: ${tools.seconds} s × ${tools.connections} connections through nginx, ${tools.rounds} rounds`);
  const external = (process.env.KAFKA_BROKERS ?? '')
    .split(',')
    .map((broker) => broker.trim())
    .filter((broker) => broker !== '');
  const broker = external.length > 0 ? null : await startKafkaBroker();
  const kafkaBrokers = broker?.brokers ?? external;
  tools.log(
    `scaled: Kafka ${broker ? `broker of its own (${broker.kafkaVersion})` : 'from KAFKA_BROKERS'} on ${kafkaBrokers.join(',')}`,
  );
  try {
    const loadBefore = loadavg();
    const ingestion = await benchIngestionThroughNginx(tools);
    const lagStore = await measureProjectionLag(tools, 'store');
    const lagKafka = await measureProjectionLag(tools, 'kafka', { kafkaBrokers });
    const relay = await measureRelayThroughput(tools, kafkaBrokers);
    return {
      ingestion,
      projectionLag: { store: lagStore, kafka: lagKafka },
      relay,
      kafka: broker ? `a broker of the run's own, Kafka ${broker.kafkaVersion} (one KRaft node)` : 'KAFKA_BROKERS',
      // The host is shared: the load average (1, 5, 15 min) at the start and at the end of the run.
      loadAverage: { start: loadBefore.map((value) => round(value)), end: loadavg().map((value) => round(value)) },
    };
  } finally {
    await broker?.stop();
  }
}
