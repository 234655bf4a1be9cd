/**
 * The languages a visitor may read a card in (issue 31): Turkish, always, and those the owner writes their words in.
 * The dashboard stays Turkish. Each language names itself in its own words ('English', 'Русский', 'العربية').
 */
export const PUBLIC_LANGUAGES = ['tr', 'en', 'ru', 'ar', 'de'] as const;
export type PublicLanguage = (typeof PUBLIC_LANGUAGES)[number];

/** The languages an owner may turn on besides Turkish, in the order the screens list them. */
export const OWNER_LANGUAGES = ['en', 'ru', 'ar', 'de'] as const satisfies readonly PublicLanguage[];
export type OwnerLanguage = (typeof OWNER_LANGUAGES)[number];

export const DEFAULT_LANGUAGE: PublicLanguage = 'tr';

/** Each language in its own name: the page's language switcher. */
export const LANGUAGE_NATIVE_NAMES: { readonly [L in PublicLanguage]: string } = {
  tr: 'Türkçe',
  en: 'English',
  ru: 'Русский',
  ar: 'العربية',
  de: 'Deutsch',
};

/** Each language as the dashboard (Turkish) names it. */
export const LANGUAGE_TURKISH_NAMES: { readonly [L in PublicLanguage]: string } = {
  tr: 'Türkçe',
  en: 'İngilizce',
  ru: 'Rusça',
  ar: 'Arapça',
  de: 'Almanca',
};

/** Written right to left. */
export const RTL_LANGUAGES: readonly PublicLanguage[] = ['ar'];

/** Open Graph's `og:locale` (language_TERRITORY): the territory where most of our visitors in it come from. */
export const OPEN_GRAPH_LOCALES: { readonly [L in PublicLanguage]: string } = {
  tr: 'tr_TR',
  en: 'en_GB',
  ru: 'ru_RU',
  ar: 'ar_AR',
  de: 'de_DE',
};

export function isPublicLanguage(value: unknown): value is PublicLanguage {
  return typeof value === 'string' && (PUBLIC_LANGUAGES as readonly string[]).includes(value);
}

export function isOwnerLanguage(value: unknown): value is OwnerLanguage {
  return typeof value === 'string' && (OWNER_LANGUAGES as readonly string[]).includes(value);
}

export function textDirection(language: PublicLanguage): 'rtl' | 'ltr' {
  return RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr';
}

/**
 * Translations of an owner's words, by language then field: `{ en: { bio: '…' } }`. A language is on when the owner has
 * written anything in it; an empty field falls back to the Turkish one, field by field.
 */
export type Translations<T extends object> = { readonly [L in OwnerLanguage]?: Partial<T> };

function written(value: unknown): boolean {
  if (typeof value === 'string') return value !== '';
  return Array.isArray(value) && value.some(written);
}

/** The languages on: Turkish first, then those with any text, in OWNER_LANGUAGES order. */
export function languagesOf(translations: Translations<object> | undefined): PublicLanguage[] {
  const on = OWNER_LANGUAGES.filter((language) => Object.values(translations?.[language] ?? {}).some(written));
  return [DEFAULT_LANGUAGE, ...on];
}

/**
 * The owner's words in `language`: each of `base`'s fields from its translation where there is one, else the Turkish
 * (field by field). Turkish answers `base` itself.
 */
export function translated<T extends object>(
  base: T,
  translations: { readonly [L in OwnerLanguage]?: object } | undefined,
  language: PublicLanguage,
): T {
  if (language === DEFAULT_LANGUAGE) return base;
  const own = translations?.[language as OwnerLanguage] as Readonly<Record<string, unknown>> | undefined;
  if (!own) return base;
  const result: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const field of Object.keys(base)) if (written(own[field])) result[field] = own[field];
  return result as T;
}
