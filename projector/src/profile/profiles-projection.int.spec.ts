import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  EMPTY_PROFILE_DATA,
  profileStreamId,
  toProfileView,
  type ProfileData,
  type ProfileEvent,
} from '@kartvizit/schemas';
import { createTestDatabase, type TestDatabase } from '@kartvizit/infra/db/test-database';
import { projectionSpecification } from '../core/projection-specification.ts';
import { profilesProjection } from './profiles-projection.ts';

/** The `profiles` read model: one row per owner, `data` exactly what GET /api/profile/me answers. */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

const spec = projectionSpecification(profilesProjection, {
  pool: () => database.pool,
  streamOf: (event) => profileStreamId(event.data.ownerId),
});

const CREATED = '2026-01-05T09:00:00.000Z';
const UPDATED = '2026-02-10T18:45:00.000Z';
const profile: ProfileData = {
  ...EMPTY_PROFILE_DATA,
  firstName: 'Ayşe',
  lastName: 'Yılmaz',
  jobTitle: 'Mimar',
  phone: '+905321234567',
};
const broker: ProfileData = { ...profile, jobTitle: 'Broker', searchable: true };

function owner() {
  const ownerId = randomUUID();
  const profileId = randomUUID();
  return {
    ownerId,
    profileId,
    created: (data: ProfileData = profile): ProfileEvent => ({
      type: 'ProfileCreated',
      data: { ownerId, profileId, profile: data, createdAt: CREATED },
    }),
    updated: (data: ProfileData, updatedAt = UPDATED): ProfileEvent => ({
      type: 'ProfileUpdated',
      data: { ownerId, profileId, profile: data, updatedAt },
    }),
    view: (data: ProfileData, updatedAt: string) =>
      toProfileView({ profileId, ownerId, profile: data, createdAt: CREATED, updatedAt }),
  };
}

describe('the profiles projection', () => {
  it('keeps the columns other read sides join on', async () => {
    const ayse = owner();
    await spec
      .given()
      .when([ayse.created()])
      .then({
        profiles: [
          {
            owner_id: ayse.ownerId,
            profile_id: ayse.profileId,
            data: ayse.view(profile, CREATED),
            searchable: false,
            created_at: CREATED,
            updated_at: CREATED,
            forgotten: false,
            last_stream_position: 0,
          },
        ],
      });
  });

  it('an update in a later batch keeps the creation time the first batch stored', async () => {
    const ayse = owner();
    await spec
      .given([ayse.created()])
      .when([ayse.updated(broker)])
      .then({
        profiles: [
          {
            data: ayse.view(broker, UPDATED),
            searchable: true,
            created_at: CREATED,
            updated_at: UPDATED,
            last_stream_position: 1,
          },
        ],
      });
  });

  it('a rebuild from history (create and update in one batch) gives the same row', async () => {
    const ayse = owner();
    await spec
      .given()
      .when([ayse.created(), ayse.updated(broker)])
      .then({
        profiles: [
          {
            data: ayse.view(broker, UPDATED),
            searchable: true,
            created_at: CREATED,
            updated_at: UPDATED,
            last_stream_position: 1,
          },
        ],
      });
  });

  it('an old batch delivered late does not undo a newer one', async () => {
    const ayse = owner();
    await spec
      .given([ayse.created(), ayse.updated(profile, '2026-02-01T00:00:00.000Z')], [ayse.updated(broker)])
      .whenBatchRedelivered(0)
      .then({ profiles: [{ data: ayse.view(broker, UPDATED), last_stream_position: 2 }] });
  });

  it('a forgotten owner replays as an empty profile, without failing', async () => {
    const ayse = owner();
    await spec
      .given()
      .forget(ayse.ownerId)
      .when([ayse.created(), ayse.updated(broker)])
      .then({
        profiles: [
          { data: ayse.view(EMPTY_PROFILE_DATA, UPDATED), searchable: false, forgotten: true, created_at: CREATED },
        ],
      });
  });
});
