import {
  DomainError,
  MESSAGES,
  conflictError,
  emailChangeLimitMessage,
  isValidEmail,
  nameProblem,
  normaliseEmail,
  notFoundError,
  validationError,
  checkPasskeyName,
  checkApiTokenInput,
  MAX_API_TOKENS,
  type AccountEvent,
  type SessionEndReason,
  type SessionsEndReason,
  type SignInMethod,
} from '@kartvizit/schemas';
import type { Decider } from '@kartvizit/infra/commands/decider';

/** How long a reset link works, and how many may be asked for in an hour (more are answered alike and not sent). */
export const RESET_LINK_LIFETIME_MS = 30 * 60_000;
export const RESET_REQUESTS_PER_HOUR = 3;
const HOUR_MS = 60 * 60_000;

/** How long the link to a new e-mail address works, and how many may be asked for in an hour (decision 30). */
export const EMAIL_CHANGE_LINK_LIFETIME_MS = 24 * HOUR_MS;
export const EMAIL_CHANGE_REQUESTS_PER_HOUR = 3;

export type AccountState =
  | { readonly status: 'none' }
  /** Deleted by its owner (KVKK): nothing more happens on this stream. */
  | { readonly status: 'deleted'; readonly userId: string }
  | {
      readonly status: 'registered';
      readonly userId: string;
      readonly email: string;
      readonly firstName: string;
      readonly lastName: string;
      readonly registeredAt: string;
      /** The one reset link that works now: the newest asked for, unless used or a password change came after it. */
      readonly pendingReset: { readonly requestId: string; readonly expiresAt: string } | null;
      /** When the recent reset requests were made (the newest few), for the hourly limit. */
      readonly recentResetRequests: readonly string[];
      /** Whether a visitor's details are e-mailed to the owner (on until switched off). */
      readonly leadAlerts: boolean;
      /**
       * The one e-mail change link that works now: the newest asked for, unless used, or a password change or reset
       * came after it (the owner securing the account ends a change asked for with the old password).
       */
      readonly pendingEmailChange: {
        readonly requestId: string;
        readonly newEmail: string;
        readonly expiresAt: string;
      } | null;
      /** When the recent e-mail change requests were made (the newest few), for the hourly limit. */
      readonly recentEmailChangeRequests: readonly string[];
      /** Two-step sign-in with an authenticator app is on. */
      readonly twoFactor: boolean;
      /** The ids of the account's passkeys. */
      readonly passkeys: readonly string[];
      /** The account's personal API tokens not revoked (issue 35), with when each expires. */
      readonly apiTokens: readonly { readonly tokenId: string; readonly expiresAt: string }[];
      /** The ids of the tokens revoked: revoking one again changes nothing. */
      readonly revokedApiTokens: readonly string[];
    };

export interface RegisterAccount {
  readonly type: 'RegisterAccount';
  readonly data: {
    readonly userId: string;
    readonly email: string;
    readonly firstName: string;
    readonly lastName: string;
    readonly now: string;
  };
}

/**
 * Sessions a command ended in the session table before it was decided (the table is what a token is checked
 * against): every one but `keptSessionId`, `count` of them.
 */
export interface EndedSessions {
  readonly keptSessionId: string | null;
  readonly count: number;
}

/** The route has already checked the current password against the credential store. */
export interface ChangePassword {
  readonly type: 'ChangePassword';
  readonly data: { readonly userId: string; readonly now: string; readonly endedSessions?: EndedSessions };
}

/** Asked from the sign-in screen's 'Şifremi Unuttum'; the route has found the account by its e-mail address. */
export interface RequestPasswordReset {
  readonly type: 'RequestPasswordReset';
  readonly data: { readonly requestId: string; readonly now: string };
}

/** The route has checked the link's signature; the decider checks that it is the live one. */
export interface ResetPassword {
  readonly type: 'ResetPassword';
  readonly data: { readonly requestId: string; readonly now: string; readonly endedSessions?: EndedSessions };
}

/** From /account ('Hesap Ayarları'). */
export interface RenameAccount {
  readonly type: 'RenameAccount';
  readonly data: { readonly firstName: string; readonly lastName: string; readonly now: string };
}

