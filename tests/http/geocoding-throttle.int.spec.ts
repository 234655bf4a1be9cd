import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeocodeResponse } from '@kartvizit/schemas';
import { createGeocodingService } from '@kartvizit/infra/geocoding/create';
import {
  nominatimAnswer,
  nominatimHit,
  startFakeGeocoder,
  testMapsSettings,
  type FakeGeocoder,
} from '../support/fake-geocoder.ts';
import { newOwner, startTestProduct, type TestProduct } from '../support/product.ts';

/**
 * Nominatim's usage policy: at most one request per second from the whole application. The
 * spacing is checked on the fake's own arrival times, not on how long the test took.
 */
const INTERVAL_MS = 1000;
/**
 * Delivery jitter between the reserved slot and the fake seeing the request: on a loaded shared
 * machine a request can leave its slot late and the next one on time. The slots themselves are
 * 1,020 ms apart; a broken throttle sends them back to back (a gap of a few ms), which this catches.
 */
const JITTER_MS = 150;

let fake: FakeGeocoder;
let product: TestProduct;
let token: string;

beforeAll(async () => {
  fake = await startFakeGeocoder({
    fallback: (_provider, address) => nominatimAnswer(nominatimHit(39.9, 32.8, `${address} (bulundu)`)),
  });
  product = await startTestProduct({ maps: { geocoding: { nominatimUrl: fake.url } } });
  const response = await product.post('/api/auth/register', newOwner());
  token = (JSON.parse(response.body) as { token: string }).token;
});
afterAll(async () => {
  await product?.close();
  await fake?.close();
});

function gaps(times: number[]): number[] {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted.slice(1).map((time, index) => time - (sorted[index] ?? time));
}

describe('Nominatim request spacing', () => {
  it('spaces 3 concurrent lookups of different addresses at least a second apart', async () => {
    const cities = ['Sivas', 'Tokat', 'Amasya'];
    const responses = await Promise.all(
      cities.map((city) =>
        product.get(`/api/geocode?${new URLSearchParams({ street: 'Eşzamanlı Sokak 1', city }).toString()}`, token),
      ),
    );
    for (const response of responses) {
      expect(response.statusCode).toBe(200);
      expect((JSON.parse(response.body) as GeocodeResponse).status).toBe('success');
    }
    const arrivals = fake.requestsFor('nominatim').filter((request) => request.address.startsWith('Eşzamanlı'));
    expect(arrivals).toHaveLength(3);
    for (const gap of gaps(arrivals.map((request) => request.at)))
      expect(gap).toBeGreaterThanOrEqual(INTERVAL_MS - JITTER_MS);
  });

  it('holds across instances that share only the database (as separate processes do)', async () => {
    // A second query-api process: its own service object, the same database.
    const other = createGeocodingService(
      product.pool,
      randomBytes(32),
      testMapsSettings({ geocoding: { nominatimUrl: fake.url } }).geocoding,
    );
    const started = fake.requests.length;
    await Promise.all([
      product.get(`/api/geocode?${new URLSearchParams({ street: 'Süreç A', city: 'Kars' }).toString()}`, token),
      other.geocode({ street: 'Süreç B', city: 'Kars' }),
      product.get(`/api/geocode?${new URLSearchParams({ street: 'Süreç C', city: 'Kars' }).toString()}`, token),
      other.geocode({ street: 'Süreç D', city: 'Kars' }),
    ]);
    const arrivals = fake.requests.slice(started);
    expect(arrivals).toHaveLength(4);
    for (const gap of gaps(arrivals.map((request) => request.at)))
      expect(gap).toBeGreaterThanOrEqual(INTERVAL_MS - JITTER_MS);
  });

  it('answers failed instead of queueing past the limit, and does not cache that', async () => {
    const impatient = createGeocodingService(product.pool, randomBytes(32), {
      ...testMapsSettings({ geocoding: { nominatimUrl: fake.url } }).geocoding,
      maxQueueMs: 300,
    });
    // Given a queue that reaches ten seconds ahead (as if many lookups were waiting): every lookup now would wait
    // past the limit, however slowly this machine gets to it. (Racing three lookups for one slot depended on all three
    // reaching the database within 700 ms of each other, which a loaded machine did not always do.)
    await product.pool.query(
      `insert into geocoder_throttle (name, next_allowed_at) values ('nominatim', clock_timestamp() + interval '10 seconds')
       on conflict (name) do update set next_allowed_at = excluded.next_allowed_at`,
    );
    const asked = fake.requests.length;
    const outcomes = await Promise.all(
      ['Iğdır', 'Ardahan', 'Artvin'].map((city) => impatient.geocode({ street: 'Kuyruk Sokak', city })),
    );
    await product.pool.query(
      `update geocoder_throttle set next_allowed_at = clock_timestamp() where name = 'nominatim'`,
    );
    expect(outcomes.map((outcome) => outcome.response.status)).toEqual(['failed', 'failed', 'failed']);
    for (const outcome of outcomes) {
      expect(outcome.problems.map((problem) => problem.reason)).toEqual(['too many lookups queued']);
    }
    expect(fake.requests.length).toBe(asked);
    const cached = await product.pool.query<{ n: number }>(
      "select count(*)::int as n from geocode_cache where status = 'failed'",
    );
    expect(cached.rows[0]?.n).toBe(0);
  });
});
