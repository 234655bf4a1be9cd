-- Up Migration

-- Two-step sign-in, passkeys and sessions (issue 34, docs/decisions/0065-two-step-sign-in-passkeys-sessions.md).
-- Like account_credentials, these are secrets and security state: the event log says that a session started, that
-- two-step sign-in was turned on, that a passkey was added; what proves it (a TOTP secret, recovery code hashes, a
-- public key, a challenge) lives here, replaceable and destroyable, never replayed into a read model.

-- Every sign-in is a session. A session token names its row; a row ended (or gone) refuses the token at its next
-- request. `last_used_at` is touched at most once a minute by whichever service authenticates the request.
create table account_sessions (
  session_id uuid primary key,
  user_id uuid not null,
  started_at timestamptz not null,
  last_used_at timestamptz not null,
  -- When its newest token expires: a session nobody can use any more is not listed.
  expires_at timestamptz not null,
  ended_at timestamptz
);
create index account_sessions_user on account_sessions (user_id) where ended_at is null;

-- Two-step sign-in with an authenticator app (RFC 6238). `secret` is AES-256-GCM under a key derived from the
-- application secret; `pending_secret` is a setup not yet confirmed by a code. `last_time_step` is the newest
-- 30-second step a code was accepted for: a code is never accepted twice, nor one older than it.
-- `recovery_codes` are HMAC-SHA256 hashes of the ten single-use codes.
create table account_two_factor (
  user_id uuid primary key,
  secret bytea,
  pending_secret bytea,
  pending_since timestamptz,
  enabled_at timestamptz,
  last_time_step bigint not null default 0,
  recovery_codes bytea[] not null default '{}'
);

-- Passkeys (WebAuthn): the credential's public key and signature counter only.
create table account_passkeys (
  passkey_id uuid primary key,
  user_id uuid not null,
  credential_id text not null unique,
  public_key bytea not null,
  counter bigint not null,
  transports text[] not null default '{}',
  created_at timestamptz not null
);
create index account_passkeys_user on account_passkeys (user_id);

-- Single-use, short-lived challenges: a password accepted and waiting for its code (`second-step`), a WebAuthn
-- registration or sign-in ceremony (`passkey-registration`, `passkey-sign-in`). `challenge_hash` is SHA-256 of what
-- the browser holds; `user_id` is null for a passkey sign-in, which names nobody until the assertion does.
create table sign_in_challenges (
  challenge_hash bytea primary key,
  purpose text not null check (purpose in ('second-step', 'passkey-registration', 'passkey-sign-in')),
  user_id uuid,
  -- For a second step: the known device the password came from (the device token's id), if any.
  device_id text,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index sign_in_challenges_expires on sign_in_challenges (expires_at);

-- Down Migration
drop table sign_in_challenges;
drop table account_passkeys;
drop table account_two_factor;
drop table account_sessions;
