import { isShowingLastSeen, useConnectivity } from './connectivity.ts';
import { OFFLINE_TEXT } from './texts.ts';
import './offline-banner.css';
import { ICONS, Icon } from '../../shared/ui/icons.tsx';

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
          <Icon path={ICONS.offline} className="offline-banner__icon" />
          <p className="offline-banner__text">
            <strong>{OFFLINE_TEXT.banner}</strong> <span>{OFFLINE_TEXT.bannerDetail}</span>
          </p>
        </>
      )}
    </div>
  );
}
