import {
  dueAuthorisationStage,
  evolveAuthorisation,
  readProductData,
  type AuthorisationState,
  type ProductEvent,
} from '@kartvizit/schemas';
import type { Decider } from '@kartvizit/infra/commands/decider';

/** One catalogue item as the authorisation's deadlines need it. */
interface TendedListing {
  readonly name: string;
  readonly authorisation: AuthorisationState | null;
}

/** The owner's catalogue stream, folded to its listings' authorisations (a deleted item is gone from the map). */
export type AuthorisationsState = ReadonlyMap<string, TendedListing>;

/** The schedule found a deadline that has come: announce or end what is due at `now`. */
export interface TendListingAuthorisation {
  readonly type: 'TendListingAuthorisation';
  readonly data: { readonly productId: string; readonly ownerId: string; readonly now: string };
}

function withEntry(
  state: AuthorisationsState,
  productId: string,
  update: (entry: TendedListing | undefined) => TendedListing | undefined,
): AuthorisationsState {
  const next = new Map(state);
  const entry = update(state.get(productId));
  if (entry) next.set(productId, entry);
  else next.delete(productId);
  return next;
}

/**
 * The decision the listing-authorisations schedule makes on an owner's catalogue stream (issue 33). It reads the
 * same stream as the product decider and evolves the authorisation by the same rule (evolveAuthorisation); what is due
 * is `dueAuthorisationStage`. The stream's version makes it exactly once: fired twice, or by two processes, the second
 * decision sees the first's event and appends nothing.
 */
export const listingAuthorisationDecider: Decider<AuthorisationsState, TendListingAuthorisation, ProductEvent> = {
  initialState: new Map(),

  evolve(state, event) {
    switch (event.type) {
      case 'ProductCreated':
      case 'ProductEdited': {
        const product = readProductData(event.data.product);
        const at = event.type === 'ProductCreated' ? event.data.createdAt : event.data.editedAt;
        return withEntry(state, event.data.productId, (entry) => ({
          name: product.name,
          authorisation: evolveAuthorisation(entry?.authorisation ?? null, {
            type: event.type,
            eids: product.listing?.eids ?? null,
            at,
          }),
        }));
      }
      case 'ListingAuthorisationReminderDue':
      case 'ListingAuthorisationEnded':
        return withEntry(state, event.data.productId, (entry) =>
          entry
            ? {
                ...entry,
                authorisation: evolveAuthorisation(entry.authorisation, {
                  type: event.type,
                  validUntil: event.data.validUntil,
                  stage: event.type === 'ListingAuthorisationEnded' ? 'ended' : event.data.reminder,
                }),
              }
            : entry,
        );
      case 'ProductDeleted':
        return withEntry(state, event.data.productId, () => undefined);
      // Featuring, activation and order leave an authorisation as it is: a switched-off listing's still ends.
      case 'ProductActivated':
      case 'ProductDeactivated':
      case 'ProductFeatured':
      case 'ProductUnfeatured':
      case 'ProductsReordered':
        return state;
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },

  decide(command, state) {
    const { productId, ownerId, now } = command.data;
    const authorisation = state.get(productId)?.authorisation;
    if (!authorisation) return [];
    const stage = dueAuthorisationStage(authorisation, new Date(now));
    const { validUntil } = authorisation.eids;
    if (stage === null) return [];
    if (stage === 'ended') return [{ type: 'ListingAuthorisationEnded', data: { productId, ownerId, validUntil, at: now } }];
    const name = state.get(productId)?.name ?? '';
    return [{ type: 'ListingAuthorisationReminderDue', data: { productId, ownerId, name, validUntil, reminder: stage, at: now } }];
  },
};
