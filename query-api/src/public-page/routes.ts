import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEMO_CARD_ID, MIN_POSITION_HEADER, isDemoOwner, parseCardId } from '@kartvizit/schemas';
import { deriveKey } from '@kartvizit/infra/config/secrets';
import { issueFormToken } from '@kartvizit/infra/forms/form-token';
import type { SignalBus } from '@kartvizit/infra/signals/types';
import { originOfTemplate, type SecurityHeaderOverrides } from '@kartvizit/infra/http/security-headers';
import type { QueryContext } from '../core/context.ts';
import { QrRenderer } from '../card/qr.ts';
import { PublicCardAssets } from './assets.ts';
import { PAGE_PROJECTIONS, PublicPageCache } from './cache.ts';
import { escapeHtml } from './html.ts';
import { loadCardPage, loadPageMarks } from './load.ts';
import { FORM_TOKEN_SLOT, renderCardPage, renderUnavailablePage, type PageAssets } from './render.ts';
import { toCardPageView } from './view.ts';

export interface PublicPageSettings {
  /** Origin of shared links: canonical URL, Open Graph URLs and the QR code. */
  readonly publicBaseUrl: string;
  readonly appSecret: Buffer;
  /** The built web app (its manifest names the page's script and stylesheet). */
  readonly webDistDir?: string;
  readonly signals?: SignalBus;
}

/** A rendered page around the per-response form token; the ETag covers everything else. */
interface RenderedPage {
  readonly before: string;
  /** Null: the page has no lead form, hence no token (the sample card). */
  readonly after: string | null;
  readonly etag: string;
}

const CACHE_ENTRIES = 500;
const MARKS_POLL_MS = 1000;
// A shared link must never show stale data, yet a repeat visit costs only a 304.
const PAGE_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The contact file of a card (query-api/src/contact-file). */
export function contactFileUrl(cardId: string): string {
  return `/api/profile/card/${cardId}/contact.vcf`;
}

