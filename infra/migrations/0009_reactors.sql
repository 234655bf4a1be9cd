-- Up Migration

-- Where each reactor (infra/src/processing/reactor.ts) has got to in the event log. Unlike a
-- projection's, a reactor's checkpoint moves after each reaction, on its own: a reaction calls
-- something outside the database, which no transaction can take back. `checkpoint` is an opaque
-- event-store position (null: from the start), compared in code, never as text in SQL.
create table reactor_checkpoints (
  name text primary key,
  checkpoint text,
  updated_at timestamptz not null default now()
);

-- Reactions that failed: 'retrying' (the reactor's next event, tried again at next_attempt_at;
-- at most one per reactor, since a reactor keeps the log's order) or 'dead' (given up after the
-- reactor's limit; tried again only when a command asks). `last_error` is for the operator and is
-- deleted with the row when the reaction succeeds; the event log keeps only the error's kind.
create table reactor_deliveries (
  reactor text not null,
  event_id text not null,
  event_type text not null,
  stream_id text not null,
  stream_position bigint not null,
  state text not null check (state in ('retrying', 'dead')),
  attempts integer not null,
  last_error text not null,
  next_attempt_at timestamptz,
  updated_at timestamptz not null default now(),
  primary key (reactor, event_id)
);

-- Down Migration
drop table reactor_deliveries;
drop table reactor_checkpoints;
