/**
 * A real Apache Kafka broker on this machine, without Docker (issue 16, decision 40).
 *
 * Kafka 3.9 from Maven Central (infra/kafka/pom.xml) runs as one KRaft node that is both broker and controller,
 * with its log in a temp folder that stop() removes. Used by the tests (tests/support/kafka.ts) and by
 *   npm run kafka [-- --port 9092]      a broker on 127.0.0.1:9092 until Ctrl+C
 * Needs `java` (17+) and `mvn`; the classpath is resolved once and cached in infra/kafka/target/classpath.txt.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Kafka, logLevel } from 'kafkajs';

export const KAFKA_DIR = fileURLToPath(new URL('.', import.meta.url));
const POM = join(KAFKA_DIR, 'pom.xml');
const CLASSPATH_FILE = join(KAFKA_DIR, 'target', 'classpath.txt');
const HOST = '127.0.0.1';
const DEFAULT_PORT = 9092;
/** Long enough for a cold JVM on a loaded 2-core machine; a healthy start takes a few seconds. */
const START_TIMEOUT_MS = 90_000;
/** Kafka's shutdown hook closes the log cleanly in well under a second; after this the JVM is killed. */
const STOP_TIMEOUT_MS = 30_000;
const LOG_TAIL_LINES = 80;
const DIR_PREFIX = 'kartvizit-kafka-';
/** Written first into every broker folder: which process owns it, so a later start can sweep orphans. */
const OWNER_FILE = 'owner.pid';
const STARTED_LINE = /\bKafka Server started\b/;
const PORT_TAKEN = /Address already in use|BindException/;

export interface KafkaBrokerOptions {
  /** The PLAINTEXT listener on 127.0.0.1. Default: a free port (tests); the CLI uses 9092. */
  readonly port?: number;
  /** The KRaft controller listener. Default: a free port. */
  readonly controllerPort?: number;
  /** The broker's log4j output, line by line. Default: kept only for error messages. */
  readonly onLog?: (line: string) => void;
  /** JVM heap ceiling, as -Xmx takes it. Default 512m. */
  readonly heap?: string;
}

export interface KafkaBroker {
  /** Bootstrap servers for kafkajs: `['127.0.0.1:<port>']`. */
  readonly brokers: string[];
  readonly port: number;
  /** The JVM's process id (tests check it is gone after stop). */
  readonly pid: number;
  /** The temp folder holding server.properties and the log; removed by stop(). */
  readonly dir: string;
  readonly kafkaVersion: string;
  /** Settles when the JVM has exited, with its exit code (null when a signal ended it). */
  readonly exited: Promise<number | null>;
  /** SIGTERM, wait for Kafka's clean shutdown (SIGKILL after 30 s), remove the temp folder. Idempotent. */
  stop(): Promise<void>;
}

/** What a broker needs from this machine, or why it cannot run here. */
export function kafkaToolsMissing(path = process.env.PATH ?? ''): string | null {
  const missing = ['java', 'mvn'].filter((tool) => findOnPath(tool, path) === null);
  if (missing.length === 0) return null;
  return `${missing.join(' and ')} not found on PATH (a Kafka broker here needs Java 17+ and Maven: apt-get install -y maven)`;
}

