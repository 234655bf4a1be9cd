import { cardStreamId } from '@kartvizit/schemas';
import type { CommandHandler } from '@kartvizit/infra/commands/command-handler';
import type { FormCardReader } from '../core/public-form/public-form.ts';
import { cardDecider } from './decider.ts';

/**
 * The public forms' view of a card, from its own stream: a card deactivated a moment ago takes no more forms; an office's
 * card names its office, which holds what the forms bring (issue 30).
 */
export function formCardReader(commands: CommandHandler): FormCardReader {
  return async (cardId) => {
    const { state } = await commands.load(cardDecider, cardStreamId(cardId));
    if (state.status === 'none') return { active: false, ownerId: null, officeId: null };
    return { active: state.status === 'active', ownerId: state.ownerId, officeId: state.officeId };
  };
}
