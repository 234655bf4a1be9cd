/** What the rule reads of a router location. */
interface Place {
  readonly pathname: string;
}

/**
 * Leaving for another page of the app asks first while there are unsaved edits. Moving within the
 * page (its section links change only the hash) never asks, and neither does going to sign-in:
 * that happens when the session has ended (signed out, or refused by the server), and the edits
 * could not be saved without a session anyway.
 */
export function leavesWithUnsavedEdits(dirty: boolean) {
  return ({ currentLocation, nextLocation }: { readonly currentLocation: Place; readonly nextLocation: Place }) =>
    dirty && currentLocation.pathname !== nextLocation.pathname && !nextLocation.pathname.startsWith('/auth/');
}
