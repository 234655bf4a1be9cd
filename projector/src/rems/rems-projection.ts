import type { RemsEvent } from '@kartvizit/schemas';
import type { StoredEvent } from '@kartvizit/infra/vault/event-codec';
import { batchedUpsert, foldByKey, type Positioned } from '@kartvizit/infra/processing/batched-upsert';
import { REMS_KEYS_PROJECTION } from '@kartvizit/infra/read-models/contract';
import type { Projection } from '@kartvizit/infra/processing/projection';

/**
 * Whether each owner has a REMS key in force (issue 14): behind `GET /api/rems/status` and the
 * public `GET /api/rems/check-integration/{userId}`. The key itself is never here, not even sealed:
 * only its last 4 characters, which the settings screen shows.
 */
interface RemsKeyRow {
  ownerId: string;
  active: boolean;
  /** Null once removed: nothing of a removed key is kept. */
  keyHint: string | null;
  // null: "this batch did not change it".
  savedAt: string | null;
  /** Null while a key is in force. */
  removedAt: string | null;
}

function evolve(current: RemsKeyRow | undefined, event: StoredEvent<RemsEvent>): RemsKeyRow {
  const row = current ?? { ownerId: event.data.ownerId, active: false, keyHint: null, savedAt: null, removedAt: null };
  switch (event.type) {
    case 'RemsKeySaved':
      row.active = true;
      row.keyHint = event.data.keyHint;
      row.savedAt = event.data.savedAt;
      row.removedAt = null;
      return row;
    case 'RemsKeyRemoved':
      row.active = false;
      row.keyHint = null;
      row.removedAt = event.data.removedAt;
      return row;
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

const upsertRemsKeys = batchedUpsert<Positioned<RemsKeyRow>>({
  table: 'rems_keys',
  key: ['owner_id'],
  columns: {
    owner_id: { type: 'uuid', value: (row) => row.ownerId },
    // Every event says whether a key is in force and which: the batch's last word stands.
    active: { type: 'boolean', value: (row) => row.active },
    key_hint: { type: 'text', value: (row) => row.keyHint },
    saved_at: { type: 'timestamptz', value: (row) => row.savedAt, merge: 'ifSet' },
    removed_at: { type: 'timestamptz', value: (row) => row.removedAt },
  },
  position: (row) => row.lastStreamPosition,
});

export const remsKeysProjection: Projection<RemsEvent> = {
  name: REMS_KEYS_PROJECTION,
  version: 1,
  tables: {
    rems_keys: (table) => `CREATE TABLE ${table} (
      owner_id uuid PRIMARY KEY,
      active boolean NOT NULL,
      key_hint text,
      saved_at timestamptz,
      removed_at timestamptz,
      last_stream_position bigint NOT NULL
    )`,
  },
  handles: ['RemsKeySaved', 'RemsKeyRemoved'],
  // Account deletion (decision 29): the owner's row goes, and nothing the log still brings of them comes back.
  erasure: {
    ownerOf: (event) => event.data.ownerId,
    async erase(ownerIds, { client, table }) {
      await client.query(`DELETE FROM ${table('rems_keys')} WHERE owner_id = ANY($1::uuid[])`, [ownerIds]);
    },
  },

  async apply(events, context) {
    const rows = foldByKey(events, (event) => event.data.ownerId, evolve);
    await upsertRemsKeys(context, rows);
    return { touched: rows.map((row) => row.ownerId) };
  },
};
