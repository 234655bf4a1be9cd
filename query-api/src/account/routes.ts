import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorResponse, MESSAGES, MeResponse, READ_YOUR_WRITES_WAIT_MS, STALE_HEADER, type User } from '@kartvizit/schemas';
import type { QueryContext } from '../core/context.ts';
import { isMissingRelation } from '../core/sql.ts';

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

export function accountQueries(context: QueryContext) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.withTypeProvider<TypeBoxTypeProvider>().get(
      '/api/auth/me',
      {
        schema: { tags: ['account'], response: { 200: MeResponse, 401: ErrorResponse, 503: ErrorResponse } },
        config: { projections: PROJECTIONS },
      },
      async (request, reply) => {
        const userId = await context.requireUser(request);
        let user = await findAccount(context, userId);
        // The credential exists, so the account was registered: give the projection a moment.
        user ??= await context.watermarks.poll(() => findAccount(context, userId), READ_YOUR_WRITES_WAIT_MS);
        if (!user) {
          reply.header(STALE_HEADER, 'true');
          return reply.code(503).send({ success: false, message: MESSAGES.staleRead });
        }
        return { success: true as const, user };
      },
    );
  };
}
