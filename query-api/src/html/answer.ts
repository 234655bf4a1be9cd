import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, type PublicLanguage } from '@kartvizit/schemas/language/model';
import { pageLanguage } from '../language/negotiate.ts';
import { originOfTemplate, type SecurityHeaderOverrides } from '@kartvizit/infra/http/security-headers';
import type { PageAssets } from './assets.ts';
import { bytesFor, preferredEncoding, storedBody, type StoredBody } from './stored-body.ts';

/**
 * How a public page goes out: its headers (caching, the content security policy), its ETag and the 304 that saves
 * sending it again, its bytes in the browser's preferred encoding, and the one 404/503 page per build.
 */

/**
 * Browsers revalidate on every visit (a 304 costs a few hundred bytes); a CDN in front may keep the page 30 s and
 * answer from its copy for 30 s more while it fetches the new one (infra/deploy/README.md, 'A CDN in front').
 */
export const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=30, stale-while-revalidate=30';
/** The owner's own look after a change (`?v=`, read-your-writes): never kept by a shared cache. */
export const FRESH_PAGE_CACHE_CONTROL = 'private, no-cache';
export const HTML_CONTENT_TYPE = 'text/html; charset=utf-8';

export function etagOf(text: string): string {
  return `W/"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;
}

export function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  // What a browser sends back: the ETag as it got it.
  if (ifNoneMatch === etag) return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((candidate) => {
    const value = candidate.trim();
    return value === '*' || value.replace(/^W\//, '') === bare;
  });
}

/**
 * Scripts only from our origin (the page has no inline script at all), styles inline (the critical
 * CSS; OpenLayers sets style attributes), images from us, payment QR hosts (https) and the tile
 * server, calls to our own API only, no workers. A second wall behind the escaping. The headers themselves
 * are set by the security-header hook every answer goes through (infra/src/http/security-headers).
 */
export function pageSecurityHeaders(tileUrl: string): SecurityHeaderOverrides {
  // A template the URL parser cannot read: https: still covers the usual tile servers.
  const tileOrigin = originOfTemplate(tileUrl);
  return {
    contentSecurityPolicy: {
      'default-src': ["'none'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:', 'https:', ...(tileOrigin ? [tileOrigin] : [])],
      'connect-src': ["'self'"],
      // Its visitors come once: the page never registers a service worker (issue 17), and no injected script may.
      'worker-src': ["'none'"],
      'form-action': ["'self'"],
      'base-uri': ["'none'"],
      'frame-ancestors': ["'none'"],
      'object-src': ["'none'"],
    },
  };
}

/** A stored page differs only by its compression. */
export const PLAIN_VARY = 'Accept-Encoding';
/** A page whose plain address chooses its language by the browser's (the card page of an owner with languages). */
export const LANGUAGE_VARY = 'Accept-Encoding, Accept-Language';

/**
 * Sets the page's ETag and Cache-Control (`fresh`: the owner's read-your-writes look); when the browser (or CDN)
 * holds these very bytes, answers 304 and says so.
 */
export function answeredNotModified(
  request: FastifyRequest,
  reply: FastifyReply,
  etag: string,
  fresh: boolean,
  vary: string = PLAIN_VARY,
): boolean {
  reply.header('etag', etag).header('cache-control', fresh ? FRESH_PAGE_CACHE_CONTROL : PAGE_CACHE_CONTROL);
  if (!matches(request.headers['if-none-match'], etag)) return false;
  reply.code(304).header('vary', vary).send();
  return true;
}

/** Stored bytes in the encoding the browser takes best. */
export function sendStoredBody(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  body: StoredBody,
  vary: string = PLAIN_VARY,
): FastifyReply {
  reply.code(status).header('content-type', HTML_CONTENT_TYPE).header('vary', vary);
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(bytesFor(body, encoding));
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A page made for this answer only: compressed at a level that costs about a millisecond. */
export async function sendFreshlyCompressed(
  request: FastifyRequest,
  reply: FastifyReply,
  text: string,
  vary: string = PLAIN_VARY,
): Promise<FastifyReply> {
  const bytes = Buffer.from(text, 'utf8');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  reply.code(200).header('content-type', HTML_CONTENT_TYPE).header('vary', vary);
  if (encoding === 'br') {
    const compressed = await brotliAsync(bytes, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT },
    });
    return reply.header('content-encoding', 'br').send(compressed);
  }
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(await gzipAsync(bytes, { level: 6 }));
  return reply.send(bytes);
}

export type UnavailableKind = 'not-found' | 'error';

/**
 * A page's 'not found' and 'could not be read' answers: the same bytes whatever was asked for, so they depend only
 * on the build and the language and are rendered and compressed once per stylesheet, script and language. A page
 * that speaks languages (`languages` true: the card and product pages, issue 31) answers in the one `?lang=` names,
 * else the browser's best among all of ours: there is no owner to say which.
 */
export class UnavailablePages {
  private readonly pages = new Map<string, Promise<StoredBody>>();

  constructor(
    private readonly render: (kind: UnavailableKind, assets: PageAssets, language: PublicLanguage) => string,
    private readonly languages: readonly PublicLanguage[] = [DEFAULT_LANGUAGE],
  ) {}

  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    kind: UnavailableKind,
    assets: PageAssets,
  ): Promise<FastifyReply> {
    if (kind === 'error') reply.header('retry-after', '5');
    reply.header('cache-control', 'no-store');
    const requested = (request.query as { lang?: unknown } | undefined)?.lang;
    const language = pageLanguage(requested, request.headers['accept-language'], this.languages);
    const vary = this.languages.length > 1 ? LANGUAGE_VARY : PLAIN_VARY;
    const status = kind === 'not-found' ? 404 : 503;
    return sendStoredBody(request, reply, status, await this.body(kind, assets, language), vary);
  }

  private body(kind: UnavailableKind, assets: PageAssets, language: PublicLanguage): Promise<StoredBody> {
    const key = `${kind}:${language}:${assets.css.length}:${assets.scriptUrl ?? ''}`;
    let page = this.pages.get(key);
    if (page === undefined) {
      page = storedBody(this.render(kind, assets, language));
      if (this.pages.size > 24) this.pages.clear();
      this.pages.set(key, page);
      // A failed compression is not kept: the next request tries again.
      page.catch(() => this.pages.delete(key));
    }
    return page;
  }
}
