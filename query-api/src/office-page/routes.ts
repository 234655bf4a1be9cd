import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normaliseSlug, officeSlugProblem } from '@kartvizit/schemas/office/rules';
import { isCheckpoint } from '@kartvizit/infra/event-store/checkpoint';
import type { SignalBus } from '@kartvizit/infra/signals/types';
import { requestedPosition, type QueryContext } from '../core/context.ts';
import { EntryAssets } from '../html/assets.ts';
import {
  UnavailablePages,
  answeredNotModified,
  pageSecurityHeaders,
  sendStoredBody,
  type UnavailableKind,
} from '../html/answer.ts';
import { PageCache } from '../html/page-cache.ts';
import { StoredPages, type RenderedPage } from '../html/stored-pages.ts';
import { OFFICE_PAGE_PROJECTIONS, loadOfficePage, loadOfficePageMarks, type OfficePageProjection } from './load.ts';
import { renderOfficePage, renderOfficeUnavailable } from './render.ts';
import { toOfficePageView } from './view.ts';

/** The office page's script (web/vite.config.ts): the on-demand map. Its stylesheet starts with the card page's. */
const OFFICE_PAGE_ENTRY = 'src/office-page/main.ts';

export interface OfficePageSettings {
  /** Origin of shared links: canonical URL and Open Graph URLs. */
  readonly publicBaseUrl: string;
  /** The built web app (its manifest names the page's script and stylesheet). */
  readonly webDistDir?: string;
  readonly signals?: SignalBus;
}


// Far fewer offices than cards are visited.
const CACHE_ENTRIES = 200;
const MARKS_POLL_MS = 1000;

/**
 * GET /o/{slug}: the office's public page (issue 30), server-rendered like the card page and kept the same way: rendered
 * and compressed once per version of its data (the office, its members' shown office cards and their profiles), served
 * from memory while the offices, cards and profiles projections stand where they stood when it was read (PageCache),
 * with its ETag for a 304. Slugs are lower-case: another case is redirected to it.
 */
export function officePageRoutes(context: QueryContext, settings: OfficePageSettings) {
  const assets = new EntryAssets(settings.webDistDir, OFFICE_PAGE_ENTRY);
  const securityHeaders = pageSecurityHeaders(context.map.tileUrl);
  const cache = new PageCache<RenderedPage, OfficePageProjection>({
    projections: OFFICE_PAGE_PROJECTIONS,
    maxEntries: CACHE_ENTRIES,
    pollMs: MARKS_POLL_MS,
    readMarks: () => loadOfficePageMarks(context.pool),
    signals: settings.signals,
  });
  const unavailable = new UnavailablePages(renderOfficeUnavailable);

  const sendUnavailable = (request: FastifyRequest, reply: FastifyReply, kind: UnavailableKind) =>
    unavailable.send(request, reply, kind, assets.current());

  const pages = new StoredPages(cache, async (slug, pageAssets) => {
    const row = await loadOfficePage(context.pool, slug);
    const view = row
      ? toOfficePageView({ office: row.office, team: row.team, publicBaseUrl: settings.publicBaseUrl })
      : null;
    if (!row || !view) return null;
    return { dataHash: row.dataHash, marks: row.marks, render: () => renderOfficePage(view, pageAssets) };
  });

  function answer(request: FastifyRequest, reply: FastifyReply, page: RenderedPage, fresh: boolean): FastifyReply {
    if (answeredNotModified(request, reply, page.etag, fresh)) return reply;
    return sendStoredBody(request, reply, 200, page.body);
  }

  const canonicalRedirect = (reply: FastifyReply, slug: string) =>
    reply.code(301).header('location', `/o/${slug}`).header('cache-control', 'public, max-age=86400').send();

  return async function routes(app: FastifyInstance): Promise<void> {
    cache.start();
    app.addHook('onClose', async () => cache.stop());

    app.get<{ Params: { slug: string } }>(
      '/o/:slug',
      {
        schema: { hide: true },
        // The office screens' 'Sayfayı Görüntüle' may carry the admin's last write position as ?v=.
        config: { projections: OFFICE_PAGE_PROJECTIONS, positionQuery: 'v', securityHeaders },
      },
      // Not an async function: a page in memory and current is answered without a promise (as the card page).
      (request, reply) => {
        const raw = request.params.slug;
        const slug = normaliseSlug(raw);
        if (officeSlugProblem(slug)) return sendUnavailable(request, reply, 'not-found');
        if (slug !== raw) return canonicalRedirect(reply, slug);
        const position = requestedPosition(request);
        const fresh = position !== undefined && isCheckpoint(position);
        const inMemory = fresh ? undefined : cache.peek(slug);
        if (inMemory) {
          answer(request, reply, inMemory, false);
          return undefined;
        }
        return (async () => {
          let page: RenderedPage | null;
          try {
            page = await pages.page(slug, fresh, assets.current());
          } catch (error) {
            request.log.error({ err: error }, 'office page could not be rendered');
            return sendUnavailable(request, reply, 'error');
          }
          if (!page) return sendUnavailable(request, reply, 'not-found');
          return answer(request, reply, page, fresh);
        })();
      },
    );

    app.get<{ Params: { slug: string } }>(
      '/o/:slug/',
      { schema: { hide: true }, config: { securityHeaders } },
      async (request, reply) => {
        const slug = normaliseSlug(request.params.slug);
        if (officeSlugProblem(slug)) return sendUnavailable(request, reply, 'not-found');
        return canonicalRedirect(reply, slug);
      },
    );
  };
}
