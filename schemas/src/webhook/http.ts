import { Type, type Static } from 'typebox';
import { literalUnion, Position } from '../common/http.ts';
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_NAMES,
  WEBHOOK_FAILURE_REASONS,
  WEBHOOK_SKIP_REASONS,
  WEBHOOK_SUBSCRIPTIONS,
} from './model.ts';

/**
 * The webhooks API (issue 35): `POST /api/webhooks {url, events}` → `{ data: { id, secret } }`, `GET /api/webhooks`,
 * `PATCH /api/webhooks/{id}`, `DELETE /api/webhooks/{id}`, `GET /api/webhooks/{id}/deliveries`,
 * `POST /api/webhooks/{id}/deliveries/{deliveryId}/retry`. The shapes are loose where the shared rules give the
 * Turkish message (an unknown event name is the rules' 400, not the schema's).
 */
export const AddWebhookBody = Type.Object(
  {
    url: Type.String({ maxLength: 4_000 }),
    events: Type.Array(Type.String({ maxLength: 100 }), { maxItems: 50 }),
    /** Names, phone numbers, e-mail addresses and messages in the bodies; default true. */
    personalData: Type.Optional(Type.Boolean()),
    /** The office the endpoint is for (its admins only): it hears of the office's cards and leads. Absent: the owner's. */
    officeId: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type AddWebhookBody = Static<typeof AddWebhookBody>;

export const ChangeWebhookBody = Type.Object(
  {
    events: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 50 })),
    personalData: Type.Optional(Type.Boolean()),
    /** true resumes a paused endpoint; false pauses it by hand. */
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ChangeWebhookBody = Static<typeof ChangeWebhookBody>;

export const WebhookParams = Type.Object({ id: Type.String({ maxLength: 100 }) }, { additionalProperties: false });
export const WebhookDeliveryParams = Type.Object(
  { id: Type.String({ maxLength: 100 }), deliveryId: Type.String({ maxLength: 100 }) },
  { additionalProperties: false },
);

export const AddWebhookResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  data: Type.Object({
    id: Type.String(),
    /** `whsec_…`: shown this once; the receiver verifies signatures with it. */
    secret: Type.String(),
  }),
  position: Position,
});
export type AddWebhookResponse = Static<typeof AddWebhookResponse>;

export const WebhookCommandResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  /** Absent when nothing changed (a change to what it already was). */
  position: Type.Optional(Position),
});
export type WebhookCommandResponse = Static<typeof WebhookCommandResponse>;

export const WebhookView = Type.Object({
  id: Type.String(),
  /** The office whose endpoint it is (shown to its admins); null: the owner's own. */
  officeId: Type.Union([Type.String(), Type.Null()]),
  url: Type.String(),
  events: Type.Array(literalUnion(WEBHOOK_SUBSCRIPTIONS)),
  personalData: Type.Boolean(),
  status: literalUnion(['active', 'paused'] as const),
  createdAt: Type.String(),
  /** The first failure since the last success; null while it is well. */
  failingSince: Type.Union([Type.String(), Type.Null()]),
  pausedAt: Type.Union([Type.String(), Type.Null()]),
  /** Paused after three days of failures (true) or by hand (false); false while active. */
  pausedAutomatically: Type.Boolean(),
  lastDeliveryAt: Type.Union([Type.String(), Type.Null()]),
  lastDeliveryStatus: Type.Union([literalUnion(WEBHOOK_DELIVERY_STATUSES), Type.Null()]),
});
export type WebhookView = Static<typeof WebhookView>;

export const WebhooksResponse = Type.Object({
  success: Type.Literal(true),
  data: Type.Array(WebhookView),
});
export type WebhooksResponse = Static<typeof WebhooksResponse>;

export const WebhookDeliveryView = Type.Object({
  id: Type.String(),
  eventName: literalUnion(WEBHOOK_EVENT_NAMES),
  status: literalUnion(WEBHOOK_DELIVERY_STATUSES),
  attempts: Type.Integer(),
  createdAt: Type.String(),
  lastAttemptAt: Type.Union([Type.String(), Type.Null()]),
  /** The receiver's last HTTP status; null when it never answered. */
  responseStatus: Type.Union([Type.Integer(), Type.Null()]),
  /** The last answer's first bytes. */
  responseExcerpt: Type.String(),
  failureReason: Type.Union([literalUnion(WEBHOOK_FAILURE_REASONS), Type.Null()]),
  skipReason: Type.Union([literalUnion(WEBHOOK_SKIP_REASONS), Type.Null()]),
});
export type WebhookDeliveryView = Static<typeof WebhookDeliveryView>;

export const WebhookDeliveriesResponse = Type.Object({
  success: Type.Literal(true),
  /** Newest first, the last 100. */
  data: Type.Array(WebhookDeliveryView),
});
export type WebhookDeliveriesResponse = Static<typeof WebhookDeliveriesResponse>;
