import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { toast } from 'sonner';
import { CARD_MESSAGES } from '@kartvizit/schemas/card/messages';
import { isLoopbackAddress } from '@kartvizit/schemas/public-address';
import { withWritePosition } from '../../app/write-position.ts';
import { httpStatus } from '../../shared/command-outcome.ts';
import { Icon, ICONS } from '../../shared/ui/icons.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { useGetShareSettingsQuery } from '../share/api.ts';
import { brandedQrFileName, brandedQrUrl } from '../share/share-urls.ts';
import { useGetMyCardQuery, type Card, type CardHistoryEntry } from './api.ts';
import { useCardActions, type CardActions } from './card-actions.tsx';
import {
  cardColorLabel,
  cardStatus,
  cardTypeLabel,
  CARD_STATUS_LABELS,
  downloadUrl,
  formatCardDateTime,
  HISTORY_LABELS,
  qrFileName,
} from './card-facts.ts';
import { CardVisual } from './card-visual.tsx';
import { CardStateAction } from './card-state-action.tsx';
import { CardStatisticsPanel } from './card-statistics-panel.tsx';
import { StatusBadge } from './status-badge.tsx';
import '../../shared/ui/states.css';
import '../../shared/ui/text-field.css';
import './card-common.css';
import './card-detail.css';

/** SPEC §9: the "copied" marker stays 2 s. */
const COPIED_MARKER_MS = 2000;

export function CardDetailPage() {
  const { cardId = '' } = useParams();
  const { data, error, isLoading, isFetching, refetch } = useGetMyCardQuery(cardId, { skip: cardId === '' });
  const actions = useCardActions();
  const status = httpStatus(error);

  let content;
  if (isLoading) {
    content = <PageSpinner label="Kart yükleniyor..." />;
  } else if (data?.success) {
    content = <CardDetails card={data.card} history={data.history} actions={actions} />;
  } else if (cardId === '' || status === 404 || status === 400) {
    // Unknown, malformed or someone else's id: the server answers the same for all three.
    content = <CardNotFound cardId={cardId} />;
  } else {
    content = (
      <>
        <h1 className="card-page__title">Kart Detayları</h1>
        <div className="card-problem panel" role="alert">
          <p className="card-problem__title">Kart bilgileri alınırken bir hata oluştu</p>
          <p>Bağlantınızı kontrol edip tekrar deneyin.</p>
          <button type="button" className="btn btn--secondary" onClick={() => void refetch()} disabled={isFetching}>
            Tekrar Dene
          </button>
        </div>
      </>
    );
  }

  const name = data?.success ? data.card.name?.trim() || data.card.cardId : cardId;
  return (
    <div className="card-page card-detail">
      <title>{`${name} · Kart Detayları · Dijital Kartvizit`}</title>
      <nav className="breadcrumb" aria-label="Sayfa konumu">
        <ol>
          <li>
            <Link to="/cards">Kartlarım</Link>
          </li>
          <li aria-current="page" className="mono">
            {cardId}
          </li>
        </ol>
      </nav>
      {content}
      {actions.dialogs}
    </div>
  );
}

function CardNotFound({ cardId }: { readonly cardId: string }) {
  return (
    <>
      <h1 className="card-page__title">Kart Detayları</h1>
      <div className="card-empty panel">
        <span className="card-empty__icon" aria-hidden="true">
          <Icon path={ICONS.card} />
        </span>
        <h2 className="card-empty__title">{CARD_MESSAGES.cardNotFound}</h2>
        <p className="card-empty__text">
          <span className="mono">{cardId}</span> kimlikli bir kartınız yok. ID’yi kontrol edin ya da kartlarınızın listesine
          dönün.
        </p>
        <Link className="btn btn--primary" to="/cards">
          Kartlarıma Dön
        </Link>
      </div>
    </>
  );
}

interface CardDetailsProps {
  readonly card: Card;
  readonly history: readonly CardHistoryEntry[];
  readonly actions: CardActions;
}