export interface SwitchLeadAlerts {
  readonly type: 'SwitchLeadAlerts';
  readonly data: { readonly enabled: boolean; readonly now: string };
}

/** From /account's 'E-posta Adresi'; the route has checked the password and that no other account holds the address. */
export interface RequestEmailChange {
  readonly type: 'RequestEmailChange';
  readonly data: { readonly requestId: string; readonly newEmail: string; readonly now: string };
}

/** The link sent to the new address; the route has checked its signature, the decider checks that it is the live one. */
export interface ConfirmEmailChange {
  readonly type: 'ConfirmEmailChange';
  readonly data: { readonly requestId: string; readonly now: string; readonly endedSessions?: EndedSessions };
}

/** From /account's 'Hesabımı Sil'; the route has checked the password against the credential store. */
export interface DeleteAccount {
  readonly type: 'DeleteAccount';
  readonly data: { readonly now: string };
}

/**
 * A sign-in succeeded (every step of it): the route has started the session's row. What is kept of the device is what
 * the product keeps of a visit (infra/src/telemetry/enrichment.ts), never the address.
 */
export interface StartSession {
  readonly type: 'StartSession';
  readonly data: {
    readonly sessionId: string;
    readonly method: SignInMethod;
    readonly passkeyId: string | null;
    readonly device: string;
    readonly browser: string | null;
    readonly os: string | null;
    readonly country: string | null;
    readonly city: string | null;
    readonly newDevice: boolean;
    readonly now: string;
  };
}

/** The route has ended the session's row (signed out there, or ended from /account). */
export interface EndSession {
  readonly type: 'EndSession';
  readonly data: { readonly sessionId: string; readonly reason: SessionEndReason; readonly now: string };
}

/** 'Diğer Tüm Oturumları Sonlandır': the route has ended the rows. */
export interface EndOtherSessions {
  readonly type: 'EndOtherSessions';
  readonly data: { readonly endedSessions: EndedSessions; readonly now: string };
}

/** The route has checked the first code against the pending secret and stored it with the recovery codes. */
export interface EnableTwoFactor {
  readonly type: 'EnableTwoFactor';
  readonly data: { readonly recoveryCodes: number; readonly endedSessions: EndedSessions; readonly now: string };
}

/** The route has checked the password and a code. */
export interface DisableTwoFactor {
  readonly type: 'DisableTwoFactor';
  readonly data: {
    /** The person's office requires a second step: turning it off must leave a passkey. */
    readonly officeRequiresSecondStep: boolean;
    readonly endedSessions: EndedSessions;
    readonly now: string;
  };
}

/** A sign-in used up a recovery code (the route has removed its hash). */
export interface UseRecoveryCode {
  readonly type: 'UseRecoveryCode';
  readonly data: { readonly remaining: number; readonly now: string };
}

/** The route has verified the browser's registration and stored the public key under `passkeyId`. */
export interface AddPasskey {
  readonly type: 'AddPasskey';
  readonly data: { readonly passkeyId: string; readonly name: string; readonly now: string };
}

export interface RemovePasskey {
  readonly type: 'RemovePasskey';
  readonly data: { readonly passkeyId: string; readonly officeRequiresSecondStep: boolean; readonly now: string };
}

/**
 * The route has made the token and its row under `tokenId` (the token itself is in no command nor event); the decision
 * checks the name, scopes and expiry against `now` and the account's limit of live tokens.
 */
export interface CreateApiToken {
  readonly type: 'CreateApiToken';
  readonly data: {
    readonly tokenId: string;
    readonly name: string;
    readonly scopes: readonly string[];
    readonly expiresAt: string;
    readonly now: string;
  };
}

export interface RevokeApiToken {
  readonly type: 'RevokeApiToken';
  readonly data: { readonly tokenId: string; readonly now: string };
}

export type AccountCommand =
  | RegisterAccount
  | ChangePassword
  | RequestPasswordReset
  | ResetPassword
  | RenameAccount
  | SwitchLeadAlerts
  | RequestEmailChange
  | ConfirmEmailChange
  | DeleteAccount
  | StartSession
  | EndSession
  | EndOtherSessions
  | EnableTwoFactor
  | DisableTwoFactor
  | UseRecoveryCode
  | AddPasskey
  | RemovePasskey
  | CreateApiToken
  | RevokeApiToken;

