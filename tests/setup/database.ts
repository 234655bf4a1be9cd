import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../infra/src/db/embedded.ts';
import { isPgError } from '../../infra/src/db/pg-error.ts';
import { dropDatabase } from '../../infra/src/db/admin.ts';
import { redactUrl, withDatabase } from '../../infra/src/db/url.ts';

/**
 * One PostgreSQL for the whole int run; every test file creates its own database on it
 * (createTestDatabase), so files run in parallel without seeing each other's data.
 * DATABASE_URL: a server we connect to as admin. Otherwise: embedded PostgreSQL in a temp dir.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const prefix = `kartvizit_test_${randomBytes(3).toString('hex')}_`;
  project.provide('testDatabasePrefix', prefix);

  const externalUrl = process.env.DATABASE_URL;
  if (externalUrl !== undefined && externalUrl !== '') {
    const adminUrl = await reachableAdminUrl(externalUrl);
    const version = await serverVersion(adminUrl);
    console.log(`[int] PostgreSQL ${version} from DATABASE_URL ${redactUrl(adminUrl)}; databases ${prefix}*`);
    project.provide('postgresAdminUrl', adminUrl);
    return () => dropLeftovers(adminUrl, prefix);
  }

  const tempDir = await mkdtemp(join(tmpdir(), 'kartvizit-int-pg-'));
  // mkdtemp makes a 0700 directory; when we run as root the server runs as the "postgres" OS user
  // and must be able to pass through it.
  await chmod(tempDir, 0o755);
  try {
    const server = await startEmbeddedPostgres({
      dataDir: join(tempDir, 'data'),
      // A throw-away cluster: durability buys nothing, and parallel files each hold pools.
      settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '300' },
    });
    const adminUrl = server.url('postgres');
    const version = await serverVersion(adminUrl);
    console.log(`[int] PostgreSQL ${version} embedded for this run at ${server.host}:${server.port} (${tempDir})`);
    project.provide('postgresAdminUrl', adminUrl);
    return async () => {
      await server.stop();
      await rm(tempDir, { recursive: true, force: true });
    };
  } catch (error) {
    await rm(tempDir, { recursive: true, force: true });
    throw error;
  }
}

/** DATABASE_URL may name a database that does not exist yet; the server's "postgres" database always does. */
async function reachableAdminUrl(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return url;
  } catch (error) {
    if (isPgError(error) && error.code === '3D000') return withDatabase(url, 'postgres');
    throw new Error(`[int] cannot connect to DATABASE_URL ${redactUrl(url)}: ${String(error)}`, { cause: error });
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function serverVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version: string }>('show server_version');
    return rows[0]?.server_version.split(' ')[0] ?? 'unknown';
  } finally {
    await client.end();
  }
}

/** Databases of tests that crashed before drop(): only this run's, other runs may be live. */
async function dropLeftovers(adminUrl: string, prefix: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  let names: string[];
  try {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [prefix],
    );
    names = rows.map((row) => row.datname);
  } finally {
    await client.end();
  }
  for (const name of names) await dropDatabase(adminUrl, name);
}
