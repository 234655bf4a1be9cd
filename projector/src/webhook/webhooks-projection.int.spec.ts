import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { webhookDeliveryStreamId, webhooksStreamId, type WebhookEvent } from '@kartvizit/schemas';
import { createTestDatabase, type TestDatabase } from '@kartvizit/infra/db/test-database';
import { projectionSpecification } from '../core/projection-specification.ts';
import { webhooksProjection } from './webhooks-projection.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

const spec = projectionSpecification(webhooksProjection, {
  pool: () => database.pool,
  streamOf: (event) =>
    'deliveryId' in event.data ? webhookDeliveryStreamId(event.data.deliveryId) : webhooksStreamId(event.data.ownerId),
});

const MONDAY = '2026-11-23T09:00:00.000Z';
const MONDAY_LATER = '2026-11-23T09:05:00.000Z';
const TUESDAY = '2026-11-24T10:30:00.000Z';

function endpoint(ownerId: string, endpointId: string): WebhookEvent {
  return {
    type: 'WebhookEndpointAdded',
    data: {
      endpointId,
      ownerId,
      url: 'https://crm.example.com/hook',
      events: ['lead.created'],
      personalData: true,
      addedAt: MONDAY,
    },
  };
}

function delivery(ownerId: string, endpointId: string, deliveryId: string): WebhookEvent[] {
  const base = { deliveryId, endpointId, ownerId };
  return [
    {
      type: 'WebhookDeliveryRequested',
      data: {
        ...base,
        eventName: 'lead.created',
        sourceEventId: randomUUID(),
        sealedUnder: ownerId,
        payload: '{"type":"lead.created"}',
        requestedAt: MONDAY,
      },
    },
    {
      type: 'WebhookDeliveryAttemptFailed',
      data: { ...base, attempt: 1, status: 503, reason: 'status', excerpt: 'Bakımdayız', at: MONDAY },
    },
  ];
}

