import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveKey } from '@kartvizit/infra/config/secrets';
import { createTestDatabase, type TestDatabase } from '@kartvizit/infra/db/test-database';
import { compareCheckpoints } from '@kartvizit/infra/event-store/checkpoint';
import { createEventStore } from '@kartvizit/infra/event-store/create';
import type { Checkpoint, EventStore } from '@kartvizit/infra/event-store/types';
import { createSignalBus, wakeReaders } from '@kartvizit/infra/signals/create';
import type { SignalBus } from '@kartvizit/infra/signals/types';
import { EventCodec } from '@kartvizit/infra/vault/event-codec';
import { PersonalDataVault } from '@kartvizit/infra/vault/personal-data-vault';
import { ProjectionWork } from '@kartvizit/infra/processing/projection-work';
import { StoreSource } from '@kartvizit/infra/processing/store-source';
import { statisticsProjection } from '@kartvizit/projector/statistics/statistics-projection';
import { appendTelemetry, visited } from '../http/statistics-fixtures.ts';

/**
 * A reader of the log never skips an event, so it sees nothing past the oldest transaction still open anywhere on the
 * database server (infra/src/event-store/horizon.ts). An append wakes the projectors once; if that wake-up finds the
 * new event held back by someone else's open transaction, no second wake-up comes. The runner must then read again by
 * itself — not wait for the next append or the fallback poll (seen in CI: a dashboard stuck at 1 of 2 visits for 10 s
 * while another test run's transactions were open).
 */
describe('a projection whose wake-up found the new events held back', () => {
  let database: TestDatabase;
  let signals: SignalBus;
  let store: EventStore;
  let codec: EventCodec;
  let runner: StoreSource;

  beforeAll(async () => {
    database = await createTestDatabase();
    signals = createSignalBus({ kind: 'in-process' });
    store = await createEventStore({ kind: 'postgres' }, { pool: database.pool, onAppended: wakeReaders(signals) });
    codec = new EventCodec(new PersonalDataVault(database.pool, deriveKey(randomBytes(32), 'personal-data-kek')));
    // No fallback poll worth the name: only an append (or the runner itself) moves the projection.
    const deps = { pool: database.pool, store, codec, signals, pollIntervalMs: 600_000 };
    runner = new StoreSource(new ProjectionWork(statisticsProjection, deps), deps);
    runner.start();
  });
  afterAll(async () => {
    await runner?.stop();
    await signals?.close();
    await database?.drop();
  });

  async function checkpoint(): Promise<Checkpoint | null> {
    const result = await database.pool.query<{ checkpoint: Checkpoint | null }>(
      "SELECT checkpoint FROM projection_checkpoints WHERE name = 'statistics'",
    );
    return result.rows[0]?.checkpoint ?? null;
  }

  async function until(condition: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (await condition()) return true;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return condition();
  }

  it('reads again by itself once the older transaction has ended, without another append', async () => {
    const ownerId = randomUUID();
    const first = await appendTelemetry({ store, codec }, [
      visited({ ownerId, cardId: 'VC-HOLD01', at: new Date().toISOString(), visitor: 'ilk' }),
    ]);
    expect(await until(async () => compareCheckpoints(await checkpoint(), first) >= 0, 30_000)).toBe(true);

    // Given: a transaction of someone else holds a transaction id (as any writer does) and stays open.
    const holder = await database.pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT pg_current_xact_id()');

      // When: a visit is appended (its wake-up finds it held back), then the holder ends. No append follows.
      const second = await appendTelemetry({ store, codec }, [
        visited({ ownerId, cardId: 'VC-HOLD01', at: new Date().toISOString(), visitor: 'ikinci' }),
      ]);
      expect(await store.heldBack()).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(compareCheckpoints(await checkpoint(), second)).toBeLessThan(0);
      await holder.query('COMMIT');
      // Other work on the same server (another test file, another run) may hold the log a while longer: the runner is
      // judged from the moment nothing holds it back any more.
      expect(await until(async () => !(await store.heldBack()), 60_000)).toBe(true);

      // Then: the projection passes the visit on its own, long before any poll (600 s here).
      expect(await until(async () => compareCheckpoints(await checkpoint(), second) >= 0, 5_000)).toBe(true);
    } finally {
      holder.release();
    }
  });
});
