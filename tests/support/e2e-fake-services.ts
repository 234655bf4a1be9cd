import { nominatimAnswer, nominatimHit, startFakeGeocoder, type FakeFallback } from './fake-geocoder.ts';
import { startFakeRems } from './fake-rems.ts';
import { startFakeTiles } from './fake-tiles.ts';

/**
 * The one key the journeys' REMS accepts (any other `rems_…` key is refused with 401, as REMS does).
 * Test data, not a secret: the fake lives on loopback for the length of a run.
 */
export const E2E_REMS_KEY = 'rems_e2e_kartvizit_9f3c';
export const E2E_REMS_ACCOUNT = { id: 'rems-hesap-e2e', name: 'E2E Emlak Ofisi' } as const;

/**
 * Playwright global setup: the browser journeys' geocoder, map tiles and REMS, on loopback ports
 * next to the product's (E2E_PORT + 1, + 2 and + 3), so the server under test never reaches the
 * internet. playwright.config.ts points NOMINATIM_URL, GOOGLE_GEOCODING_URL, MAP_TILE_URL and
 * REMS_API_URL at them.
 */
export function e2eFakeOrigins(productPort: number) {
  const geocoderPort = Number(process.env.E2E_GEOCODER_PORT ?? productPort + 1);
  const tilesPort = Number(process.env.E2E_TILES_PORT ?? productPort + 2);
  const remsPort = Number(process.env.E2E_REMS_PORT ?? productPort + 3);
  return {
    geocoderPort,
    tilesPort,
    remsPort,
    rems: `http://127.0.0.1:${remsPort}`,
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
  const rems = await startFakeRems({ port: origins.remsPort, control: true });
  rems.addKey(E2E_REMS_KEY, E2E_REMS_ACCOUNT);
  return async () => {
    await Promise.all([geocoder.close(), tiles.close(), rems.close()]);
  };
}
