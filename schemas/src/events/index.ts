import { ACCOUNT_EVENT_TYPES, type AccountEvent, type ClaimEvent, type ErasureEvent } from './account.ts';
import type { EventRegistry } from './event-type-info.ts';
import { PROFILE_EVENT_TYPES, type ProfileEvent } from './profile.ts';
import { CARD_EVENT_TYPES, type CardClaimEvent, type CardEvent } from './card.ts';
import { LEAD_EVENT_TYPES, type LeadClaimEvent, type LeadEvent } from './lead.ts';
import { TELEMETRY_EVENT_TYPES, type TelemetryEvent, type WebVitalsReported } from './telemetry.ts';
import { PRODUCT_EVENT_TYPES, type ProductEvent } from './product.ts';
import { REACTION_EVENT_TYPES, type ReactionEvent } from './reaction.ts';
import { MAIL_EVENT_TYPES, type MailEvent } from './mail.ts';
import { REMS_EVENT_TYPES, REMS_REGISTRATION_EVENT_TYPES, type RemsEvent, type RemsRegistrationEvent } from './rems.ts';
import { MEETING_EVENT_TYPES, type MeetingEvent } from './meeting.ts';

export * from './account.ts';
export * from './event-type-info.ts';
export * from './profile.ts';
export * from './card.ts';
export * from './lead.ts';
export * from './telemetry.ts';
export * from './product.ts';
export * from './reaction.ts';
export * from './mail.ts';
export * from './rems.ts';
export * from './meeting.ts';

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
  | MeetingEvent;
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
};

export function isDomainEventType(type: string): type is DomainEventType {
  return Object.prototype.hasOwnProperty.call(EVENT_TYPES, type);
}
