import { describe, it } from 'vitest';
import { MESSAGES, type WebhookDeliveryEvent, type WebhookEndpointEvent } from '@kartvizit/schemas';
import { deciderSpecification } from '@kartvizit/infra/commands/decider-specification';
import { webhooksDecider, type WebhooksCommand } from './decider.ts';
import { webhookDeliveryDecider, type RetryWebhookDelivery } from './delivery-decider.ts';

const spec = deciderSpecification(webhooksDecider);
const owner = '5f0c8f6e-6b8f-4b7e-9a5e-2f1f0b7c9d11';
const endpointId = '0f8fad5b-d9cb-469f-a165-70867728950e';
const now = '2026-11-29T10:30:00.000Z';
const later = '2026-11-30T08:00:00.000Z';
const url = 'https://crm.example.com/hooks/kartvizit';

const add = (data: Partial<Extract<WebhooksCommand, { type: 'AddWebhook' }>['data']> = {}): WebhooksCommand => ({
  type: 'AddWebhook',
  data: { endpointId, ownerId: owner, url, events: ['lead.created'], personalData: true, now, ...data },
});
const added = (
  data: Partial<Extract<WebhookEndpointEvent, { type: 'WebhookEndpointAdded' }>['data']> = {},
): WebhookEndpointEvent => ({
  type: 'WebhookEndpointAdded',
  data: { endpointId, ownerId: owner, url, events: ['lead.created'], personalData: true, addedAt: now, ...data },
});
const change = (data: Partial<Extract<WebhooksCommand, { type: 'ChangeWebhook' }>['data']>): WebhooksCommand => ({
  type: 'ChangeWebhook',
  data: { endpointId, ownerId: owner, now: later, ...data },
});
const paused = (automatic: boolean): WebhookEndpointEvent => ({
  type: 'WebhookEndpointPaused',
  data: { endpointId, ownerId: owner, failingSince: now, automatic, at: later },
});

describe('the webhooks decider', () => {
  it('given no endpoint, when the owner adds one, then it is recorded with its events in the list’s order', () => {
    spec
      .given()
      .when(add({ events: ['product.*', 'lead.created'] }))
      .then([added({ events: ['lead.created', 'product.*'] })]);
  });

  it('given no endpoint, when the events are empty, unknown or repeated, then each is refused beside the events', () => {
    spec
      .given()
      .when(add({ events: [] }))
      .thenThrows('validation', MESSAGES.webhookEventsRequired);
    spec
      .given()
      .when(add({ events: ['lead.deleted'] }))
      .thenThrows('validation', 'Bilinmeyen olay türü: lead.deleted.');
    spec
      .given()
      .when(add({ events: ['lead.created', 'lead.created'] }))
      .thenThrows('validation', MESSAGES.webhookEventsRepeated);
  });

  it('given an endpoint to an address, when another is added to the same address, then it is refused', () => {
    spec
      .given([added()])
      .when(add({ endpointId: '1f8fad5b-d9cb-469f-a165-70867728950e' }))
      .thenThrows('validation', MESSAGES.webhookUrlTaken);
  });

  it('given ten endpoints, when an eleventh is added, then it is refused as too many', () => {
    const ten = Array.from({ length: 10 }, (_, index) =>
      added({
        endpointId: `0f8fad5b-d9cb-469f-a165-7086772895${String(index).padStart(2, '0')}`,
        url: `${url}/${index}`,
      }),
    );
    spec
      .given(ten)
      .when(add({ url: `${url}/new` }))
      .thenThrows('conflict', MESSAGES.webhookTooMany);
  });

  it('given a removed endpoint, when one is added to its address again, then it is taken', () => {
    spec
      .given([added(), { type: 'WebhookEndpointRemoved', data: { endpointId, ownerId: owner, at: now } }])
      .when(add({ endpointId: '2f8fad5b-d9cb-469f-a165-70867728950e' }))
      .then([added({ endpointId: '2f8fad5b-d9cb-469f-a165-70867728950e' })]);
  });

  it('given an endpoint, when its events and personal data change, then one change is recorded; the same again records nothing', () => {
    spec
      .given([added()])
      .when(change({ events: ['lead.created', 'meeting.scheduled'], personalData: false }))
      .then([
        {
          type: 'WebhookEndpointChanged',
          data: {
            endpointId,
            ownerId: owner,
            events: ['lead.created', 'meeting.scheduled'],
            personalData: false,
            at: later,
          },
        },
      ]);
    spec
      .given([added()])
      .when(change({ events: ['lead.created'], personalData: true }))
      .then([]);
  });

  it('given an endpoint the reactor paused, when the owner makes it active, then it is resumed; an active one is not resumed twice', () => {
    spec
      .given([added(), paused(true)])
      .when(change({ active: true }))
      .then([{ type: 'WebhookEndpointResumed', data: { endpointId, ownerId: owner, at: later } }]);
    spec
      .given([added()])
      .when(change({ active: true }))
      .then([]);
  });

  it('given an active endpoint, when the owner pauses it, then it is paused by hand (no e-mail follows)', () => {
    spec
      .given([added()])
      .when(change({ active: false }))
      .then([
        {
          type: 'WebhookEndpointPaused',
          data: { endpointId, ownerId: owner, failingSince: later, automatic: false, at: later },
        },
      ]);
  });

  it('given no such endpoint (or a removed one), when it is changed or removed, then it is not found', () => {
    spec
      .given()
      .when(change({ active: true }))
      .thenThrows('not_found', MESSAGES.webhookNotFound);
    spec
      .given([added(), { type: 'WebhookEndpointRemoved', data: { endpointId, ownerId: owner, at: now } }])
      .when({ type: 'RemoveWebhook', data: { endpointId, ownerId: owner, now: later } })
      .thenThrows('not_found', MESSAGES.webhookNotFound);
  });
});

