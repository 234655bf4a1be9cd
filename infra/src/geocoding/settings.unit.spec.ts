import { describe, expect, it } from 'vitest';
import { readMapsSettings } from './settings.ts';

describe('readMapsSettings', () => {
  it('defaults to the public services, without Google, with an identifying User-Agent', () => {
    const settings = readMapsSettings({}, 'https://kart.example.com');
    expect(settings.geocoding).toMatchObject({
      googleApiKey: undefined,
      googleUrl: 'https://maps.googleapis.com',
      nominatimUrl: 'https://nominatim.openstreetmap.org',
      userAgent: 'DijitalKartvizit/0.1 (+https://kart.example.com)',
      timeoutMs: 5000,
      nominatimIntervalMs: 1000,
    });
    expect(settings.map).toEqual({
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap katkıda bulunanlar',
      attributionUrl: 'https://www.openstreetmap.org/copyright',
    });
  });

  it('reads every variable, trimming trailing slashes from origins', () => {
    const settings = readMapsSettings(
      {
        GOOGLE_MAPS_API_KEY: ' anahtar ',
        GOOGLE_GEOCODING_URL: 'http://127.0.0.1:9000/',
        NOMINATIM_URL: 'http://127.0.0.1:9001',
        GEOCODER_USER_AGENT: 'Deneme/1.0',
        GEOCODER_TIMEOUT_MS: '1500',
        MAP_TILE_URL: 'http://127.0.0.1:9002/{z}/{x}/{y}.png',
      },
      'http://localhost:3000',
    );
    expect(settings.geocoding).toMatchObject({
      googleApiKey: 'anahtar',
      googleUrl: 'http://127.0.0.1:9000',
      nominatimUrl: 'http://127.0.0.1:9001',
      userAgent: 'Deneme/1.0',
      timeoutMs: 1500,
    });
    expect(settings.map.tileUrl).toBe('http://127.0.0.1:9002/{z}/{x}/{y}.png');
  });

  it('refuses values that cannot work, at start-up', () => {
    expect(() => readMapsSettings({ NOMINATIM_URL: 'ftp://x' }, '')).toThrow(/NOMINATIM_URL/);
    expect(() => readMapsSettings({ MAP_TILE_URL: 'https://tile.example/{z}.png' }, '')).toThrow(/MAP_TILE_URL/);
    expect(() => readMapsSettings({ GEOCODER_TIMEOUT_MS: '0' }, '')).toThrow(/GEOCODER_TIMEOUT_MS/);
  });
});
