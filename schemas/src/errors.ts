/**
 * Typed domain errors thrown by deciders and routes. One HTTP error handler turns each into
 * its status code and the Turkish message it carries, so no feature writes a reply by hand.
 */
export type DomainErrorKind =
  | 'validation'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'rate_limited'
  /** The server is at its bound for this kind of work (image decoding, decision 54): 503 with Retry-After. */
  | 'busy';

/** The Retry-After of a 'busy' answer, in seconds. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

export const DOMAIN_ERROR_STATUS: { readonly [K in DomainErrorKind]: number } = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  busy: 503,
};

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** The request field the message is about, so a form can show it beside that field. */
    readonly field?: string,
    /** Every problem found, when there are several (each line of an uploaded file): the message sums them up. */
    readonly details?: readonly string[],
  ) {
    super(message);
    this.name = 'DomainError';
  }

  get status(): number {
    return DOMAIN_ERROR_STATUS[this.kind];
  }
}

export const validationError = (message: string, field?: string) => new DomainError('validation', message, field);
export const conflictError = (message: string, field?: string) => new DomainError('conflict', message, field);
export const notFoundError = (message: string) => new DomainError('not_found', message);
export const unauthenticatedError = (message: string) => new DomainError('unauthenticated', message);
export const forbiddenError = (message: string) => new DomainError('forbidden', message);
