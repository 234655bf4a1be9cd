import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  MESSAGES,
  WebhookDeliveriesResponse,
  WebhookParams,
  WebhooksResponse,
  errorAnswers,
  notFoundError,
  type WebhookDeliveryView,
  type WebhookView,
} from '@kartvizit/schemas';
import { UUID_PATTERN } from '@kartvizit/schemas/ids';
import { may, type Person } from '@kartvizit/schemas/access';
import {
  RM_WEBHOOK_DELIVERIES,
  RM_WEBHOOK_ENDPOINTS,
  WEBHOOKS_PROJECTION,
} from '@kartvizit/infra/read-models/contract';
import { succeeded } from '@kartvizit/infra/http/answers';
import type { QueryContext } from '../core/context.ts';
import { isMissingRelation } from '../core/sql.ts';

const PROJECTIONS = [WEBHOOKS_PROJECTION] as const;
const ERRORS = errorAnswers(400, 401, 403, 404, 429);
/** The log shows the newest deliveries of an endpoint. */
const DELIVERY_LOG_LENGTH = 100;

interface EndpointRow {
  readonly endpoint_id: string;
  readonly owner_id: string;
  readonly office: boolean;
  readonly url: string;
  readonly events: string[];
  readonly personal_data: boolean;
  readonly created_at: Date;
  readonly paused_at: Date | null;
  readonly paused_automatically: boolean;
  readonly failing_since: Date | null;
  readonly last_delivery_at: Date | null;
  readonly last_delivery_status: string | null;
}

interface DeliveryRow {
  readonly delivery_id: string;
  readonly event_name: string;
  readonly status: string;
  readonly attempts: number;
  readonly created_at: Date;
  readonly last_attempt_at: Date | null;
  readonly response_status: number | null;
  readonly response_excerpt: string;
  readonly failure_reason: string | null;
  readonly skip_reason: string | null;
}

async function rowsOrNone<Row>(query: () => Promise<{ rows: Row[] }>): Promise<Row[]> {
  try {
    return (await query()).rows;
  } catch (error) {
    if (isMissingRelation(error)) return [];
    throw error;
  }
}

function toView(row: EndpointRow): WebhookView {
  return {
    id: row.endpoint_id,
    officeId: row.office ? row.owner_id : null,
    url: row.url,
    events: row.events as WebhookView['events'],
    personalData: row.personal_data,
    status: row.paused_at ? 'paused' : 'active',
    createdAt: row.created_at.toISOString(),
    failingSince: row.failing_since?.toISOString() ?? null,
    pausedAt: row.paused_at?.toISOString() ?? null,
    pausedAutomatically: row.paused_at !== null && row.paused_automatically,
    lastDeliveryAt: row.last_delivery_at?.toISOString() ?? null,
    lastDeliveryStatus: row.last_delivery_status as WebhookView['lastDeliveryStatus'],
  };
}

function toDelivery(row: DeliveryRow): WebhookDeliveryView {
  return {
    id: row.delivery_id,
    eventName: row.event_name as WebhookDeliveryView['eventName'],
    status: row.status as WebhookDeliveryView['status'],
    attempts: row.attempts,
    createdAt: row.created_at.toISOString(),
    lastAttemptAt: row.last_attempt_at?.toISOString() ?? null,
    responseStatus: row.response_status,
    responseExcerpt: row.response_excerpt,
    failureReason: row.failure_reason as WebhookDeliveryView['failureReason'],
    skipReason: row.skip_reason as WebhookDeliveryView['skipReason'],
  };
}

/** Whose endpoints the person sees: their own, and their office's while they administer it (the one policy, `may`). */
function holdersOf(person: Person): string[] {
  const officeId = person.office?.officeId;
  return officeId && may(person, 'administer', { ownerId: null, officeId }) ? [person.id, officeId] : [person.id];
}

/** The owner's webhooks and each one's delivery log (issue 35), from the webhooks read model; never a secret. */
export function webhookQueries(context: QueryContext) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();

    api.get(
      '/api/webhooks',
      {
        schema: {
          tags: ['webhooks'],
          summary: 'Webhook’lar',
          security: [{ bearer: [] }],
          response: { 200: WebhooksResponse, ...ERRORS },
        },
        config: { owner: true, scope: 'webhooks:read', projections: PROJECTIONS },
      },
      async (request, reply) => {
        const rows = await rowsOrNone(() =>
          context.pool.query<EndpointRow>(
            `SELECT endpoint_id, owner_id, office, url, events, personal_data, created_at, paused_at, paused_automatically, failing_since,
                    last_delivery_at, last_delivery_status
               FROM ${RM_WEBHOOK_ENDPOINTS} WHERE owner_id = ANY($1::uuid[]) AND removed_at IS NULL AND NOT placeholder ORDER BY office, created_at, endpoint_id`,
            [holdersOf(request.person)],
          ),
        );
        reply.header('cache-control', 'private, no-store');
        return succeeded({ data: rows.map(toView) });
      },
    );

    api.get(
      '/api/webhooks/:id/deliveries',
      {
        schema: {
          tags: ['webhooks'],
          summary: 'Webhook gönderim kaydı',
          description: 'The newest 100 deliveries of the endpoint, newest first.',
          security: [{ bearer: [] }],
          params: WebhookParams,
          response: { 200: WebhookDeliveriesResponse, ...ERRORS },
        },
        config: { owner: true, scope: 'webhooks:read', projections: PROJECTIONS },
      },
      async (request, reply) => {
        const { id } = request.params;
        if (!UUID_PATTERN.test(id)) throw notFoundError(MESSAGES.webhookNotFound);
        const owned = await rowsOrNone(() =>
          context.pool.query(
            `SELECT 1 FROM ${RM_WEBHOOK_ENDPOINTS} WHERE endpoint_id = $1 AND owner_id = ANY($2::uuid[]) AND removed_at IS NULL AND NOT placeholder`,
            [id, holdersOf(request.person)],
          ),
        );
        if (owned.length === 0) throw notFoundError(MESSAGES.webhookNotFound);
        const rows = await rowsOrNone(() =>
          context.pool.query<DeliveryRow>(
            `SELECT delivery_id, event_name, status, attempts, created_at, last_attempt_at, response_status,
                    response_excerpt, failure_reason, skip_reason
               FROM ${RM_WEBHOOK_DELIVERIES} WHERE endpoint_id = $1
              ORDER BY created_at DESC, delivery_id DESC LIMIT $2`,
            [id, DELIVERY_LOG_LENGTH],
          ),
        );
        reply.header('cache-control', 'private, no-store');
        return succeeded({ data: rows.map(toDelivery) });
      },
    );
  };
}
