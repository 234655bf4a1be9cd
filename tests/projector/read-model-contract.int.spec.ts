import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveKey } from '@kartvizit/infra/config/secrets';
import { createTestDatabase, type TestDatabase } from '@kartvizit/infra/db/test-database';
import { createEventStore } from '@kartvizit/infra/event-store/create';
import type { EventStore } from '@kartvizit/infra/event-store/types';
import {
  CARDS_PROJECTION,
  MEETINGS_PROJECTION,
  OFFICES_PROJECTION,
  PROFILES_PROJECTION,
  PRODUCTS_PROJECTION,
  QR_CARDS,
  REMS_KEYS_PROJECTION,
  REMS_REGISTRATIONS_PROJECTION,
  REACHABLE_PROFILES,
  RM_CARDS,
  RM_MEETINGS,
  RM_OFFICES,
  RM_OFFICE_HISTORY,
  RM_OFFICE_INVITATIONS,
  RM_OFFICE_MEMBERS,
  RM_OFFICE_MEMBER_CARDS,
  RM_CARD_HISTORY,
  RM_PROFILES,
  RM_PRODUCTS,
  RM_REMS_KEYS,
  RM_REMS_REGISTRATIONS,
  RM_PERSONAL_ADDRESSES,
  RM_SHARE_SETTINGS,
  SHARE_SETTINGS_PROJECTION,
  APPLE_PASS_REGISTRATIONS_PROJECTION,
  RM_APPLE_PASS_REGISTRATIONS,
  type ApplePassRegistrationsRow,
  type PersonalAddressRow,
  type ShareSettingsRow,
  SHOWN_CARDS,
  SHOWN_PRODUCTS,
  type CardHistoryRow,
  type CardsRow,
  type MeetingsRow,
  type OfficeHistoryRow,
  type OfficeInvitationsRow,
  type OfficeMemberCardsRow,
  type OfficeMembersRow,
  type OfficesRow,
  type ProfilesRow,
  type ProductsRow,
  type RemsKeysRow,
  type RemsRegistrationsRow,
} from '@kartvizit/infra/read-models/contract';
import { EventCodec } from '@kartvizit/infra/vault/event-codec';
import { PersonalDataVault } from '@kartvizit/infra/vault/personal-data-vault';
import { cardsProjection } from '@kartvizit/projector/card/cards-projection';
import { readModelName, type Projection } from '@kartvizit/infra/processing/projection';
import { initialiseProjection } from '@kartvizit/infra/processing/rebuild';
import { profilesProjection } from '@kartvizit/projector/profile/profiles-projection';
import { productsProjection } from '@kartvizit/projector/product/products-projection';
import { remsKeysProjection } from '@kartvizit/projector/rems/rems-projection';
import { remsRegistrationsProjection } from '@kartvizit/projector/rems/rems-registrations-projection';
import { meetingsProjection } from '@kartvizit/projector/meeting/meetings-projection';
import { officesProjection } from '@kartvizit/projector/office/offices-projection';
import { shareSettingsProjection } from '@kartvizit/projector/share/share-projection';
import { applePassRegistrationsProjection } from '@kartvizit/projector/wallet/apple-pass-registrations-projection';

/**
 * The read-model contract (infra/src/read-models/contract.ts) against what the projector really creates: the same
 * projection and view names, the same columns as the row types, and clauses PostgreSQL accepts. A column renamed in
 * a projection fails here; one renamed in the contract fails the typecheck of the lists below.
 */
let database: TestDatabase;
let store: EventStore;

// Record<keyof Row, true>: the compiler insists on every column of the row type, and on no other.
const CARD_COLUMNS: Record<keyof CardsRow, true> = {
  card_id: true,
  type: true,
  color: true,
  owner_id: true,
  name: true,
  batch_id: true,
  is_activated: true,
  is_active: true,
  activated_at: true,
  qr_version: true,
  created_at: true,
  owned_at: true,
  office_id: true,
  handed_at: true,
  last_stream_position: true,
};
const CARD_HISTORY_COLUMNS: Record<keyof CardHistoryRow, true> = {
  card_id: true,
  stream_position: true,
  type: true,
  at: true,
};
const PROFILE_COLUMNS: Record<keyof ProfilesRow, true> = {
  owner_id: true,
  profile_id: true,
  data: true,
  searchable: true,
  created_at: true,
  updated_at: true,
  forgotten: true,
  last_stream_position: true,
};
const PRODUCT_COLUMNS: Record<keyof ProductsRow, true> = {
  product_id: true,
  owner_id: true,
  data: true,
  is_active: true,
  featured: true,
  sort_order: true,
  created_at: true,
  updated_at: true,
  deleted: true,
  authorisation: true,
  authorisation_ended: true,
  authorisation_deadline: true,
  last_stream_position: true,
};
const REMS_KEY_COLUMNS: Record<keyof RemsKeysRow, true> = {
  owner_id: true,
  active: true,
  key_hint: true,
  saved_at: true,
  removed_at: true,
  last_stream_position: true,
};

