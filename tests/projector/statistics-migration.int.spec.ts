import { describe, expect, it } from 'vitest';
import { migrate } from '@kartvizit/infra/db/database';
import { createTestDatabase } from '@kartvizit/infra/db/test-database';

/** Statistics version 2 keeps one position; migration 0007 takes version 1's inbox of event ids away. */
describe('migration 0007', () => {
  it('given statistics version 1 tables, when it runs, then the inbox and its view are gone and nothing else', async () => {
    const database = await createTestDatabase();
    try {
      // As a database migrated before 0007 existed: the schema of migrations 0001–0006 only.
      await database.pool.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
      expect(await migrate(database.url, { count: 6 })).toHaveLength(6);
      await database.pool.query('CREATE TABLE rm_stat_applied_g1 (event_id uuid PRIMARY KEY)');
      await database.pool.query('CREATE TABLE rm_stat_applied_g2 (event_id uuid PRIMARY KEY)');
      await database.pool.query('CREATE VIEW rm_stat_applied AS SELECT * FROM rm_stat_applied_g2');
      await database.pool.query('CREATE TABLE rm_stat_daily_g2 (visits bigint)');
      await database.pool.query('CREATE VIEW rm_stat_daily AS SELECT * FROM rm_stat_daily_g2');

      expect((await migrate(database.url))[0]).toBe('0007_statistics-inbox-gone');

      const { rows } = await database.pool.query<{ name: string }>(
        `SELECT table_name AS name FROM information_schema.tables
          WHERE table_schema = current_schema() AND table_name LIKE 'rm\\_stat\\_%' ORDER BY 1`,
      );
      expect(rows.map((row) => row.name)).toEqual(['rm_stat_daily', 'rm_stat_daily_g2']);
    } finally {
      await database.drop();
    }
  });
});
