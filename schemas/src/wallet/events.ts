import type { EventRegistry } from '../common/event-type-info.ts';
import type { AppleUnregisterReason } from './model.ts';

/**
 * Apple Wallet's pass web service (issue 32): one stream per pass, `apple-pass-{cardId}` (the pass's serial number is
 * the card id), holding which devices asked to hear about its changes. A device is named by `deviceKey`, a keyed hash
 * of Wallet's device library identifier (which Apple uses as a shared secret, so it is never stored as it came); its
 * APNs push token is a device identifier, sealed under the key of the card's holder at registration (`ownerId`). The
 * pass's authentication token is derived from the card id and never stored.
 */

/** A device registered the pass (or registered it again, with a new push token). */
export interface ApplePassRegistered {
  readonly type: 'ApplePassRegistered';
  readonly data: {
    /** Who held the card when the device registered: the key the push token is sealed under. */
    readonly ownerId: string;
    readonly cardId: string;
    readonly deviceKey: string;
    readonly pushToken: string;
    readonly registeredAt: string;
  };
}

/** The device no longer hears about the pass: Wallet unregistered it, or APNs answered that its token is gone. */
export interface ApplePassUnregistered {
  readonly type: 'ApplePassUnregistered';
  readonly data: {
    readonly ownerId: string;
    readonly cardId: string;
    readonly deviceKey: string;
    readonly reason: AppleUnregisterReason;
    readonly unregisteredAt: string;
  };
}

export type WalletEvent = ApplePassRegistered | ApplePassUnregistered;

export function applePassStreamId(cardId: string): string {
  return `apple-pass-${cardId}`;
}

export const WALLET_EVENT_TYPES: EventRegistry<WalletEvent> = {
  ApplePassRegistered: { schemaVersion: 1, ownerField: 'ownerId', personalFields: ['pushToken'] },
  ApplePassUnregistered: { schemaVersion: 1 },
};