const SHARE_SETTINGS_COLUMNS: Record<keyof ShareSettingsRow, true> = {
  owner_id: true,
  qr_foreground: true,
  qr_background: true,
  qr_logo: true,
  qr_version: true,
  last_stream_position: true,
};
const APPLE_PASS_REGISTRATION_COLUMNS: Record<keyof ApplePassRegistrationsRow, true> = {
  device_key: true,
  card_id: true,
  owner_id: true,
  push_token: true,
  active: true,
  registered_at: true,
  registered_position: true,
  last_stream_position: true,
};
const PERSONAL_ADDRESS_COLUMNS: Record<keyof PersonalAddressRow, true> = {
  owner_id: true,
  slug: true,
  card_id: true,
  redirects_until: true,
  last_stream_position: true,
};

const REMS_REGISTRATION_COLUMNS: Record<keyof RemsRegistrationsRow, true> = {
  registration_id: true,
  owner_id: true,
  card_id: true,
  customer_name: true,
  customer_phone: true,
  customer_type: true,
  product_id: true,
  status: true,
  failure_reason: true,
  rems_message: true,
  created_at: true,
  status_changed_at: true,
  last_stream_position: true,
};

const MEETING_COLUMNS: Record<keyof MeetingsRow, true> = {
  meeting_id: true,
  owner_id: true,
  provider: true,
  title: true,
  start_time: true,
  end_time: true,
  link: true,
  external_id: true,
  attendees: true,
  scheduled_at: true,
  last_stream_position: true,
};

const OFFICE_COLUMNS: Record<keyof OfficesRow, true> = {
  office_id: true,
  slug: true,
  details: true,
  logo_url: true,
  template: true,
  rems: true,
  require_second_step: true,
  created_at: true,
  updated_at: true,
  last_stream_position: true,
};
const OFFICE_MEMBER_COLUMNS: Record<keyof OfficeMembersRow, true> = {
  office_id: true,
  user_id: true,
  role: true,
  joined_at: true,
  left_at: true,
  last_stream_position: true,
};
const OFFICE_MEMBER_CARD_COLUMNS: Record<keyof OfficeMemberCardsRow, true> = {
  user_id: true,
  card_id: true,
  office_id: true,
  held: true,
  last_stream_position: true,
};
const OFFICE_INVITATION_COLUMNS: Record<keyof OfficeInvitationsRow, true> = {
  invitation_id: true,
  office_id: true,
  email: true,
  role: true,
  status: true,
  expires_at: true,
  created_at: true,
  invited_by: true,
  last_stream_position: true,
};
const OFFICE_HISTORY_COLUMNS: Record<keyof OfficeHistoryRow, true> = {
  office_id: true,
  stream_position: true,
  type: true,
  at: true,
  actor_id: true,
  subject_id: true,
  role: true,
};

beforeAll(async () => {
  database = await createTestDatabase();
  store = await createEventStore({ kind: 'postgres' }, { pool: database.pool });
  const codec = new EventCodec(new PersonalDataVault(database.pool, deriveKey(randomBytes(32), 'personal-data-kek')));
  for (const projection of [
    cardsProjection,
    profilesProjection,
    productsProjection,
    remsKeysProjection,
    remsRegistrationsProjection,
    meetingsProjection,
    officesProjection,
    shareSettingsProjection,
    applePassRegistrationsProjection,
  ] as Projection[]) {
    await initialiseProjection({ pool: database.pool, store, codec }, projection);
  }
});
afterAll(async () => {
  await store?.close();
  await database?.drop();
});

