import { MESSAGES, notFoundError, type RemsEvent } from '@kartvizit/schemas';
import type { Decider } from '@kartvizit/infra/commands/decider';

/**
 * The owner's REMS link (issue 14), one stream per owner. The route has done what needs the
 * outside world before a command is made: the key's format (validation/rems.ts) and REMS's own
 * yes (`GET /api/v1/me`), so a command here is always about a key REMS accepted.
 */
export type RemsState =
  | { readonly status: 'none' }
  | {
      readonly status: 'active';
      /** Plain only in memory: the stored event holds it sealed under the owner's key. */
      readonly apiKey: string;
      readonly keyHint: string;
      readonly savedAt: string;
    };

export interface SaveRemsKey {
  readonly type: 'SaveRemsKey';
  readonly data: {
    readonly ownerId: string;
    /** Normalised (trimmed), starting with rems_, accepted by REMS. */
    readonly apiKey: string;
    readonly keyHint: string;
    /** The REMS account the key belongs to, as REMS answered. */
    readonly remsAccountName: string;
    readonly now: string;
  };
}

export interface RemoveRemsKey {
  readonly type: 'RemoveRemsKey';
  readonly data: { readonly ownerId: string; readonly now: string };
}

export type RemsCommand = SaveRemsKey | RemoveRemsKey;

function save(command: SaveRemsKey, state: RemsState): RemsEvent[] {
  const { ownerId, apiKey, keyHint, remsAccountName, now } = command.data;
  // The key in force saved again: nothing to record.
  if (state.status === 'active' && state.apiKey === apiKey) return [];
  return [{ type: 'RemsKeySaved', data: { ownerId, apiKey, keyHint, remsAccountName, savedAt: now } }];
}

function remove(command: RemoveRemsKey, state: RemsState): RemsEvent[] {
  if (state.status !== 'active') throw notFoundError(MESSAGES.remsNoActiveIntegration);
  return [{ type: 'RemsKeyRemoved', data: { ownerId: command.data.ownerId, removedAt: command.data.now } }];
}

export const remsDecider: Decider<RemsState, RemsCommand, RemsEvent> = {
  initialState: { status: 'none' },

  evolve(_state, event) {
    switch (event.type) {
      case 'RemsKeySaved':
        return {
          status: 'active',
          apiKey: event.data.apiKey,
          keyHint: event.data.keyHint,
          savedAt: event.data.savedAt,
        };
      case 'RemsKeyRemoved':
        return { status: 'none' };
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'SaveRemsKey':
        return save(command, state);
      case 'RemoveRemsKey':
        return remove(command, state);
      default: {
        const unhandled: never = command;
        return unhandled;
      }
    }
  },
};
