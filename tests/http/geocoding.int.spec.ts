import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GEOCODE_FAILURE_HINTS, MESSAGES, type GeocodeResponse, type PublicConfigResponse } from '@kartvizit/schemas';
import {
  googleAnswer,
  googleResult,
  nominatimAnswer,
  nominatimHit,
  startFakeGeocoder,
  type FakeGeocoder,
} from '../support/fake-geocoder.ts';
import { newOwner, startTestProduct, type TestProduct } from '../support/product.ts';

/**
 * GET /api/geocode against the whole product, with both geocoders played by a loopback fake.
 * Request spacing is off here (its own file tests it), so the cases run at full speed.
 */
let fake: FakeGeocoder;
let product: TestProduct;
let token: string;
let unique = 0;

beforeAll(async () => {
  fake = await startFakeGeocoder();
  product = await startTestProduct({
    maps: {
      geocoding: { nominatimUrl: fake.url, googleUrl: fake.url, nominatimIntervalMs: 0, timeoutMs: 500 },
      map: { tileUrl: 'http://127.0.0.1:4567/tiles/{z}/{x}/{y}.png', attribution: 'Harita: test' },
    },
  });
  token = await signUp(product);
});
afterAll(async () => {
  await product?.close();
  await fake?.close();
});

async function signUp(target: TestProduct): Promise<string> {
  const response = await target.post('/api/auth/register', newOwner());
  expect(response.statusCode).toBe(200);
  return (JSON.parse(response.body) as { token: string }).token;
}

/** A street no other test uses, so the cache of one case never answers another. */
function street(): string {
  unique += 1;
  return `Atatürk Bulvarı No:${unique}-${Date.now() % 100000}`;
}

function query(address: Record<string, string>): string {
  return `/api/geocode?${new URLSearchParams(address).toString()}`;
}

async function geocode(target: TestProduct, address: Record<string, string>, auth = token) {
  const response = await target.get(query(address), auth);
  return {
    status: response.statusCode,
    body: JSON.parse(response.body) as GeocodeResponse & { message?: string; field?: string },
  };
}

/** The text the product sends to the providers: SPEC §5 order, empties skipped. */
function joined(address: Record<string, string>): string {
  return ['street', 'city', 'state', 'zipCode', 'country']
    .map((part) => (address[part] ?? '').trim())
    .filter(Boolean)
    .join(', ');
}

