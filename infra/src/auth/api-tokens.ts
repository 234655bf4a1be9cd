import { createHmac, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { API_TOKEN_PATTERN, API_TOKEN_PREFIX, isApiTokenScope, type ApiTokenScope } from '@kartvizit/schemas';

/** How often a token's last use is written at most, as a session's: a busy integration must not write on every call. */
export const API_TOKEN_TOUCH_INTERVAL_MS = 60_000;

/** Who a valid personal API token names, and what it may do. */
export interface AuthenticatedApiToken {
  readonly userId: string;
  readonly tokenId: string;
  readonly scopes: readonly ApiTokenScope[];
  /** The account has two-step sign-in on or a passkey (the office's policy applies to tokens as to sessions). */
  readonly secondStep: boolean;
}

/** A token's live side, for the list's last use and state. */
export interface ApiTokenUse {
  readonly lastUsedAt: Date | null;
  readonly revokedAt: Date | null;
  readonly expiresAt: Date;
}

/** Is this Authorization header a personal API token's (by its prefix)? Then only this class checks it. */
export function presentedApiToken(authorization: string | undefined): string | null {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  return token?.startsWith(API_TOKEN_PREFIX) ? token : null;
}

/**
 * Personal API tokens (issue 35, decision 67): `kv_pat_` and 32 random bytes, kept as HMAC-SHA256 under a key derived
 * from the application secret. A token is accepted while its row is neither revoked nor expired and its account still
 * has a credential (a deleted account's tokens stop at once, before the erasure removes the rows).
 */
export class ApiTokens {
  constructor(
    private readonly pool: pg.Pool,
    private readonly key: Buffer,
  ) {}

  private hash(token: string): Buffer {
    return createHmac('sha256', this.key).update(token).digest();
  }

  /** Makes a token and its row; the token is returned this once and never stored. */
  async issue(
    userId: string,
    tokenId: string,
    scopes: readonly ApiTokenScope[],
    expiresAt: Date,
    now: Date,
  ): Promise<string> {
    const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    await this.pool.query(
      `INSERT INTO api_tokens (token_id, user_id, token_hash, scopes, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [tokenId, userId, this.hash(token), scopes, now, expiresAt],
    );
    return token;
  }

  /** Removes a row whose ApiTokenCreated could not be written. */
  async discard(tokenId: string): Promise<void> {
    await this.pool.query('DELETE FROM api_tokens WHERE token_id = $1', [tokenId]);
  }

  /** Revokes one of the user's tokens; false when it is not theirs or unknown (already revoked: true, unchanged). */
  async revoke(userId: string, tokenId: string, now: Date): Promise<boolean> {
    const result = await this.pool.query(
      'UPDATE api_tokens SET revoked_at = coalesce(revoked_at, $3) WHERE token_id = $1 AND user_id = $2',
      [tokenId, userId, now],
    );
    return result.rowCount === 1;
  }

  /** The token's owner and scopes, or null for a malformed, unknown, revoked or expired token or a deleted account. */
  async authenticate(token: string, now: Date = new Date()): Promise<AuthenticatedApiToken | null> {
    if (!API_TOKEN_PATTERN.test(token)) return null;
    const { rows } = await this.pool.query<{
      token_id: string;
      user_id: string;
      scopes: string[];
      last_used_at: Date | null;
      second_step: boolean;
    }>(
      `SELECT t.token_id, t.user_id, t.scopes, t.last_used_at,
              (EXISTS (SELECT 1 FROM account_two_factor f WHERE f.user_id = t.user_id AND f.enabled_at IS NOT NULL)
               OR EXISTS (SELECT 1 FROM account_passkeys p WHERE p.user_id = t.user_id)) AS second_step
         FROM api_tokens t
         JOIN account_credentials c ON c.user_id = t.user_id
        WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND t.expires_at > $2`,
      [this.hash(token), now],
    );
    const row = rows[0];
    if (!row) return null;
    if (!row.last_used_at || now.getTime() - row.last_used_at.getTime() >= API_TOKEN_TOUCH_INTERVAL_MS) {
      await this.pool.query(
        `UPDATE api_tokens SET last_used_at = $2
          WHERE token_id = $1 AND (last_used_at IS NULL OR last_used_at < $2)`,
        [row.token_id, now],
      );
    }
    return {
      userId: row.user_id,
      tokenId: row.token_id,
      scopes: row.scopes.filter(isApiTokenScope),
      secondStep: row.second_step,
    };
  }
}

/** The live side of each of the user's tokens (the list's last use and state); needs no key. */
export async function apiTokenUses(pool: pg.Pool, userId: string): Promise<Map<string, ApiTokenUse>> {
  const { rows } = await pool.query<{
    token_id: string;
    last_used_at: Date | null;
    revoked_at: Date | null;
    expires_at: Date;
  }>('SELECT token_id, last_used_at, revoked_at, expires_at FROM api_tokens WHERE user_id = $1', [userId]);
  return new Map(
    rows.map((row) => [
      row.token_id,
      { lastUsedAt: row.last_used_at, revokedAt: row.revoked_at, expiresAt: row.expires_at },
    ]),
  );
}
