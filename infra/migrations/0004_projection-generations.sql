-- Up Migration

-- Read models are generational (rm_<table>_g<N>, with the view rm_<table> on the live one): a
-- rebuild fills generation N+1 beside the live tables and switches the views in one transaction.
-- 0: no generation built yet.
alter table projection_checkpoints add column generation integer not null default 0;

-- Down Migration
alter table projection_checkpoints drop column generation;
