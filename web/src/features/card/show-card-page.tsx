import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import QRCode from 'qrcode';
import { useAppSelector } from '../../app/hooks.ts';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { selectCurrentUser } from '../account/session-slice.ts';
import { OfflineBanner } from '../offline/offline-banner.tsx';
import { useGetMyCardsQuery, type Card } from './api.ts';
import { cardStatus } from './card-facts.ts';
import './show-card.css';
import { ICONS, Icon } from '../../shared/ui/icons.tsx';

/**
 * Pixels of the drawn QR before CSS scales it to the screen (crisp at any density: the modules stay square, see
 * show-card.css). Error correction M, as the printed card's image (query-api/src/card/qr.ts).
 */
const QR_PIXELS = 720;

/** The address as people read it: no scheme, no trailing slash. */
function readableUrl(url: string): string {
  return url.replace(/^https?:\/\//, '').replace(/\/$/, '');
}

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

function CardQr({ card }: { readonly card: Card }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const drawn = canvas.current;
    if (!drawn) return;
    // Drawn here, from the card's link: no image to download, so it is there offline too.
    QRCode.toCanvas(drawn, card.profileUrl, {
      errorCorrectionLevel: 'M',
      margin: 4,
      width: QR_PIXELS,
      color: { dark: '#000000', light: '#ffffff' },
    }).then(
      () => {
        // qrcode pins the canvas to its pixel size in an inline style; the page sizes it to the screen (show-card.css).
        drawn.style.removeProperty('width');
        drawn.style.removeProperty('height');
        setFailed(false);
      },
      (error: unknown) => {
        console.error('QR kod çizilemedi', error);
        setFailed(true);
      },
    );
  }, [card.profileUrl]);
  return (
    <figure className="show-card__qr">
      <canvas
        ref={canvas}
        className="show-card__canvas"
        role="img"
        aria-label={`${card.cardId} kartının QR kodu: ${readableUrl(card.profileUrl)}`}
        data-card-link={card.profileUrl}
      />
      {failed && <figcaption role="alert">QR kod çizilemedi; bağlantıyı paylaşabilirsiniz.</figcaption>}
    </figure>
  );
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
  const [params, setParams] = useSearchParams();
  useScreenKeptOn();

  const active = (data?.cards ?? []).filter((card) => cardStatus(card) === 'active');
  const chosen = active.find((card) => card.cardId === params.get('card')) ?? active[0];
  const person = [user?.firstName.trim(), user?.lastName.trim()].filter(Boolean).join(' ');

  return (
    <div className="show-card">
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
            <h1 className="show-card__name">{person || chosen.name?.trim() || 'Kartvizitim'}</h1>
            <p className="show-card__hint">Karşınızdaki kişi telefonunun kamerasıyla okutsun.</p>
            <CardQr card={chosen} />
            <a className="show-card__link" href={chosen.profileUrl}>
              {readableUrl(chosen.profileUrl)}
            </a>
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
