import { markup, trustedHtml, type SafeHtml } from '@kartvizit/infra/html/markup';
import type { PageAssets } from './assets.ts';
import { textDirection, type PublicLanguage } from '@kartvizit/schemas/language/model';

/**
 * The parts every public page's document shares: its head (the inlined stylesheet, the no-script rules) and its
 * script tags. Templates are kept on few lines on purpose: no stray white space between elements.
 */

function styles(assets: PageAssets): SafeHtml {
  // Our own build's CSS; '</' is neutralised anyway so it can never end the element early.
  return trustedHtml(assets.css ? `<style>${assets.css.replace(/<\//g, '<\\/')}</style>` : '');
}

export interface PageHead {
  readonly title: string;
  readonly description: string;
  readonly assets: PageAssets;
  /** Canonical link, robots and link-preview tags. */
  readonly meta: SafeHtml | '';
  /** What changes when scripting is off (our own constant CSS). */
  readonly noscriptCss: string;
}

export function pageHead(head: PageHead): SafeHtml {
  return markup`<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<title>${head.title}</title>
<meta name="description" content="${head.description}">
${head.meta}<meta name="theme-color" content="#ffffff">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
${styles(head.assets)}<noscript><style>${trustedHtml(head.noscriptCss)}</style></noscript>
</head>`;
}

/** The page's script with the chunks it imports announced beside it; nothing without a build. */
export function scriptTags(assets: PageAssets): SafeHtml | '' {
  return assets.scriptUrl
    ? markup`${assets.modulePreloads.map((url) => markup`<link rel="modulepreload" href="${url}">`)}<script type="module" src="${assets.scriptUrl}"></script>`
    : '';
}

/** A theme is only ever a CSS class name: anything else falls back to the default look. */
export function themeClass(raw: string): string {
  return /^[a-z0-9-]{1,32}$/.test(raw) ? raw : 'classic';
}

/** ` dir="rtl"` for a language written right to left (issue 31); nothing otherwise, left to right being the default. */
export function directionOf(language: PublicLanguage): SafeHtml | '' {
  return textDirection(language) === 'rtl' ? trustedHtml(' dir="rtl"') : '';
}
