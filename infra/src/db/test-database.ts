import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { dropDatabase, withAdminClient } from './admin.ts';
import { migrate } from './database.ts';
import { withDatabase } from './url.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the server the int suite uses (tests/setup/database.ts). */
    postgresAdminUrl: string;
    /** Prefix of every database this run creates, so teardown can drop leftovers. */
    testDatabasePrefix: string;
  }
}

export interface TestDatabase {
  readonly url: string;
  readonly pool: pg.Pool;
  /** Ends the pool and drops the database, even if other connections are still open. */
  drop(): Promise<void>;
}

/** A fresh, migrated database of its own, on the server the vitest global setup provides. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('postgresAdminUrl');
  const prefix = inject('testDatabasePrefix');
  if (!adminUrl || !prefix) {
    throw new Error('No test PostgreSQL: run through vitest with the "int" project (tests/setup/database.ts)');
  }
  const name = `${prefix}${randomBytes(5).toString('hex')}`;
  await withAdminClient(adminUrl, (admin) => admin.query(`create database ${admin.escapeIdentifier(name)}`));

  const url = withDatabase(adminUrl, name);
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // Tests terminate backends on purpose (reconnect tests, drop with force).
  pool.on('error', () => undefined);
  try {
    await migrate(url);
  } catch (error) {
    await pool.end();
    await dropDatabase(adminUrl, name);
    throw error;
  }

  let dropped: Promise<void> | null = null;
  return {
    url,
    pool,
    drop: () => {
      dropped ??= pool.end().finally(() => dropDatabase(adminUrl, name));
      return dropped;
    },
  };
}
