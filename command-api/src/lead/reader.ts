import { leadStreamId } from '@kartvizit/schemas';
import type { CommandHandler } from '@kartvizit/infra/commands/command-handler';
import { leadDecider } from './decider.ts';

/** Whether a lead was deleted (its visitor erased), from its own stream: a REMS registration shares the lead's id. */
export function leadErasedReader(commands: CommandHandler): (leadId: string) => Promise<boolean> {
  return async (leadId) => (await commands.load(leadDecider, leadStreamId(leadId))).state.status === 'deleted';
}
