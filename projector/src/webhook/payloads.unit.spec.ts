import { describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import { webhookBodySchema } from '@kartvizit/schemas/webhook/payloads';
import type { Checkpoint } from '@kartvizit/infra/event-store/types';
import type { StoredEvent } from '@kartvizit/infra/vault/event-codec';
import { WEBHOOK_SOURCES, webhookDeliveryId, webhookPayload, type WebhookSource } from './payloads.ts';

const owner = '5f0c8f6e-6b8f-4b7e-9a5e-2f1f0b7c9d11';
const at = '2026-11-29T10:30:00.000Z';
const product = {
  name: 'Deniz Manzaralı Daire',
  description: 'Üç oda bir salon',
  price: { value: 8_750_000, currency: 'TRY' },
  images: [],
  externalLink: '',
  url: '',
  actionButton: 'none',
  category: 'Konut',
  tags: [],
  features: [],
  stock: null,
  translations: {},
  kind: 'listing',
  listing: null,
} as unknown as Extract<WebhookSource, { type: 'ProductCreated' }>['data']['product'];

/** One event of each kind the webhooks tell of, as the log holds them. */
const EXAMPLES: readonly WebhookSource[] = [
  {
    type: 'LeadSubmitted',
    data: {
      leadId: 'lead-1',
      ownerId: owner,
      cardId: 'VC-ABC123',
      fullName: 'Çağrı Öztürk',
      phone: '+905321234567',
      email: '',
      message: 'Merhaba',
      marketingConsent: true,
      noticeVersion: '1',
      submittedAt: at,
    },
  },
  {
    type: 'LeadStatusChanged',
    data: { leadId: 'lead-1', ownerId: owner, status: 'called', changedAt: at, officeId: 'office-1' },
  },
  { type: 'LeadNoteChanged', data: { leadId: 'lead-1', ownerId: owner, note: 'Salı aranacak', changedAt: at } },
  {
    type: 'RemsRegistrationRequested',
    data: {
      registrationId: 'reg-1',
      ownerId: owner,
      cardId: 'VC-ABC123',
      firstName: 'Çağrı',
      lastName: 'Öztürk',
      phoneNumber: '5321234567',
      customerType: 'BUYER',
      email: null,
      province: '34',
      provinceName: 'İstanbul',
      district: '1',
      districtName: 'Kadıköy',
      address: null,
      notes: null,
      marketingConsent: false,
      noticeVersion: '1',
      requestedAt: at,
      productId: null,
    },
  },
  {
    type: 'MeetingScheduled',
    data: {
      meetingId: 'meeting-1',
      ownerId: owner,
      provider: 'calendly',
      title: 'Calendly randevu linki',
      startTime: null,
      endTime: null,
      link: 'https://calendly.com/d/abc',
      externalId: null,
      attendees: [],
      scheduledAt: at,
    },
  },
  { type: 'CardActivated', data: { cardId: 'VC-ABC123', ownerId: owner, name: 'Ofis', activatedAt: at } },
  { type: 'CardReactivated', data: { cardId: 'VC-ABC123', ownerId: owner, at } },
  { type: 'CardDeactivated', data: { cardId: 'VC-ABC123', ownerId: owner, at } },
  {
    type: 'ProductCreated',
    data: { productId: 'p-1', ownerId: owner, product, isActive: true, featured: false, order: 0, createdAt: at },
  },
  { type: 'ProductEdited', data: { productId: 'p-1', ownerId: owner, product, editedAt: at } },
  { type: 'ProductActivated', data: { productId: 'p-1', ownerId: owner, at } },
  { type: 'ProductDeactivated', data: { productId: 'p-1', ownerId: owner, at } },
  { type: 'ProductFeatured', data: { productId: 'p-1', ownerId: owner, at } },
  { type: 'ProductUnfeatured', data: { productId: 'p-1', ownerId: owner, at } },
  { type: 'ProductDeleted', data: { productId: 'p-1', ownerId: owner, deletedAt: at } },
];

function stored(event: WebhookSource): StoredEvent<WebhookSource> {
  return {
    ...event,
    eventId: '0f8fad5b-d9cb-469f-a165-70867728950e',
    streamId: 'stream',
    streamPosition: 0,
    position: '1:1' as Checkpoint,
    metadata: {},
    createdAt: new Date(at),
    forgotten: false,
  };
}

describe('webhook bodies', () => {
  it('tells of every source the fan-out handles', () => {
    expect(new Set(EXAMPLES.map((event) => event.type))).toEqual(new Set(Object.keys(WEBHOOK_SOURCES)));
  });

  it.each(EXAMPLES.map((event) => [event.type, event] as const))(
    'builds %s as its documented schema says, with and without personal data',
    (_type, event) => {
      const name = WEBHOOK_SOURCES[event.type];
      for (const personalData of [true, false]) {
        const body: unknown = JSON.parse(webhookPayload(stored(event), personalData));
        const problems = [...Value.Errors(webhookBodySchema(name), body)].map(
          (error) => `${error.instancePath} ${error.message}`,
        );
        expect(problems, JSON.stringify(body)).toEqual([]);
      }
    },
  );

  it('leaves out names, phones, e-mails, messages and notes when the owner says so', () => {
    for (const event of EXAMPLES) {
      const text = webhookPayload(stored(event), false);
      for (const personal of [
        'Çağrı',
        'Öztürk',
        '5321234567',
        'Merhaba',
        'Salı aranacak',
        'calendly.com',
        'Calendly randevu linki',
      ])
        expect(text).not.toContain(personal);
    }
  });

  it('names each delivery by its event and endpoint, the same every time', () => {
    const id = webhookDeliveryId('event-1', 'endpoint-1');
    expect(id).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(webhookDeliveryId('event-1', 'endpoint-1')).toBe(id);
    expect(webhookDeliveryId('event-1', 'endpoint-2')).not.toBe(id);
  });
});
