import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { DEMO_OWNER_ID } from '@kartvizit/schemas/demo/model';
import { sendNotFound } from '@kartvizit/infra/http/error-handler';
import { SHOWN_CARDS } from '@kartvizit/infra/read-models/contract';
import type { QueryContext } from '../core/context.ts';
import { isMissingRelation } from '../core/sql.ts';
import { CARD_PAGE_PROJECTIONS } from './load.ts';
import { PUBLIC_LANGUAGES, languagesOf } from '@kartvizit/schemas/language/model';
import { readProfileTranslations } from '@kartvizit/schemas/profile/read';
import { languageUrl } from '../language/negotiate.ts';

/**
 * GET /sitemap.xml and /robots.txt (docs/decisions/0019): the card pages of owners who chose to be
 * findable, and where crawlers find that list. Read from the read models only, through the same
 * "card is shown" clause as the card page, so a listed address never answers 404.
 */

export interface SitemapSettings {
  /** Origin of every address in the sitemap and robots.txt (PUBLIC_BASE_URL). */
  readonly publicBaseUrl: string;
  /** Cards per sitemap file (each one address per language); within the protocol's limit unless a test wants the index. */
  readonly urlsPerSitemap?: number;
}

/** sitemaps.org: at most 50,000 URLs (and 50 MB) in one file; more go into files named by an index. */
export const SITEMAP_URL_LIMIT = 50_000;
/** Rows read per query while a file is written: memory stays flat however long the file. */
const BATCH_ROWS = 2_000;
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
/** Language alternates of a URL (`<xhtml:link rel="alternate" hreflang>`), as Google reads them in a sitemap. */
const XHTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const XML_TYPE = 'application/xml; charset=utf-8';
// Crawlers come back for it now and then; an hour keeps a busy proxy from asking on every hit.
const SITEMAP_CACHE_CONTROL = 'public, max-age=3600';
const PAGE_FILE = /^cards-([1-9][0-9]{0,8})\.xml$/;

/** Shown, the owner chose to be findable, not the sample card (whose owner never signs in). */
const LISTED_CARDS = `${SHOWN_CARDS} AND p.searchable AND c.owner_id <> $1`;

const XML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

