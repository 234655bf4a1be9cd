import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountStreamId, type AccountRegistered } from '@kartvizit/schemas';
import { deriveKey } from '@kartvizit/infra/config/secrets';
import { createTestDatabase, type TestDatabase } from '@kartvizit/infra/db/test-database';
import { compareCheckpoints } from '@kartvizit/infra/event-store/checkpoint';
import { createEventStore } from '@kartvizit/infra/event-store/create';
import type { Checkpoint, EventStore } from '@kartvizit/infra/event-store/types';
import { createSignalBus, wakeReaders } from '@kartvizit/infra/signals/create';
import type { SignalBus } from '@kartvizit/infra/signals/types';
import { EventCodec } from '@kartvizit/infra/vault/event-codec';
import { PersonalDataVault } from '@kartvizit/infra/vault/personal-data-vault';
import { PROJECTIONS } from '@kartvizit/projector/projections';
import { startProjectors, type ProjectorService } from '@kartvizit/projector/service';
import { until } from '../support/mailing-product.ts';

/**
 * Every projection and reactor of a process shares one connection for its lock, and a runner never holds one
 * connection while it waits for another (infra/src/processing/projection-store.ts). So the projector keeps up on a pool smaller
 * than its number of projections; when each runner held a connection and waited for a second, seven projections on a
 * pool of ten deadlocked the moment anything else took a few connections.
 */
describe('the projector on a pool smaller than its projections', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let signals: SignalBus;
  let store: EventStore;
  let projectors: ProjectorService;
  /** Where the last of the twenty accounts stands in the log. */
  let last: Checkpoint;

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = new pg.Pool({ connectionString: database.url, max: 3 });
    signals = createSignalBus({ kind: 'in-process' });
    store = await createEventStore({ kind: 'postgres' }, { pool, onAppended: wakeReaders(signals) });
    const codec = new EventCodec(new PersonalDataVault(pool, deriveKey(randomBytes(32), 'personal-data-kek')));
    projectors = startProjectors({ pool, store, codec, signals, pollIntervalMs: 200 });
    for (let index = 0; index < 20; index++) {
      const userId = randomUUID();
      const event: AccountRegistered = {
        type: 'AccountRegistered',
        data: {
          userId,
          email: `kisi-${index}@example.com`,
          firstName: 'Ayşe',
          lastName: 'Yılmaz',
          registeredAt: new Date().toISOString(),
        },
      };
      ({ position: last } = await store.append([
        { streamId: accountStreamId(userId), expected: 'no_stream', events: [await codec.encode(event)] },
      ]));
    }
  });
  afterAll(async () => {
    await projectors?.stop();
    await signals?.close();
    await pool?.end();
    await database?.drop();
  });

  it(`given ${PROJECTIONS.length} projections and a pool of 3, when events are appended, then every projection gets past them`, async () => {
    expect(PROJECTIONS.length).toBeGreaterThan(3);
    // Past the last account, not at "the head": the head readers see stops short of events committed after the
    // oldest transaction still open anywhere on the server (another test file's), so it can lag the twenty.
    const caughtUp = async () => {
      const { rows } = await database.pool.query<{ name: string; checkpoint: Checkpoint | null }>(
        'SELECT name, checkpoint FROM projection_checkpoints WHERE generation > 0',
      );
      return rows.length === PROJECTIONS.length && rows.every((row) => compareCheckpoints(row.checkpoint, last) >= 0);
    };
    await until(caughtUp, 'every projection past the last account');
    const { rows } = await database.pool.query<{ count: string }>('SELECT count(*) FROM rm_accounts');
    expect(Number(rows[0]?.count)).toBe(20);
  });
});
