import { OFFICE_TEMPLATE_PROFILE_FIELDS, officeStreamId, type ProfileData } from '@kartvizit/schemas';
import type { CommandHandler } from '@kartvizit/infra/commands/command-handler';
import { officeDecider } from './decider.ts';

/** The profile fields an office's template locks now, from the office's own stream (decision 61); [] for none. */
export type LockedProfileFields = (officeId: string) => Promise<readonly (keyof ProfileData)[]>;

export function lockedProfileFieldsReader(commands: CommandHandler): LockedProfileFields {
  return async (officeId) => {
    const { state } = await commands.load(officeDecider, officeStreamId(officeId));
    if (state.status !== 'open') return [];
    return state.template.locked.flatMap((field) => OFFICE_TEMPLATE_PROFILE_FIELDS[field]);
  };
}
