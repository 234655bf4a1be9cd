import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productsStreamId } from '@kartvizit/schemas';
import { createTestDatabase } from '@kartvizit/infra/db/test-database';
import { compareCheckpoints } from '@kartvizit/infra/event-store/checkpoint';
import { createEventStore } from '@kartvizit/infra/event-store/create';
import type { Checkpoint } from '@kartvizit/infra/event-store/types';
import { startSmtpReceiver, type SmtpReceiver } from '../support/smtp-receiver.ts';
import { freePort } from '../support/ports.ts';

/**
 * The EİDS reminders in the scaled shape (issue 33): a command-api and two projector processes (projector/src/main.ts,
 * as deployed) on one database, e-mail over SMTP to a real server on loopback, and the listings' clock in a file the
 * test moves (LISTING_CLOCK_FILE). Both projectors run the schedule and the mail reactor; exactly one e-mail goes per
 * reminder. Then the projector that did the work is killed (SIGKILL), a new one starts, time moves on: the next
 * reminder goes once, the first is not sent again, and the end takes the listing off the card.
 */
type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;
const root = new URL('../..', import.meta.url).pathname;
const WAIT = 60_000;
let database: TestDatabase;
let smtp: SmtpReceiver;
let shared: Record<string, string>;
let commandPort = 0;
const workDir = mkdtempSync(join(tmpdir(), 'kartvizit-listing-reminders-'));
const clockFile = join(workDir, 'listing-clock');
const children = new Map<string, ChildProcess>();

function start(name: string, entry: string, env: Record<string, string> = {}): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: { ...process.env, ...shared, DATA_DIR: join(workDir, name), PGAPPNAME: `kartvizit-${name}`, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.set(name, child);
  return child;
}

async function until(what: string, condition: () => Promise<boolean> | boolean, timeoutMs = WAIT): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function api(method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(`http://127.0.0.1:${commandPort}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Which projector process holds the schedule's advisory lock now (by its PGAPPNAME). */
async function scheduleHolder(): Promise<string | null> {
  const { rows } = await database.pool.query<{ application_name: string }>(
    `SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
      WHERE l.locktype = 'advisory' AND l.granted
        AND ((l.classid::bigint << 32) | l.objid::bigint) = (SELECT hashtextextended('schedule:listing-authorisations', 0))`,
  );
  return rows[0]?.application_name ?? null;
}

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpReceiver();
  commandPort = await freePort();
  writeFileSync(clockFile, '2026-12-01T09:00:00.000Z');
  shared = {
    DATABASE_URL: database.url,
    APP_SECRET: randomBytes(32).toString('hex'),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    PUBLIC_BASE_URL: 'https://kart.example.test',
    AUTH_RATE_LIMIT_PER_MINUTE: '0',
    PROJECTOR_POLL_INTERVAL_MS: '100',
    SMTP_URL: smtp.url,
    LISTING_CLOCK_FILE: clockFile,
    BLOB_DIR: join(workDir, 'blobs'),
  };
  start('command-api', 'command-api/src/main.ts', { PORT: String(commandPort) });
  start('projector-a', 'projector/src/main.ts');
  start('projector-b', 'projector/src/main.ts');
  await until(
    'the command-api answers',
    async () => (await fetch(`http://127.0.0.1:${commandPort}/api/health`).catch(() => null))?.ok === true,
    90_000,
  );
  await until('a projector runs the schedule', async () => (await scheduleHolder()) !== null, 90_000);
  await until(
    'the listing mail reactor started',
    async () =>
      ((await database.pool.query("SELECT 1 FROM reactor_checkpoints WHERE name = 'listing-authorisation-mail'")).rowCount ?? 0) > 0,
    90_000,
  );
}, 180_000);

afterAll(async () => {
  for (const child of children.values()) child.kill('SIGKILL');
  await smtp?.close();
  await database?.drop();
  rmSync(workDir, { recursive: true, force: true });
});

describe('EİDS reminders with two projector processes', () => {
  it('send one e-mail per reminder, across a kill -9 and a new process, and end the listing once', async () => {
    const email = `emlak-${randomUUID().slice(0, 8)}@example.com`;
    const registered = await api('POST', '/api/auth/register', {
      email,
      password: 'gizli-sifre-1',
      firstName: 'Ayşe',
      lastName: 'Yılmaz',
    });
    expect(registered.status).toBe(200);
    const token = String(registered.body.token);
    const created = await api(
      'POST',
      '/api/products',
      {
        kind: 'listing',
        name: 'Bostanlı 2+1 Kiralık',
        price: { value: '32.000' },
        listing: {
          purpose: 'rent',
          propertyType: 'apartment',
          rooms: '2+1',
          il: 'İzmir',
          ilce: 'Karşıyaka',
          eids: { number: 'EIDS-4242', validUntil: '2026-12-10' },
        },
      },
      token,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const productId = String((created.body.data as { _id: string })._id);
    const row = async () =>
      (
        await database.pool.query<{ authorisation_ended: boolean; authorisation_deadline: Date | null }>(
          'SELECT authorisation_ended, authorisation_deadline FROM rm_products WHERE product_id = $1',
          [productId],
        )
      ).rows[0];
    await until('the listing projected', async () => (await row()) !== undefined);
    const sent = (subject: string) => smtp.messages.filter((mail) => mail.subject === subject).length;
    const week = 'EİDS yetkisi 7 gün içinde bitiyor: Bostanlı 2+1 Kiralık';
    const day = 'EİDS yetkisinin son günü: Bostanlı 2+1 Kiralık';

    // Seven days before the end (the close of 10 December in Türkiye).
    writeFileSync(clockFile, '2026-12-04T06:00:00.000Z');
    await until('the 7-day reminder', () => sent(week) === 1);
    await until('the next look moved to the last day', async () =>
      (await row())?.authorisation_deadline?.toISOString() === '2026-12-09T21:00:00.000Z',
    );

    // The process doing the work dies mid-flight; the other takes over, and a new one starts beside it.
    const holder = await scheduleHolder();
    const victim = holder?.replace(/^kartvizit-/, '') ?? '';
    expect(['projector-a', 'projector-b']).toContain(victim);
    children.get(victim)?.kill('SIGKILL');
    start('projector-c', 'projector/src/main.ts');
    writeFileSync(clockFile, '2026-12-10T06:00:00.000Z');
    await until('the last-day reminder', () => sent(day) === 1);

    writeFileSync(clockFile, '2026-12-11T06:00:00.000Z');
    await until('the listing off the card', async () => (await row())?.authorisation_ended === true);
    // The mail reactor has passed the end: every reminder it will ever send has been sent.
    const store = await createEventStore({ kind: 'postgres' }, { pool: database.pool });
    const ownerId = String((registered.body.user as { id: string }).id);
    const { events } = await store.readStream(productsStreamId(ownerId));
    const end = events.find((event) => event.type === 'ListingAuthorisationEnded');
    await until('the mail reactor past the end', async () => {
      const { rows } = await database.pool.query<{ checkpoint: Checkpoint | null }>(
        "SELECT checkpoint FROM reactor_checkpoints WHERE name = 'listing-authorisation-mail'",
      );
      return end !== undefined && compareCheckpoints(rows[0]?.checkpoint ?? null, end.position) >= 0;
    });
    expect(sent(week)).toBe(1);
    expect(sent(day)).toBe(1);
    expect(events.filter((event) => event.type.startsWith('ListingAuthorisation')).map((event) => event.type)).toEqual([
      'ListingAuthorisationReminderDue',
      'ListingAuthorisationReminderDue',
      'ListingAuthorisationEnded',
    ]);
  }, 180_000);
});
