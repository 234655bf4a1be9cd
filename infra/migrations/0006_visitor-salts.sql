-- Up Migration

-- The random salt of each day (Europe/Istanbul) the visitor hash of visits and clicks is keyed
-- with. Created on the day's first hit (insert … on conflict, so processes agree on one), and
-- deleted once the day before yesterday is over or 48 hours after creation at most: after that
-- nobody, us included, can link a day's hashes to another day's or, by trying addresses, to anyone.
create table visitor_salts (
  day date primary key,
  salt bytea not null,
  created_at timestamptz not null default now()
);

-- Down Migration
drop table visitor_salts;
