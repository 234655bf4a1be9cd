import type { EventRegistry } from '../common/event-type-info.ts';
import type { AccountSecurityEvent } from './security-events.ts';
import type { ApiTokenEvent } from './token-events.ts';

/** Account events. Data is readonly; personal fields are encrypted at rest (see PERSONAL_FIELDS). */
export interface AccountRegistered {
  readonly type: 'AccountRegistered';
  readonly data: {
    readonly userId: string;
    readonly email: string;
    readonly firstName: string;
    readonly lastName: string;
    readonly registeredAt: string;
  };
}

/** The new hash is kept outside the log; the event only says that the change happened. */
export interface PasswordChanged {
  readonly type: 'PasswordChanged';
  readonly data: { readonly userId: string; readonly changedAt: string };
}

/**
 * Someone asked for a password reset link for this account (`/auth/forgot-password`). The link's
 * token is not here: it is an HMAC of the account and request ids under a key derived from
 * APP_SECRET, which the e-mail reactor and the reset route compute alike.
 */
export interface PasswordResetRequested {
  readonly type: 'PasswordResetRequested';
  readonly data: {
    readonly userId: string;
    readonly requestId: string;
    readonly requestedAt: string;
    readonly expiresAt: string;
  };
}

/** The password was set anew through a reset link; like PasswordChanged, the hash is kept outside the log. */
export interface PasswordReset {
  readonly type: 'PasswordReset';
  readonly data: { readonly userId: string; readonly requestId: string; readonly resetAt: string };
}

/** The owner changed their name on /account ('Hesap Ayarları'); sealed like AccountRegistered's names. */
export interface AccountRenamed {
  readonly type: 'AccountRenamed';
  readonly data: {
    readonly userId: string;
    readonly firstName: string;
    readonly lastName: string;
    readonly renamedAt: string;
  };
}

/** The owner turned the lead alert e-mail on or off (on until the first such event). */
export interface LeadAlertsSwitched {
  readonly type: 'LeadAlertsSwitched';
  readonly data: { readonly userId: string; readonly enabled: boolean; readonly switchedAt: string };
}

/**
 * The owner deleted their account (KVKK, `DELETE /api/account`). The last event of the account stream: the owner's
 * key is destroyed (crypto-shredding), every read model drops the owner's rows and ignores whatever of theirs the
 * log still brings, and the account-erasure reactor forgets their leads' keys and removes their files (decision 29).
 */
export interface AccountDeleted {
  readonly type: 'AccountDeleted';
  readonly data: { readonly userId: string; readonly deletedAt: string };
}

/**
 * The owner asked on /account to move the account to `newEmail` (sealed: it is theirs). Nothing changes yet: a link
 * goes to the new address, and only opening it (EmailChanged) moves the account. As with the reset, the link's token
 * is in no event: it is an HMAC of the account and request ids (decision 30).
 */
export interface EmailChangeRequested {
  readonly type: 'EmailChangeRequested';
  readonly data: {
    readonly userId: string;
    readonly requestId: string;
    readonly newEmail: string;
    readonly requestedAt: string;
    readonly expiresAt: string;
  };
}

/**
 * The link sent to the new address was opened: the account's address is `email` from now on (sealed). Written in one
 * atomic write with the new address's EmailClaimed and the old address's EmailReleased.
 */
export interface EmailChanged {
  readonly type: 'EmailChanged';
  readonly data: {
    readonly userId: string;
    readonly email: string;
    readonly requestId: string;
    readonly changedAt: string;
  };
}

export type AccountEvent =
  | AccountRegistered
  | PasswordChanged
  | PasswordResetRequested
  | PasswordReset
  | AccountRenamed
  | LeadAlertsSwitched
  | EmailChangeRequested
  | EmailChanged
  | AccountDeleted
  | AccountSecurityEvent
  | ApiTokenEvent;

/**
 * An e-mail address's claim stream (`claim-email-<HMAC(address)>`) holds who has the address: its last event. An
 * address is taken by EmailClaimed and given back by EmailReleased (the account was deleted, or moved to another
 * address), after which a new EmailClaimed may follow at the stream's version. Its data names no person.
 */
export interface EmailClaimed {
  readonly type: 'EmailClaimed';
  readonly data: { readonly userId: string; readonly claimedAt: string };
}

export interface EmailReleased {
  readonly type: 'EmailReleased';
  readonly data: { readonly userId: string; readonly releasedAt: string };
}

export type ClaimEvent = EmailClaimed | EmailReleased;

/**
 * The account-erasure reactor finished what an AccountDeleted asks for (decision 29): the owner's key and their
 * leads' keys destroyed, their files removed, their sign-in gone. Counts only; stream `erasure-{userId}`.
 */
export interface AccountErased {
  readonly type: 'AccountErased';
  readonly data: {
    readonly userId: string;
    readonly leadsForgotten: number;
    readonly erasedAt: string;
  };
}

export type ErasureEvent = AccountErased;

export function erasureStreamId(userId: string): string {
  return `erasure-${userId}`;
}

export function accountStreamId(userId: string): string {
  return `account-${userId}`;
}

export const ACCOUNT_EVENT_TYPES: EventRegistry<AccountEvent | ClaimEvent | ErasureEvent> = {
  AccountRegistered: { schemaVersion: 1, ownerField: 'userId', personalFields: ['email', 'firstName', 'lastName'] },
  PasswordChanged: { schemaVersion: 1 },
  PasswordResetRequested: { schemaVersion: 1 },
  PasswordReset: { schemaVersion: 1 },
  AccountRenamed: { schemaVersion: 1, ownerField: 'userId', personalFields: ['firstName', 'lastName'] },
  LeadAlertsSwitched: { schemaVersion: 1 },
  EmailChangeRequested: { schemaVersion: 1, ownerField: 'userId', personalFields: ['newEmail'] },
  EmailChanged: { schemaVersion: 1, ownerField: 'userId', personalFields: ['email'] },
  AccountDeleted: { schemaVersion: 1 },
  SessionStarted: { schemaVersion: 1 },
  SessionEnded: { schemaVersion: 1 },
  SessionsEnded: { schemaVersion: 1 },
  TwoFactorEnabled: { schemaVersion: 1 },
  TwoFactorDisabled: { schemaVersion: 1 },
  RecoveryCodeUsed: { schemaVersion: 1 },
  PasskeyAdded: { schemaVersion: 1, ownerField: 'userId', personalFields: ['name'] },
  PasskeyRemoved: { schemaVersion: 1 },
  ApiTokenCreated: { schemaVersion: 1, ownerField: 'userId', personalFields: ['name'] },
  ApiTokenRevoked: { schemaVersion: 1 },
  EmailClaimed: { schemaVersion: 1 },
  EmailReleased: { schemaVersion: 1 },
  AccountErased: { schemaVersion: 1 },
};
