import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KafkaSettings } from '@kartvizit/infra/config/env';
import { isCheckpoint } from '@kartvizit/infra/event-store/checkpoint';
import { untilReadable } from '@kartvizit/infra/event-store/horizon';
import type { Checkpoint } from '@kartvizit/infra/event-store/types';
import { InProcessSignalBus } from '@kartvizit/infra/signals/in-process';
import { createEventTransport } from '@kartvizit/infra/transport/create';
import { recordMark } from '@kartvizit/infra/transport/marks';
import type { EventTransport } from '@kartvizit/infra/transport/types';
import { MIN_POSITION_HEADER } from '@kartvizit/schemas';
import { rebuildProjection } from '@kartvizit/infra/processing/rebuild';
import { PROJECTIONS } from '@kartvizit/projector/projections';
import { startProjectors, type ProjectorService } from '@kartvizit/projector/service';
import { ProjectionWatermarks } from '@kartvizit/query-api/core/read-your-writes';
import { kafkaForTests } from '../support/kafka.ts';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { answer, createProfile, registerOwner, send, virtualCardId, type Owner } from '../http/card-fixtures.ts';
import { createProduct } from '../http/product-fixtures.ts';
import { appendTelemetry, clicked, visited } from '../http/statistics-fixtures.ts';
import { createOffice, join, register, succeeds } from '../http/office-fixtures.ts';

/**
 * Projections fed by Kafka (EVENT_TRANSPORT=kafka, issue 16, decision 42), on a real broker and real PostgreSQL: the
 * product appends through its commands; the store's events go to the topic (by a small relay of this file: publish,
 * then the mark, as the real relay does); two projector instances consume them as one group per projection. Each
 * story ends the same way: the read models equal what a rebuild from the store makes of the same log.
 */
const { kafka, skipped } = await kafkaForTests();

let product: TestProduct;
let signals: InProcessSignalBus;
let settings: KafkaSettings;
let publisher: EventTransport;
const transports: EventTransport[] = [];
const services: ProjectorService[] = [];
const log = (message: string) => {
  if (process.env.KAFKA_TEST_LOG) console.log(message);
};

/** The relay's work, in this file: every stored event after `checkpoint` to the topic, then its mark. */
const relay = {
  checkpoint: null as Checkpoint | null,
  ends: new Map<number, string>(),
  async publishUpTo(position: Checkpoint | null | undefined): Promise<void> {
    if (position) await untilReadable(product.store, position);
    if (this.ends.size === 0) this.ends = new Map(await publisher.endOffsets());
    for (;;) {
      const batch = await product.store.readAll(this.checkpoint, 200);
      if (batch.scanned === 0 || batch.checkpoint === null) return;
      const receipt = await publisher.publish(batch.events);
      for (const [partition, end] of receipt.ends) this.ends.set(partition, end);
      await recordMark(product.pool, settings.topic, batch.checkpoint, this.ends);
      this.checkpoint = batch.checkpoint;
    }
  },
};

function startInstance(): ProjectorService {
  const transport = createEventTransport(settings, log, { role: 'projector' });
  transports.push(transport);
  const service = startProjectors({
    pool: product.pool,
    store: product.store,
    codec: product.codec,
    signals,
    pollIntervalMs: 200,
    log,
    kafka: { transport, topic: settings.topic },
  });
  services.push(service);
  return service;
}

/**
 * The statistics' redelivery guard, not a read model anyone reads: it remembers the stream positions of the events that
 * reached `apply`. An erased owner's visit that Kafka brings before their AccountDeleted is counted, remembered and then
 * erased; in the log's order it is kept from `apply` (or the other way round). The counts are the same either way.
 */
const BOOKKEEPING = ['rm_stat_stream_positions'];