function etagOf(text: string): string {
  return `W/"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((candidate) => {
    const value = candidate.trim();
    return value === '*' || value.replace(/^W\//, '') === bare;
  });
}

function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
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

/**
 * Scripts only from our origin (the page has no inline script at all), styles inline (the critical
 * CSS; OpenLayers sets style attributes), images from us, payment QR hosts (https) and the tile
 * server, calls to our own API only. A second wall behind the escaping. The headers themselves
 * are set by the security-header hook every answer goes through (infra/src/http/security-headers).
 */
function pageSecurityHeaders(tileUrl: string): SecurityHeaderOverrides {
  // A template the URL parser cannot read: https: still covers the usual tile servers.
  const tileOrigin = originOfTemplate(tileUrl);
  return {
    contentSecurityPolicy: {
      'default-src': ["'none'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:', 'https:', ...(tileOrigin ? [tileOrigin] : [])],
      'connect-src': ["'self'"],
      'form-action': ["'self'"],
      'base-uri': ["'none'"],
      'frame-ancestors': ["'none'"],
      'object-src': ["'none'"],
    },
  };
}

/**
 * GET /p/{cardId}: the public card page, rendered here as complete HTML (docs/decisions/0008).
 * Registered as an explicit route, so it wins over the web app's fallback.
 */
export function publicPageRoutes(context: QueryContext, settings: PublicPageSettings) {
  const assets = new PublicCardAssets(settings.webDistDir);
  const qr = new QrRenderer();
  const formTokenKey = deriveKey(settings.appSecret, 'form-tokens');
  const securityHeaders = pageSecurityHeaders(context.map.tileUrl);
  const cache = new PublicPageCache<RenderedPage>({
    maxEntries: CACHE_ENTRIES,
    pollMs: MARKS_POLL_MS,
    readMarks: () => loadPageMarks(context.pool),
    signals: settings.signals,
  });
  // The unavailable pages depend only on the build: kept per stylesheet.
  const unavailable = new Map<string, string>();

  function unavailablePage(kind: 'not-found' | 'error', pageAssets: PageAssets): string {
    const key = `${kind}:${pageAssets.css.length}:${pageAssets.scriptUrl ?? ''}`;
    let page = unavailable.get(key);
    if (page === undefined) {
      page = renderUnavailablePage(kind, pageAssets);
      if (unavailable.size > 8) unavailable.clear();
      unavailable.set(key, page);
    }
    return page;
  }

  async function send(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    body: string,
  ): Promise<FastifyReply> {
    reply.code(status).header('content-type', 'text/html; charset=utf-8').header('vary', 'Accept-Encoding');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(body);
    const compressed =
      encoding === 'br'
        ? await brotli(body, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body) },
          })
        : await gzipAsync(body, { level: 6 });
    return reply.header('content-encoding', encoding).send(compressed);
  }

  function sendUnavailable(
    request: FastifyRequest,
    reply: FastifyReply,
    kind: 'not-found' | 'error',
  ): Promise<FastifyReply> {
    if (kind === 'error') reply.header('retry-after', '5');
    reply.header('cache-control', 'no-store');
    return send(request, reply, kind === 'not-found' ? 404 : 503, unavailablePage(kind, assets.current()));
  }

  async function pageFor(cardId: string, recheck: boolean, pageAssets: PageAssets): Promise<RenderedPage | null> {
    const cached = await cache.current(cardId, recheck);
    if (cached) return cached;
    const row = await loadCardPage(context.pool, cardId);
    if (!row) {
      cache.forget(cardId);
      return null;
    }
    const fingerprint = `${row.dataHash}|${pageAssets.scriptUrl ?? ''}|${createHash('sha1').update(pageAssets.css).digest('base64url')}`;
    const reused = cache.reuse(cardId, fingerprint, row.marks);
    if (reused) return reused;
    const view = toCardPageView({
      cardId,
      ownerId: row.ownerId,
      data: row.data,
      publicBaseUrl: settings.publicBaseUrl,
      vcardUrl: contactFileUrl(cardId),
    });
    const sample = isDemoOwner(row.ownerId);
    const html = renderCardPage(view, await qr.svg(view.canonicalUrl), pageAssets, { sample });
    const parts = html.split(FORM_TOKEN_SLOT);
    if (parts.length !== (sample ? 1 : 2)) throw new Error('A card page must hold one form token slot, the sample card none');
    const [before = '', after = null] = parts;
    const page: RenderedPage = { before, after, etag: etagOf(before + (after ?? '')) };
    cache.remember(cardId, { page, fingerprint, marks: row.marks });
    return page;
  }

  return async function routes(app: FastifyInstance): Promise<void> {
    cache.start();
    app.addHook('onClose', async () => cache.stop());

    const canonicalRedirect = (reply: FastifyReply, cardId: string) =>
      reply.code(301).header('location', `/p/${cardId}`).header('cache-control', 'public, max-age=86400').send();

    app.get<{ Params: { cardId: string } }>(
      '/p/:cardId',
      // Read-your-writes as for the JSON routes: with x-min-position the read models are awaited.
      { schema: { hide: true }, config: { projections: PAGE_PROJECTIONS, securityHeaders } },
      async (request, reply) => {
        const raw = request.params.cardId;
        const parsed = parseCardId(raw);
        if (!parsed.ok) return sendUnavailable(request, reply, 'not-found');
        if (parsed.cardId !== raw) return canonicalRedirect(reply, parsed.cardId);
        const cardId = parsed.cardId;
        const pageAssets = assets.current();
        let page: RenderedPage | null;
        try {
          page = await pageFor(cardId, typeof request.headers[MIN_POSITION_HEADER] === 'string', pageAssets);
        } catch (error) {
          request.log.error({ err: error }, 'public card page could not be rendered');
          return sendUnavailable(request, reply, 'error');
        }
        if (!page) return sendUnavailable(request, reply, 'not-found');

        reply.header('etag', page.etag).header('cache-control', PAGE_CACHE_CONTROL);
        if (matches(request.headers['if-none-match'], page.etag)) {
          return reply.code(304).header('vary', 'Accept-Encoding').send();
        }
        if (page.after === null) return send(request, reply, 200, page.before);
        const token = issueFormToken(formTokenKey, cardId, new Date());
        return send(request, reply, 200, page.before + escapeHtml(token) + page.after);
      },
    );

    // The landing page's 'Demoyu İncele' and an address people type: the sample card itself.
    app.get('/demo', { schema: { hide: true } }, async (_request, reply) =>
      reply.code(302).header('location', `/p/${DEMO_CARD_ID}`).header('cache-control', 'no-cache').send(),
    );

    app.get<{ Params: { cardId: string } }>(
      '/p/:cardId/',
      { schema: { hide: true }, config: { securityHeaders } },
      async (request, reply) => {
        const parsed = parseCardId(request.params.cardId);
        if (!parsed.ok) return sendUnavailable(request, reply, 'not-found');
        return canonicalRedirect(reply, parsed.cardId);
      },
    );
  };
}
