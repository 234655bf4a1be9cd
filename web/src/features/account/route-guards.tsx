import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks.ts';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { APP_PATHS } from '@kartvizit/schemas/web-routes';
import { returnTarget, returnToStateFor } from './return-to.ts';
import { SECURITY_SECTION_ID } from './security-format.ts';
import { selectSecondStepSetupRequired, selectSessionStatus } from './session-slice.ts';

/**
 * Signed-out users go to sign in, remembering where they were headed. A session the server could
 * not be asked about (`unverified`: no network, a time-out) is still a session: its pages open,
 * and only the server refusing the token sends the user to sign in.
 */
export function ProtectedRoute() {
  const status = useAppSelector(selectSessionStatus);
  const mustSetUpSecondStep = useAppSelector(selectSecondStepSetupRequired);
  const location = useLocation();
  if (status === 'loading') return <PageSpinner label="Oturum kontrol ediliyor..." />;
  if (status === 'unauthenticated') {
    return <Navigate to="/auth/login" replace state={returnToStateFor(location)} />;
  }
  // The office requires a second step (issue 34): every other screen would be refused, so only /account opens.
  if (mustSetUpSecondStep && location.pathname !== APP_PATHS.account) {
    return <Navigate to={`${APP_PATHS.account}#${SECURITY_SECTION_ID}`} replace />;
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
