import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { MESSAGES } from '@kartvizit/schemas/messages';
import { useAppSelector } from '../../app/hooks.ts';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { useGetAccountSecurityQuery } from './security-api.ts';
import { SECURITY_SECTION_ID } from './security-format.ts';
import { PasskeysPart } from './security-passkeys.tsx';
import { SessionsPart } from './security-sessions.tsx';
import { TwoFactorPart } from './security-two-factor.tsx';
import { selectSecondStepSetupRequired } from './session-slice.ts';
import { SettingsSection } from './settings-section.tsx';
import './security.css';

/**
 * /account's 'Güvenlik' (issue 34, decision 65): two-step sign-in, passkeys and the open sessions. `/account#guvenlik`
 * opens the page here; a member whose office requires a second step is led here (route-guards.tsx) and told why.
 */
export function SecuritySection() {
  const { data, isLoading, isError, refetch } = useGetAccountSecurityQuery();
  const mustSetUp = useAppSelector(selectSecondStepSetupRequired);
  const { hash } = useLocation();

  // The page is loaded on demand, after the router's own scroll to the hash: scroll and move focus here ourselves.
  useEffect(() => {
    if (hash !== `#${SECURITY_SECTION_ID}`) return;
    document.getElementById(SECURITY_SECTION_ID)?.scrollIntoView({ block: 'start' });
    document.getElementById(`${SECURITY_SECTION_ID}-title`)?.focus({ preventScroll: true });
  }, [hash]);

  const security = data?.security;
  return (
    <SettingsSection
      id={SECURITY_SECTION_ID}
      title="Güvenlik"
      description="İki adımlı doğrulama, geçiş anahtarları ve hesabınızın açık olduğu cihazlar."
      focusableTitle
    >
      {mustSetUp && (
        <div className="sec-banner" role="alert" data-testid="second-step-setup-banner">
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              d="M12 3 4 6v6c0 4.5 3.4 8.3 8 9 4.6-.7 8-4.5 8-9V6l-8-3Z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinejoin="round"
            />
            <path d="M12 8v5M12 16h.01" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <p>{MESSAGES.secondStepSetupRequired}</p>
        </div>
      )}
      {isError && !security ? (
        <div className="as-failure">
          <p role="alert">Güvenlik bilgileriniz yüklenemedi.</p>
          <button type="button" className="btn btn--secondary" onClick={() => void refetch()}>
            Tekrar Dene
          </button>
        </div>
      ) : isLoading || !security ? (
        <Spinner label="Güvenlik bilgileri yükleniyor..." />
      ) : (
        <>
          <TwoFactorPart twoFactor={security.twoFactor} />
          <PasskeysPart passkeys={security.passkeys} />
          <SessionsPart sessions={security.sessions} />
        </>
      )}
    </SettingsSection>
  );
}
