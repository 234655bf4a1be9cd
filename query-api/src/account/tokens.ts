import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ApiTokensResponse,
  ErrorResponse,
  isApiTokenScope,
  type ApiTokenState,
  type ApiTokenView,
} from '@kartvizit/schemas';
import { apiTokenUses } from '@kartvizit/infra/auth/api-tokens';
import { API_TOKENS_PROJECTION, RM_API_TOKENS } from '@kartvizit/infra/read-models/contract';
import { succeeded } from '@kartvizit/infra/http/answers';
import type { QueryContext } from '../core/context.ts';
import { rowsOrNone } from '../core/sql.ts';

interface TokenRow {
  token_id: string;
  name: string;
  scopes: string[];
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

/**
 * `GET /api/tokens` (issue 35): the account's personal API tokens from the api_tokens read model, each with its last
 * use and state from the token table (what every request is checked against), so a revocation shows at once. Closed
 * to tokens themselves (`scope: false`).
 */
export function apiTokenQueries(context: QueryContext) {
  async function read(userId: string, now: Date): Promise<ApiTokenView[]> {
    const [rows, uses] = await Promise.all([
      rowsOrNone<TokenRow>(
        context.pool,
        `SELECT token_id, name, scopes, created_at, expires_at, revoked_at FROM ${RM_API_TOKENS}
          WHERE user_id = $1 ORDER BY created_at DESC`,
        [userId],
      ),
      apiTokenUses(context.pool, userId),
    ]);
    const views = rows.map((row): ApiTokenView => {
      const use = uses.get(row.token_id);
      const revokedAt = use?.revokedAt ?? row.revoked_at;
      const state: ApiTokenState = revokedAt ? 'revoked' : row.expires_at <= now ? 'expired' : 'active';
      return {
        id: row.token_id,
        name: row.name,
        scopes: row.scopes.filter(isApiTokenScope),
        createdAt: row.created_at.toISOString(),
        expiresAt: row.expires_at.toISOString(),
        lastUsedAt: use?.lastUsedAt?.toISOString() ?? null,
        revokedAt: revokedAt?.toISOString() ?? null,
        state,
      };
    });
    // Live ones first; the list is already newest first within each.
    return [...views.filter((view) => view.state === 'active'), ...views.filter((view) => view.state !== 'active')];
  }

  return async function routes(app: FastifyInstance): Promise<void> {
    app.withTypeProvider<TypeBoxTypeProvider>().get(
      '/api/tokens',
      {
        schema: {
          tags: ['account'],
          summary: 'Kişisel API anahtarları (son kullanım ve durumuyla)',
          response: { 200: ApiTokensResponse, 401: ErrorResponse, 403: ErrorResponse },
        },
        config: { owner: true, scope: false, projections: [API_TOKENS_PROJECTION] },
      },
      async (request) => succeeded({ data: await read(request.person.id, new Date()) }),
    );
  };
}
