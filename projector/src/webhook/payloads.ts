import { createHash } from 'node:crypto';
import {
  WEBHOOK_PAYLOAD_VERSION,
  type CardActivated,
  type CardDeactivated,
  type CardReactivated,
  type LeadNoteChanged,
  type LeadStatusChanged,
  type LeadSubmitted,
  type MeetingScheduled,
  type ProductActivated,
  type ProductCreated,
  type ProductDeactivated,
  type ProductDeleted,
  type ProductEdited,
  type ProductFeatured,
  type ProductUnfeatured,
  type RemsRegistrationRequested,
  type WebhookEventName,
} from '@kartvizit/schemas';
import type { StoredEvent } from '@kartvizit/infra/vault/event-codec';

/** The events of the log a webhook tells of (issue 35; docs/webhooks.md gives each body's schema). */
export type WebhookSource =
  | LeadSubmitted
  | LeadStatusChanged
  | LeadNoteChanged
  | RemsRegistrationRequested
  | MeetingScheduled
  | CardActivated
  | CardReactivated
  | CardDeactivated
  | ProductCreated
  | ProductEdited
  | ProductActivated
  | ProductDeactivated
  | ProductFeatured
  | ProductUnfeatured
  | ProductDeleted;

/** Which event type each source is, as endpoints subscribe to it. */
export const WEBHOOK_SOURCES: Readonly<Record<WebhookSource['type'], WebhookEventName>> = {
  LeadSubmitted: 'lead.created',
  LeadStatusChanged: 'lead.updated',
  LeadNoteChanged: 'lead.updated',
  RemsRegistrationRequested: 'rems.registration.created',
  MeetingScheduled: 'meeting.scheduled',
  CardActivated: 'card.activated',
  CardReactivated: 'card.activated',
  CardDeactivated: 'card.deactivated',
  ProductCreated: 'product.created',
  ProductEdited: 'product.updated',
  ProductActivated: 'product.updated',
  ProductDeactivated: 'product.updated',
  ProductFeatured: 'product.updated',
  ProductUnfeatured: 'product.updated',
  ProductDeleted: 'product.deleted',
};

export const WEBHOOK_SOURCE_TYPES = Object.keys(WEBHOOK_SOURCES) as WebhookSource['type'][];

/** The Standard Webhooks `webhook-id` of one event to one endpoint: the same on every attempt, after any crash. */
export function webhookDeliveryId(sourceEventId: string, endpointId: string): string {
  return `msg_${createHash('sha256').update(`${sourceEventId}\u0000${endpointId}`).digest('hex').slice(0, 32)}`;
}

/**
 * Whose key seals the body: the visitor's own record (a lead, a REMS registration) when the body may name them, so
 * erasing the lead erases its deliveries' bodies too; the owner's otherwise.
 */
export function sealedUnder(event: WebhookSource): string {
  if (event.type === 'LeadSubmitted' || event.type === 'LeadNoteChanged') return event.data.leadId;
  if (event.type === 'RemsRegistrationRequested') return event.data.registrationId;
  return event.data.ownerId;
}

const PRODUCT_CHANGES = {
  ProductEdited: 'edited',
  ProductActivated: 'activated',
  ProductDeactivated: 'deactivated',
  ProductFeatured: 'featured',
  ProductUnfeatured: 'unfeatured',
} as const;

/** `data` of each event type, version 1. `personalData` false leaves out names, phones, e-mails and messages. */
function dataOf(event: WebhookSource, personalData: boolean): Record<string, unknown> {
  const office = (officeId: string | undefined) => (officeId ? { officeId } : {});
  switch (event.type) {
    case 'LeadSubmitted': {
      const d = event.data;
      return {
        leadId: d.leadId,
        cardId: d.cardId,
        ...office(d.officeId),
        submittedAt: d.submittedAt,
        marketingConsent: d.marketingConsent,
        ...(personalData
          ? { visitor: { fullName: d.fullName, phone: d.phone || null, email: d.email || null, message: d.message } }
          : {}),
      };
    }
    case 'LeadStatusChanged':
      return {
        leadId: event.data.leadId,
        ...office(event.data.officeId),
        status: event.data.status,
        changedAt: event.data.changedAt,
      };
    case 'LeadNoteChanged':
      return {
        leadId: event.data.leadId,
        ...office(event.data.officeId),
        ...(personalData ? { note: event.data.note } : {}),
        changedAt: event.data.changedAt,
      };
    case 'RemsRegistrationRequested': {
      const d = event.data;
      return {
        registrationId: d.registrationId,
        cardId: d.cardId,
        ...office(d.officeId),
        customerType: d.customerType,
        productId: d.productId ?? null,
        marketingConsent: d.marketingConsent,
        requestedAt: d.requestedAt,
        ...(personalData
          ? {
              customer: {
                firstName: d.firstName,
                lastName: d.lastName,
                phoneNumber: d.phoneNumber,
                email: d.email,
                province: d.provinceName,
                district: d.districtName,
                address: d.address,
                notes: d.notes,
              },
            }
          : {}),
      };
    }
    case 'MeetingScheduled': {
      const d = event.data;
      return {
        meetingId: d.meetingId,
        provider: d.provider,
        startTime: d.startTime,
        endTime: d.endTime,
        scheduledAt: d.scheduledAt,
        ...(personalData ? { title: d.title, link: d.link, attendees: d.attendees } : {}),
      };
    }
    case 'CardActivated':
      return { cardId: event.data.cardId, ...office(event.data.officeId), activatedAt: event.data.activatedAt };
    case 'CardReactivated':
      return { cardId: event.data.cardId, activatedAt: event.data.at };
    case 'CardDeactivated':
      return { cardId: event.data.cardId, deactivatedAt: event.data.at };
    case 'ProductCreated':
      return {
        productId: event.data.productId,
        product: productFacts(event.data.product),
        isActive: event.data.isActive,
        createdAt: event.data.createdAt,
      };
    case 'ProductEdited':
      return {
        productId: event.data.productId,
        change: 'edited',
        product: productFacts(event.data.product),
        changedAt: event.data.editedAt,
      };
    case 'ProductActivated':
    case 'ProductDeactivated':
    case 'ProductFeatured':
    case 'ProductUnfeatured':
      return { productId: event.data.productId, change: PRODUCT_CHANGES[event.type], changedAt: event.data.at };
    case 'ProductDeleted':
      return { productId: event.data.productId, deletedAt: event.data.deletedAt };
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

function productFacts(product: ProductCreated['data']['product']): Record<string, unknown> {
  return {
    kind: product.kind ?? 'product',
    name: product.name,
    description: product.description,
    price: product.price,
    category: product.category,
    url: product.url,
    images: product.images,
  };
}

/**
 * The JSON body a delivery signs and sends: `{ type, version, timestamp, data }` as Standard Webhooks recommends, the
 * time the thing happened, never the time of sending (a retry sends the same bytes).
 */
export function webhookPayload(event: StoredEvent<WebhookSource>, personalData: boolean): string {
  return JSON.stringify({
    type: WEBHOOK_SOURCES[event.type],
    version: WEBHOOK_PAYLOAD_VERSION,
    timestamp: event.createdAt.toISOString(),
    data: dataOf(event, personalData),
  });
}
