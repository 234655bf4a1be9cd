import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { restoreSession } from './session.ts';
import { selectSessionStatus } from './session-slice.ts';
import './connection-notice.css';

export const CONNECTION_NOTICE = 'Bağlantı kurulamadı; yeniden deneniyor…';

/**
 * Says, without blocking anything, that the session could not be checked because the server is
 * out of reach, and that it is being tried again. The live region is always in the page so
 * screen readers announce the sentence when it appears.
 */
export function ConnectionNotice() {
  const unverified = useAppSelector(selectSessionStatus) === 'unverified';
  const dispatch = useAppDispatch();
  return (
    <div className="connection-notice" data-shown={unverified || undefined}>
      <p className="connection-notice__text" role="status">
        {unverified ? CONNECTION_NOTICE : ''}
      </p>
      {unverified && (
        <button type="button" className="connection-notice__retry" onClick={() => void dispatch(restoreSession())}>
          Şimdi Dene
        </button>
      )}
    </div>
  );
}
