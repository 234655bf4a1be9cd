import type { CustomerFields } from './rules.ts';
import type { EventRegistry } from '../common/event-type-info.ts';

/**
 * The owner's link to their real-estate CRM (REMS, issue 14). One stream per owner (`rems-{ownerId}`):
 * the key in force is the last RemsKeySaved not followed by a RemsKeyRemoved.
 *
 * The API key is a secret: `apiKey` (and the REMS account's name, which names a person or an
 * office) are sealed under the owner's key by the codec (ownerField 'ownerId'), so the stored event
 * holds neither in plaintext and deleting the account destroys both (crypto-shredding). Only
 * `keyHint`, the key's last 4 characters, stays readable: it is what the screen shows.
 */
export interface RemsKeySaved {
  readonly type: 'RemsKeySaved';
  readonly data: {
    readonly ownerId: string;
    /** Sealed. Starts with `rems_`; REMS accepted it (`GET /api/v1/me`) before it was saved. */
    readonly apiKey: string;
    /** The key's last 4 characters, for the screen. */
    readonly keyHint: string;
    /** Sealed. The REMS account the key belongs to, as REMS named it. */
    readonly remsAccountName: string;
    readonly savedAt: string;
  };
}

/** The owner removed the integration: no key is in force, and the card no longer shows 'Görüşme Planla'. */
export interface RemsKeyRemoved {
  readonly type: 'RemsKeyRemoved';
  readonly data: { readonly ownerId: string; readonly removedAt: string };
}

export type RemsEvent = RemsKeySaved | RemsKeyRemoved;

export function remsStreamId(ownerId: string): string {
  return `rems-${ownerId}`;
}

export const REMS_EVENT_TYPES: EventRegistry<RemsEvent> = {
  RemsKeySaved: { schemaVersion: 1, ownerField: 'ownerId', personalFields: ['apiKey', 'remsAccountName'] },
  RemsKeyRemoved: { schemaVersion: 1 },
};

/**
 * A visitor pressed 'Görüşme Planla' on a card and sent the 'Görüşme Planlayın' form
 * (`POST /api/rems/create-customer`, issue 14): a customer to deliver to the owner's REMS. One
 * stream per registration (`rems-registration-{registrationId}`), which later holds its outcome.
 *
 * The visitor's fields are sealed under a key of THIS REGISTRATION (ownerField 'registrationId'),
 * not the owner's. The same write records a LeadSubmitted whose leadId is the registrationId, so
 * one key seals both: deleting the lead (or the owner's account, which forgets every lead's key)
 * erases the visitor from both histories. The interest (`customerType`) stays readable: on its own
 * it says nothing about who the visitor was, and the owner's counters may count by it.
 */
export interface RemsRegistrationRequested {
  readonly type: 'RemsRegistrationRequested';
  /**
   * The customer as the form's shared rules normalise it (validation/rems.ts CustomerFields: the 10 national phone
   * digits, optional fields null when empty, as REMS receives them), sealed but for customerType; and the request.
   */
  readonly data: CustomerFields & {
    readonly registrationId: string;
    /** The card's owner, whose REMS receives the customer. */
    readonly ownerId: string;
    readonly cardId: string;
    /** The visitor allowed the owner to send promotional messages (optional, İYS/KVKK), as on the lead form. */
    readonly marketingConsent: boolean;
    /** Which disclosure text (aydınlatma metni) the form showed. */
    readonly noticeVersion: string;
    readonly requestedAt: string;
    /**
     * Sent from an office's card (issue 30): the office holds the lead, and the office's REMS key, while one is in
     * force, takes the customer instead of the holder's own.
     */
    readonly officeId?: string;
    /**
     * The listing ('İlan', a catalogue item of kind 'listing', issue 33) the visitor came from, when the form was opened
     * from its page; null when it was opened on the card itself. An active listing of the card's owner when it was
     * recorded (the route checks). Not personal data, so readable. Absent from the events of schema version 1: read it
     * through `registrationProductId` (read.ts), which says null for them.
     */
    readonly productId: string | null;
  };
}

