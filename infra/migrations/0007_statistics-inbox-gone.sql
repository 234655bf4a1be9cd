-- Up Migration

-- Statistics version 2 remembers the position of the last counted event instead of every counted event id
-- (docs/decisions/0011-statistics.md); version 1's inbox, about 85 MB per million events, goes with its view. The
-- projector rebuilds statistics on start (the version changed); the other tables keep serving meanwhile.
drop view if exists rm_stat_applied;
do $$
declare
  inbox text;
begin
  for inbox in select tablename from pg_tables where schemaname = current_schema() and tablename ~ '^rm_stat_applied_g[0-9]+$'
  loop
    execute format('drop table %I', inbox);
  end loop;
end $$;

-- Down Migration
-- Nothing to restore: a version-1 projector recreates its inbox when it rebuilds.
