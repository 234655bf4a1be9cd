-- Up Migration

-- Address lookups already answered, so one address costs the providers' quota once. The key is an
-- HMAC of the normalised address text (no readable addresses here); hits live 30 days, misses 1.
create table geocode_cache (
  query_key text primary key,
  result jsonb not null,
  provider text not null,
  status text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);

create index geocode_cache_expires_at_idx on geocode_cache (expires_at);

-- The next instant a provider may be asked, shared by every process (Nominatim: 1 request/s).
create table geocoder_throttle (
  name text primary key,
  next_allowed_at timestamptz not null
);

-- Down Migration
drop table geocoder_throttle;
drop table geocode_cache;
