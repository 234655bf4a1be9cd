import { use } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { LEGAL_PATHS } from '@kartvizit/schemas/legal';
import {
  DEFAULT_LANGUAGE,
  isOwnerLanguage,
  LANGUAGE_NATIVE_NAMES,
  PUBLIC_LANGUAGES,
  type OwnerLanguage,
  type PublicLanguage,
} from '@kartvizit/schemas/language/model';
import { DISCLOSURE_SECTIONS, type DisclosureText, type TranslatedDisclosure } from './disclosure/model.ts';
import { tr } from './disclosure/tr.ts';
import { LegalDocument, type LegalSection } from './legal-document.tsx';
import { Blocks } from './rich-text.tsx';

/*
 * The KVKK disclosure (/kvkk) in the card page's languages (issue 31): `?lang=en|ru|ar|de` reads a translation, each
 * saying first that the Turkish text is the binding one; anything else reads the Turkish text, unchanged. The
 * translations load on demand, so a Turkish reader downloads none of them.
 */

const TRANSLATIONS: { readonly [L in OwnerLanguage]: () => Promise<TranslatedDisclosure> } = {
  en: async () => (await import('./disclosure/en.ts')).en,
  ru: async () => (await import('./disclosure/ru.ts')).ru,
  ar: async () => (await import('./disclosure/ar.ts')).ar,
  de: async () => (await import('./disclosure/de.ts')).de,
};

const loading = new Map<OwnerLanguage, Promise<TranslatedDisclosure>>();

/** One promise per language for `use`; a failed download is tried again next time. */
function translation(language: OwnerLanguage): Promise<TranslatedDisclosure> {
  let promise = loading.get(language);
  if (!promise) {
    promise = TRANSLATIONS[language]();
    promise.catch(() => loading.delete(language));
    loading.set(language, promise);
  }
  return promise;
}

/** The disclosure's address in a language: the plain one for Turkish. */
function disclosureIn(language: PublicLanguage): string {
  return language === DEFAULT_LANGUAGE ? LEGAL_PATHS.disclosure : `${LEGAL_PATHS.disclosure}?lang=${language}`;
}

/** Each language in its own name, a link each. */
function LanguageSwitcher({ current, label }: { readonly current: PublicLanguage; readonly label: string }) {
  return (
    <nav className="legal__languages" aria-label={label}>
      <ul>
        {PUBLIC_LANGUAGES.map((language) => (
          <li key={language}>
            <Link
              to={disclosureIn(language)}
              lang={language}
              hrefLang={language}
              aria-current={language === current ? 'true' : undefined}
            >
              {LANGUAGE_NATIVE_NAMES[language]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Disclosure({ text }: { readonly text: DisclosureText | TranslatedDisclosure }) {
  const sections: LegalSection[] = DISCLOSURE_SECTIONS.map((id) => ({
    id,
    title: text.sections[id].title,
    body: <Blocks blocks={text.sections[id].body} />,
  }));
  const binding =
    'binding' in text ? (
      <p className="legal__binding">
        {text.binding.text}{' '}
        <Link to={LEGAL_PATHS.disclosure} hrefLang={DEFAULT_LANGUAGE}>
          {text.binding.link}
        </Link>
      </p>
    ) : undefined;
  return (
    <LegalDocument
      text="disclosure"
      frame={text.frame}
      heading={text.heading}
      notice={binding}
      languages={<LanguageSwitcher current={text.language} label={text.frame.languages} />}
      lead={<Blocks blocks={text.lead} />}
      sections={sections}
    />
  );
}

function TranslatedDisclosurePage({ language }: { readonly language: OwnerLanguage }) {
  return <Disclosure text={use(translation(language))} />;
}

export function DisclosurePage() {
  const [search] = useSearchParams();
  const requested = search.get('lang');
  return isOwnerLanguage(requested) ? <TranslatedDisclosurePage language={requested} /> : <Disclosure text={tr} />;
}