function register(command: RegisterAccount, state: AccountState): AccountEvent[] {
  if (state.status !== 'none') throw conflictError(MESSAGES.emailTaken, 'email');
  const email = normaliseEmail(command.data.email);
  const firstName = command.data.firstName.trim();
  const lastName = command.data.lastName.trim();
  if (!email || !firstName || !lastName) throw validationError(MESSAGES.fillAllFields);
  if (!isValidEmail(email)) throw validationError(MESSAGES.invalidEmail, 'email');
  const firstNameIssue = nameProblem(firstName);
  if (firstNameIssue) throw validationError(firstNameIssue, 'firstName');
  const lastNameIssue = nameProblem(lastName);
  if (lastNameIssue) throw validationError(lastNameIssue, 'lastName');
  return [
    {
      type: 'AccountRegistered',
      data: { userId: command.data.userId, email, firstName, lastName, registeredAt: command.data.now },
    },
  ];
}

function changePassword(command: ChangePassword, state: AccountState): AccountEvent[] {
  if (state.status !== 'registered') throw notFoundError(MESSAGES.accountNotFound);
  return [
    { type: 'PasswordChanged', data: { userId: state.userId, changedAt: command.data.now } },
    ...sessionsEnded(state.userId, 'password-changed', command.data.endedSessions, command.data.now),
  ];
}

function requestPasswordReset(command: RequestPasswordReset, state: AccountState): AccountEvent[] {
  if (state.status !== 'registered') return [];
  const now = Date.parse(command.data.now);
  const lastHour = state.recentResetRequests.filter((at) => now - Date.parse(at) < HOUR_MS);
  // Over the limit: nothing is recorded and no e-mail goes; the answer does not say so (it never says whether the account exists).
  if (lastHour.length >= RESET_REQUESTS_PER_HOUR) return [];
  return [
    {
      type: 'PasswordResetRequested',
      data: {
        userId: state.userId,
        requestId: command.data.requestId,
        requestedAt: command.data.now,
        expiresAt: new Date(now + RESET_LINK_LIFETIME_MS).toISOString(),
      },
    },
  ];
}

function resetPassword(command: ResetPassword, state: AccountState): AccountEvent[] {
  const pending = state.status === 'registered' ? state.pendingReset : null;
  if (
    state.status !== 'registered' ||
    !pending ||
    pending.requestId !== command.data.requestId ||
    Date.parse(command.data.now) > Date.parse(pending.expiresAt)
  ) {
    throw validationError(MESSAGES.resetLinkInvalid, 'token');
  }
  return [
    { type: 'PasswordReset', data: { userId: state.userId, requestId: pending.requestId, resetAt: command.data.now } },
    ...sessionsEnded(state.userId, 'password-reset', command.data.endedSessions, command.data.now),
  ];
}

function rename(command: RenameAccount, state: AccountState): AccountEvent[] {
  if (state.status !== 'registered') throw notFoundError(MESSAGES.accountNotFound);
  const firstName = command.data.firstName.trim();
  const lastName = command.data.lastName.trim();
  if (!firstName || !lastName) throw validationError(MESSAGES.fillAllFields, !firstName ? 'firstName' : 'lastName');
  const firstNameIssue = nameProblem(firstName);
  if (firstNameIssue) throw validationError(firstNameIssue, 'firstName');
  const lastNameIssue = nameProblem(lastName);
  if (lastNameIssue) throw validationError(lastNameIssue, 'lastName');
  // The same name again records nothing.
  if (firstName === state.firstName && lastName === state.lastName) return [];
  return [{ type: 'AccountRenamed', data: { userId: state.userId, firstName, lastName, renamedAt: command.data.now } }];
}

function switchLeadAlerts(command: SwitchLeadAlerts, state: AccountState): AccountEvent[] {
  if (state.status !== 'registered') throw notFoundError(MESSAGES.accountNotFound);
  if (state.leadAlerts === command.data.enabled) return [];
  return [
    {
      type: 'LeadAlertsSwitched',
      data: { userId: state.userId, enabled: command.data.enabled, switchedAt: command.data.now },
    },
  ];
}