/** Every row of every read model, as sorted text per view. */
async function readModels(): Promise<Record<string, string[]>> {
  const views = await product.pool.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.views
      WHERE table_schema = current_schema() AND table_name LIKE 'rm\\_%' AND NOT table_name = ANY($1::text[])
      ORDER BY 1`,
    [BOOKKEEPING],
  );
  const models: Record<string, string[]> = {};
  for (const { name } of views.rows) {
    const rows = await product.pool.query<{ row: string }>(`SELECT v::text AS row FROM ${name} v`);
    models[name] = rows.rows.map((row) => row.row).sort();
  }
  return models;
}

/** What a rebuild from the store makes of the log: each projection replayed into a new generation. */
async function rebuildAll(): Promise<void> {
  for (const projection of PROJECTIONS) {
    await rebuildProjection({ pool: product.pool, store: product.store, codec: product.codec }, projection);
  }
}

async function caughtUp(service: ProjectorService): Promise<void> {
  await service.catchUp();
}

/**
 * An office's life (decision 61): created, an agent invited and joining, a virtual card for its pool given to the agent
 * and taken back, the template changed: the offices read models and the cards' office column come from Kafka too.
 */
async function officeTraffic(round: number): Promise<void> {
  const admin = await register(product, 'Kemal');
  const agent = await register(product, 'Şule');
  const officeId = await createOffice(product, admin, `Çınar Emlak ${round}`, `cinar-kafka-${round}-${randomUUID().slice(0, 6)}`);
  await join(product, admin, officeId, agent);
  const card = await succeeds(send(product, 'POST', `/api/offices/${officeId}/cards`, admin.token, { type: 'virtual' }));
  const cardId = String((card.card as { cardId: string }).cardId);
  await succeeds(send(product, 'POST', `/api/offices/${officeId}/cards/${cardId}/assign`, admin.token, { userId: agent.userId }));
  await succeeds(send(product, 'POST', `/api/offices/${officeId}/cards/${cardId}/return`, admin.token));
  await succeeds(
    send(product, 'PUT', `/api/offices/${officeId}/template`, admin.token, { fields: ['company'], locked: ['company'] }),
  );
}

/** Some of everything: accounts, profiles, cards, products, visits and clicks, an office, and one account deleted. */
async function traffic(round: number): Promise<Checkpoint> {
  const owners: Owner[] = [];
  let last: string | undefined;
  await officeTraffic(round);
  for (let index = 0; index < 3; index += 1) {
    const owner = await registerOwner(product);
    owners.push(owner);
    await createProfile(product, owner, { company: `Şirket ${round}-${index}` });
    const cardId = virtualCardId();
    const created = await send(product, 'POST', '/api/cards', owner.token, { cardId, name: 'Vitrin', type: 'virtual' });
    expect(created.statusCode, created.body).toBe(200);
    const activated = await send(product, 'POST', '/api/cards/activate', owner.token, { cardId, name: 'Vitrin' });
    expect(activated.statusCode, activated.body).toBe(200);
    last = (await createProduct(product, owner, { name: `Ürün ${round}-${index}`, price: { value: 100 + index } }))
      .position;
    const hits = Array.from({ length: 40 }, (_, hit) =>
      hit % 4 === 3
        ? clicked({ ownerId: owner.userId, cardId, at: new Date(), clickType: 'phone' })
        : visited({ ownerId: owner.userId, cardId, at: new Date(), visitor: `ziyaretçi ${hit % 7}` }),
    );
    last = (await appendTelemetry({ store: product.store, codec: product.codec }, hits, 10)) ?? last;
  }
  // The first owner leaves: their visits, product and card go from every read model, whatever order Kafka brings.
  const [leaving] = owners;
  if (leaving) {
    const deleted = await send(product, 'DELETE', '/api/account', leaving.token, { password: 'gizli-parola-1' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    last = answer(deleted).position ?? last;
    // A visit the log still brings after the deletion (a beacon in flight).
    const late = [visited({ ownerId: leaving.userId, cardId: 'VC-GEC001', at: new Date(), visitor: 'geç gelen' })];
    last = (await appendTelemetry({ store: product.store, codec: product.codec }, late)) ?? last;
  }
  const head = await product.store.headCheckpoint();
  if (!head || !isCheckpoint(last)) throw new Error('traffic appended nothing');
  return head;
}

beforeAll(async () => {
  if (!kafka) return;
  product = await startTestProduct({ projectorPollIntervalMs: 600_000 });
  // This file's projectors are the Kafka-fed ones: the product's own (fed by the store) stand down.
  await product.product.projectors.stop();
  signals = new InProcessSignalBus();
  settings = {
    brokers: kafka.brokers,
    topic: `kartvizit.events.projections-${randomUUID().slice(0, 8)}`,
    partitions: 4,
    transport: 'kafka',
  };
  publisher = createEventTransport(settings, log, { role: 'relay' });
  await publisher.ensureTopic();
}, 120_000);

afterAll(async () => {
  for (const service of services) await service.stop();
  for (const transport of [...transports, publisher]) await transport?.close();
  await signals?.close();
  await product?.close();
  await kafka?.stop();
}, 120_000);

describe.skipIf(kafka === null)(`projections fed by Kafka${skipped ? ` (skipped: ${skipped})` : ''}`, () => {
  let first: ProjectorService;
  let second: ProjectorService;

  it('reach the read models a rebuild from the store makes, with two instances sharing the partitions', async () => {
    // Given two projector instances in each projection's group, and traffic of three owners on the topic.
    first = startInstance();
    second = startInstance();
    await relay.publishUpTo(await traffic(1));
    // When both have consumed it; then the read models are those of a rebuild from the store.
    await caughtUp(first);
    await caughtUp(second);
    const fed = await readModels();
    expect(Object.keys(fed).length).toBeGreaterThanOrEqual(PROJECTIONS.length);
    expect(fed.rm_stat_totals?.length).toBeGreaterThan(0);
    await rebuildAll();
    expect(await readModels()).toEqual(fed);
  }, 180_000);

  it('continue correctly after a rebuild, and change nothing when the topic repeats itself', async () => {
    // Given the rebuild above (each projection kept its places in the partitions); when more traffic comes, and then
    // the whole log is published a second time (a relay that lost its checkpoint): then the read models still equal a
    // rebuild's.
    await relay.publishUpTo(await traffic(2));
    await caughtUp(first);
    const once = await readModels();
    relay.checkpoint = null;
    await relay.publishUpTo(null);
    await caughtUp(first);
    // Repeated events moved every partition on: wait until each projection has read past them.
    await untilEveryPartitionRead();
    expect(await readModels()).toEqual(once);
    await rebuildAll();
    expect(await readModels()).toEqual(once);
  }, 180_000);

  it('keep going when one instance stops mid-stream: the other takes its partitions over', async () => {
    // Given traffic on the topic and both instances at work; when one stops before it is all consumed.
    const head = await traffic(3);
    const publishing = relay.publishUpTo(head);
    await first.stop();
    await publishing;
    // Then the other one brings every projection to the head, and the read models equal a rebuild's.
    await caughtUp(second);
    const fed = await readModels();
    await rebuildAll();
    expect(await readModels()).toEqual(fed);
  }, 180_000);

  it('let a query read its own write: the checkpoint from the marks passes the command position', async () => {
    const owner = await registerOwner(product);
    await createProfile(product, owner);
    await relay.publishUpTo(await product.store.headCheckpoint());
    await caughtUp(second);
    // Given a product just created (position P); when the relay has not published it yet, then no Kafka-fed
    // projection has passed P.
    const { position } = await createProduct(product, owner, { name: 'Boğaz Manzaralı Daire', price: { value: 250 } });
    if (!isCheckpoint(position)) throw new Error(`not a position: ${position}`);
    const watermarks = new ProjectionWatermarks(product.pool, signals);
    expect(await watermarks.reached(['products'], position)).toBe(false);
    // When it is published, then waiting for P answers true, and the owner's list after P shows the product.
    await relay.publishUpTo(position);
    expect(await watermarks.waitFor(['products'], position, 30_000)).toBe(true);
    const listed = await send(product, 'GET', '/api/products', owner.token, undefined, {
      [MIN_POSITION_HEADER]: position,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(JSON.parse(listed.body)).toMatchObject({ data: [{ name: 'Boğaz Manzaralı Daire' }] });
  }, 120_000);
});

/** Until every projection's place in every partition is at the partition's end (events of no use to it included). */
async function untilEveryPartitionRead(): Promise<void> {
  const ends = await publisher.endOffsets();
  for (;;) {
    const { rows } = await product.pool.query<{ name: string; partition: number; next_offset: string }>(
      'SELECT name, partition, next_offset::text FROM projection_kafka_offsets WHERE topic = $1',
      [settings.topic],
    );
    const behind = PROJECTIONS.some((projection) =>
      [...ends].some(([partition, end]) => {
        if (end === '0') return false;
        const place = rows.find((row) => row.name === projection.name && row.partition === partition);
        return !place || BigInt(place.next_offset) < BigInt(end);
      }),
    );
    if (!behind) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
