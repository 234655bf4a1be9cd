import {
  MESSAGES,
  checkLeadNote,
  conflictError,
  isLeadStatus,
  notFoundError,
  validateLead,
  validationError,
  type LeadEvent,
  type LeadInput,
  type LeadStatus,
} from '@kartvizit/schemas';
import { may, personWithId } from '@kartvizit/schemas/access';
import type { Decider } from '../core/decider.ts';
import {
  ownerTakingForms,
  tokenLetsThrough,
  type FormTokenVerdict,
  type PublicFormCard,
} from '../core/public-form/rules.ts';

/**
 * A lead's life: sent by a visitor, followed up by the card's owner (its status and private note),
 * then possibly deleted by the owner (for good). `status` is the stream's life; `followUp` where the
 * owner is with the visitor.
 */
export type LeadState =
  | { readonly status: 'none' }
  | {
      readonly status: 'submitted' | 'deleted';
      readonly leadId: string;
      readonly ownerId: string;
      readonly cardId: string;
      readonly followUp: LeadStatus;
      readonly note: string;
    };

/**
 * The route has put everything the decision needs into the command: the new lead's id, the clock,
 * what the form token said, and the card as its own stream tells it (active? whose?), so decide()
 * stays pure. That the token was not used before is settled by the store, in the same write
 * (routes.ts, docs/decisions/0014-leads-hardening.md).
 */
export interface SubmitLead {
  readonly type: 'SubmitLead';
  readonly data: {
    readonly leadId: string;
    readonly cardId: string;
    readonly card: PublicFormCard;
    /** As the visitor typed it; the shared rules normalise and check it here. */
    readonly input: LeadInput;
    readonly formToken: FormTokenVerdict;
    readonly marketingConsent: boolean;
    readonly noticeVersion: string;
    readonly now: string;
  };
}

export interface DeleteLead {
  readonly type: 'DeleteLead';
  readonly data: { readonly leadId: string; readonly ownerId: string; readonly now: string };
}

/** `status` as the owner sent it: the decision checks it is one of LEAD_STATUSES. */
export interface ChangeLeadStatus {
  readonly type: 'ChangeLeadStatus';
  readonly data: { readonly leadId: string; readonly ownerId: string; readonly status: string; readonly now: string };
}

/** `note` as the owner typed it: the shared rule (checkLeadNote) normalises and checks it here. */
export interface ChangeLeadNote {
  readonly type: 'ChangeLeadNote';
  readonly data: { readonly leadId: string; readonly ownerId: string; readonly note: string; readonly now: string };
}

export type LeadCommand = SubmitLead | DeleteLead | ChangeLeadStatus | ChangeLeadNote;

/**
 * Order of answers: the fields first, in the form's order, whatever the token (a person or a
 * script that sends a name alone hears that a phone or an e-mail is needed; the rules are public
 * anyway). Then the token: a bot's (too fast, not ours) is dropped without a word, no events and
 * the usual answer; an expired or future one is refused openly. Then the card (the sample card
 * takes no leads at all).
 */
function submit(command: SubmitLead, state: LeadState): LeadEvent[] {
  const { leadId, cardId, card, input, formToken, marketingConsent, noticeVersion, now } = command.data;
  if (state.status !== 'none') throw conflictError(MESSAGES.conflict);
  const validation = validateLead(input);
  if (!validation.ok) throw validationError(validation.message, validation.field);
  if (!tokenLetsThrough(formToken)) return [];
  const ownerId = ownerTakingForms(card);
  return [
    {
      type: 'LeadSubmitted',
      data: { leadId, ownerId, cardId, ...validation.lead, marketingConsent, noticeVersion, submittedAt: now },
    },
  ];
}

/** Someone else's lead, an unknown id and a deleted lead all read as "no such lead": ids cannot be probed. */
function remove(command: DeleteLead, state: LeadState): LeadEvent[] {
  const { leadId, ownerId, now } = command.data;
  ownLead(state, ownerId);
  return [{ type: 'LeadDeleted', data: { leadId, ownerId, deletedAt: now } }];
}

/** The owner's live lead, or "no such lead" for anyone else, an unknown id and a deleted lead. */
function ownLead(state: LeadState, ownerId: string): Exclude<LeadState, { status: 'none' }> {
  if (state.status !== 'submitted' || !may(personWithId(ownerId), 'change', state))
    throw notFoundError(MESSAGES.leadNotFound);
  return state;
}

/** The same status again appends nothing. */
function changeStatus(command: ChangeLeadStatus, state: LeadState): LeadEvent[] {
  const { leadId, ownerId, status, now } = command.data;
  const lead = ownLead(state, ownerId);
  if (!isLeadStatus(status)) throw validationError(MESSAGES.leadStatusInvalid, 'status');
  if (status === lead.followUp) return [];
  return [{ type: 'LeadStatusChanged', data: { leadId, ownerId, status, changedAt: now } }];
}

/** The same note again (after normalising) appends nothing; '' clears it. */
function changeNote(command: ChangeLeadNote, state: LeadState): LeadEvent[] {
  const { leadId, ownerId, note, now } = command.data;
  const lead = ownLead(state, ownerId);
  const checked = checkLeadNote(note);
  if (!checked.ok) throw validationError(checked.message, 'note');
  if (checked.note === lead.note) return [];
  return [{ type: 'LeadNoteChanged', data: { leadId, ownerId, note: checked.note, changedAt: now } }];
}

export const leadDecider: Decider<LeadState, LeadCommand, LeadEvent> = {
  initialState: { status: 'none' },

  evolve(state, event) {
    switch (event.type) {
      case 'LeadSubmitted':
        return {
          status: 'submitted',
          leadId: event.data.leadId,
          ownerId: event.data.ownerId,
          cardId: event.data.cardId,
          followUp: 'new',
          note: '',
        };
      case 'LeadDeleted':
        return state.status === 'none' ? state : { ...state, status: 'deleted' };
      case 'LeadStatusChanged':
        return state.status === 'none' ? state : { ...state, followUp: event.data.status };
      case 'LeadNoteChanged':
        // A forgotten note (the lead deleted) decodes as ''; the lead is deleted then anyway.
        return state.status === 'none'
          ? state
          : { ...state, note: typeof event.data.note === 'string' ? event.data.note : '' };
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
      case 'ChangeLeadStatus':
        return changeStatus(command, state);
      case 'ChangeLeadNote':
        return changeNote(command, state);
      default: {
        const unhandled: never = command;
        return unhandled;
      }
    }
  },
};