function requestEmailChange(command: RequestEmailChange, state: AccountState): AccountEvent[] {
  if (state.status !== 'registered') throw notFoundError(MESSAGES.accountNotFound);
  const newEmail = normaliseEmail(command.data.newEmail);
  if (!newEmail) throw validationError(MESSAGES.emailChangeFieldsMissing, 'newEmail');
  if (!isValidEmail(newEmail)) throw validationError(MESSAGES.invalidEmail, 'newEmail');
  if (newEmail === state.email) throw validationError(MESSAGES.emailSameAsCurrent, 'newEmail');
  const now = Date.parse(command.data.now);
  const lastHour = state.recentEmailChangeRequests.filter((at) => now - Date.parse(at) < HOUR_MS);
  // Signed in, so the owner is told (unlike the reset's silent limit): a 429 saying when the next one may go.
  const oldest = lastHour[0];
  if (lastHour.length >= EMAIL_CHANGE_REQUESTS_PER_HOUR && oldest !== undefined) {
    const minutes = (Date.parse(oldest) + HOUR_MS - now) / 60_000;
    throw new DomainError('rate_limited', emailChangeLimitMessage(minutes), 'newEmail');
  }
  return [
    {
      type: 'EmailChangeRequested',
      data: {
        userId: state.userId,
        requestId: command.data.requestId,
        newEmail,
        requestedAt: command.data.now,
        expiresAt: new Date(now + EMAIL_CHANGE_LINK_LIFETIME_MS).toISOString(),
      },
    },
  ];
}

function confirmEmailChange(command: ConfirmEmailChange, state: AccountState): AccountEvent[] {
  const pending = state.status === 'registered' ? state.pendingEmailChange : null;
  if (
    state.status !== 'registered' ||
    !pending ||
    pending.requestId !== command.data.requestId ||
    Date.parse(command.data.now) > Date.parse(pending.expiresAt)
  ) {
    throw validationError(MESSAGES.emailChangeLinkInvalid, 'token');
  }
  return [
    {
      type: 'EmailChanged',
      data: {
        userId: state.userId,
        email: pending.newEmail,
        requestId: pending.requestId,
        changedAt: command.data.now,
      },
    },
    ...sessionsEnded(state.userId, 'email-changed', command.data.endedSessions, command.data.now),
  ];
}

function deleteAccount(command: DeleteAccount, state: AccountState): AccountEvent[] {
  if (state.status !== 'registered') throw notFoundError(MESSAGES.accountNotFound);
  return [{ type: 'AccountDeleted', data: { userId: state.userId, deletedAt: command.data.now } }];
}

/** SessionsEnded for sessions a command ended, if it ended any. */
function sessionsEnded(
  userId: string,
  reason: SessionsEndReason,
  ended: EndedSessions | undefined,
  now: string,
): AccountEvent[] {
  if (!ended || ended.count === 0) return [];
  return [{ type: 'SessionsEnded', data: { userId, keptSessionId: ended.keptSessionId, reason, endedAt: now } }];
}

function registered(state: AccountState) {
  if (state.status !== 'registered') throw notFoundError(MESSAGES.accountNotFound);
  return state;
}

function startSession(command: StartSession, state: AccountState): AccountEvent[] {
  const account = registered(state);
  const { now, ...session } = command.data;
  return [{ type: 'SessionStarted', data: { userId: account.userId, ...session, startedAt: now } }];
}

function endSession(command: EndSession, state: AccountState): AccountEvent[] {
  const account = registered(state);
  const { sessionId, reason, now } = command.data;
  return [{ type: 'SessionEnded', data: { userId: account.userId, sessionId, reason, endedAt: now } }];
}

function endOtherSessions(command: EndOtherSessions, state: AccountState): AccountEvent[] {
  const account = registered(state);
  return sessionsEnded(account.userId, 'ended-by-owner', command.data.endedSessions, command.data.now);
}

function enableTwoFactor(command: EnableTwoFactor, state: AccountState): AccountEvent[] {
  const account = registered(state);
  if (account.twoFactor) throw conflictError(MESSAGES.twoFactorAlreadyOn);
  const { recoveryCodes, endedSessions, now } = command.data;
  return [
    { type: 'TwoFactorEnabled', data: { userId: account.userId, recoveryCodes, enabledAt: now } },
    ...sessionsEnded(account.userId, 'two-factor-changed', endedSessions, now),
  ];
}

