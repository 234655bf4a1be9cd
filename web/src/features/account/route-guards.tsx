import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks.ts';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { returnTarget, returnToStateFor } from './return-to.ts';
import { selectSessionStatus } from './session-slice.ts';

/**
 * Signed-out users go to sign in, remembering where they were headed. A session the server could
 * not be asked about (`unverified`: no network, a time-out) is still a session: its pages open,
 * and only the server refusing the token sends the user to sign in.
 */
export function ProtectedRoute() {
  const status = useAppSelector(selectSessionStatus);
  const location = useLocation();
  if (status === 'loading') return <PageSpinner label="Oturum kontrol ediliyor..." />;
  if (status === 'unauthenticated') {
    return <Navigate to="/auth/login" replace state={returnToStateFor(location)} />;
  }
  return <Outlet />;
}

/** Sign-in and sign-up are for signed-out users; one holding a session goes on to the app. */
export function GuestOnlyRoute() {
  const status = useAppSelector(selectSessionStatus);
  const location = useLocation();
  if (status === 'loading') return <PageSpinner label="Oturum kontrol ediliyor..." />;
  if (status === 'authenticated' || status === 'unverified') {
    return <Navigate to={returnTarget(location.state)} replace />;
  }
  return <Outlet />;
}
