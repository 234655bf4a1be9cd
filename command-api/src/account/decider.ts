import {
  MESSAGES,
  conflictError,
  isValidEmail,
  nameProblem,
  normaliseEmail,
  notFoundError,
  validationError,
  type AccountEvent,
} from '@kartvizit/schemas';
import type { Decider } from '../core/decider.ts';

export type AccountState =
  | { readonly status: 'none' }
  | {
      readonly status: 'registered';
      readonly userId: string;
      readonly email: string;
      readonly firstName: string;
      readonly lastName: string;
      readonly registeredAt: string;
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

export type AccountCommand = RegisterAccount | ChangePassword;

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

export const accountDecider: Decider<AccountState, AccountCommand, AccountEvent> = {
  initialState: { status: 'none' },

  evolve(state, event) {
    switch (event.type) {
      case 'AccountRegistered':
        return { status: 'registered', ...event.data };
      case 'PasswordChanged':
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
      default: {
        const unhandled: never = command;
        return unhandled;
      }
    }
  },
};
