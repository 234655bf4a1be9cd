import type { EventRegistry } from './event-type-info.ts';

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

export type AccountEvent =
  AccountRegistered | PasswordChanged | PasswordResetRequested | PasswordReset | AccountRenamed | LeadAlertsSwitched;

/** Marks an e-mail address as taken; its stream id is an HMAC of the address, its data names no person. */
export interface EmailClaimed {
  readonly type: 'EmailClaimed';
  readonly data: { readonly userId: string; readonly claimedAt: string };
}

export type ClaimEvent = EmailClaimed;

export function accountStreamId(userId: string): string {
  return `account-${userId}`;
}

export const ACCOUNT_EVENT_TYPES: EventRegistry<AccountEvent | ClaimEvent> = {
  AccountRegistered: { schemaVersion: 1, ownerField: 'userId', personalFields: ['email', 'firstName', 'lastName'] },
  PasswordChanged: { schemaVersion: 1 },
  PasswordResetRequested: { schemaVersion: 1 },
  PasswordReset: { schemaVersion: 1 },
  AccountRenamed: { schemaVersion: 1, ownerField: 'userId', personalFields: ['firstName', 'lastName'] },
  LeadAlertsSwitched: { schemaVersion: 1 },
  EmailClaimed: { schemaVersion: 1 },
};
