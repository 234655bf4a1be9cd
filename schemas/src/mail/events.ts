import type { EventRegistry } from '../common/event-type-info.ts';

/** Which e-mail it was: the texts are in the reactor that sends it. */
export const MAIL_KINDS = [
  'lead-alert',
  'lead-confirmation',
  'password-reset',
  'password-changed',
  /** The heads-up that a change was asked for, to the current address. */
  'email-change-requested',
  /** The confirmation link, to the new address. */
  'email-change',
  /** The notice, to the old address, after the change. */
  'email-changed',
  /** An office's invitation link, to the invited address (issue 30). */
  'office-invitation',
  /** A listing's EİDS authorisation ends in seven days, or today (issue 33). */
  'listing-authorisation-reminder',
  /** The account's security (issue 34): a sign-in from a device never seen, two-step sign-in on or off, a passkey added. */
  'new-sign-in',
  'two-factor-changed',
  'passkey-added',
  'webhook-paused',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/**
 * An e-mail left the product (a reactor's outcome, decision 25): what was sent about what, never
 * to whom or what it said (the address and the text are in the events it was made from, sealed).
 * One stream per owner the e-mail was about: `mail-{ownerId}`.
 */
export interface EmailSent {
  readonly type: 'EmailSent';
  readonly data: {
    readonly ownerId: string;
    readonly kind: MailKind;
    /** The event the e-mail answered (a LeadSubmitted's id): its Message-ID is made from it. */
    readonly causeEventId: string;
    /** The lead, for lead e-mails. */
    readonly leadId: string | null;
    readonly sentAt: string;
  };
}

export type MailEvent = EmailSent;

export const MAIL_EVENT_TYPES: EventRegistry<MailEvent> = {
  EmailSent: { schemaVersion: 1 },
};

export function mailStreamId(ownerId: string): string {
  return `mail-${ownerId}`;
}
