import type { AccountEvent } from '@kartvizit/schemas';
import type { StoredEvent } from '@kartvizit/infra/vault/event-codec';
import type { Projection } from '../core/projection.ts';

/** The owner read model behind /api/auth/me and the sidebar: who the owner is, never secrets. */
interface AccountRow {
  userId: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  registeredAt: string | null;
  passwordChangedAt: string | null;
  forgotten: boolean;
  lastStreamPosition: number;
}

function reduce(rows: Map<string, AccountRow>, event: StoredEvent<AccountEvent>): void {
  const userId = event.data.userId;
  const row: AccountRow = rows.get(userId) ?? {
    userId,
    email: null,
    firstName: null,
    lastName: null,
    registeredAt: null,
    passwordChangedAt: null,
    forgotten: false,
    lastStreamPosition: -1,
  };
  switch (event.type) {
    case 'AccountRegistered':
      row.email = event.data.email;
      row.firstName = event.data.firstName;
      row.lastName = event.data.lastName;
      row.registeredAt = event.data.registeredAt;
      row.forgotten = event.forgotten;
      break;
    case 'PasswordChanged':
      row.passwordChangedAt = event.data.changedAt;
      break;
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
  row.lastStreamPosition = Math.max(row.lastStreamPosition, event.streamPosition);
  rows.set(userId, row);
}

export const accountsProjection: Projection = {
  name: 'accounts',
  version: 1,
  tables: {
    accounts: (table) => `CREATE TABLE ${table} (
      user_id uuid PRIMARY KEY,
      email text,
      first_name text,
      last_name text,
      registered_at timestamptz,
      password_changed_at timestamptz,
      forgotten boolean NOT NULL DEFAULT false,
      last_stream_position bigint NOT NULL
    )`,
  },
  handles: ['AccountRegistered', 'PasswordChanged'],

  async apply(events, { client, table }) {
    const rows = new Map<string, AccountRow>();
    for (const event of events) reduce(rows, event as StoredEvent<AccountEvent>);
    const list = [...rows.values()];
    // One statement per batch. COALESCE keeps what an earlier batch wrote when this batch only
    // carries later events; the position guard makes a redelivered batch a no-op.
    await client.query(
      `INSERT INTO ${table('accounts')} AS t
         (user_id, email, first_name, last_name, registered_at, password_changed_at, forgotten, last_stream_position)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::timestamptz[], $6::timestamptz[],
                            $7::boolean[], $8::bigint[])
       ON CONFLICT (user_id) DO UPDATE SET
         email = COALESCE(EXCLUDED.email, t.email),
         first_name = COALESCE(EXCLUDED.first_name, t.first_name),
         last_name = COALESCE(EXCLUDED.last_name, t.last_name),
         registered_at = COALESCE(EXCLUDED.registered_at, t.registered_at),
         password_changed_at = COALESCE(EXCLUDED.password_changed_at, t.password_changed_at),
         forgotten = EXCLUDED.forgotten OR t.forgotten,
         last_stream_position = EXCLUDED.last_stream_position
       WHERE t.last_stream_position < EXCLUDED.last_stream_position`,
      [
        list.map((row) => row.userId),
        list.map((row) => row.email),
        list.map((row) => row.firstName),
        list.map((row) => row.lastName),
        list.map((row) => row.registeredAt),
        list.map((row) => row.passwordChangedAt),
        list.map((row) => row.forgotten),
        list.map((row) => row.lastStreamPosition),
      ],
    );
  },
};
