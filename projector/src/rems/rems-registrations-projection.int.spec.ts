import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  leadStreamId,
  remsRegistrationStreamId,
  type LeadDeleted,
  type RemsFailureReason,
  type RemsRegistrationEvent,
} from '@kartvizit/schemas';
import { createTestDatabase, type TestDatabase } from '@kartvizit/infra/db/test-database';
import { projectionSpecification } from '../core/projection-specification.ts';
import { remsRegistrationsProjection } from './rems-registrations-projection.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

type Event = RemsRegistrationEvent | LeadDeleted;

const spec = projectionSpecification(remsRegistrationsProjection, {
  pool: () => database.pool,
  streamOf: (event: Event) =>
    event.type === 'LeadDeleted'
      ? leadStreamId(event.data.leadId)
      : remsRegistrationStreamId(event.data.registrationId),
});

const MONDAY = '2026-11-23T09:00:00.000Z';
const MONDAY_LATER = '2026-11-23T09:00:05.000Z';
const TUESDAY = '2026-11-24T10:30:00.000Z';
const WEDNESDAY = '2026-11-25T08:15:00.000Z';

const requested = (registrationId: string, ownerId: string, at = MONDAY, productId: string | null = null): Event => ({
  type: 'RemsRegistrationRequested',
  data: {
    registrationId,
    ownerId,
    cardId: 'VC-ABC123',
    firstName: 'Çağrı',
    lastName: 'Öztürk',
    phoneNumber: '5321234567',
    customerType: 'BUYER',
    email: 'cagri@ornek.com.tr',
    province: '34',
    provinceName: 'İstanbul',
    district: 'Kadıköy',
    districtName: 'Kadıköy',
    address: null,
    notes: null,
    marketingConsent: false,
    noticeVersion: '2026-01',
    requestedAt: at,
    productId,
  },
});
/** A registration as schema version 1 wrote it, before listings (issue 33): no `productId` at all. */
const requestedBeforeListings = (registrationId: string, ownerId: string): Event => {
  const event = requested(registrationId, ownerId);
  const data: Record<string, unknown> = { ...event.data };
  delete data.productId;
  return { ...event, data } as unknown as Event;
};
const delivered = (registrationId: string, ownerId: string, at = MONDAY_LATER): Event => ({
  type: 'RemsCustomerDelivered',
  data: { registrationId, ownerId, remsCustomerId: 'rems-cus-1', deliveredAt: at },
});
const failed = (
  registrationId: string,
  ownerId: string,
  reason: RemsFailureReason,
  message: string | null = null,
  at = MONDAY_LATER,
): Event => ({
  type: 'RemsRegistrationFailed',
  data: { registrationId, ownerId, reason, message, failedAt: at },
});
const retried = (registrationId: string, ownerId: string, after: RemsFailureReason, at = TUESDAY): Event => ({
  type: 'RemsRegistrationRetried',
  data: { registrationId, ownerId, after, retriedAt: at },
});
const leadDeleted = (leadId: string, ownerId: string): Event => ({
  type: 'LeadDeleted',
  data: { leadId, ownerId, deletedAt: WEDNESDAY },
});