function disableTwoFactor(command: DisableTwoFactor, state: AccountState): AccountEvent[] {
  const account = registered(state);
  if (!account.twoFactor) throw validationError(MESSAGES.twoFactorNotOn);
  const { officeRequiresSecondStep, endedSessions, now } = command.data;
  if (officeRequiresSecondStep && account.passkeys.length === 0) {
    throw validationError(MESSAGES.twoFactorRequiredByOffice);
  }
  return [
    { type: 'TwoFactorDisabled', data: { userId: account.userId, disabledAt: now } },
    ...sessionsEnded(account.userId, 'two-factor-changed', endedSessions, now),
  ];
}

function useRecoveryCode(command: UseRecoveryCode, state: AccountState): AccountEvent[] {
  const account = registered(state);
  const { remaining, now } = command.data;
  return [{ type: 'RecoveryCodeUsed', data: { userId: account.userId, remaining, usedAt: now } }];
}

function addPasskey(command: AddPasskey, state: AccountState): AccountEvent[] {
  const account = registered(state);
  const checked = checkPasskeyName(command.data.name);
  if (!checked.ok) throw validationError(checked.message, 'name');
  if (account.passkeys.includes(command.data.passkeyId)) return [];
  return [
    {
      type: 'PasskeyAdded',
      data: {
        userId: account.userId,
        passkeyId: command.data.passkeyId,
        name: checked.name,
        addedAt: command.data.now,
      },
    },
  ];
}

function removePasskey(command: RemovePasskey, state: AccountState): AccountEvent[] {
  const account = registered(state);
  const { passkeyId, officeRequiresSecondStep, now } = command.data;
  if (!account.passkeys.includes(passkeyId)) throw notFoundError(MESSAGES.passkeyNotFound);
  if (officeRequiresSecondStep && !account.twoFactor && account.passkeys.length === 1) {
    throw validationError(MESSAGES.passkeyLastSecondStep);
  }
  return [{ type: 'PasskeyRemoved', data: { userId: account.userId, passkeyId, removedAt: now } }];
}

function createApiToken(command: CreateApiToken, state: AccountState): AccountEvent[] {
  const account = registered(state);
  const { tokenId, now } = command.data;
  const checked = checkApiTokenInput(command.data, new Date(now));
  if (!checked.ok) throw validationError(checked.message, checked.field);
  if (account.apiTokens.some((token) => token.tokenId === tokenId)) return [];
  const live = account.apiTokens.filter((token) => token.expiresAt > now);
  if (live.length >= MAX_API_TOKENS) throw conflictError(MESSAGES.apiTokenLimitReached);
  const { name, scopes, expiresAt } = checked;
  return [
    { type: 'ApiTokenCreated', data: { userId: account.userId, tokenId, name, scopes, expiresAt, createdAt: now } },
  ];
}

/** Revoking a token already revoked changes nothing; one the account never had (or another's) is not found. */
function revokeApiToken(command: RevokeApiToken, state: AccountState): AccountEvent[] {
  const account = registered(state);
  const { tokenId, now } = command.data;
  if (account.revokedApiTokens.includes(tokenId)) return [];
  if (!account.apiTokens.some((token) => token.tokenId === tokenId)) throw notFoundError(MESSAGES.apiTokenNotFound);
  return [{ type: 'ApiTokenRevoked', data: { userId: account.userId, tokenId, revokedAt: now } }];
}

