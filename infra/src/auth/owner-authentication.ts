import type pg from 'pg';
import type { Person } from '@kartvizit/schemas/access';
import { deriveKey } from '../config/secrets.ts';
import type { EventStore } from '../event-store/types.ts';
import { authenticateWithOffice, officeSecondStepPolicy } from '../office/membership.ts';
import { AccountSessions } from './account-sessions.ts';
import { ApiTokens, presentedApiToken } from './api-tokens.ts';
import { SessionTokens } from './session-tokens.ts';

/** The session tokens both services check, under the key derived for them. */
export function sessionTokens(pool: pg.Pool, appSecret: Buffer): SessionTokens {
  return new SessionTokens(deriveKey(appSecret, 'session-tokens'), new AccountSessions(pool));
}

/** The personal API tokens both services check (issue 35), hashed under the key derived for them. */
export function apiTokens(pool: pg.Pool, appSecret: Buffer): ApiTokens {
  return new ApiTokens(pool, deriveKey(appSecret, 'api-tokens'));
}

/**
 * The owner hook's `Authenticate`, the same in command-api and query-api: a session's token and its live session, or a
 * personal API token (by its `kv_pat_` prefix) and its live row; then the person's office now, and whether that office
 * requires a second step. A token's person carries its scopes; the hook decides which routes it reaches.
 */
export function ownerAuthentication(
  pool: pg.Pool,
  store: EventStore,
  tokens: SessionTokens,
  personalTokens: ApiTokens,
): (authorization: string | undefined) => Promise<Person | null> {
  return authenticateWithOffice(
    store,
    async (authorization) => {
      const presented = presentedApiToken(authorization);
      if (presented === null) return tokens.authenticate(authorization);
      const token = await personalTokens.authenticate(presented);
      if (!token) return null;
      return {
        userId: token.userId,
        secondStep: token.secondStep,
        apiToken: { tokenId: token.tokenId, scopes: token.scopes },
      };
    },
    officeSecondStepPolicy(pool),
  );
}