describe('GET /api/geocode through Nominatim', () => {
  it('answers one clear place with its coordinates, and asks as the usage policy wants', async () => {
    const address = { street: street(), city: 'Ankara', state: 'Çankaya', zipCode: '', country: 'Türkiye' };
    fake.answer(
      'nominatim',
      joined(address),
      nominatimAnswer(nominatimHit(39.9207759, 32.8540497, 'Atatürk Bulvarı, Çankaya, Ankara, Türkiye')),
    );

    const { status, body } = await geocode(product, address);

    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      status: 'success',
      coordinates: { lat: 39.9207759, lng: 32.8540497 },
      formatted_address: 'Atatürk Bulvarı, Çankaya, Ankara, Türkiye',
      source: 'nominatim',
      suggestions: [],
      hints: [],
    });
    const [sent] = fake.requestsFor('nominatim', joined(address));
    expect(sent?.address).toBe(`${address.street}, Ankara, Çankaya, Türkiye`);
    expect(sent?.params).toMatchObject({ format: 'jsonv2', limit: '5', 'accept-language': 'tr', countrycodes: 'tr' });
    expect(sent?.userAgent).toMatch(/^DijitalKartvizit\/0\.1 \(\+http/);
  });

  it('keeps to Türkiye only when the country is Türkiye (or left empty)', async () => {
    const abroad = { street: street(), city: 'Berlin', country: 'Almanya' };
    const home = { street: street(), city: 'İzmir' };
    await geocode(product, abroad);
    await geocode(product, home);
    expect(fake.requestsFor('nominatim', joined(abroad))[0]?.params.countrycodes).toBeUndefined();
    expect(fake.requestsFor('nominatim', joined(home))[0]?.params.countrycodes).toBe('tr');
  });

  it('never asks Google when no key is configured', async () => {
    await geocode(product, { street: street(), city: 'Bursa' });
    expect(fake.requestsFor('google')).toEqual([]);
  });

  it('answers a repeated address from the cache without asking the provider again', async () => {
    const address = { street: street(), city: 'İstanbul', state: 'Kadıköy', country: 'Türkiye' };
    fake.answer(
      'nominatim',
      joined(address),
      nominatimAnswer(nominatimHit(40.99, 29.029, 'Kadıköy, İstanbul, Türkiye')),
    );

    const first = await geocode(product, address);
    const asked = fake.requests.length;
    const second = await geocode(product, address);
    // The same address typed differently: other spacing, letter case and no Turkish letters.
    const retyped = await geocode(product, {
      ...address,
      street: `  ${address.street.toUpperCase()} `,
      state: 'KADIKOY',
      city: 'istanbul',
    });

    expect(first.body.source).toBe('nominatim');
    for (const again of [second, retyped]) {
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ ...first.body, source: 'cache' });
    }
    expect(fake.requestsFor('nominatim', joined(address))).toHaveLength(1);
    expect(fake.requests.length).toBe(asked);
  });

  it('keeps no readable address in the cache key', async () => {
    const { rows } = await product.pool.query<{ query_key: string; provider: string }>(
      'select query_key, provider from geocode_cache',
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.query_key).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is uncertain with the distinct candidates when several places match', async () => {
    const address = { street: 'Cumhuriyet Caddesi', city: 'Ankara', state: street() };
    fake.answer(
      'nominatim',
      joined(address),
      nominatimAnswer(
        nominatimHit(39.9334, 32.8597, 'Cumhuriyet Caddesi, Ulus, Ankara'),
        nominatimHit(39.93345, 32.85975, 'Cumhuriyet Caddesi (aynı yer), Ulus, Ankara'),
        nominatimHit(39.8601, 32.7721, 'Cumhuriyet Caddesi, Etimesgut, Ankara'),
      ),
    );

    const { status, body } = await geocode(product, address);

    expect(status).toBe(200);
    expect(body).toMatchObject({
      success: true,
      status: 'uncertain',
      source: 'nominatim',
      coordinates: { lat: 39.9334, lng: 32.8597 },
      formatted_address: 'Cumhuriyet Caddesi, Ulus, Ankara',
      hints: [],
    });
    // The second hit is 6 m from the first: the same place, not a choice.
    expect(body.suggestions).toEqual([
      { lat: 39.9334, lng: 32.8597, formatted_address: 'Cumhuriyet Caddesi, Ulus, Ankara' },
      { lat: 39.8601, lng: 32.7721, formatted_address: 'Cumhuriyet Caddesi, Etimesgut, Ankara' },
    ]);
  });

  it('is uncertain when the only hit is a low-importance guess above street level', async () => {
    const address = { street: street(), city: 'Konya' };
    fake.answer('nominatim', joined(address), nominatimAnswer(nominatimHit(37.87, 32.48, 'Konya, Türkiye', 0.1, 16)));
    const { body } = await geocode(product, address);
    expect(body.status).toBe('uncertain');
    expect(body.suggestions).toEqual([{ lat: 37.87, lng: 32.48, formatted_address: 'Konya, Türkiye' }]);
  });

  it('fails with the SPEC message and hints when nothing is found, and remembers the miss', async () => {
    const address = { street: street(), city: 'Hiçbiryer' };
    const expected = {
      success: false,
      status: 'failed',
      coordinates: null,
      formatted_address: null,
      source: 'nominatim',
      error: 'Adres için konum bulunamadı',
      suggestions: [],
      hints: [
        'Adresi daha detaylı yazın',
        'Şehir ve ülke bilgilerini kontrol edin',
        'Haritadan manuel olarak konum seçin',
      ],
    };

    const first = await geocode(product, address);
    const second = await geocode(product, address);

    expect(first.status).toBe(200);
    expect(first.body).toEqual(expected);
    expect(expected.hints).toEqual(GEOCODE_FAILURE_HINTS);
    expect(second.body).toEqual({ ...expected, source: 'cache' });
    expect(fake.requestsFor('nominatim', joined(address))).toHaveLength(1);
  });

  it('gives up on a provider that does not answer in time, answers failed, and does not cache it', async () => {
    const address = { street: street(), city: 'Eskişehir' };
    fake.answer('nominatim', joined(address), {
      ...nominatimAnswer(nominatimHit(39.77, 30.52, 'Eskişehir')),
      delayMs: 3000,
    });

    const slow = await geocode(product, address);
    expect(slow.status).toBe(200);
    expect(slow.body).toMatchObject({
      success: false,
      status: 'failed',
      source: 'nominatim',
      error: MESSAGES.geocodeNotFound,
    });

    // Not a real miss: the next lookup asks again and finds it.
    fake.answer('nominatim', joined(address), nominatimAnswer(nominatimHit(39.77, 30.52, 'Eskişehir')));
    const later = await geocode(product, address);
    expect(later.body).toMatchObject({
      status: 'success',
      source: 'nominatim',
      coordinates: { lat: 39.77, lng: 30.52 },
    });
    expect(fake.requestsFor('nominatim', joined(address))).toHaveLength(2);
  });

  it('turns a provider error or a malformed answer into failed, never a 500', async () => {
    for (const reply of [
      { status: 503, body: { error: 'busy' } },
      { body: { unexpected: true } },
      { body: [{ lat: 'x' }] },
    ]) {
      const address = { street: street(), city: 'Samsun' };
      fake.answer('nominatim', joined(address), reply);
      const { status, body } = await geocode(product, address);
      expect(status).toBe(200);
      expect(body).toMatchObject({ success: false, status: 'failed', hints: GEOCODE_FAILURE_HINTS });
    }
  });
});

