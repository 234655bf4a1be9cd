import { fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveKey } from '@kartvizit/infra/config/secrets';
import { createTestDatabase } from '@kartvizit/infra/db/test-database';
import { createEventStore } from '@kartvizit/infra/event-store/create';
import { ReactorWork } from '@kartvizit/infra/processing/reactor-work';
import { StoreSource } from '@kartvizit/infra/processing/store-source';
import { RemsClient } from '@kartvizit/infra/rems/client';
import { EventCodec } from '@kartvizit/infra/vault/event-codec';
import { PersonalDataVault } from '@kartvizit/infra/vault/personal-data-vault';
import { remsDeliveryReactor } from '@kartvizit/projector/rems/rems-delivery-reactor';
import type { RemsKeySaved, RemsRegistrationEvent, RemsRegistrationRequested } from '@kartvizit/schemas';
import { startFakeRems, type FakeRems } from '../support/fake-rems.ts';
import { until } from '../support/mailing-product.ts';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { ownerWithCard, registerVisitor, send, type CardOwner } from '../http/lead-fixtures.ts';

/**
 * The `rems-delivery` reactor (issue 14, 'What must be shown'): every registration a visitor sends
 * reaches the owner's REMS exactly once, in order per owner, whatever REMS does meanwhile: down for
 * a while, 422 (failed with REMS's words, not retried), 429 with Retry-After (honoured), an answer
 * lost after REMS stored the customer (the registration id as Idempotency-Key: no duplicate), the
 * key removed or revoked, one owner's REMS in trouble (the others' go on), and giving up at last.
 * The whole product runs against the fake REMS, with the reactor's delays shortened through the
 * product's `remsRetry` option; waits are on conditions (`until`), never on time.
 */
const RETRY = { firstDelayMs: 20, maxDelayMs: 200, maxAttempts: 10_000 };
let keyCounter = 0;

let rems: FakeRems;
let product: TestProduct;
const logLines: string[] = [];
const usedKeys: string[] = [];
const visitorNames: string[] = [];

interface RemsOwner extends CardOwner {
  readonly apiKey: string;
  readonly accountId: string;
}

beforeAll(async () => {
  rems = await startFakeRems();
  product = await startTestProduct({
    remsApiUrl: rems.url,
    remsRetry: RETRY,
    logLevel: 'debug',
    logStream: { write: (line) => void logLines.push(line) },
    log: (line) => void logLines.push(line),
  });
});
afterAll(async () => {
  await product?.close();
  await rems?.close();
});

/** An owner with a card and a key REMS knows (its own REMS account). */
async function remsOwner(on: TestProduct = product): Promise<RemsOwner> {
  keyCounter += 1;
  const apiKey = `rems_live_teslim_${keyCounter}_${Math.random().toString(36).slice(2, 12)}`;
  const accountId = `hesap-${keyCounter}`;
  usedKeys.push(apiKey);
  rems.addKey(apiKey, { id: accountId, name: `Emlak Ofisi ${keyCounter}` });
  const owner = await ownerWithCard(on, `REMS Kartı ${keyCounter}`);
  const saved = await send(on, 'POST', '/api/rems/save-api-key', owner.token, { apiKey });
  expect(saved.statusCode, saved.body).toBe(200);
  return { ...owner, apiKey, accountId };
}

/** A visitor sends the form to the owner's card; answers the registration's id. */
function registerVisitorOf(owner: RemsOwner, firstName: string, on: TestProduct = product): Promise<string> {
  visitorNames.push(firstName);
  return registerVisitor(on, owner, {
    firstName,
    lastName: 'Kılıçoğlu',
    phoneNumber: '0532 987 65 43',
    customerType: 'SELLER',
    province: '06',
    district: 'Çankaya',
    notes: 'Akşamları arayın.',
  });
}

