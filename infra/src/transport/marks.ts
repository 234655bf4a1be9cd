import type pg from 'pg';
import { parseCheckpoint } from '../event-store/checkpoint.ts';
import type { Checkpoint } from '../event-store/types.ts';
import type { PartitionOffsets } from './types.ts';

/**
 * The relay's marks (migration 0011): after each acknowledged batch, the store checkpoint it published up to and where
 * every partition of the topic then ended. Kafka orders events per partition only; the marks turn "how far a reader got
 * in each partition" back into one store checkpoint, which is what read-your-writes and a rebuild speak.
 */
type Queryable = Pick<pg.ClientBase, 'query'>;

function numbers(checkpoint: Checkpoint): [string, string] {
  const parsed = parseCheckpoint(checkpoint);
  if (!parsed) throw new TypeError(`Not a checkpoint: ${checkpoint}`);
  return [parsed.major.toString(), parsed.minor.toString()];
}

function toJson(offsets: PartitionOffsets): string {
  return JSON.stringify(Object.fromEntries([...offsets].map(([partition, offset]) => [String(partition), offset])));
}

function fromJson(value: Readonly<Record<string, string>>): Map<number, string> {
  return new Map(Object.entries(value).map(([partition, offset]) => [Number(partition), offset]));
}

/** Records that every event up to `checkpoint` is on the topic, and where each partition (all of them) ends. */
export async function recordMark(
  db: Queryable,
  topic: string,
  checkpoint: Checkpoint,
  ends: PartitionOffsets,
): Promise<void> {
  await db.query(
    `INSERT INTO kafka_relay_marks (topic, major, minor, checkpoint, offsets) VALUES ($1, $2, $3, $4, $5::jsonb)
     ON CONFLICT (topic, major, minor) DO UPDATE SET offsets = EXCLUDED.offsets`,
    [topic, ...numbers(checkpoint), checkpoint, toJson(ends)],
  );
}

/**
 * The newest checkpoint a reader has read everything up to, given its next offset in each partition (a partition it
 * has no offset for counts as unread), looking only at marks after `after` (the reader's checkpoint so far). Null when
 * no newer mark is covered.
 */
export async function coveredCheckpoint(
  db: Queryable,
  topic: string,
  next: PartitionOffsets,
  after: Checkpoint | null,
): Promise<Checkpoint | null> {
  const [major, minor] = after === null ? ['-1', '0'] : numbers(after);
  const { rows } = await db.query<{ checkpoint: Checkpoint }>(
    `SELECT checkpoint FROM kafka_relay_marks mark
     WHERE topic = $1 AND (major, minor) > ($2::numeric, $3::numeric)
       AND NOT EXISTS (
         SELECT 1 FROM jsonb_each_text(mark.offsets) AS ends(partition, next_offset)
         WHERE ends.next_offset::bigint > coalesce(($4::jsonb ->> ends.partition)::bigint, 0)
       )
     ORDER BY major DESC, minor DESC LIMIT 1`,
    [topic, major, minor, toJson(next)],
  );
  return rows[0]?.checkpoint ?? null;
}

/**
 * Where a reader that has applied everything up to `checkpoint` (a rebuild from the store) continues on the topic:
 * the partitions' ends at the newest mark at or before it. Events between that mark and the checkpoint come again,
 * which a projection shrugs off (rows remember their stream position). Null: no such mark, read from the start.
 */
export async function offsetsAtOrBefore(
  db: Queryable,
  topic: string,
  checkpoint: Checkpoint | null,
): Promise<Map<number, string> | null> {
  if (checkpoint === null) return null;
  const { rows } = await db.query<{ offsets: Record<string, string> }>(
    `SELECT offsets FROM kafka_relay_marks
     WHERE topic = $1 AND (major, minor) <= ($2::numeric, $3::numeric)
     ORDER BY major DESC, minor DESC LIMIT 1`,
    [topic, ...numbers(checkpoint)],
  );
  const row = rows[0];
  return row ? fromJson(row.offsets) : null;
}

/**
 * Forgets marks nobody can need: those before the newest mark at or before `oldestReader` (the oldest checkpoint of any
 * projection) and older than `minAgeMs`. That newest one stays: a reader rebuilt to `oldestReader` resumes from it.
 * Answers how many went.
 */
export async function pruneMarks(
  db: Queryable,
  topic: string,
  oldestReader: Checkpoint | null,
  minAgeMs: number,
): Promise<number> {
  if (oldestReader === null) return 0;
  const result = await db.query(
    `DELETE FROM kafka_relay_marks mark
     USING (
       SELECT major, minor FROM kafka_relay_marks
       WHERE topic = $1 AND (major, minor) <= ($2::numeric, $3::numeric)
       ORDER BY major DESC, minor DESC LIMIT 1
     ) AS kept
     WHERE mark.topic = $1 AND (mark.major, mark.minor) < (kept.major, kept.minor)
       AND mark.created_at < now() - make_interval(secs => $4::double precision / 1000)`,
    [topic, ...numbers(oldestReader), minAgeMs],
  );
  return result.rowCount ?? 0;
}

/**
 * The newest checkpoint after `checkpoint` that a reader keeping its places in projection_kafka_offsets under `name`
 * has read everything up to. A partition without a row counts at the reader's resume mark (the newest mark at or
 * before its checkpoint): everything before it was applied when the checkpoint was. Null when no newer mark is covered.
 */
export async function coveredByReader(
  db: Queryable,
  topic: string,
  name: string,
  checkpoint: Checkpoint | null,
): Promise<Checkpoint | null> {
  const places = new Map<number, string>((await offsetsAtOrBefore(db, topic, checkpoint)) ?? []);
  const stored = await db.query<{ partition: number; next_offset: string }>(
    'SELECT partition, next_offset::text FROM projection_kafka_offsets WHERE name = $1 AND topic = $2',
    [name, topic],
  );
  for (const place of stored.rows) places.set(place.partition, place.next_offset);
  return coveredCheckpoint(db, topic, places, checkpoint);
}
