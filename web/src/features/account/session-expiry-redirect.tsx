import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks.ts';
import { returnToStateFor } from './return-to.ts';
import { selectExpiredCount } from './session-slice.ts';

/** When the server rejects our session, send the user to sign in wherever they are. */
export function SessionExpiryRedirect() {
  const expiredCount = useAppSelector(selectExpiredCount);
  const handled = useRef(expiredCount);
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    if (expiredCount === handled.current) return;
    handled.current = expiredCount;
    if (location.pathname.startsWith('/auth/')) return;
    void navigate('/auth/login', { replace: true, state: returnToStateFor(location) });
  }, [expiredCount, location, navigate]);

  return null;
}