describe('GET /api/geocode refusals', () => {
  it('asks for a city of at least 2 letters, before any provider is asked', async () => {
    const before = fake.requests.length;
    const addresses: Record<string, string>[] = [
      { street: street(), city: ' A ' },
      { street: street() },
      { street: street(), city: '' },
    ];
    for (const address of addresses) {
      const { status, body } = await geocode(product, address);
      expect(status).toBe(400);
      expect(body).toEqual({ success: false, message: 'Minimum şehir bilgisi gerekli', field: 'city' });
    }
    expect(fake.requests.length).toBe(before);
  });

  it('answers 401 without a valid session (lookups spend third-party quota)', async () => {
    const before = fake.requests.length;
    for (const auth of [undefined, 'not-a-token']) {
      const response = await product.get(query({ street: street(), city: 'Ankara' }), auth);
      expect(response.statusCode).toBe(401);
      expect(JSON.parse(response.body)).toEqual({ success: false, message: MESSAGES.sessionExpired });
    }
    expect(fake.requests.length).toBe(before);
  });

  it('refuses unknown or oversized parameters with a Turkish message', async () => {
    const unknown = await product.get('/api/geocode?city=Ankara&q=evil', token);
    expect(unknown.statusCode).toBe(400);
    expect(JSON.parse(unknown.body)).toMatchObject({ success: false, message: 'Tanınmayan alan: q' });
    const long = await product.get(query({ city: 'A'.repeat(101) }), token);
    expect(long.statusCode).toBe(400);
  });
});

