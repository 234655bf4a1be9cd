import { describe, it } from 'vitest';
import type { WalletEvent } from '@kartvizit/schemas';
import { deciderSpecification } from '@kartvizit/infra/commands/decider-specification';
import { applePassDecider, type ApplePassCommand } from './decider.ts';

const spec = deciderSpecification(applePassDecider);
const owner = '7a1d2c3e-4b5f-4a6b-8c7d-9e0f1a2b3c4d';
const nextHolder = '0b6c3a1e-2d4f-4e5a-9b8c-7d6e5f4a3b2c';
const cardId = 'VC-ABC123';
const monday = '2026-11-23T09:00:00.000Z';
const tuesday = '2026-11-24T10:30:00.000Z';
const device = 'device-key-1';
const token = 'ab'.repeat(32);
const otherToken = 'cd'.repeat(32);

const register = (pushToken = token, ownerId = owner): ApplePassCommand => ({
  type: 'RegisterAppleDevice',
  data: { ownerId, cardId, deviceKey: device, pushToken, now: tuesday },
});
const unregister = (): ApplePassCommand => ({
  type: 'UnregisterAppleDevice',
  data: { cardId, deviceKey: device, reason: 'device', now: tuesday },
});
const registered = (pushToken = token, at = monday, ownerId = owner): WalletEvent => ({
  type: 'ApplePassRegistered',
  data: { ownerId, cardId, deviceKey: device, pushToken, registeredAt: at },
});
const unregistered = (reason: 'device' | 'apns-gone' = 'device', at = tuesday): WalletEvent => ({
  type: 'ApplePassUnregistered',
  data: { ownerId: owner, cardId, deviceKey: device, reason, unregisteredAt: at },
});

describe('applePassDecider', () => {
  it('registers a new device', () => {
    spec
      .given([])
      .when(register())
      .then([registered(token, tuesday)]);
  });

  it('changes nothing when the device registers again with the same token (Apple: 200, not 201)', () => {
    spec.given([registered()]).when(register()).then([]);
  });

  it('records a new push token, and a registration under the card’s next holder', () => {
    spec
      .given([registered()])
      .when(register(otherToken))
      .then([registered(otherToken, tuesday)]);
    spec
      .given([registered()])
      .when(register(token, nextHolder))
      .then([registered(token, tuesday, nextHolder)]);
  });

  it('unregisters a registered device under the holder it registered with', () => {
    spec.given([registered()]).when(unregister()).then([unregistered()]);
  });

  it('changes nothing when an unknown device unregisters, or one APNs already removed', () => {
    spec.given([]).when(unregister()).then([]);
    spec
      .given([registered(), unregistered('apns-gone')])
      .when(unregister())
      .then([]);
  });

  it('registers again after an unregistration', () => {
    spec
      .given([registered(), unregistered()])
      .when(register())
      .then([registered(token, tuesday)]);
  });
});
