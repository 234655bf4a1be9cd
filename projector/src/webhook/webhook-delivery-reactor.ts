import {
  WEBHOOK_PAUSE_AFTER_MS,
  webhookDeliveryStreamId,
  webhooksStreamId,
  type WebhookDeliveryEvent,
  type WebhookDeliveryRequested,
  type WebhookDeliveryRetried,
  type WebhookSkipReason,
} from '@kartvizit/schemas';
import type pg from 'pg';
import { DuplicateEventError, type EventStore, type RecordedEvent } from '@kartvizit/infra/event-store/types';
import {
  derivedEventId,
  type ReactionOutcome,
  type ReactionOutcomes,
  type Reactor,
  type RetryPolicy,
} from '@kartvizit/infra/processing/reactor';
import { RM_WEBHOOK_ENDPOINTS } from '@kartvizit/infra/read-models/contract';
import type { EventCodec, StoredEvent } from '@kartvizit/infra/vault/event-codec';
import type { WebhookAddressPolicy } from '@kartvizit/infra/webhooks/address-policy';
import { deliverWebhook, type LookupAll, type WebhookAttempt } from '@kartvizit/infra/webhooks/delivery';
import type { WebhookSecretStore } from '@kartvizit/infra/webhooks/secret-store';
import { readEndpoints } from './endpoints.ts';

export const WEBHOOK_DELIVERY_REACTOR = 'webhook-delivery';

/**
 * Issue 35: retried with backoff for 24 hours, as REMS registrations are (REMS_DELIVERY_RETRY's arithmetic): 5 s,
 * 10 s … 320 s, then every 10 minutes; the 151st attempt failing gives the delivery up.
 */
export const WEBHOOK_DELIVERY_RETRY: RetryPolicy = { firstDelayMs: 5_000, maxDelayMs: 10 * 60_000, maxAttempts: 151 };

/** Endpoints delivered to at once (each endpoint's deliveries one after another, in the log's order). */
export const WEBHOOK_DELIVERY_CONCURRENCY = 8;

export interface WebhookDeliveryDependencies {
  readonly pool: pg.Pool;
  readonly store: EventStore;
  readonly codec: EventCodec;
  readonly secrets: WebhookSecretStore;
  readonly addressPolicy: WebhookAddressPolicy;
  /** Tests shorten it; default WEBHOOK_DELIVERY_RETRY. */
  readonly retry?: Partial<RetryPolicy>;
  /** One attempt's limit, whole answer included; default the client's 10 s. */
  readonly timeoutMs?: number;
  readonly lookup?: LookupAll;
  readonly now?: () => Date;
}

/** An attempt the receiver did not take: retried. Our short code only, never the address or the body. */
class WebhookNotDeliveredError extends Error {
  readonly code: string;
  readonly retryAfterMs?: number;

  constructor(attempt: Extract<WebhookAttempt, { kind: 'failed' }>) {
    super(`the webhook receiver did not take the delivery (${attempt.reason} ${attempt.status ?? '-'})`);
    this.name = 'WebhookNotDeliveredError';
    this.code = `webhook_${attempt.reason}`;
    if (attempt.retryAfterMs !== undefined) this.retryAfterMs = attempt.retryAfterMs;
  }
}

type Trigger = WebhookDeliveryRequested | WebhookDeliveryRetried;

/** The events that end a delivery's request or resend. */
const DONE: ReadonlySet<string> = new Set(['WebhookDelivered', 'WebhookDeliveryFailed', 'WebhookDeliverySkipped']);
type Decoded = WebhookDeliveryEvent & { readonly forgotten: boolean };

