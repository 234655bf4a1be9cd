import { createHash } from 'node:crypto';
import type { PageAssets } from './assets.ts';
import { etagOf } from './answer.ts';
import type { Marks, PageCache } from './page-cache.ts';
import { storedBody, type StoredBody } from './stored-body.ts';

/** A page as it goes out: compressed once when rendered, served from memory on every request. */
export interface RenderedPage {
  readonly body: StoredBody;
  readonly etag: string;
  /** The languages the page is offered in (the card page, issue 31); absent: one. */
  readonly languages?: readonly string[];
}

/** What a page is made of now: its data's hash, the read models' marks it was read at, and how to render it. */
export interface PageVersion<P extends string> {
  readonly dataHash: string;
  readonly marks: Marks<P>;
  /** The languages this version is offered in: kept with the rendered page. */
  readonly languages?: readonly string[];
  render(): Promise<string> | string;
}

/**
 * Pages rendered once per version and kept in a `PageCache` (the card page and the office page, decisions 20 and 61):
 * a version whose data, script and stylesheet are the same as the kept one reuses its bytes; the requests that arrive
 * while a page renders wait for that rendering; a read-your-writes request reads for itself.
 */
export class StoredPages<P extends string> {
  /** Pages being rendered: requests that arrive meanwhile wait for the same rendering. */
  private readonly rendering = new Map<string, Promise<RenderedPage | null>>();

  constructor(
    private readonly cache: PageCache<RenderedPage, P>,
    /** The page's current version, or null: no such page (forgotten from the cache). */
    private readonly load: (key: string, assets: PageAssets) => Promise<PageVersion<P> | null>,
  ) {}

  async page(key: string, recheck: boolean, assets: PageAssets): Promise<RenderedPage | null> {
    const cached = await this.cache.current(key, recheck);
    if (cached) return cached;
    // A read-your-writes request has waited for its position: it reads for itself rather than take a rendering that
    // may have started before that position was reached.
    if (recheck) return this.render(key, assets);
    let pending = this.rendering.get(key);
    if (!pending) {
      pending = this.render(key, assets).finally(() => this.rendering.delete(key));
      this.rendering.set(key, pending);
    }
    return pending;
  }

  private async render(key: string, assets: PageAssets): Promise<RenderedPage | null> {
    const version = await this.load(key, assets);
    if (!version) {
      this.cache.forget(key);
      return null;
    }
    const css = createHash('sha1').update(assets.css).digest('base64url');
    const fingerprint = `${version.dataHash}|${assets.scriptUrl ?? ''}|${css}`;
    const reused = this.cache.reuse(key, fingerprint, version.marks);
    if (reused) return reused;
    const html = await version.render();
    const page: RenderedPage = {
      body: await storedBody(html),
      etag: etagOf(html),
      ...(version.languages ? { languages: version.languages } : {}),
    };
    this.cache.remember(key, { page, fingerprint, marks: version.marks });
    return page;
  }
}
