import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { STALE_HEADER, type CardVisited, type ContactClicked } from '@kartvizit/schemas';
import type { TestProduct } from '../support/product.ts';
import { USER_AGENTS } from '@kartvizit/infra/telemetry/test-user-agents';
import { after, answer, createProfile, registerOwner, send, virtualCardId, type Owner } from './card-fixtures.ts';

export { USER_AGENTS };

/** Helpers of the telemetry suites (tests/http/telemetry*.int.spec.ts). */

export interface CardOwner {
  readonly owner: Owner;
  /** The profile's `_id` as the public card page reads it. */
  readonly profileId: string;
  readonly cards: readonly string[];
}

let cardNames = 0;

/** An owner with a profile and `count` active virtual cards, visible to the public page (projected). */
export async function ownerWithCards(product: TestProduct, count = 1): Promise<CardOwner> {
  const owner = await registerOwner(product);
  await createProfile(product, owner);
  const cards: string[] = [];
  let position: string | undefined;
  for (let index = 0; index < count; index++) {
    const cardId = virtualCardId();
    const name = `Kart ${++cardNames}`;
    const created = await send(product, 'POST', '/api/cards', owner.token, { cardId, name, type: 'virtual' });
    expect(created.statusCode, created.body).toBe(200);
    const activated = await send(product, 'POST', '/api/cards/activate', owner.token, { cardId, name });
    expect(activated.statusCode, activated.body).toBe(200);
    position = answer(activated).position;
    cards.push(cardId);
  }
  // As the page does: read the public profile first (waits until the cards are projected). On a host too busy for
  // the read model to catch up within read-your-writes' wait the answer says it is stale: ask again.
  let page = await send(product, 'GET', `/api/profile/card/${cards[0]}`, undefined, undefined, after(position));
  for (let attempt = 1; page.headers[STALE_HEADER] === 'true' && attempt < 30; attempt++)
    page = await send(product, 'GET', `/api/profile/card/${cards[0]}`, undefined, undefined, after(position));
  expect(page.statusCode, page.body).toBe(200);
  const profileId = answer(page).profile?._id;
  if (typeof profileId !== 'string') throw new Error('public profile has no _id');
  return { owner, profileId, cards };
}

export interface Beacon {
  /** Null: no user-agent header at all. */
  readonly userAgent?: string | null;
  readonly address?: string;
  readonly headers?: Record<string, string>;
  readonly contentType?: string;
}

function beaconHeaders(beacon: Beacon): Record<string, string | undefined> {
  return {
    'content-type': beacon.contentType ?? 'application/json',
    // undefined, not absent: light-my-request would otherwise send its own user agent.
    'user-agent': beacon.userAgent === null ? undefined : (beacon.userAgent ?? USER_AGENTS.iPhone),
    ...beacon.headers,
  };
}

/** What navigator.sendBeacon sends: a POST with a JSON body (a string is sent as is). */
export function beacon(
  product: TestProduct,
  url: string,
  body: unknown,
  options: Beacon = {},
): Promise<LightMyRequestResponse> {
  return product.app.inject({
    method: 'POST',
    url,
    remoteAddress: options.address ?? '198.51.100.20',
    headers: beaconHeaders(options),
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export const visit = (product: TestProduct, body: unknown, options?: Beacon) =>
  beacon(product, '/api/telemetry/visit', body, options);
export const click = (product: TestProduct, body: unknown, options?: Beacon) =>
  beacon(product, '/api/profile/record-click', body, options);

export type TelemetryRow = (CardVisited | ContactClicked) & {
  readonly streamId: string;
  readonly transactionId: string;
  readonly metadata: Record<string, unknown>;
};

export async function telemetryEvents(product: TestProduct): Promise<TelemetryRow[]> {
  const { rows } = await product.pool.query<{
    type: 'CardVisited';
    data: CardVisited['data'];
    metadata: Record<string, unknown>;
    stream_id: string;
    transaction_id: string;
  }>(
    `SELECT type, data, metadata, stream_id, transaction_id::text AS transaction_id FROM events
      WHERE stream_id LIKE 'telemetry-%' ORDER BY global_position`,
  );
  return rows.map((row): TelemetryRow => ({
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    streamId: row.stream_id,
    transactionId: row.transaction_id,
  }));
}

/** Waits until at least `count` telemetry events are stored (batches land within ~100 ms of the answer). */
export async function waitForTelemetry(
  product: TestProduct,
  count: number,
  timeoutMs = 10_000,
): Promise<TelemetryRow[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const events = await telemetryEvents(product);
    if (events.length >= count) return events;
    if (Date.now() > deadline) throw new Error(`expected ${count} telemetry events, found ${events.length}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Runs hits that must not be counted, then one that must (the marker, sent last). Batches are
 * written in arrival order, so once the marker is stored anything the others had queued would be
 * too: answers the events that arrived, which should be the marker alone.
 */
export async function appendedBy(
  product: TestProduct,
  hits: () => Promise<unknown>,
  marker: () => Promise<LightMyRequestResponse>,
): Promise<TelemetryRow[]> {
  const before = (await telemetryEvents(product)).length;
  await hits();
  const response = await marker();
  expect(response.statusCode, response.body).toBe(204);
  const events = await waitForTelemetry(product, before + 1);
  return events.slice(before);
}

/** A 204 with nothing in it: what every accepted or silently ignored beacon gets. */
export function expectAccepted(response: LightMyRequestResponse): void {
  expect(response.statusCode, response.body).toBe(204);
  expect(response.body).toBe('');
}

/**
 * Holds every append to the event log back: a transaction of the test locks the streams table against writes (reads
 * go on), so a batch being written waits in its first statement until `release()`. `appendWaiting()` resolves once an
 * append is waiting on that lock.
 *
 * The streams table, not the events table: an append waiting to write `events` has already written `streams`, so it
 * holds a transaction id, and an open transaction id holds the readers' horizon back for every database on the server
 * (`infra/src/event-store/horizon.ts`): every other test file's projections and read-your-writes stood still for as
 * long as this test held the lock (seen: 404 and 503 in other files while a stuck batch was tested). Waiting for its
 * lock on `streams`, the append has written nothing yet and holds no transaction id; neither does this lock.
 */
export async function holdAppends(product: TestProduct): Promise<{
  appendWaiting(): Promise<void>;
  release(): Promise<void>;
}> {
  const holder = await product.pool.connect();
  await holder.query('BEGIN');
  await holder.query('LOCK TABLE streams IN EXCLUSIVE MODE');
  let released = false;
  return {
    async appendWaiting() {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const { rows } = await product.pool.query<{ waiting: string }>(
          `SELECT count(*) AS waiting FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE '%insert into streams%'`,
        );
        if (Number(rows[0]?.waiting ?? 0) > 0) return;
        if (Date.now() > deadline) throw new Error('no append came to wait on the lock');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async release() {
      if (released) return;
      released = true;
      await holder.query('COMMIT');
      holder.release();
    },
  };
}
