import type pg from 'pg';

/**
 * Password hashes live here, outside the event log and the read models: a secret must never be
 * replayed into a projection or exported with the history.
 */
export interface Credential {
  readonly userId: string;
  readonly passwordHash: string;
  /**
   * Sessions are bound to this instant: every token carries it, and a password change moves it,
   * which signs out every token issued before (exact to the millisecond, unlike iat).
   */
  readonly tokensValidAfter: Date;
}

export class CredentialStore {
  constructor(private readonly pool: pg.Pool) {}

  async find(userId: string): Promise<Credential | null> {
    const result = await this.pool.query<{ user_id: string; password_hash: string; tokens_valid_after: Date }>(
      'SELECT user_id, password_hash, tokens_valid_after FROM account_credentials WHERE user_id = $1',
      [userId],
    );
    const row = result.rows[0];
    return row
      ? { userId: row.user_id, passwordHash: row.password_hash, tokensValidAfter: row.tokens_valid_after }
      : null;
  }

  /** Written before the AccountRegistered event; removed again if that append fails. */
  async create(userId: string, passwordHash: string, now: Date): Promise<void> {
    await this.pool.query(
      'INSERT INTO account_credentials (user_id, password_hash, tokens_valid_after) VALUES ($1, $2, $3)',
      [userId, passwordHash, now],
    );
  }

  /**
   * The account's sign-in is gone: its password hash first (no token passes from then on), then its sessions, its
   * two-step secret and recovery codes, its passkeys and its open challenges (issue 34), its HubSpot tokens and personal API tokens (issue 35).
   */
  async remove(userId: string): Promise<void> {
    await this.pool.query('DELETE FROM account_credentials WHERE user_id = $1', [userId]);
    for (const table of ['account_sessions', 'account_two_factor', 'account_passkeys', 'sign_in_challenges', 'hubspot_connections', 'api_tokens']) {
      await this.pool.query(`DELETE FROM ${table} WHERE user_id = $1`, [userId]);
    }
    // Issue 35: the webhooks' signing secrets, so nothing is signed for the erased account again.
    await this.pool.query('DELETE FROM webhook_secrets WHERE owner_id = $1', [userId]);
  }

  /**
   * Signs out every session issued before `now` (the e-mail address changed): tokens carry the old tokensValidAfter
   * and are refused from now on. False when the account has no credential (deleted).
   */
  async endSessions(userId: string, now: Date): Promise<boolean> {
    const result = await this.pool.query(
      'UPDATE account_credentials SET tokens_valid_after = $2, updated_at = now() WHERE user_id = $1',
      [userId, now],
    );
    return result.rowCount === 1;
  }

  /** Replaces the hash only if nobody changed it since `expectedHash` was read. */
  async replace(userId: string, expectedHash: string, newHash: string, now: Date): Promise<boolean> {
    const result = await this.pool.query(
      `UPDATE account_credentials SET password_hash = $3, tokens_valid_after = $4, updated_at = now()
        WHERE user_id = $1 AND password_hash = $2`,
      [userId, expectedHash, newHash, now],
    );
    return result.rowCount === 1;
  }
}
