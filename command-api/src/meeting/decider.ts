import { MESSAGES, conflictError, type MeetingEvent, type MeetingScheduled } from '@kartvizit/schemas';
import type { Decider } from '@kartvizit/infra/commands/decider';

/**
 * A meeting the owner made (issue 15), one stream per meeting (`meeting-{meetingId}`). The route has done what needs
 * the outside world before a command is made: the shared rules (validation/meeting.ts) and the provider's yes, so a
 * command here is always about a meeting that exists at the provider (or an .ics that was written). The provider's
 * token never reaches a command.
 */
export type MeetingState =
  { readonly status: 'none' } | { readonly status: 'scheduled'; readonly meetingId: string; readonly ownerId: string };

export interface ScheduleMeeting {
  readonly type: 'ScheduleMeeting';
  /** The meeting as MeetingScheduled records it (`meetingId`: a new UUID the route made), at `now`. */
  readonly data: Omit<MeetingScheduled['data'], 'scheduledAt'> & { readonly now: string };
}

export type MeetingCommand = ScheduleMeeting;

function schedule(command: ScheduleMeeting, state: MeetingState): MeetingEvent[] {
  // A meeting id is made once per request: a second meeting on the same stream is a bug or a replayed id.
  if (state.status !== 'none') throw conflictError(MESSAGES.conflict);
  const { now, ...data } = command.data;
  return [{ type: 'MeetingScheduled', data: { ...data, scheduledAt: now } }];
}

export const meetingDecider: Decider<MeetingState, MeetingCommand, MeetingEvent> = {
  initialState: { status: 'none' },

  evolve(_state, event) {
    switch (event.type) {
      case 'MeetingScheduled':
        return { status: 'scheduled', meetingId: event.data.meetingId, ownerId: event.data.ownerId };
      default: {
        const unhandled: never = event.type;
        return unhandled;
      }
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'ScheduleMeeting':
        return schedule(command, state);
      default: {
        const unhandled: never = command.type;
        return unhandled;
      }
    }
  },
};
