import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What a server-rendered page takes from the web build: one Vite entry's script and stylesheets. */
export interface PageAssets {
  /** The built stylesheet's text, inlined (no render-blocking request). Empty without a build. */
  readonly css: string;
  /** URL of the enhancement script; null without a build (the page still works). */
  readonly scriptUrl: string | null;
  /** Chunks the script imports, announced so they load in parallel with it. */
  readonly modulePreloads: readonly string[];
  /** The same stylesheets' URLs, for a page whose policy takes no inline style (the OAuth callback page). */
  readonly stylesheets?: readonly string[];
}

interface ManifestChunk {
  readonly file?: unknown;
  readonly css?: unknown;
  readonly imports?: unknown;
}

const NONE: PageAssets = { css: '', scriptUrl: null, modulePreloads: [] };
/** The manifest is looked at no more often than this: a stat per page request was a tenth of a 304's cost. */
const CHECK_INTERVAL_MS = 1000;

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/**
 * Finds the hashed script and the stylesheet of one page's Vite entry (`entryKey`, its key in the manifest, as
 * web/vite.config.ts names it) in web/dist/.vite/manifest.json.
 * The manifest is looked at again (at most once a second) when its modification time changes, so a fresh `vite build`
 * is served without a restart (like the web app itself, web/static.ts). Without a build the page is
 * served unstyled and without script: still complete and readable.
 */
export class EntryAssets {
  private loaded: { readonly stamp: string; readonly assets: PageAssets } | null = null;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private lastAnswer: PageAssets = NONE;

  constructor(
    private readonly distDir: string | undefined,
    private readonly entryKey: string,
    private readonly now: () => number = () => performance.now(),
  ) {}

  current(): PageAssets {
    if (!this.distDir) return NONE;
    const now = this.now();
    if (now - this.checkedAt < CHECK_INTERVAL_MS) return this.lastAnswer;
    this.checkedAt = now;
    this.lastAnswer = this.check(this.distDir);
    return this.lastAnswer;
  }

  private check(distDir: string): PageAssets {
    const manifestPath = join(distDir, '.vite', 'manifest.json');
    let stamp: string;
    try {
      const stat = statSync(manifestPath);
      stamp = `${stat.mtimeMs}:${stat.size}`;
    } catch {
      this.loaded = null;
      return NONE;
    }
    if (this.loaded?.stamp === stamp) return this.loaded.assets;
    const assets = this.read(manifestPath);
    this.loaded = { stamp, assets };
    return assets;
  }

  private read(manifestPath: string): PageAssets {
    try {
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk | undefined>;
      const entry = manifest[this.entryKey];
      if (!entry || typeof entry.file !== 'string') return NONE;
      // The entry's own CSS and that of the chunks it imports (a stylesheet two entries share may go to a chunk).
      const cssFiles = [...strings(entry.imports).flatMap((key) => strings(manifest[key]?.css)), ...strings(entry.css)];
      const cssUnique = [...new Set(cssFiles)];
      const css = cssUnique.map((file) => readFileSync(join(this.distDir ?? '', file), 'utf8').trim()).join('\n');
      // Chunks the entry imports statically (Vite's preload helper): fetched beside it, not after it.
      const modulePreloads = strings(entry.imports)
        .map((key) => manifest[key]?.file)
        .filter((file): file is string => typeof file === 'string')
        .map((file) => `/${file}`);
      return { css, scriptUrl: `/${entry.file}`, modulePreloads, stylesheets: cssUnique.map((file) => `/${file}`) };
    } catch {
      // A build in progress (half-written manifest): try again on the next request.
      return NONE;
    }
  }
}
