-- Up Migration

-- Secrets live outside the event log: events are kept forever and replayed, secrets must be
-- replaceable and destroyable.
create table account_credentials (
  user_id uuid primary key,
  password_hash text not null,
  -- Tokens issued before this instant are rejected (log out everywhere, password change).
  tokens_valid_after timestamptz not null,
  updated_at timestamptz not null default now()
);

-- Per-owner data key that encrypts the owner's personal data in events. Deleting the row makes
-- that data unreadable while the history stays replayable (KVKK erasure).
create table owner_keys (
  owner_id uuid primary key,
  wrapped_key bytea not null,
  created_at timestamptz not null default now()
);

-- Down Migration
drop table owner_keys;
drop table account_credentials;
