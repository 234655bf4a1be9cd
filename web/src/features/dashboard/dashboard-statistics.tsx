import { Link } from 'react-router-dom';
import type { DashboardStatistics } from '../telemetry/api.ts';
import { ShareBars } from '../telemetry/share-bars.tsx';
import {
  barPercent,
  DEVICE_COLORS,
  DEVICE_LABELS,
  DEVICE_ORDER,
  dayMonthLabel,
  formatCount,
  longDayLabel,
  scaleMax,
  shareOf,
} from '../telemetry/statistics-facts.ts';
import './dashboard-statistics.css';

/**
 * The dashboard's two statistics panels (SPEC "Dashboard"): device distribution as bars of each
 * device's share of all visits, and the recent days as columns scaled to the busiest day. Plain
 * HTML and CSS: the chart library stays with the statistics screen.
 */
export function DashboardStatisticsPanels({ stats }: { readonly stats: DashboardStatistics }) {
  return (
    <div className="dashboard__grid dashboard__grid--stats">
      <RecentVisits days={stats.recentDailyVisits} />
      <DeviceDistribution devices={stats.topDevices} totalVisits={stats.totalVisits} />
    </div>
  );
}

function RecentVisits({ days }: { readonly days: DashboardStatistics['recentDailyVisits'] }) {
  const max = scaleMax(days.map((day) => day.count));
  return (
    <section className="panel dashboard__panel" aria-labelledby="dashboard-daily-title">
      <div className="dashboard__panel-head">
        <h2 id="dashboard-daily-title">{days.length > 0 ? `Son ${days.length} Gün` : 'Son Günler'}</h2>
        <Link to="/stats">Tüm istatistikler</Link>
      </div>
      {days.length === 0 ? (
        <p className="dash-empty">Henüz ziyaret verisi yok.</p>
      ) : (
        <ol className="day-bars" aria-label="Günlük ziyaretler">
          {days.map((day) => {
            const height = barPercent(day.count, max, 0);
            return (
              <li key={day.date} className="day-bars__day">
                <span className="day-bars__count" aria-hidden="true">
                  {formatCount(day.count)}
                </span>
                <span className="day-bars__track" aria-hidden="true">
                  <span className="day-bars__bar" style={{ height: `${height}%` }} data-zero={day.count === 0 || undefined} />
                </span>
                <span className="day-bars__label" aria-hidden="true">
                  {dayMonthLabel(day.date)}
                </span>
                <span className="visually-hidden">
                  {longDayLabel(day.date)}: {formatCount(day.count)} ziyaret
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

function DeviceDistribution({
  devices,
  totalVisits,
}: {
  readonly devices: DashboardStatistics['topDevices'];
  readonly totalVisits: number;
}) {
  const counts = new Map(devices.map((entry) => [entry.deviceType, entry.count]));
  return (
    <section className="panel dashboard__panel" aria-labelledby="dashboard-devices-title">
      <div className="dashboard__panel-head">
        <h2 id="dashboard-devices-title">Cihaz Dağılımı</h2>
        <Link to="/stats?sekme=cihazlar">Ayrıntılar</Link>
      </div>
      <ShareBars
        label="Cihazlara göre ziyaretler"
        rows={DEVICE_ORDER.map((type) => {
          const count = counts.get(type) ?? 0;
          return { key: type, label: DEVICE_LABELS[type], count, share: shareOf(count, totalVisits), color: DEVICE_COLORS[type] };
        })}
      />
    </section>
  );
}
