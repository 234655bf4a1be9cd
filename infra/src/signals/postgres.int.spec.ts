import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { firstValueFrom } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../db/test-database.ts';
import { createEventStore } from '../event-store/create.ts';
import { describeSignalBusContract } from './contract.ts';
import { createSignalBus, wakeReaders } from './create.ts';
import { PostgresSignalBus } from './postgres.ts';

let db: TestDatabase;
const buses: PostgresSignalBus[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await Promise.all(buses.map((bus) => bus.close()));
  await db?.drop();
});

function openBus(): PostgresSignalBus {
  const bus = createSignalBus({ kind: 'postgres', connectionString: db.url, reconnectDelayMs: { min: 20, max: 200 } });
  if (!(bus instanceof PostgresSignalBus)) throw new Error('expected the PostgreSQL bus');
  buses.push(bus);
  return bus;
}

// Two processes on one database: each bus has its own LISTEN connection and publishing pool.
describeSignalBusContract('PostgresSignalBus', async () => {
  const publisher = openBus();
  const listener = openBus();
  return {
    publisher,
    listener,
    listening: () => listener.whenListening(),
    cleanup: async () => {
      await Promise.all([publisher.close(), listener.close()]);
    },
  };
});

describe('PostgresSignalBus', () => {
  it('given a listening bus, when another connection notifies, then the payload arrives', async () => {
    const bus = openBus();
    const received = firstValueFrom(bus.on('projection_advanced'));
    await bus.whenListening();

    await db.pool.query(`select pg_notify('projection_advanced', 'cards 12:34')`);

    expect(await received).toBe('cards 12:34');
  });

  it('given the event store wired to another bus, when an append commits, then this bus hears events_appended; a rolled-back append signals nothing', async () => {
    const bus = openBus();
    const signals = bus.on('events_appended');
    // The writer's process: its store wakes readers through its own bus, after the commit.
    const store = await createEventStore({ kind: 'postgres' }, { pool: db.pool, onAppended: wakeReaders(openBus()) });
    const card = `card-${randomUUID()}`;
    const event = () => ({ eventId: randomUUID(), type: 'CardCreated', schemaVersion: 1, data: {} });
    await bus.whenListening();

    const afterCommit = firstValueFrom(signals);
    await store.append([{ streamId: card, expected: 'no_stream', events: [event()] }]);
    expect(await afterCommit).toBe('');

    // Notifications arrive in commit order: had the failed append notified, '' would come first.
    const afterRollback = firstValueFrom(signals);
    await expect(store.append([{ streamId: card, expected: 'no_stream', events: [event()] }])).rejects.toThrow();
    await db.pool.query(`select pg_notify('events_appended', 'marker')`);
    expect(await afterRollback).toBe('marker');
  });

  it('given a listening bus, when its connection is killed, then it reconnects and delivers again', async () => {
    const bus = openBus();
    const received: string[] = [];
    bus.on('events_appended').subscribe((payload) => received.push(payload));
    await bus.whenListening();

    const { rowCount } = await db.pool.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen%'`,
    );
    expect(rowCount).toBeGreaterThan(0);

    const deadline = Date.now() + 15_000;
    while (!received.includes('after-drop') && Date.now() < deadline) {
      await db.pool.query(`select pg_notify('events_appended', 'after-drop')`);
      await sleep(100);
    }
    expect(received).toContain('after-drop');
  });
});