function CardDetails({ card, history, actions }: CardDetailsProps) {
  const status = cardStatus(card);
  const busy = actions.running !== null;
  const title = card.name?.trim() || card.cardId;

  return (
    <>
      <header className="detail-hero panel">
        <div className="detail-hero__visual">
          <CardVisual cardId={card.cardId} name={card.name} type={card.type} color={card.color} muted={status !== 'active'} />
        </div>
        <div className="detail-hero__info">
          <p className="detail-hero__eyebrow">Kart Detayları</p>
          <h1 className="detail-hero__title">{title}</h1>
          <div className="detail-hero__meta">
            <span className="mono">{card.cardId}</span>
            <span aria-hidden="true">·</span>
            <span>{cardTypeLabel(card.type)} kart</span>
            <StatusBadge status={status} />
          </div>
          <p className="detail-hero__status-text">{STATUS_TEXT[status]}</p>
          <div className="detail-hero__actions">
            <CardStateAction
              card={card}
              status={status}
              actions={actions}
              classes={{ danger: 'btn btn--secondary detail-danger', primary: 'btn btn--primary' }}
            />
            <a className="btn btn--secondary" href={withWritePosition(card.profileUrl)} target="_blank" rel="noopener noreferrer">
              <Icon path={ICONS.external} />
              Kartı Görüntüle
              <span className="visually-hidden"> (yeni sekmede açılır)</span>
            </a>
          </div>
        </div>
      </header>

      {isLoopbackAddress(card.profileUrl) && <LoopbackAddressNotice profileUrl={card.profileUrl} />}

      <div className="detail-grid">
        <div className="detail-column">
          <QrPanel card={card} busy={busy} actions={actions} />
          <CardStatisticsPanel cardId={card.cardId} />
        </div>
        <div className="detail-column">
          <ShareLinkPanel card={card} />
          <FactsPanel card={card} />
          <HistoryPanel history={history} />
        </div>
      </div>
    </>
  );
}

/**
 * The product was started without a public address (PUBLIC_BASE_URL), so the card's link and QR
 * code point at the machine it runs on: they open here and nowhere else.
 */
function LoopbackAddressNotice({ profileUrl }: { readonly profileUrl: string }) {
  const titleId = useId();
  return (
    <section className="address-notice" aria-labelledby={titleId}>
      <span className="address-notice__icon" aria-hidden="true">
        !
      </span>
      <div className="address-notice__body">
        <h2 id={titleId} className="address-notice__title">
          QR kod ve bağlantı başka telefonlarda açılmaz
        </h2>
        <p>
          Kartınızın adresi <span className="mono">{new URL(profileUrl).origin}</span> yalnızca bu bilgisayarda açılır. Sunucu
          herkese açık adresiyle (PUBLIC_BASE_URL ayarı, örneğin https://kart.example.com) başlatılana kadar QR kodu okutan
          ya da bağlantıyı açan başka bir telefon sayfanızı göremez.
        </p>
        <p>Adres ayarlandıktan sonra QR kodu yenileyip yeniden indirin.</p>
      </div>
    </section>
  );
}

const STATUS_TEXT = {
  active: 'Kartınız kullanımda: QR kod ve NFC ile açılan sayfa profilinizi gösteriyor.',
  inactive: 'Kartınız devre dışı: QR kod ve NFC ile açılan sayfa şu an profilinizi göstermiyor.',
  pending: 'Kartınız henüz aktifleştirilmedi. Aktifleştirdiğinizde profiliniz paylaşılmaya başlar.',
} as const;

interface PanelProps {
  readonly title: string;
  readonly children: ReactNode;
  readonly className?: string;
}

function Panel({ title, children, className }: PanelProps) {
  const id = useId();
  return (
    <section className={`panel detail-panel${className ? ` ${className}` : ''}`} aria-labelledby={id}>
      <h2 id={id} className="detail-panel__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function QrPanel({ card, busy, actions }: { card: Card; busy: boolean; actions: CardActions }) {
  const regenerating = actions.running?.cardId === card.cardId && actions.running.action === 'regenerate';
  return (
    <Panel title="QR Kod" className="detail-panel--qr">
      <figure className="qr-panel__figure">
        <img
          src={card.qrSvg}
          width={240}
          height={240}
          alt={`${card.cardId} kartının QR kodu`}
          className="qr-panel__image"
        />
        <figcaption>Okutulduğunda kartınızın sayfası açılır.</figcaption>
      </figure>
      <div className="qr-panel__downloads">
        <a className="btn btn--primary" href={downloadUrl(card.qrCode)} download={qrFileName(card.cardId, 'png')}>
          <Icon path={ICONS.download} />
          PNG İndir
        </a>
        <a className="btn btn--secondary" href={downloadUrl(card.qrSvg)} download={qrFileName(card.cardId, 'svg')}>
          <Icon path={ICONS.download} />
          SVG İndir
        </a>
      </div>
      <p className="qr-panel__hint">PNG paylaşım ve ekranlar için, SVG baskı için uygundur.</p>
      <button
        type="button"
        className="btn btn--ghost qr-panel__regenerate"
        disabled={busy}
        aria-busy={regenerating}
        onClick={() => actions.request('regenerate', card)}
      >
        <Icon path={ICONS.refresh} />
        QR Kodu Yenile
      </button>
      {cardStatus(card) === 'active' && <BrandedQr card={card} />}
    </Panel>
  );
}

/**
 * The card's QR in the owner's colours and logo (issue 32, chosen on 'Paylaşım Araçları'): the image the wallet
 * passes, the e-mail signature and the backgrounds carry. The plain code above stays for print.
 */
function BrandedQr({ card }: { card: Card }) {
  const qr = useGetShareSettingsQuery().data?.data.qr;
  if (!qr) return null;
  return (
    <div className="qr-panel__branded">
      <h3 className="qr-panel__subtitle">Markalı QR</h3>
      <figure className="qr-panel__figure">
        <img
          src={brandedQrUrl(card.cardId, qr.version, 'svg')}
          width={160}
          height={160}
          alt={`${card.cardId} kartının markalı QR kodu`}
          className="qr-panel__image qr-panel__image--branded"
        />
        <figcaption>
          Renkleriniz ve logonuzla; <Link to={`/share?card=${encodeURIComponent(card.cardId)}`}>Paylaşım Araçları</Link>
          ’nda değiştirin.
        </figcaption>
      </figure>
      <div className="qr-panel__downloads">
        <a
          className="btn btn--secondary btn--sm"
          href={brandedQrUrl(card.cardId, qr.version, 'png', { download: true })}
          download={brandedQrFileName(card.cardId, 'png')}
        >
          <Icon path={ICONS.download} />
          Markalı QR’ı indir (PNG)
        </a>
        <a
          className="btn btn--secondary btn--sm"
          href={brandedQrUrl(card.cardId, qr.version, 'svg', { download: true })}
          download={brandedQrFileName(card.cardId, 'svg')}
        >
          <Icon path={ICONS.download} />
          Markalı QR’ı indir (SVG)
        </a>
      </div>
    </div>
  );
}

function ShareLinkPanel({ card }: { card: Card }) {
  const [copied, setCopied] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const inactive = cardStatus(card) !== 'active';

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_MARKER_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(card.profileUrl);
    } catch {
      // Older browsers or a denied permission: copy from the selected field instead.
      inputRef.current?.select();
      if (!document.execCommand('copy')) {
        toast.error('Kopyalama başarısız!');
        return;
      }
    }
    setCopied(true);
    toast.success('Bağlantı kopyalandı!');
  };

  return (
    <Panel title="Paylaşım Bağlantısı" className="detail-panel--share">
      <label htmlFor={inputId} className="visually-hidden">
        Kartınızın bağlantısı
      </label>
      <div className="share-link">
        <input
          ref={inputRef}
          id={inputId}
          className="card-field__input share-link__input"
          readOnly
          value={card.profileUrl}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="btn btn--secondary share-link__copy" onClick={() => void copy()}>
          <Icon path={copied ? ICONS.check : ICONS.copy} />
          {copied ? 'Kopyalandı' : 'Kopyala'}
        </button>
      </div>
      <p className="detail-panel__note">
        {inactive
          ? 'Kart aktif olmadığı için bu bağlantı şu an profilinizi göstermiyor.'
          : 'NFC çip ve QR kod bu bağlantıyı açar; e-posta imzanızda veya sosyal medyada da paylaşabilirsiniz.'}
      </p>
    </Panel>
  );
}