export const accountDecider: Decider<AccountState, AccountCommand, AccountEvent> = {
  initialState: { status: 'none' },

  evolve(state, event) {
    switch (event.type) {
      case 'AccountRegistered':
        return {
          status: 'registered',
          ...event.data,
          pendingReset: null,
          recentResetRequests: [],
          leadAlerts: true,
          pendingEmailChange: null,
          recentEmailChangeRequests: [],
          twoFactor: false,
          passkeys: [],
          apiTokens: [],
          revokedApiTokens: [],
        };
      case 'AccountRenamed':
        return state.status === 'registered'
          ? { ...state, firstName: event.data.firstName, lastName: event.data.lastName }
          : state;
      case 'LeadAlertsSwitched':
        return state.status === 'registered' ? { ...state, leadAlerts: event.data.enabled } : state;
      case 'PasswordResetRequested':
        if (state.status !== 'registered') return state;
        return {
          ...state,
          pendingReset: { requestId: event.data.requestId, expiresAt: event.data.expiresAt },
          recentResetRequests: [...state.recentResetRequests, event.data.requestedAt].slice(-RESET_REQUESTS_PER_HOUR),
        };
      // A link works once, and a password changed after it was asked for makes it useless; so does it a pending
      // e-mail change (asked for with the old password: one who took over the session cannot finish it).
      case 'PasswordReset':
      case 'PasswordChanged':
        return state.status === 'registered' ? { ...state, pendingReset: null, pendingEmailChange: null } : state;
      case 'EmailChangeRequested':
        if (state.status !== 'registered') return state;
        return {
          ...state,
          pendingEmailChange: {
            requestId: event.data.requestId,
            newEmail: event.data.newEmail,
            expiresAt: event.data.expiresAt,
          },
          recentEmailChangeRequests: [...state.recentEmailChangeRequests, event.data.requestedAt].slice(
            -EMAIL_CHANGE_REQUESTS_PER_HOUR,
          ),
        };
      case 'EmailChanged':
        return state.status === 'registered' ? { ...state, email: event.data.email, pendingEmailChange: null } : state;
      case 'AccountDeleted':
        return { status: 'deleted', userId: event.data.userId };
      case 'TwoFactorEnabled':
        return state.status === 'registered' ? { ...state, twoFactor: true } : state;
      case 'TwoFactorDisabled':
        return state.status === 'registered' ? { ...state, twoFactor: false } : state;
      case 'PasskeyAdded':
        return state.status === 'registered'
          ? { ...state, passkeys: [...state.passkeys, event.data.passkeyId] }
          : state;
      case 'PasskeyRemoved':
        return state.status === 'registered'
          ? { ...state, passkeys: state.passkeys.filter((id) => id !== event.data.passkeyId) }
          : state;
      case 'ApiTokenCreated':
        return state.status === 'registered'
          ? {
              ...state,
              apiTokens: [...state.apiTokens, { tokenId: event.data.tokenId, expiresAt: event.data.expiresAt }],
            }
          : state;
      case 'ApiTokenRevoked':
        return state.status === 'registered'
          ? {
              ...state,
              apiTokens: state.apiTokens.filter((token) => token.tokenId !== event.data.tokenId),
              revokedApiTokens: [...state.revokedApiTokens, event.data.tokenId],
            }
          : state;
      // Sessions live in the session table (what a token is checked against); the stream only records them.
      case 'SessionStarted':
      case 'SessionEnded':
      case 'SessionsEnded':
      case 'RecoveryCodeUsed':
        return state;
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'RegisterAccount':
        return register(command, state);
      case 'ChangePassword':
        return changePassword(command, state);
      case 'RequestPasswordReset':
        return requestPasswordReset(command, state);
      case 'ResetPassword':
        return resetPassword(command, state);
      case 'RenameAccount':
        return rename(command, state);
      case 'SwitchLeadAlerts':
        return switchLeadAlerts(command, state);
      case 'RequestEmailChange':
        return requestEmailChange(command, state);
      case 'ConfirmEmailChange':
        return confirmEmailChange(command, state);
      case 'DeleteAccount':
        return deleteAccount(command, state);
      case 'StartSession':
        return startSession(command, state);
      case 'EndSession':
        return endSession(command, state);
      case 'EndOtherSessions':
        return endOtherSessions(command, state);
      case 'EnableTwoFactor':
        return enableTwoFactor(command, state);
      case 'DisableTwoFactor':
        return disableTwoFactor(command, state);
      case 'UseRecoveryCode':
        return useRecoveryCode(command, state);
      case 'AddPasskey':
        return addPasskey(command, state);
      case 'RemovePasskey':
        return removePasskey(command, state);
      case 'CreateApiToken':
        return createApiToken(command, state);
      case 'RevokeApiToken':
        return revokeApiToken(command, state);
      default: {
        const unhandled: never = command;
        return unhandled;
      }
    }
  },
};
