import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES } from '@kartvizit/schemas/messages';
import { useAppSelector } from '../../app/hooks.ts';
import { selectCurrentUser } from '../account/session-slice.ts';
import { EMPTY_DASHBOARD, useGetDashboardStatisticsQuery } from '../telemetry/api.ts';
import { LiveBadge, useStatisticsLive } from '../telemetry/live-badge.tsx';
import { DashboardCardList } from './dashboard-card-list.tsx';
import { DashboardProductList } from './dashboard-product-list.tsx';
import { DashboardStatisticsPanels } from './dashboard-statistics.tsx';
import { StatTiles } from './stat-tiles.tsx';
import '../../shared/ui/states.css';
import './dashboard.css';
import { ICONS, Icon } from '../../shared/ui/icons.tsx';

/**
 * The owner's overview (SPEC "Dashboard"). Statistics follow the live stream; if they cannot be
 * loaded the page shows zeros and empty lists and only logs why (SPEC §8).
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
        <Link className="btn btn--primary dashboard__show-card" to="/show-card">
          <Icon path={ICONS.qr} />
          Kartımı Göster
        </Link>
      </header>

      <StatTiles totals={stats} />
      {stats.totalVisits === 0 && (
        <p className="dashboard__note">Kartınız ziyaret edildikçe istatistikleriniz burada anında görünecek.</p>
      )}

      <DashboardStatisticsPanels stats={stats} />

      <div className="dashboard__grid">
        <DashboardCardList />

        <DashboardProductList />
      </div>
    </div>
  );
}
