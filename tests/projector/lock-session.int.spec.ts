import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestDatabase } from '@kartvizit/infra/db/test-database';
import { SharedLockSession } from '@kartvizit/infra/processing/lock-session';

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;
let database: TestDatabase;
let otherPool: pg.Pool;

beforeAll(async () => {
  database = await createTestDatabase();
  otherPool = new pg.Pool({ connectionString: database.url, max: 2 });
});

afterAll(async () => {
  await otherPool?.end();
  await database?.drop();
});

describe('the reactors’ shared lock session', () => {
  it('holds many locks on one connection, keeps another process out, and hands them over when it closes', async () => {
    // Given two processes' sessions
    const first = new SharedLockSession(database.pool);
    const second = new SharedLockSession(otherPool);

    // When the first asks for three reactors' locks at once, and the second for one of them
    const held = await Promise.all(['reactor:a', 'reactor:b', 'reactor:c'].map((key) => first.tryHold(key)));
    const stolen = await second.tryHold('reactor:b');

    // Then the first holds all three on one backend, and the second none
    expect(held).toEqual([true, true, true]);
    expect(stolen).toBe(false);
    const { rows } = await database.pool.query<{ holders: number; locks: number }>(
      `SELECT count(DISTINCT pid)::int AS holders, count(*)::int AS locks FROM pg_locks WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    expect(rows[0]).toEqual({ holders: 1, locks: 3 });

    // When the first process goes, the second takes over
    await first.close();
    expect(await second.tryHold('reactor:b')).toBe(true);
    await second.close();
  });

  it('loses its locks with its connection, and asks again', async () => {
    const session = new SharedLockSession(database.pool);
    const rival = new SharedLockSession(otherPool);
    expect(await session.tryHold('reactor:x')).toBe(true);

    // When the database ends the session's connection (a restart, a network cut)
    await database.pool.query(
      `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND granted AND pid <> pg_backend_pid() AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );

    // Then another process can take the lock, and the session, asking again, is told no
    await expect.poll(() => rival.tryHold('reactor:x'), { timeout: 10_000 }).toBe(true);
    expect(await session.tryHold('reactor:x')).toBe(false);
    await rival.close();
    await session.close();
  });
});
