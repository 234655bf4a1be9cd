import type {
  ApplePassRegistered,
  ApplePassUnregistered,
  AppleUnregisterReason,
  WalletEvent,
} from '@kartvizit/schemas';
import type { Decider } from '@kartvizit/infra/commands/decider';

/**
 * Which devices hear about a pass's changes (issue 32), on the pass's stream `apple-pass-{cardId}`. Registering again
 * with the same push token changes nothing (Apple: 200 rather than 201); with a new token, or under a new holder, it
 * is recorded again. Unregistering a device that is not registered changes nothing.
 */
export interface AppleDevice {
  readonly ownerId: string;
  readonly pushToken: string;
}

export interface ApplePassState {
  /** Registered devices by device key. */
  readonly devices: ReadonlyMap<string, AppleDevice>;
}

export interface RegisterAppleDevice {
  readonly type: 'RegisterAppleDevice';
  readonly data: {
    readonly ownerId: string;
    readonly cardId: string;
    readonly deviceKey: string;
    readonly pushToken: string;
    readonly now: string;
  };
}

export interface UnregisterAppleDevice {
  readonly type: 'UnregisterAppleDevice';
  readonly data: {
    readonly cardId: string;
    readonly deviceKey: string;
    readonly reason: AppleUnregisterReason;
    readonly now: string;
  };
}

export type ApplePassCommand = RegisterAppleDevice | UnregisterAppleDevice;

function evolve(state: ApplePassState, event: WalletEvent): ApplePassState {
  const devices = new Map(state.devices);
  switch (event.type) {
    case 'ApplePassRegistered':
      devices.set(event.data.deviceKey, { ownerId: event.data.ownerId, pushToken: event.data.pushToken });
      return { devices };
    case 'ApplePassUnregistered':
      devices.delete(event.data.deviceKey);
      return { devices };
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

function decide(command: ApplePassCommand, state: ApplePassState): WalletEvent[] {
  switch (command.type) {
    case 'RegisterAppleDevice': {
      const { ownerId, cardId, deviceKey, pushToken, now } = command.data;
      const known = state.devices.get(deviceKey);
      if (known && known.pushToken === pushToken && known.ownerId === ownerId) return [];
      const registered: ApplePassRegistered = {
        type: 'ApplePassRegistered',
        data: { ownerId, cardId, deviceKey, pushToken, registeredAt: now },
      };
      return [registered];
    }
    case 'UnregisterAppleDevice': {
      const { cardId, deviceKey, reason, now } = command.data;
      const known = state.devices.get(deviceKey);
      if (!known) return [];
      const unregistered: ApplePassUnregistered = {
        type: 'ApplePassUnregistered',
        data: { ownerId: known.ownerId, cardId, deviceKey, reason, unregisteredAt: now },
      };
      return [unregistered];
    }
    default: {
      const unhandled: never = command;
      return unhandled;
    }
  }
}

export const applePassDecider: Decider<ApplePassState, ApplePassCommand, WalletEvent> = {
  initialState: { devices: new Map() },
  evolve,
  decide,
};
