-- Up Migration

-- The Kafka relay (issue 16, decision 41) publishes every stored event to a topic in the log's order. Its checkpoint moves
-- only after the broker acknowledged a batch.
create table kafka_relay (
  topic text primary key,
  checkpoint text,
  updated_at timestamptz not null default now()
);

-- After each acknowledged batch the relay records where every partition of the topic ends: a reader whose next offset in
-- every partition is at or past a mark's has read every event up to the mark's checkpoint. That is how a projection fed
-- by Kafka still names one store checkpoint for read-your-writes. `major`/`minor` are the checkpoint's two numbers, for
-- order (checkpoints are never compared as text).
create table kafka_relay_marks (
  topic text not null,
  major numeric(20) not null,
  minor numeric(20) not null,
  checkpoint text not null,
  -- {"<partition>": "<next offset>"} for every partition of the topic
  offsets jsonb not null,
  created_at timestamptz not null default now(),
  primary key (topic, major, minor)
);

-- A projection fed by Kafka keeps its place in each partition here, written in the same transaction as the batch it
-- applied: the database, not the consumer group's committed offset, says what was applied. No row for a partition: the
-- projection continues from the newest mark at or before its checkpoint. A rebuild keeps the rows: whatever a runner
-- consumed was readable in the store before the switch, so the rebuilt generation holds it too (decision 42).
create table projection_kafka_offsets (
  name text not null,
  topic text not null,
  partition integer not null,
  next_offset bigint not null,
  primary key (name, topic, partition)
);

-- Down Migration
drop table projection_kafka_offsets;
drop table kafka_relay_marks;
drop table kafka_relay;