describe('the webhook delivery decider', () => {
  const delivery = deciderSpecification(webhookDeliveryDecider);
  const deliveryId = `msg_${'a'.repeat(32)}`;
  const requested: WebhookDeliveryEvent = {
    type: 'WebhookDeliveryRequested',
    data: {
      deliveryId,
      endpointId,
      ownerId: owner,
      eventName: 'lead.created',
      sourceEventId: '3f8fad5b-d9cb-469f-a165-70867728950e',
      sealedUnder: owner,
      payload: '{}',
      requestedAt: now,
    },
  };
  const base = { deliveryId, endpointId, ownerId: owner };
  const retry = (data: Partial<RetryWebhookDelivery['data']> = {}): RetryWebhookDelivery => ({
    type: 'RetryWebhookDelivery',
    data: { ...base, retryId: '4f8fad5b-d9cb-469f-a165-70867728950e', now: later, ...data },
  });
  const retried: WebhookDeliveryEvent = {
    type: 'WebhookDeliveryRetried',
    data: { ...base, retryId: '4f8fad5b-d9cb-469f-a165-70867728950e', at: later },
  };

  it('given a delivered, given-up or skipped delivery, when the owner sends it again, then a resend is recorded', () => {
    const endings: WebhookDeliveryEvent[] = [
      { type: 'WebhookDelivered', data: { ...base, attempt: 1, status: 200, excerpt: 'ok', at: now } },
      { type: 'WebhookDeliveryFailed', data: { ...base, at: now } },
      { type: 'WebhookDeliverySkipped', data: { ...base, reason: 'paused', at: now } },
    ];
    for (const ending of endings) delivery.given([requested, ending]).when(retry()).then([retried]);
  });

  it('given a delivery still on its way (waiting, or failing and being retried), when it is sent again, then it is refused', () => {
    delivery.given([requested]).when(retry()).thenThrows('conflict', MESSAGES.webhookRetryPending);
    delivery
      .given([
        requested,
        {
          type: 'WebhookDeliveryAttemptFailed',
          data: { ...base, attempt: 1, status: 500, reason: 'status', excerpt: '', at: now },
        },
      ])
      .when(retry())
      .thenThrows('conflict', MESSAGES.webhookRetryPending);
    delivery
      .given([
        requested,
        { type: 'WebhookDelivered', data: { ...base, attempt: 1, status: 200, excerpt: '', at: now } },
        retried,
      ])
      .when(retry())
      .thenThrows('conflict', MESSAGES.webhookRetryPending);
  });

  it('given another owner’s delivery, or one of another endpoint, or none, when it is sent again, then it is not found', () => {
    delivery
      .given([requested])
      .when(retry({ ownerId: '6f0c8f6e-6b8f-4b7e-9a5e-2f1f0b7c9d11' }))
      .thenThrows('not_found', MESSAGES.webhookDeliveryNotFound);
    delivery
      .given([requested])
      .when(retry({ endpointId: '1f8fad5b-d9cb-469f-a165-70867728950e' }))
      .thenThrows('not_found', MESSAGES.webhookDeliveryNotFound);
    delivery.given().when(retry()).thenThrows('not_found', MESSAGES.webhookDeliveryNotFound);
  });
});
