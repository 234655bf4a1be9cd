-- Up Migration

-- A reactor keeps the log's order per partition (decision 32): a failing event holds back only the later events of its
-- own partition (an owner's REMS, say), which wait as 'parked' rows; every other partition goes on. `position` is the
-- event-store position of the event (or of the retry request) the row stands for, compared in code to release parked
-- rows in the log's order. Rows written before this migration have none: the reactor fills it in when it meets them.
alter table reactor_deliveries
  add column partition text not null default '',
  add column position text;
alter table reactor_deliveries drop constraint reactor_deliveries_state_check;
alter table reactor_deliveries add constraint reactor_deliveries_state_check
  check (state in ('retrying', 'parked', 'dead'));
create index reactor_deliveries_waiting on reactor_deliveries (reactor, partition) where state <> 'dead';

-- Down Migration
drop index reactor_deliveries_waiting;
delete from reactor_deliveries where state = 'parked';
alter table reactor_deliveries drop constraint reactor_deliveries_state_check;
alter table reactor_deliveries add constraint reactor_deliveries_state_check check (state in ('retrying', 'dead'));
alter table reactor_deliveries drop column position, drop column partition;