/** The outcomes recorded for a registration, in order. */
async function outcomes(registrationId: string, on: TestProduct = product): Promise<RemsRegistrationEvent[]> {
  const { events } = await on.store.readStream(`rems-registration-${registrationId}`);
  const decoded = await Promise.all(events.map((event) => on.codec.decode(event)));
  return decoded.filter(
    (event): event is RemsRegistrationEvent & NonNullable<typeof event> =>
      event?.type === 'RemsCustomerDelivered' || event?.type === 'RemsRegistrationFailed',
  );
}

const settled = async (id: string, on: TestProduct = product) => (await outcomes(id, on)).length > 0;

/** The delivery's row while it waits for a retry (the runner's reactor_deliveries). */
async function retryRow(registrationId: string, on: TestProduct = product) {
  const { rows } = await on.pool.query<{
    attempts: number;
    next_attempt_at: Date;
    updated_at: Date;
    last_error: string;
  }>(
    `SELECT attempts, next_attempt_at, updated_at, last_error FROM reactor_deliveries
      WHERE reactor = 'rems-delivery' AND stream_id = $1 AND state = 'retrying'`,
    [`rems-registration-${registrationId}`],
  );
  return rows[0] ?? null;
}

const requestsWith = (registrationId: string) =>
  rems.received().filter((request) => request.headers['idempotency-key'] === registrationId);
const customersOf = (owner: RemsOwner) => rems.customers().filter((customer) => customer.accountId === owner.accountId);

