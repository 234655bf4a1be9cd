import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isCheckpoint } from '@kartvizit/infra/event-store/checkpoint';
import { SHOWN_PRODUCT_PROJECTIONS } from '@kartvizit/infra/read-models/contract';
import { requestedPosition, type QueryContext } from '../core/context.ts';
import { PRODUCT_PAGE_ENTRY, PublicCardAssets } from '../public-page/assets.ts';
import type { PageAssets } from '../public-page/render.ts';
import {
  FRESH_PAGE_CACHE_CONTROL,
  PAGE_CACHE_CONTROL,
  etagOf,
  matches,
  pageSecurityHeaders,
  type PublicPageSettings,
} from '../public-page/routes.ts';
import { preferredEncoding, storedBody, bytesFor, type StoredBody } from '../public-page/stored-body.ts';
import { parseCardId } from '@kartvizit/schemas/card/rules';
import { productPath } from '../public-page/catalogue.ts';
import { loadProductPage, type ProductPageRow } from './load.ts';
import { renderProductPage, renderProductUnavailable } from './render.ts';
import { toProductPageView } from './view.ts';
// Product ids are UUIDs drawn by command-api; anything else is no product.
import { UUID_PATTERN as UUID } from '@kartvizit/schemas/ids';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The card a product link came from (`?card=VC-…`, decision 47), in the card id's shape, or null. Only a shape check:
 * `loadProductPage` takes it only when it is one of the product owner's shown cards, else the page falls back to the
 * owner's first card as without it.
 */
function cameFrom(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const parsed = parseCardId(raw);
  return parsed.ok ? parsed.cardId : null;
}

/**
 * GET /product/{id}: the public product page, server-rendered (docs/decisions/0023-public-catalogue.md). Read through
 * SHOWN_PRODUCTS on every request (one indexed query), so an edit, a deactivation or a deletion shows on the next
 * one; the ETag is the page's hash, so a revalidation that finds the same page is a 304 (the page differs per card it
 * came from, `?card=`, and so does its ETag; the URL with its query is what caches key on). Not kept in memory as the card
 * page is: a product page is opened from the card, far less often than the card itself.
 */
export function productPageRoutes(context: QueryContext, settings: PublicPageSettings) {
  const assets = new PublicCardAssets(settings.webDistDir, undefined, PRODUCT_PAGE_ENTRY);
  const securityHeaders = pageSecurityHeaders(context.map.tileUrl);
  // The unavailable pages depend only on the build: kept per stylesheet and script.
  const unavailable = new Map<string, Promise<StoredBody>>();

  function unavailablePage(kind: 'not-found' | 'error', pageAssets: PageAssets): Promise<StoredBody> {
    const key = `${kind}:${pageAssets.css.length}:${pageAssets.scriptUrl ?? ''}`;
    let page = unavailable.get(key);
    if (page === undefined) {
      page = storedBody(renderProductUnavailable(kind, pageAssets));
      if (unavailable.size > 8) unavailable.clear();
      unavailable.set(key, page);
      page.catch(() => unavailable.delete(key));
    }
    return page;
  }

  function html(reply: FastifyReply, status: number): FastifyReply {
    return reply.code(status).header('content-type', 'text/html; charset=utf-8').header('vary', 'Accept-Encoding');
  }

  async function sendUnavailable(
    request: FastifyRequest,
    reply: FastifyReply,
    kind: 'not-found' | 'error',
  ): Promise<FastifyReply> {
    if (kind === 'error') reply.header('retry-after', '5');
    reply.header('cache-control', 'no-store');
    const body = await unavailablePage(kind, assets.current());
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    return html(reply, kind === 'not-found' ? 404 : 503).send(bytesFor(body, encoding));
  }

  /** Compressed for this answer only, at a level that costs about a millisecond. */
  async function sendPage(request: FastifyRequest, reply: FastifyReply, text: string): Promise<FastifyReply> {
    const bytes = Buffer.from(text, 'utf8');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    html(reply, 200);
    if (encoding === 'br') {
      const compressed = await brotliAsync(bytes, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT },
      });
      return reply.header('content-encoding', 'br').send(compressed);
    }
    if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(await gzipAsync(bytes, { level: 6 }));
    return reply.send(bytes);
  }

  return async function routes(app: FastifyInstance): Promise<void> {
    app.get<{ Params: { id: string }; Querystring: { card?: unknown } }>(
      '/product/:id',
      {
        schema: { hide: true },
        config: { projections: SHOWN_PRODUCT_PROJECTIONS, positionQuery: 'v', securityHeaders },
      },
      async (request, reply) => {
        const raw = request.params.id;
        const id = raw.trim().toLowerCase();
        if (!UUID.test(id)) return sendUnavailable(request, reply, 'not-found');
        const fromCard = cameFrom(request.query.card);
        if (id !== raw) {
          const location = fromCard ? productPath(id, fromCard) : `/product/${id}`;
          return reply.code(301).header('location', location).header('cache-control', 'public, max-age=86400').send();
        }
        let row: ProductPageRow | undefined;
        try {
          row = await loadProductPage(context.pool, id, fromCard);
        } catch (error) {
          request.log.error({ err: error }, 'product page could not be read');
          return sendUnavailable(request, reply, 'error');
        }
        if (!row) return sendUnavailable(request, reply, 'not-found');
        const view = toProductPageView({
          productId: row.productId,
          data: row.data,
          cardId: row.cardId,
          cameFromCard: row.cameFromCard,
          profile: row.profile,
          publicBaseUrl: settings.publicBaseUrl,
        });
        const text = renderProductPage(view, assets.current());
        const etag = etagOf(text);
        const position = requestedPosition(request);
        const fresh = position !== undefined && isCheckpoint(position);
        reply.header('etag', etag).header('cache-control', fresh ? FRESH_PAGE_CACHE_CONTROL : PAGE_CACHE_CONTROL);
        if (matches(request.headers['if-none-match'], etag))
          return reply.code(304).header('vary', 'Accept-Encoding').send();
        return sendPage(request, reply, text);
      },
    );
  };
}
