import { officeStreamId, remsStreamId } from '@kartvizit/schemas';
import type { CommandHandler } from '@kartvizit/infra/commands/command-handler';
import { officeDecider } from '../office/decider.ts';
import { remsDecider } from './decider.ts';

/** Whose REMS takes a card's customers now, as the streams say (a key saved or removed a moment ago counts at once). */
export type RemsKeyHolder = 'office' | 'owner' | null;

/**
 * The rule of decision 61: a card of an office whose REMS key is in force sends its customers to the office's REMS;
 * otherwise the holder's own key, if any. A key forgotten with its office or account reads '' and counts as none.
 * The `rems-delivery` reactor applies the same rule to the keys it reads when it delivers.
 */
export async function remsKeyFor(
  commands: CommandHandler,
  thing: { readonly ownerId: string; readonly officeId?: string | null },
): Promise<RemsKeyHolder> {
  if (thing.officeId) {
    const { state } = await commands.load(officeDecider, officeStreamId(thing.officeId));
    if (state.status === 'open' && state.rems !== null && state.rems.apiKey !== '') return 'office';
  }
  const { state } = await commands.load(remsDecider, remsStreamId(thing.ownerId));
  return state.status === 'active' && state.apiKey !== '' ? 'owner' : null;
}
