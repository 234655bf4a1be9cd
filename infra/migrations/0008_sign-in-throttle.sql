-- Up Migration

-- Sign-in throttling (docs/decisions/0013-sign-in-throttling.md): consecutive attempts per e-mail
-- address, and per known device of an address, shared by every command-api process. Security state,
-- not a domain fact: it is not in the event log and is forgotten a day after the last attempt.
-- `subject` is an HMAC (keyed from the app secret) of the normalised address or of a device id:
-- never the address itself, never a client's IP address.
create table sign_in_throttle (
  subject bytea primary key,
  attempts integer not null,
  locked_until timestamptz,
  last_attempt_at timestamptz not null
);

-- Finds the forgotten records to delete.
create index sign_in_throttle_last_attempt_at on sign_in_throttle (last_attempt_at);

-- Down Migration
drop table sign_in_throttle;
