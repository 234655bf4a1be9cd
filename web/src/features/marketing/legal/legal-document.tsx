import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { LEGAL_PATHS, LEGAL_TEXTS_PUBLISHED, LEGAL_TEXTS_VERSION } from '@kartvizit/schemas/legal';
import { isUnfilled, OPERATOR, unfilledOperatorFields, type OperatorField } from './operator.ts';
import './legal.css';

export interface LegalSection {
  /** The section's anchor (#id), linked from the table of contents. */
  readonly id: string;
  readonly title: string;
  readonly body: ReactNode;
}

export type LegalText = keyof typeof LEGAL_PATHS;

const TITLES: { readonly [T in LegalText]: string } = {
  disclosure: 'KVKK Aydınlatma Metni',
  privacy: 'Gizlilik Politikası',
  terms: 'Kullanım Koşulları',
};

const PUBLISHED = new Intl.DateTimeFormat('tr-TR', { dateStyle: 'long', timeZone: 'Europe/Istanbul' }).format(
  new Date(`${LEGAL_TEXTS_PUBLISHED}T12:00:00+03:00`),
);

/** A detail of the operating company; highlighted while it is still a placeholder. */
export function Fill({ field }: { readonly field: OperatorField }) {
  const value = OPERATOR[field];
  return isUnfilled(value) ? <mark className="legal__fill">{value}</mark> : <>{value}</>;
}

function OperatorNote() {
  return (
    <div className="legal__operator-note" role="note">
      <p>
        <strong>İşletmeci notu:</strong> Sarı ile işaretli, köşeli parantez içindeki alanlar (ör.{' '}
        <mark className="legal__fill">{OPERATOR.companyName}</mark>) bu hizmeti işleten şirket tarafından kendi
        bilgileriyle doldurulmalıdır (<code>web/src/features/marketing/legal/operator.ts</code>). Metinler yayımlanmadan
        önce bir hukuk danışmanına gözden geçirtilmelidir.
      </p>
    </div>
  );
}

interface LegalDocumentProps {
  readonly text: LegalText;
  /** The full title when it is longer than the short one the footer uses. */
  readonly heading?: string;
  readonly lead: ReactNode;
  readonly sections: readonly LegalSection[];
}

/** The frame of the three legal texts: title, version, operator note, contents, sections, the other texts. */
export function LegalDocument({ text, heading, lead, sections }: LegalDocumentProps) {
  const others = (Object.keys(LEGAL_PATHS) as LegalText[]).filter((other) => other !== text);
  const { hash } = useLocation();
  // A link to a section from another page (or the contents) lands on it once the text is rendered.
  useEffect(() => {
    if (hash.length > 1) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
  return (
    <article className="legal container" aria-labelledby="legal-title">
      <title>{`${TITLES[text]} · Dijital Kartvizit`}</title>
      <header className="legal__header">
        <p className="legal__eyebrow">Yasal metinler</p>
        <h1 id="legal-title">{heading ?? TITLES[text]}</h1>
        <p className="legal__meta">
          Sürüm {LEGAL_TEXTS_VERSION} · Son güncelleme: <time dateTime={LEGAL_TEXTS_PUBLISHED}>{PUBLISHED}</time>
        </p>
        <div className="legal__lead">{lead}</div>
      </header>
      {unfilledOperatorFields().length > 0 && <OperatorNote />}
      <nav className="legal__toc" aria-labelledby="legal-toc-title">
        <h2 id="legal-toc-title">İçindekiler</h2>
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
      <nav className="legal__related" aria-label="Diğer yasal metinler">
        <ul>
          {others.map((other) => (
            <li key={other}>
              <Link to={LEGAL_PATHS[other]}>{TITLES[other]}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </article>
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
