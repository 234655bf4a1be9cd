import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createTestDatabase } from '@kartvizit/infra/db/test-database';
import { deriveKey } from '@kartvizit/infra/config/secrets';
import { PostgresEventStore } from '@kartvizit/infra/event-store/postgres';
import { InProcessSignalBus } from '@kartvizit/infra/signals/in-process';
import { EventCodec } from '@kartvizit/infra/vault/event-codec';
import { PersonalDataVault } from '@kartvizit/infra/vault/personal-data-vault';
import { composeProduct, type Product } from '@kartvizit/deploy/compose';
import type pg from 'pg';

export interface TestProduct {
  readonly app: FastifyInstance;
  readonly product: Product;
  readonly pool: pg.Pool;
  readonly store: PostgresEventStore;
  readonly codec: EventCodec;
  readonly vault: PersonalDataVault;
  /** Count of rows in the events table: "nothing was appended" checks. */
  eventCount(): Promise<number>;
  post(url: string, body: unknown, token?: string): Promise<LightMyRequestResponse>;
  get(url: string, token?: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** The whole product (as `npm start` composes it) on a fresh database, driven through app.inject. */
export async function startTestProduct(
  options: { authRateLimitPerMinute?: number; webDistDir?: string } = {},
): Promise<TestProduct> {
  const database = await createTestDatabase();
  const signals = new InProcessSignalBus();
  const store = new PostgresEventStore({ pool: database.pool, onAppended: () => void signals.publish('events_appended') });
  const appSecret = randomBytes(48);
  const vault = new PersonalDataVault(database.pool, deriveKey(appSecret, 'personal-data-kek'));
  const codec = new EventCodec(vault);
  const product = await composeProduct({
    pool: database.pool,
    store,
    codec,
    signals,
    appSecret,
    logLevel: 'silent',
    authRateLimitPerMinute: options.authRateLimitPerMinute ?? 0,
    webDistDir: options.webDistDir,
  });
  await product.app.ready();
  const app = product.app;
  return {
    app,
    product,
    pool: database.pool,
    store,
    codec,
    vault,
    async eventCount() {
      const result = await database.pool.query<{ count: string }>('SELECT count(*) FROM events');
      return Number(result.rows[0]?.count ?? 0);
    },
    post(url, body, token) {
      return app.inject({
        method: 'POST',
        url,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        payload: body as Record<string, unknown>,
      });
    },
    get(url, token, headers = {}) {
      return app.inject({
        method: 'GET',
        url,
        headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
    },
    async close() {
      await product.close();
      await signals.close();
      await database.drop();
    },
  };
}

let counter = 0;
/** A unique, valid registration for one test. */
export function newOwner(overrides: Partial<Record<'email' | 'password' | 'firstName' | 'lastName', string>> = {}) {
  counter += 1;
  return {
    email: `sahip-${Date.now()}-${counter}@example.com`,
    password: 'gizli-parola-1',
    firstName: 'Ayşe',
    lastName: 'Yılmaz',
    ...overrides,
  };
}
