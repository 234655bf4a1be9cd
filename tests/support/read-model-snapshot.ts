import type pg from 'pg';

/**
 * Every read-model view (`rm_*`, what query-api reads) with its rows as sorted JSON lines: two snapshots are equal
 * when the views hold the same rows, whatever the physical generation behind them or the order rows come back in.
 */
export type ReadModelSnapshot = Record<string, string[]>;

export async function readModelSnapshot(pool: pg.Pool): Promise<ReadModelSnapshot> {
  const views = await pool.query<{ name: string }>(
    "SELECT viewname AS name FROM pg_views WHERE schemaname = current_schema() AND viewname LIKE 'rm\\_%' ORDER BY 1",
  );
  const snapshot: ReadModelSnapshot = {};
  for (const { name } of views.rows) {
    const rows = await pool.query<Record<string, unknown>>(`SELECT * FROM "${name.replace(/"/g, '""')}"`);
    snapshot[name] = rows.rows.map((row) => JSON.stringify(row)).sort();
  }
  return snapshot;
}
