import type { EventRegistry } from '../common/event-type-info.ts';

/**
 * Leads: what a visitor sent the card owner through the public card's 'Bilgilerini Paylaş' form.
 * One stream per lead (`lead-{leadId}`). The visitor's name, phone, e-mail and message are sealed
 * under a key of THIS LEAD (ownerField 'leadId'), not the card owner's: deleting the lead destroys
 * its key, so the visitor is erased from the history too (KVKK), while the owner's other data and
 * other leads stay readable.
 */
export interface LeadSubmitted {
  readonly type: 'LeadSubmitted';
  readonly data: {
    readonly leadId: string;
    /** The card owner the lead is for. */
    readonly ownerId: string;
    readonly cardId: string;
    readonly fullName: string;
    /** E.164 ('+905321234567') or ''. */
    readonly phone: string;
    /** Lower-cased or ''. */
    readonly email: string;
    readonly message: string;
    /** The visitor allowed the owner to send promotional messages (optional, İYS/KVKK). */
    readonly marketingConsent: boolean;
    /** Which disclosure text (aydınlatma metni) the form showed. */
    readonly noticeVersion: string;
    readonly submittedAt: string;
    /** Left on an office's card: the office holds the lead (KVKK: its data controller), issue 30. */
    readonly officeId?: string;
  };
}

export interface LeadDeleted {
  readonly type: 'LeadDeleted';
  readonly data: {
    readonly leadId: string;
    readonly ownerId: string;
    readonly deletedAt: string;
    /** An office's lead (issue 30): the office's, not the owner's, so erasing the owner leaves it. */
    readonly officeId?: string;
  };
}

/** Where the owner is with a lead ('Bağlantılar'): Yeni, Arandı, Görüşüldü, Olumsuz. A new lead is 'new'. */
export const LEAD_STATUSES = ['new', 'called', 'met', 'negative'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** The owner moved the lead to another status (never to the one it has). */
export interface LeadStatusChanged {
  readonly type: 'LeadStatusChanged';
  readonly data: {
    readonly leadId: string;
    readonly ownerId: string;
    readonly status: LeadStatus;
    readonly changedAt: string;
    /** An office's lead (issue 30). */
    readonly officeId?: string;
  };
}

/**
 * The owner's private note about the visitor, '' when cleared. It is personal data about the
 * visitor, so it is sealed under the lead's own key like the visitor's fields: deleting the lead
 * erases the note from the history too.
 */
export interface LeadNoteChanged {
  readonly type: 'LeadNoteChanged';
  readonly data: {
    readonly leadId: string;
    readonly ownerId: string;
    readonly note: string;
    readonly changedAt: string;
    /** An office's lead (issue 30). */
    readonly officeId?: string;
  };
}

export type LeadEvent = LeadSubmitted | LeadDeleted | LeadStatusChanged | LeadNoteChanged;

/**
 * The form token a LeadSubmitted came with has been used. Appended "no stream" to the token's claim
 * stream (`claim-lead-form-token-<HMAC(tokenId)>`) in the same write as the LeadSubmitted, so one
 * token stores at most one lead, across processes and concurrent replays; a write that fails
 * leaves the token unused. Kept for good (docs/decisions/0014-leads-hardening.md).
 */
export interface LeadFormTokenUsed {
  readonly type: 'LeadFormTokenUsed';
  readonly data: { readonly leadId: string; readonly usedAt: string };
}

export type LeadClaimEvent = LeadFormTokenUsed;

/** Claim kind of a used form token (see `claimStreamId`). */
export const LEAD_FORM_TOKEN_CLAIM = 'lead-form-token';

export function leadStreamId(leadId: string): string {
  return `lead-${leadId}`;
}

export const LEAD_EVENT_TYPES: EventRegistry<LeadEvent | LeadClaimEvent> = {
  LeadSubmitted: { schemaVersion: 1, ownerField: 'leadId', personalFields: ['fullName', 'phone', 'email', 'message'] },
  LeadDeleted: { schemaVersion: 1 },
  LeadStatusChanged: { schemaVersion: 1 },
  LeadNoteChanged: { schemaVersion: 1, ownerField: 'leadId', personalFields: ['note'] },
  LeadFormTokenUsed: { schemaVersion: 1 },
};
