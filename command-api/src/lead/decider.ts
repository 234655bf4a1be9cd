import {
  MESSAGES,
  conflictError,
  forbiddenError,
  isDemoOwner,
  notFoundError,
  validateLead,
  validationError,
  type LeadEvent,
  type LeadInput,
} from '@kartvizit/schemas';
import type { Decider } from '../core/decider.ts';

/** A lead's life: sent by a visitor, then possibly deleted by the card's owner (for good). */
export type LeadState =
  | { readonly status: 'none' }
  | { readonly status: 'submitted' | 'deleted'; readonly leadId: string; readonly ownerId: string; readonly cardId: string };

/**
 * The route has put everything the decision needs into the command: the new lead's id, the clock,
 * and the card as its own stream tells it (active? whose?), so decide() stays pure.
 */
export interface SubmitLead {
  readonly type: 'SubmitLead';
  readonly data: {
    readonly leadId: string;
    readonly cardId: string;
    readonly card: { readonly active: boolean; readonly ownerId: string | null };
    /** As the visitor typed it; the shared rules normalise and check it here. */
    readonly input: LeadInput;
    readonly marketingConsent: boolean;
    readonly noticeVersion: string;
    readonly now: string;
  };
}

export interface DeleteLead {
  readonly type: 'DeleteLead';
  readonly data: { readonly leadId: string; readonly ownerId: string; readonly now: string };
}

export type LeadCommand = SubmitLead | DeleteLead;

// Order of refusals: the card first (a deactivated card's page no longer has a form; the visitor
// should learn that rather than fix a field for nothing), then the fields in the form's order.
function submit(command: SubmitLead, state: LeadState): LeadEvent[] {
  const { leadId, cardId, card, input, marketingConsent, noticeVersion, now } = command.data;
  if (state.status !== 'none') throw conflictError(MESSAGES.conflict);
  if (!card.active || card.ownerId === null) throw notFoundError(MESSAGES.cardPublicProfileNotFound);
  // The sample card is nobody's: a lead sent to it would be stored for no one to read.
  if (isDemoOwner(card.ownerId)) throw forbiddenError(MESSAGES.demoCardTakesNoLeads);
  const validation = validateLead(input);
  if (!validation.ok) throw validationError(validation.message, validation.field);
  return [
    {
      type: 'LeadSubmitted',
      data: { leadId, ownerId: card.ownerId, cardId, ...validation.lead, marketingConsent, noticeVersion, submittedAt: now },
    },
  ];
}

/** Someone else's lead, an unknown id and a deleted lead all read as "no such lead": ids cannot be probed. */
function remove(command: DeleteLead, state: LeadState): LeadEvent[] {
  const { leadId, ownerId, now } = command.data;
  if (state.status !== 'submitted' || state.ownerId !== ownerId) throw notFoundError(MESSAGES.leadNotFound);
  return [{ type: 'LeadDeleted', data: { leadId, ownerId, deletedAt: now } }];
}

export const leadDecider: Decider<LeadState, LeadCommand, LeadEvent> = {
  initialState: { status: 'none' },

  evolve(state, event) {
    switch (event.type) {
      case 'LeadSubmitted':
        return { status: 'submitted', leadId: event.data.leadId, ownerId: event.data.ownerId, cardId: event.data.cardId };
      case 'LeadDeleted':
        return state.status === 'none' ? state : { ...state, status: 'deleted' };
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'SubmitLead':
        return submit(command, state);
      case 'DeleteLead':
        return remove(command, state);
      default: {
        const unhandled: never = command;
        return unhandled;
      }
    }
  },
};
