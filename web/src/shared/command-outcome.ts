import { toast } from 'sonner';
import { CARD_MESSAGES } from '@kartvizit/schemas/card/messages';
import { serverProblem, type ServerProblem } from './server-problem.ts';

/** What a command answers, whatever else it carries (the card, the position). */
interface CommandResponse {
  readonly success: boolean;
  readonly message?: string;
}

/** A mutation trigger's result. */
export type CommandResult<Response extends CommandResponse> = { data: Response } | { error: unknown };

export interface CommandFailure {
  readonly ok: false;
  readonly message: string;
  /** The server's own explanation (field included) when it gave one. */
  readonly problem: ServerProblem | null;
  readonly status: number | null;
}

export type CommandOutcome<Response extends CommandResponse> =
  { readonly ok: true; readonly response: Response } | CommandFailure;

interface Fallbacks {
  /** The server refused without saying why. */
  readonly failed: string;
  /** No answer at all, or one not in our shape (network, proxy, crash). */
  readonly error: string;
}

/** Texts for any command (their keys live with the card messages, where the first commands were). */
export const ACTION_FALLBACKS: Fallbacks = {
  failed: CARD_MESSAGES.cardActionFailed,
  error: CARD_MESSAGES.cardActionError,
};

/** The HTTP status of an RTK Query error, or null for a network failure or a thrown one. */
export function httpStatus(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('status' in error)) return null;
  return typeof error.status === 'number' ? error.status : null;
}

/** SPEC §8: success false → the server's message or "failed"; an exception → "error". */
export function commandOutcome<Response extends CommandResponse>(
  result: CommandResult<Response>,
  fallbacks: Fallbacks = ACTION_FALLBACKS,
): CommandOutcome<Response> {
  if ('error' in result) {
    const problem = serverProblem(result.error);
    const status = httpStatus(result.error);
    const refused = status !== null && status >= 400 && status < 500;
    const message = problem?.message ?? (refused ? fallbacks.failed : fallbacks.error);
    return { ok: false, message, problem, status };
  }
  if (!result.data.success) {
    return { ok: false, message: result.data.message || fallbacks.failed, problem: null, status: null };
  }
  return { ok: true, response: result.data };
}

/** A 401 already ended the session with its own toast; saying more would only confuse. */
export function toastFailure(outcome: CommandFailure): void {
  if (outcome.status === 401) return;
  toast.error(outcome.message);
}
