import { useEffect, useState, type CSSProperties } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { Profile } from '@kartvizit/schemas/profile/http';
import { DEFAULT_QR_STYLE } from '@kartvizit/schemas/share/model';
import { useAppSelector } from '../../app/hooks.ts';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { selectCurrentUser } from '../account/session-slice.ts';
import { OfflineBanner } from '../offline/offline-banner.tsx';
import { useGetCurrentOfficeQuery } from '../office/api.ts';
import { useGetProfileQuery } from '../profile/api.ts';
import { useGetShareSettingsQuery, type SavedQrStyle } from '../share/api.ts';
import { BrandedQrImage } from '../share/branded-qr-image.tsx';
import { useKeptImage } from '../share/kept-image.ts';
import { ownerName, ownerPhotoUrl, qrLogoUrl, themeColours } from '../share/share-facts.ts';
import { readableUrl } from '../share/share-urls.ts';
import { useGetMyCardsQuery, type Card } from './api.ts';
import { cardStatus } from './card-facts.ts';
import './show-card.css';
import { ICONS, Icon } from '../../shared/ui/icons.tsx';

/**
 * The drawn QR's pixel size; an SVG, so CSS scales it to the screen sharply (show-card.css). Error correction M, as
 * the printed card's image (query-api/src/card/qr.ts); H with a logo.
 */
const QR_PIXELS = 720;

/** Keeps the screen on while the card is shown, where the browser lets us; nothing to say where it does not. */
function useScreenKeptOn(): void {
  useEffect(() => {
    let lock: WakeLockSentinel | null = null;
    let ended = false;
    const ask = () => {
      if (document.visibilityState !== 'visible' || !('wakeLock' in navigator)) return;
      navigator.wakeLock.request('screen').then(
        (sentinel) => {
          if (ended) void sentinel.release();
          else lock = sentinel;
        },
        () => undefined,
      );
    };
    ask();
    document.addEventListener('visibilitychange', ask);
    return () => {
      ended = true;
      document.removeEventListener('visibilitychange', ask);
      void lock?.release();
    };
  }, []);
}

interface CardQrProps {
  readonly card: Card;
  readonly style: Pick<SavedQrStyle, 'foreground' | 'background' | 'logo'>;
  readonly logoUrl: string | null;
}

/**
 * The card's branded QR (issue 32): the owner's colours and logo, drawn here from the card's link, so it is there
 * offline too. The look comes from the last-seen /api/share answer (kept by the service worker like every owner
 * answer), the logo from the copy kept at the last visit online (share/kept-image.ts); without either the code is
 * drawn black on white, as the printed card, and still opens the card.
 */
function CardQr({ card, style, logoUrl }: CardQrProps) {
  return (
    <figure className="show-card__qr">
      <BrandedQrImage
        text={card.profileUrl}
        look={style}
        logoUrl={style.logo === 'none' ? null : logoUrl}
        pixels={QR_PIXELS}
        className="show-card__code"
        label={`${card.cardId} kartının QR kodu: ${readableUrl(card.profileUrl)}`}
        failureText="QR kod çizilemedi; bağlantıyı paylaşabilirsiniz."
      />
    </figure>
  );
}

/** The owner's photo (kept for offline use), or their initials on the theme's colour. */
function OwnerPhoto({ url, name }: { readonly url: string | null; readonly name: string }) {
  const photo = useKeptImage(url);
  if (photo.status === 'ready') return <img className="show-card__photo" src={photo.src} alt="" />;
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(-2)
    .map((part) => part.charAt(0).toLocaleUpperCase('tr-TR'))
    .join('');
  return (
    <span className="show-card__photo show-card__photo--initials" aria-hidden="true">
      {initials}
    </span>
  );
}

/** The job title and company under the name, as the card shows them in Turkish. */
function roleLine(profile: Profile | null): string {
  return profile ? [profile.jobTitle.trim(), profile.company.trim()].filter(Boolean).join(' · ') : '';
}

