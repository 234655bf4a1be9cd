import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MapsSettings } from '@kartvizit/infra/geocoding/settings';

/**
 * A geocoder on loopback that speaks both protocols the product uses: Nominatim's
 * `/search?format=jsonv2&q=…` and Google's `/maps/api/geocode/json?address=…`. Tests script the
 * answer per address text and read back every request with its arrival time; nothing here ever
 * reaches the internet.
 */
export type FakeProvider = 'nominatim' | 'google';

export interface RecordedRequest {
  readonly provider: FakeProvider;
  /** The address text: Nominatim's q, Google's address. */
  readonly address: string;
  readonly params: Readonly<Record<string, string>>;
  readonly userAgent: string | undefined;
  /** Arrival, ms since the epoch with sub-millisecond precision. */
  readonly at: number;
}

export interface FakeReply {
  readonly status?: number;
  readonly body: unknown;
  /** Answer this late (to exercise time-outs). */
  readonly delayMs?: number;
}

export type FakeFallback = (provider: FakeProvider, address: string) => FakeReply;

export interface FakeGeocoder {
  /** Origin to use as NOMINATIM_URL and GOOGLE_GEOCODING_URL. */
  readonly url: string;
  readonly requests: readonly RecordedRequest[];
  /** Scripts the answer to one address text (exactly as the product sends it). */
  answer(provider: FakeProvider, address: string, reply: FakeReply): void;
  requestsFor(provider: FakeProvider, address?: string): RecordedRequest[];
  close(): Promise<void>;
}

export function nominatimHit(lat: number, lon: number, displayName: string, importance = 0.6, placeRank = 30) {
  return {
    lat: String(lat),
    lon: String(lon),
    display_name: displayName,
    importance,
    place_rank: placeRank,
    category: 'place',
    type: 'house',
  };
}

export function googleResult(lat: number, lng: number, formattedAddress: string, locationType = 'ROOFTOP') {
  return { formatted_address: formattedAddress, geometry: { location: { lat, lng }, location_type: locationType } };
}

export const googleAnswer = (...results: ReturnType<typeof googleResult>[]): FakeReply => ({
  body: results.length > 0 ? { status: 'OK', results } : { status: 'ZERO_RESULTS', results: [] },
});

export const nominatimAnswer = (...hits: ReturnType<typeof nominatimHit>[]): FakeReply => ({ body: hits });

/** Unscripted addresses: nothing found, as the real services say it. */
export const NOTHING_FOUND: FakeFallback = (provider) => ({
  body: provider === 'google' ? { status: 'ZERO_RESULTS', results: [] } : [],
});

export async function startFakeGeocoder(
  options: { port?: number; fallback?: FakeFallback } = {},
): Promise<FakeGeocoder> {
  const scripts = new Map<string, FakeReply>();
  const requests: RecordedRequest[] = [];
  const fallback = options.fallback ?? NOTHING_FOUND;

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const at = performance.timeOrigin + performance.now();
    const url = new URL(request.url ?? '/', 'http://fake');
    const provider: FakeProvider | null =
      url.pathname === '/search' ? 'nominatim' : url.pathname === '/maps/api/geocode/json' ? 'google' : null;
    if (!provider) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
      return;
    }
    const address = url.searchParams.get(provider === 'nominatim' ? 'q' : 'address') ?? '';
    requests.push({
      provider,
      address,
      params: Object.fromEntries(url.searchParams),
      userAgent: request.headers['user-agent'],
      at,
    });
    const reply = scripts.get(`${provider}|${address}`) ?? fallback(provider, address);
    const send = () => {
      if (response.destroyed) return;
      response
        .writeHead(reply.status ?? 200, { 'content-type': 'application/json; charset=utf-8' })
        .end(JSON.stringify(reply.body));
    };
    if (reply.delayMs) {
      const timer = setTimeout(send, reply.delayMs);
      response.on('close', () => clearTimeout(timer));
    } else {
      send();
    }
  };

  const server: Server = createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer(provider, address, reply) {
      scripts.set(`${provider}|${address}`, reply);
    },
    requestsFor(provider, address) {
      return requests.filter(
        (entry) => entry.provider === provider && (address === undefined || entry.address === address),
      );
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** Maps settings for tests: geocoders at `url` (default: a loopback port nothing answers on). */
export function testMapsSettings(
  overrides: {
    readonly geocoding?: Partial<MapsSettings['geocoding']>;
    readonly map?: Partial<MapsSettings['map']>;
  } = {},
): MapsSettings {
  const nowhere = 'http://127.0.0.1:9';
  return {
    geocoding: {
      googleApiKey: undefined,
      googleUrl: nowhere,
      nominatimUrl: nowhere,
      userAgent: 'DijitalKartvizit/0.1 (+http://localhost:3000)',
      timeoutMs: 5000,
      nominatimIntervalMs: 1000,
      maxQueueMs: 8000,
      ...overrides.geocoding,
    },
    map: {
      tileUrl: 'http://127.0.0.1:9/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap katkıda bulunanlar',
      attributionUrl: 'https://www.openstreetmap.org/copyright',
      ...overrides.map,
    },
  };
}
