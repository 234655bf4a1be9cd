import { readProfileData, toProfileView, type Profile, type ProfileEvent } from '@kartvizit/schemas';
import type { StoredEvent } from '@kartvizit/infra/vault/event-codec';
import { batchedUpsert, foldByKey, type Positioned } from '@kartvizit/infra/processing/batched-upsert';
import type { Projection } from '@kartvizit/infra/processing/projection';

/**
 * The owner's profile as GET /api/profile/me answers it, one row per owner. `data` is exactly that
 * answer's `profile`; the public card reads it too (joined on owner_id). `searchable` repeats
 * `data.searchable` as a column so the sitemap finds the few owners who chose it by an index.
 * Version 2 added that column (and `searchable` in `data`): the upgrade rebuilds the table.
 */
interface ProfileRow {
  readonly ownerId: string;
  readonly profileId: string;
  readonly data: Profile;
  readonly searchable: boolean;
  /** Null when this batch only updated a profile created in an earlier batch. */
  readonly createdAt: string | null;
  readonly updatedAt: string;
  readonly forgotten: boolean;
}

function evolve(previous: ProfileRow | undefined, event: StoredEvent<ProfileEvent>): ProfileRow {
  const { ownerId, profileId } = event.data;
  const profile = readProfileData(event.data.profile);
  let createdAt: string | null;
  let updatedAt: string;
  switch (event.type) {
    case 'ProfileCreated':
      createdAt = event.data.createdAt;
      updatedAt = event.data.createdAt;
      break;
    case 'ProfileUpdated':
      createdAt = previous?.createdAt ?? null;
      updatedAt = event.data.updatedAt;
      break;
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
  // Until the SQL fills in the stored creation time, the update time stands in for it.
  const data = toProfileView({ profileId, ownerId, profile, createdAt: createdAt ?? updatedAt, updatedAt });
  return { ownerId, profileId, data, searchable: profile.searchable, createdAt, updatedAt, forgotten: event.forgotten };
}

const upsertProfiles = batchedUpsert<Positioned<ProfileRow>>({
  table: 'profiles',
  key: ['owner_id'],
  columns: {
    owner_id: { type: 'uuid', value: (row) => row.ownerId },
    profile_id: { type: 'uuid', value: (row) => row.profileId },
    // A row that only saw updates takes its creation time from the stored row.
    data: {
      type: 'jsonb',
      value: (row) => JSON.stringify(row.data),
      sql: (batch, stored) => `CASE WHEN ${batch}.created_at IS NULL AND ${stored}.owner_id IS NOT NULL
        THEN jsonb_set(${batch}.data, '{createdAt}', ${stored}.data -> 'createdAt') ELSE ${batch}.data END`,
    },
    searchable: { type: 'boolean', value: (row) => row.searchable },
    created_at: {
      type: 'timestamptz',
      value: (row) => row.createdAt,
      sql: (batch, stored) => `COALESCE(${batch}.created_at, ${stored}.created_at, ${batch}.updated_at)`,
    },
    updated_at: { type: 'timestamptz', value: (row) => row.updatedAt },
    forgotten: { type: 'boolean', value: (row) => row.forgotten },
  },
  position: (row) => row.lastStreamPosition,
});

export const profilesProjection: Projection<ProfileEvent> = {
  name: 'profiles',
  // 3: a deleted account's profile goes (the core's erasure, decision 29).
  version: 3,
  tables: {
    profiles: (table) => `CREATE TABLE ${table} (
      owner_id uuid PRIMARY KEY,
      profile_id uuid NOT NULL,
      data jsonb NOT NULL,
      searchable boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      forgotten boolean NOT NULL DEFAULT false,
      last_stream_position bigint NOT NULL
    );
    CREATE INDEX ${table}_searchable ON ${table} (owner_id) WHERE searchable AND NOT forgotten`,
  },
  handles: ['ProfileCreated', 'ProfileUpdated'],
  erasure: {
    ownerOf: (event) => event.data.ownerId,
    async erase(ownerIds, { client, table }) {
      await client.query(`DELETE FROM ${table('profiles')} WHERE owner_id = ANY($1::uuid[])`, [ownerIds]);
    },
  },

  async apply(events, context) {
    await upsertProfiles(
      context,
      foldByKey(events, (event) => event.data.ownerId, evolve),
    );
  },
};
