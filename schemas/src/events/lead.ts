import type { EventRegistry } from './event-type-info.ts';

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
  };
}

export interface LeadDeleted {
  readonly type: 'LeadDeleted';
  readonly data: { readonly leadId: string; readonly ownerId: string; readonly deletedAt: string };
}

export type LeadEvent = LeadSubmitted | LeadDeleted;

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
  LeadFormTokenUsed: { schemaVersion: 1 },
};
