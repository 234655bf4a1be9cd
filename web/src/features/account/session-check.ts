import type { User } from '@kartvizit/schemas/auth/http';

/**
 * What an answer to GET /api/auth/me means for the session held in this browser. Only the server
 * refusing the token ends it: a 401, or an answer that says `success: false`. Everything else (no
 * network, a request aborted because the page is being left, a time-out, a 5xx such as the 503 of
 * a projection that has not caught up, an answer not in our shape) leaves the question open: the
 * token is kept and asked about again.
 */
export type SessionCheck =
  | { readonly kind: 'confirmed'; readonly user: User }
  | { readonly kind: 'refused' }
  | { readonly kind: 'unreachable'; readonly reason: string };

/** The parts of an RTK Query result the decision reads (`data` on success, `error` otherwise). */
export interface MeResult {
  readonly data?: unknown;
  readonly error?: unknown;
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null;
}

function isUser(value: unknown): value is User {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.email === 'string' &&
    typeof value.firstName === 'string' &&
    typeof value.lastName === 'string'
  );
}

/** A short English reason for the console: which kind of failure kept the question open. */
function failureReason(error: unknown): string {
  if (!isRecord(error)) return 'unknown failure';
  const { status } = error;
  if (typeof status === 'number') return `HTTP ${status}`;
  if (status === 'FETCH_ERROR') return 'network failure';
  if (status === 'TIMEOUT_ERROR') return 'time-out';
  if (status === 'PARSING_ERROR') return 'answer not in our shape';
  if (error.name === 'AbortError') return 'request aborted';
  return typeof status === 'string' ? status : 'unknown failure';
}

export function sessionCheckOutcome(result: MeResult): SessionCheck {
  if (result.error !== undefined) {
    if (isRecord(result.error) && result.error.status === 401) return { kind: 'refused' };
    return { kind: 'unreachable', reason: failureReason(result.error) };
  }
  const { data } = result;
  if (isRecord(data) && data.success === false) return { kind: 'refused' };
  if (isRecord(data) && data.success === true && isUser(data.user)) return { kind: 'confirmed', user: data.user };
  return { kind: 'unreachable', reason: 'answer not in our shape' };
}

const FIRST_RETRY_MS = 1_000;
const LONGEST_RETRY_MS = 30_000;

/**
 * How long to wait before asking again after `attempt` failures in a row (1, 2, …): doubling from
 * one second up to thirty, each wait drawn from its upper half so that tabs which lost the server
 * at the same moment do not all come back at the same moment.
 */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const exponent = Math.max(0, Math.min(attempt - 1, 10));
  const ceiling = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** exponent);
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}