function findOnPath(tool: string, path = process.env.PATH ?? ''): string | null {
  for (const dir of path.split(delimiter)) {
    if (dir === '') continue;
    const candidate = join(dir, tool);
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/**
 * The broker's runtime classpath. Maven resolves it once (downloading Kafka on the first run) into
 * target/classpath.txt; it is resolved again when pom.xml changed or a jar it names is gone (e.g. ~/.m2 wiped).
 */
export async function kafkaClasspath(): Promise<string> {
  const cached = await readCachedClasspath();
  if (cached !== null) return cached;
  await mkdir(join(KAFKA_DIR, 'target'), { recursive: true });
  // Written under a name of its own and renamed: two test files resolving at once never read half a file.
  const partial = `${CLASSPATH_FILE}.${process.pid}.${randomBytes(3).toString('hex')}.tmp`;
  const result = await run('mvn', [
    '-q',
    '-B',
    '-f',
    POM,
    'dependency:build-classpath',
    '-Dmdep.includeScope=runtime',
    `-Dmdep.outputFile=${partial}`,
  ]);
  if (result.code !== 0) {
    await rm(partial, { force: true });
    throw new Error(
      `mvn could not resolve the Kafka broker's classpath (exit ${result.code}):\n${result.output.slice(-4000)}`,
    );
  }
  await rename(partial, CLASSPATH_FILE);
  const resolved = await readCachedClasspath();
  if (resolved === null) throw new Error(`mvn wrote ${CLASSPATH_FILE} but a jar it names is missing`);
  return resolved;
}

async function readCachedClasspath(): Promise<string | null> {
  try {
    const [cache, pom] = await Promise.all([stat(CLASSPATH_FILE), stat(POM)]);
    if (cache.mtimeMs < pom.mtimeMs) return null;
    const classpath = (await readFile(CLASSPATH_FILE, 'utf8')).trim();
    const jars = classpath.split(':');
    if (classpath === '' || !jars.every((jar) => existsSync(jar))) return null;
    return classpath;
  } catch {
    return null;
  }
}

/** Kafka's version, read off the kafka_2.13 jar on the classpath. */
function kafkaVersionOf(classpath: string): string {
  return /kafka_2\.13-([^/]+)\.jar/.exec(classpath)?.[1] ?? 'unknown';
}

/** A KRaft cluster id as Kafka's Uuid prints it: 16 random bytes, base64url without padding, not starting with '-'. */
export function newClusterId(): string {
  for (;;) {
    const id = randomBytes(16).toString('base64url');
    if (!id.startsWith('-')) return id;
  }
}

/** server.properties of a single KRaft node that is broker and controller, for one machine and its tests. */
export function serverProperties(settings: { port: number; controllerPort: number; logDir: string }): string {
  const properties: Record<string, string | number> = {
    'process.roles': 'broker,controller',
    'node.id': 1,
    listeners: `PLAINTEXT://${HOST}:${settings.port},CONTROLLER://${HOST}:${settings.controllerPort}`,
    'advertised.listeners': `PLAINTEXT://${HOST}:${settings.port}`,
    'listener.security.protocol.map': 'PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT',
    'controller.listener.names': 'CONTROLLER',
    'inter.broker.listener.name': 'PLAINTEXT',
    // A static voter set: StorageTool format needs no --standalone (that is for a dynamic quorum, KIP-853).
    'controller.quorum.voters': `1@${HOST}:${settings.controllerPort}`,
    'log.dirs': settings.logDir,
    // Topics are created on purpose (kafkajs #1563: an auto-created topic answers 'This server does not host this
    // topic-partition' to a consumer that asked first).
    'auto.create.topics.enable': 'false',
    'num.partitions': 1,
    // One node: every internal topic has one replica, and few partitions keep the first group join quick.
    'offsets.topic.replication.factor': 1,
    'offsets.topic.num.partitions': 1,
    'transaction.state.log.replication.factor': 1,
    'transaction.state.log.min.isr': 1,
    'transaction.state.log.num.partitions': 1,
    'group.initial.rebalance.delay.ms': 0,
  };
  return `${Object.entries(properties)
    .map(([name, value]) => `${name}=${value}`)
    .join('\n')}\n`;
}

const LOG4J_PROPERTIES = [
  'log4j.rootLogger=WARN, stdout',
  'log4j.appender.stdout=org.apache.log4j.ConsoleAppender',
  'log4j.appender.stdout.layout=org.apache.log4j.PatternLayout',
  'log4j.appender.stdout.layout.ConversionPattern=[%d] %p %m (%c)%n',
  // The one INFO line start-up waits for: "[KafkaRaftServer nodeId=1] Kafka Server started".
  'log4j.logger.kafka.server.KafkaRaftServer=INFO',
  '',
].join('\n');

/** Formats a fresh log in a temp folder and starts Kafka on it; resolves once the broker answers a metadata request. */
export async function startKafkaBroker(options: KafkaBrokerOptions = {}): Promise<KafkaBroker> {
  for (const port of [options.port, options.controllerPort]) {
    if (port !== undefined && !(await portIsFree(port))) {
      throw new Error(`${HOST}:${port} is already in use (another Kafka?): choose another port`);
    }
  }
  const classpath = await kafkaClasspath();
  const kafkaVersion = kafkaVersionOf(classpath);
  for (let attempt = 1; ; attempt += 1) {
    const port = options.port ?? (await freePort());
    const controllerPort = options.controllerPort ?? (await freePort());
    try {
      return await startOnce({ ...options, port, controllerPort }, classpath, kafkaVersion);
    } catch (error) {
      // A free port can be taken between asking and binding: the start is tried again on other free ports, unless
      // the caller chose them.
      const ours = options.port === undefined && options.controllerPort === undefined;
      if (error instanceof PortTakenError && ours && attempt < 4) continue;
      throw error;
    }
  }
}

class PortTakenError extends Error {}

interface StartSettings extends KafkaBrokerOptions {
  readonly port: number;
  readonly controllerPort: number;
}

/**
 * Folders of brokers whose owner died by SIGKILL (its JVM followed it, see spawnJvm, but nobody was left to remove
 * the folder). A folder without an owner file yet may be another process's start in progress: left alone for a minute.
 */
async function sweepOrphanedFolders(): Promise<void> {
  const entries = await readdir(tmpdir()).catch(() => []);
  await Promise.all(
    entries
      .filter((entry) => entry.startsWith(DIR_PREFIX))
      .map(async (entry) => {
        const dir = join(tmpdir(), entry);
        const owner = Number.parseInt(await readFile(join(dir, OWNER_FILE), 'utf8').catch(() => ''), 10);
        if (Number.isInteger(owner) ? isAlive(owner) : await youngerThan(dir, 60_000)) return;
        await rm(dir, { recursive: true, force: true });
      }),
  );
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function youngerThan(path: string, ms: number): Promise<boolean> {
  const info = await stat(path).catch(() => null);
  return info !== null && Date.now() - info.mtimeMs < ms;
}

async function startOnce(settings: StartSettings, classpath: string, kafkaVersion: string): Promise<KafkaBroker> {
  await sweepOrphanedFolders();
  const dir = await mkdtemp(join(tmpdir(), DIR_PREFIX));
  const logTail: string[] = [];
  const onLine = (line: string): void => {
    logTail.push(line);
    if (logTail.length > LOG_TAIL_LINES) logTail.shift();
    settings.onLog?.(line);
  };
  try {
    await writeFile(join(dir, OWNER_FILE), `${process.pid}\n`);
    const propertiesFile = join(dir, 'server.properties');
    const log4jFile = join(dir, 'log4j.properties');
    await writeFile(propertiesFile, serverProperties({ ...settings, logDir: join(dir, 'data') }));
    await writeFile(log4jFile, LOG4J_PROPERTIES);
    const jvm = [
      `-Xmx${settings.heap ?? '512m'}`,
      '-Djava.awt.headless=true',
      `-Dlog4j.configuration=${pathToFileURL(log4jFile).href}`,
    ];

    const format = await run('java', [
      ...jvm,
      '-cp',
      classpath,
      'kafka.tools.StorageTool',
      'format',
      '-t',
      newClusterId(),
      '-c',
      propertiesFile,
    ]);
    if (format.code !== 0)
      throw new Error(`Kafka's StorageTool format failed (exit ${format.code}):\n${format.output}`);

    const child = spawnJvm([...jvm, '-cp', classpath, 'kafka.Kafka', propertiesFile]);
    const exited = new Promise<number | null>((resolve) => {
      child.once('exit', (code, signal) => resolve(signal ? null : code));
      // The JVM could not be started at all (java gone from PATH since the check): no 'exit' follows.
      child.once('error', (error) => {
        onLine(`[spawn] ${error.message}`);
        resolve(-1);
      });
    });
    trackRunning(child);
    const started = new Promise<void>((resolve) => {
      forEachLine(child, (line) => {
        onLine(line);
        if (STARTED_LINE.test(line)) resolve();
      });
    });

    let stopping: Promise<void> | null = null;
    const stop = (): Promise<void> => {
      stopping ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
          await exited;
          clearTimeout(timer);
        }
        await rm(dir, { recursive: true, force: true });
      })();
      return stopping;
    };

    const brokers = [`${HOST}:${settings.port}`];
    try {
      await waitForStart(started, exited, logTail, settings.port);
      await answersMetadata(brokers);
    } catch (error) {
      await stop();
      throw error;
    }
    if (child.pid === undefined) throw new Error('the Kafka JVM has no pid');
    return { brokers, port: settings.port, pid: child.pid, dir, kafkaVersion, exited, stop };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

async function waitForStart(
  started: Promise<void>,
  exited: Promise<number | null>,
  logTail: readonly string[],
  port: number,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), START_TIMEOUT_MS);
  });
  try {
    const outcome = await Promise.race([started.then(() => 'started' as const), exited, timedOut]);
    if (outcome === 'started') return;
    const log = logTail.slice(-30).join('\n');
    if (outcome === 'timeout')
      throw new Error(`Kafka did not start within ${START_TIMEOUT_MS / 1000} s on port ${port}:\n${log}`);
    if (PORT_TAKEN.test(log)) throw new PortTakenError(`Kafka could not bind its ports:\n${log}`);
    throw new Error(`Kafka exited during start-up (exit ${outcome ?? 'by signal'}):\n${log}`);
  } finally {
    clearTimeout(timer);
  }
}

