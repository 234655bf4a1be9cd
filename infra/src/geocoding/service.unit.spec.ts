import { describe, expect, it } from 'vitest';
import { normaliseAddressText, type CachedAnswer, type GeocodeCache } from './cache.ts';
import { classify, distanceMeters } from './places.ts';
import { GeocodingService } from './service.ts';
import { GeocoderUnavailableError, type AddressLookup, type Geocoder, type Place, type ProviderName } from './types.ts';

class MemoryCache implements GeocodeCache {
  readonly entries = new Map<string, { answer: CachedAnswer; ttlMs: number }>();
  async get(key: string) {
    return this.entries.get(key)?.answer ?? null;
  }
  async put(key: string, answer: CachedAnswer, _provider: ProviderName, ttlMs: number) {
    this.entries.set(key, { answer, ttlMs });
  }
}

function scripted(
  name: ProviderName,
  answer: (lookup: AddressLookup) => Promise<readonly Place[]>,
): Geocoder & { calls: AddressLookup[] } {
  const calls: AddressLookup[] = [];
  return {
    name,
    calls,
    geocode(lookup) {
      calls.push(lookup);
      return answer(lookup);
    },
  };
}

const place = (lat: number, lng: number, approximate = false): Place => ({
  lat,
  lng,
  formattedAddress: `${lat},${lng}`,
  approximate,
});
const unavailable = (name: ProviderName) => () => Promise.reject(new GeocoderUnavailableError(name, 'HTTP 503'));
const DAY = 24 * 60 * 60 * 1000;

function service(geocoders: Geocoder[], cache = new MemoryCache()) {
  return {
    cache,
    service: new GeocodingService({
      geocoders,
      cache,
      keyOf: (text, turkey) => `${turkey}|${normaliseAddressText(text)}`,
    }),
  };
}

describe('GeocodingService', () => {
  it('asks providers in order and stops at the first that finds something', async () => {
    const google = scripted('google', async () => []);
    const nominatim = scripted('nominatim', async () => [place(39.9, 32.8)]);
    const { service: geocoding, cache } = service([google, nominatim]);

    const { response } = await geocoding.geocode({ street: 'Sokak 1', city: 'Ankara' });

    expect(response).toMatchObject({
      success: true,
      status: 'success',
      source: 'nominatim',
      coordinates: { lat: 39.9, lng: 32.8 },
    });
    expect(google.calls).toEqual([{ text: 'Sokak 1, Ankara', turkey: true }]);
    expect([...cache.entries.values()][0]?.ttlMs).toBe(30 * DAY);
  });

  it('reports unavailable providers, and does not remember a miss that may not be one', async () => {
    const { service: geocoding, cache } = service([
      scripted('google', unavailable('google')),
      scripted('nominatim', async () => []),
    ]);
    const outcome = await geocoding.geocode({ city: 'Ankara' });
    expect(outcome.response).toMatchObject({ status: 'failed', source: 'nominatim' });
    expect(outcome.problems.map((problem) => `${problem.provider}: ${problem.reason}`)).toEqual(['google: HTTP 503']);
    expect(cache.entries.size).toBe(0);
  });

  it('remembers a true miss for a day', async () => {
    const { service: geocoding, cache } = service([scripted('nominatim', async () => [])]);
    await geocoding.geocode({ city: 'Ankara' });
    expect([...cache.entries.values()].map((entry) => entry.ttlMs)).toEqual([DAY]);
  });

  it('shares one provider call between concurrent lookups of one address', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const nominatim = scripted('nominatim', async () => {
      await gate;
      return [place(1, 2)];
    });
    const { service: geocoding } = service([nominatim]);
    const both = Promise.all([geocoding.geocode({ city: 'Ankara' }), geocoding.geocode({ city: ' ankara ' })]);
    release();
    const [first, second] = await both;
    expect(nominatim.calls).toHaveLength(1);
    expect(first.response).toEqual(second.response);
  });

  it('turns an unexpected provider exception into an unavailable provider, not a failure of the lookup', async () => {
    const { service: geocoding } = service([
      scripted('google', () => Promise.reject(new TypeError('boom'))),
      scripted('nominatim', async () => [place(1, 2)]),
    ]);
    const outcome = await geocoding.geocode({ city: 'Ankara' });
    expect(outcome.response.source).toBe('nominatim');
    expect(outcome.problems[0]?.reason).toBe('unexpected error');
  });
});

describe('classify', () => {
  it('is certain about one place, and about several hits within 100 m of each other', () => {
    expect(classify([place(39.9334, 32.8597)]).status).toBe('success');
    expect(classify([place(39.9334, 32.8597), place(39.9338, 32.8597)]).status).toBe('success');
  });

  it('is uncertain about distinct places or an approximate one, listing at most 5 candidates', () => {
    const many = Array.from({ length: 8 }, (_, i) => place(39 + i / 10, 32));
    const result = classify(many);
    expect(result.status).toBe('uncertain');
    expect(result.candidates).toHaveLength(5);
    expect(classify([place(1, 1, true)]).status).toBe('uncertain');
  });

  it('measures distances on the sphere', () => {
    // Ankara to İstanbul is about 350 km as the crow flies.
    expect(distanceMeters({ lat: 39.9334, lng: 32.8597 }, { lat: 41.0082, lng: 28.9784 }) / 1000).toBeCloseTo(350, -1);
  });
});

describe('normaliseAddressText', () => {
  it('folds case, Turkish letters and spacing', () => {
    expect(normaliseAddressText('  KADIKÖY ,İstanbul   Türkiye')).toBe('kadikoy, istanbul turkiye');
    expect(normaliseAddressText('Kadıköy, istanbul Turkiye')).toBe('kadikoy, istanbul turkiye');
  });
});
