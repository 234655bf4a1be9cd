import { api, TAG_TYPES } from '../../app/api.ts';
import type { AppThunk } from '../../app/store.ts';
import { accountApi } from '../account/api.ts';
import { cardApi } from '../card/api.ts';
import { ownerDataSettled } from './owner-data-store.ts';

/**
 * The first visit's answers, kept (issue 28): the service worker is registered when the signed-in screens open, so
 * what this visit loaded before it took control (clientsClaim) went past it and was not kept. Once it controls the
 * page, the page asks again, through it, for what the screen shows (RTK Query refetches its shown queries) and for
 * what 'Kartımı Göster' needs offline (the owner, the cards), so an owner who signed in once and goes offline later
 * still opens their card's QR. The worker keeps them in that owner's cache like any other answer (owner-data.ts).
 */
export function keepFirstVisit(): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    // The worker keeps an answer only in a cache holding the session's marker: the page puts it there first.
    await ownerDataSettled();
    if (getState().session.status !== 'authenticated') return;
    const again = { forceRefetch: true, subscribe: false } as const;
    dispatch(api.util.invalidateTags([...TAG_TYPES]));
    await Promise.allSettled([
      dispatch(accountApi.endpoints.getMe.initiate(undefined, again)),
      dispatch(cardApi.endpoints.getMyCards.initiate(undefined, again)),
    ]);
  };
}
