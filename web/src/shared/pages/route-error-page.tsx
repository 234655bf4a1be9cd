import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { NotFoundPage } from './not-found-page.tsx';
import './not-found-page.css';

/** Shown when a page throws while rendering or its code cannot be downloaded. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  return (
    <main className="not-found container" aria-labelledby="route-error-title">
      <title>Bir hata oluştu · Dijital Kartvizit</title>
      <h1 id="route-error-title">Bir şeyler ters gitti</h1>
      <p className="not-found__text">
        Sayfa yüklenirken beklenmeyen bir hata oluştu. Sayfayı yenileyerek tekrar deneyebilirsiniz.
      </p>
      <button type="button" className="btn btn--primary btn--lg" onClick={() => window.location.reload()}>
        Sayfayı Yenile
      </button>
    </main>
  );
}
