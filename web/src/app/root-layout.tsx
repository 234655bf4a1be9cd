import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { ConnectionNotice } from '../features/account/connection-notice.tsx';
import { SessionExpiryRedirect } from '../features/account/session-expiry-redirect.tsx';
import { PageSpinner } from '../shared/ui/spinner.tsx';

export function RootLayout() {
  return (
    <>
      <SessionExpiryRedirect />
      <ScrollRestoration />
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
      <ConnectionNotice />
    </>
  );
}
