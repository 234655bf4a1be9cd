import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';

export type ChallengePurpose = 'second-step' | 'passkey-registration' | 'passkey-sign-in';

/** How long a challenge works: a password waiting for its code, a passkey ceremony. */
export const CHALLENGE_LIFETIME_MS = 5 * 60_000;

export interface OpenChallenge {
  readonly userId: string | null;
  readonly deviceId: string | null;
}

/**
 * Single-use, five-minute challenges (issue 34), kept only as a SHA-256 of what the browser holds. A second step's
 * challenge survives a wrong code (the person retypes it; the throttle counts) and is used up by the right one; a
 * WebAuthn challenge is used up by the ceremony that answers it, right or wrong.
 */
export class SignInChallenges {
  constructor(private readonly pool: pg.Pool) {}

  /**
   * A new challenge: base64url of 32 random bytes, or `given` (a WebAuthn ceremony's, as the library made it and the
   * browser will sign it).
   */
  async create(
    purpose: ChallengePurpose,
    userId: string | null,
    now: Date,
    options: { readonly deviceId?: string | null; readonly given?: string } = {},
  ): Promise<string> {
    const challenge = options.given ?? randomBytes(32).toString('base64url');
    const deviceId = options.deviceId ?? null;
    await this.pool.query(
      `INSERT INTO sign_in_challenges (challenge_hash, purpose, user_id, device_id, expires_at)
       VALUES ($1, $2, $3, $4, $5)`,
      [hash(challenge), purpose, userId, deviceId, new Date(now.getTime() + CHALLENGE_LIFETIME_MS)],
    );
    // Forgotten challenges go with new ones: a few rows at a time, never a sweep of its own.
    await this.pool.query(
      `DELETE FROM sign_in_challenges WHERE challenge_hash IN (
         SELECT challenge_hash FROM sign_in_challenges WHERE expires_at < $1 LIMIT 20)`,
      [new Date(now.getTime() - CHALLENGE_LIFETIME_MS)],
    );
    return challenge;
  }

  /** The live (unused, unexpired) challenge of this purpose, without using it up; null otherwise. */
  async peek(purpose: ChallengePurpose, challenge: string, now: Date): Promise<OpenChallenge | null> {
    const { rows } = await this.pool.query<{ user_id: string | null; device_id: string | null }>(
      `SELECT user_id, device_id FROM sign_in_challenges
        WHERE challenge_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3`,
      [hash(challenge), purpose, now],
    );
    const row = rows[0];
    return row ? { userId: row.user_id, deviceId: row.device_id } : null;
  }

  /** Uses the challenge up: its holder, exactly once; null when used, expired, unknown or of another purpose. */
  async consume(purpose: ChallengePurpose, challenge: string, now: Date): Promise<OpenChallenge | null> {
    const { rows } = await this.pool.query<{ user_id: string | null; device_id: string | null }>(
      `UPDATE sign_in_challenges SET used_at = $3
        WHERE challenge_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
        RETURNING user_id, device_id`,
      [hash(challenge), purpose, now],
    );
    const row = rows[0];
    return row ? { userId: row.user_id, deviceId: row.device_id } : null;
  }
}

function hash(challenge: string): Buffer {
  return createHash('sha256').update(challenge).digest();
}
