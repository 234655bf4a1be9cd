import type { Location } from 'react-router-dom';

/** Router state carrying the page a signed-out user wanted, so sign-in can return there. */
export interface ReturnToState {
  readonly from: string;
}

export const HOME_AFTER_SIGN_IN = '/dashboard';

export function returnToStateFor(location: Pick<Location, 'pathname' | 'search' | 'hash'>): ReturnToState {
  return { from: `${location.pathname}${location.search}${location.hash}` };
}

/** Only same-site paths outside the sign-in screens; anything else is someone else's URL or a loop. */
export function returnTarget(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('from' in state)) return HOME_AFTER_SIGN_IN;
  const { from } = state;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) {
    return HOME_AFTER_SIGN_IN;
  }
  if (from === '/auth' || from.startsWith('/auth/')) return HOME_AFTER_SIGN_IN;
  return from;
}

/**
 * Router state carrying a second step to finish (issue 34): a password reset or an e-mail change on an account with
 * two-step sign-in answers a challenge instead of a session, and the sign-in screen asks for the code.
 */
export interface SecondStepState {
  readonly secondStep: { readonly challenge: string; readonly message: string };
}

export function secondStepOf(state: unknown): SecondStepState['secondStep'] | null {
  if (typeof state !== 'object' || state === null || !('secondStep' in state)) return null;
  const { secondStep } = state;
  if (typeof secondStep !== 'object' || secondStep === null) return null;
  const { challenge, message } = secondStep as { challenge?: unknown; message?: unknown };
  return typeof challenge === 'string' && typeof message === 'string' ? { challenge, message } : null;
}
