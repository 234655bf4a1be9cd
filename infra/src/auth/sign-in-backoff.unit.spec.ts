import { describe, expect, it } from 'vitest';
import {
  admit,
  backoffPolicy,
  lockSeconds,
  readSignInThrottleSettings,
  SIGN_IN_FORGET_AFTER_MS,
  SIGN_IN_THROTTLE_DEFAULTS,
  type ThrottleRecord,
} from './sign-in-backoff.ts';

const address = backoffPolicy(SIGN_IN_THROTTLE_DEFAULTS, false);
const knownDevice = backoffPolicy(SIGN_IN_THROTTLE_DEFAULTS, true);
const now = new Date('2026-11-21T10:00:00.000Z');
const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);

describe('lock lengths', () => {
  it('given the defaults, the first five failures cost nothing, then the lock doubles from 5 s to 15 minutes', () => {
    const locks = Array.from({ length: 16 }, (_, i) => lockSeconds(i + 1, address));
    expect(locks).toEqual([0, 0, 0, 0, 0, 5, 10, 20, 40, 80, 160, 320, 640, 900, 900, 900]);
  });

  it('given a known device of the address, the lock grows the same way but stops at one minute', () => {
    const locks = Array.from({ length: 12 }, (_, i) => lockSeconds(i + 1, knownDevice));
    expect(locks).toEqual([0, 0, 0, 0, 0, 5, 10, 20, 40, 60, 60, 60]);
  });

  it('given a counter in the millions, the lock is still the cap (no overflow to Infinity or NaN)', () => {
    expect(lockSeconds(5_000_000, address)).toBe(900);
    expect(lockSeconds(Number.MAX_SAFE_INTEGER, knownDevice)).toBe(60);
  });

  it('given no free failures, the very first failure locks', () => {
    const strict = backoffPolicy({ ...SIGN_IN_THROTTLE_DEFAULTS, failuresBeforeLock: 0 }, false);
    expect(lockSeconds(1, strict)).toBe(5);
    expect(lockSeconds(2, strict)).toBe(10);
  });

  it('given a first lock longer than the known-device cap, a known device is still locked at most the cap', () => {
    const odd = backoffPolicy({ ...SIGN_IN_THROTTLE_DEFAULTS, firstLockSeconds: 120 }, true);
    expect(lockSeconds(6, odd)).toBe(60);
  });
});

describe('admitting an attempt', () => {
  const record = (attempts: number, lockedUntil: Date | null, lastAttemptAt = now): ThrottleRecord => ({ attempts, lockedUntil, lastAttemptAt });

  it('given no record, when an attempt starts, then it is counted as the first and locks nothing', () => {
    expect(admit(null, now, address)).toEqual({
      admitted: true,
      lockSeconds: 0,
      record: { attempts: 1, lockedUntil: null, lastAttemptAt: now },
    });
  });

  it('given five attempts, when the sixth starts, then it is admitted and starts a 5 s lock', () => {
    expect(admit(record(5, null), later(1), address)).toEqual({
      admitted: true,
      lockSeconds: 5,
      record: { attempts: 6, lockedUntil: later(6), lastAttemptAt: later(1) },
    });
  });

  it('given a lock, when an attempt starts before it ends, then it is refused with the seconds left (rounded up) and not counted', () => {
    expect(admit(record(8, later(20)), later(0.5), address)).toEqual({ admitted: false, retryAfterSeconds: 20 });
    expect(admit(record(8, later(20)), later(19.999), address)).toEqual({ admitted: false, retryAfterSeconds: 1 });
  });

  it('given a lock, when an attempt starts the moment it ends, then it is admitted and the next lock is twice as long', () => {
    const admission = admit(record(8, later(20)), later(20), address);
    expect(admission).toMatchObject({ admitted: true, lockSeconds: 40, record: { attempts: 9, lockedUntil: later(60) } });
  });

  it('given a record untouched for a day, when an attempt starts, then the count starts again', () => {
    const old = record(13, new Date(now.getTime() - SIGN_IN_FORGET_AFTER_MS + 900_000), new Date(now.getTime() - SIGN_IN_FORGET_AFTER_MS - 1));
    expect(admit(old, now, address)).toMatchObject({ admitted: true, lockSeconds: 0, record: { attempts: 1 } });
  });
});

describe('settings from the environment', () => {
  it('given nothing, gives the defaults', () => {
    expect(readSignInThrottleSettings({})).toEqual(SIGN_IN_THROTTLE_DEFAULTS);
  });

  it('given every variable, reads them', () => {
    expect(
      readSignInThrottleSettings({
        SIGN_IN_FAILURES_BEFORE_LOCK: '3',
        SIGN_IN_FIRST_LOCK_SECONDS: '2',
        SIGN_IN_MAX_LOCK_SECONDS: '600',
        SIGN_IN_KNOWN_DEVICE_MAX_LOCK_SECONDS: '30',
      }),
    ).toEqual({ failuresBeforeLock: 3, firstLockSeconds: 2, maxLockSeconds: 600, knownDeviceMaxLockSeconds: 30 });
  });

  it('given a short maximum lock, the known-device default follows it down', () => {
    expect(readSignInThrottleSettings({ SIGN_IN_MAX_LOCK_SECONDS: '20' }).knownDeviceMaxLockSeconds).toBe(20);
  });

  it.each([
    ['SIGN_IN_FAILURES_BEFORE_LOCK', 'beş'],
    ['SIGN_IN_FIRST_LOCK_SECONDS', '0'],
    ['SIGN_IN_MAX_LOCK_SECONDS', '1.5'],
    ['SIGN_IN_MAX_LOCK_SECONDS', '86401'],
    ['SIGN_IN_KNOWN_DEVICE_MAX_LOCK_SECONDS', '901'],
  ])('given %s=%j, refuses to start', (name, value) => {
    expect(() => readSignInThrottleSettings({ [name]: value })).toThrow(name);
  });
});
