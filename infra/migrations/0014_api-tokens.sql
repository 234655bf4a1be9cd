-- Up Migration

-- Personal API tokens (issue 35, docs/decisions/0067-personal-api-tokens.md). Like account_sessions, the live side of
-- a token lives here, outside the event log: the log says that a token was made (its name sealed, its scopes, its
-- expiry) and revoked; what proves it is only here, as HMAC-SHA256 of the token under a key derived from the
-- application secret ('api-tokens'), never the token itself. The owner hook looks a token up by its hash in one query
-- at every request, so a revocation or an expiry refuses it at its next request.
create table api_tokens (
  token_id uuid primary key,
  user_id uuid not null,
  token_hash bytea not null unique,
  scopes text[] not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  revoked_at timestamptz,
  -- Touched at most once a minute by whichever service authenticates the request, like a session's.
  last_used_at timestamptz
);
create index api_tokens_user on api_tokens (user_id);

-- Down Migration
drop table api_tokens;
