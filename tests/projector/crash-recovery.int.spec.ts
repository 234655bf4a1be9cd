import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountEvent } from '@kartvizit/schemas';
import { accountStreamId } from '@kartvizit/schemas';
import { deriveKey } from '@kartvizit/infra/config/secrets';
import { createTestDatabase } from '@kartvizit/infra/db/test-database';
import { compareCheckpoints, makeCheckpoint } from '@kartvizit/infra/event-store/checkpoint';
import { createEventStore } from '@kartvizit/infra/event-store/create';
import type { Checkpoint, EventStore } from '@kartvizit/infra/event-store/types';
import { EventCodec } from '@kartvizit/infra/vault/event-codec';
import { PersonalDataVault } from '@kartvizit/infra/vault/personal-data-vault';
import { accountsProjection } from '@kartvizit/projector/account/accounts-projection';
import { rebuildProjection } from '@kartvizit/infra/processing/rebuild';
import { ProjectionWork } from '@kartvizit/infra/processing/projection-work';
import { StoreSource } from '@kartvizit/infra/processing/store-source';

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;
let database: TestDatabase;
let store: EventStore;
let codec: EventCodec;
const secret = randomBytes(32);
const OWNERS = 400;

beforeAll(async () => {
  database = await createTestDatabase();
  store = await createEventStore({ kind: 'postgres' }, { pool: database.pool });
  codec = new EventCodec(new PersonalDataVault(database.pool, deriveKey(secret, 'personal-data-kek')));
  // Given: 400 owners, each registered and then changing the password once or twice.
  for (let i = 0; i < OWNERS; i++) {
    const userId = randomUUID();
    const history: AccountEvent[] = [
      {
        type: 'AccountRegistered',
        data: {
          userId,
          email: `sahip${i}@example.com`,
          firstName: `Ad${'ç'.repeat(i % 3)}`,
          lastName: 'Soyadı',
          registeredAt: new Date(2026, 0, 1 + (i % 28)).toISOString(),
        },
      },
      { type: 'PasswordChanged', data: { userId, changedAt: new Date(2026, 1, 1 + (i % 28)).toISOString() } },
    ];
    if (i % 3 === 0)
      history.push({
        type: 'PasswordChanged',
        data: { userId, changedAt: new Date(2026, 2, 1 + (i % 28)).toISOString() },
      });
    await store.append([
      {
        streamId: accountStreamId(userId),
        expected: 'no_stream',
        events: await Promise.all(history.map((event) => codec.encode(event))),
      },
    ]);
  }
}, 120_000);

afterAll(async () => {
  await store?.close();
  await database?.drop();
});

async function checkpoint(): Promise<Checkpoint | null> {
  const result = await database.pool.query<{ checkpoint: Checkpoint | null }>(
    "SELECT checkpoint FROM projection_checkpoints WHERE name = 'accounts'",
  );
  return result.rows[0]?.checkpoint ?? null;
}

async function readModel(): Promise<unknown[]> {
  const result = await database.pool.query<Record<string, unknown>>(
    'SELECT user_id, email, first_name, last_name, registered_at, password_changed_at, forgotten, last_stream_position FROM rm_accounts ORDER BY user_id',
  );
  return result.rows;
}

function startChild(): Promise<ChildProcess> {
  const child = fork(new URL('../support/projector-child.ts', import.meta.url).pathname, [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      CHILD_DATABASE_URL: database.url,
      CHILD_APP_SECRET: secret.toString('hex'),
      CHILD_APPLY_DELAY_MS: '40',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('error', reject);
  });
}

async function waitUntil(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a projector killed in the middle of a batch', () => {
  it('resumes from its last committed batch and ends equal to a full rebuild', async () => {
    // The newest event, read directly: headCheckpoint() may lag while any transaction in the
    // cluster (autovacuum's analyze, say) is still open, which is the xmin rule doing its job.
    const last = await database.pool.query<{ xid: string; position: string }>(
      'SELECT transaction_id::text AS xid, global_position::text AS position FROM events ORDER BY transaction_id DESC, global_position DESC LIMIT 1',
    );
    const head = makeCheckpoint(last.rows[0]?.xid ?? '0', last.rows[0]?.position ?? '0');
    let kills = 0;
    // When: the projector is killed (SIGKILL, no clean-up) three times while it works through the log.
    for (let round = 0; round < 3; round++) {
      const before = await checkpoint();
      const child = await startChild();
      await waitUntil(async () => compareCheckpoints(await checkpoint(), before) > 0, 60_000);
      await new Promise((resolve) => setTimeout(resolve, 25 + round * 15));
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
      kills++;
      expect(compareCheckpoints(await checkpoint(), head)).toBeLessThan(0);
    }
    expect(kills).toBe(3);

    // Then: a restarted projector catches up to the head...
    const deps = { pool: database.pool, store, codec, batchSize: 50 };
    const runner = new StoreSource(new ProjectionWork(accountsProjection, deps), deps);
    await waitUntil(async () => {
      await runner.catchUp();
      return (await checkpoint()) === head;
    }, 60_000);
    const resumed = await readModel();
    expect(resumed).toHaveLength(OWNERS);

    // ...and its read model equals the one a full replay of the history builds.
    await rebuildProjection({ pool: database.pool, store, codec }, accountsProjection);
    expect(await readModel()).toEqual(resumed);
  }, 180_000);
});
