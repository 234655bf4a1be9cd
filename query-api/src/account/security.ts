import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AccountSecurityResponse, ErrorResponse, type AccountSecurity, type AccountSession } from '@kartvizit/schemas';
import { AccountSessions } from '@kartvizit/infra/auth/account-sessions';
import {
  ACCOUNT_SECURITY_PROJECTION,
  RM_SECURITY_PASSKEYS,
  RM_SECURITY_SESSIONS,
  RM_SECURITY_TWO_FACTOR,
} from '@kartvizit/infra/read-models/contract';
import { succeeded } from '@kartvizit/infra/http/answers';
import type { QueryContext } from '../core/context.ts';
import { rowsOrNone } from '../core/sql.ts';

interface SessionRow {
  session_id: string;
  method: string;
  device: string | null;
  browser: string | null;
  os: string | null;
  country: string | null;
  city: string | null;
  started_at: Date;
}

interface PasskeyRow {
  passkey_id: string;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

interface TwoFactorRow {
  enabled: boolean;
  enabled_at: Date | null;
  recovery_codes_left: number;
}

/**
 * `GET /api/account/security` (issue 34): what /account's 'Güvenlik' shows, from the account_security read model.
 * A session is listed while it can still be used: the session table (what every token is checked against) says
 * whether it is live and when it was last used, so an ended session is gone from the list at once.
 */
export function accountSecurityQueries(context: QueryContext) {
  const sessions = new AccountSessions(context.pool);

  async function read(
    userId: string,
    currentSessionId: string | undefined,
  ): Promise<Omit<AccountSecurity, 'officeRequiresSecondStep'>> {
    const [sessionRows, passkeyRows, twoFactorRows, lastUses] = await Promise.all([
      rowsOrNone<SessionRow>(
        context.pool,
        `SELECT session_id, method, device, browser, os, country, city, started_at
           FROM ${RM_SECURITY_SESSIONS} WHERE user_id = $1 AND ended_at IS NULL`,
        [userId],
      ),
      rowsOrNone<PasskeyRow>(
        context.pool,
        `SELECT passkey_id, name, created_at, last_used_at FROM ${RM_SECURITY_PASSKEYS}
          WHERE user_id = $1 AND removed_at IS NULL ORDER BY created_at`,
        [userId],
      ),
      rowsOrNone<TwoFactorRow>(
        context.pool,
        `SELECT enabled, enabled_at, recovery_codes_left FROM ${RM_SECURITY_TWO_FACTOR} WHERE user_id = $1`,
        [userId],
      ),
      sessions.lastUses(userId, new Date()),
    ]);
    const listed: AccountSession[] = sessionRows.flatMap((row) => {
      const lastUsedAt = lastUses.get(row.session_id);
      if (!lastUsedAt) return [];
      return [
        {
          id: row.session_id,
          current: row.session_id === currentSessionId,
          device: row.device,
          browser: row.browser,
          os: row.os,
          country: row.country,
          city: row.city,
          method: row.method,
          startedAt: row.started_at.toISOString(),
          lastUsedAt: lastUsedAt.toISOString(),
        },
      ];
    });
    listed.sort((a, b) => Number(b.current) - Number(a.current) || b.lastUsedAt.localeCompare(a.lastUsedAt));
    const twoFactor = twoFactorRows[0];
    return {
      twoFactor: twoFactor?.enabled
        ? {
            enabled: true,
            enabledAt: twoFactor.enabled_at?.toISOString() ?? null,
            recoveryCodesLeft: twoFactor.recovery_codes_left,
          }
        : { enabled: false, enabledAt: null, recoveryCodesLeft: 0 },
      passkeys: passkeyRows.map((row) => ({
        id: row.passkey_id,
        name: row.name,
        createdAt: row.created_at.toISOString(),
        lastUsedAt: row.last_used_at?.toISOString() ?? null,
      })),
      sessions: listed,
    };
  }

  return async function routes(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();
    api.get(
      '/api/account/security',
      {
        schema: {
          tags: ['account'],
          summary: 'İki adımlı doğrulama, geçiş anahtarları ve açık oturumlar',
          security: [{ bearer: [] }],
          response: { 200: AccountSecurityResponse, 401: ErrorResponse },
        },
        config: { owner: true, scope: false, beforeSecondStep: true, projections: [ACCOUNT_SECURITY_PROJECTION] },
      },
      async (request) => {
        const { person } = request;
        const security = await read(person.id, person.sessionId);
        return succeeded({
          security: { ...security, officeRequiresSecondStep: person.office?.requiresSecondStep === true },
        });
      },
    );
  };
}
