import { Link, useLocation } from 'react-router-dom';
import { NotFoundPage } from '../../shared/pages/not-found-page.tsx';
import { infoContentFor } from './info-content.ts';
import './info-page.css';

/** One component for the short public pages; the path picks the text. */
export function InfoPage() {
  const { pathname } = useLocation();
  const content = infoContentFor(pathname.replace(/\/+$/, ''));
  if (!content) return <NotFoundPage />;
  return (
    <article className="info container">
      <title>{`${content.title} · Dijital Kartvizit`}</title>
      <h1>{content.title}</h1>
      <p className="info__lead">{content.lead}</p>
      {content.sections.length > 0 && (
        <div className="info__sections">
          {content.sections.map((section) => (
            <section key={section.heading ?? section.text}>
              {section.heading && <h2>{section.heading}</h2>}
              <p>{section.text}</p>
            </section>
          ))}
        </div>
      )}
      <div className="info__actions">
        <Link className="btn btn--primary" to="/auth/register">
          Ücretsiz Kayıt Ol
        </Link>
        <Link className="btn btn--secondary" to="/">
          Ana Sayfaya Dön
        </Link>
      </div>
    </article>
  );
}
