import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardStreamId } from '@kartvizit/schemas';
import { PHYSICAL_CARD_ALPHABET, provisionCards } from '@kartvizit/command-api/card/provisioning';
import { deriveKey } from '@kartvizit/infra/config/secrets';
import { createTestDatabase } from '@kartvizit/infra/db/test-database';
import { createEventStore } from '@kartvizit/infra/event-store/create';
import { EventCodec } from '@kartvizit/infra/vault/event-codec';
import { PersonalDataVault } from '@kartvizit/infra/vault/personal-data-vault';

/** `npm run cards:provision` as an operator runs it, against a database of its own. */
const run = promisify(execFile);
const root = new URL('../..', import.meta.url).pathname;
const workDir = mkdtempSync(join(tmpdir(), 'kartvizit-provision-'));
const publicBaseUrl = 'https://kart.example.com.tr';
type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;
let database: TestDatabase;

function cli(...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', 'command-api/src/card/provision-cli.ts', ...args], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      APP_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_BASE_URL: `${publicBaseUrl}/`,
      INIT_CWD: workDir,
    },
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
  rmSync(workDir, { recursive: true, force: true });
});

const ID = new RegExp(`^KV-[${PHYSICAL_CARD_ALPHABET}]{8}$`);

describe('npm run cards:provision', () => {
  it('stores one CardProvisioned per card and writes the vendor CSV', async () => {
    const { stdout } = await cli('--type', 'basic', '--color', 'black', '--count', '250', '--out', 'kartlar.csv');
    expect(stdout).toMatch(/250 kart üretildi \(tür: basic, renk: black, parti: \d{4}-\d{2}-\d{2}-[0-9a-f]{6}\)/);
    expect(stdout).toContain(join(workDir, 'kartlar.csv'));

    const lines = readFileSync(join(workDir, 'kartlar.csv'), 'utf8').trimEnd().split('\n');
    expect(lines[0]).toBe('cardId,type,color,url');
    const rows = lines.slice(1).map((line) => line.split(','));
    expect(rows).toHaveLength(250);
    const ids = rows.map(([cardId]) => cardId ?? '');
    expect(new Set(ids).size).toBe(250);
    for (const [cardId, type, color, url] of rows) {
      expect(cardId).toMatch(ID);
      expect({ type, color, url }).toEqual({ type: 'basic', color: 'black', url: `${publicBaseUrl}/p/${cardId}` });
    }

    const events = await database.pool.query<{ stream_id: string; type: string; stream_position: string; data: { batchId: string; type: string; color: string } }>(
      "SELECT stream_id, type, stream_position, data FROM events WHERE type = 'CardProvisioned'",
    );
    expect(events.rows).toHaveLength(250);
    expect(new Set(events.rows.map((row) => row.stream_id))).toEqual(new Set(ids.map(cardStreamId)));
    expect(events.rows.every((row) => Number(row.stream_position) === 0)).toBe(true);
    expect(new Set(events.rows.map((row) => row.data.batchId)).size).toBe(1);
  });

  it('takes a batch id and a colour with a hyphen', async () => {
    const { stdout } = await cli('--type', 'pro', '--color', 'rose-gold', '--count', '3', '--out', 'pro.csv', '--batch', 'fuar-2026');
    expect(stdout).toContain('3 kart üretildi (tür: pro, renk: rose-gold, parti: fuar-2026)');
    const rows = readFileSync(join(workDir, 'pro.csv'), 'utf8').trimEnd().split('\n').slice(1);
    expect(rows.every((row) => row.includes(',pro,rose-gold,'))).toBe(true);
  });

  it('never overwrites a list that already exists, and stores nothing then', async () => {
    writeFileSync(join(workDir, 'var-olan.csv'), 'eski liste\n');
    const before = await database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM events');
    await expect(cli('--type', 'basic', '--color', 'black', '--count', '5', '--out', 'var-olan.csv')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Dosya zaten var') as unknown,
    });
    expect(readFileSync(join(workDir, 'var-olan.csv'), 'utf8')).toBe('eski liste\n');
    const after = await database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM events');
    expect(after.rows).toEqual(before.rows);
  });

  it.each([
    [[], 'Kart türü eksik'],
    [['--type', 'virtual', '--color', 'black', '--count', '1', '--out', 'x.csv'], 'Bilinmeyen kart türü: virtual'],
    [['--type', 'basic', '--color', 'mor', '--count', '1', '--out', 'x.csv'], 'Bilinmeyen kart rengi: mor'],
    [['--type', 'basic', '--color', 'black', '--count', '0', '--out', 'x.csv'], 'Geçersiz adet: 0'],
    [['--type', 'basic', '--color', 'black', '--count', '1.5', '--out', 'x.csv'], 'Geçersiz adet: 1.5'],
    [['--type', 'basic', '--color', 'black', '--count', '10001', '--out', 'x.csv'], 'Geçersiz adet: 10001'],
    [['--type', 'basic', '--color', 'black', '--count', '1'], 'Çıktı dosyası eksik'],
    [['--type', 'basic', '--color', 'black', '--count', '1', '--out', 'x.csv', '--batch', 'a b'], 'Geçersiz parti kimliği'],
    [['--tip', 'basic'], 'Geçersiz argüman'],
  ])('%j is refused with Turkish usage text', async (args, problem) => {
    await expect(cli(...args)).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringMatching(new RegExp(`${problem.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\\s\\S]*Kullanım: npm run cards:provision`)) as unknown,
    });
  });
});