function xmlText(value: string): string {
  return value.replace(/[&<>"']/g, (character) => XML_ESCAPES[character] ?? '');
}

/** W3C Datetime to the second ('2026-11-22T10:00:00Z'). */
function w3cDate(value: Date): string {
  return value.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** "Not built yet": the first generation, or (during the upgrade to version 2) the column. */
function notBuiltYet(error: unknown): boolean {
  return (
    isMissingRelation(error) ||
    (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '42703')
  );
}

interface ListedRow {
  readonly card_id: string;
  readonly updated_at: Date;
  /** The profile's translations: which languages the card has an address in. */
  readonly translations: unknown;
}

export function sitemapRoutes(context: QueryContext, settings: SitemapSettings) {
  const { pool } = context;
  // Cards per file: a card lists one address per language its owner writes in (at most five), so a file of
  // SITEMAP_URL_LIMIT / 5 cards never holds more addresses than the protocol allows.
  const perFile = settings.urlsPerSitemap ?? SITEMAP_URL_LIMIT / PUBLIC_LANGUAGES.length;
  const origin = settings.publicBaseUrl;

  async function countListed(): Promise<number> {
    try {
      const result = await pool.query<{ n: number }>(`SELECT count(*)::int AS n ${LISTED_CARDS}`, [DEMO_OWNER_ID]);
      return result.rows[0]?.n ?? 0;
    } catch (error) {
      if (notBuiltYet(error)) return 0;
      throw error;
    }
  }

  /** The card id just before file `page` (1-based) begins, '' for the first file. */
  async function cardIdBefore(page: number): Promise<string> {
    if (page === 1) return '';
    const result = await pool.query<{ card_id: string }>(
      `SELECT c.card_id ${LISTED_CARDS} ORDER BY c.card_id OFFSET $2 LIMIT 1`,
      [DEMO_OWNER_ID, (page - 1) * perFile - 1],
    );
    return result.rows[0]?.card_id ?? '';
  }

  /**
   * A card's entries: its address; for an owner who writes in other languages (issue 31), one entry per language's
   * address, each naming every language's (and the plain, negotiating address as x-default), as search engines ask.
   */
  function urlEntries(row: ListedRow): string {
    const card = `${origin}/p/${encodeURIComponent(row.card_id)}`;
    const lastmod = `<lastmod>${w3cDate(row.updated_at)}</lastmod>`;
    const languages = languagesOf(readProfileTranslations(row.translations));
    if (languages.length <= 1) return `<url><loc>${xmlText(card)}</loc>${lastmod}</url>\n`;
    const alternates = [
      ...languages.map(
        (language) =>
          `<xhtml:link rel="alternate" hreflang="${language}" href="${xmlText(languageUrl(card, language, languages))}"/>`,
      ),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${xmlText(card)}"/>`,
    ].join('');
    return languages
      .map((language) => `<url><loc>${xmlText(languageUrl(card, language, languages))}</loc>${lastmod}${alternates}</url>\n`)
      .join('');
  }

  /** One file's <url> entries, read in keyset batches in card id order. */
  async function* urlset(page: number): AsyncGenerator<string> {
    yield `${XML_DECLARATION}<urlset xmlns="${NAMESPACE}" xmlns:xhtml="${XHTML_NAMESPACE}">\n`;
    let after = await cardIdBefore(page);
    let left = perFile;
    while (left > 0) {
      const limit = Math.min(BATCH_ROWS, left);
      let rows: ListedRow[];
      try {
        const result = await pool.query<ListedRow>(
          `SELECT c.card_id, p.updated_at, p.data->'translations' AS translations ${LISTED_CARDS}
             AND c.card_id > $2 ORDER BY c.card_id LIMIT $3`,
          [DEMO_OWNER_ID, after, limit],
        );
        rows = result.rows;
      } catch (error) {
        if (notBuiltYet(error)) break;
        throw error;
      }
      // The profile's last change is when the page's content last changed.
      yield rows.map((row) => urlEntries(row)).join('');
      if (rows.length < limit) break;
      after = rows[rows.length - 1]?.card_id ?? after;
      left -= rows.length;
    }
    yield '</urlset>\n';
  }

  function sitemapIndex(files: number): string {
    const entries = Array.from(
      { length: files },
      (_unused, index) => `<sitemap><loc>${xmlText(`${origin}/sitemaps/cards-${index + 1}.xml`)}</loc></sitemap>\n`,
    );
    return `${XML_DECLARATION}<sitemapindex xmlns="${NAMESPACE}">\n${entries.join('')}</sitemapindex>\n`;
  }

  return async function routes(app: FastifyInstance): Promise<void> {
    // Read-your-writes as for the card page: with x-min-position the read models are awaited.
    const config = { projections: CARD_PAGE_PROJECTIONS };

    app.get('/sitemap.xml', { schema: { hide: true }, config }, async (_request, reply) => {
      const listed = await countListed();
      reply.header('content-type', XML_TYPE).header('cache-control', SITEMAP_CACHE_CONTROL);
      // One file while the protocol allows it; beyond that this address becomes the index.
      if (listed > perFile) return reply.send(sitemapIndex(Math.ceil(listed / perFile)));
      return reply.send(Readable.from(urlset(1)));
    });

    app.get<{ Params: { file: string } }>(
      '/sitemaps/:file',
      { schema: { hide: true }, config },
      async (request, reply) => {
        const page = Number(PAGE_FILE.exec(request.params.file)?.[1] ?? 0);
        if (page === 0 || (page - 1) * perFile >= (await countListed())) return sendNotFound(reply);
        reply.header('content-type', XML_TYPE).header('cache-control', SITEMAP_CACHE_CONTROL);
        return reply.send(Readable.from(urlset(page)));
      },
    );

    // The one robots.txt (the web app has none): every page may be crawled, so a crawler sees a
    // card's noindex; the API may not (the contact file carries phone and e-mail for everyone).
    const robots = ['User-agent: *', 'Disallow: /api/', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
    app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .send(robots),
    );
  };
}
