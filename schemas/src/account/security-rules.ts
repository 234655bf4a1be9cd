import { SECURITY_MESSAGES } from './security-messages.ts';

/** How a session was signed in. */
export const SIGN_IN_METHODS = ['password', 'totp', 'recovery-code', 'passkey', 'registration', 'link'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/**
 * The `field` of the 403 every owner route answers a member whose office requires a second step they have not set up:
 * the web leads them to /account's 'Güvenlik'.
 */
export const SECOND_STEP_SETUP_FIELD = 'secondStepSetup';

/** How many recovery codes enabling gives. */
export const RECOVERY_CODE_COUNT = 10;

export const PASSKEY_NAME_MAX_LENGTH = 60;

/** The name a passkey is listed by, tidied; or the Turkish refusal. */
export function checkPasskeyName(name: string): { ok: true; name: string } | { ok: false; message: string } {
  const tidy = name.replace(/\s+/g, ' ').trim();
  if (tidy === '') return { ok: false, message: SECURITY_MESSAGES.passkeyNameMissing };
  if ([...tidy].length > PASSKEY_NAME_MAX_LENGTH) return { ok: false, message: SECURITY_MESSAGES.passkeyNameTooLong };
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(tidy)) return { ok: false, message: SECURITY_MESSAGES.passkeyNameMissing };
  return { ok: true, name: tidy };
}

/**
 * What a person typed in the code field, read: six digits from the app (spaces forgiven), a recovery code
 * (`xxxxx-xxxxx`, any case, with or without the dash), or neither.
 */
export type SecondStepCode =
  | { readonly kind: 'totp'; readonly code: string }
  | { readonly kind: 'recovery'; readonly code: string }
  | { readonly kind: 'invalid' };

/** The letters recovery codes are made of: no 0/o, 1/l/i to misread. */
export const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export function readSecondStepCode(input: string): SecondStepCode {
  const compact = input.replace(/[\s-]/g, '').toLowerCase();
  if (/^\d{6}$/.test(compact)) return { kind: 'totp', code: compact };
  if (compact.length === 10 && [...compact].every((c) => RECOVERY_CODE_ALPHABET.includes(c))) {
    return { kind: 'recovery', code: `${compact.slice(0, 5)}-${compact.slice(5)}` };
  }
  return { kind: 'invalid' };
}
