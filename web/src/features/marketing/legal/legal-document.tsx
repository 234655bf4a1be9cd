import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { LEGAL_PATHS, LEGAL_TEXTS_PUBLISHED, LEGAL_TEXTS_VERSION } from '@kartvizit/schemas/legal';
import {
  DEFAULT_LANGUAGE,
  isOwnerLanguage,
  textDirection,
  type PublicLanguage,
} from '@kartvizit/schemas/language/model';
import { TURKISH_FRAME, type LegalFrame, type LegalText } from './legal-frame.ts';
import { isUnfilled, OPERATOR, OPERATOR_TRANSLATIONS, unfilledOperatorFields, type OperatorField } from './operator.ts';
import './legal.css';

export interface LegalSection {
  /** The section's anchor (#id), linked from the table of contents. */
  readonly id: string;
  readonly title: string;
  readonly body: ReactNode;
}

/** The language the legal text around an element is written in (the disclosure's translations, issue 31). */
const LegalLanguage = createContext<PublicLanguage>(DEFAULT_LANGUAGE);

export function useLegalLanguage(): PublicLanguage {
  return useContext(LegalLanguage);
}

/** For Turkish words kept in a translation: their language, and in a right-to-left text their own direction. */
export function turkishIn(language: PublicLanguage): { readonly lang?: 'tr'; readonly dir?: 'ltr' } {
  if (language === DEFAULT_LANGUAGE) return {};
  return textDirection(language) === 'rtl' ? { lang: 'tr', dir: 'ltr' } : { lang: 'tr' };
}

/** For what is always written left to right (a version, a file name) inside a right-to-left text. */
export function leftToRightIn(language: PublicLanguage): { readonly dir?: 'ltr' } {
  return textDirection(language) === 'rtl' ? { dir: 'ltr' } : {};
}

/** Words always written left to right: isolated in a right-to-left text, where '2026-11-24' would turn round. */
export function LeftToRight({ children }: { readonly children: ReactNode }) {
  const language = useLegalLanguage();
  return textDirection(language) === 'rtl' ? <span dir="ltr">{children}</span> : <>{children}</>;
}

function published(locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Europe/Istanbul' }).format(
    new Date(`${LEGAL_TEXTS_PUBLISHED}T12:00:00+03:00`),
  );
}

/**
 * A detail of the operating company; highlighted while it is still a placeholder. In a translation it is the
 * operator's own words in that language where operator.ts gives them, else the Turkish ones, marked as Turkish.
 */
export function Fill({ field }: { readonly field: OperatorField }) {
  const language = useLegalLanguage();
  const value = OPERATOR[field];
  if (isUnfilled(value)) {
    return (
      <mark className="legal__fill" {...turkishIn(language)}>
        {value}
      </mark>
    );
  }
  if (!isOwnerLanguage(language)) return <>{value}</>;
  const translated = OPERATOR_TRANSLATIONS[language]?.[field];
  return translated ? <>{translated}</> : <span {...turkishIn(language)}>{value}</span>;
}

function OperatorNote({ frame }: { readonly frame: LegalFrame }) {
  const { label, text } = frame.operatorNote;
  return (
    <div className="legal__operator-note" role="note">
      <p>
        <strong>{label}</strong> {text[0]}
        <mark className="legal__fill" {...turkishIn(frame.language)}>
          {OPERATOR.companyName}
        </mark>
        {text[1]}
        <code {...leftToRightIn(frame.language)}>web/src/features/marketing/legal/operator.ts</code>
        {text[2]}
      </p>
    </div>
  );
}

/**
 * While a text in a language other than the page's is shown, the document itself says so (`<html lang dir>`, for
 * screen readers, hyphenation and the browser's own controls); leaving the text hands back what was there.
 */
function useDocumentLanguage(language: PublicLanguage | undefined): void {
  useEffect(() => {
    if (!language) return undefined;
    const root = document.documentElement;
    const before = { lang: root.getAttribute('lang'), dir: root.getAttribute('dir') };
    root.setAttribute('lang', language);
    root.setAttribute('dir', textDirection(language));
    return () => {
      for (const [name, value] of Object.entries(before)) {
        if (value === null) root.removeAttribute(name);
        else root.setAttribute(name, value);
      }
    };
  }, [language]);
}

interface LegalDocumentProps {
  readonly text: LegalText;
  /** The full title when it is longer than the short one the footer uses. */
  readonly heading?: string;
  readonly lead: ReactNode;
  readonly sections: readonly LegalSection[];
  /**
   * The language the text is shown in and the words around it. Given, the article and the document name that
   * language and its direction; the three texts are Turkish without it.
   */
  readonly frame?: LegalFrame;
  /** Above the lead: a translation's word that the Turkish text is the binding one. */
  readonly notice?: ReactNode;
  /** The languages the text can be read in. */
  readonly languages?: ReactNode;
}

/** The frame of the three legal texts: title, version, operator note, contents, sections, the other texts. */
export function LegalDocument({ text, heading, lead, sections, frame, notice, languages }: LegalDocumentProps) {
  const words = frame ?? TURKISH_FRAME;
  const others = (Object.keys(LEGAL_PATHS) as LegalText[]).filter((other) => other !== text);
  // The other texts are Turkish only: a link from a translation says where it leads.
  const otherLanguage = words.language === DEFAULT_LANGUAGE ? undefined : DEFAULT_LANGUAGE;
  const { hash } = useLocation();
  useDocumentLanguage(frame?.language);
  // A link to a section from another page (or the contents) lands on it once the text is rendered.
  useEffect(() => {
    if (hash.length > 1) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
  return (
    <LegalLanguage value={words.language}>
      <article
        className="legal container"
        aria-labelledby="legal-title"
        lang={frame?.language}
        dir={frame ? textDirection(frame.language) : undefined}
      >
        <title>{`${words.titles[text]} · Dijital Kartvizit`}</title>
        <header className="legal__header">
          {languages}
          <p className="legal__eyebrow">{words.eyebrow}</p>
          <h1 id="legal-title">{heading ?? words.titles[text]}</h1>
          <p className="legal__meta">
            {words.version} <LeftToRight>{LEGAL_TEXTS_VERSION}</LeftToRight> · {words.updated}{' '}
            <time dateTime={LEGAL_TEXTS_PUBLISHED}>{published(words.dateLocale)}</time>
          </p>
          {notice}
          <div className="legal__lead">{lead}</div>
        </header>
        {unfilledOperatorFields().length > 0 && <OperatorNote frame={words} />}
        <nav className="legal__toc" aria-labelledby="legal-toc-title">
          <h2 id="legal-toc-title">{words.contents}</h2>
          <ol>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((section) => (
          <section key={section.id} id={section.id} className="legal__section" aria-labelledby={`${section.id}-baslik`}>
            <h2 id={`${section.id}-baslik`}>{section.title}</h2>
            {section.body}
          </section>
        ))}
        <nav className="legal__related" aria-label={words.others}>
          <ul>
            {others.map((other) => (
              <li key={other}>
                <Link to={LEGAL_PATHS[other]} hrefLang={otherLanguage}>
                  {words.titles[other]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </article>
    </LegalLanguage>
  );
}

/** A term and its explanation, for the lists of data, retention periods and services. */
export function Entries({ items }: { readonly items: readonly (readonly [ReactNode, ReactNode])[] }) {
  return (
    <dl className="legal__entries">
      {items.map(([term, detail], index) => (
        <div key={index}>
          <dt>{term}</dt>
          <dd>{detail}</dd>
        </div>
      ))}
    </dl>
  );
}
