import { Link } from 'react-router-dom';
import { MESSAGES } from '@kartvizit/schemas/messages';
import './not-found-page.css';

export function NotFoundPage() {
  return (
    <section className="not-found container" aria-labelledby="not-found-title">
      <title>{`${MESSAGES.pageNotFoundTitle} · Dijital Kartvizit`}</title>
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">{MESSAGES.pageNotFoundTitle}</h1>
      <p className="not-found__text">{MESSAGES.pageNotFoundText}</p>
      <Link className="btn btn--primary btn--lg" to="/">
        Ana Sayfaya Dön
      </Link>
    </section>
  );
}
