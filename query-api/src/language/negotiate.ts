import Negotiator from 'negotiator';
import { DEFAULT_LANGUAGE, isPublicLanguage, type PublicLanguage } from '@kartvizit/schemas/language/model';

/**
 * Which language a public page is shown in (issue 31): `?lang=` first, when the owner writes in it; then the best of
 * the owner's languages for the browser's `Accept-Language` (q-values and 'en-GB' → 'en', by the `negotiator`
 * library); else Turkish. `offered` always holds Turkish.
 */
export function pageLanguage(
  requested: unknown,
  acceptLanguage: string | undefined,
  offered: readonly PublicLanguage[],
): PublicLanguage {
  if (isPublicLanguage(requested)) return offered.includes(requested) ? requested : DEFAULT_LANGUAGE;
  if (offered.length <= 1 || !acceptLanguage) return DEFAULT_LANGUAGE;
  const [best] = new Negotiator({ headers: { 'accept-language': acceptLanguage } }).languages([...offered]);
  return isPublicLanguage(best) ? best : DEFAULT_LANGUAGE;
}

/** The address of a page in one language: the plain one for Turkish when the owner writes in no other. */
export function languageUrl(url: string, language: PublicLanguage, offered: readonly PublicLanguage[]): string {
  if (offered.length <= 1) return url;
  const separator = url.includes('?') ? '&' : '?';
  return `${url}${separator}lang=${language}`;
}
