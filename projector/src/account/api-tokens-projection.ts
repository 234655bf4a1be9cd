import type { ApiTokenEvent } from '@kartvizit/schemas';
import type { StoredEvent } from '@kartvizit/infra/vault/event-codec';
import type { Projection, ProjectionContext } from '@kartvizit/infra/processing/projection';
import { API_TOKENS_PROJECTION } from '@kartvizit/infra/read-models/contract';

type Stored = StoredEvent<ApiTokenEvent>;

/**
 * /integrations' 'Kişisel API Anahtarları' (issue 35, decision 67): each token's name, scopes, expiry and revocation.
 * Neither the token nor its hash is in the log, so neither is here; its last use is read from `api_tokens` (touched at
 * most once a minute by the owner hook) by the query. Every statement is safe to apply twice.
 */
async function applyOne(event: Stored, { client, table }: ProjectionContext): Promise<void> {
  const tokens = table('api_tokens');
  switch (event.type) {
    case 'ApiTokenCreated': {
      const d = event.data;
      await client.query(
        `INSERT INTO ${tokens} (token_id, user_id, name, scopes, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (token_id) DO NOTHING`,
        // A name sealed under a destroyed key reads as ''; the owner is erased with it anyway.
        [d.tokenId, d.userId, event.forgotten ? '' : d.name, d.scopes, d.createdAt, d.expiresAt],
      );
      return;
    }
    case 'ApiTokenRevoked':
      // Kept as revoked, not deleted: a late redelivery of its ApiTokenCreated then finds it and changes nothing.
      await client.query(`UPDATE ${tokens} SET revoked_at = coalesce(revoked_at, $2) WHERE token_id = $1`, [
        event.data.tokenId,
        event.data.revokedAt,
      ]);
      return;
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

export const apiTokensProjection: Projection<ApiTokenEvent> = {
  name: API_TOKENS_PROJECTION,
  version: 1,
  tables: {
    api_tokens: (table) => `CREATE TABLE ${table} (
      token_id uuid PRIMARY KEY,
      user_id uuid NOT NULL,
      name text NOT NULL,
      scopes text[] NOT NULL,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz
    );
    CREATE INDEX ${table}_user ON ${table} (user_id)`,
  },
  handles: ['ApiTokenCreated', 'ApiTokenRevoked'],
  // Account deletion (decision 29): everything of the owner goes.
  erasure: {
    ownerOf: (event) => event.data.userId,
    async erase(ownerIds, { client, table }) {
      await client.query(`DELETE FROM ${table('api_tokens')} WHERE user_id = ANY($1::uuid[])`, [ownerIds]);
    },
  },

  async apply(events, context) {
    for (const event of events) await applyOne(event, context);
    return { touched: [...new Set(events.map((event) => event.data.userId))] };
  },
};
