import { ACCOUNT_EVENT_TYPES, type AccountEvent, type ClaimEvent, type ErasureEvent } from './account/events.ts';
import type { EventRegistry } from './common/event-type-info.ts';
import { PROFILE_EVENT_TYPES, type ProfileEvent } from './profile/events.ts';
import { CARD_EVENT_TYPES, type CardClaimEvent, type CardEvent } from './card/events.ts';
import { LEAD_EVENT_TYPES, type LeadClaimEvent, type LeadEvent } from './lead/events.ts';
import { TELEMETRY_EVENT_TYPES, type TelemetryEvent, type WebVitalsReported } from './telemetry/events.ts';
import { PRODUCT_EVENT_TYPES, type ProductEvent } from './product/events.ts';
import { REACTION_EVENT_TYPES, type ReactionEvent } from './reaction/events.ts';
import { MAIL_EVENT_TYPES, type MailEvent } from './mail/events.ts';
import { REMS_EVENT_TYPES, REMS_REGISTRATION_EVENT_TYPES, type RemsEvent, type RemsRegistrationEvent } from './rems/events.ts';
import { MEETING_EVENT_TYPES, type MeetingEvent } from './meeting/events.ts';
import {
  OFFICE_EVENT_TYPES,
  type MembershipEvent,
  type OfficeEvent,
  type OfficeSlugClaimed,
  type OfficeErased,
} from './office/events.ts';
import { SHARE_EVENT_TYPES, type PersonalAddressClaimed, type ShareEvent } from './share/events.ts';
import { WALLET_EVENT_TYPES, type WalletEvent } from './wallet/events.ts';
import { HUBSPOT_EVENT_TYPES, type HubSpotEvent } from './hubspot/events.ts';
import { WEBHOOK_EVENT_TYPES, type WebhookEvent } from './webhook/events.ts';

export * from './account/events.ts';
export * from './common/event-type-info.ts';
export * from './profile/events.ts';
export * from './card/events.ts';
export * from './lead/events.ts';
export * from './telemetry/events.ts';
export * from './product/events.ts';
export * from './reaction/events.ts';
export * from './mail/events.ts';
export * from './rems/events.ts';
export * from './meeting/events.ts';
export * from './office/events.ts';
export * from './share/events.ts';
export * from './wallet/events.ts';
export * from './hubspot/events.ts';
export * from './webhook/events.ts';

/** Every event the product stores. A new feature adds its union and its registry here. */
export type DomainEvent =
  | AccountEvent
  | ClaimEvent
  | ErasureEvent
  | ProfileEvent
  | CardEvent
  | CardClaimEvent
  | LeadEvent
  | LeadClaimEvent
  | TelemetryEvent
  | WebVitalsReported
  | ProductEvent
  | ReactionEvent
  | MailEvent
  | RemsEvent
  | RemsRegistrationEvent
  | MeetingEvent
  | OfficeEvent
  | MembershipEvent
  | OfficeSlugClaimed
  | OfficeErased
  | ShareEvent
  | PersonalAddressClaimed
  | WalletEvent
  | WebhookEvent
  | HubSpotEvent;
export type DomainEventType = DomainEvent['type'];

export const EVENT_TYPES: EventRegistry<DomainEvent> = {
  ...ACCOUNT_EVENT_TYPES,
  ...PROFILE_EVENT_TYPES,
  ...CARD_EVENT_TYPES,
  ...LEAD_EVENT_TYPES,
  ...TELEMETRY_EVENT_TYPES,
  ...PRODUCT_EVENT_TYPES,
  ...REACTION_EVENT_TYPES,
  ...MAIL_EVENT_TYPES,
  ...REMS_EVENT_TYPES,
  ...REMS_REGISTRATION_EVENT_TYPES,
  ...MEETING_EVENT_TYPES,
  ...OFFICE_EVENT_TYPES,
  ...SHARE_EVENT_TYPES,
  ...WALLET_EVENT_TYPES,
  ...WEBHOOK_EVENT_TYPES,
  ...HUBSPOT_EVENT_TYPES,
};

export function isDomainEventType(type: string): type is DomainEventType {
  return Object.prototype.hasOwnProperty.call(EVENT_TYPES, type);
}
