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
  type AccountEvent,
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

/** The route has already checked the current password against the credential store. */
export interface ChangePassword {
  readonly type: 'ChangePassword';
  readonly data: { readonly userId: string; readonly now: string };
}

/** Asked from the sign-in screen's 'Şifremi Unuttum'; the route has found the account by its e-mail address. */
export interface RequestPasswordReset {
  readonly type: 'RequestPasswordReset';
  readonly data: { readonly requestId: string; readonly now: string };
}

/** The route has checked the link's signature; the decider checks that it is the live one. */
export interface ResetPassword {
  readonly type: 'ResetPassword';
  readonly data: { readonly requestId: string; readonly now: string };
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
  readonly data: { readonly requestId: string; readonly now: string };
}

/** From /account's 'Hesabımı Sil'; the route has checked the password against the credential store. */
export interface DeleteAccount {
  readonly type: 'DeleteAccount';
  readonly data: { readonly now: string };
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
  | DeleteAccount;

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
  return [{ type: 'PasswordChanged', data: { userId: state.userId, changedAt: command.data.now } }];
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
  ];
}

function deleteAccount(command: DeleteAccount, state: AccountState): AccountEvent[] {
  if (state.status !== 'registered') throw notFoundError(MESSAGES.accountNotFound);
  return [{ type: 'AccountDeleted', data: { userId: state.userId, deletedAt: command.data.now } }];
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
      default: {
        const unhandled: never = command;
        return unhandled;
      }
    }
  },
};
