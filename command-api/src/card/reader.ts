import { cardStreamId } from '@kartvizit/schemas';
import type { CommandHandler } from '../core/command-handler.ts';
import type { FormCardReader } from '../core/public-form/public-form.ts';
import { cardDecider } from './decider.ts';

/** The public forms' view of a card, from its own stream: a card deactivated a moment ago takes no more forms. */
export function formCardReader(commands: CommandHandler): FormCardReader {
  return async (cardId) => {
    const { state } = await commands.load(cardDecider, cardStreamId(cardId));
    return { active: state.status === 'active', ownerId: state.status === 'none' ? null : state.ownerId };
  };
}