describe('the REMS registrations projection', () => {
  it('given nothing, when a visitor registers, then the row is pending with the decrypted name and phone', async () => {
    const [id, owner] = [randomUUID(), randomUUID()];
    await spec
      .given()
      .when([requested(id, owner)])
      .then({
        rems_registrations: [
          {
            registration_id: id,
            owner_id: owner,
            card_id: 'VC-ABC123',
            customer_name: 'Çağrı Öztürk',
            customer_phone: '5321234567',
            customer_type: 'BUYER',
            product_id: null,
            status: 'pending',
            failure_reason: null,
            rems_message: null,
            created_at: MONDAY,
            status_changed_at: null,
            last_stream_position: 0,
          },
        ],
      });
  });

  it('given nothing, when visitors register from a listing and from before listings, then the row names the listing or none', async () => {
    const [fromListing, older, owner, listing] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await spec
      .given()
      .when([requested(fromListing, owner, MONDAY, listing), requestedBeforeListings(older, owner)])
      .then({
        rems_registrations: [
          { registration_id: fromListing, product_id: listing, status: 'pending' },
          { registration_id: older, product_id: null, status: 'pending' },
        ].sort((a, b) => (a.registration_id < b.registration_id ? -1 : 1)),
      });
  });

  it('given a registration from a listing, when REMS takes it in a later batch, then it still names the listing', async () => {
    const [id, owner, listing] = [randomUUID(), randomUUID(), randomUUID()];
    await spec
      .given([requested(id, owner, MONDAY, listing)])
      .when([delivered(id, owner)])
      .then({ rems_registrations: [{ registration_id: id, product_id: listing, status: 'delivered' }] });
  });

  it('given a pending registration, when REMS takes it in a later batch, then it is delivered', async () => {
    const [id, owner] = [randomUUID(), randomUUID()];
    await spec
      .given([requested(id, owner)])
      .when([delivered(id, owner)])
      .then({
        rems_registrations: [
          { registration_id: id, status: 'delivered', status_changed_at: MONDAY_LATER, last_stream_position: 1 },
        ],
      });
  });

  it('given nothing, when a registration is requested and rejected in one batch, then it is failed with REMS’s words', async () => {
    const [id, owner] = [randomUUID(), randomUUID()];
    await spec
      .given()
      .when([requested(id, owner), failed(id, owner, 'rejected', 'Telefon numarası geçersiz')])
      .then({
        rems_registrations: [
          {
            registration_id: id,
            status: 'failed',
            failure_reason: 'rejected',
            rems_message: 'Telefon numarası geçersiz',
            last_stream_position: 1,
          },
        ],
      });
  });

  it('given a failed registration, when the owner retries and REMS then takes it, then the last outcome wins', async () => {
    const [id, owner] = [randomUUID(), randomUUID()];
    await spec
      .given([requested(id, owner), failed(id, owner, 'key_removed')], [retried(id, owner, 'key_removed')])
      .when([delivered(id, owner, WEDNESDAY)])
      .then({
        rems_registrations: [
          {
            registration_id: id,
            status: 'delivered',
            failure_reason: null,
            rems_message: null,
            status_changed_at: WEDNESDAY,
            last_stream_position: 3,
          },
        ],
      });
  });

  it('given a failed registration, when it is retried, then it waits again without its old reason', async () => {
    const [id, owner] = [randomUUID(), randomUUID()];
    await spec
      .given([requested(id, owner), failed(id, owner, 'rejected', 'Eksik bilgi')])
      .when([retried(id, owner, 'rejected')])
      .then({
        rems_registrations: [
          {
            registration_id: id,
            status: 'pending',
            failure_reason: null,
            rems_message: null,
            status_changed_at: TUESDAY,
          },
        ],
      });
  });

  it('given a delivered registration, when an old batch is delivered late, then the newer outcome stands', async () => {
    const [id, owner] = [randomUUID(), randomUUID()];
    await spec
      .given(
        [requested(id, owner), failed(id, owner, 'gave_up')],
        [retried(id, owner, 'gave_up'), delivered(id, owner)],
      )
      .whenBatchRedelivered(0)
      .then({ rems_registrations: [{ registration_id: id, status: 'delivered', last_stream_position: 3 }] });
  });

  it('given a registration, when its lead is deleted, then its row goes and a replay does not bring it back', async () => {
    const [id, other, owner] = [randomUUID(), randomUUID(), randomUUID()];
    await spec
      .given([requested(id, owner), requested(other, owner)], [delivered(id, owner)], [leadDeleted(id, owner)])
      .whenRedelivered()
      .then({
        rems_registrations: [{ registration_id: other, status: 'pending' }],
        rems_registration_erasures: [{ registration_id: id }],
      });
  });

  it('given a registration whose key was forgotten before it was projected, when it arrives, then no row is written', async () => {
    const [id, owner] = [randomUUID(), randomUUID()];
    await spec
      .given()
      .forget(id)
      .when([requested(id, owner), failed(id, owner, 'key_removed')])
      .then({ rems_registrations: [], rems_registration_erasures: [{ registration_id: id }] });
  });

  it('given two owners’ registrations, when one owner deletes their account, then only the other’s remain, even after a late outcome', async () => {
    const [mine, theirs, me, them] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await spec
      .given([requested(mine, me), requested(theirs, them)])
      .when([{ type: 'AccountDeleted', data: { userId: me, deletedAt: TUESDAY } }], [delivered(mine, me)])
      .then({ rems_registrations: [{ registration_id: theirs, owner_id: them, status: 'pending' }] });
  });
});