async function columnsOf(view: string): Promise<string[]> {
  const { rows } = await database.pool.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1`,
    [view],
  );
  return rows.map((row) => row.column_name).sort();
}

describe('the read-model contract', () => {
  it("names the projector's projections and views", () => {
    expect(CARDS_PROJECTION).toBe(cardsProjection.name);
    expect(PROFILES_PROJECTION).toBe(profilesProjection.name);
    // card_erasures is the projection's own bookkeeping (the cards of deleted accounts); no service reads it.
    expect(Object.keys(cardsProjection.tables).map(readModelName).sort()).toEqual(
      [RM_CARDS, RM_CARD_HISTORY, 'rm_card_erasures'].sort(),
    );
    expect([RM_PROFILES]).toEqual(Object.keys(profilesProjection.tables).map(readModelName));
    expect(PRODUCTS_PROJECTION).toBe(productsProjection.name);
    expect([RM_PRODUCTS]).toEqual(Object.keys(productsProjection.tables).map(readModelName));
    expect(REMS_KEYS_PROJECTION).toBe(remsKeysProjection.name);
    expect([RM_REMS_KEYS]).toEqual(Object.keys(remsKeysProjection.tables).map(readModelName));
    expect(REMS_REGISTRATIONS_PROJECTION).toBe(remsRegistrationsProjection.name);
    // rems_registration_erasures is the projection's own bookkeeping (registrations whose lead was deleted).
    expect(Object.keys(remsRegistrationsProjection.tables).map(readModelName).sort()).toEqual(
      [RM_REMS_REGISTRATIONS, 'rm_rems_registration_erasures'].sort(),
    );
    expect(MEETINGS_PROJECTION).toBe(meetingsProjection.name);
    expect([RM_MEETINGS]).toEqual(Object.keys(meetingsProjection.tables).map(readModelName));
    expect(OFFICES_PROJECTION).toBe(officesProjection.name);
    expect(Object.keys(officesProjection.tables).map(readModelName).sort()).toEqual(
      [RM_OFFICES, RM_OFFICE_MEMBERS, RM_OFFICE_MEMBER_CARDS, RM_OFFICE_INVITATIONS, RM_OFFICE_HISTORY].sort(),
    );
    expect(SHARE_SETTINGS_PROJECTION).toBe(shareSettingsProjection.name);
    expect(Object.keys(shareSettingsProjection.tables).map(readModelName).sort()).toEqual(
      [RM_PERSONAL_ADDRESSES, RM_SHARE_SETTINGS].sort(),
    );
    expect(APPLE_PASS_REGISTRATIONS_PROJECTION).toBe(applePassRegistrationsProjection.name);
    expect([RM_APPLE_PASS_REGISTRATIONS]).toEqual(
      Object.keys(applePassRegistrationsProjection.tables).map(readModelName),
    );
  });

  it.each([
    [RM_CARDS, CARD_COLUMNS],
    [RM_CARD_HISTORY, CARD_HISTORY_COLUMNS],
    [RM_PROFILES, PROFILE_COLUMNS],
    [RM_PRODUCTS, PRODUCT_COLUMNS],
    [RM_REMS_KEYS, REMS_KEY_COLUMNS],
    [RM_REMS_REGISTRATIONS, REMS_REGISTRATION_COLUMNS],
    [RM_MEETINGS, MEETING_COLUMNS],
    [RM_OFFICES, OFFICE_COLUMNS],
    [RM_OFFICE_MEMBERS, OFFICE_MEMBER_COLUMNS],
    [RM_OFFICE_MEMBER_CARDS, OFFICE_MEMBER_CARD_COLUMNS],
    [RM_OFFICE_INVITATIONS, OFFICE_INVITATION_COLUMNS],
    [RM_OFFICE_HISTORY, OFFICE_HISTORY_COLUMNS],
    [RM_SHARE_SETTINGS, SHARE_SETTINGS_COLUMNS],
    [RM_PERSONAL_ADDRESSES, PERSONAL_ADDRESS_COLUMNS],
    [RM_APPLE_PASS_REGISTRATIONS, APPLE_PASS_REGISTRATION_COLUMNS],
  ])('types every column of %s', async (view, columns) => {
    expect(await columnsOf(view)).toEqual(Object.keys(columns).sort());
  });

  it.each([
    ['SHOWN_CARDS', SHOWN_CARDS],
    ['QR_CARDS', QR_CARDS],
    ['REACHABLE_PROFILES', REACHABLE_PROFILES],
    ['SHOWN_PRODUCTS', SHOWN_PRODUCTS],
  ])('%s is a clause the views accept', async (_name, clause) => {
    const { rows } = await database.pool.query<{ n: number }>(`SELECT count(*)::int AS n ${clause}`);
    expect(rows).toEqual([{ n: 0 }]);
  });
});
