import { Type, type Static, type TSchema } from 'typebox';
import { literalUnion } from '../common/http.ts';
import { CUSTOMER_TYPES } from '../rems/rules.ts';
import { LEAD_STATUSES } from '../lead/events.ts';
import { MEETING_KINDS } from '../meeting/events.ts';
import { WEBHOOK_PAYLOAD_VERSION, type WebhookEventName } from './model.ts';

/**
 * The body of every webhook (issue 35), version 1: `{ type, version, timestamp, data }`, as Standard Webhooks
 * recommends, `timestamp` being when the thing happened (a resend sends the same bytes). Each event type's `data` is
 * written here once; docs/webhooks.md shows them, and a test checks every body the product builds against them.
 * Fields marked personal are present only when the endpoint's owner lets personal data through.
 */
const Instant = Type.String({ format: 'date-time' });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Office = { officeId: Type.Optional(Type.String({ description: 'Set when an office holds it (issue 30).' })) };

const ProductFacts = Type.Object({
  kind: literalUnion(['product', 'listing'] as const),
  name: Type.String(),
  description: Type.String(),
  price: Type.Unknown({ description: 'The price as the catalogue keeps it (value, currency, label).' }),
  category: Type.String(),
  url: Type.String(),
  images: Type.Array(Type.String()),
});

export const WEBHOOK_DATA_SCHEMAS = {
  'lead.created': Type.Object({
    leadId: Type.String(),
    cardId: Type.String(),
    ...Office,
    submittedAt: Instant,
    marketingConsent: Type.Boolean(),
    visitor: Type.Optional(
      Type.Object(
        {
          fullName: Type.String(),
          phone: Nullable(Type.String({ description: 'E.164' })),
          email: Nullable(Type.String()),
          message: Type.String(),
        },
        { description: 'Personal: only when the endpoint takes personal data.' },
      ),
    ),
  }),
  'lead.updated': Type.Object({
    leadId: Type.String(),
    ...Office,
    status: Type.Optional(literalUnion(LEAD_STATUSES)),
    note: Type.Optional(Type.String({ description: 'Personal: the owner’s note, when it changed.' })),
    changedAt: Instant,
  }),
  'rems.registration.created': Type.Object({
    registrationId: Type.String(),
    cardId: Type.String(),
    ...Office,
    customerType: literalUnion(CUSTOMER_TYPES),
    productId: Nullable(Type.String()),
    marketingConsent: Type.Boolean(),
    requestedAt: Instant,
    customer: Type.Optional(
      Type.Object(
        {
          firstName: Type.String(),
          lastName: Type.String(),
          phoneNumber: Type.String(),
          email: Nullable(Type.String()),
          province: Nullable(Type.String()),
          district: Nullable(Type.String()),
          address: Nullable(Type.String()),
          notes: Nullable(Type.String()),
        },
        { description: 'Personal.' },
      ),
    ),
  }),
  'meeting.scheduled': Type.Object({
    meetingId: Type.String(),
    provider: literalUnion(MEETING_KINDS),
    startTime: Nullable(Instant),
    endTime: Nullable(Instant),
    scheduledAt: Instant,
    title: Type.Optional(Type.String({ description: 'Personal.' })),
    link: Type.Optional(Nullable(Type.String({ description: 'Personal.' }))),
    attendees: Type.Optional(Type.Array(Type.String(), { description: 'Personal.' })),
  }),
  'card.activated': Type.Object({ cardId: Type.String(), ...Office, activatedAt: Instant }),
  'card.deactivated': Type.Object({ cardId: Type.String(), deactivatedAt: Instant }),
  'product.created': Type.Object({
    productId: Type.String(),
    product: ProductFacts,
    isActive: Type.Boolean(),
    createdAt: Instant,
  }),
  'product.updated': Type.Object({
    productId: Type.String(),
    change: literalUnion(['edited', 'activated', 'deactivated', 'featured', 'unfeatured'] as const),
    product: Type.Optional(ProductFacts),
    changedAt: Instant,
  }),
  'product.deleted': Type.Object({ productId: Type.String(), deletedAt: Instant }),
} as const satisfies Record<WebhookEventName, TSchema>;

/** The whole body of one event type. */
export function webhookBodySchema<Name extends WebhookEventName>(name: Name) {
  return Type.Object(
    {
      type: Type.Literal(name),
      version: Type.Literal(WEBHOOK_PAYLOAD_VERSION),
      timestamp: Instant,
      data: WEBHOOK_DATA_SCHEMAS[name],
    },
    { additionalProperties: false },
  );
}

export type WebhookBody<Name extends WebhookEventName> = Static<ReturnType<typeof webhookBodySchema<Name>>>;
