/** A server error from node-postgres: carries the SQLSTATE and, for constraint violations, the constraint. */
export interface PgError extends Error {
  readonly code: string;
  readonly constraint?: string;
}

export function isPgError(error: unknown): error is PgError {
  return error instanceof Error && 'code' in error && typeof error.code === 'string';
}

export const UNIQUE_VIOLATION = '23505';
export const DUPLICATE_DATABASE = '42P04';
