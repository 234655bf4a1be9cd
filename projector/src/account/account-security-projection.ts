import type { AccountSecurityEvent } from '@kartvizit/schemas';
import type { StoredEvent } from '@kartvizit/infra/vault/event-codec';
import type { Projection, ProjectionContext } from '@kartvizit/infra/processing/projection';
import { ACCOUNT_SECURITY_PROJECTION } from '@kartvizit/infra/read-models/contract';

type Stored = StoredEvent<AccountSecurityEvent>;

/**
 * /account's 'Güvenlik' (issue 34, decision 65): the account's sessions (device, browser, OS, coarse place, how and when
 * they began, when they ended), its passkeys (name, added, last used) and whether two-step sign-in is on with how many
 * recovery codes are left. No secret is in the log, so none is here; a session's last use and whether it may still be
 * used are read from the session table (infra/src/auth/account-sessions.ts) by the query. Every statement is safe to
 * apply twice: a redelivered batch changes nothing more.
 */
async function applyOne(event: Stored, { client, table }: ProjectionContext): Promise<void> {
  const sessions = table('security_sessions');
  const passkeys = table('security_passkeys');
  const twoFactor = table('security_two_factor');
  switch (event.type) {
    case 'SessionStarted': {
      const d = event.data;
      await client.query(
        `INSERT INTO ${sessions} (session_id, user_id, method, passkey_id, device, browser, os, country, city, started_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (session_id) DO NOTHING`,
        [d.sessionId, d.userId, d.method, d.passkeyId, d.device, d.browser, d.os, d.country, d.city, d.startedAt],
      );
      if (d.passkeyId) {
        await client.query(
          `UPDATE ${passkeys} SET last_used_at = GREATEST(coalesce(last_used_at, $2), $2) WHERE passkey_id = $1`,
          [d.passkeyId, d.startedAt],
        );
      }
      return;
    }
    case 'SessionEnded':
      await client.query(`UPDATE ${sessions} SET ended_at = coalesce(ended_at, $2) WHERE session_id = $1`, [
        event.data.sessionId,
        event.data.endedAt,
      ]);
      return;
    case 'SessionsEnded':
      // Only sessions begun before: one begun after (the browser signed in anew) stays.
      await client.query(
        `UPDATE ${sessions} SET ended_at = $3
          WHERE user_id = $1 AND ended_at IS NULL AND started_at <= $3
            AND ($2::uuid IS NULL OR session_id <> $2::uuid)`,
        [event.data.userId, event.data.keptSessionId, event.data.endedAt],
      );
      return;
    case 'TwoFactorEnabled':
    case 'TwoFactorDisabled':
    case 'RecoveryCodeUsed': {
      const enabled = event.type !== 'TwoFactorDisabled';
      const enabledAt = event.type === 'TwoFactorEnabled' ? event.data.enabledAt : null;
      const left =
        event.type === 'TwoFactorEnabled'
          ? event.data.recoveryCodes
          : event.type === 'RecoveryCodeUsed'
            ? event.data.remaining
            : 0;
      await client.query(
        `INSERT INTO ${twoFactor} AS t (user_id, enabled, enabled_at, recovery_codes_left, last_stream_position)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (user_id) DO UPDATE SET
           enabled = EXCLUDED.enabled,
           enabled_at = CASE WHEN $6 THEN t.enabled_at ELSE EXCLUDED.enabled_at END,
           recovery_codes_left = EXCLUDED.recovery_codes_left,
           last_stream_position = EXCLUDED.last_stream_position
         WHERE t.last_stream_position < EXCLUDED.last_stream_position`,
        [event.data.userId, enabled, enabledAt, left, event.streamPosition, event.type === 'RecoveryCodeUsed'],
      );
      return;
    }
    case 'PasskeyAdded':
      await client.query(
        `INSERT INTO ${passkeys} (passkey_id, user_id, name, created_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (passkey_id) DO NOTHING`,
        // A name sealed under a destroyed key reads as ''; the owner is erased with it anyway.
        [event.data.passkeyId, event.data.userId, event.forgotten ? '' : event.data.name, event.data.addedAt],
      );
      return;
    case 'PasskeyRemoved':
      // Kept as removed, not deleted: a late redelivery of its PasskeyAdded then finds it and changes nothing.
      await client.query(`UPDATE ${passkeys} SET removed_at = coalesce(removed_at, $2) WHERE passkey_id = $1`, [
        event.data.passkeyId,
        event.data.removedAt,
      ]);
      return;
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

export const accountSecurityProjection: Projection<AccountSecurityEvent> = {
  name: ACCOUNT_SECURITY_PROJECTION,
  version: 1,
  tables: {
    security_sessions: (table) => `CREATE TABLE ${table} (
      session_id uuid PRIMARY KEY,
      user_id uuid NOT NULL,
      method text NOT NULL,
      passkey_id uuid,
      device text,
      browser text,
      os text,
      country text,
      city text,
      started_at timestamptz NOT NULL,
      ended_at timestamptz
    );
    CREATE INDEX ${table}_user ON ${table} (user_id) WHERE ended_at IS NULL`,
    security_passkeys: (table) => `CREATE TABLE ${table} (
      passkey_id uuid PRIMARY KEY,
      user_id uuid NOT NULL,
      name text NOT NULL,
      created_at timestamptz NOT NULL,
      last_used_at timestamptz,
      removed_at timestamptz
    );
    CREATE INDEX ${table}_user ON ${table} (user_id)`,
    security_two_factor: (table) => `CREATE TABLE ${table} (
      user_id uuid PRIMARY KEY,
      enabled boolean NOT NULL,
      enabled_at timestamptz,
      recovery_codes_left integer NOT NULL,
      last_stream_position bigint NOT NULL
    )`,
  },
  handles: [
    'SessionStarted',
    'SessionEnded',
    'SessionsEnded',
    'TwoFactorEnabled',
    'TwoFactorDisabled',
    'RecoveryCodeUsed',
    'PasskeyAdded',
    'PasskeyRemoved',
  ],
  // Account deletion (decision 29): everything of the owner goes.
  erasure: {
    ownerOf: (event) => event.data.userId,
    async erase(ownerIds, { client, table }) {
      for (const name of ['security_sessions', 'security_passkeys', 'security_two_factor']) {
        await client.query(`DELETE FROM ${table(name)} WHERE user_id = ANY($1::uuid[])`, [ownerIds]);
      }
    },
  },

  async apply(events, context) {
    for (const event of events) await applyOne(event, context);
    return { touched: [...new Set(events.map((event) => event.data.userId))] };
  },
};