/**
 * Sends each delivery to its endpoint (issue 35, decision 66), signed as Standard Webhooks asks, the same body under
 * the same `webhook-id` on every attempt. One endpoint's deliveries go in the log's order (partition = endpoint): a
 * failing one holds back only the later ones of that endpoint, for at most its 24 hours, so a receiver that
 * de-duplicates by `webhook-id` gets each event once and in order. A crash between sending and recording sends again
 * under the same id.
 *
 * Each attempt reads the endpoint as its stream tells it now and its secret from the sealed table: removed → skipped
 * 'removed'; paused → skipped 'paused' (the owner may resend it after resuming); the person it spoke of erased →
 * skipped 'erased'. A failed attempt is recorded (status, reason, the answer's first bytes, sealed) before it is
 * retried; an endpoint failing for three days without one success is paused, the owner e-mailed (mail reactor), and
 * its waiting deliveries skipped.
 */
export function webhookDeliveryReactor(deps: WebhookDeliveryDependencies): Reactor<Trigger> {
  const now = deps.now ?? (() => new Date());

  /**
   * Whether this trigger (the request, or one resend) already has its outcome in the delivery's stream. Above one
   * partition at a time the runtime moves its checkpoint once a whole batch is handled, so a process killed mid-batch
   * meets again what it had already delivered: this keeps it from sending that a second time. (What was sent but not
   * yet recorded when the process died is sent again, under the same webhook-id.)
   */
  function alreadyDone(trigger: StoredEvent<Trigger>, events: readonly RecordedEvent[]): boolean {
    const at = events.findIndex((recorded) => recorded.eventId === trigger.eventId);
    if (at === -1) return false;
    for (const recorded of events.slice(at + 1)) {
      if (recorded.type === 'WebhookDeliveryRetried') return false;
      if (DONE.has(recorded.type)) return true;
    }
    return false;
  }

  /** The delivery's own stream, read once per attempt. */
  async function deliveryEvents(deliveryId: string): Promise<readonly RecordedEvent[]> {
    return (await deps.store.readStream(webhookDeliveryStreamId(deliveryId))).events;
  }

  /** The delivery's request, decoded, from its own stream (for a resend). */
  async function requestOf(
    events: readonly RecordedEvent[],
  ): Promise<(WebhookDeliveryRequested['data'] & { readonly forgotten: boolean }) | null> {
    for (const recorded of events) {
      if (recorded.type !== 'WebhookDeliveryRequested') continue;
      const decoded = (await deps.codec.decode(recorded)) as Decoded | null;
      if (decoded?.type === 'WebhookDeliveryRequested') return { ...decoded.data, forgotten: decoded.forgotten };
    }
    return null;
  }

  function outcome(request: WebhookDeliveryRequested['data'], event: WebhookDeliveryEvent): ReactionOutcome {
    return { streamId: webhookDeliveryStreamId(request.deliveryId), events: [event] };
  }

  function skipped(request: WebhookDeliveryRequested['data'], reason: WebhookSkipReason): ReactionOutcome {
    const { deliveryId, endpointId, ownerId } = request;
    return outcome(request, {
      type: 'WebhookDeliverySkipped',
      data: { deliveryId, endpointId, ownerId, reason, at: now().toISOString() },
    });
  }

  /** The first failure since the endpoint's last success, as the read model has it (null: none recorded yet). */
  async function failingSince(endpointId: string): Promise<Date | null> {
    try {
      const { rows } = await deps.pool.query<{ failing_since: Date | null }>(
        `SELECT failing_since FROM ${RM_WEBHOOK_ENDPOINTS} WHERE endpoint_id = $1 AND removed_at IS NULL`,
        [endpointId],
      );
      return rows[0]?.failing_since ?? null;
    } catch (error) {
      if ((error as { code?: unknown }).code === '42P01') return null;
      throw error;
    }
  }

  /** A failed attempt goes into the log now: the runtime's retry records nothing of it. */
  async function recordFailure(
    trigger: StoredEvent<Trigger>,
    request: WebhookDeliveryRequested['data'],
    attempt: number,
    result: Extract<WebhookAttempt, { kind: 'failed' }>,
    at: Date,
  ): Promise<void> {
    const { deliveryId, endpointId, ownerId } = request;
    const encoded = await deps.codec.encode(
      {
        type: 'WebhookDeliveryAttemptFailed',
        data: {
          deliveryId,
          endpointId,
          ownerId,
          attempt,
          status: result.status,
          reason: result.reason,
          excerpt: result.excerpt,
          at: at.toISOString(),
        },
      },
      { causationId: trigger.eventId, actor: 'system' },
      derivedEventId(WEBHOOK_DELIVERY_REACTOR, trigger.eventId, 'attempt', attempt),
    );
    try {
      await deps.store.append([{ streamId: webhookDeliveryStreamId(deliveryId), expected: 'any', events: [encoded] }]);
    } catch (error) {
      if (!(error instanceof DuplicateEventError)) throw error;
    }
  }

  return {
    name: WEBHOOK_DELIVERY_REACTOR,
    handles: ['WebhookDeliveryRequested', 'WebhookDeliveryRetried'],
    // Every delivery the fan-out ever requested is sent, even one requested before this reactor first ran.
    startAt: 'start',
    retry: { ...WEBHOOK_DELIVERY_RETRY, ...deps.retry },
    partitionOf: (event) => `endpoint:${event.data.endpointId}`,
    // Receivers answer in their own time: several endpoints at once. A batch handled again after a crash sends again
    // under the same webhook-id, which Standard Webhooks receivers de-duplicate by.
    concurrency: WEBHOOK_DELIVERY_CONCURRENCY,
    async gaveUp(event) {
      const request =
        event.type === 'WebhookDeliveryRequested'
          ? event.data
          : await requestOf(await deliveryEvents(event.data.deliveryId));
      if (!request) return;
      const { deliveryId, endpointId, ownerId } = request;
      return outcome(request, {
        type: 'WebhookDeliveryFailed',
        data: { deliveryId, endpointId, ownerId, at: now().toISOString() },
      });
    },
    async react(event, context): Promise<ReactionOutcomes | void> {
      const history = await deliveryEvents(event.data.deliveryId);
      if (alreadyDone(event, history)) return;
      const request =
        event.type === 'WebhookDeliveryRequested'
          ? { ...event.data, forgotten: event.forgotten }
          : await requestOf(history);
      if (!request) return;
      if (request.forgotten) return skipped(request, 'erased');
      const endpoint = (await readEndpoints(deps.store, deps.codec, request.ownerId)).get(request.endpointId);
      if (!endpoint || endpoint.url === '') return skipped(request, 'removed');
      if (endpoint.paused) return skipped(request, 'paused');
      const secret = await deps.secrets.find(request.endpointId);
      if (secret === null) return skipped(request, 'removed');

      const sentAt = now();
      const result = await deliverWebhook(
        {
          url: endpoint.url,
          secret,
          messageId: request.deliveryId,
          timestamp: sentAt,
          body: request.payload,
          ...(deps.timeoutMs !== undefined ? { timeoutMs: deps.timeoutMs } : {}),
        },
        deps.addressPolicy,
        deps.lookup,
      );
      const { deliveryId, endpointId, ownerId } = request;
      if (result.kind === 'delivered') {
        return outcome(request, {
          type: 'WebhookDelivered',
          data: {
            deliveryId,
            endpointId,
            ownerId,
            attempt: context.attempt,
            status: result.status,
            excerpt: result.excerpt,
            at: now().toISOString(),
          },
        });
      }
      await recordFailure(event, request, context.attempt, result, sentAt);
      const since = (await failingSince(endpointId)) ?? sentAt;
      if (sentAt.getTime() - since.getTime() >= WEBHOOK_PAUSE_AFTER_MS) {
        return [
          skipped(request, 'paused'),
          {
            streamId: webhooksStreamId(ownerId),
            events: [
              {
                type: 'WebhookEndpointPaused',
                data: {
                  endpointId,
                  ownerId,
                  failingSince: since.toISOString(),
                  automatic: true,
                  at: sentAt.toISOString(),
                },
              },
            ],
          },
        ];
      }
      throw new WebhookNotDeliveredError(result);
    },
  };
}
