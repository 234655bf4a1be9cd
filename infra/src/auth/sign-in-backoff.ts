/**
 * The arithmetic of sign-in throttling (docs/decisions/0013-sign-in-throttling.md), without I/O so it
 * can be tested by itself. A "subject" is one e-mail address (attempts from clients that are not a known
 * device of it) or one known device of an address; each has its own record.
 *
 * Attempts are counted when they start, not when they have failed: two hundred guesses sent at the same
 * moment are admitted one after another under a row lock, so the sixth is already locked out instead of
 * all of them reaching the password check. A successful sign-in deletes the record.
 */

export interface SignInThrottleSettings {
  /** Failed attempts in a row that cost nothing; the next one starts a lock. */
  readonly failuresBeforeLock: number;
  /** Length of the first lock; each further failure doubles it. */
  readonly firstLockSeconds: number;
  /** Longest lock for attempts that do not come from a known device of the address. */
  readonly maxLockSeconds: number;
  /** Longest lock for a known device of the address (the owner's own browser): short, never long. */
  readonly knownDeviceMaxLockSeconds: number;
}

export const SIGN_IN_THROTTLE_DEFAULTS: SignInThrottleSettings = {
  failuresBeforeLock: 5,
  firstLockSeconds: 5,
  maxLockSeconds: 15 * 60,
  knownDeviceMaxLockSeconds: 60,
};

/** A record with no attempt for this long starts again from zero (a lock never lasts this long). */
export const SIGN_IN_FORGET_AFTER_MS = 24 * 60 * 60 * 1000;
const LONGEST_LOCK_SECONDS = SIGN_IN_FORGET_AFTER_MS / 1000;

export interface BackoffPolicy {
  readonly failuresBeforeLock: number;
  readonly firstLockSeconds: number;
  readonly maxLockSeconds: number;
}

export function backoffPolicy(settings: SignInThrottleSettings, knownDevice: boolean): BackoffPolicy {
  return {
    failuresBeforeLock: settings.failuresBeforeLock,
    firstLockSeconds: Math.min(settings.firstLockSeconds, knownDevice ? settings.knownDeviceMaxLockSeconds : settings.maxLockSeconds),
    maxLockSeconds: knownDevice ? settings.knownDeviceMaxLockSeconds : settings.maxLockSeconds,
  };
}

/**
 * How long the subject is locked once its `attempts`-th attempt in a row has started:
 * nothing up to `failuresBeforeLock`, then first, 2×first, 4×first … up to the cap.
 */
export function lockSeconds(attempts: number, policy: BackoffPolicy): number {
  const over = attempts - policy.failuresBeforeLock;
  if (over <= 0) return 0;
  // The exponent is bounded so a counter in the millions stays a finite number before the cap.
  return Math.min(policy.maxLockSeconds, policy.firstLockSeconds * 2 ** Math.min(over - 1, 40));
}

/** What the store keeps per subject. */
export interface ThrottleRecord {
  /** Attempts since the last success (each counted as it started). */
  readonly attempts: number;
  readonly lockedUntil: Date | null;
  readonly lastAttemptAt: Date;
}

export type Admission =
  | {
      readonly admitted: true;
      /** The record to store: this attempt counted, and the lock it starts (if any). */
      readonly record: ThrottleRecord;
      /** The lock this attempt starts, 0 for none; it only matters if the attempt fails. */
      readonly lockSeconds: number;
    }
  | { readonly admitted: false; readonly retryAfterSeconds: number };

/** Decides one attempt: refused while locked (not counted, nothing checked), else counted. */
export function admit(record: ThrottleRecord | null, now: Date, policy: BackoffPolicy): Admission {
  const current = record && now.getTime() - record.lastAttemptAt.getTime() <= SIGN_IN_FORGET_AFTER_MS ? record : null;
  if (current?.lockedUntil && current.lockedUntil.getTime() > now.getTime()) {
    return { admitted: false, retryAfterSeconds: Math.ceil((current.lockedUntil.getTime() - now.getTime()) / 1000) };
  }
  const attempts = (current?.attempts ?? 0) + 1;
  const seconds = lockSeconds(attempts, policy);
  return {
    admitted: true,
    lockSeconds: seconds,
    record: { attempts, lockedUntil: seconds > 0 ? new Date(now.getTime() + seconds * 1000) : null, lastAttemptAt: now },
  };
}

function whole(env: NodeJS.ProcessEnv, name: string, fallback: number, minimum: number, maximum: number): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < minimum || parsed > maximum) {
    throw new Error(`${name} must be a whole number from ${minimum} to ${maximum}, got "${value}"`);
  }
  return parsed;
}

/** The SIGN_IN_* variables (docs/configuration.md). */
export function readSignInThrottleSettings(env: NodeJS.ProcessEnv = process.env): SignInThrottleSettings {
  const d = SIGN_IN_THROTTLE_DEFAULTS;
  const maxLockSeconds = whole(env, 'SIGN_IN_MAX_LOCK_SECONDS', d.maxLockSeconds, 1, LONGEST_LOCK_SECONDS);
  return {
    failuresBeforeLock: whole(env, 'SIGN_IN_FAILURES_BEFORE_LOCK', d.failuresBeforeLock, 0, 100),
    firstLockSeconds: whole(env, 'SIGN_IN_FIRST_LOCK_SECONDS', d.firstLockSeconds, 1, LONGEST_LOCK_SECONDS),
    maxLockSeconds,
    knownDeviceMaxLockSeconds: whole(env, 'SIGN_IN_KNOWN_DEVICE_MAX_LOCK_SECONDS', Math.min(d.knownDeviceMaxLockSeconds, maxLockSeconds), 1, maxLockSeconds),
  };
}