function CopyLink({ url }: { readonly url: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = () => {
    navigator.clipboard.writeText(url).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <div className="show-card__copy">
      <button type="button" className="btn btn--secondary" onClick={copy}>
        Bağlantıyı Kopyala
      </button>
      <span role="status" className="show-card__copied">
        {copied === true ? 'Bağlantı kopyalandı!' : copied === false ? 'Bağlantı kopyalanamadı.' : ''}
      </span>
    </div>
  );
}

/**
 * 'Kartımı Göster' (issue 17): the owner's active card as a QR code big enough to scan from a metre, and its link,
 * full screen. Works offline once opened online: the cards come from the last-seen copy and the QR is drawn here.
 * With several active cards, `?card=` picks one (the first by default).
 */
export function ShowCardPage() {
  const user = useAppSelector(selectCurrentUser);
  const { data, isLoading } = useGetMyCardsQuery();
  // Each answer is the last-seen copy offline (the service worker's); a missing one leaves the plain look.
  const profile = useGetProfileQuery().data?.profile ?? null;
  const qr = useGetShareSettingsQuery().data?.data.qr;
  const officeLogo = useGetCurrentOfficeQuery(undefined, { skip: qr?.logo !== 'office' }).data?.data?.office.logoUrl;
  const [params, setParams] = useSearchParams();
  useScreenKeptOn();

  const active = (data?.cards ?? []).filter((card) => cardStatus(card) === 'active');
  const chosen = active.find((card) => card.cardId === params.get('card')) ?? active[0];
  const person = profile
    ? ownerName(profile)
    : [user?.firstName.trim(), user?.lastName.trim()].filter(Boolean).join(' ');
  const role = roleLine(profile);
  const colours = themeColours(profile?.theme);
  const style = qr ?? DEFAULT_QR_STYLE;
  // The owner's theme, through the CSSOM (the page's CSP allows no style attribute in markup).
  const themed = { '--owner-main': colours.main, '--owner-soft': colours.soft, '--qr-ground': style.background };

  return (
    <div className="show-card" style={themed as CSSProperties}>
      <title>Kartımı Göster · Dijital Kartvizit</title>
      <header className="show-card__bar">
        <Link className="show-card__back" to="/dashboard">
          <Icon path={ICONS.chevronLeft} />
          Panele Dön
        </Link>
      </header>
      <main className="show-card__main" id="main">
        <OfflineBanner />
        {isLoading ? (
          <PageSpinner label="Kartınız yükleniyor..." />
        ) : !chosen ? (
          <div className="show-card__empty">
            <h1>Gösterilecek aktif kartınız yok</h1>
            <p>Bir kartı aktifleştirdiğinizde QR kodu burada tam ekran görünecek.</p>
            <Link className="btn btn--primary" to="/activate">
              Kart Aktifleştir
            </Link>
          </div>
        ) : (
          <>
            <article className="show-card__card" aria-labelledby="show-card-name">
              <div className="show-card__band" aria-hidden="true" />
              <div className="show-card__identity">
                <OwnerPhoto url={ownerPhotoUrl(profile)} name={person} />
                <h1 id="show-card-name" className="show-card__name">
                  {person || chosen.name?.trim() || 'Kartvizitim'}
                </h1>
                {role && <p className="show-card__role">{role}</p>}
              </div>
              <CardQr card={chosen} style={style} logoUrl={qrLogoUrl(style.logo, profile, officeLogo)} />
              <p className="show-card__hint">Karşınızdaki kişi telefonunun kamerasıyla okutsun.</p>
              <a className="show-card__link" href={chosen.profileUrl}>
                {readableUrl(chosen.profileUrl)}
              </a>
            </article>
            <CopyLink url={chosen.profileUrl} />
            {active.length > 1 && (
              <nav className="show-card__choice" aria-label="Gösterilecek kart">
                {active.map((card) => (
                  <button
                    key={card.cardId}
                    type="button"
                    className="btn btn--secondary"
                    aria-pressed={card.cardId === chosen.cardId}
                    onClick={() => setParams({ card: card.cardId }, { replace: true })}
                  >
                    {card.name?.trim() || card.cardId}
                  </button>
                ))}
              </nav>
            )}
          </>
        )}
      </main>
    </div>
  );
}