/** The proof the broker serves clients: a kafkajs admin connects and reads the cluster's metadata. */
async function answersMetadata(brokers: string[]): Promise<void> {
  const admin = new Kafka({ clientId: 'kartvizit-kafka-ready', brokers, logLevel: logLevel.NOTHING }).admin();
  try {
    await admin.connect();
    const cluster = await admin.describeCluster();
    if (cluster.brokers.length === 0) throw new Error('Kafka answered a metadata request without brokers');
  } finally {
    await admin.disconnect();
  }
}

/**
 * Starts the JVM so that it dies with us: on Linux util-linux's setpriv asks the kernel to SIGTERM it when this
 * process goes (even by SIGKILL, which runs no exit handler); elsewhere the 'exit' handler below is all there is.
 */
function spawnJvm(args: string[]): ChildProcess {
  const viaSetpriv = process.platform === 'linux' && findOnPath('setpriv') !== null;
  const [command, commandArgs] = viaSetpriv
    ? ['setpriv', ['--pdeathsig', 'TERM', '--', 'java', ...args]]
    : ['java', args];
  return spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
}

const running = new Set<ChildProcess>();
let exitHookInstalled = false;

function trackRunning(child: ChildProcess): void {
  running.add(child);
  child.once('exit', () => running.delete(child));
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // 'exit' handlers run synchronously: signal the JVMs, which shut down on their own.
  process.on('exit', () => {
    for (const jvm of running) jvm.kill('SIGTERM');
  });
}

