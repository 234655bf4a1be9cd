import { EMAIL_MAX_LENGTH } from '../constants.ts';

/**
 * The e-mail address check every form shares. A file of its own, free of the message catalogue,
 * so the public card's small script can import it by sub-path.
 */

// Pragmatic address check: one @, no spaces or quotes or angle brackets, a dot in the domain.
const EMAIL_PATTERN = /^[^\s@<>"'`;,()\\]+@[^\s@<>"'`;,()\\]+\.[^\s@<>"'`;,()\\]{2,}$/u;

export function isValidEmail(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}
