import { createHmac } from 'node:crypto';
import type pg from 'pg';
import { openText, sealText } from '../vault/sealed-text.ts';

/** What the store keeps of an account's two-step sign-in, the secrets opened. */
export interface TwoFactorRecord {
  readonly secret: string | null;
  readonly pendingSecret: string | null;
  readonly pendingSince: Date | null;
  readonly enabledAt: Date | null;
  readonly lastTimeStep: number;
  readonly recoveryCodesLeft: number;
}

/**
 * TOTP secrets and recovery codes (issue 34), outside the event log like password hashes: the secret sealed with
 * AES-256-GCM under a key derived from the application secret (bound to the account by its additional data), the
 * recovery codes as HMAC-SHA256 hashes. Nothing here is ever in an event, a read model, a log or an answer but the
 * one setup answer that shows the secret to its owner.
 */
export class TwoFactorStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly secretKey: Buffer,
    private readonly recoveryKey: Buffer,
  ) {}

  async find(userId: string): Promise<TwoFactorRecord | null> {
    const { rows } = await this.pool.query<{
      secret: Buffer | null;
      pending_secret: Buffer | null;
      pending_since: Date | null;
      enabled_at: Date | null;
      last_time_step: string;
      recovery_codes_left: number;
    }>(
      `SELECT secret, pending_secret, pending_since, enabled_at, last_time_step::text,
              cardinality(recovery_codes) AS recovery_codes_left
         FROM account_two_factor WHERE user_id = $1`,
      [userId],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      secret: row.secret ? this.open(userId, row.secret) : null,
      pendingSecret: row.pending_secret ? this.open(userId, row.pending_secret) : null,
      pendingSince: row.pending_since,
      enabledAt: row.enabled_at,
      lastTimeStep: Number(row.last_time_step),
      recoveryCodesLeft: row.recovery_codes_left,
    };
  }

  /** A new setup: the secret waits for its first code; one already in force stays in force meanwhile. */
  async begin(userId: string, pendingSecret: string, now: Date): Promise<void> {
    await this.pool.query(
      `INSERT INTO account_two_factor (user_id, pending_secret, pending_since) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET pending_secret = EXCLUDED.pending_secret, pending_since = EXCLUDED.pending_since`,
      [userId, this.seal(userId, pendingSecret), now],
    );
  }

  /**
   * The pending secret takes effect with its recovery codes, and `timeStep` (the confirming code's) is used up. False
   * when the pending secret is not the one confirmed any more (a newer setup, or enabled meanwhile).
   */
  async enable(
    userId: string,
    confirmedSecret: string,
    timeStep: number,
    recoveryCodes: readonly string[],
    now: Date,
  ): Promise<boolean> {
    const { rows } = await this.pool.query<{ pending_secret: Buffer | null }>(
      'SELECT pending_secret FROM account_two_factor WHERE user_id = $1 AND enabled_at IS NULL',
      [userId],
    );
    const pending = rows[0]?.pending_secret;
    if (!pending || this.open(userId, pending) !== confirmedSecret) return false;
    // Only that very setup: a newer one begun meanwhile, or an enabling that won the race, changes nothing.
    const result = await this.pool.query(
      `UPDATE account_two_factor
          SET secret = pending_secret, pending_secret = NULL, pending_since = NULL, enabled_at = $2,
              last_time_step = $3, recovery_codes = $4
        WHERE user_id = $1 AND enabled_at IS NULL AND pending_secret = $5`,
      [userId, now, timeStep, recoveryCodes.map((code) => this.hashRecoveryCode(code)), pending],
    );
    return result.rowCount === 1;
  }

  async disable(userId: string): Promise<void> {
    await this.pool.query('DELETE FROM account_two_factor WHERE user_id = $1', [userId]);
  }

  /**
   * Uses up a code's 30-second step: true once, for a step newer than every step used before (so a code is never
   * accepted twice, nor an older one after a newer).
   */
  async useTimeStep(userId: string, timeStep: number): Promise<boolean> {
    const result = await this.pool.query(
      `UPDATE account_two_factor SET last_time_step = $2
        WHERE user_id = $1 AND enabled_at IS NOT NULL AND last_time_step < $2`,
      [userId, timeStep],
    );
    return result.rowCount === 1;
  }

  /** Uses up a recovery code: the number left, or null when it is not one of the account's unused codes. */
  async useRecoveryCode(userId: string, code: string): Promise<number | null> {
    const { rows } = await this.pool.query<{ left: number }>(
      `UPDATE account_two_factor SET recovery_codes = array_remove(recovery_codes, $2)
        WHERE user_id = $1 AND enabled_at IS NOT NULL AND $2 = ANY(recovery_codes)
        RETURNING cardinality(recovery_codes) AS left`,
      [userId, this.hashRecoveryCode(code)],
    );
    return rows[0]?.left ?? null;
  }

  private hashRecoveryCode(code: string): Buffer {
    return createHmac('sha256', this.recoveryKey).update(code).digest();
  }

  private seal(userId: string, secret: string): Buffer {
    return sealText(this.secretKey, userId, secret);
  }

  private open(userId: string, sealed: Buffer): string {
    return openText(this.secretKey, userId, sealed);
  }
}
