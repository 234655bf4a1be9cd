import {
  accountStreamId,
  erasureStreamId,
  type AccountDeleted,
  type AccountErased,
  type LeadSubmitted,
} from '@kartvizit/schemas';
import { productImageFolder } from '@kartvizit/schemas/product/media';
import { profileImageFolder } from '@kartvizit/schemas/profile/http';
import type pg from 'pg';
import { CredentialStore } from '@kartvizit/infra/auth/credential-store';
import type { BlobStore } from '@kartvizit/infra/blob/types';
import type { Mailer } from '@kartvizit/infra/mail/mailer';
import type { Checkpoint, EventStore } from '@kartvizit/infra/event-store/types';
import { scanLogUpTo } from '../core/log-scan.ts';
import type { Reactor } from '@kartvizit/infra/processing/reactor';
import type { EventCodec } from '@kartvizit/infra/vault/event-codec';

export interface ErasureDependencies {
  readonly pool: pg.Pool;
  readonly store: EventStore;
  readonly codec: EventCodec;
  readonly blobs: BlobStore;
  /** The product's mailer, when it sends e-mail: its local outbox keeps the e-mails about an owner until they go. */
  readonly mailer?: Mailer;
}

/**
 * Finishes an account deletion (KVKK, decision 29). The route has appended AccountDeleted, given the e-mail address
 * back, removed the sign-in and destroyed the owner's key; the read models erase the owner by themselves (the core's
 * erasure). What only a process can do, and must do even if the route's process stopped halfway, is here, each step
 * harmless to repeat:
 * - the owner's sign-in and key, once more;
 * - the key of every lead the owner was ever left (each lead is sealed under its own key), found in the log itself;
 *   never of a lead left on an office's card: the office holds it (its data controller, issue 30), not the member;
 * - the owner's files (profile and product images), and the local outbox's e-mails about them (DATA_DIR/mail/*.eml,
 *   decision 51).
 * A lead the log brings after the deletion (a visitor who sent the form in the moment it happened) has its key
 * destroyed when it comes.
 */
export function accountErasureReactor(deps: ErasureDependencies): Reactor<AccountDeleted | LeadSubmitted> {
  const credentials = new CredentialStore(deps.pool);

  /** Every lead the owner was left on their own cards, up to the deletion. */
  function leadsOf(ownerId: string, upTo: Checkpoint): Promise<string[]> {
    return scanLogUpTo(deps.store, ['LeadSubmitted'], upTo, (recorded) => {
      // ownerId and leadId are not sealed: the lead's personal fields are.
      const data = recorded.data as { ownerId?: unknown; leadId?: unknown; officeId?: unknown };
      return data.ownerId === ownerId && typeof data.leadId === 'string' && !data.officeId ? data.leadId : undefined;
    });
  }

  async function isDeleted(ownerId: string): Promise<boolean> {
    const { events } = await deps.store.readStream(accountStreamId(ownerId));
    return events.some((event) => event.type === 'AccountDeleted');
  }

  return {
    name: 'account-erasure',
    handles: ['AccountDeleted', 'LeadSubmitted'],
    // From the log's start, unlike the e-mail reactors: a deletion made before this reactor first ran (the moment a
    // new deployment starts) must still be finished. Its first run reads every lead's account stream once.
    startAt: 'start',
    async react(event) {
      if (event.type === 'LeadSubmitted') {
        if (!event.data.officeId && (await isDeleted(event.data.ownerId))) await deps.codec.forget(event.data.leadId);
        return;
      }
      const { userId } = event.data;
      await credentials.remove(userId);
      await deps.codec.forget(userId);
      const leads = await leadsOf(userId, event.position);
      for (const leadId of leads) await deps.codec.forget(leadId);
      await deps.blobs.deleteUnder(profileImageFolder(userId));
      await deps.blobs.deleteUnder(productImageFolder(userId));
      await deps.mailer?.erase(userId);
      const erased: AccountErased = {
        type: 'AccountErased',
        data: { userId, leadsForgotten: leads.length, erasedAt: new Date().toISOString() },
      };
      return { streamId: erasureStreamId(userId), events: [erased] };
    },
  };
}
