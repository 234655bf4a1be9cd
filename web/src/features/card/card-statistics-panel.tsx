import { useId } from 'react';
import { Link } from 'react-router-dom';
import { httpStatus } from '../../shared/command-outcome.ts';
import { formatDateTime } from '../../shared/format.ts';
import { Icon, ICONS } from '../../shared/ui/icons.tsx';
import { useGetDashboardStatisticsQuery } from '../telemetry/api.ts';
import { LiveBadge, useStatisticsLive } from '../telemetry/live-badge.tsx';
import { formatCount, sum } from '../telemetry/statistics-facts.ts';

/** Where this card's full statistics are: /stats narrowed to the card. */
export function cardStatisticsPath(cardId: string): string {
  return `/stats?${new URLSearchParams({ cardId }).toString()}`;
}

/**
 * The card's own figures (visits, unique visitors, clicks, last visit, the last days) from the
 * statistics read model, kept current by the owner's live stream, with the way to the details.
 */
export function CardStatisticsPanel({ cardId }: { readonly cardId: string }) {
  const titleId = useId();
  const live = useStatisticsLive();
  const { data, isLoading, isError, isFetching, error, refetch } = useGetDashboardStatisticsQuery(cardId);

  let body;
  if (isLoading) {
    body = <p className="detail-panel__note">İstatistikler yükleniyor...</p>;
  } else if (!data) {
    // A 401 has already ended the session with its own message.
    body =
      isError && httpStatus(error) === 401 ? null : (
        <div className="card-figures__problem" role="alert">
          <p>Bu kartın istatistikleri alınamadı.</p>
          <button type="button" className="btn btn--secondary" onClick={() => void refetch()} disabled={isFetching}>
            Tekrar Dene
          </button>
        </div>
      );
  } else {
    const recentVisits = sum(data.recentDailyVisits.map((day) => day.count));
    const days = data.recentDailyVisits.length;
    body = (
      <>
        <dl className="card-figures">
          <div className="card-figures__item">
            <dt>Toplam Ziyaret</dt>
            <dd>{formatCount(data.totalVisits)}</dd>
          </div>
          <div className="card-figures__item">
            <dt>Tekil Ziyaretçi</dt>
            <dd>{formatCount(data.uniqueVisitors)}</dd>
          </div>
          <div className="card-figures__item">
            <dt>Tıklamalar</dt>
            <dd>{formatCount(data.totalClicks)}</dd>
          </div>
          <div className="card-figures__item card-figures__item--text">
            <dt>Son Ziyaret</dt>
            <dd>{data.lastVisit ? formatDateTime(data.lastVisit) : '—'}</dd>
          </div>
        </dl>
        <p className="detail-panel__note">
          {data.totalVisits === 0
            ? 'Bu kart henüz ziyaret edilmedi. Kartınız okutuldukça ziyaretler burada anında görünür.'
            : `Son ${days} günde ${formatCount(recentVisits)} ziyaret.`}
        </p>
      </>
    );
  }

  return (
    <section className="panel detail-panel detail-panel--visits" aria-labelledby={titleId}>
      <div className="detail-panel__head">
        <h2 id={titleId} className="detail-panel__title">
          Ziyaretler
        </h2>
        <LiveBadge live={live} />
      </div>
      {body}
      <Link className="btn btn--secondary card-figures__link" to={cardStatisticsPath(cardId)}>
        <Icon path={ICONS.chart} />
        Ayrıntılı İstatistikler
      </Link>
    </section>
  );
}
