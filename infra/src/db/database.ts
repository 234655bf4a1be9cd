import { fileURLToPath } from 'node:url';
import { runner } from 'node-pg-migrate';
import pg from 'pg';
import { createDatabaseIfMissing } from './admin.ts';
import { redactUrl } from './url.ts';

export interface Database {
  readonly pool: pg.Pool;
  readonly url: string;
  readonly embedded: boolean;
  /** Ends the pool, then stops embedded PostgreSQL if this process started it. */
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** A PostgreSQL server to use; without it, embedded PostgreSQL runs on `dataDir`. */
  readonly databaseUrl?: string;
  readonly dataDir: string;
  /** Embedded only; default `kartvizit`. */
  readonly databaseName?: string;
  readonly log?: (message: string) => void;
  /** Embedded only; default PGPORT_EMBEDDED, else a free port. */
  readonly port?: number;
  /** Embedded only: PostgreSQL's own log lines (kept off stdout by default). */
  readonly onPostgresLog?: (line: string) => void;
  /** Pool size; default 10. */
  readonly poolMax?: number;
}

export const DEFAULT_DATABASE_NAME = 'kartvizit';
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations', import.meta.url));
const MIGRATIONS_TABLE = 'pgmigrations';

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const log = options.log ?? ((): void => undefined);

  if (options.databaseUrl !== undefined && options.databaseUrl !== '') {
    const url = options.databaseUrl;
    const pool = createPool(url, options.poolMax, log);
    try {
      await migrateWithPool(pool, log);
      const version = await serverVersion(pool);
      log(`PostgreSQL ${version} at ${redactUrl(url)}`);
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { pool, url, embedded: false, close: once(() => pool.end()) };
  }

  // Loaded only here: scaled deployments never need the PostgreSQL binaries.
  const { startEmbeddedPostgres } = await import('./embedded.ts');
  const server = await startEmbeddedPostgres({
    dataDir: options.dataDir,
    ...(options.port === undefined ? {} : { port: options.port }),
    ...(options.onPostgresLog === undefined ? {} : { onLog: options.onPostgresLog }),
  });
  const name = options.databaseName ?? DEFAULT_DATABASE_NAME;
  let pool: pg.Pool | null = null;
  try {
    await createDatabaseIfMissing(server.url('postgres'), name);
    const url = server.url(name);
    pool = createPool(url, options.poolMax, log);
    await migrateWithPool(pool, log);
    const version = await serverVersion(pool);
    log(
      `PostgreSQL ${version} embedded: data ${server.dataDir}${server.initialised ? ' (new)' : ''}, ` +
        `${server.host}:${server.port}, database ${name}`,
    );
    const openPool = pool;
    return {
      pool: openPool,
      url,
      embedded: true,
      close: once(async () => {
        try {
          await openPool.end();
        } finally {
          await server.stop();
        }
      }),
    };
  } catch (error) {
    await pool?.end().catch(() => undefined);
    await server.stop();
    throw error;
  }
}

/**
 * Brings the schema up to date. Safe to call from several processes at once: node-pg-migrate
 * holds an advisory lock on the database while it works, and later callers wait for it.
 * Returns the names of the migrations it applied.
 */
export async function migrate(
  target: string | pg.ClientBase,
  options: {
    readonly log?: (message: string) => void;
    /** Run at most this many pending migrations (tests that start from an older schema). */
    readonly count?: number;
  } = {},
): Promise<string[]> {
  if (typeof target !== 'string') return runMigrations(target, options.log, options.count);
  // Our own client rather than node-pg-migrate's: it does not wait for its connection to close.
  const client = new pg.Client({ connectionString: target });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await runMigrations(client, options.log, options.count);
  } finally {
    await client.end();
  }
}

async function runMigrations(
  client: pg.ClientBase,
  log: (message: string) => void = () => undefined,
  count?: number,
): Promise<string[]> {
  const applied = await runner({
    ...(count === undefined ? {} : { count }),
    dbClient: client,
    dir: MIGRATIONS_DIR,
    migrationsTable: MIGRATIONS_TABLE,
    direction: 'up',
    advisoryLockMode: 'wait',
    singleTransaction: true,
    checkOrder: true,
    logger: { debug: () => undefined, info: () => undefined, warn: log, error: log },
  });
  const names = applied.map((migration) => migration.name);
  if (names.length > 0) log(`Migrations applied: ${names.join(', ')}`);
  return names;
}

async function migrateWithPool(pool: pg.Pool, log: (message: string) => void): Promise<void> {
  const client = await pool.connect();
  let failure: Error | undefined;
  try {
    await migrate(client, { log });
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    // A failed run may leave the session holding the advisory lock: discard the connection.
    client.release(failure);
  }
}

function createPool(url: string, max: number | undefined, log: (message: string) => void): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: max ?? 10 });
  // Idle connections can fail (server restart, terminated backend); without a listener the
  // 'error' event would crash the process. The pool replaces them on the next connect.
  pool.on('error', (error) => log(`Idle PostgreSQL connection failed: ${error.message}`));
  return pool;
}

async function serverVersion(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query<{ server_version: string }>('show server_version');
  return rows[0]?.server_version.split(' ')[0] ?? 'unknown';
}

function once(action: () => Promise<void>): () => Promise<void> {
  let result: Promise<void> | null = null;
  return () => {
    result ??= action();
    return result;
  };
}
