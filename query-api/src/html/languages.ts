import { markup, trustedHtml, type SafeHtml } from '@kartvizit/infra/html/markup';
import { LANGUAGE_NATIVE_NAMES, type PublicLanguage } from '@kartvizit/schemas/language/model';
import type { Translate } from '../language/messages.ts';

/** One of the languages a page is offered in (issue 31): its absolute address, and the link the switcher shows. */
export interface LanguageAlternate {
  readonly language: PublicLanguage;
  readonly url: string;
  readonly href: string;
}

/**
 * Each language's address for search engines (`hreflang`), and the plain address that chooses by the browser's
 * language as `x-default`; nothing for a page in Turkish only.
 */
export function alternateLinks(alternates: readonly LanguageAlternate[], plainUrl: string): SafeHtml | '' {
  if (alternates.length === 0) return '';
  const links = alternates.map((each) => markup`<link rel="alternate" hreflang="${each.language}" href="${each.url}">\n`);
  return markup`${links}<link rel="alternate" hreflang="x-default" href="${plainUrl}">\n`;
}

/**
 * The page's languages, each in its own name and marked as written in it; a link each, so it works without the script
 * and can be shared. Nothing for a page in Turkish only.
 */
export function languageSwitcher(
  t: Translate,
  current: PublicLanguage,
  alternates: readonly LanguageAlternate[],
  className = 'pc-langs',
): SafeHtml | '' {
  if (alternates.length === 0) return '';
  const links = alternates.map((each) => {
    const marked = each.language === current ? trustedHtml(' aria-current="true"') : '';
    return markup`<li><a class="pc-lang" href="${each.href}" hreflang="${each.language}" lang="${each.language}"${marked}>${LANGUAGE_NATIVE_NAMES[each.language]}</a></li>`;
  });
  return markup`<nav class="${className}" aria-label="${t('languages')}"><ul role="list">${links}</ul></nav>`;
}
