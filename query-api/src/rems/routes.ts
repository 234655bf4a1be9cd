import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ErrorResponse,
  REMS_KEY_FAILURE_REASONS,
  REMS_RECENT_REGISTRATIONS,
  RemsIntegrationParams,
  RemsIntegrationResponse,
  RemsStatsResponse,
  RemsStatusResponse,
  formatLeadPhone,
  remsFailureText,
  type RemsRecentIntegration,
} from '@kartvizit/schemas';
import {
  REMS_KEYS_PROJECTION,
  REMS_REGISTRATIONS_PROJECTION,
  RM_REMS_KEYS,
  RM_REMS_REGISTRATIONS,
  type RemsKeysRow,
  type RemsRegistrationsRow,
} from '@kartvizit/infra/read-models/contract';
import type { QueryContext } from '../core/context.ts';
import { isMissingRelation } from '../core/sql.ts';
import { succeeded } from '@kartvizit/infra/http/answers';
import { UUID_PATTERN as UUID } from '@kartvizit/schemas/ids';

const PROJECTIONS = [REMS_KEYS_PROJECTION] as const;
/** The stats read the key too: whether a failed registration may be sent again. */
const STATS_PROJECTIONS = [REMS_KEYS_PROJECTION, REMS_REGISTRATIONS_PROJECTION] as const;

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

type RecentRow = Pick<
  RemsRegistrationsRow,
  'registration_id' | 'customer_name' | 'customer_phone' | 'status' | 'failure_reason' | 'rems_message' | 'created_at'
>;

interface RegistrationCounts {
  readonly delivered: number;
  readonly failed: number;
  readonly pending: number;
  readonly keyFailures: number;
}

const NO_REGISTRATIONS = { counts: { delivered: 0, failed: 0, pending: 0, keyFailures: 0 }, recent: [] };

/** The owner's counts per status and their newest registrations; nothing while the read model is not built yet. */
async function findRegistrations(
  context: QueryContext,
  ownerId: string,
): Promise<{ counts: RegistrationCounts; recent: RecentRow[] }> {
  try {
    const [counts, recent] = await Promise.all([
      context.pool.query<{ delivered: string; failed: string; pending: string; key_failures: string }>(
        `SELECT count(*) FILTER (WHERE status = 'delivered') AS delivered,
                count(*) FILTER (WHERE status = 'failed') AS failed,
                count(*) FILTER (WHERE status = 'pending') AS pending,
                count(*) FILTER (WHERE status = 'failed' AND failure_reason = ANY($2::text[])) AS key_failures
           FROM ${RM_REMS_REGISTRATIONS} WHERE owner_id = $1`,
        [ownerId, REMS_KEY_FAILURE_REASONS],
      ),
      context.pool.query<RecentRow>(
        `SELECT registration_id, customer_name, customer_phone, status, failure_reason, rems_message, created_at
           FROM ${RM_REMS_REGISTRATIONS} WHERE owner_id = $1
          ORDER BY created_at DESC, registration_id DESC LIMIT $2`,
        [ownerId, REMS_RECENT_REGISTRATIONS],
      ),
    ]);
    const row = counts.rows[0];
    return {
      counts: {
        delivered: Number(row?.delivered ?? 0),
        failed: Number(row?.failed ?? 0),
        pending: Number(row?.pending ?? 0),
        keyFailures: Number(row?.key_failures ?? 0),
      },
      recent: recent.rows,
    };
  } catch (error) {
    if (isMissingRelation(error)) return NO_REGISTRATIONS;
    throw error;
  }
}

function toRecent(row: RecentRow, hasActiveKey: boolean): RemsRecentIntegration {
  const failed = row.status === 'failed';
  return {
    registrationId: row.registration_id,
    customerName: row.customer_name,
    customerPhone: row.customer_phone,
    customerPhoneFormatted: formatLeadPhone(row.customer_phone ? `+90${row.customer_phone}` : ''),
    status: row.status === 'delivered' ? 'success' : failed ? 'failed' : 'pending',
    createdAt: row.created_at.toISOString(),
    failureReason: failed ? row.failure_reason : null,
    failureMessage: failed ? remsFailureText(row.failure_reason ?? '', row.rems_message) : null,
    canRetry: failed && hasActiveKey,
  };
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
        config: { owner: true, scope: false, projections: PROJECTIONS },
      },
      async (request, reply) => {
        const ownerId = request.person.id;
        const row = await findKey(context, ownerId);
        const active = row?.active === true;
        reply.header('cache-control', 'private, no-store');
        return succeeded({ hasActiveKey: active, keyHint: active ? (row?.key_hint ?? null) : null });
      },
    );

    // SPEC §3 REMS stats, for the signed-in owner only: the counters and 'Son Kayıtlar' (5 newest), with what the
    // screen needs beyond the spec (why a failed one failed, whether 'Tekrar Dene' may send it, how many a new key mends).
    api.get(
      '/api/rems/stats',
      {
        schema: {
          tags: ['rems'],
          summary: 'REMS kayıt istatistikleri ve son kayıtlar',
          security: [{ bearer: [] }],
          response: { 200: RemsStatsResponse, 401: ErrorResponse },
        },
        config: { owner: true, scope: false, projections: STATS_PROJECTIONS },
      },
      async (request, reply) => {
        const ownerId = request.person.id;
        const [key, registrations] = await Promise.all([
          findKey(context, ownerId),
          findRegistrations(context, ownerId),
        ]);
        const hasActiveKey = key?.active === true;
        reply.header('cache-control', 'private, no-store');
        return succeeded({
          totalCustomers: registrations.counts.delivered,
          failedRegistrations: registrations.counts.failed,
          pendingRegistrations: registrations.counts.pending,
          keyFailures: registrations.counts.keyFailures,
          recentIntegrations: registrations.recent.map((row) => toRecent(row, hasActiveKey)),
        });
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
        return succeeded({ hasActiveKey: row?.active === true });
      },
    );
  };
}
