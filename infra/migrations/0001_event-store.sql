-- Up Migration

-- The event log. Readers follow (transaction_id, global_position), never global_position alone:
-- positions are handed out at insert time but become visible at commit time, out of order.
create table events (
  global_position bigint generated always as identity,
  transaction_id xid8 not null default pg_current_xact_id(),
  stream_id text not null check (stream_id <> ''),
  stream_position bigint not null check (stream_position >= 0),
  event_id uuid not null,
  type text not null,
  schema_version integer not null check (schema_version >= 1),
  data jsonb not null,
  metadata jsonb not null default '{}',
  created_at timestamptz not null default now(),
  constraint events_pkey primary key (stream_id, stream_position),
  constraint events_event_id_key unique (event_id)
);

create index events_transaction_id_global_position_idx on events (transaction_id, global_position);

-- History is replayed, never edited: personal data is made unreadable by deleting the owner's
-- key (owner_keys), not by rewriting events.
create function events_reject_change() returns trigger language plpgsql as $$
begin
  raise exception 'events are append-only: % is not allowed', tg_op
    using errcode = 'restrict_violation';
end
$$;

create trigger events_append_only
  before update or delete on events
  for each statement execute function events_reject_change();

-- One row per stream. Writers lock it before checking the expected version, so two writers to
-- the same stream queue up instead of both passing the check.
create table streams (
  stream_id text primary key,
  version bigint not null check (version >= -1)
);

-- Down Migration
drop table streams;
drop trigger events_append_only on events;
drop function events_reject_change();
drop table events;
