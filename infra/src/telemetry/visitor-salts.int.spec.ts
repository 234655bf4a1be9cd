import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../db/test-database.ts';
import { VisitorSalts } from './visitor-salts.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

async function rows(): Promise<{ day: string; createdAt: string }[]> {
  const result = await database.pool.query<{ day: string; created_at: Date }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, created_at FROM visitor_salts ORDER BY day`,
  );
  return result.rows.map((row) => ({ day: row.day, createdAt: row.created_at.toISOString() }));
}

describe('VisitorSalts', () => {
  it('gives every process the same salt for a day, created once even when they race', async () => {
    const at = new Date('2026-05-10T10:00:00Z');
    const processes = Array.from(
      { length: 12 },
      () => new VisitorSalts({ pool: database.pool, now: () => at, sweepIntervalMs: 0 }),
    );
    const salts = await Promise.all(processes.map((salts) => salts.saltFor(at)));
    expect(new Set(salts.map((salt) => salt.toString('hex'))).size).toBe(1);
    expect(salts[0]).toHaveLength(32);
    expect(await rows()).toEqual([{ day: '2026-05-10', createdAt: at.toISOString() }]);
    for (const salts of processes) salts.close();
  });

  it('takes the Istanbul day: 23:59 and 00:00 there are two salts', async () => {
    const salts = new VisitorSalts({ pool: database.pool, now: () => new Date(), sweepIntervalMs: 0 });
    const late = await salts.saltFor(new Date('2026-05-10T20:59:00Z'));
    const early = await salts.saltFor(new Date('2026-05-10T21:00:00Z'));
    expect(late.equals(early)).toBe(false);
    expect((await rows()).map((row) => row.day)).toEqual(['2026-05-10', '2026-05-11']);
    salts.close();
  });

  it('deletes salts of days before yesterday and any older than 48 hours, from the table and from memory', async () => {
    let now = new Date('2026-05-12T08:00:00Z');
    const salts = new VisitorSalts({ pool: database.pool, now: () => now, sweepIntervalMs: 0 });
    const tenth = await salts.saltFor(new Date('2026-05-10T10:00:00Z'));
    // Rows as another process might leave them: yesterday's, but created long ago.
    await database.pool.query(
      `INSERT INTO visitor_salts (day, salt, created_at) VALUES ('2026-05-11', '\\x00', $1) ON CONFLICT (day) DO UPDATE SET created_at = $1`,
      [new Date('2026-05-09T00:00:00Z')],
    );
    expect(await salts.deleteExpired()).toBe(2);
    expect(await rows()).toEqual([]);

    const again = await salts.saltFor(new Date('2026-05-10T10:00:00Z'));
    expect(again.equals(tenth)).toBe(false);
    now = new Date('2026-05-13T08:00:00Z');
    expect(await salts.deleteExpired()).toBe(1);
    salts.close();
  });

  it('sweeps on its own, periodically', async () => {
    await database.pool.query(
      `INSERT INTO visitor_salts (day, salt, created_at) VALUES ('2026-01-01', '\\x01', '2026-01-01T00:00:00Z')`,
    );
    const salts = new VisitorSalts({
      pool: database.pool,
      now: () => new Date('2026-05-20T12:00:00Z'),
      sweepIntervalMs: 20,
    });
    const deadline = Date.now() + 5_000;
    while ((await rows()).some((row) => row.day === '2026-01-01') && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await rows()).map((row) => row.day)).not.toContain('2026-01-01');
    salts.close();
  });
});
