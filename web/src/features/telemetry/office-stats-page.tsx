import { useEffect, useId, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { STATISTICS_MESSAGES } from '@kartvizit/schemas/statistics/messages';
import { httpStatus } from '../../shared/command-outcome.ts';
import { downloadText } from '../../shared/download.ts';
import { Icon, ICONS } from '../../shared/ui/icons.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import '../dashboard/stat-tiles.css';
import { useGetOfficeStatisticsQuery, type OfficeStatistics as Figures } from './api.ts';
import { LiveBadge, useStatisticsLive } from './live-badge.tsx';
import {
  OFFICE_PERIODS,
  memberLabel,
  memberSlices,
  officeCsvFileName,
  officeIsQuiet,
  officeTables,
  periodDaysOf,
  periodFrom,
} from './office-statistics-view.ts';
import { buildCsv } from './statistics-csv.ts';
import { formatCount, formatShare, istanbulDay, longDayLabel, shareOf, weekdayLabel } from './statistics-facts.ts';
import { DataTable, Figure, LineFigure, PieFigure, preloadCharts, tableRegionLabel } from './stats-figures.tsx';
import '../../shared/ui/states.css';
import '../../shared/ui/text-field.css';
import '../card/card-common.css';
import './stats.css';

const PERIOD_PARAM = 'donem';
const LOAD_ERROR_TOAST_ID = 'office-statistics-load-error';

type Member = Figures['members'][number];
type Day = Figures['daily'][number];

/**
 * 'Takım İstatistikleri' (/office/stats, issue 30) for an office's admin: the period's visits, unique visitors,
 * clicks and leads of the office's cards in tiles, a daily chart, the members' share of the visits and a table per
 * member, each chart with its table, and a CSV of it all. The period lives in the address (`?donem=90`).
 * Live like /stats: the office's team stream says when any member's figures or the office's leads changed.
 */
export function OfficeStatistics({ officeId }: { readonly officeId: string }) {
  const [params, setParams] = useSearchParams();
  const days = periodDaysOf(params.get(PERIOD_PARAM));
  const periodId = useId();
  const from = periodFrom(istanbulDay(), days);
  const query = useGetOfficeStatisticsQuery({ officeId, from });
  const live = useStatisticsLive(officeId);
  const { data, isLoading, isError, error, isFetching, refetch } = query;

  useEffect(preloadCharts, []);
  useEffect(() => {
    // A 401 has already ended the session with its own message; 403/404 are shown on the page.
    const status = httpStatus(error);
    if (isError && status !== 401 && status !== 403 && status !== 404)
      toast.error(STATISTICS_MESSAGES.statisticsLoadError, { id: LOAD_ERROR_TOAST_ID });
  }, [isError, error]);

  const series = useMemo(
    () => (data?.daily ?? []).map((day) => ({ date: day.date, count: day.visits, uniqueVisitors: day.uniqueVisitors })),
    [data],
  );

  const choosePeriod = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (periodDaysOf(value) === periodDaysOf(null)) next.delete(PERIOD_PARAM);
        else next.set(PERIOD_PARAM, value);
        return next;
      },
      { replace: true },
    );

  const exportCsv = () => {
    if (data) downloadText(buildCsv(officeTables(data)), officeCsvFileName(data), 'text/csv;charset=utf-8');
  };

  if (isLoading) return <PageSpinner label="Takım istatistikleri yükleniyor..." />;

  return (
    <section className="stats" aria-label="Takım istatistikleri">
      <title>Takım İstatistikleri · Dijital Kartvizit</title>
      <div className="stats__tools">
        <LiveBadge live={live} />
        <div className="card-field stats__filter">
          <label className="card-field__label" htmlFor={periodId}>
            Dönem
          </label>
          <select
            id={periodId}
            className="card-field__input"
            value={String(days)}
            onChange={(event) => choosePeriod(event.target.value)}
          >
            {OFFICE_PERIODS.map((period) => (
              <option key={period.days} value={String(period.days)}>
                {period.label}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="btn btn--secondary"
          onClick={exportCsv}
          disabled={!data || officeIsQuiet(data)}
        >
          <Icon path={ICONS.download} />
          CSV İndir
        </button>
      </div>

      {!data ? (
        <div className="panel stats-problem" role="alert">
          <p className="empty-state__title">
            {isError && (httpStatus(error) === 403 || httpStatus(error) === 404)
              ? 'Takım istatistiklerini yalnızca ofis yöneticileri görebilir'
              : STATISTICS_MESSAGES.statisticsLoadError}
          </p>
          <button type="button" className="btn btn--primary" onClick={() => void refetch()} disabled={isFetching}>
            Tekrar Dene
          </button>
        </div>
      ) : (
        <div className="stats__body" aria-busy={isFetching && query.currentData === undefined}>
          <p className="card-page__lead">
            {longDayLabel(data.period.from)} – {longDayLabel(data.period.to)}: ofis kartlarının ziyaretleri, tıklamaları
            ve bağlantıları.
          </p>
          <TeamTiles data={data} />
          <p className="stats__note">
            <Icon path={ICONS.info} />
            <span>{STATISTICS_MESSAGES.statisticsTeamUniqueVisitorsHint}</span>
          </p>
          {officeIsQuiet(data) ? (
            <div className="panel empty-state stats-empty">
              <Icon path={ICONS.chart} className="empty-state__icon" />
              <p className="empty-state__title">Bu dönemde ofis kartları ziyaret edilmedi</p>
              <p className="empty-state__text">
                Ofisin kartları ziyaret edildiğinde, tıklandığında ya da bir bağlantı bırakıldığında burada görünür; bu
                sayfa kendiliğinden güncellenir.
              </p>
            </div>
          ) : (
            <div className="stats-grid">
              <div className="stats-grid__wide">
                <LineFigure title="Günlük ziyaretler" series={series} withTableToggle={false} />
              </div>
              <PieFigure
                title="Ziyaretlerin üyelere dağılımı"
                slices={memberSlices(data.members)}
                emptyText="Bu dönemde ziyaret yok."
                unit="ziyaret"
                labelHeader="Üye"
                valueHeader="Ziyaret"
              />
              <DailyFigure daily={data.daily} />
            </div>
          )}
          <MembersFigure data={data} />
        </div>
      )}
    </section>
  );
}

/** The period's four headline figures, in the tiles of /stats (the team has no single "last visit": its leads). */
function TeamTiles({ data }: { readonly data: Figures }) {
  const tiles = [
    ['Toplam Ziyaret', data.totals.visits],
    ['Tekil Ziyaretçi', data.totals.uniqueVisitors],
    ['Toplam Tıklama', data.totals.clicks],
    ['Bağlantı', data.totals.leads],
  ] as const;
  return (
    <ul className="stat-tiles" aria-label="Özet istatistikler">
      {tiles.map(([label, value]) => (
        <li key={label} className="stat-tile panel">
          <span className="stat-tile__label">{label}</span>
          <span className="stat-tile__value">{formatCount(value)}</span>
        </li>
      ))}
    </ul>
  );
}

function DailyFigure({ daily }: { readonly daily: readonly Day[] }) {
  const title = 'Gün gün';
  return (
    <Figure title={title}>
      <details className="stats-details">
        <summary>Tablo olarak göster</summary>
        <DataTable
          caption={title}
          captionHidden
          label={tableRegionLabel(title)}
          rows={[...daily].reverse()}
          rowKey={(day) => day.date}
          columns={[
            {
              header: 'Tarih',
              cell: (day) => (
                <span className="stats-table__day">
                  {longDayLabel(day.date)} <span className="stats-table__muted">{weekdayLabel(day.date)}</span>
                </span>
              ),
            },
            { header: 'Ziyaret', cell: (day) => formatCount(day.visits), numeric: true },
            { header: 'Tekil Ziyaretçi', cell: (day) => formatCount(day.uniqueVisitors), numeric: true },
            { header: 'Tıklama', cell: (day) => formatCount(day.clicks), numeric: true },
            { header: 'Bağlantı', cell: (day) => formatCount(day.leads), numeric: true },
          ]}
        />
      </details>
    </Figure>
  );
}

/** Every member's figures: the screen's main table (and the CSV's). */
function MembersFigure({ data }: { readonly data: Figures }) {
  const title = 'Üyeler';
  return (
    <Figure title={title}>
      <DataTable<Member>
        caption={title}
        captionHidden
        label={tableRegionLabel(title)}
        rows={data.members}
        rowKey={(member) => member.userId}
        emptyText="Ofiste henüz üye yok."
        columns={[
          { header: 'Üye', cell: (member) => memberLabel(member) },
          { header: 'Ziyaret', cell: (member) => formatCount(member.visits), numeric: true },
          {
            header: 'Ziyaret Payı',
            cell: (member) => formatShare(shareOf(member.visits, data.totals.visits)),
            numeric: true,
          },
          { header: 'Tekil Ziyaretçi', cell: (member) => formatCount(member.uniqueVisitors), numeric: true },
          { header: 'Tıklama', cell: (member) => formatCount(member.clicks), numeric: true },
          { header: 'Bağlantı', cell: (member) => formatCount(member.leads), numeric: true },
        ]}
      />
    </Figure>
  );
}
