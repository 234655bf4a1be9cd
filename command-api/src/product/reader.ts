import { productsStreamId } from '@kartvizit/schemas';
import type { CommandHandler } from '@kartvizit/infra/commands/command-handler';
import { authorisationEnded, productDecider } from './decider.ts';

/**
 * Whether `productId` is a listing the owner's card shows now ('İlan', issue 33), from the owner's own
 * `products-{ownerId}` stream: a listing switched off, deleted or whose authorisation ended a moment ago counts at once.
 * Another owner's id, or a product, is simply not one. The REMS form uses it for the listing a visitor came from.
 */
export function activeListingReader(
  commands: CommandHandler,
): (ownerId: string, productId: string) => Promise<boolean> {
  return async (ownerId, productId) => {
    const { state } = await commands.load(productDecider, productsStreamId(ownerId));
    const entry = state.products.get(productId);
    return entry !== undefined && entry.product.kind === 'listing' && entry.isActive && !authorisationEnded(entry);
  };
}
