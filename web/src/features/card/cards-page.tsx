import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CARD_MESSAGES } from '@kartvizit/schemas/card/messages';
import { Icon, ICONS } from '../../shared/ui/icons.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { useGetMyCardsQuery, type Card } from './api.ts';
import { useCardActions, type CardActions } from './card-actions.tsx';
import { CardDetailsDialog } from './card-details-dialog.tsx';
import { cardStatus, cardTypeLabel, downloadUrl, formatCardDate, qrFileName } from './card-facts.ts';
import { CardVisual } from './card-visual.tsx';
import { CardStateAction } from './card-state-action.tsx';
import { StatusBadge } from './status-badge.tsx';
import '../../shared/ui/states.css';
import './card-common.css';
import './cards.css';

export function CardsPage() {
  const { data, isLoading, isError, isFetching, refetch } = useGetMyCardsQuery();
  const [detailsOf, setDetailsOf] = useState<string | null>(null);
  const actions = useCardActions();
  const cards = data?.cards ?? [];
  const detailsCard = cards.find((card) => card.cardId === detailsOf) ?? null;

  return (
    <div className="card-page">
      <title>Kartlarım · Dijital Kartvizit</title>
      <header className="card-page__head">
        <div>
          <h1 className="card-page__title">Kartlarım</h1>
          <p className="card-page__lead">Kartlarınızı yönetin, QR kodlarını indirin ve durumlarını değiştirin.</p>
        </div>
        {cards.length > 0 && (
          <Link className="btn btn--primary" to="/activate">
            <Icon path={ICONS.plus} />
            Yeni Kart Aktifleştir
          </Link>
        )}
      </header>

      {isLoading ? (
        <PageSpinner label="Kartlar yükleniyor..." />
      ) : isError && !data ? (
        <div className="card-problem panel" role="alert">
          <p className="card-problem__title">{CARD_MESSAGES.cardsLoadError}</p>
          <p>Bağlantınızı kontrol edip tekrar deneyin.</p>
          <button type="button" className="btn btn--secondary" onClick={() => void refetch()} disabled={isFetching}>
            Tekrar Dene
          </button>
        </div>
      ) : cards.length === 0 ? (
        <div className="card-empty panel">
          <span className="card-empty__icon" aria-hidden="true">
            <Icon path={ICONS.card} />
          </span>
          <h2 className="card-empty__title">{CARD_MESSAGES.cardsEmpty}</h2>
          <p className="card-empty__text">
            Fiziksel kartınızı kart ID’si ile aktifleştirin ya da hemen kullanabileceğiniz bir sanal kart oluşturun.
          </p>
          <Link className="btn btn--primary" to="/activate">
            Kart Aktifleştir
          </Link>
        </div>
      ) : (
        <ul className="card-grid" aria-label="Kartlarınız">
          {cards.map((card) => (
            <CardTile key={card.cardId} card={card} actions={actions} onDetails={() => setDetailsOf(card.cardId)} />
          ))}
        </ul>
      )}

      <CardDetailsDialog card={detailsCard} onClose={() => setDetailsOf(null)} />
      {actions.dialogs}
    </div>
  );
}

interface CardTileProps {
  readonly card: Card;
  readonly actions: CardActions;
  readonly onDetails: () => void;
}

function CardTile({ card, actions, onDetails }: CardTileProps) {
  const status = cardStatus(card);
  const running = actions.running;
  const busy = running !== null;
  const detailPath = `/cards/${encodeURIComponent(card.cardId)}`;
  const title = card.name?.trim() || card.cardId;

  return (
    <li className="card-tile panel" aria-label={`${title} (${card.cardId})`}>
      <Link to={detailPath} className="card-tile__visual" tabIndex={-1} aria-hidden="true">
        <CardVisual cardId={card.cardId} name={card.name} type={card.type} color={card.color} muted={status !== 'active'} />
      </Link>
      <div className="card-tile__head">
        <h2 className="card-tile__title">
          <Link to={detailPath}>{title}</Link>
        </h2>
        <StatusBadge status={status} />
      </div>
      <dl className="card-tile__facts">
        <div>
          <dt>Kart ID</dt>
          <dd className="mono">{card.cardId}</dd>
        </div>
        <div>
          <dt>Tür</dt>
          <dd>{cardTypeLabel(card.type)}</dd>
        </div>
        <div>
          <dt>Aktivasyon</dt>
          <dd>{formatCardDate(card.activatedAt)}</dd>
        </div>
      </dl>
      <div className="card-tile__actions">
        <button type="button" className="btn btn--secondary btn--sm" onClick={onDetails}>
          <Icon path={ICONS.info} />
          Detaylar
        </button>
        <a className="btn btn--secondary btn--sm" href={downloadUrl(card.qrCode)} download={qrFileName(card.cardId, 'png')}>
          <Icon path={ICONS.download} />
          QR İndir
        </a>
        <CardStateAction
          card={card}
          status={status}
          actions={actions}
          classes={{ danger: 'btn btn--ghost btn--sm card-tile__danger', primary: 'btn btn--ghost btn--sm' }}
        />
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          disabled={busy}
          onClick={() => actions.request('regenerate', card)}
        >
          <Icon path={ICONS.refresh} />
          QR Yenile
        </button>
      </div>
    </li>
  );
}
