import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorResponse, RemsIntegrationParams, RemsIntegrationResponse, RemsStatusResponse } from '@kartvizit/schemas';
import { REMS_KEYS_PROJECTION, RM_REMS_KEYS, type RemsKeysRow } from '@kartvizit/infra/read-models/contract';
import type { QueryContext } from '../core/context.ts';
import { isMissingRelation } from '../core/sql.ts';

const PROJECTIONS = [REMS_KEYS_PROJECTION] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type RemsKeyRow = Pick<RemsKeysRow, 'active' | 'key_hint'>;

/** The owner's row of `rm_rems_keys`, or null: no key ever, or the read model not built yet. */
async function findKey(context: QueryContext, ownerId: string): Promise<RemsKeyRow | null> {
  try {
    const result = await context.pool.query<RemsKeyRow>(
      `SELECT active, key_hint FROM ${RM_REMS_KEYS} WHERE owner_id = $1`,
      [ownerId],
    );
    return result.rows[0] ?? null;
  } catch (error) {
    if (isMissingRelation(error)) return null;
    throw error;
  }
}

/**
 * Whether an owner has a REMS key in force (issue 14): the owner's settings screen, and the public
 * card's 'Emlak Danışmanlığı' block. The key is never read here: the read model has only its hint.
 */
export function remsQueries(context: QueryContext) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();

    api.get(
      '/api/rems/status',
      {
        schema: {
          tags: ['rems'],
          summary: 'REMS entegrasyon durumu',
          security: [{ bearer: [] }],
          response: { 200: RemsStatusResponse, 401: ErrorResponse },
        },
        config: { projections: PROJECTIONS },
      },
      async (request, reply) => {
        const ownerId = await context.requireUser(request);
        const row = await findKey(context, ownerId);
        const active = row?.active === true;
        reply.header('cache-control', 'private, no-store');
        return { success: true as const, hasActiveKey: active, keyHint: active ? (row?.key_hint ?? null) : null };
      },
    );

    // Public: the card asks whether to show 'Görüşme Planla'. Every id that is not an owner with a
    // key in force (malformed, unknown, deleted, without a key) gets the same false, so ids cannot be probed.
    api.get(
      '/api/rems/check-integration/:userId',
      {
        schema: {
          tags: ['rems'],
          summary: 'Kart sahibinin REMS entegrasyonu aktif mi',
          params: RemsIntegrationParams,
          response: { 200: RemsIntegrationResponse },
        },
        config: { projections: PROJECTIONS },
      },
      async (request, reply) => {
        const userId = request.params.userId.toLowerCase();
        const row = UUID.test(userId) ? await findKey(context, userId) : null;
        // The block must disappear as soon as the owner removes the key: no cache keeps it.
        reply.header('cache-control', 'no-store');
        return { success: true as const, hasActiveKey: row?.active === true };
      },
    );
  };
}
