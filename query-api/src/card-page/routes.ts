import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CardParams,
  DEMO_CARD_ID,
  ErrorResponse,
  MESSAGES,
  isDemoOwner,
  notFoundError,
  parseCardId,
} from '@kartvizit/schemas';
import { FormTokenResponse } from '@kartvizit/schemas/lead/http';
import { deriveKey } from '@kartvizit/infra/config/secrets';
import { isCheckpoint } from '@kartvizit/infra/event-store/checkpoint';
import { FORM_TOKEN_MIN_AGE_MS, issueFormToken } from '@kartvizit/infra/forms/form-token';
import type { SignalBus } from '@kartvizit/infra/signals/types';
import type { SecurityHeaderOverrides } from '@kartvizit/infra/http/security-headers';
import { succeeded } from '@kartvizit/infra/http/answers';
import { requestedPosition, type QueryContext } from '../core/context.ts';
import { QrRenderer } from '../card/qr.ts';
import { EntryAssets } from '../html/assets.ts';
import {
  LANGUAGE_VARY,
  PLAIN_VARY,
  UnavailablePages,
  answeredNotModified,
  pageSecurityHeaders,
  sendStoredBody,
  type UnavailableKind,
} from '../html/answer.ts';
import { PageCache } from '../html/page-cache.ts';
import { StoredPages, type RenderedPage } from '../html/stored-pages.ts';
import { CARD_PAGE_PROJECTIONS, loadCardPage, loadPageMarks, type CardPageProjection } from './load.ts';
import { renderCardPage, renderUnavailablePage } from './render.ts';
import { cardLanguages, toCardPageView } from './view.ts';
import { pageLanguage } from '../language/negotiate.ts';
import {
  DEFAULT_LANGUAGE,
  PUBLIC_LANGUAGES,
  isPublicLanguage,
  type PublicLanguage,
} from '@kartvizit/schemas/language/model';
import { catalogueWebpKeys } from './catalogue.ts';
import { PersonalAddresses, type HeldAddress } from './personal-address.ts';
import { foldPersonalAddress, personalAddressProblem } from '@kartvizit/schemas/share/rules';
import { PERSONAL_ADDRESS_PATTERN } from '@kartvizit/schemas/share/model';
import { SHARE_SETTINGS_PROJECTION } from '@kartvizit/infra/read-models/contract';

/** The Vite entry of the card page's script (web/vite.config.ts); its key in the manifest. */
const CARD_PAGE_ENTRY = 'src/public-card/main.ts';

export interface CardPageSettings {
  /** Origin of shared links: canonical URL, Open Graph URLs and the QR code. */
  readonly publicBaseUrl: string;
  readonly appSecret: Buffer;
  /** The built web app (its manifest names the page's script and stylesheet). */
  readonly webDistDir?: string;
  readonly signals?: SignalBus;
}

const CACHE_ENTRIES = 500;

/** A stored card page's key: the card and the language it is shown in. */
function pageKey(cardId: string, language: PublicLanguage): string {
  return `${cardId}|${language}`;
}

function pageKeyParts(key: string): { cardId: string; language: PublicLanguage } {
  const [cardId = '', language] = key.split('|');
  return { cardId, language: isPublicLanguage(language) ? language : DEFAULT_LANGUAGE };
}
const MARKS_POLL_MS = 1000;

/** The contact file of a card (query-api/src/contact-file). */
export function contactFileUrl(cardId: string): string {
  return `/api/profile/card/${cardId}/contact.vcf`;
}

/**
 * GET /p/{cardId}: the public card page, rendered here as complete HTML (docs/decisions/0008), the same bytes for
 * every visitor: rendered and compressed once per card version, then served from memory (docs/decisions/0020). The
 * lead form's token is fetched by the page's script when the dialog opens (GET …/form-token). Registered as an
 * explicit route, so it wins over the web app's fallback.
 */
