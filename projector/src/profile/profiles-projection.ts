import { readProfileData, toProfileView, type Profile, type ProfileEvent } from '@kartvizit/schemas';
import type { StoredEvent } from '@kartvizit/infra/vault/event-codec';
import type { Projection } from '../core/projection.ts';

/**
 * The owner's profile as GET /api/profile/me answers it, one row per owner. `data` is exactly that
 * answer's `profile`; the public card reads it too (joined on owner_id). `searchable` repeats
 * `data.searchable` as a column so the sitemap finds the few owners who chose it by an index.
 * Version 2 added that column (and `searchable` in `data`): the upgrade rebuilds the table.
 */
interface ProfileRow {
  ownerId: string;
  profileId: string;
  data: Profile;
  searchable: boolean;
  /** Null when this batch only updated a profile created in an earlier batch. */
  createdAt: string | null;
  updatedAt: string;
  forgotten: boolean;
  lastStreamPosition: number;
}

function reduce(rows: Map<string, ProfileRow>, event: StoredEvent<ProfileEvent>): void {
  const { ownerId, profileId } = event.data;
  const previous = rows.get(ownerId);
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
  rows.set(ownerId, {
    ownerId,
    profileId,
    data,
    searchable: profile.searchable,
    createdAt,
    updatedAt,
    forgotten: event.forgotten,
    lastStreamPosition: Math.max(previous?.lastStreamPosition ?? -1, event.streamPosition),
  });
}

export const profilesProjection: Projection = {
  name: 'profiles',
  version: 2,
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

  async apply(events, { client, table }) {
    const rows = new Map<string, ProfileRow>();
    for (const event of events) reduce(rows, event as StoredEvent<ProfileEvent>);
    if (rows.size === 0) return;
    const target = table('profiles');
    const batch = [...rows.values()].map((row) => ({
      owner_id: row.ownerId,
      profile_id: row.profileId,
      data: row.data,
      searchable: row.searchable,
      created_at: row.createdAt,
      updated_at: row.updatedAt,
      forgotten: row.forgotten,
      last_stream_position: row.lastStreamPosition,
    }));
    // One statement per batch. A row that only saw updates takes its creation time from the
    // stored row; the position guard makes a redelivered batch a no-op.
    await client.query(
      `INSERT INTO ${target} AS t (owner_id, profile_id, data, searchable, created_at, updated_at, forgotten, last_stream_position)
       SELECT u.owner_id, u.profile_id,
              CASE WHEN u.created_at IS NULL AND old.owner_id IS NOT NULL
                   THEN jsonb_set(u.data, '{createdAt}', old.data -> 'createdAt') ELSE u.data END,
              u.searchable, COALESCE(u.created_at, old.created_at, u.updated_at), u.updated_at, u.forgotten,
              u.last_stream_position
       FROM jsonb_to_recordset($1::jsonb) AS u(owner_id uuid, profile_id uuid, data jsonb, searchable boolean,
                                                created_at timestamptz, updated_at timestamptz, forgotten boolean,
                                                last_stream_position bigint)
       LEFT JOIN ${target} AS old ON old.owner_id = u.owner_id
       ON CONFLICT (owner_id) DO UPDATE SET
         profile_id = EXCLUDED.profile_id,
         data = EXCLUDED.data,
         searchable = EXCLUDED.searchable,
         created_at = EXCLUDED.created_at,
         updated_at = EXCLUDED.updated_at,
         forgotten = EXCLUDED.forgotten,
         last_stream_position = EXCLUDED.last_stream_position
       WHERE t.last_stream_position < EXCLUDED.last_stream_position`,
      [JSON.stringify(batch)],
    );
  },
};
