import type pg from 'pg';

/** How often a session's last use is written at most: a busy dashboard must not write on every request. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

/** What the token check needs to know of a session and its account, in one query. */
export interface SessionCheck {
  /** The credential's tokensValidAfter (ms); null: the account has no credential (deleted). */
  readonly sessionVersion: number | null;
  /** The session row exists and has not ended. */
  readonly live: boolean;
  readonly lastUsedAt: Date | null;
  /** Two-step sign-in is on or the account has a passkey. */
  readonly secondStep: boolean;
}

/**
 * The live side of sessions (issue 34): one row per sign-in, outside the event log like the password hashes. The
 * command routes start and end rows before they record SessionStarted and SessionEnded, so an end takes effect at the
 * session's next request even if the event were never written; the token check reads the row at every request.
 */
export class AccountSessions {
  constructor(private readonly pool: pg.Pool) {}

  async start(userId: string, sessionId: string, now: Date, expiresAt: Date): Promise<void> {
    await this.pool.query(
      `INSERT INTO account_sessions (session_id, user_id, started_at, last_used_at, expires_at)
       VALUES ($1, $2, $3, $3, $4)`,
      [sessionId, userId, now, expiresAt],
    );
  }

  /** The session was given a new token (a password change keeps it signed in): it lasts as long as that token. */
  async extend(sessionId: string, expiresAt: Date): Promise<void> {
    await this.pool.query('UPDATE account_sessions SET expires_at = GREATEST(expires_at, $2) WHERE session_id = $1', [
      sessionId,
      expiresAt,
    ]);
  }

  /** Removes a row whose SessionStarted could not be written (the sign-in failed after all). */
  async discard(sessionId: string): Promise<void> {
    await this.pool.query('DELETE FROM account_sessions WHERE session_id = $1', [sessionId]);
  }

  /** Ends one of the user's live sessions; false when it is not theirs, unknown or already ended. */
  async end(userId: string, sessionId: string, now: Date): Promise<boolean> {
    const result = await this.pool.query(
      `UPDATE account_sessions SET ended_at = $3 WHERE session_id = $1 AND user_id = $2 AND ended_at IS NULL`,
      [sessionId, userId, now],
    );
    return result.rowCount === 1;
  }

  /** Ends every live session of the user but `keep` (null: all); the ids it ended. */
  async endAll(userId: string, keep: string | null, now: Date): Promise<string[]> {
    const { rows } = await this.pool.query<{ session_id: string }>(
      `UPDATE account_sessions SET ended_at = $3
        WHERE user_id = $1 AND ended_at IS NULL AND ($2::uuid IS NULL OR session_id <> $2::uuid)
        RETURNING session_id`,
      [userId, keep, now],
    );
    return rows.map((row) => row.session_id);
  }

  /** How many live sessions the user has besides `except`. */
  async countLive(userId: string, except: string | null): Promise<number> {
    const { rows } = await this.pool.query<{ count: string }>(
      `SELECT count(*) FROM account_sessions
        WHERE user_id = $1 AND ended_at IS NULL AND ($2::uuid IS NULL OR session_id <> $2::uuid)`,
      [userId, except],
    );
    return Number(rows[0]?.count ?? 0);
  }

  /** The last use of each of the user's live sessions (not ended, not expired). */
  async lastUses(userId: string, now: Date): Promise<Map<string, Date>> {
    const { rows } = await this.pool.query<{ session_id: string; last_used_at: Date }>(
      `SELECT session_id, last_used_at FROM account_sessions
        WHERE user_id = $1 AND ended_at IS NULL AND expires_at > $2`,
      [userId, now],
    );
    return new Map(rows.map((row) => [row.session_id, row.last_used_at]));
  }

  /** The token check's one read: the credential's version, the session's state and whether a second step is set. */
  async check(userId: string, sessionId: string): Promise<SessionCheck> {
    const { rows } = await this.pool.query<{
      version: string;
      live: boolean;
      last_used_at: Date | null;
      second_step: boolean;
    }>(
      `SELECT floor(extract(epoch FROM c.tokens_valid_after) * 1000)::bigint::text AS version,
              (s.session_id IS NOT NULL AND s.ended_at IS NULL) AS live,
              s.last_used_at,
              (EXISTS (SELECT 1 FROM account_two_factor t WHERE t.user_id = c.user_id AND t.enabled_at IS NOT NULL)
               OR EXISTS (SELECT 1 FROM account_passkeys p WHERE p.user_id = c.user_id)) AS second_step
         FROM account_credentials c
         LEFT JOIN account_sessions s ON s.session_id = $2 AND s.user_id = c.user_id
        WHERE c.user_id = $1`,
      [userId, sessionId],
    );
    const row = rows[0];
    if (!row) return { sessionVersion: null, live: false, lastUsedAt: null, secondStep: false };
    return {
      sessionVersion: Number(row.version),
      live: row.live,
      lastUsedAt: row.last_used_at,
      secondStep: row.second_step,
    };
  }

  /** Records a use, at most once a minute per session. */
  async touch(sessionId: string, lastUsedAt: Date | null, now: Date): Promise<void> {
    if (lastUsedAt && now.getTime() - lastUsedAt.getTime() < SESSION_TOUCH_INTERVAL_MS) return;
    await this.pool.query(
      `UPDATE account_sessions SET last_used_at = $2
        WHERE session_id = $1 AND ended_at IS NULL AND last_used_at < $2`,
      [sessionId, now],
    );
  }
}
