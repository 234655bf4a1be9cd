import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountStreamId } from '@kartvizit/schemas';
import { deriveKey } from '@kartvizit/infra/config/secrets';
import { compareCheckpoints } from '@kartvizit/infra/event-store/checkpoint';
import type { Checkpoint } from '@kartvizit/infra/event-store/types';
import { createTestDatabase, type TestDatabase } from '@kartvizit/infra/db/test-database';
import { createEventStore } from '@kartvizit/infra/event-store/create';
import { EventCodec } from '@kartvizit/infra/vault/event-codec';
import { PersonalDataVault } from '@kartvizit/infra/vault/personal-data-vault';
import { appendTelemetry, clicked, traffic, visited } from '../http/statistics-fixtures.ts';

/** `npm run projector -- export`, run as an analyst runs it: a process, NDJSON out. */
const run = promisify(execFile);
const root = new URL('../..', import.meta.url).pathname;
const appSecret = randomBytes(32).toString('hex');
let database: TestDatabase;
let directory: string;
const ayse = { ownerId: randomUUID(), cards: ['VC-EXPRT1', 'VC-EXPRT2'] };
const bora = { ownerId: randomUUID(), cards: ['VC-EXPRT3'] };

interface Line {
  position: Checkpoint;
  type: string;
  streamId: string;
  eventId: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  personalOmitted?: string[];
  forgotten?: boolean;
}

function cli(...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', 'projector/src/cli.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: database.url, APP_SECRET: appSecret },
    maxBuffer: 64 * 1024 * 1024,
  });
}

const lines = (text: string) =>
  text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Line);

beforeAll(async () => {
  database = await createTestDatabase();
  directory = await mkdtemp(join(tmpdir(), 'kartvizit-export-'));
  const store = await createEventStore({ kind: 'postgres' }, { pool: database.pool });
  const codec = new EventCodec(
    new PersonalDataVault(database.pool, deriveKey(Buffer.from(appSecret, 'utf8'), 'personal-data-kek')),
  );
  for (const [owner, firstName] of [
    [ayse, 'Ayşe'],
    [bora, 'Bora'],
  ] as const) {
    await store.append([
      {
        streamId: accountStreamId(owner.ownerId),
        expected: 'no_stream',
        events: [
          await codec.encode({
            type: 'AccountRegistered',
            data: {
              userId: owner.ownerId,
              email: `${firstName.toLowerCase()}@example.com`,
              firstName,
              lastName: 'Kaya',
              registeredAt: '2026-01-02T09:00:00.000Z',
            },
          }),
        ],
      },
    ]);
  }
  // Around two months of traffic (more than one read batch), and the edges of January in Istanbul.
  await appendTelemetry(
    { store, codec },
    traffic([ayse, bora], { count: 2500, days: 70, until: new Date('2026-02-20T12:00:00Z'), seed: 42 }),
  );
  await appendTelemetry({ store, codec }, [
    visited({ ownerId: ayse.ownerId, cardId: 'VC-EXPRT1', at: '2025-12-31T20:59:59.999Z', visitor: 'önce' }),
    visited({ ownerId: ayse.ownerId, cardId: 'VC-EXPRT1', at: '2025-12-31T21:00:00.000Z', visitor: 'ilk' }),
    clicked({
      ownerId: ayse.ownerId,
      cardId: null,
      at: '2026-01-31T20:59:59.999Z',
      clickType: 'vcard',
      visitor: 'son',
    }),
    visited({ ownerId: ayse.ownerId, cardId: 'VC-EXPRT1', at: '2026-01-31T21:00:00.000Z', visitor: 'sonra' }),
  ]);
  await store.close();
}, 120_000);

afterAll(async () => {
  await database?.drop();
  if (directory) await rm(directory, { recursive: true, force: true });
});

