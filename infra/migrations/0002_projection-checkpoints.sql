-- Up Migration

-- Where each projection has got to in the event log, moved in the same transaction as the batch it
-- applied. `checkpoint` is an opaque event-store position (null: nothing applied yet), compared
-- with compareCheckpoints in code, never as text in SQL.
create table projection_checkpoints (
  name text primary key,
  checkpoint text,
  version integer not null,
  updated_at timestamptz not null default now()
);

-- Down Migration
drop table projection_checkpoints;