describe('the webhooks projection', () => {
  it('given an endpoint, when a delivery fails once then goes through, then the log shows it delivered and the endpoint well again', async () => {
    const ownerId = randomUUID();
    const endpointId = randomUUID();
    const deliveryId = `msg_${'1'.repeat(32)}`;
    await spec
      .given([endpoint(ownerId, endpointId)])
      .when([
        ...delivery(ownerId, endpointId, deliveryId),
        {
          type: 'WebhookDelivered',
          data: { deliveryId, endpointId, ownerId, attempt: 2, status: 200, excerpt: 'tamam', at: MONDAY_LATER },
        },
      ])
      .then({
        webhook_endpoints: [
          {
            endpoint_id: endpointId,
            failing_since: null,
            last_delivery_at: MONDAY_LATER,
            last_delivery_status: 'delivered',
            paused_at: null,
          },
        ],
        webhook_deliveries: [
          {
            delivery_id: deliveryId,
            status: 'delivered',
            attempts: 2,
            response_status: 200,
            response_excerpt: 'tamam',
            failure_reason: null,
            last_attempt_at: MONDAY_LATER,
          },
        ],
      });
  });

  it('given a failing delivery, when it is given up and the reactor pauses the endpoint, then both say so and failing_since keeps the first failure', async () => {
    const ownerId = randomUUID();
    const endpointId = randomUUID();
    const deliveryId = `msg_${'2'.repeat(32)}`;
    await spec
      .given([endpoint(ownerId, endpointId), ...delivery(ownerId, endpointId, deliveryId)])
      .when([
        {
          type: 'WebhookDeliveryAttemptFailed',
          data: {
            deliveryId,
            endpointId,
            ownerId,
            attempt: 2,
            status: null,
            reason: 'timeout',
            excerpt: '',
            at: TUESDAY,
          },
        },
        { type: 'WebhookDeliveryFailed', data: { deliveryId, endpointId, ownerId, at: TUESDAY } },
        {
          type: 'WebhookEndpointPaused',
          data: { endpointId, ownerId, failingSince: MONDAY, automatic: true, at: TUESDAY },
        },
      ])
      .then({
        webhook_endpoints: [
          { endpoint_id: endpointId, failing_since: MONDAY, paused_at: TUESDAY, last_delivery_status: 'failed' },
        ],
        webhook_deliveries: [
          { delivery_id: deliveryId, status: 'failed', attempts: 2, response_status: null, failure_reason: 'timeout' },
        ],
      });
  });

  it('given a paused endpoint, when it is resumed, then it is active with a fresh three days', async () => {
    const ownerId = randomUUID();
    const endpointId = randomUUID();
    await spec
      .given([
        endpoint(ownerId, endpointId),
        ...delivery(ownerId, endpointId, `msg_${'3'.repeat(32)}`),
        {
          type: 'WebhookEndpointPaused',
          data: { endpointId, ownerId, failingSince: MONDAY, automatic: true, at: TUESDAY },
        },
      ])
      .when([{ type: 'WebhookEndpointResumed', data: { endpointId, ownerId, at: TUESDAY } }])
      .then({ webhook_endpoints: [{ endpoint_id: endpointId, paused_at: null, failing_since: null }] });
  });

  it('given a delivered delivery, when its history is delivered again, then nothing goes backwards', async () => {
    const ownerId = randomUUID();
    const endpointId = randomUUID();
    const deliveryId = `msg_${'4'.repeat(32)}`;
    await spec
      .given(
        [endpoint(ownerId, endpointId)],
        [
          ...delivery(ownerId, endpointId, deliveryId),
          {
            type: 'WebhookDelivered',
            data: { deliveryId, endpointId, ownerId, attempt: 2, status: 204, excerpt: '', at: MONDAY_LATER },
          },
        ],
      )
      .whenRedelivered()
      .then({
        webhook_deliveries: [{ delivery_id: deliveryId, status: 'delivered', attempts: 2, response_status: 204 }],
      });
  });

  it('given an endpoint with deliveries, when it is removed, then its rows and its log go', async () => {
    const ownerId = randomUUID();
    const endpointId = randomUUID();
    await spec
      .given([endpoint(ownerId, endpointId), ...delivery(ownerId, endpointId, `msg_${'5'.repeat(32)}`)])
      .when([{ type: 'WebhookEndpointRemoved', data: { endpointId, ownerId, at: TUESDAY } }])
      .then({ webhook_endpoints: [{ endpoint_id: endpointId, removed_at: TUESDAY, url: '' }], webhook_deliveries: [] });
  });

  it('given a removed endpoint, when one of its deliveries arrives late (Kafka keeps no order between streams), then nothing comes back', async () => {
    const ownerId = randomUUID();
    const endpointId = randomUUID();
    await spec
      .given(
        [endpoint(ownerId, endpointId)],
        [{ type: 'WebhookEndpointRemoved', data: { endpointId, ownerId, at: TUESDAY } }],
      )
      .when(delivery(ownerId, endpointId, `msg_${'7'.repeat(32)}`))
      .then({ webhook_endpoints: [{ endpoint_id: endpointId, removed_at: TUESDAY }], webhook_deliveries: [] });
  });

  it('given nothing yet, when a delivery arrives before its endpoint (Kafka), then it is kept and listed once the endpoint comes', async () => {
    const ownerId = randomUUID();
    const endpointId = randomUUID();
    const deliveryId = `msg_${'8'.repeat(32)}`;
    await spec
      .given(delivery(ownerId, endpointId, deliveryId))
      .when([endpoint(ownerId, endpointId)])
      .then({
        webhook_endpoints: [
          {
            endpoint_id: endpointId,
            removed_at: null,
            placeholder: false,
            url: 'https://crm.example.com/hook',
            failing_since: MONDAY,
          },
        ],
        webhook_deliveries: [{ delivery_id: deliveryId, status: 'retrying' }],
      });
  });

  it('given an owner whose key is destroyed, when a delivery is recorded, then the answer’s words read as empty', async () => {
    const ownerId = randomUUID();
    const endpointId = randomUUID();
    const deliveryId = `msg_${'6'.repeat(32)}`;
    await spec
      .given([endpoint(ownerId, endpointId)])
      .forget(ownerId)
      .when(delivery(ownerId, endpointId, deliveryId))
      .then({
        webhook_endpoints: [{ endpoint_id: endpointId, url: 'https://crm.example.com/hook' }],
        webhook_deliveries: [{ delivery_id: deliveryId, status: 'retrying', response_excerpt: '' }],
      });
  });
});
