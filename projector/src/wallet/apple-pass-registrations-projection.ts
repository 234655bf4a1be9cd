import type { WalletEvent } from '@kartvizit/schemas';
import type { StoredEvent } from '@kartvizit/infra/vault/event-codec';
import { batchedUpsert, foldByKey, type Positioned } from '@kartvizit/infra/processing/batched-upsert';
import { APPLE_PASS_REGISTRATIONS_PROJECTION } from '@kartvizit/infra/read-models/contract';
import type { Projection } from '@kartvizit/infra/processing/projection';

/**
 * Apple Wallet's pass web service (issue 32): which device hears about which pass (`apple_pass_registrations`, one row
 * per device key and card), read by "which passes changed?" and by the push reactor. An unregistered device keeps its
 * row, switched off and without its push token, so a replayed older registration cannot bring it back (rows move only
 * forward in their stream). An account deleted takes its rows with it: the push tokens were sealed under its key.
 */
interface RegistrationRow {
  deviceKey: string;
  cardId: string;
  ownerId: string;
  pushToken: string;
  active: boolean;
  registeredAt: string | null;
  /** The registration's place in the log (a Checkpoint): the reactor tells a device only of changes after it. */
  registeredPosition: string | null;
}

function evolve(current: RegistrationRow | undefined, event: StoredEvent<WalletEvent>): RegistrationRow {
  const { deviceKey, cardId, ownerId } = event.data;
  switch (event.type) {
    case 'ApplePassRegistered':
      return {
        deviceKey,
        cardId,
        ownerId,
        pushToken: event.data.pushToken,
        active: true,
        registeredAt: event.data.registeredAt,
        registeredPosition: event.position,
      };
    case 'ApplePassUnregistered':
      return {
        deviceKey,
        cardId,
        ownerId: current?.ownerId ?? ownerId,
        pushToken: '',
        active: false,
        registeredAt: null,
        registeredPosition: null,
      };
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

const upsert = batchedUpsert<Positioned<RegistrationRow>>({
  table: 'apple_pass_registrations',
  key: ['device_key', 'card_id'],
  columns: {
    device_key: { type: 'text', value: (row) => row.deviceKey },
    card_id: { type: 'text', value: (row) => row.cardId },
    owner_id: { type: 'uuid', value: (row) => row.ownerId },
    push_token: { type: 'text', value: (row) => row.pushToken },
    active: { type: 'boolean', value: (row) => row.active },
    registered_at: { type: 'timestamptz', value: (row) => row.registeredAt, merge: 'ifSet' },
    registered_position: { type: 'text', value: (row) => row.registeredPosition, merge: 'ifSet' },
  },
  position: (row) => row.lastStreamPosition,
});

export const applePassRegistrationsProjection: Projection<WalletEvent> = {
  name: APPLE_PASS_REGISTRATIONS_PROJECTION,
  version: 1,
  tables: {
    apple_pass_registrations: (table) => `CREATE TABLE ${table} (
      device_key text NOT NULL,
      card_id text NOT NULL,
      owner_id uuid NOT NULL,
      push_token text NOT NULL,
      active boolean NOT NULL,
      registered_at timestamptz,
      registered_position text,
      last_stream_position bigint NOT NULL,
      PRIMARY KEY (device_key, card_id)
    )`,
  },
  handles: ['ApplePassRegistered', 'ApplePassUnregistered'],
  erasure: {
    ownerOf: (event) => event.data.ownerId,
    async erase(ownerIds, { client, table }) {
      await client.query(`DELETE FROM ${table('apple_pass_registrations')} WHERE owner_id = ANY($1::uuid[])`, [
        ownerIds,
      ]);
    },
  },

  async apply(events, context) {
    // A push token sealed under a destroyed key ('' after the erasure) reaches nobody.
    const kept = events.filter((event) => !(event.type === 'ApplePassRegistered' && event.data.pushToken === ''));
    const rows = foldByKey(kept, (event) => `${event.data.deviceKey} ${event.data.cardId}`, evolve);
    await upsert(context, rows);
    return { touched: [...new Set(rows.map((row) => row.ownerId))] };
  },
};
