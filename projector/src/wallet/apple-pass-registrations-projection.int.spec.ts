import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { applePassStreamId, type WalletEvent } from '@kartvizit/schemas';
import { createTestDatabase, type TestDatabase } from '@kartvizit/infra/db/test-database';
import { projectionSpecification } from '../core/projection-specification.ts';
import { applePassRegistrationsProjection } from './apple-pass-registrations-projection.ts';

/**
 * Which device hears about which Apple Wallet pass (issue 32), given events / when events / then rows on real
 * PostgreSQL (stream positions count from 0). The push token arrives sealed under the card holder's key (the spec
 * seals it as the store would), so a destroyed key leaves no row, and a deleted account takes its rows with it.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

const spec = projectionSpecification(applePassRegistrationsProjection, {
  pool: () => database.pool,
  streamOf: (event) => applePassStreamId(event.data.cardId),
});

const MONDAY = '2026-11-23T09:00:00.000Z';
const TUESDAY = '2026-11-24T10:30:00.000Z';
const PHONE = 'device-key-phone';
const WATCH = 'device-key-watch';
const PHONE_TOKEN = 'ab'.repeat(32);
const WATCH_TOKEN = 'cd'.repeat(32);
const NEW_TOKEN = 'ef'.repeat(32);

const registered = (
  ownerId: string,
  cardId: string,
  deviceKey = PHONE,
  pushToken = PHONE_TOKEN,
  at = MONDAY,
): WalletEvent => ({
  type: 'ApplePassRegistered',
  data: { ownerId, cardId, deviceKey, pushToken, registeredAt: at },
});
const unregistered = (
  ownerId: string,
  cardId: string,
  deviceKey = PHONE,
  reason: 'device' | 'apns-gone' = 'device',
): WalletEvent => ({
  type: 'ApplePassUnregistered',
  data: { ownerId, cardId, deviceKey, reason, unregisteredAt: TUESDAY },
});

describe('the Apple pass registrations projection', () => {
  it('given nothing, when two devices register one pass, then each has an active row with its push token opened', async () => {
    const ownerId = randomUUID();
    const cardId = 'VC-WALLET1';
    await spec
      .given()
      .when([registered(ownerId, cardId), registered(ownerId, cardId, WATCH, WATCH_TOKEN)])
      .then({
        apple_pass_registrations: [
          {
            device_key: PHONE,
            card_id: cardId,
            owner_id: ownerId,
            push_token: PHONE_TOKEN,
            active: true,
            registered_at: MONDAY,
            last_stream_position: 0,
          },
          {
            device_key: WATCH,
            card_id: cardId,
            owner_id: ownerId,
            push_token: WATCH_TOKEN,
            active: true,
            registered_at: MONDAY,
            last_stream_position: 1,
          },
        ],
      });
  });

  it('given a registration, when the device registers again with a new token, then its one row holds the new token', async () => {
    const ownerId = randomUUID();
    const cardId = 'VC-WALLET2';
    await spec
      .given([registered(ownerId, cardId)])
      .when([registered(ownerId, cardId, PHONE, NEW_TOKEN, TUESDAY)])
      .then({
        apple_pass_registrations: [
          {
            device_key: PHONE,
            card_id: cardId,
            push_token: NEW_TOKEN,
            active: true,
            registered_at: TUESDAY,
            last_stream_position: 1,
          },
        ],
      });
  });

  it('given a registration, when the device unregisters, then its row is off and keeps no push token; the other device is untouched', async () => {
    const ownerId = randomUUID();
    const cardId = 'VC-WALLET3';
    await spec
      .given([registered(ownerId, cardId), registered(ownerId, cardId, WATCH, WATCH_TOKEN)])
      .when([unregistered(ownerId, cardId, PHONE, 'apns-gone')])
      .then({
        apple_pass_registrations: [
          {
            device_key: PHONE,
            card_id: cardId,
            owner_id: ownerId,
            push_token: '',
            active: false,
            last_stream_position: 2,
          },
          {
            device_key: WATCH,
            card_id: cardId,
            owner_id: ownerId,
            push_token: WATCH_TOKEN,
            active: true,
            last_stream_position: 1,
          },
        ],
      });
  });

  it('given an unregistration, when the older registration is delivered again, then the device stays unregistered', async () => {
    const ownerId = randomUUID();
    const cardId = 'VC-WALLET4';
    await spec
      .given([registered(ownerId, cardId)], [unregistered(ownerId, cardId)])
      .whenBatchRedelivered(0)
      .then({
        apple_pass_registrations: [
          { device_key: PHONE, card_id: cardId, push_token: '', active: false, last_stream_position: 1 },
        ],
      });
  });

  it('given an owner whose key is destroyed, when their sealed registration arrives, then no row names the device', async () => {
    const ownerId = randomUUID();
    await spec
      .given()
      .forget(ownerId)
      .when([registered(ownerId, 'VC-WALLET5')])
      .then({ apple_pass_registrations: [] });
  });

  it("given two owners' registrations, when one deletes their account, then only the other's rows remain", async () => {
    const leaving = randomUUID();
    const staying = randomUUID();
    await spec
      .given([registered(leaving, 'VC-WALLET6'), registered(staying, 'VC-WALLET7', WATCH, WATCH_TOKEN)])
      .when([{ type: 'AccountDeleted', data: { userId: leaving, deletedAt: TUESDAY } } as const])
      .then({
        apple_pass_registrations: [
          { device_key: WATCH, card_id: 'VC-WALLET7', owner_id: staying, push_token: WATCH_TOKEN, active: true },
        ],
      });
  });
});
