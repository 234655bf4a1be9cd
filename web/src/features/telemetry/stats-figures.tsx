import { lazy, Suspense, useId, type ReactNode } from 'react';
import { formatCount, formatShare, longDayLabel, shareOf, sum, weekdayLabel, type Slice } from './statistics-facts.ts';
import type { SeriesPoint } from './stats-charts.tsx';

// visx and its d3 parts load in their own chunk: asked for as soon as the statistics screen opens
// (preloadCharts), so the first push that turns "no statistics" into charts does not wait for it.
const loadCharts = () => import('./stats-charts.tsx');

export function preloadCharts(): void {
  loadCharts().catch(() => undefined);
}
const VisitsLineChart = lazy(async () => ({ default: (await loadCharts()).VisitsLineChart }));
const SharePieChart = lazy(async () => ({ default: (await loadCharts()).SharePieChart }));

function ChartPlaceholder({ height }: { readonly height: number }) {
  return <div className="chart-placeholder" style={{ height }} aria-hidden="true" />;
}

export interface Column<Row> {
  readonly header: string;
  readonly cell: (row: Row) => ReactNode;
  readonly numeric?: boolean;
}

/**
 * The scrolling box around a table is a region (so a keyboard can scroll it and a screen reader
 * names it). When the table repeats its figure's title, the box says it is the table, so the
 * page never has two regions of one name (axe `landmark-unique`).
 */
export function tableRegionLabel(title: string): string {
  return `${title} tablosu`;
}

interface DataTableProps<Row> {
  readonly caption: string;
  readonly captionHidden?: boolean;
  readonly columns: readonly Column<Row>[];
  readonly rows: readonly Row[];
  readonly rowKey: (row: Row) => string;
  readonly emptyText?: string;
  /** The region's name when the caption is already the name of the figure around it. */
  readonly label?: string;
}

export function DataTable<Row>({ caption, captionHidden, columns, rows, rowKey, emptyText, label }: DataTableProps<Row>) {
  if (rows.length === 0 && emptyText) return <p className="chart-empty">{emptyText}</p>;
  return (
    <div className="stats-table-wrap" role="region" aria-label={label ?? caption} tabIndex={0}>
      <table className="stats-table">
        <caption className={captionHidden ? 'visually-hidden' : undefined}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={column.numeric ? 'is-numeric' : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column, index) =>
                index === 0 ? (
                  <th key={column.header} scope="row" className={column.numeric ? 'is-numeric' : undefined}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.header} className={column.numeric ? 'is-numeric' : undefined}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface FigureProps {
  readonly title: string;
  readonly children: ReactNode;
  readonly action?: ReactNode;
  readonly className?: string;
}

/**
 * A titled panel around one chart (and its table): a region named by its heading. The page's h1
 * is the screen title and the tabs carry no heading, so each panel's title is an h2.
 */
export function Figure({ title, children, action, className }: FigureProps) {
  const titleId = useId();
  return (
    <section className={`panel stats-figure ${className ?? ''}`} aria-labelledby={titleId}>
      <div className="stats-figure__head">
        <h2 id={titleId}>{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

interface LineFigureProps {
  readonly title: string;
  readonly series: readonly (SeriesPoint & { readonly uniqueVisitors?: number })[];
  /** The table beside the chart is shown elsewhere on the tab; otherwise it can be opened here. */
  readonly withTableToggle?: boolean;
}

export function LineFigure({ title, series, withTableToggle = true }: LineFigureProps) {
  const total = sum(series.map((point) => point.count));
  return (
    <Figure title={title} action={<span className="stats-figure__total">{formatCount(total)} ziyaret</span>}>
      <Suspense fallback={<ChartPlaceholder height={240} />}>
        <VisitsLineChart series={series} title={title} />
      </Suspense>
      {withTableToggle && (
        <details className="stats-details">
          <summary>Tablo olarak göster</summary>
          <DailyTable series={series} caption={title} label={tableRegionLabel(title)} />
        </details>
      )}
    </Figure>
  );
}

export function DailyTable({
  series,
  caption,
  captionHidden = true,
  label,
}: {
  readonly series: readonly (SeriesPoint & { readonly uniqueVisitors?: number })[];
  readonly caption: string;
  readonly captionHidden?: boolean;
  readonly label?: string;
}) {
  const newestFirst = [...series].reverse();
  const withUnique = series.some((point) => point.uniqueVisitors !== undefined);
  const columns: Column<(typeof newestFirst)[number]>[] = [
    {
      header: 'Tarih',
      cell: (point) => (
        <span className="stats-table__day">
          {longDayLabel(point.date)} <span className="stats-table__muted">{weekdayLabel(point.date)}</span>
        </span>
      ),
    },
    { header: 'Ziyaret', cell: (point) => formatCount(point.count), numeric: true },
  ];
  if (withUnique) columns.push({ header: 'Tekil Ziyaretçi', cell: (point) => formatCount(point.uniqueVisitors ?? 0), numeric: true });
  return (
    <DataTable
      caption={caption}
      captionHidden={captionHidden}
      label={label}
      columns={columns}
      rows={newestFirst}
      rowKey={(point) => point.date}
    />
  );
}

interface PieFigureProps {
  readonly title: string;
  readonly slices: readonly Slice[];
  readonly emptyText: string;
  readonly unit: string;
  readonly labelHeader: string;
  readonly valueHeader: string;
  readonly children?: ReactNode;
}

/** A donut with its legend as a real table (the chart's accessible twin), or an empty-state text. */
export function PieFigure({ title, slices, emptyText, unit, labelHeader, valueHeader, children }: PieFigureProps) {
  const total = sum(slices.map((slice) => slice.value));
  return (
    <Figure title={title}>
      {total === 0 ? (
        <p className="chart-empty">{emptyText}</p>
      ) : (
        <div className="pie-figure">
          <Suspense fallback={<ChartPlaceholder height={200} />}>
            <SharePieChart slices={slices} title={title} unit={unit} />
          </Suspense>
          <DataTable
            caption={title}
            captionHidden
            label={tableRegionLabel(title)}
            columns={[
              {
                header: labelHeader,
                cell: (slice) => (
                  <span className="legend-label">
                    <span className="legend-swatch" style={{ background: slice.color }} aria-hidden="true" />
                    {slice.label}
                  </span>
                ),
              },
              { header: valueHeader, cell: (slice) => formatCount(slice.value), numeric: true },
              { header: 'Yüzde', cell: (slice) => formatShare(shareOf(slice.value, total)), numeric: true },
            ]}
            rows={slices}
            rowKey={(slice) => slice.key}
          />
        </div>
      )}
      {children}
    </Figure>
  );
}
