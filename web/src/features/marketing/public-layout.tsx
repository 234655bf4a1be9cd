import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/** Header and footer around the landing, the information pages and the 404 page. */
export function PublicLayout() {
  return (
    <>
      <a className="skip-link" href="#main">
        İçeriğe geç
      </a>
      <SiteHeader />
      <main id="main" className="public-main" tabIndex={-1}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </>
  );
}
