import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AccountSettingsResponse,
  ErrorResponse,
  MESSAGES,
  MeResponse,
  READ_YOUR_WRITES_WAIT_MS,
  STALE_HEADER,
  accountExportFileName,
  type User,
} from '@kartvizit/schemas';
import {
  CARDS_PROJECTION,
  PRODUCTS_PROJECTION,
  PROFILES_PROJECTION,
  REMS_KEYS_PROJECTION,
  REMS_REGISTRATIONS_PROJECTION,
  MEETINGS_PROJECTION,
  SHARE_SETTINGS_PROJECTION,
} from '@kartvizit/infra/read-models/contract';
import type { QueryContext } from '../core/context.ts';
import { isMissingRelation } from '../core/sql.ts';
import { buildAccountExport } from './export.ts';
import { succeeded } from '@kartvizit/infra/http/answers';

const PROJECTIONS = ['accounts'] as const;

interface AccountRow {
  user_id: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  registered_at: Date | null;
}

async function findAccount(context: QueryContext, userId: string): Promise<User | null> {
  try {
    const result = await context.pool.query<AccountRow>(
      'SELECT user_id, email, first_name, last_name, registered_at FROM rm_accounts WHERE user_id = $1',
      [userId],
    );
    const row = result.rows[0];
    if (!row) return null;
    return {
      id: row.user_id,
      email: row.email ?? '',
      firstName: row.first_name ?? '',
      lastName: row.last_name ?? '',
      createdAt: (row.registered_at ?? new Date(0)).toISOString(),
    };
  } catch (error) {
    if (isMissingRelation(error)) return null;
    throw error;
  }
}

/** On unless the owner switched it off (a row not yet projected reads as the default). */
async function readLeadAlerts(context: QueryContext, userId: string): Promise<boolean> {
  try {
    const result = await context.pool.query<{ lead_alerts: boolean | null }>(
      'SELECT lead_alerts FROM rm_accounts WHERE user_id = $1',
      [userId],
    );
    return result.rows[0]?.lead_alerts !== false;
  } catch (error) {
    if (isMissingRelation(error)) return true;
    throw error;
  }
}

export function accountQueries(context: QueryContext) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();

    api.get(
      '/api/account/settings',
      {
        schema: { tags: ['account'], response: { 200: AccountSettingsResponse, 401: ErrorResponse } },
        config: { owner: true, scope: false, projections: PROJECTIONS },
      },
      async (request) => {
        const userId = request.person.id;
        const leadAlerts = await readLeadAlerts(context, userId);
        return succeeded({ settings: { leadAlerts } });
      },
    );

    // The owner's copy of their data as one JSON file (KVKK); see export.ts for what is in it.
    api.get(
      '/api/account/export',
      {
        schema: { tags: ['account'] },
        config: {
          owner: true,
          scope: false,
          beforeSecondStep: true,
          projections: [
            ...PROJECTIONS,
            PROFILES_PROJECTION,
            CARDS_PROJECTION,
            PRODUCTS_PROJECTION,
            'leads',
            'statistics',
            REMS_KEYS_PROJECTION,
            REMS_REGISTRATIONS_PROJECTION,
            MEETINGS_PROJECTION,
            SHARE_SETTINGS_PROJECTION,
          ],
        },
      },
      async (request, reply) => {
        const now = new Date();
        const data = await buildAccountExport(context.pool, request.person, now);
        return reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="${accountExportFileName(now)}"`)
          .header('cache-control', 'no-store')
          .send(JSON.stringify(data, null, 2));
      },
    );

    api.get(
      '/api/auth/me',
      {
        schema: { tags: ['account'], response: { 200: MeResponse, 401: ErrorResponse, 503: ErrorResponse } },
        config: { owner: true, scope: false, beforeSecondStep: true, projections: PROJECTIONS },
      },
      async (request, reply) => {
        const userId = request.person.id;
        let user = await findAccount(context, userId);
        // The credential exists, so the account was registered: give the projection a moment.
        user ??= await context.watermarks.poll(() => findAccount(context, userId), READ_YOUR_WRITES_WAIT_MS);
        if (!user) {
          reply.header(STALE_HEADER, 'true');
          return reply.code(503).send({ success: false, message: MESSAGES.staleRead });
        }
        return succeeded({ user });
      },
    );
  };
}
