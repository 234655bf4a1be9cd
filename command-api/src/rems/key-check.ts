import type { FastifyBaseLogger } from 'fastify';
import { MESSAGES, normaliseRemsApiKey, remsApiKeyProblem, remsKeyHint, validationError } from '@kartvizit/schemas';
import type { RemsClient } from '@kartvizit/infra/rems/client';

/** How long the screen is asked to wait before trying again when REMS could not answer. */
export const REMS_RETRY_AFTER_SECONDS = 30;

export type CheckedRemsKey =
  | { readonly kind: 'checked'; readonly apiKey: string; readonly keyHint: string; readonly remsAccountName: string }
  | { readonly kind: 'unavailable'; readonly message: string; readonly retryAfterSeconds?: number };

/**
 * A key someone typed, made ready to save (issue 14; an office's as well as a member's, issue 30): its format first
 * (a Turkish 400), then REMS's own yes (`GET /api/v1/me`; refused: a Turkish 400). 'unavailable' when the server has
 * no REMS set up, or REMS could not answer (the route says 503, with Retry-After for the latter). The key never
 * reaches a log: REMS's trouble is logged as the adapter's short code.
 */
export async function checkRemsKey(
  rems: RemsClient | null | undefined,
  typed: string,
  log: FastifyBaseLogger,
): Promise<CheckedRemsKey> {
  const problem = remsApiKeyProblem(typed);
  if (problem) throw validationError(problem, 'apiKey');
  const apiKey = normaliseRemsApiKey(typed);
  if (!rems) return { kind: 'unavailable', message: MESSAGES.remsNotConfigured };
  const check = await rems.verifyKey(apiKey);
  switch (check.kind) {
    case 'valid':
      return { kind: 'checked', apiKey, keyHint: remsKeyHint(apiKey), remsAccountName: check.account.name };
    case 'refused':
      throw validationError(MESSAGES.remsApiKeyRefused, 'apiKey');
    case 'unavailable':
      log.warn({ rems: check.reason }, 'REMS could not check an API key');
      return { kind: 'unavailable', message: MESSAGES.remsUnavailable, retryAfterSeconds: REMS_RETRY_AFTER_SECONDS };
    default: {
      const unknown: never = check;
      return unknown;
    }
  }
}
