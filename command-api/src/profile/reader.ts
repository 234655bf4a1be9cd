import { profileStreamId } from '@kartvizit/schemas';
import type { CommandHandler } from '@kartvizit/infra/commands/command-handler';
import { profileDecider } from './decider.ts';

/** The name a profile shows ('First Last', trimmed), from its own stream; '' when there is no profile. */
export function profileNameReader(commands: CommandHandler): (ownerId: string) => Promise<string> {
  return async (ownerId) => {
    const { state } = await commands.load(profileDecider, profileStreamId(ownerId));
    return state.status === 'created' ? `${state.profile.firstName} ${state.profile.lastName}`.trim() : '';
  };
}
