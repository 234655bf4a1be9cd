import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { isValidEmail } from '../common/email.ts';

export { isValidEmail };

/**
 * Registration and login rules, shared by the screens and the server so both say the same
 * thing in the same order (SPEC §5). Each function returns the first failing message or null.
 */

// Letters of any script plus the marks names really use: "Ayşe Nur", "O'Brien", "Jean-Luc", "Ş. Can".
const NAME_PATTERN = /^[\p{L}\p{M}](?:[\p{L}\p{M}' .-]*[\p{L}\p{M}.])?$/u;

export function nameProblem(name: string): string | null {
  if (name.length > NAME_MAX_LENGTH) return MESSAGES.nameTooLong;
  if (!NAME_PATTERN.test(name)) return MESSAGES.invalidName;
  return null;
}

export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return MESSAGES.passwordTooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return MESSAGES.passwordTooLong;
  return null;
}

export interface RegistrationInput {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly password: string;
  /** Only the screen has a confirmation field; the server passes undefined. */
  readonly confirmPassword?: string;
}

/** SPEC §5 order: all required, password length, confirmation, e-mail; then our name rules. */
export function registrationProblem(input: RegistrationInput): string | null {
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  const email = input.email.trim();
  const required = [firstName, lastName, email, input.password];
  if (input.confirmPassword !== undefined) required.push(input.confirmPassword);
  if (required.some((value) => value.length === 0)) return MESSAGES.fillAllFields;
  const passwordIssue = passwordProblem(input.password);
  if (passwordIssue) return passwordIssue;
  if (input.confirmPassword !== undefined && input.password !== input.confirmPassword) {
    return MESSAGES.passwordsDoNotMatch;
  }
  if (!isValidEmail(email)) return MESSAGES.invalidEmail;
  return nameProblem(firstName) ?? nameProblem(lastName);
}

export function loginProblem(input: { readonly email: string; readonly password: string }): string | null {
  if (input.email.trim().length === 0 || input.password.length === 0) return MESSAGES.fillAllFields;
  return null;
}
