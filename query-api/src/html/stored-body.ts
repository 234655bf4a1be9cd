import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

/** One answer's bytes in each encoding a browser may take, made once and then only copied to sockets. */
export interface StoredBody {
  readonly identity: Buffer;
  readonly gzip: Buffer;
  readonly br: Buffer;
}

export type Encoding = 'br' | 'gzip' | null;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compresses a page once, as hard as the formats allow: it is made once per card version and sent thousands of times,
 * so the best ratio is worth the few milliseconds (on the zlib thread pool, not the event loop).
 */
export async function storedBody(text: string): Promise<StoredBody> {
  const identity = Buffer.from(text, 'utf8');
  const [br, gzipped] = await Promise.all([
    brotliAsync(identity, {
      params: {
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
        [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipAsync(identity, { level: zlib.Z_BEST_COMPRESSION }),
  ]);
  return { identity, gzip: gzipped, br };
}

/** Brotli when the browser takes it, else gzip, else the plain bytes. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...parameters] = part.trim().split(';');
    const q = parameters
      .map((parameter) => /^\s*q=([0-9.]+)\s*$/.exec(parameter)?.[1])
      .find((value) => value !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  if ((accepted.get('br') ?? 0) > 0) return 'br';
  if ((accepted.get('gzip') ?? 0) > 0) return 'gzip';
  return null;
}

/** The bytes for that encoding. */
export function bytesFor(body: StoredBody, encoding: Encoding): Buffer {
  return encoding === null ? body.identity : body[encoding];
}