function FactsPanel({ card }: { card: Card }) {
  return (
    <Panel title="Kart Bilgileri" className="detail-panel--facts">
      <dl className="fact-list">
        <div>
          <dt>İsim</dt>
          <dd>{card.name?.trim() || '—'}</dd>
        </div>
        <div>
          <dt>Durum</dt>
          <dd>{CARD_STATUS_LABELS[cardStatus(card)]}</dd>
        </div>
        <div>
          <dt>Tür</dt>
          <dd>{cardTypeLabel(card.type)}</dd>
        </div>
        <div>
          <dt>Renk</dt>
          <dd className="color-fact">
            <span className={`color-dot color-dot--${card.color}`} aria-hidden="true" />
            {cardColorLabel(card.color)}
          </dd>
        </div>
        <div>
          <dt>Kart ID</dt>
          <dd className="mono">{card.cardId}</dd>
        </div>
        {card.nfcId && (
          <div>
            <dt>NFC ID</dt>
            <dd className="mono">{card.nfcId}</dd>
          </div>
        )}
        <div>
          <dt>Aktivasyon Tarihi</dt>
          <dd>{formatCardDateTime(card.activatedAt)}</dd>
        </div>
        <div>
          <dt>Oluşturulma Tarihi</dt>
          <dd>{formatCardDateTime(card.createdAt)}</dd>
        </div>
      </dl>
    </Panel>
  );
}

function HistoryPanel({ history }: { history: readonly CardHistoryEntry[] }) {
  // The server lists changes in the order they happened; the latest is what the owner looks for.
  const entries = [...history].reverse();
  return (
    <Panel title="Durum Geçmişi" className="detail-panel--history">
      {entries.length === 0 ? (
        <p className="detail-panel__note">Bu kart için henüz bir kayıt yok.</p>
      ) : (
        <ol className="timeline">
          {entries.map((entry, index) => (
            <li key={`${entry.type}-${entry.at}-${index}`} className={`timeline__item timeline__item--${entry.type}`}>
              <span className="timeline__dot" aria-hidden="true" />
              <span className="timeline__label">{HISTORY_LABELS[entry.type]}</span>
              <time className="timeline__time" dateTime={entry.at}>
                {formatCardDateTime(entry.at)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