describe('npm run projector -- export', () => {
  it("writes one owner's visits and clicks of January (Istanbul days) to a file, in global order", async () => {
    const out = join(directory, 'ocak.ndjson');
    const { stdout, stderr } = await cli(
      'export',
      '--type',
      'CardVisited,ContactClicked',
      '--owner',
      ayse.ownerId,
      '--from',
      '2026-01-01',
      '--to',
      '2026-02-01',
      '--out',
      out,
    );
    expect(stdout).toBe('');
    const exported = lines(await readFile(out, 'utf8'));
    const { rows } = await database.pool.query<{ event_id: string }>(
      `SELECT event_id::text AS event_id FROM events
        WHERE type IN ('CardVisited', 'ContactClicked') AND data->>'ownerId' = $1
          AND ((data->>'at')::timestamptz AT TIME ZONE 'Europe/Istanbul')::date BETWEEN '2026-01-01' AND '2026-01-31'
        ORDER BY transaction_id, global_position`,
      [ayse.ownerId],
    );
    expect(rows.length).toBeGreaterThan(500);
    expect(exported.map((line) => line.eventId)).toEqual(rows.map((row) => row.event_id));
    expect(stderr).toContain(`${rows.length} olay dışa aktarıldı`);
    for (let index = 1; index < exported.length; index++) {
      expect(compareCheckpoints(exported[index - 1]?.position ?? null, exported[index]?.position ?? null)).toBeLessThan(
        0,
      );
    }
    expect(new Set(exported.map((line) => line.data.ownerId))).toEqual(new Set([ayse.ownerId]));
    const edges = exported.map((line) => line.data.at);
    expect(edges).toContain('2025-12-31T21:00:00.000Z');
    expect(edges).toContain('2026-01-31T20:59:59.999Z');
    expect(edges).not.toContain('2025-12-31T20:59:59.999Z');
    expect(edges).not.toContain('2026-01-31T21:00:00.000Z');
    // Decoded events: the visitor is a pseudonymous hash, the stream a shard, the actor 'visitor'.
    const first = exported[0];
    expect(first?.streamId).toMatch(/^telemetry-\d+$/);
    expect(first?.data.visitorHash).toMatch(/^[0-9a-f]{32}$/);
    expect(first?.metadata).toEqual({ actor: 'visitor' });
  });

  it('leaves sealed personal data out unless --include-personal is given (NDJSON on stdout)', async () => {
    const plain = lines((await cli('export', '--type', 'AccountRegistered', '--owner', ayse.ownerId)).stdout);
    expect(plain).toHaveLength(1);
    expect(plain[0]?.data).toEqual({ userId: ayse.ownerId, registeredAt: '2026-01-02T09:00:00.000Z' });
    expect(plain[0]?.personalOmitted).toEqual(['email', 'firstName', 'lastName']);
    expect(JSON.stringify(plain)).not.toContain('sealed');

    const personal = lines(
      (await cli('export', '--type', 'AccountRegistered', '--owner', ayse.ownerId, '--include-personal')).stdout,
    );
    expect(personal[0]?.data).toMatchObject({
      userId: ayse.ownerId,
      email: 'ayşe@example.com',
      firstName: 'Ayşe',
      lastName: 'Kaya',
    });
    expect(personal[0]?.forgotten).toBe(false);
  });

  it('without filters exports everything, every type, in global order', async () => {
    const all = lines((await cli('export')).stdout);
    const { rows } = await database.pool.query<{ count: number }>('SELECT count(*)::int AS count FROM events');
    expect(all).toHaveLength(rows[0]?.count ?? -1);
    expect(new Set(all.map((line) => line.type))).toEqual(
      new Set(['AccountRegistered', 'CardVisited', 'ContactClicked']),
    );
  });

  it('refuses an unknown type, a malformed owner, a bad date or an empty period before reading anything', async () => {
    // Each refusal is a process of its own; run them side by side.
    await Promise.all([
      expect(cli('export', '--type', 'CardVisited,Yok')).rejects.toMatchObject({
        code: 2,
        stderr: expect.stringContaining('Bilinmeyen olay türü: Yok') as unknown,
      }),
      expect(cli('export', '--owner', 'ayse')).rejects.toMatchObject({
        code: 2,
        stderr: expect.stringContaining('Geçersiz sahip kimliği') as unknown,
      }),
      expect(cli('export', '--from', '2026-02-30')).rejects.toMatchObject({
        code: 2,
        stderr: expect.stringContaining('Geçersiz --from') as unknown,
      }),
      expect(cli('export', '--from', '2026-02-01', '--to', '2026-01-01')).rejects.toMatchObject({ code: 2 }),
      expect(cli('export', '--bilinmeyen')).rejects.toMatchObject({ code: 2 }),
    ]);
  });
});
