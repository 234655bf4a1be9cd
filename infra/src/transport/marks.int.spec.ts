import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../db/test-database.ts';
import { makeCheckpoint } from '../event-store/checkpoint.ts';
import { coveredCheckpoint, offsetsAtOrBefore, pruneMarks, recordMark } from './marks.ts';

let db: TestDatabase;
const topic = 'kartvizit.events';
const at = (major: number, minor: number) => makeCheckpoint(BigInt(major), BigInt(minor));
const offsets = (...ends: number[]) => new Map(ends.map((end, partition) => [partition, String(end)]));

beforeAll(async () => {
  db = await createTestDatabase();
  // Given: the relay published three batches to a topic of three partitions.
  await recordMark(db.pool, topic, at(7, 3), offsets(2, 0, 1));
  await recordMark(db.pool, topic, at(7, 10), offsets(4, 3, 1));
  // Checkpoints compare as numbers, never as text: 12:1 is after 7:10.
  await recordMark(db.pool, topic, at(12, 1), offsets(5, 3, 9));
  // Another topic's marks are not ours.
  await recordMark(db.pool, 'other.topic', at(99, 0), offsets(0, 0, 0));
});

afterAll(async () => {
  await db?.drop();
});

describe('the relay marks', () => {
  it('name the newest checkpoint a reader has read everything up to', async () => {
    // When the reader is at 4, 3, 1 (everything of the first two batches), then it covers 7:10.
    expect(await coveredCheckpoint(db.pool, topic, offsets(4, 3, 1), null)).toBe(at(7, 10));
    // When it is further in one partition but short in another, then only what every partition holds counts.
    expect(await coveredCheckpoint(db.pool, topic, offsets(9, 2, 9), null)).toBe(at(7, 3));
    expect(await coveredCheckpoint(db.pool, topic, offsets(5, 3, 9), null)).toBe(at(12, 1));
  });

  it('count a partition the reader has no offset for as unread', async () => {
    expect(await coveredCheckpoint(db.pool, topic, new Map([[0, '5']]), null)).toBeNull();
    // A partition that never had an event (partition 1 at 0 in the first mark) needs no offset.
    expect(
      await coveredCheckpoint(
        db.pool,
        topic,
        new Map([
          [0, '2'],
          [2, '1'],
        ]),
        null,
      ),
    ).toBe(at(7, 3));
  });

  it('look only past what the reader already had', async () => {
    expect(await coveredCheckpoint(db.pool, topic, offsets(4, 3, 1), at(7, 10))).toBeNull();
    expect(await coveredCheckpoint(db.pool, topic, offsets(5, 3, 9), at(7, 10))).toBe(at(12, 1));
  });

  it('tell a rebuilt reader where to continue: the newest mark at or before its checkpoint', async () => {
    expect(await offsetsAtOrBefore(db.pool, topic, at(7, 10))).toEqual(offsets(4, 3, 1));
    expect(await offsetsAtOrBefore(db.pool, topic, at(11, 0))).toEqual(offsets(4, 3, 1));
    expect(await offsetsAtOrBefore(db.pool, topic, at(7, 2))).toBeNull();
    expect(await offsetsAtOrBefore(db.pool, topic, null)).toBeNull();
  });

  it('forget only marks nobody can need, and only old ones', async () => {
    // Young marks stay whatever the readers' checkpoints.
    expect(await pruneMarks(db.pool, topic, at(12, 1), 60_000)).toBe(0);
    // Old enough: those before the newest mark at or before the oldest reader go; that one stays.
    expect(await pruneMarks(db.pool, topic, at(11, 0), 0)).toBe(1);
    expect(await offsetsAtOrBefore(db.pool, topic, at(11, 0))).toEqual(offsets(4, 3, 1));
    expect(await offsetsAtOrBefore(db.pool, topic, at(7, 9))).toBeNull();
    expect(await offsetsAtOrBefore(db.pool, 'other.topic', at(99, 0))).toEqual(offsets(0, 0, 0));
  });
});
