import { Link } from 'react-router-dom';
import { DASHBOARD_CARD_COUNT } from '@kartvizit/schemas/constants';
import { CARD_MESSAGES } from '@kartvizit/schemas/card/messages';
import { useGetMyCardsQuery, type Card } from '../card/api.ts';
import { cardStatus, cardTypeLabel } from '../card/card-facts.ts';
import { StatusBadge } from '../card/status-badge.tsx';
import '../../shared/ui/states.css';
import '../card/card-common.css';
import './dashboard-card-list.css';

/**
 * The dashboard's card panel (SPEC "Dashboard"): up to three cards with id, type and status; an
 * active card leads to its page, one waiting for activation to the activation screen. A load
 * failure shows the empty list, as the dashboard does for all its data.
 */
export function DashboardCardList() {
  const { data, isLoading } = useGetMyCardsQuery();
  const cards = data?.cards.slice(0, DASHBOARD_CARD_COUNT) ?? [];

  return (
    <section className="panel dashboard__panel" aria-labelledby="dashboard-cards-title" aria-busy={isLoading}>
      <div className="dashboard__panel-head">
        <h2 id="dashboard-cards-title">Kartlarım</h2>
        <Link to="/cards">Tümünü gör</Link>
      </div>
      {isLoading ? (
        <ul className="dashboard-cards" aria-hidden="true">
          {[0, 1].map((index) => (
            <li key={index} className="dashboard-cards__item dashboard-cards__item--placeholder" />
          ))}
        </ul>
      ) : cards.length === 0 ? (
        <div className="empty-state">
          <svg className="empty-state__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              d="M3 6.5h18v11H3zM3 10h18M6.5 14.5h4"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <p className="empty-state__title">{CARD_MESSAGES.cardsEmpty}</p>
          <p className="empty-state__text">
            Fiziksel kartınızı kart ID’si ile aktifleştirin ya da sanal bir kart oluşturun.
          </p>
          <Link className="btn btn--primary" to="/activate">
            Kart Aktifleştir
          </Link>
        </div>
      ) : (
        <ul className="dashboard-cards">
          {cards.map((card) => (
            <DashboardCardRow key={card.cardId} card={card} />
          ))}
        </ul>
      )}
    </section>
  );
}

function DashboardCardRow({ card }: { readonly card: Card }) {
  const status = cardStatus(card);
  const name = card.name?.trim();
  return (
    <li className="dashboard-cards__item">
      <span className={`dashboard-cards__swatch color-dot color-dot--${card.color}`} aria-hidden="true" />
      <span className="dashboard-cards__text">
        <span className="dashboard-cards__id mono">{card.cardId}</span>
        <span className="dashboard-cards__meta">
          {cardTypeLabel(card.type)}
          {name && ` · ${name}`}
        </span>
      </span>
      <StatusBadge status={status} />
      {status === 'pending' ? (
        <Link
          className="btn btn--primary btn--sm dashboard-cards__link"
          to={`/activate?cardId=${encodeURIComponent(card.cardId)}`}
        >
          Aktifleştir<span className="visually-hidden"> ({card.cardId})</span>
        </Link>
      ) : (
        <Link
          className="btn btn--secondary btn--sm dashboard-cards__link"
          to={`/cards/${encodeURIComponent(card.cardId)}`}
        >
          Detaylar<span className="visually-hidden"> ({card.cardId})</span>
        </Link>
      )}
    </li>
  );
}
