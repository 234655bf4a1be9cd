import { createHmac } from 'node:crypto';
import type pg from 'pg';
import {
  admit,
  backoffPolicy,
  SIGN_IN_FORGET_AFTER_MS,
  SIGN_IN_THROTTLE_DEFAULTS,
  type Admission,
  type SignInThrottleSettings,
  type ThrottleRecord,
} from './sign-in-backoff.ts';

/**
 * Whose attempts are counted: an e-mail address (attempts from anywhere but its known devices) or one
 * known device of an address. The key is an HMAC of the normalised address or of the device id, so the
 * table never holds an address, and nobody without the app secret can test an address against it.
 */
export interface ThrottleSubject {
  readonly kind: 'address' | 'known-device' | 'second-step';
  readonly key: Buffer;
}

/** What a composition may pass: settings (defaults for the rest) and, in tests, a clock. */
export interface SignInThrottleOptions extends Partial<SignInThrottleSettings> {
  readonly now?: () => Date;
}

export function signInThrottleSettings(options: SignInThrottleOptions = {}): SignInThrottleSettings {
  const d = SIGN_IN_THROTTLE_DEFAULTS;
  const maxLockSeconds = options.maxLockSeconds ?? d.maxLockSeconds;
  return {
    failuresBeforeLock: options.failuresBeforeLock ?? d.failuresBeforeLock,
    firstLockSeconds: options.firstLockSeconds ?? d.firstLockSeconds,
    maxLockSeconds,
    knownDeviceMaxLockSeconds:
      options.knownDeviceMaxLockSeconds ?? Math.min(d.knownDeviceMaxLockSeconds, maxLockSeconds),
  };
}

/** Forgotten records deleted per attempt, so the table cannot grow with addresses nobody tries again. */
const SWEEP_BATCH = 100;

/**
 * Consecutive sign-in attempts per subject in PostgreSQL, so every command-api process of the scaled
 * shape sees the same counts and locks. The arithmetic is in sign-in-backoff.ts.
 */
export class SignInThrottle {
  readonly settings: SignInThrottleSettings;

  constructor(
    private readonly pool: pg.Pool,
    private readonly key: Buffer,
    settings: SignInThrottleSettings = SIGN_IN_THROTTLE_DEFAULTS,
  ) {
    this.settings = settings;
  }

  address(normalisedEmail: string): ThrottleSubject {
    return { kind: 'address', key: this.hmac(`address:${normalisedEmail}`) };
  }

  knownDevice(deviceId: string): ThrottleSubject {
    return { kind: 'known-device', key: this.hmac(`device:${deviceId}`) };
  }

  /** The codes of one account's second step (issue 34): counted like a stranger's passwords, whatever the device. */
  secondStep(userId: string): ThrottleSubject {
    return { kind: 'second-step', key: this.hmac(`second-step:${userId}`) };
  }

  /**
   * Counts the attempt as it starts, under the subject's row lock, or refuses it while the subject is
   * locked (a refused attempt is not counted: it checked nothing).
   */
  async admit(subject: ThrottleSubject, now: Date): Promise<Admission> {
    const client = await this.pool.connect();
    let failure: unknown;
    try {
      await client.query('BEGIN');
      await client.query(
        `INSERT INTO sign_in_throttle (subject, attempts, locked_until, last_attempt_at) VALUES ($1, 0, NULL, $2)
         ON CONFLICT (subject) DO NOTHING`,
        [subject.key, now],
      );
      const { rows } = await client.query<{ attempts: number; locked_until: Date | null; last_attempt_at: Date }>(
        'SELECT attempts, locked_until, last_attempt_at FROM sign_in_throttle WHERE subject = $1 FOR UPDATE',
        [subject.key],
      );
      const row = rows[0];
      const record: ThrottleRecord | null =
        row && row.attempts > 0
          ? { attempts: row.attempts, lockedUntil: row.locked_until, lastAttemptAt: row.last_attempt_at }
          : null;
      const admission = admit(record, now, backoffPolicy(this.settings, subject.kind === 'known-device'));
      if (admission.admitted) {
        await client.query(
          'UPDATE sign_in_throttle SET attempts = $2, locked_until = $3, last_attempt_at = $4 WHERE subject = $1',
          [subject.key, admission.record.attempts, admission.record.lockedUntil, admission.record.lastAttemptAt],
        );
      }
      await client.query('COMMIT');
      // On this connection: waiting for a second one while holding the first could starve the pool.
      if (admission.admitted) await this.sweep(client, now);
      return admission;
    } catch (error) {
      failure = error;
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release(failure instanceof Error ? failure : undefined);
    }
  }

  /** The right password: the subject starts again from zero. */
  async succeeded(subject: ThrottleSubject): Promise<void> {
    await this.pool.query('DELETE FROM sign_in_throttle WHERE subject = $1', [subject.key]);
  }

  /** A short, non-reversible name of the subject for the log (never the address). */
  static logName(subject: ThrottleSubject): string {
    return subject.key.toString('hex').slice(0, 12);
  }

  private hmac(value: string): Buffer {
    return createHmac('sha256', this.key).update(value).digest();
  }

  private async sweep(client: pg.PoolClient, now: Date): Promise<void> {
    await client.query(
      `DELETE FROM sign_in_throttle WHERE subject IN (
         SELECT subject FROM sign_in_throttle WHERE last_attempt_at < $1 LIMIT ${SWEEP_BATCH} FOR UPDATE SKIP LOCKED)`,
      [new Date(now.getTime() - SIGN_IN_FORGET_AFTER_MS)],
    );
  }
}