function forEachLine(child: ChildProcess, onLine: (line: string) => void): void {
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      const lines = (rest + chunk).split(/\r?\n/);
      rest = lines.pop() ?? '';
      for (const line of lines) if (line.trim() !== '') onLine(line);
    });
  }
}

function run(command: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, HOST, () => server.close(() => resolve(true)));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({ args: process.argv.slice(2), strict: true, options: { port: { type: 'string' } } });
  const port = values.port === undefined ? DEFAULT_PORT : Number(values.port);
  if (!Number.isInteger(port) || port <= 0 || port > 65_535) {
    console.error(`Geçersiz port: ${values.port}\nKullanım: npm run kafka [-- --port 9092]`);
    process.exit(2);
  }
  const missing = kafkaToolsMissing();
  if (missing !== null) {
    console.error(`Kafka başlatılamadı: ${missing}`);
    process.exit(1);
  }
  const began = performance.now();
  console.log('Kafka hazırlanıyor (ilk çalıştırmada Maven Central’dan indirilir)…');
  const broker = await startKafkaBroker({ port, onLog: (line) => console.log(line) });
  const seconds = ((performance.now() - began) / 1000).toFixed(1);
  console.log(
    `Kafka ${broker.kafkaVersion} hazır: ${broker.brokers.join(',')} (${seconds} sn; KRaft, tek düğüm, ${broker.dir})`,
  );
  console.log('Konular kendiliğinden oluşmaz (auto.create.topics.enable=false). Durdurmak için Ctrl+C.');
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: Kafka durduruluyor…`);
    broker.stop().then(
      () => {
        console.log('Kafka durdu, geçici klasör silindi.');
        process.exit(0);
      },
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  void broker.exited.then((code) => {
    if (stopping) return;
    console.error(`Kafka kendiliğinden durdu (çıkış kodu ${code ?? 'sinyal'}).`);
    void rm(broker.dir, { recursive: true, force: true }).finally(() => process.exit(1));
  });
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  process.on('SIGHUP', shutdown);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(`Kafka başlatılamadı: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
