import { isShowingLastSeen, useConnectivity } from './connectivity.ts';
import { OFFLINE_TEXT } from './texts.ts';
import './offline-banner.css';

/**
 * Says that the screen shows the last-seen data and that changes need a connection. The live region stays in the
 * page, so screen readers announce the sentence when it appears.
 */
export function OfflineBanner() {
  const shown = isShowingLastSeen(useConnectivity());
  return (
    <div className="offline-banner" data-shown={shown || undefined} role="status">
      {shown && (
        <>
          <svg className="offline-banner__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              d="M3 3l18 18M8.5 16.5a5 5 0 0 1 7 0M5 13a10 10 0 0 1 5-2.7M19 13a10 10 0 0 0-2.2-1.6M2 9.5a15 15 0 0 1 4.4-2.8M22 9.5A15 15 0 0 0 11 5.1M12 20h.01"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <p className="offline-banner__text">
            <strong>{OFFLINE_TEXT.banner}</strong> <span>{OFFLINE_TEXT.bannerDetail}</span>
          </p>
        </>
      )}
    </div>
  );
}
