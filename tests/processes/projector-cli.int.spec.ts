import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountStreamId } from '@kartvizit/schemas';
import { deriveKey } from '@kartvizit/infra/config/secrets';
import { createTestDatabase } from '@kartvizit/infra/db/test-database';
import { createEventStore } from '@kartvizit/infra/event-store/create';
import { EventCodec } from '@kartvizit/infra/vault/event-codec';
import { PersonalDataVault } from '@kartvizit/infra/vault/personal-data-vault';

/** The operator's rebuild and status commands, run as a person would run them. */
const run = promisify(execFile);
const root = new URL('../..', import.meta.url).pathname;
type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;
let database: TestDatabase;
const appSecret = randomBytes(32).toString('hex');

function cli(...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', 'projector/src/cli.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: database.url, APP_SECRET: appSecret },
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  const store = await createEventStore({ kind: 'postgres' }, { pool: database.pool });
  const codec = new EventCodec(new PersonalDataVault(database.pool, deriveKey(Buffer.from(appSecret, 'utf8'), 'personal-data-kek')));
  for (const name of ['Şebnem', 'İlker']) {
    const userId = randomUUID();
    await store.append([
      {
        streamId: accountStreamId(userId),
        expected: 'no_stream',
        events: [await codec.encode({ type: 'AccountRegistered', data: { userId, email: `${userId}@example.com`, firstName: name, lastName: 'Kaya', registeredAt: new Date().toISOString() } })],
      },
    ]);
  }
});
afterAll(async () => {
  await database?.drop();
});

describe('npm run projector', () => {
  it('rebuild replays the history into a new generation and switches to it', async () => {
    const first = await cli('rebuild', 'accounts');
    expect(first.stdout).toMatch(/accounts: 2 olay, .* nesil 1 yayında/);
    const second = await cli('rebuild', 'all');
    expect(second.stdout).toMatch(/accounts: 2 olay, .* nesil 2 yayında/);
    const names = await database.pool.query<{ first_name: string }>('SELECT first_name FROM rm_accounts ORDER BY first_name');
    expect(names.rows.map((row) => row.first_name)).toEqual(['İlker', 'Şebnem']);
    const tables = await database.pool.query("SELECT tablename FROM pg_tables WHERE tablename LIKE 'rm_accounts_g%'");
    expect(tables.rows).toEqual([{ tablename: 'rm_accounts_g2' }]);
  });

  it('status says where each projection stands', async () => {
    const { stdout } = await cli('status');
    expect(stdout).toMatch(/accounts\s+nesil 2 .* güncel/);
  });

  it('an unknown projection is refused with the list of known ones', async () => {
    await expect(cli('rebuild', 'yok-boyle')).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('Projeksiyonlar: accounts') as unknown });
  });
});
