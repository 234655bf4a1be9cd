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
import { may, type Person } from '@kartvizit/schemas/access';
import type { Decider } from '@kartvizit/infra/commands/decider';
import {
  ownerTakingForms,
  tokenLetsThrough,
  type FormTokenVerdict,
  type PublicFormCard,
} from '../core/public-form/rules.ts';

/**
 * A lead's life: sent by a visitor, followed up by the card's owner (its status and private note),
 * then possibly deleted by the owner (for good). `status` is the stream's life; `followUp` where the
 * owner is with the visitor. `officeId`: left on an office's card, the office holds it (issue 30): whoever holds the
 * card now follows it up, with the office's admins; `ownerId` stays who held the card when it came.
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
      readonly officeId: string | null;
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

/**
 * Who acts on a lead, as the route knows them: the person (with the office they are in now) and the lead's card's
 * holder now, from the card's own stream (null: nobody, a card in its office's pool). The holder decides an office's
 * lead; a personal lead is its owner's whoever holds the card.
 */
interface LeadActor {
  readonly leadId: string;
  readonly person: Person;
  readonly cardHolder: string | null;
  readonly now: string;
}

export interface DeleteLead {
  readonly type: 'DeleteLead';
  readonly data: LeadActor;
}

/** `status` as the owner sent it: the decision checks it is one of LEAD_STATUSES. */
export interface ChangeLeadStatus {
  readonly type: 'ChangeLeadStatus';
  readonly data: LeadActor & { readonly status: string };
}

/** `note` as the owner typed it: the shared rule (checkLeadNote) normalises and checks it here. */
export interface ChangeLeadNote {
  readonly type: 'ChangeLeadNote';
  readonly data: LeadActor & { readonly note: string };
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
  const office = card.officeId ? { officeId: card.officeId } : {};
  return [
    {
      type: 'LeadSubmitted',
      data: { leadId, ownerId, cardId, ...validation.lead, marketingConsent, noticeVersion, submittedAt: now, ...office },
    },
  ];
}

type LiveLead = Exclude<LeadState, { status: 'none' }>;

/**
 * May this person change the lead (decision 61)? An office's lead: its card's holder now and the office's admins,
 * only while in the office. A personal lead: its owner.
 */
export function mayChangeLead(lead: LiveLead, person: Person, cardHolder: string | null): boolean {
  return lead.officeId === null
    ? may(person, 'change', { ownerId: lead.ownerId })
    : may(person, 'change', { ownerId: cardHolder, officeId: lead.officeId });
}

/** The live lead the person may change, or "no such lead" for anyone else, an unknown id and a deleted lead. */
function changeableLead(state: LeadState, actor: LeadActor): LiveLead {
  if (state.status !== 'submitted' || !mayChangeLead(state, actor.person, actor.cardHolder))
    throw notFoundError(MESSAGES.leadNotFound);
  return state;
}

/** What every follow-up event of the lead says of it: its owner, and its office for an office's lead. */
function leadOf(lead: LiveLead): { readonly leadId: string; readonly ownerId: string; readonly officeId?: string } {
  return { leadId: lead.leadId, ownerId: lead.ownerId, ...(lead.officeId ? { officeId: lead.officeId } : {}) };
}

/** Someone else's lead, an unknown id and a deleted lead all read as "no such lead": ids cannot be probed. */
function remove(command: DeleteLead, state: LeadState): LeadEvent[] {
  const lead = changeableLead(state, command.data);
  return [{ type: 'LeadDeleted', data: { ...leadOf(lead), deletedAt: command.data.now } }];
}

/** The same status again appends nothing. */
function changeStatus(command: ChangeLeadStatus, state: LeadState): LeadEvent[] {
  const { status, now } = command.data;
  const lead = changeableLead(state, command.data);
  if (!isLeadStatus(status)) throw validationError(MESSAGES.leadStatusInvalid, 'status');
  if (status === lead.followUp) return [];
  return [{ type: 'LeadStatusChanged', data: { ...leadOf(lead), status, changedAt: now } }];
}

/** The same note again (after normalising) appends nothing; '' clears it. */
function changeNote(command: ChangeLeadNote, state: LeadState): LeadEvent[] {
  const { note, now } = command.data;
  const lead = changeableLead(state, command.data);
  const checked = checkLeadNote(note);
  if (!checked.ok) throw validationError(checked.message, 'note');
  if (checked.note === lead.note) return [];
  return [{ type: 'LeadNoteChanged', data: { ...leadOf(lead), note: checked.note, changedAt: now } }];
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
          officeId: event.data.officeId ?? null,
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
