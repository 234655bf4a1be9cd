import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, type APIRequestContext } from '@playwright/test';

const execFileAsync = promisify(execFile);
const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The database the e2e server writes to: DATABASE_URL when the run uses an external server (E2E_DATABASE_URL, which
 * tests/playwright.config.ts copies into DATABASE_URL),
 * otherwise the embedded PostgreSQL the server started in E2E_DATA_DIR/pg (its superuser password
 * is in kartvizit-embedded.json, its port on line 4 of postmaster.pid). A CLI cannot start the
 * embedded cluster a second time while the server holds it, but it can connect to it.
 */
export function e2eDatabaseUrl(): string {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through tests/playwright.config.ts');
  const pgDir = join(dataDir, 'pg');
  const state = JSON.parse(readFileSync(join(pgDir, 'kartvizit-embedded.json'), 'utf8')) as { password: string };
  const port = readFileSync(join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[3]?.trim();
  if (!port || !/^\d+$/.test(port)) throw new Error(`No port in ${pgDir}/postmaster.pid`);
  return `postgres://postgres:${encodeURIComponent(state.password)}@127.0.0.1:${port}/kartvizit`;
}

export interface ProvisionedCardRow {
  readonly cardId: string;
  readonly type: string;
  readonly color: string;
  readonly url: string;
}

/** Physical cards made the way operators make them: `npm run cards:provision`, CSV out. */
export async function provisionCardsViaCli(
  options: { type?: 'basic' | 'pro'; color?: string; count?: number; publicBaseUrl?: string } = {},
): Promise<ProvisionedCardRow[]> {
  const outDir = join(REPO_ROOT, 'tests', 'artifacts', 'provisioned');
  mkdirSync(outDir, { recursive: true });
  const out = join(outDir, `cards-${Date.now()}-${randomUUID().slice(0, 8)}.csv`);
  const args = ['--type', options.type ?? 'basic', '--color', options.color ?? 'black'];
  args.push('--count', String(options.count ?? 1), '--out', out);
  await execFileAsync('npm', ['run', '--silent', 'cards:provision', '--', ...args], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      // The server's data dir holds its app secret; DATABASE_URL points at its running cluster.
      DATA_DIR: process.env.E2E_DATA_DIR ?? '',
      DATABASE_URL: e2eDatabaseUrl(),
      ...(options.publicBaseUrl ? { PUBLIC_BASE_URL: options.publicBaseUrl } : {}),
    },
    timeout: 60_000,
  });
  const [header, ...lines] = readFileSync(out, 'utf8').trim().split('\n');
  expect(header).toBe('cardId,type,color,url');
  return lines.map((line) => {
    const [cardId = '', type = '', color = '', url = ''] = line.split(',');
    return { cardId, type, color, url };
  });
}

/**
 * A profile for a card owner (activation needs one), created through the real API; returns once
 * the read side shows it, so a page opened next finds it.
 */
export async function createProfileViaApi(
  request: APIRequestContext,
  account: { readonly token: string; readonly firstName: string; readonly lastName: string; readonly email: string },
): Promise<void> {
  const headers = { authorization: `Bearer ${account.token}` };
  const response = await request.post('/api/profile', {
    headers,
    data: {
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      jobTitle: 'Gayrimenkul Danışmanı',
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { position } = (await response.json()) as { position?: string };
  await expect
    .poll(async () => {
      const me = await request.get('/api/profile/me', {
        headers: { ...headers, ...(position ? { 'x-min-position': position } : {}) },
      });
      return ((await me.json()) as { profile?: unknown }).profile != null;
    })
    .toBe(true);
}

/** A virtual card id nobody has used (the server accepts any 'VC-' id an owner brings). */
export function newVirtualCardId(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return `VC-${[...randomBytes(6)].map((byte) => alphabet.charAt(byte % alphabet.length)).join('')}`;
}

/**
 * A virtual card made and activated through the real API for an owner who already has a profile;
 * returns once its public page answers, so a visitor opened next finds it.
 */
export async function publicVirtualCard(
  request: APIRequestContext,
  account: { readonly token: string },
  name: string,
  options: { readonly color?: string } = {},
): Promise<string> {
  const cardId = newVirtualCardId();
  const headers = { authorization: `Bearer ${account.token}` };
  for (const [url, data] of [
    ['/api/cards', { cardId, type: 'virtual', name, ...(options.color ? { color: options.color } : {}) }],
    ['/api/cards/activate', { cardId, name }],
  ] as const) {
    const response = await request.post(url, { headers, data });
    expect(response.status(), await response.text()).toBe(200);
  }
  await expect
    .poll(async () => (await request.get(`/api/profile/card/${cardId}`)).status(), { timeout: 15_000 })
    .toBe(200);
  return cardId;
}