describe('delivering registrations to REMS', () => {
  it('given REMS down for a while, when it comes back, then every registration is delivered exactly once, in order', async () => {
    // Given an owner, and REMS down while three visitors register
    const owner = await remsOwner();
    await rems.down();
    let ids: string[];
    try {
      ids = [
        await registerVisitorOf(owner, 'Birinci'),
        await registerVisitorOf(owner, 'İkinci'),
        await registerVisitorOf(owner, 'Üçüncü'),
      ];
      await until(async () => ((await retryRow(ids[0] ?? ''))?.attempts ?? 0) >= 3, 'the first tried three times');
      expect(await settled(ids[0] ?? '')).toBe(false);
    } finally {
      // When REMS comes back
      await rems.up();
    }
    await until(async () => (await Promise.all(ids.map((id) => settled(id)))).every(Boolean), 'all three settled');

    // Then each is one customer in REMS, stored in the order they registered, with what the visitor sent
    const customers = customersOf(owner);
    expect(customers.map((customer) => customer.idempotencyKey)).toEqual(ids);
    expect(customers.map((customer) => customer.deliveries)).toEqual([1, 1, 1]);
    expect(customers[0]?.body).toEqual({
      firstName: 'Birinci',
      lastName: 'Kılıçoğlu',
      phoneNumber: '5329876543',
      customerType: 'SELLER',
      email: null,
      province: '06',
      provinceName: 'Ankara',
      district: 'Çankaya',
      districtName: 'Çankaya',
      address: null,
      notes: 'Akşamları arayın.',
      source: 'dijital-kartvizit',
    });
    for (const [index, id] of ids.entries()) {
      expect(await outcomes(id)).toMatchObject([
        {
          type: 'RemsCustomerDelivered',
          data: {
            registrationId: id,
            ownerId: owner.userId,
            remsCustomerId: customers[index]?.id,
          },
        },
      ]);
    }
    expect(
      requestsWith(ids[0] ?? '').every((request) => request.headers.authorization === `Bearer ${owner.apiKey}`),
    ).toBe(true);
  });

  it('given REMS answers 422, then the registration fails with its words and is not tried again', async () => {
    const owner = await remsOwner();
    rems.reject('Bu telefon numarasıyla kayıtlı bir müşteri zaten var.');

    const id = await registerVisitorOf(owner, 'Reddedilen');
    await until(() => settled(id), 'the registration settled');

    expect(await outcomes(id)).toMatchObject([
      {
        type: 'RemsRegistrationFailed',
        data: {
          registrationId: id,
          ownerId: owner.userId,
          reason: 'rejected',
          message: 'Bu telefon numarasıyla kayıtlı bir müşteri zaten var.',
        },
      },
    ]);
    expect(requestsWith(id)).toHaveLength(1);
    expect(await retryRow(id)).toBeNull();
    expect(customersOf(owner)).toEqual([]);
  });

  it('given REMS answers 429 with Retry-After, then the next attempt waits that long, and the customer arrives once', async () => {
    const owner = await remsOwner();
    rems.rateLimit(1, 3);

    const id = await registerVisitorOf(owner, 'Sabırlı');
    await until(async () => (await retryRow(id)) !== null, 'the retry scheduled');
    const row = await retryRow(id);
    // Held back for REMS's 3 seconds, not the 20 ms backoff
    expect((row?.next_attempt_at.getTime() ?? 0) - (row?.updated_at.getTime() ?? 0)).toBeGreaterThanOrEqual(3_000);
    expect(row?.last_error).toBe('rems_http_429: REMS did not take the customer (http_429)');
    await until(() => settled(id), 'the registration settled');

    expect(requestsWith(id).map((request) => request.status)).toEqual([429, 201]);
    expect((await outcomes(id)).map((event) => event.type)).toEqual(['RemsCustomerDelivered']);
  });

  it('given REMS stores the customer and the answer is lost, then the delivery is made again under the same key and REMS keeps one', async () => {
    const owner = await remsOwner();
    rems.hangUpNext();

    const id = await registerVisitorOf(owner, 'Kopuk');
    await until(() => settled(id), 'the registration settled');

    expect(customersOf(owner)).toEqual([
      expect.objectContaining({ idempotencyKey: id, deliveries: 2, differingRepeats: 0 }),
    ]);
    expect(requestsWith(id).map((request) => request.status)).toEqual([0, 200]);
    expect(await outcomes(id)).toMatchObject([
      {
        type: 'RemsCustomerDelivered',
        data: { remsCustomerId: customersOf(owner)[0]?.id },
      },
    ]);
  });

  it('given registrations pending, when the owner removes the key, then they fail "key_removed" and REMS never hears of the one behind', async () => {
    const owner = await remsOwner();
    rems.failKey(owner.apiKey);
    const ids = [await registerVisitorOf(owner, 'Bekleyen'), await registerVisitorOf(owner, 'Sıradaki')];
    await until(async () => ((await retryRow(ids[0] ?? ''))?.attempts ?? 0) >= 2, 'the first retried');

    const removed = await send(product, 'DELETE', '/api/rems/remove-api-key', owner.token);
    expect(removed.statusCode, removed.body).toBe(200);
    // REMS is still in trouble: only the removal can settle them (an attempt under way meanwhile just fails again)
    await until(async () => (await Promise.all(ids.map((id) => settled(id)))).every(Boolean), 'both settled');
    rems.healKey(owner.apiKey);

    for (const id of ids) {
      expect(await outcomes(id)).toMatchObject([
        {
          type: 'RemsRegistrationFailed',
          data: { registrationId: id, reason: 'key_removed', message: null },
        },
      ]);
      expect(await retryRow(id)).toBeNull();
    }
    // The second never reached REMS: it waited behind the first, and then there was no key
    expect(requestsWith(ids[1] ?? '')).toEqual([]);
    expect(customersOf(owner)).toEqual([]);
  });

  it('given REMS revokes the key, then the registration fails "key_refused" at once', async () => {
    const owner = await remsOwner();
    rems.removeKey(owner.apiKey);

    const id = await registerVisitorOf(owner, 'İptalli');
    await until(() => settled(id), 'the registration settled');

    expect(await outcomes(id)).toMatchObject([
      {
        type: 'RemsRegistrationFailed',
        data: { reason: 'key_refused' },
      },
    ]);
    expect(requestsWith(id)).toHaveLength(1);
  });

  it("given one owner's REMS in trouble, then another owner's registrations are delivered meanwhile", async () => {
    const troubled = await remsOwner();
    const fine = await remsOwner();
    rems.failKey(troubled.apiKey);

    const waiting = await registerVisitorOf(troubled, 'Takılan');
    await until(async () => (await retryRow(waiting)) !== null, 'the troubled one retrying');
    const delivered = await registerVisitorOf(fine, 'Akan');
    await until(() => settled(delivered), "the other owner's registration settled");

    expect((await outcomes(delivered)).map((event) => event.type)).toEqual(['RemsCustomerDelivered']);
    expect(await settled(waiting)).toBe(false);
    expect(await retryRow(waiting)).not.toBeNull();

    rems.healKey(troubled.apiKey);
    await until(() => settled(waiting), 'the troubled one settled');
    expect((await outcomes(waiting)).map((event) => event.type)).toEqual(['RemsCustomerDelivered']);
    expect(customersOf(troubled).map((customer) => customer.deliveries)).toEqual([1]);
  });
  it('given a registration waiting for REMS, when the owner deletes its lead, then it is never delivered', async () => {
    const owner = await remsOwner();
    rems.failKey(owner.apiKey);
    const id = await registerVisitorOf(owner, 'Unutulan');
    await until(async () => (await retryRow(id)) !== null, 'the registration retrying');

    const deleted = await product.app.inject({
      method: 'DELETE',
      url: `/api/leads/${id}`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    // REMS still in trouble: only the erasure can end the retries (an attempt under way just fails again)
    await until(async () => (await retryRow(id)) === null, 'the retries ended');
    rems.healKey(owner.apiKey);

    expect(await outcomes(id)).toEqual([]);
    expect(customersOf(owner)).toEqual([]);
  });
});

describe('giving up', () => {
  it('given REMS never answers within the attempts, then the delivery is dead-lettered and the registration fails "gave_up"', async () => {
    const patient = await startTestProduct({
      remsApiUrl: rems.url,
      remsRetry: { firstDelayMs: 20, maxDelayMs: 40, maxAttempts: 3 },
    });
    try {
      const owner = await remsOwner(patient);
      rems.failKey(owner.apiKey);

      const id = await registerVisitorOf(owner, 'Vazgeçilen', patient);
      await until(() => settled(id, patient), 'the registration settled');

      expect(await outcomes(id, patient)).toMatchObject([
        {
          type: 'RemsRegistrationFailed',
          data: {
            registrationId: id,
            ownerId: owner.userId,
            reason: 'gave_up',
            message: null,
          },
        },
      ]);
      const { events } = await patient.store.readStream('reactor-rems-delivery');
      expect(events.filter((event) => event.type === 'ReactionDeadLettered').map((event) => event.data)).toEqual([
        expect.objectContaining({ eventType: 'RemsRegistrationRequested', attempts: 3, reason: 'rems_http_503' }),
      ]);
      expect(requestsWith(id)).toHaveLength(3);
      rems.healKey(owner.apiKey);
    } finally {
      await patient.close();
    }
  });
});

describe('a reactor killed mid-delivery', () => {
  it('given REMS stored the customer and the reactor process is killed before the answer, when a reactor starts again, then REMS still has one customer', async () => {
    // Given an owner's key and a registration in a database of their own, and a reactor process
    const database = await createTestDatabase();
    const secret = randomBytes(32);
    const store = await createEventStore({ kind: 'postgres' }, { pool: database.pool });
    const codec = new EventCodec(new PersonalDataVault(database.pool, deriveKey(secret, 'personal-data-kek')));
    const ownerId = randomUUID();
    const registrationId = randomUUID();
    const apiKey = `rems_live_cokus_${randomBytes(6).toString('hex')}`;
    const accountId = 'hesap-cokus';
    usedKeys.push(apiKey);
    rems.addKey(apiKey, { id: accountId, name: 'Çöküş Emlak' });
    const saved: RemsKeySaved = {
      type: 'RemsKeySaved',
      data: {
        ownerId,
        apiKey,
        keyHint: apiKey.slice(-4),
        remsAccountName: 'Çöküş Emlak',
        savedAt: new Date().toISOString(),
      },
    };
    const requested: RemsRegistrationRequested = {
      type: 'RemsRegistrationRequested',
      data: {
        registrationId,
        ownerId,
        cardId: 'VC-COKUS1',
        firstName: 'Yarıda',
        lastName: 'Kalan',
        phoneNumber: '5051234567',
        customerType: 'BUYER',
        email: null,
        province: null,
        provinceName: null,
        district: null,
        districtName: null,
        address: null,
        notes: null,
        marketingConsent: false,
        noticeVersion: 'test',
        requestedAt: new Date().toISOString(),
        productId: null,
      },
    };
    await store.append([{ streamId: `rems-${ownerId}`, expected: 'no_stream', events: [await codec.encode(saved)] }]);
    await store.append([
      {
        streamId: `rems-registration-${registrationId}`,
        expected: 'no_stream',
        events: [await codec.encode(requested)],
      },
    ]);
    // REMS stores each customer as the request arrives and answers only after a minute
    rems.slow(60_000);
    const child = fork(new URL('../support/rems-reactor-child.ts', import.meta.url).pathname, [], {
      execArgv: ['--import', 'tsx'],
      env: {
        ...process.env,
        CHILD_DATABASE_URL: database.url,
        CHILD_APP_SECRET: secret.toString('hex'),
        CHILD_REMS_URL: rems.url,
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let runner: StoreSource | null = null;
    try {
      await until(
        () => rems.customers().some((customer) => customer.idempotencyKey === registrationId),
        'REMS stored it',
      );

      // When the process is killed before REMS answers, and a reactor starts again
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
      rems.slow(0);
      const deps = { pool: database.pool, store, codec, pollIntervalMs: 50 };
      const reactor = remsDeliveryReactor({
        store,
        codec,
        rems: new RemsClient(rems.url),
        retry: { firstDelayMs: 20, maxDelayMs: 40 },
      });
      runner = new StoreSource(new ReactorWork(reactor, deps), deps);
      runner.start();
      const delivered = async () =>
        (await store.readStream(`rems-registration-${registrationId}`)).events.some(
          (event) => event.type === 'RemsCustomerDelivered',
        );
      await until(delivered, 'the registration delivered');

      // Then REMS got it twice under one key and kept one customer, whose id the outcome names
      const kept = rems.customers().filter((customer) => customer.accountId === accountId);
      expect(kept).toEqual([
        expect.objectContaining({ idempotencyKey: registrationId, deliveries: 2, differingRepeats: 0 }),
      ]);
      const { events } = await store.readStream(`rems-registration-${registrationId}`);
      expect(events.map((event) => event.type)).toEqual(['RemsRegistrationRequested', 'RemsCustomerDelivered']);
      expect(events[1]?.data).toMatchObject({ registrationId, remsCustomerId: kept[0]?.id });
    } finally {
      rems.slow(0);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await runner?.stop();
      await store.close();
      await database.drop();
    }
  });
});

describe('after the whole flow', () => {
  it("holds the keys in no table, no event and no log line, and the visitors' names and phone in no log line", async () => {
    expect(usedKeys.length).toBeGreaterThan(5);
    expect(logLines.some((line) => line.includes('/api/rems/create-customer'))).toBe(true);
    expect(logLines.some((line) => line.includes('rems-delivery: RemsRegistrationRequested'))).toBe(true);
    const { rows: tables } = await product.pool.query<{ schema: string; name: string }>(
      `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
        WHERE table_schema NOT IN ('pg_catalog', 'information_schema')`,
    );
    for (const { schema, name } of tables) {
      for (const key of usedKeys) {
        const { rows } = await product.pool.query<{ count: string }>(
          `SELECT count(*) FROM "${schema}"."${name}" AS t WHERE t::text LIKE $1`,
          [`%${key}%`],
        );
        expect(Number(rows[0]?.count), `${schema}.${name} holds a key`).toBe(0);
      }
    }
    const all = logLines.join('\n');
    for (const needle of [...usedKeys, ...visitorNames, 'Kılıçoğlu', '5329876543', '532 987 65 43', 'Akşamları']) {
      expect(all).not.toContain(needle);
    }
  });
});
