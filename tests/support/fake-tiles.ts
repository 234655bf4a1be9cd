import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';

/**
 * A map-tile server on loopback: every `/{z}/{x}/{y}.png` is the same small PNG (a light grid),
 * so the picker's map can load without the internet. Counts what it served.
 */
export interface FakeTiles {
  /** XYZ template for MAP_TILE_URL. */
  readonly template: string;
  readonly origin: string;
  served(): number;
  close(): Promise<void>;
}

const TILE_SIZE = 256;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A 256×256 RGB PNG: pale background, darker lines every 32 px. */
export function gridTilePng(): Buffer {
  const row = 1 + TILE_SIZE * 3;
  const pixels = Buffer.alloc(row * TILE_SIZE);
  for (let y = 0; y < TILE_SIZE; y += 1) {
    pixels[y * row] = 0; // filter: none
    for (let x = 0; x < TILE_SIZE; x += 1) {
      const line = x % 32 === 0 || y % 32 === 0;
      const offset = y * row + 1 + x * 3;
      pixels[offset] = line ? 200 : 236;
      pixels[offset + 1] = line ? 208 : 241;
      pixels[offset + 2] = line ? 220 : 247;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(TILE_SIZE, 0);
  header.writeUInt32BE(TILE_SIZE, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export async function startFakeTiles(options: { port?: number } = {}): Promise<FakeTiles> {
  const png = gridTilePng();
  let served = 0;
  const server: Server = createServer((request, response) => {
    if (!/^\/\d+\/\d+\/\d+\.png$/u.test(new URL(request.url ?? '/', 'http://fake').pathname)) {
      response.writeHead(404).end();
      return;
    }
    served += 1;
    // Map libraries fetch tiles cross-origin ('anonymous'), as from the real tile servers.
    response
      .writeHead(200, {
        'content-type': 'image/png',
        'content-length': png.length,
        'access-control-allow-origin': '*',
        'cache-control': 'no-store',
      })
      .end(png);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    template: `${origin}/{z}/{x}/{y}.png`,
    served: () => served,
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
