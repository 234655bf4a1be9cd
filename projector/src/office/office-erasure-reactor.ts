import {
  officeErasureStreamId,
  officeStreamId,
  type LeadSubmitted,
  type OfficeDeleted,
  type OfficeErased,
  type RemsRegistrationRequested,
} from '@kartvizit/schemas';
import { profileImageFolder } from '@kartvizit/schemas/profile/http';
import type { BlobStore } from '@kartvizit/infra/blob/types';
import type { Checkpoint, EventStore } from '@kartvizit/infra/event-store/types';
import { scanLogUpTo } from '../core/log-scan.ts';
import type { Reactor } from '@kartvizit/infra/processing/reactor';
import type { EventCodec } from '@kartvizit/infra/vault/event-codec';

export interface OfficeErasureDependencies {
  readonly store: EventStore;
  readonly codec: EventCodec;
  readonly blobs: BlobStore;
}

/** What a visitor left on an office's card, each sealed under its own key. */
const LEFT_ON_CARDS = ['LeadSubmitted', 'RemsRegistrationRequested'] as const;

type LeftOnCard = LeadSubmitted | RemsRegistrationRequested;

/** The key a visitor's data on a card is sealed under (the lead's, the registration's). */
function keyOf(event: LeftOnCard): string {
  return event.type === 'LeadSubmitted' ? event.data.leadId : event.data.registrationId;
}

/**
 * Finishes an office's deletion (issue 30): the route appended OfficeDeleted, with its last member leaving; the read
 * models drop the office and its leads by themselves. What only a process can do is here, each step harmless to
 * repeat (a reactor may see an event again):
 * - the office's key, under which its name, details, invitees' addresses and REMS key are sealed;
 * - the key of every lead and REMS registration left on its cards (the office was their data controller), found in
 *   the log itself;
 * - its logo files.
 * A lead the log brings after the deletion (a visitor who sent the form in the moment it happened) has its key
 * destroyed when it comes. Then OfficeErased records the counts (stream `erasure-office-{officeId}`).
 */
export function officeErasureReactor(deps: OfficeErasureDependencies): Reactor<OfficeDeleted | LeftOnCard> {
  /** The key of every lead and REMS registration left on the office's cards, up to its deletion. */
  function keysLeftOn(officeId: string, upTo: Checkpoint): Promise<string[]> {
    return scanLogUpTo(deps.store, LEFT_ON_CARDS, upTo, (recorded) => {
      // officeId and the ids are not sealed: the visitor's fields are.
      const data = recorded.data as { officeId?: unknown; leadId?: unknown; registrationId?: unknown };
      if (data.officeId !== officeId) return undefined;
      const key = recorded.type === 'LeadSubmitted' ? data.leadId : data.registrationId;
      return typeof key === 'string' ? key : undefined;
    });
  }

  async function isDeleted(officeId: string): Promise<boolean> {
    const { events } = await deps.store.readStream(officeStreamId(officeId));
    return events.some((event) => event.type === 'OfficeDeleted');
  }

  return {
    name: 'office-erasure',
    handles: ['OfficeDeleted', ...LEFT_ON_CARDS],
    // From the log's start: a deletion made before this reactor first ran must still be finished.
    startAt: 'start',
    async react(event) {
      if (event.type !== 'OfficeDeleted') {
        const { officeId } = event.data;
        if (officeId && (await isDeleted(officeId))) await deps.codec.forget(keyOf(event));
        return;
      }
      const { officeId } = event.data;
      await deps.codec.forget(officeId);
      const keys = await keysLeftOn(officeId, event.position);
      for (const key of keys) await deps.codec.forget(key);
      await deps.blobs.deleteUnder(profileImageFolder(officeId));
      const erased: OfficeErased = {
        type: 'OfficeErased',
        data: { officeId, leadsForgotten: keys.length, erasedAt: new Date().toISOString() },
      };
      return { streamId: officeErasureStreamId(officeId), events: [erased] };
    },
  };
}
