-- Up Migration

-- Webhooks (issue 35, docs/decisions/0066-webhooks.md). The event log says an endpoint was added; the secret its
-- deliveries are signed with lives here, like a TOTP secret: AES-256-GCM under a key derived from the application
-- secret, bound to the endpoint. Removing the endpoint (or erasing the account) deletes the row, and a delivery with
-- no secret left is not sent.
create table webhook_secrets (
  endpoint_id uuid primary key,
  owner_id uuid not null,
  secret bytea not null,
  created_at timestamptz not null
);
create index webhook_secrets_owner on webhook_secrets (owner_id);

-- Down Migration
drop table webhook_secrets;
