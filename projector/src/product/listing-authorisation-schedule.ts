import type pg from 'pg';
import { productsStreamId } from '@kartvizit/schemas';
import { CommandHandler } from '@kartvizit/infra/commands/command-handler';
import type { EventStore } from '@kartvizit/infra/event-store/types';
import { readModelName } from '@kartvizit/infra/processing/projection';
import type { Deadline, Schedule } from '@kartvizit/infra/processing/schedule';
import type { EventCodec } from '@kartvizit/infra/vault/event-codec';
import { listingAuthorisationDecider } from './listing-authorisation-decider.ts';

interface ListingDeadline extends Deadline {
  readonly ownerId: string;
}

const PRODUCTS = readModelName('products');

/**
 * The EİDS authorisations' deadlines (issue 33): the products projection keeps, per listing, when its next stage
 * comes (`authorisation_deadline`: the 7-day and 1-day reminders, then the end); this schedule decides each one on the
 * owner's catalogue stream when it has come. The reminder e-mail follows from the event (listing-mail-reactor.ts), the
 * card drops an ended listing from the projection.
 */
export function listingAuthorisationSchedule(deps: {
  readonly pool: pg.Pool;
  readonly store: EventStore;
  readonly codec: EventCodec;
}): Schedule<ListingDeadline> {
  const commands = new CommandHandler(deps.store, deps.codec);
  return {
    name: 'listing-authorisations',

    async due(now, limit) {
      const { rows } = await deps.pool.query<{ product_id: string; owner_id: string; due_at: Date }>(
        `SELECT product_id, owner_id, authorisation_deadline AS due_at FROM ${PRODUCTS}
          WHERE authorisation_deadline <= $1 AND NOT deleted
          ORDER BY authorisation_deadline, product_id LIMIT $2`,
        [now, limit],
      );
      return rows.map((row) => ({ key: row.product_id, ownerId: row.owner_id, dueAt: row.due_at }));
    },

    async nextAfter(now) {
      const { rows } = await deps.pool.query<{ next: Date | null }>(
        `SELECT min(authorisation_deadline) AS next FROM ${PRODUCTS} WHERE authorisation_deadline > $1 AND NOT deleted`,
        [now],
      );
      return rows[0]?.next ?? null;
    },

    async fire(deadline, now) {
      await commands.handle(
        listingAuthorisationDecider,
        productsStreamId(deadline.ownerId),
        { type: 'TendListingAuthorisation', data: { productId: deadline.key, ownerId: deadline.ownerId, now: now.toISOString() } },
        { metadata: { actor: 'system' } },
      );
    },
  };
}
