import type { SignInMethod } from './security-rules.ts';

/**
 * The account's security in the log (issue 34, decision 65): that something happened, never what proves it. TOTP
 * secrets, recovery codes, public keys and challenges live outside the log (infra/migrations/0012).
 */

/**
 * Someone signed in: a session began. What the product keeps of a visit and no more: the device class, browser, OS and
 * a coarse place (country, city) read from the request, never its address. `newDevice`: the browser carried no device
 * token of this account (it has never signed in here), which is what the owner is e-mailed about.
 */
export interface SessionStarted {
  readonly type: 'SessionStarted';
  readonly data: {
    readonly userId: string;
    readonly sessionId: string;
    readonly method: SignInMethod;
    /** The passkey signed in with (method 'passkey'). */
    readonly passkeyId: string | null;
    readonly device: string;
    readonly browser: string | null;
    readonly os: string | null;
    readonly country: string | null;
    readonly city: string | null;
    readonly newDevice: boolean;
    readonly startedAt: string;
  };
}

export type SessionEndReason = 'signed-out' | 'ended-by-owner';

/** One session ended: signed out on its device, or ended by the owner from another. */
export interface SessionEnded {
  readonly type: 'SessionEnded';
  readonly data: {
    readonly userId: string;
    readonly sessionId: string;
    readonly reason: SessionEndReason;
    readonly endedAt: string;
  };
}

export type SessionsEndReason =
  'ended-by-owner' | 'password-changed' | 'password-reset' | 'email-changed' | 'two-factor-changed';

/** Every session of the account but `keptSessionId` (null: all) ended at once. */
export interface SessionsEnded {
  readonly type: 'SessionsEnded';
  readonly data: {
    readonly userId: string;
    readonly keptSessionId: string | null;
    readonly reason: SessionsEndReason;
    readonly endedAt: string;
  };
}

/** Two-step sign-in with an authenticator app is on (its secret confirmed by a code; ten recovery codes given). */
export interface TwoFactorEnabled {
  readonly type: 'TwoFactorEnabled';
  readonly data: { readonly userId: string; readonly recoveryCodes: number; readonly enabledAt: string };
}

export interface TwoFactorDisabled {
  readonly type: 'TwoFactorDisabled';
  readonly data: { readonly userId: string; readonly disabledAt: string };
}

/** A recovery code was used up in a sign-in; `remaining` are left. */
export interface RecoveryCodeUsed {
  readonly type: 'RecoveryCodeUsed';
  readonly data: { readonly userId: string; readonly remaining: number; readonly usedAt: string };
}

/** A passkey was registered; its name (the owner's words) is sealed. */
export interface PasskeyAdded {
  readonly type: 'PasskeyAdded';
  readonly data: {
    readonly userId: string;
    readonly passkeyId: string;
    readonly name: string;
    readonly addedAt: string;
  };
}

export interface PasskeyRemoved {
  readonly type: 'PasskeyRemoved';
  readonly data: { readonly userId: string; readonly passkeyId: string; readonly removedAt: string };
}

export type AccountSecurityEvent =
  | SessionStarted
  | SessionEnded
  | SessionsEnded
  | TwoFactorEnabled
  | TwoFactorDisabled
  | RecoveryCodeUsed
  | PasskeyAdded
  | PasskeyRemoved;
