import type { AccountEvent } from '@kartvizit/schemas';
import type { StoredEvent } from '@kartvizit/infra/vault/event-codec';
import { batchedUpsert, foldByKey, type Positioned } from '@kartvizit/infra/processing/batched-upsert';
import type { Projection } from '@kartvizit/infra/processing/projection';

/** The owner read model behind /api/auth/me and the sidebar: who the owner is, never secrets. */
interface AccountRow {
  userId: string;
  // null: "this batch did not change it" (an earlier batch's value stays).
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  registeredAt: string | null;
  passwordChangedAt: string | null;
  leadAlerts: boolean | null;
  forgotten: boolean;
}

function emptyRow(userId: string): AccountRow {
  return {
    userId,
    email: null,
    firstName: null,
    lastName: null,
    registeredAt: null,
    passwordChangedAt: null,
    leadAlerts: null,
    forgotten: false,
  };
}

function evolve(current: AccountRow | undefined, event: StoredEvent<AccountEvent>): AccountRow {
  const row = current ?? emptyRow(event.data.userId);
  switch (event.type) {
    case 'AccountRegistered':
      row.email = event.data.email;
      row.firstName = event.data.firstName;
      row.lastName = event.data.lastName;
      row.registeredAt = event.data.registeredAt;
      row.forgotten = event.forgotten;
      return row;
    case 'AccountRenamed':
      row.firstName = event.data.firstName;
      row.lastName = event.data.lastName;
      return row;
    case 'EmailChanged':
      row.email = event.data.email;
      return row;
    case 'LeadAlertsSwitched':
      row.leadAlerts = event.data.enabled;
      return row;
    case 'PasswordChanged':
      row.passwordChangedAt = event.data.changedAt;
      return row;
    case 'PasswordReset':
      row.passwordChangedAt = event.data.resetAt;
      return row;
    // Not handled (not in `handles`): a request changes nothing the owner reads.
    // The account's security and its API tokens have read models of their own (account-security-projection.ts,
    // api-tokens-projection.ts).
    case 'PasswordResetRequested':
    case 'EmailChangeRequested':
    case 'SessionStarted':
    case 'SessionEnded':
    case 'SessionsEnded':
    case 'TwoFactorEnabled':
    case 'TwoFactorDisabled':
    case 'RecoveryCodeUsed':
    case 'PasskeyAdded':
    case 'PasskeyRemoved':
    case 'ApiTokenCreated':
    case 'ApiTokenRevoked':
      return row;
    // Never here: the core erases the owner instead (Projection.erasure).
    case 'AccountDeleted':
      return row;
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

const upsertAccounts = batchedUpsert<Positioned<AccountRow>>({
  table: 'accounts',
  key: ['user_id'],
  columns: {
    user_id: { type: 'uuid', value: (row) => row.userId },
    email: { type: 'text', value: (row) => row.email, merge: 'ifSet' },
    first_name: { type: 'text', value: (row) => row.firstName, merge: 'ifSet' },
    last_name: { type: 'text', value: (row) => row.lastName, merge: 'ifSet' },
    registered_at: { type: 'timestamptz', value: (row) => row.registeredAt, merge: 'ifSet' },
    password_changed_at: { type: 'timestamptz', value: (row) => row.passwordChangedAt, merge: 'ifSet' },
    lead_alerts: { type: 'boolean', value: (row) => row.leadAlerts, merge: 'ifSet' },
    forgotten: { type: 'boolean', value: (row) => row.forgotten, merge: 'or' },
  },
  position: (row) => row.lastStreamPosition,
});

export const accountsProjection: Projection<AccountEvent> = {
  name: 'accounts',
  // 4: a deleted account's row goes (the core's erasure, decision 29). 5: the e-mail address follows EmailChanged.
  version: 5,
  tables: {
    accounts: (table) => `CREATE TABLE ${table} (
      user_id uuid PRIMARY KEY,
      email text,
      first_name text,
      last_name text,
      registered_at timestamptz,
      password_changed_at timestamptz,
      -- null: never switched, which is on
      lead_alerts boolean,
      forgotten boolean NOT NULL DEFAULT false,
      last_stream_position bigint NOT NULL
    )`,
  },
  handles: [
    'AccountRegistered',
    'AccountRenamed',
    'EmailChanged',
    'LeadAlertsSwitched',
    'PasswordChanged',
    'PasswordReset',
  ],
  erasure: {
    ownerOf: (event) => event.data.userId,
    async erase(ownerIds, { client, table }) {
      await client.query(`DELETE FROM ${table('accounts')} WHERE user_id = ANY($1::uuid[])`, [ownerIds]);
    },
  },

  async apply(events, context) {
    await upsertAccounts(
      context,
      foldByKey(events, (event) => event.data.userId, evolve),
    );
  },
};
