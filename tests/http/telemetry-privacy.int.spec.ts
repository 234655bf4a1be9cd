import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { USER_AGENTS, click, ownerWithCards, visit, waitForTelemetry, type CardOwner } from './telemetry-fixtures.ts';

/**
 * "No visitor's IP address anywhere": after visits, clicks, refused and rate-limited beacons from
 * known addresses, none of them is in the event log (data, metadata, stream ids), in any table or
 * read model of the database, or in the log lines the product wrote.
 */
const ADDRESSES = ['203.0.113.45', '88.255.1.1', '2a02:e0::1'];
const logLines: string[] = [];
let product: TestProduct;
let alice: CardOwner;

beforeAll(async () => {
  product = await startTestProduct({
    logLevel: 'debug',
    logStream: { write: (line) => void logLines.push(line) },
    telemetry: { rateLimitPerMinute: 5 },
  });
  alice = await ownerWithCards(product, 1);
});
afterAll(async () => {
  await product?.close();
});

describe('no visitor address is kept anywhere', () => {
  let recorded = 0;

  beforeAll(async () => {
    const cardId = alice.cards[0] ?? '';
    for (const address of ADDRESSES) {
      for (const userAgent of [USER_AGENTS.iPhone, USER_AGENTS.windowsEdge]) {
        const seen = await visit(
          product,
          { cardId },
          {
            address,
            userAgent,
            headers: { 'x-forwarded-for': address, referer: `https://example.com/?ip=${address}` },
          },
        );
        expect(seen.statusCode).toBe(204);
        const clicked = await click(
          product,
          { profileId: alice.profileId, cardId, clickType: 'social', platform: 'instagram' },
          { address, userAgent },
        );
        expect(clicked.statusCode).toBe(204);
        recorded += 2;
      }
      // Refused and ignored ones too: a bot, a broken body, an unknown field naming the address.
      await visit(product, { cardId }, { address, userAgent: 'WhatsApp/2.23' });
      await visit(product, '{"cardId":', { address });
      await visit(product, { cardId, ip: address }, { address });
      // Past the limit (5 visits per minute per address): 429, logged like any answer.
      const limited = await visit(product, { cardId }, { address });
      expect(limited.statusCode).toBe(429);
    }
    await waitForTelemetry(product, recorded);
  });

  it('the hits were recorded, placed by their address', async () => {
    const events = await waitForTelemetry(product, recorded);
    expect(events).toHaveLength(recorded);
    expect(events.filter((event) => event.data.country === 'TR').length).toBeGreaterThanOrEqual(8);
  });

  it('not in the event log: data, metadata or stream ids', async () => {
    for (const address of ADDRESSES) {
      const { rows } = await product.pool.query<{ count: string }>(
        `SELECT count(*) FROM events WHERE data::text ILIKE $1 OR metadata::text ILIKE $1 OR stream_id ILIKE $1`,
        [`%${address}%`],
      );
      expect(Number(rows[0]?.count), address).toBe(0);
    }
  });

  it('not in any table or read model of the database', async () => {
    const { rows: tables } = await product.pool.query<{ schema: string; name: string }>(
      `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
        WHERE table_schema NOT IN ('pg_catalog', 'information_schema')`,
    );
    expect(tables.map((table) => table.name)).toEqual(
      expect.arrayContaining(['events', 'streams', 'visitor_salts', 'rm_cards', 'rm_profiles']),
    );
    for (const { schema, name } of tables) {
      for (const address of ADDRESSES) {
        const { rows } = await product.pool.query<{ count: string }>(
          `SELECT count(*) FROM "${schema}"."${name}" AS t WHERE t::text ILIKE $1`,
          [`%${address}%`],
        );
        expect(Number(rows[0]?.count), `${schema}.${name} holds ${address}`).toBe(0);
      }
    }
  });

  it('not in the log lines, which were written (requests, answers)', () => {
    expect(logLines.length).toBeGreaterThan(ADDRESSES.length * 8);
    expect(logLines.some((line) => line.includes('/api/telemetry/visit'))).toBe(true);
    expect(logLines.some((line) => line.includes('"statusCode":429'))).toBe(true);
    expect(logLines.some((line) => line.includes('"telemetry":"recorded"'))).toBe(true);
    expect(logLines.some((line) => line.includes('"telemetry":"automated"'))).toBe(true);
    const all = logLines.join('\n');
    for (const address of ADDRESSES) expect(all).not.toContain(address);
    expect(all).not.toContain('remoteAddress');
  });
});
