/** A failure the server explained in our shape `{ success: false, message, field? }`. */
export interface ServerProblem {
  readonly message: string;
  readonly field: string | null;
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
  return { message: data.message, field };
}