export function cardPageRoutes(context: QueryContext, settings: CardPageSettings) {
  const assets = new EntryAssets(settings.webDistDir, CARD_PAGE_ENTRY);
  const qr = new QrRenderer();
  const formTokenKey = deriveKey(settings.appSecret, 'form-tokens');
  // The owner's meeting tools open the OAuth popup from this page, which must keep its handle on it (issue 15).
  const securityHeaders: SecurityHeaderOverrides = {
    ...pageSecurityHeaders(context.map.tileUrl),
    crossOriginOpenerPolicy: 'same-origin-allow-popups',
  };
  const cache = new PageCache<RenderedPage, CardPageProjection>({
    projections: CARD_PAGE_PROJECTIONS,
    maxEntries: CACHE_ENTRIES,
    pollMs: MARKS_POLL_MS,
    readMarks: () => loadPageMarks(context.pool),
    signals: settings.signals,
  });
  const unavailable = new UnavailablePages(renderUnavailablePage, PUBLIC_LANGUAGES);

  const sendUnavailable = (request: FastifyRequest, reply: FastifyReply, kind: UnavailableKind) =>
    unavailable.send(request, reply, kind, assets.current());

  /**
   * Which of these files exist: images uploaded before the WebP variant was made have none, and a <picture> whose
   * source is missing shows nothing rather than falling back. Once per rendering (a card version), not per request.
   */
  async function existingBlobs(keys: readonly string[]): Promise<ReadonlySet<string>> {
    const blobs = context.blobs;
    if (!blobs || keys.length === 0) return new Set();
    const found = await Promise.all(
      keys.map(async (key) => {
        const object = await blobs.get(key).catch(() => null);
        object?.body.destroy();
        return object ? key : null;
      }),
    );
    return new Set(found.filter((key): key is string => key !== null));
  }

  // One stored page per card and language (issue 31): `{cardId}|{language}`.
  const pages = new StoredPages(cache, async (key, pageAssets) => {
    const { cardId, language } = pageKeyParts(key);
    const row = await loadCardPage(context.pool, cardId);
    if (!row) return null;
    return {
      dataHash: row.dataHash,
      marks: row.marks,
      languages: cardLanguages(row.data),
      async render() {
        const view = toCardPageView({
          cardId,
          language,
          ownerId: row.ownerId,
          data: row.data,
          products: row.products,
          webp: await existingBlobs(catalogueWebpKeys(row.products)),
          remsActive: row.remsActive,
          office: row.office,
          publicBaseUrl: settings.publicBaseUrl,
          vcardUrl: contactFileUrl(cardId),
        });
        return renderCardPage(view, await qr.svg(view.canonicalUrl), pageAssets, {
          sample: isDemoOwner(row.ownerId),
          vitalsSampleRate: context.webVitalsSampleRate,
        });
      },
    };
  });

  /**
   * The page, or a 304 when the browser (or CDN) holds these very bytes. `negotiated`: the plain address of a card in
   * several languages, whose answer depends on the browser's language (decision 62).
   */
  function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    page: RenderedPage,
    fresh: boolean,
    language: PublicLanguage,
    negotiated: boolean,
  ): FastifyReply {
    const vary = negotiated ? LANGUAGE_VARY : PLAIN_VARY;
    if ((page.languages?.length ?? 1) > 1) reply.header('content-language', language);
    if (answeredNotModified(request, reply, page.etag, fresh, vary)) return reply;
    return sendStoredBody(request, reply, 200, page.body, vary);
  }

  /** Which language this request reads the card in, from its Turkish page (which knows the owner's languages). */
  function chosen(request: FastifyRequest, turkish: RenderedPage): { language: PublicLanguage; negotiated: boolean } {
    const offered = (turkish.languages ?? [DEFAULT_LANGUAGE]).filter(isPublicLanguage);
    const requested = (request.query as { lang?: unknown } | undefined)?.lang;
    const language = pageLanguage(requested, request.headers['accept-language'], offered);
    return { language, negotiated: offered.length > 1 && !isPublicLanguage(requested) };
  }

  return async function routes(app: FastifyInstance): Promise<void> {
    cache.start();
    app.addHook('onClose', async () => cache.stop());

    const canonicalRedirect = (reply: FastifyReply, cardId: string) =>
      reply.code(301).header('location', `/p/${cardId}`).header('cache-control', 'public, max-age=86400').send();

    /**
     * The card's page for this request: from memory when current (the common case, without a promise), else read and
     * rendered once per card version and language. `/p/{cardId}` and a personal address `/k/{slug}` both answer it.
     */
    const servePage = (request: FastifyRequest, reply: FastifyReply, cardId: string) => {
      // Read-your-writes (x-min-position or ?v=): the read models were awaited; the page is read for this request.
      const position = requestedPosition(request);
      const fresh = position !== undefined && isCheckpoint(position);
      const turkishInMemory = fresh ? undefined : cache.peek(pageKey(cardId, DEFAULT_LANGUAGE));
      if (turkishInMemory) {
        const { language, negotiated } = chosen(request, turkishInMemory);
        const inMemory = language === DEFAULT_LANGUAGE ? turkishInMemory : cache.peek(pageKey(cardId, language));
        if (inMemory) {
          // Sent here and now; a sync handler that returns nothing leaves Fastify nothing to wait for.
          answer(request, reply, inMemory, false, language, negotiated);
          return undefined;
        }
      }
      return (async () => {
        try {
          const turkish = await pages.page(pageKey(cardId, DEFAULT_LANGUAGE), fresh, assets.current());
          if (!turkish) return sendUnavailable(request, reply, 'not-found');
          const { language, negotiated } = chosen(request, turkish);
          const page =
            language === DEFAULT_LANGUAGE
              ? turkish
              : await pages.page(pageKey(cardId, language), fresh, assets.current());
          if (!page) return sendUnavailable(request, reply, 'not-found');
          return answer(request, reply, page, fresh, language, negotiated);
        } catch (error) {
          request.log.error({ err: error }, 'public card page could not be rendered');
          return sendUnavailable(request, reply, 'error');
        }
      })();
    };

    app.get<{ Params: { cardId: string } }>(
      '/p/:cardId',
      {
        schema: { hide: true },
        // The dashboard's 'Kartı Görüntüle' carries the owner's last write position as ?v=.
        config: { projections: CARD_PAGE_PROJECTIONS, positionQuery: 'v', securityHeaders },
      },
      // Not an async function: a page already in memory and current is answered without a promise or a turn of the
      // event loop (the common case: most requests are repeat visits and revalidations).
      (request, reply) => {
        const raw = request.params.cardId;
        const parsed = parseCardId(raw);
        if (!parsed.ok) return sendUnavailable(request, reply, 'not-found');
        if (parsed.cardId !== raw) return canonicalRedirect(reply, parsed.cardId);
        return servePage(request, reply, parsed.cardId);
      },
    );

    app.get<{ Params: CardParams }>(
      '/api/profile/card/:cardId/form-token',
      {
        schema: {
          tags: ['public'],
          summary: "'Bilgilerini Paylaş' formu için tek kullanımlık belirteç",
          params: CardParams,
          response: { 200: FormTokenResponse, 404: ErrorResponse },
        },
        config: { projections: CARD_PAGE_PROJECTIONS },
      },
      async (request, reply) => {
        const parsed = parseCardId(request.params.cardId);
        const page = parsed.ok
          ? await pages.page(pageKey(parsed.cardId, DEFAULT_LANGUAGE), false, assets.current())
          : null;
        // The sample card has no form: nothing to send with.
        if (!parsed.ok || !page || parsed.cardId === DEMO_CARD_ID)
          throw notFoundError(MESSAGES.cardPublicProfileNotFound);
        reply.header('cache-control', 'no-store');
        return succeeded({
          token: issueFormToken(formTokenKey, parsed.cardId, new Date()),
          minAgeMs: FORM_TOKEN_MIN_AGE_MS,
        });
      },
    );

    // The landing page's 'Demoyu İncele' and an address people type: the sample card itself.
    app.get('/demo', { schema: { hide: true } }, async (_request, reply) =>
      reply.code(302).header('location', `/p/${DEMO_CARD_ID}`).header('cache-control', 'no-cache').send(),
    );

    // A personal address (issue 32): the owner's chosen card's page itself, at no extra round trip; an address the
    // owner left less than 30 days ago sends the visitor on (302: it will be free for someone else later).
    const addresses = new PersonalAddresses(context.pool);
    const sendAddress = (request: FastifyRequest, reply: FastifyReply, held: HeldAddress) =>
      held.redirectTo !== null
        ? reply.code(302).header('location', held.redirectTo).header('cache-control', 'no-cache').send()
        : servePage(request, reply, held.cardId);

    app.get<{ Params: { slug: string } }>(
      '/k/:slug',
      {
        schema: { hide: true },
        config: {
          projections: [...CARD_PAGE_PROJECTIONS, SHARE_SETTINGS_PROJECTION],
          positionQuery: 'v',
          securityHeaders,
        },
      },
      // Not an async function when the address was looked up a moment ago: then it costs what /p/{cardId} costs.
      (request, reply) => {
        const raw = request.params.slug;
        // Already in its one spelling (nearly every request): no folding, which asks ICU for Turkish lower case.
        const slug = PERSONAL_ADDRESS_PATTERN.test(raw) ? raw : foldPersonalAddress(raw);
        if (personalAddressProblem(slug) !== null) return sendUnavailable(request, reply, 'not-found');
        if (slug !== raw)
          return reply
            .code(301)
            .header('location', `/k/${slug}`)
            .header('cache-control', 'public, max-age=86400')
            .send();
        const position = requestedPosition(request);
        const remembered = position === undefined ? addresses.peek(slug) : undefined;
        if (remembered) return sendAddress(request, reply, remembered);
        return (async () => {
          const held = await addresses.read(slug);
          if (!held) return sendUnavailable(request, reply, 'not-found');
          return sendAddress(request, reply, held);
        })();
      },
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