describe('the cards read model', () => {
  it('is built from the stored cards by the projector CLI, unowned and inactive', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'projector/src/cli.ts', 'rebuild', 'cards'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: database.url, APP_SECRET: randomBytes(32).toString('hex') },
    });
    expect(stdout).toMatch(/cards: 253 olay, .* nesil 1 yayında/);
    const rows = await database.pool.query<{ n: number; owned: number; active: number; history: number }>(
      `SELECT count(*)::int AS n, count(owner_id)::int AS owned, count(*) FILTER (WHERE is_active OR is_activated)::int AS active,
              (SELECT count(*)::int FROM rm_card_history WHERE type = 'provisioned') AS history
         FROM rm_cards`,
    );
    expect(rows.rows[0]).toEqual({ n: 253, owned: 0, active: 0, history: 253 });
  });
});

describe('random ids that are already taken', () => {
  it('are drawn again; the chunk is retried, nothing is stored twice', async () => {
    const store = await createEventStore({ kind: 'postgres' }, { pool: database.pool });
    const codec = new EventCodec(new PersonalDataVault(database.pool, deriveKey(randomBytes(32), 'personal-data-kek')));
    const first = await provisionCards({ store, codec, rows: [{ type: 'basic', color: 'white', count: 2 }], batchId: 'a', now: new Date() });
    const taken = first.cards.map((card) => card.cardId);
    const draws = [...taken, 'KV-NEWAAAAA', 'KV-NEWBBBBB'];
    const second = await provisionCards({
      store,
      codec,
      rows: [{ type: 'basic', color: 'white', count: 2 }],
      batchId: 'b',
      now: new Date(),
      generateId: () => draws.shift() ?? 'KV-NEWCCCCC',
    });
    expect(second.cards.map((card) => card.cardId).sort()).toEqual(['KV-NEWAAAAA', 'KV-NEWBBBBB']);
    expect(second.collisions).toBe(2);
    for (const cardId of taken) expect((await store.readStream(cardStreamId(cardId))).version).toBe(0);
  });
});

describe('the npm script', () => {
  it('is wired in the root package.json', async () => {
    const { stdout } = await run('npm', ['run', '--silent', 'cards:provision', '--', '--help'], { cwd: root });
    expect(stdout).toContain('Kullanım: npm run cards:provision');
  });
});
