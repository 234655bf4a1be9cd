import { accountStreamId } from '@kartvizit/schemas';
import type { CommandHandler } from '@kartvizit/infra/commands/command-handler';
import type { CommandContext } from '../core/context.ts';
import { accountDecider } from './decider.ts';
import { emailClaims } from './email-claims.ts';

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

/** Which account holds an (already normalised) e-mail address now, from the address's claim stream; null: none. */
export function emailHolderReader(
  context: Pick<CommandContext, 'store' | 'codec' | 'claimStreamId'>,
): (email: string) => Promise<string | null> {
  const claims = emailClaims(context);
  return (email) => claims.holderOf(email);
}
