import { formatDateTime, formatNumber } from '../../shared/format.ts';
import './stat-tiles.css';

/** The dashboard's headline numbers (SPEC §3, dashboard statistics). */
export interface DashboardTotals {
  readonly totalVisits: number;
  readonly uniqueVisitors: number;
  readonly totalClicks: number;
  /** ISO time of the latest visit, or null when nobody has visited yet. */
  readonly lastVisit: string | null;
}

export const EMPTY_TOTALS: DashboardTotals = { totalVisits: 0, uniqueVisitors: 0, totalClicks: 0, lastVisit: null };

const ICONS = {
  visits: 'M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12Zm9.5 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z',
  unique: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7.5 8a7.5 7.5 0 0 1 15 0',
  clicks: 'M9 4v3M4 9h3M5.5 5.5l2 2M12 11l8 3-3.5 1.5L15 19l-3-8Z',
  last: 'M12 7v5l3 2m6-2a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
} as const;

interface TileProps {
  readonly label: string;
  readonly value: string;
  readonly icon: string;
  readonly wide?: boolean;
}

function StatTile({ label, value, icon, wide }: TileProps) {
  return (
    <li className={wide ? 'stat-tile stat-tile--text panel' : 'stat-tile panel'}>
      <svg className="stat-tile__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d={icon}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="stat-tile__label">{label}</span>
      <span className="stat-tile__value">{value}</span>
    </li>
  );
}

export interface TileLabels {
  readonly totalVisits: string;
  readonly uniqueVisitors: string;
  readonly totalClicks: string;
  readonly lastVisit: string;
}

/** The dashboard's wording (SPEC "Dashboard"); the statistics screen names them its own way. */
export const DASHBOARD_TILE_LABELS: TileLabels = {
  totalVisits: 'Toplam Ziyaret',
  uniqueVisitors: 'Tekil Ziyaretçi',
  totalClicks: 'Tıklamalar',
  lastVisit: 'Son Ziyaret',
};

interface StatTilesProps {
  /** Absent while the statistics are not available; every tile then reads zero. */
  readonly totals?: DashboardTotals;
  readonly labels?: TileLabels;
}

export function StatTiles({ totals = EMPTY_TOTALS, labels = DASHBOARD_TILE_LABELS }: StatTilesProps) {
  return (
    <ul className="stat-tiles" aria-label="Özet istatistikler">
      <StatTile label={labels.totalVisits} value={formatNumber(totals.totalVisits)} icon={ICONS.visits} />
      <StatTile label={labels.uniqueVisitors} value={formatNumber(totals.uniqueVisitors)} icon={ICONS.unique} />
      <StatTile label={labels.totalClicks} value={formatNumber(totals.totalClicks)} icon={ICONS.clicks} />
      <StatTile
        label={labels.lastVisit}
        value={totals.lastVisit ? formatDateTime(totals.lastVisit) : '—'}
        icon={ICONS.last}
        wide={totals.lastVisit !== null}
      />
    </ul>
  );
}
