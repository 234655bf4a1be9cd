import { useEffect, useId, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { STATISTICS_MESSAGES } from '@kartvizit/schemas/statistics/messages';
import { httpStatus } from '../../shared/command-outcome.ts';
import { formatDateTime } from '../../shared/format.ts';
import { Icon, ICONS } from '../../shared/ui/icons.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { useGetMyCardsQuery } from '../card/api.ts';
import { StatTiles, type TileLabels } from '../dashboard/stat-tiles.tsx';
import {
  EMPTY_CLICK_STATS,
  EMPTY_DEVICE_STATS,
  EMPTY_PRODUCT_STATS,
  useGetClickStatisticsQuery,
  useGetDailyStatisticsQuery,
  useGetDeviceStatisticsQuery,
  useGetLanguageStatisticsQuery,
  useGetLocationStatisticsQuery,
  useGetProductStatisticsQuery,
  useGetProfileStatisticsQuery,
} from './api.ts';
import { LiveBadge, useStatisticsLive } from './live-badge.tsx';
import { downloadText } from '../../shared/download.ts';
import { buildCsv, csvFileName } from './statistics-csv.ts';
import { istanbulDay } from './statistics-facts.ts';
import { hasNoStatistics, isTabId, tabTables, TABS, type StatisticsData, type TabId } from './statistics-view.ts';
import { preloadCharts } from './stats-figures.tsx';
import { StatsTabPanel } from './stats-panels.tsx';
import { Tabs } from './stats-tabs.tsx';
import '../../shared/ui/states.css';
import '../../shared/ui/text-field.css';
import '../card/card-common.css';
import './stats.css';

const TILE_LABELS: TileLabels = {
  totalVisits: 'Toplam Ziyaret',
  uniqueVisitors: 'Tekil Ziyaretçi',
  totalClicks: 'Toplam Tıklama',
  lastVisit: 'Son Ziyaret',
};
const LOAD_ERROR_TOAST_ID = 'statistics-load-error';
const TAB_PARAM = 'sekme';
const CARD_PARAM = 'kart';
/** The same filter as other screens link to it: `/stats?cardId=…` (a card's details page). */
const CARD_ID_PARAM = 'cardId';
const ALL_CARDS = 'Tüm kartlar';

/**
 * The owner's statistics (SPEC "Statistics"): a card filter, four tiles, seven tabs of charts and
 * tables, a CSV of the tab on screen. Tab and card live in the address (`?sekme=cihazlar&kart=…`)
 * so a reload or a shared link opens the same view. The numbers follow the live stream.
 */
export function StatsPage() {
  const [params, setParams] = useSearchParams();
  const requestedTab = params.get(TAB_PARAM);
  const tab: TabId = isTabId(requestedTab) ? requestedTab : 'genel-bakis';
  const cardId = params.get(CARD_PARAM) || params.get(CARD_ID_PARAM) || null;
  const live = useStatisticsLive();
  const filterId = useId();

  const { data: cardsData } = useGetMyCardsQuery();
  const profile = useGetProfileStatisticsQuery(cardId);
  const daily = useGetDailyStatisticsQuery(cardId);
  const locations = useGetLocationStatisticsQuery(cardId);
  const devices = useGetDeviceStatisticsQuery(cardId);
  const languages = useGetLanguageStatisticsQuery(cardId);
  const clicks = useGetClickStatisticsQuery(cardId);
  const products = useGetProductStatisticsQuery(cardId);
  const queries = [profile, daily, locations, devices, languages, clicks, products];
  const loading = queries.some((query) => query.isLoading);
  const switching = queries.some((query) => query.isFetching && query.currentData === undefined);
  const failure = queries.find((query) => query.isError)?.error;
  const failed = failure !== undefined;
  const missingData = queries.some((query) => query.data === undefined);

  useEffect(preloadCharts, []);

  useEffect(() => {
    // A 401 has already ended the session with its own message.
    if (failed && httpStatus(failure) !== 401)
      toast.error(STATISTICS_MESSAGES.statisticsLoadError, { id: LOAD_ERROR_TOAST_ID });
  }, [failed, failure]);

  const data: StatisticsData = useMemo(
    () => ({
      profile: profile.data ?? null,
      daily: daily.data ?? [],
      locations: locations.data ?? [],
      devices: devices.data ?? EMPTY_DEVICE_STATS,
      languages: languages.data ?? [],
      clicks: clicks.data ?? EMPTY_CLICK_STATS,
      products: products.data ?? EMPTY_PRODUCT_STATS,
    }),
    [profile.data, daily.data, locations.data, devices.data, languages.data, clicks.data, products.data],
  );

  const cards = cardsData?.cards ?? [];
  const selectedCard = cards.find((card) => card.cardId === cardId);
  const cardLabel = cardId
    ? selectedCard?.name?.trim()
      ? `${selectedCard.name.trim()} (${cardId})`
      : cardId
    : ALL_CARDS;
  const lastVisit = data.profile?.lastVisitedAt ?? null;
  const totals = {
    totalVisits: data.profile?.visits ?? 0,
    uniqueVisitors: data.profile?.uniqueVisitors ?? 0,
    totalClicks: data.clicks.totalClicks,
    lastVisit,
  };
  const empty = hasNoStatistics(data);

  const update = (changes: Record<string, string | null>) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  };

  const exportCsv = () => {
    const tables = tabTables(tab, data, {
      cardLabel,
      visits: String(totals.totalVisits),
      uniqueVisitors: String(totals.uniqueVisitors),
      clicks: String(totals.totalClicks),
      lastVisit: lastVisit ? formatDateTime(lastVisit) : '',
    });
    downloadText(buildCsv(tables), csvFileName(tab, istanbulDay()), 'text/csv;charset=utf-8');
  };

  if (loading) return <PageSpinner label="İstatistikler yükleniyor..." />;

  return (
    <section className="stats" aria-labelledby="stats-title">
      <title>İstatistikler · Dijital Kartvizit</title>
      <header className="card-page__head">
        <div className="stats__intro">
          <div className="stats__title-row">
            <h1 id="stats-title" className="card-page__title">
              İstatistikler
            </h1>
            <LiveBadge live={live} />
          </div>
          <p className="card-page__lead">Kartlarınızın son 30 gündeki ziyaretleri, ziyaretçileri ve tıklamaları.</p>
        </div>
        <div className="stats__tools">
          <div className="card-field stats__filter">
            <label className="card-field__label" htmlFor={filterId}>
              Kart
            </label>
            <select
              id={filterId}
              className="card-field__input"
              value={cardId ?? ''}
              onChange={(event) => update({ [CARD_PARAM]: event.target.value, [CARD_ID_PARAM]: null })}
            >
              <option value="">{ALL_CARDS}</option>
              {cardId && !selectedCard && <option value={cardId}>{cardId}</option>}
              {cards.map((card) => (
                <option key={card.cardId} value={card.cardId}>
                  {card.name?.trim() ? `${card.name.trim()} (${card.cardId})` : card.cardId}
                </option>
              ))}
            </select>
          </div>
          <button type="button" className="btn btn--secondary" onClick={exportCsv} disabled={empty || missingData}>
            <Icon path={ICONS.download} />
            CSV İndir
          </button>
        </div>
      </header>

      {failed && missingData ? (
        <div className="panel stats-problem" role="alert">
          <p className="empty-state__title">{STATISTICS_MESSAGES.statisticsLoadError}</p>
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => {
              for (const query of queries) void query.refetch();
            }}
          >
            Tekrar Dene
          </button>
        </div>
      ) : (
        <div className="stats__body" aria-busy={switching}>
          <StatTiles totals={totals} labels={TILE_LABELS} />
          <p className="stats__note">
            <Icon path={ICONS.info} />
            <span>{STATISTICS_MESSAGES.statisticsUniqueVisitorsHint}</span>
          </p>

          {empty ? (
            <div className="panel empty-state stats-empty">
              <Icon path={ICONS.chart} className="empty-state__icon" />
              <p className="empty-state__title">{STATISTICS_MESSAGES.statisticsNotFound}</p>
              <p className="empty-state__text">
                {STATISTICS_MESSAGES.statisticsNotFoundHint} Kartınız ziyaret edildiğinde bu sayfa kendiliğinden
                güncellenir.
              </p>
              <div className="stats-empty__actions">
                <Link className="btn btn--secondary" to="/cards">
                  Kartlarım
                </Link>
                <Link className="btn btn--primary" to="/activate">
                  Kart Aktifleştir
                </Link>
              </div>
            </div>
          ) : (
            <Tabs
              tabs={TABS}
              selected={tab}
              onSelect={(next) => update({ [TAB_PARAM]: next === 'genel-bakis' ? null : next })}
              label="İstatistik bölümleri"
            >
              <StatsTabPanel tab={tab} data={data} />
            </Tabs>
          )}
        </div>
      )}
    </section>
  );
}
