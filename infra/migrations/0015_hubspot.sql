-- Up Migration

-- HubSpot (issue 35, docs/decisions/0068-hubspot.md). An owner's OAuth tokens, outside the event log like the
-- two-step secrets: the event log says that the owner connected HubSpot (HubSpotConnected), what proves it lives here,
-- replaceable and destroyable, never replayed into a read model. `access_token` and `refresh_token` are AES-256-GCM
-- under a key derived from the application secret for 'hubspot-tokens', bound to the owner by the additional data.
-- Removed on disconnect and with the account (CredentialStore.remove).
create table hubspot_connections (
  user_id uuid primary key,
  portal_id text not null,
  access_token bytea not null,
  refresh_token bytea not null,
  -- When HubSpot said the access token stops working (its expires_in from the exchange or the last refresh).
  expires_at timestamptz not null,
  connected_at timestamptz not null,
  updated_at timestamptz not null default now()
);

-- Down Migration

drop table hubspot_connections;
