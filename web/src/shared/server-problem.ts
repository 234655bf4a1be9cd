/** A failure the server explained in our shape `{ success: false, message, field? }`. */
export interface ServerProblem {
  readonly message: string;
  readonly field: string | null;
  /** Every problem, when the message sums up several (each line of an uploaded file). */
  readonly details?: readonly string[];
}

/**
 * Reads our error shape out of an RTK Query error. Anything else (network failure, a proxy's
 * HTML page, a framework's English error) yields null so the screen falls back to its own text.
 */
export function serverProblem(error: unknown): ServerProblem | null {
  if (typeof error !== 'object' || error === null || !('data' in error)) return null;
  const { data } = error;
  if (typeof data !== 'object' || data === null) return null;
  if (!('success' in data) || data.success !== false) return null;
  if (!('message' in data) || typeof data.message !== 'string' || data.message.trim() === '') return null;
  const field = 'field' in data && typeof data.field === 'string' ? data.field : null;
  const details =
    'details' in data && Array.isArray(data.details)
      ? data.details.filter((detail): detail is string => typeof detail === 'string')
      : [];
  return details.length > 0 ? { message: data.message, field, details } : { message: data.message, field };
}
