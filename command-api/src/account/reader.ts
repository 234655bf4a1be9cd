import { accountStreamId } from '@kartvizit/schemas';
import type { CommandHandler } from '../core/command-handler.ts';
import { accountDecider } from './decider.ts';

/** How other features see an account: its name and e-mail address, from its own stream; null when there is none. */
export interface AccountContact {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
}

export function accountContactReader(commands: CommandHandler): (ownerId: string) => Promise<AccountContact | null> {
  return async (ownerId) => {
    const { state } = await commands.load(accountDecider, accountStreamId(ownerId));
    return state.status === 'registered'
      ? { firstName: state.firstName, lastName: state.lastName, email: state.email }
      : null;
  };
}
