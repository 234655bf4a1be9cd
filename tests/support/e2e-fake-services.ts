import { nominatimAnswer, nominatimHit, startFakeGeocoder, type FakeFallback } from './fake-geocoder.ts';
import { startFakeTiles } from './fake-tiles.ts';

/**
 * Playwright global setup: the browser journeys' geocoder and map tiles, on loopback ports next
 * to the product's (E2E_PORT + 1 and + 2), so the server under test never reaches the internet.
 * playwright.config.ts points NOMINATIM_URL, GOOGLE_GEOCODING_URL and MAP_TILE_URL at them.
 */
export function e2eFakeOrigins(productPort: number) {
  const geocoderPort = Number(process.env.E2E_GEOCODER_PORT ?? productPort + 1);
  const tilesPort = Number(process.env.E2E_TILES_PORT ?? productPort + 2);
  return {
    geocoderPort,
    tilesPort,
    geocoder: `http://127.0.0.1:${geocoderPort}`,
    tilesOrigin: `http://127.0.0.1:${tilesPort}`,
    tileTemplate: `http://127.0.0.1:${tilesPort}/{z}/{x}/{y}.png`,
  };
}

/** Addresses with 'Bulunamayan' find nothing, 'Belirsiz' two places; any other is Kızılay, Ankara. */
const E2E_ANSWERS: FakeFallback = (provider, address) => {
  if (provider === 'google') return { body: { status: 'ZERO_RESULTS', results: [] } };
  if (address.includes('Bulunamayan')) return nominatimAnswer();
  if (address.includes('Belirsiz')) {
    return nominatimAnswer(
      nominatimHit(39.92077, 32.85411, `${address} (Kızılay)`),
      nominatimHit(39.97, 32.63, `${address} (Etimesgut)`),
    );
  }
  return nominatimAnswer(nominatimHit(39.92077, 32.85411, `${address} (bulundu)`));
};

export default async function startE2eFakeServices(): Promise<() => Promise<void>> {
  const origins = e2eFakeOrigins(Number(process.env.E2E_PORT ?? 3100));
  const geocoder = await startFakeGeocoder({ port: origins.geocoderPort, fallback: E2E_ANSWERS });
  const tiles = await startFakeTiles({ port: origins.tilesPort });
  return async () => {
    await Promise.all([geocoder.close(), tiles.close()]);
  };
}