describe('GET /api/geocode with the maps service configured', () => {
  let google: TestProduct;
  let googleToken: string;
  beforeAll(async () => {
    google = await startTestProduct({
      maps: {
        geocoding: {
          googleApiKey: 'test-key-123',
          googleUrl: fake.url,
          nominatimUrl: fake.url,
          nominatimIntervalMs: 0,
          timeoutMs: 500,
        },
      },
    });
    googleToken = await signUp(google);
  });
  afterAll(async () => {
    await google?.close();
  });

  it('prefers the maps service and does not ask Nominatim when it succeeds', async () => {
    const address = { street: street(), city: 'Ankara', country: 'Türkiye' };
    fake.answer(
      'google',
      joined(address),
      googleAnswer(googleResult(39.92, 32.85, 'Kızılay, 06420 Çankaya/Ankara, Türkiye')),
    );
    fake.answer('nominatim', joined(address), nominatimAnswer(nominatimHit(1, 1, 'yanlış yer')));

    const { body } = await geocode(google, address, googleToken);

    expect(body).toEqual({
      success: true,
      status: 'success',
      coordinates: { lat: 39.92, lng: 32.85 },
      formatted_address: 'Kızılay, 06420 Çankaya/Ankara, Türkiye',
      source: 'google',
      suggestions: [],
      hints: [],
    });
    expect(fake.requestsFor('google', joined(address))[0]?.params).toMatchObject({
      key: 'test-key-123',
      language: 'tr',
      region: 'tr',
    });
    expect(fake.requestsFor('nominatim', joined(address))).toEqual([]);
  });

  it('falls back to Nominatim when the maps service fails, times out or finds nothing', async () => {
    const failures = [
      { body: { status: 'OVER_QUERY_LIMIT', results: [] } },
      { body: { status: 'REQUEST_DENIED', error_message: 'bad key', results: [] } },
      { status: 500, body: {} },
      { ...googleAnswer(googleResult(1, 1, 'geç')), delayMs: 3000 },
      googleAnswer(),
    ];
    for (const failure of failures) {
      const address = { street: street(), city: 'Antalya' };
      fake.answer('google', joined(address), failure);
      fake.answer('nominatim', joined(address), nominatimAnswer(nominatimHit(36.8969, 30.7133, 'Antalya, Türkiye')));
      const { status, body } = await geocode(google, address, googleToken);
      expect(status).toBe(200);
      expect(body).toMatchObject({
        success: true,
        status: 'success',
        source: 'nominatim',
        coordinates: { lat: 36.8969, lng: 30.7133 },
      });
    }
  });

  it('is uncertain for an APPROXIMATE maps-service hit', async () => {
    const address = { street: street(), city: 'Mersin' };
    fake.answer('google', joined(address), googleAnswer(googleResult(36.8, 34.63, 'Mersin, Türkiye', 'APPROXIMATE')));
    const { body } = await geocode(google, address, googleToken);
    expect(body).toMatchObject({
      status: 'uncertain',
      source: 'google',
      suggestions: [{ lat: 36.8, lng: 34.63, formatted_address: 'Mersin, Türkiye' }],
    });
  });
});

describe('GET /api/config/public', () => {
  it('tells anyone where map tiles come from and whom to credit', async () => {
    const response = await product.get('/api/config/public');
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body) as PublicConfigResponse).toEqual({
      mapTileUrl: 'http://127.0.0.1:4567/tiles/{z}/{x}/{y}.png',
      mapAttribution: 'Harita: test',
      mapAttributionUrl: 'https://www.openstreetmap.org/copyright',
      // WEB_VITALS_SAMPLE_RATE's default: one page load in ten sends its Core Web Vitals (decision 44).
      webVitalsSampleRate: 0.1,
    });
    expect(response.headers['cache-control']).toBe('public, max-age=300');
  });
});

describe('OpenAPI', () => {
  it('describes both routes under their feature tags', async () => {
    const response = await product.get('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const paths = (JSON.parse(response.body) as { paths: Record<string, { get?: { tags?: string[] } }> }).paths;
    expect(paths['/api/geocode']?.get?.tags).toEqual(['geocoding']);
    expect(paths['/api/config/public']?.get?.tags).toEqual(['config']);
  });
});
