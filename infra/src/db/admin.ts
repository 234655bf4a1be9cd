import pg from 'pg';
import { DUPLICATE_DATABASE, isPgError } from './pg-error.ts';

/** Runs `work` on a short-lived connection of its own: CREATE/DROP DATABASE cannot run in a pool's transaction. */
export async function withAdminClient<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function createDatabaseIfMissing(adminUrl: string, name: string): Promise<void> {
  await withAdminClient(adminUrl, async (client) => {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount !== 0) return;
    try {
      await client.query(`create database ${client.escapeIdentifier(name)}`);
    } catch (error) {
      // Another process created it between our check and our create.
      if (!(isPgError(error) && error.code === DUPLICATE_DATABASE)) throw error;
    }
  });
}

/** Sessions still open on a database this long are terminated by dropDatabase. */
const DROP_GRACE_MS = 1_000;

/**
 * Drops even while other sessions are connected to it. Sessions that are already closing get a
 * moment first: pool.end() resolves before its sockets are closed, and a session terminated then
 * surfaces as an 'error' event on a pool that has stopped listening for one.
 */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdminClient(adminUrl, async (client) => {
    const deadline = Date.now() + DROP_GRACE_MS;
    while (Date.now() < deadline) {
      const { rows } = await client.query<{ sessions: number }>(
        'select count(*)::int as sessions from pg_stat_activity where datname = $1',
        [name],
      );
      if ((rows[0]?.sessions ?? 0) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await client.query(`drop database if exists ${client.escapeIdentifier(name)} with (force)`);
  });
}
