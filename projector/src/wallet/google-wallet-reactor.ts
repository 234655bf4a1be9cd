import type pg from 'pg';
import type { AccountDeleted } from '@kartvizit/schemas';
import type { Checkpoint, EventStore } from '@kartvizit/infra/event-store/types';
import type { Reactor, RetryPolicy } from '@kartvizit/infra/processing/reactor';
import {
  CARDS_PROJECTION,
  OFFICES_PROJECTION,
  PROFILES_PROJECTION,
  RM_CARDS,
} from '@kartvizit/infra/read-models/contract';
import { googleErasedObject, googleGenericObject, googleObjectId } from '@kartvizit/infra/wallet/google-pass';
import { scanLogUpTo } from '../core/log-scan.ts';
import type { GoogleWalletSettings } from '@kartvizit/infra/wallet/google-settings';
import { GoogleWalletApi, type GoogleObjectUpdate } from '@kartvizit/infra/wallet/google-wallet-api';
import { loadCardPassContent } from '@kartvizit/infra/wallet/pass-content';
import {
  PASS_CHANGING_EVENTS,
  passCardsChangedBy,
  waitForReadModels,
  type PassChangingEvent,
} from '@kartvizit/infra/wallet/pass-changes';

export const GOOGLE_WALLET_REACTOR = 'google-wallet';

/** What changes a card's pass (PASS_CHANGING_EVENTS), and a deleted account, whose saved passes are emptied. */
export type GoogleWalletEvent = PassChangingEvent | AccountDeleted;

export const GOOGLE_WALLET_EVENTS: readonly GoogleWalletEvent['type'][] = [...PASS_CHANGING_EVENTS, 'AccountDeleted'];

/** The read models `loadCardPassContent` and the card lists read: the pass is built only once they passed the event. */
export const GOOGLE_WALLET_READ_MODELS = [CARDS_PROJECTION, PROFILES_PROJECTION, OFFICES_PROJECTION] as const;

/**
 * About a day of patience with Google (1 s, 2 s … capped at 15 minutes: 10 waits up to 512 s, then 89 of 15 minutes,
 * 23 hours in all); a pass not updated by then is a dead letter an operator may retry.
 */
export const GOOGLE_WALLET_RETRY: RetryPolicy = { maxAttempts: 100, firstDelayMs: 1_000, maxDelayMs: 15 * 60_000 };

export interface GoogleWalletReactorDependencies {
  readonly pool: pg.Pool;
  /** The log, for the cards a deleted account held (the read models have forgotten them by then). */
  readonly store: EventStore;
  readonly publicBaseUrl: string;
  readonly googleWallet: GoogleWalletSettings;
  /** Tests shorten the delays; default GOOGLE_WALLET_RETRY. */
  readonly retry?: Partial<RetryPolicy>;
  /** How long one attempt waits for the read models to pass the event before it fails (and is retried); default 2 s. */
  readonly readModelWaitMs?: number;
  /** Where a refused update is told (the card and Google's status, never a token or the key). */
  readonly log?: (message: string) => void;
}

/** Who holds the card now, as the read model says (also when their profile can no longer be shown). */
async function cardHolder(pool: pg.Pool, cardId: string): Promise<string | null> {
  const { rows } = await pool.query<{ owner_id: string | null }>(
    `SELECT owner_id FROM ${RM_CARDS} WHERE card_id = $1`,
    [cardId],
  );
  return rows[0]?.owner_id ?? null;
}

/**
 * The pass follows the card (issue 32): when what a card's Google Wallet pass shows changes, its generic object is
 * replaced through the Wallet API with the card as the read models have it now. Objects nobody saved are not there
 * (404): nothing to do. A card no longer shown (taken back into an office's pool, its owner's account deleted) has its
 * pass switched off (state INACTIVE) instead, so what it showed is not kept up to date for no one.
 *
 * The read models may lag the event (the projections and this reactor follow the log side by side): the object is
 * built only once the cards, profiles and offices read models have passed the event's position; before that the
 * attempt fails and is retried, so a pass is never sent what it showed before.
 *
 * Google's answers: 5xx, 429 and network failures are thrown (retried, with Retry-After when Google gave one; a 401 is
 * retried at once with a new token, GoogleWalletApi); any other 4xx is a refusal no retry would change, told to the log
 * and let go. Nothing is appended: the outcome is Google's object itself. One partition: each card's updates reach
 * Google in the log's order, so an older content is never sent after a newer one.
 */
export function googleWalletReactor(deps: GoogleWalletReactorDependencies): Reactor<GoogleWalletEvent> {
  const api = new GoogleWalletApi(deps.googleWallet);
  const { issuerId } = deps.googleWallet;
  const waitMs = deps.readModelWaitMs ?? 2_000;

  function told(result: GoogleObjectUpdate, cardId: string, eventType: string): void {
    if (result.kind === 'rejected')
      deps.log?.(
        `Google Wallet refused the pass of card ${cardId} after ${eventType} (HTTP ${result.status}); not tried again`,
      );
  }

  /** The card's pass in its holder's hands, replaced with the card as it is now; switched off when it is no longer shown. */
  async function update(cardId: string, eventType: string): Promise<void> {
    const content = await loadCardPassContent(deps.pool, cardId, deps.publicBaseUrl);
    if (content) return told(await api.replaceObject(googleGenericObject(issuerId, content)), cardId, eventType);
    const holder = await cardHolder(deps.pool, cardId);
    if (holder)
      told(await api.patchObject(googleObjectId(issuerId, cardId, holder), { state: 'INACTIVE' }), cardId, eventType);
  }

  /**
   * A deleted account: every card it ever held (from the log: the read models have forgotten them), its saved pass
   * replaced by an empty, switched-off one.
   */
  async function erase(userId: string, upTo: Checkpoint): Promise<void> {
    const held = await scanLogUpTo(
      deps.store,
      ['CardActivated', 'VirtualCardCreated', 'CardAssigned'],
      upTo,
      (recorded) => {
        const data = recorded.data as { cardId?: unknown; ownerId?: unknown; holderId?: unknown };
        const holder = recorded.type === 'CardAssigned' ? data.holderId : data.ownerId;
        return holder === userId && typeof data.cardId === 'string' ? data.cardId : undefined;
      },
    );
    for (const cardId of new Set(held)) {
      told(await api.replaceObject(googleErasedObject(issuerId, cardId, userId)), cardId, 'AccountDeleted');
    }
  }

  /** An office card taken back: the former holder's saved pass is switched off (the next holder gets a pass of their own). */
  async function switchOff(cardId: string, holderId: string, eventType: string): Promise<void> {
    told(await api.patchObject(googleObjectId(issuerId, cardId, holderId), { state: 'INACTIVE' }), cardId, eventType);
  }

  return {
    name: GOOGLE_WALLET_REACTOR,
    handles: GOOGLE_WALLET_EVENTS,
    // From the log's head: passes are saved from now on, and each update sends the whole card as it is.
    startAt: 'head',
    retry: { ...GOOGLE_WALLET_RETRY, ...deps.retry },
    async react(event) {
      await waitForReadModels(
        deps.pool,
        event.position,
        GOOGLE_WALLET_READ_MODELS,
        waitMs,
        'google_wallet_read_models_behind',
      );
      if (event.type === 'CardReturned') return switchOff(event.data.cardId, event.data.formerHolderId, event.type);
      if (event.type === 'AccountDeleted') return erase(event.data.userId, event.position);
      for (const cardId of await passCardsChangedBy(deps.pool, event)) await update(cardId, event.type);
    },
  };
}
