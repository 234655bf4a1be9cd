import type { FastifyInstance } from 'fastify';
import { PUBLIC_LANGUAGES, isPublicLanguage } from '@kartvizit/schemas/language/model';
import { isCheckpoint } from '@kartvizit/infra/event-store/checkpoint';
import { SHOWN_PRODUCT_PROJECTIONS } from '@kartvizit/infra/read-models/contract';
import { parseCardId } from '@kartvizit/schemas/card/rules';
import { requestedPosition, type QueryContext } from '../core/context.ts';
import { EntryAssets } from '../html/assets.ts';
import {
  LANGUAGE_VARY,
  UnavailablePages,
  answeredNotModified,
  etagOf,
  pageSecurityHeaders,
  sendFreshlyCompressed,
} from '../html/answer.ts';
import { productPath } from '../html/product.ts';
import { listingKeyFacts, listingPath, listingPlace, listingPrice } from '../html/listing.ts';
import { readStoredProduct } from '@kartvizit/schemas/product/read';
import { LISTING_WORDS } from '../language/listing-words.ts';
import { listingImagePng } from './og-image.ts';
import { listingImageVersion } from './listing-view.ts';
import { loadProductPage, type ProductPageRow } from './load.ts';
import { renderProductPage, renderProductUnavailable } from './render.ts';
import { toProductPageView } from './view.ts';
// Product ids are UUIDs drawn by command-api; anything else is no product.
import { UUID_PATTERN as UUID } from '@kartvizit/schemas/ids';

/** The product page's script (/product/{id}); its stylesheet starts with the card page's. */
const PRODUCT_PAGE_ENTRY = 'src/product-page/main.ts';

export interface ProductPageSettings {
  /** Origin of shared links: canonical URL and Open Graph URLs. */
  readonly publicBaseUrl: string;
  /** The built web app (its manifest names the page's script and stylesheet). */
  readonly webDistDir?: string;
}

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
export function productPageRoutes(context: QueryContext, settings: ProductPageSettings) {
  const assets = new EntryAssets(settings.webDistDir, PRODUCT_PAGE_ENTRY);
  const securityHeaders = pageSecurityHeaders(context.map.tileUrl);
  const unavailable = new UnavailablePages(renderProductUnavailable, PUBLIC_LANGUAGES);

  return async function routes(app: FastifyInstance): Promise<void> {
    // A product at /product/{id}, a listing at /ilan/{id} (issue 33): each address of the other kind moves for good.
    for (const kind of ['product', 'listing'] as const) {
    app.get<{ Params: { id: string }; Querystring: { card?: unknown; lang?: unknown } }>(
      kind === 'product' ? '/product/:id' : '/ilan/:id',
      {
        schema: { hide: true },
        config: { projections: SHOWN_PRODUCT_PROJECTIONS, positionQuery: 'v', securityHeaders },
      },
      async (request, reply) => {
        const raw = request.params.id;
        const id = raw.trim().toLowerCase();
        if (!UUID.test(id)) return unavailable.send(request, reply, 'not-found', assets.current());
        const fromCard = cameFrom(request.query.card);
        const lang = isPublicLanguage(request.query.lang) ? request.query.lang : null;
        const moved = (path: string) =>
          reply.code(301).header('location', path).header('cache-control', 'public, max-age=86400').send();
        if (id !== raw) return moved((kind === 'product' ? productPath : listingPath)(id, fromCard, lang));
        let row: ProductPageRow | undefined;
        try {
          row = await loadProductPage(context.pool, id, fromCard);
        } catch (error) {
          request.log.error({ err: error }, 'product page could not be read');
          return unavailable.send(request, reply, 'error', assets.current());
        }
        if (!row) return unavailable.send(request, reply, 'not-found', assets.current());
        const isListing = readStoredProduct(row.data).kind === 'listing';
        if (isListing && kind === 'product') return moved(listingPath(id, fromCard, lang));
        if (!isListing && kind === 'listing') return moved(productPath(id, fromCard, lang));
        const view = toProductPageView({
          productId: row.productId,
          data: row.data,
          cardId: row.cardId,
          cameFromCard: row.cameFromCard,
          remsActive: row.remsActive,
          profile: row.profile,
          publicBaseUrl: settings.publicBaseUrl,
          requestedLanguage: request.query.lang,
          acceptLanguage: request.headers['accept-language'],
        });
        const text = renderProductPage(view, assets.current());
        // The plain address of a product in several languages chooses by the browser's (decision 62).
        if (view.alternates.length > 0) reply.header('content-language', view.language);
        const etag = etagOf(text);
        const position = requestedPosition(request);
        const fresh = position !== undefined && isCheckpoint(position);
        const vary = view.alternates.length > 0 && !isPublicLanguage(request.query.lang) ? LANGUAGE_VARY : undefined;
        if (answeredNotModified(request, reply, etag, fresh, vary)) return reply;
        return sendFreshlyCompressed(request, reply, text, vary);
      },
    );
    }

    /**
     * A listing's Open Graph image (issue 33). The page names it with a version of what it shows (`?v=`): that address
     * is cached for good; any other (an old share's) is answered fresh, briefly cacheable.
     */
    app.get<{ Params: { id: string }; Querystring: { v?: unknown } }>(
      '/ilan/:id/og.png',
      { schema: { hide: true }, config: { projections: SHOWN_PRODUCT_PROJECTIONS } },
      async (request, reply) => {
        const id = request.params.id.trim().toLowerCase();
        const row = UUID.test(id) ? await loadProductPage(context.pool, id).catch(() => undefined) : undefined;
        const product = row ? readStoredProduct(row.data) : null;
        if (!product?.listing) return reply.code(404).type('text/plain; charset=utf-8').send('İlan bulunamadı');
        const words = LISTING_WORDS.tr;
        const price = listingPrice(product, words, 'tr-TR');
        const place = listingPlace(product.listing);
        const image = product.images[0] ?? null;
        const version = listingImageVersion(product, image);
        const png = await listingImagePng(context.blobs, image, {
          price,
          facts: listingKeyFacts(product.listing, 'tr-TR'),
          place,
          kind: `${words.purposes[product.listing.purpose]} · ${words.types[product.listing.propertyType]}`,
        });
        const current = request.query.v === version;
        return reply
          .type('image/png')
          .header('cache-control', current ? 'public, max-age=31536000, immutable' : 'public, max-age=300')
          .header('etag', `"${version}"`)
          .send(png);
      },
    );
  };
}
