import { IntlMessageFormat } from 'intl-messageformat';
import { PUBLIC_LANGUAGES, type PublicLanguage } from '@kartvizit/schemas/language/model';
import { tr, type Catalogue, type MessageKey } from './catalogues/tr.ts';
import { en } from './catalogues/en.ts';
import { ru } from './catalogues/ru.ts';
import { ar } from './catalogues/ar.ts';
import { de } from './catalogues/de.ts';

/**
 * The public pages' words in the visitor's language (issue 31, decision 62): one ICU MessageFormat catalogue per
 * language, formatted by FormatJS's `intl-messageformat` (plurals and numbers by the language's CLDR rules). A message
 * is compiled once per language and kept; a page is rendered once per card version and language, so this is never on
 * a visitor's request path for a page already rendered.
 */

export const CATALOGUES: { readonly [L in PublicLanguage]: Catalogue } = { tr, en, ru, ar, de };

/**
 * The locale each language formats numbers, prices and dates with: the territory most of its visitors come from, and
 * Arabic with Latin digits, as property sites in Türkiye and the Gulf write prices and phone numbers.
 */
export const FORMAT_LOCALES: { readonly [L in PublicLanguage]: string } = {
  tr: 'tr-TR',
  en: 'en-GB',
  ru: 'ru-RU',
  ar: 'ar-u-nu-latn',
  de: 'de-DE',
};

export type MessageValues = Readonly<Record<string, string | number>>;

/** A language's messages: `t('leadIntro', { name })`. */
export type Translate = (key: MessageKey, values?: MessageValues) => string;

function compile(language: PublicLanguage): Translate {
  const compiled = new Map<MessageKey, IntlMessageFormat>();
  const catalogue = CATALOGUES[language];
  return (key, values) => {
    let format = compiled.get(key);
    if (!format) {
      format = new IntlMessageFormat(catalogue[key], FORMAT_LOCALES[language], undefined, { ignoreTag: true });
      compiled.set(key, format);
    }
    return String(format.format(values));
  };
}

const TRANSLATORS = new Map<PublicLanguage, Translate>(PUBLIC_LANGUAGES.map((language) => [language, compile(language)]));

export function messagesFor(language: PublicLanguage): Translate {
  return TRANSLATORS.get(language) ?? compile(language);
}

export type { MessageKey };
