import type pg from 'pg';
import type { Person } from '@kartvizit/schemas/access';
import { deriveKey } from '../config/secrets.ts';
import type { EventStore } from '../event-store/types.ts';
import { authenticateWithOffice, officeSecondStepPolicy } from '../office/membership.ts';
import { AccountSessions } from './account-sessions.ts';
import { SessionTokens } from './session-tokens.ts';

/** The session tokens both services check, under the key derived for them. */
export function sessionTokens(pool: pg.Pool, appSecret: Buffer): SessionTokens {
  return new SessionTokens(deriveKey(appSecret, 'session-tokens'), new AccountSessions(pool));
}

/**
 * The owner hook's `Authenticate`, the same in command-api and query-api: the token and its live session, the
 * person's office now, and whether that office requires a second step.
 */
export function ownerAuthentication(
  pool: pg.Pool,
  store: EventStore,
  tokens: SessionTokens,
): (authorization: string | undefined) => Promise<Person | null> {
  return authenticateWithOffice(
    store,
    (authorization) => tokens.authenticate(authorization),
    officeSecondStepPolicy(pool),
  );
}