/** The owner's REMS took the customer (201, or 200 for a repeat of the same Idempotency-Key). */
export interface RemsCustomerDelivered {
  readonly type: 'RemsCustomerDelivered';
  readonly data: {
    readonly registrationId: string;
    readonly ownerId: string;
    /** The customer's id in REMS. */
    readonly remsCustomerId: string;
    readonly deliveredAt: string;
  };
}

/**
 * Why a registration did not reach REMS:
 * - 'rejected': REMS refused the customer for good (a 4xx other than 401/403/408/429), `message` its words;
 * - 'key_refused': REMS no longer accepts the owner's key (401/403: revoked or expired in REMS);
 * - 'key_removed': the owner had no key in force when it was delivered (removed, or the account deleted);
 * - 'gave_up': REMS could not be reached for 24 hours (the delivery is dead-lettered, and an operator's
 *   `reactors:retry` may still deliver it: a later RemsCustomerDelivered then stands).
 */
export const REMS_FAILURE_REASONS = ['rejected', 'key_refused', 'key_removed', 'gave_up'] as const;
export type RemsFailureReason = (typeof REMS_FAILURE_REASONS)[number];

/**
 * The failures a new key can mend: saving a key again offers to send these again (the others are REMS's own verdict
 * on the customer, or a day without REMS: 'Tekrar Dene' one by one).
 */
export const REMS_KEY_FAILURE_REASONS = ['key_removed', 'key_refused'] as const satisfies readonly RemsFailureReason[];

export interface RemsRegistrationFailed {
  readonly type: 'RemsRegistrationFailed';
  readonly data: {
    readonly registrationId: string;
    readonly ownerId: string;
    readonly reason: RemsFailureReason;
    /**
     * Sealed under the registration's key (from version 2): REMS's own words, cleaned (infra/src/rems/client.ts
     * cleanRemsText), for 'rejected', which can quote what the visitor typed; otherwise null.
     */
    readonly message: string | null;
    readonly failedAt: string;
  };
}

/**
 * The owner pressed 'Tekrar Dene' on a failed registration (or, after saving a key again, retried every one that
 * failed for want of a working key): the `rems-delivery` reactor delivers it again, with the same registration id as
 * REMS's Idempotency-Key, and records a new outcome (the last outcome stands). Only a failed registration is retried,
 * and only while the owner has a key in force (command-api/src/rems/registration-decider.ts).
 */
export interface RemsRegistrationRetried {
  readonly type: 'RemsRegistrationRetried';
  readonly data: {
    readonly registrationId: string;
    readonly ownerId: string;
    /** The failure it answers, for the history. */
    readonly after: RemsFailureReason;
    readonly retriedAt: string;
  };
}

export type RemsRegistrationEvent =
  RemsRegistrationRequested | RemsCustomerDelivered | RemsRegistrationFailed | RemsRegistrationRetried;

export function remsRegistrationStreamId(registrationId: string): string {
  return `rems-registration-${registrationId}`;
}

export const REMS_REGISTRATION_EVENT_TYPES: EventRegistry<RemsRegistrationEvent> = {
  RemsRegistrationRequested: {
    // 2: productId, the listing the visitor came from (issue 33); version 1 has none (null).
    schemaVersion: 2,
    ownerField: 'registrationId',
    personalFields: [
      'firstName',
      'lastName',
      'phoneNumber',
      'email',
      'province',
      'provinceName',
      'district',
      'districtName',
      'address',
      'notes',
    ],
  },
  RemsCustomerDelivered: { schemaVersion: 1 },
  RemsRegistrationFailed: { schemaVersion: 2, ownerField: 'registrationId', personalFields: ['message'] },
  RemsRegistrationRetried: { schemaVersion: 1 },
};
