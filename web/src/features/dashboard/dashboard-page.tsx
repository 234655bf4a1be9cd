import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES } from '@kartvizit/schemas/messages';
import { useAppSelector } from '../../app/hooks.ts';
import { selectCurrentUser } from '../account/session-slice.ts';
import { EMPTY_DASHBOARD, useGetDashboardStatisticsQuery } from '../telemetry/api.ts';
import { LiveBadge, useStatisticsLive } from '../telemetry/live-badge.tsx';
import { DashboardCardList } from './dashboard-card-list.tsx';
import { DashboardStatisticsPanels } from './dashboard-statistics.tsx';
import { StatTiles } from './stat-tiles.tsx';
import '../../shared/ui/states.css';
import './dashboard.css';

/**
 * The owner's overview (SPEC "Dashboard"). Statistics follow the live stream; if they cannot be
 * loaded the page shows zeros and empty lists and only logs why (SPEC §8). Products arrive in
 * later work: until then an honest empty state.
 */
export function DashboardPage() {
  const user = useAppSelector(selectCurrentUser);
  const firstName = user?.firstName.trim() || MESSAGES.defaultUserName;
  const live = useStatisticsLive();
  const { data, error, isError } = useGetDashboardStatisticsQuery();
  const stats = data ?? EMPTY_DASHBOARD;

  useEffect(() => {
    if (isError) console.error('Panel istatistikleri yüklenemedi', error);
  }, [isError, error]);

  return (
    <div className="dashboard">
      <title>Ana Sayfa · Dijital Kartvizit</title>
      <header className="dashboard__header">
        <div className="dashboard__title-row">
          <h1>Hoş geldiniz, {firstName}</h1>
          <LiveBadge live={live} />
        </div>
        <p>Kartlarınızın, ürünlerinizin ve ziyaretlerinizin özeti burada.</p>
      </header>

      <StatTiles totals={stats} />
      {stats.totalVisits === 0 && (
        <p className="dashboard__note">Kartınız ziyaret edildikçe istatistikleriniz burada anında görünecek.</p>
      )}

      <DashboardStatisticsPanels stats={stats} />

      <div className="dashboard__grid">
        <DashboardCardList />

        <section className="panel dashboard__panel" aria-labelledby="dashboard-products-title">
          <div className="dashboard__panel-head">
            <h2 id="dashboard-products-title">Ürün Kataloğu</h2>
            <Link to="/products">Tümünü gör</Link>
          </div>
          <div className="empty-state">
            <svg className="empty-state__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path
                d="M4 7.5 12 3l8 4.5v9L12 21l-8-4.5v-9Zm0 0 8 4.5m0 0 8-4.5M12 12v9"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            <p className="empty-state__title">Henüz ürün eklemediniz</p>
            <p className="empty-state__text">Eklediğiniz ürünler kartınızı ziyaret edenlere gösterilir.</p>
            <Link className="btn btn--secondary" to="/products">
              Ürün Kataloğuna Git
            </Link>
          </div>
        </section>
      </div>
    </div>
  );
}
