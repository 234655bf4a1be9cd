import type pg from 'pg';

/** True for "relation does not exist": a read model whose first generation is not built yet. */
export function isMissingRelation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '42P01';
}

/**
 * True for a read model not built yet in the shape this release reads: the relation is missing, or a column this
 * release added (42703) is not in the generation still served while its new version is rebuilt blue/green.
 */
export function isNotBuiltYet(error: unknown): boolean {
  return (
    isMissingRelation(error) ||
    (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '42703')
  );
}

/** The rows a statement reads, or none while its read model's first generation is not built yet. */
export async function rowsOrNone<Row extends object>(pool: pg.Pool, sql: string, values: unknown[]): Promise<Row[]> {
  try {
    return (await pool.query<Row>(sql, values)).rows;
  } catch (error) {
    if (isMissingRelation(error)) return [];
    throw error;
  }
}
