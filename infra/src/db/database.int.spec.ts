import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabaseIfMissing, dropDatabase } from './admin.ts';
import { migrate, openDatabase } from './database.ts';
import { createTestDatabase } from './test-database.ts';
import { withDatabase } from './url.ts';

let tempDir: string;

beforeAll(async () => {
  tempDir = await mkdtemp(join(tmpdir(), 'kartvizit-open-'));
  // When tests run as root, PostgreSQL runs as the "postgres" OS user and must pass through.
  await chmod(tempDir, 0o755);
});

afterAll(async () => {
  await rm(tempDir, { recursive: true, force: true });
});

describe('openDatabase with embedded PostgreSQL', () => {
  it('given an empty directory, when opened, migrated again, closed and reopened, then the data is still there', async () => {
    const dataDir = join(tempDir, 'restart');
    const logs: string[] = [];

    const first = await openDatabase({ dataDir, log: (message) => logs.push(message) });
    expect(first.embedded).toBe(true);
    expect(new URL(first.url).pathname).toBe('/kartvizit');
    await first.pool.query(`insert into projection_checkpoints (name, checkpoint, version) values ('cards', '5:7', 1)`);
    expect(await migrate(first.url)).toEqual([]);
    await first.close();

    const second = await openDatabase({ dataDir, log: (message) => logs.push(message) });
    const { rows } = await second.pool.query<{ checkpoint: string }>(
      `select checkpoint from projection_checkpoints where name = 'cards'`,
    );
    await second.close();

    expect(rows).toEqual([{ checkpoint: '5:7' }]);
    expect(logs.filter((line) => line.startsWith('Migrations applied'))).toHaveLength(1);
    expect(logs.some((line) => line.includes('embedded') && line.includes('(new)'))).toBe(true);
  });

  it('given a postmaster.pid left by a crash, when opened, then it starts anyway', async () => {
    const dataDir = join(tempDir, 'stale-lock');
    const first = await openDatabase({ dataDir });
    await first.close();
    // The pid of a process that has certainly exited.
    const deadPid = spawnSync('true').pid;
    await writeFile(join(dataDir, 'postmaster.pid'), `${deadPid}\n${dataDir}\n`);

    const second = await openDatabase({ dataDir });
    const { rows } = await second.pool.query<{ one: number }>('select 1 as one');
    await second.close();

    expect(rows).toEqual([{ one: 1 }]);
  });

  it('given an app killed with SIGKILL that left its PostgreSQL running, when opened again, then the orphan is stopped and a fresh server starts', async () => {
    const dataDir = join(tempDir, 'orphan');
    const script = join(tempDir, 'start-and-hang.mts');
    const embeddedModule = fileURLToPath(new URL('./embedded.ts', import.meta.url));
    await writeFile(
      script,
      `import { startEmbeddedPostgres } from ${JSON.stringify(embeddedModule)};
       await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)} });
       console.log('READY');
       setInterval(() => undefined, 1_000);`,
    );
    const app = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      app.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('READY')) resolve();
      });
      app.on('exit', (code) => reject(new Error(`helper exited early with ${code}`)));
    });
    const orphanPid = Number((await readFile(join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
    app.kill('SIGKILL');
    await new Promise((resolve) => app.on('exit', resolve));
    expect(isAlive(orphanPid)).toBe(true);

    const database = await openDatabase({ dataDir });
    await database.pool.query('select 1');
    await database.close();

    expect(isAlive(orphanPid)).toBe(false);
  });

  it('given a data dir already in use by a running server of this app, when opened again, then it refuses instead of sharing it', async () => {
    const dataDir = join(tempDir, 'in-use');
    const first = await openDatabase({ dataDir });
    try {
      await expect(openDatabase({ dataDir })).rejects.toThrow(/already running/);
    } finally {
      await first.close();
    }
  });
});

describe('openDatabase with a database URL', () => {
  it('given a migrated database, when opened by URL, then it is used as is, no embedded server', async () => {
    const testDatabase = await createTestDatabase();
    try {
      const database = await openDatabase({ databaseUrl: testDatabase.url, dataDir: join(tempDir, 'unused') });
      await database.pool.query('select 1 from events limit 1');
      await database.close();
      expect(database.embedded).toBe(false);
      expect(database.url).toBe(testDatabase.url);
    } finally {
      await testDatabase.drop();
    }
  });
});

describe('migrations', () => {
  it('given an empty database, when five processes migrate it at once, then each migration runs exactly once', async () => {
    const adminUrl = inject('postgresAdminUrl');
    const name = `${inject('testDatabasePrefix')}m${randomBytes(4).toString('hex')}`;
    await createDatabaseIfMissing(adminUrl, name);
    const url = withDatabase(adminUrl, name);
    try {
      const runs = await Promise.all(Array.from({ length: 5 }, () => migrate(url)));

      const applied = runs.flat();
      expect(applied).toHaveLength(new Set(applied).size);
      expect(applied.length).toBeGreaterThanOrEqual(3);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows } = await client.query<{ table_name: string }>(
          `select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
        );
        expect(rows.map((row) => row.table_name)).toEqual([
          'account_credentials',
          'account_passkeys',
          'account_sessions',
          'account_two_factor',
          'api_tokens',
          'events',
          'geocode_cache',
          'geocoder_throttle',
          'hubspot_connections',
          'kafka_relay',
          'kafka_relay_marks',
          'owner_keys',
          'pgmigrations',
          'projection_checkpoints',
          'projection_kafka_offsets',
          'reactor_checkpoints',
          'reactor_deliveries',
          'sign_in_challenges',
          'sign_in_throttle',
          'streams',
          'visitor_salts',
          'webhook_secrets',
        ]);
      } finally {
        await client.end();
      }
    } finally {
      await dropDatabase(adminUrl, name);
    }
  });

  it('given stored events, when someone updates or deletes them, then the database refuses', async () => {
    const testDatabase = await createTestDatabase();
    try {
      await testDatabase.pool.query(
        `insert into events (stream_id, stream_position, event_id, type, schema_version, data)
         values ('card-1', 0, $1, 'CardCreated', 1, '{}')`,
        [randomUUID()],
      );
      await expect(testDatabase.pool.query(`update events set type = 'Changed'`)).rejects.toMatchObject({
        code: '23001',
      });
      await expect(testDatabase.pool.query(`delete from events`)).rejects.toMatchObject({ code: '23001' });
    } finally {
      await testDatabase.drop();
    }
  });
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
