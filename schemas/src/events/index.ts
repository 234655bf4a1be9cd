import type { AccountEvent, ClaimEvent } from './account.ts';

export * from './account.ts';

/** Every event the product stores. A new feature adds its union here. */
export type DomainEvent = AccountEvent | ClaimEvent;
export type DomainEventType = DomainEvent['type'];

interface EventTypeInfo {
  /** Bumped when the data shape changes; readers upcast older versions. */
  readonly schemaVersion: number;
  /** Which data field names the owner whose key encrypts the personal fields. */
  readonly ownerField?: string;
  /** Fields holding personal data (KVKK): encrypted with the owner's key, gone when the key is destroyed. */
  readonly personalFields?: readonly string[];
}

export const EVENT_TYPES: { readonly [K in DomainEventType]: EventTypeInfo } = {
  AccountRegistered: { schemaVersion: 1, ownerField: 'userId', personalFields: ['email', 'firstName', 'lastName'] },
  PasswordChanged: { schemaVersion: 1 },
  EmailClaimed: { schemaVersion: 1 },
};

export function isDomainEventType(type: string): type is DomainEventType {
  return Object.prototype.hasOwnProperty.call(EVENT_TYPES, type);
}
