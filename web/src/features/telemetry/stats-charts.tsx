import { useId, type PointerEvent } from 'react';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { curveMonotoneX } from '@visx/curve';
import { localPoint } from '@visx/event';
import { Group } from '@visx/group';
import { useParentSize } from '@visx/responsive';
import { scaleLinear } from '@visx/scale';
import { AreaClosed, Line, LinePath, Pie } from '@visx/shape';
import { useTooltip } from '@visx/tooltip';
import {
  dayMonthLabel,
  formatCount,
  formatShare,
  longDayLabel,
  scaleMax,
  seriesSummary,
  shareOf,
  slicesSummary,
  sum,
  type Slice,
} from './statistics-facts.ts';

/*
 * The SVG drawings of the statistics screen, drawn with visx. This module is loaded lazily (its
 * own chunk with visx and the d3 parts it uses): the dashboard and the rest of the app never
 * download it. Each drawing is an image with a title and a description; the numbers it shows are
 * also in a table next to it (see stats-figures.tsx).
 */

const BRAND = '#4f46e5';
const GRID = '#e2e8f0';
const AXIS_TEXT = '#475569';

export interface SeriesPoint {
  readonly date: string;
  readonly count: number;
}

interface LineChartProps {
  readonly series: readonly SeriesPoint[];
  readonly title: string;
  readonly height?: number;
}

/** Indices to label on the x axis: today always, then every `step` days back. */
function labelledIndices(length: number, room: number): number[] {
  if (length === 0) return [];
  const step = Math.max(1, Math.ceil(length / Math.max(2, room)));
  const indices: number[] = [];
  for (let index = length - 1; index >= 0; index -= step) indices.unshift(index);
  return indices;
}

/** Visits per day over the last 30 days, with a hover/touch read-out of the nearest day. */
export function VisitsLineChart({ series, title, height = 240 }: LineChartProps) {
  const { parentRef, width } = useParentSize({ debounceTime: 60 });
  const titleId = useId();
  const descId = useId();
  const { tooltipOpen, tooltipData, tooltipLeft, showTooltip, hideTooltip } = useTooltip<number>();

  const max = scaleMax(series.map((point) => point.count));
  const margin = { top: 14, right: 20, bottom: 30, left: 14 + 8 * formatCount(max).length };
  const innerWidth = Math.max(0, width - margin.left - margin.right);
  const innerHeight = Math.max(0, height - margin.top - margin.bottom);
  const last = Math.max(1, series.length - 1);
  const xScale = scaleLinear<number>({ domain: [0, last], range: [0, innerWidth] });
  const yScale = scaleLinear<number>({ domain: [0, max], range: [innerHeight, 0], nice: true });
  const yTicks = yScale.ticks(Math.min(4, max)).filter((tick) => Number.isInteger(tick));
  const xTicks = labelledIndices(series.length, Math.floor(innerWidth / 52));
  const x = (_point: SeriesPoint, index: number) => xScale(index);
  const y = (point: SeriesPoint) => yScale(point.count);
  const gradientId = `${titleId}-fill`.replace(/:/g, '');

  const onPointer = (event: PointerEvent<SVGRectElement>) => {
    const point = localPoint(event);
    if (!point || series.length === 0) return;
    const index = Math.min(series.length - 1, Math.max(0, Math.round(xScale.invert(point.x - margin.left))));
    showTooltip({ tooltipData: index, tooltipLeft: margin.left + xScale(index) });
  };

  const hovered = tooltipOpen && tooltipData !== undefined ? series[tooltipData] : undefined;

  return (
    <div ref={parentRef} className="line-chart" style={{ height }}>
      {width > 0 && (
        <svg width={width} height={height} role="img" aria-labelledby={titleId} aria-describedby={descId}>
          <title id={titleId}>{title}</title>
          <desc id={descId}>{seriesSummary(series)}</desc>
          <defs>
            <linearGradient id={gradientId} x1="0" x2="0" y1="0" y2="1">
              <stop offset="0%" stopColor={BRAND} stopOpacity={0.28} />
              <stop offset="100%" stopColor={BRAND} stopOpacity={0.02} />
            </linearGradient>
          </defs>
          <Group left={margin.left} top={margin.top}>
            {yTicks.map((tick) => (
              <line key={tick} x1={0} x2={innerWidth} y1={yScale(tick)} y2={yScale(tick)} stroke={GRID} strokeDasharray={tick === 0 ? undefined : '3 4'} />
            ))}
            <AreaClosed<SeriesPoint> data={[...series]} x={x} y={y} yScale={yScale} curve={curveMonotoneX} fill={`url(#${gradientId})`} />
            <LinePath<SeriesPoint> data={[...series]} x={x} y={y} curve={curveMonotoneX} stroke={BRAND} strokeWidth={2.5} strokeLinecap="round" />
            {series.map((point, index) =>
              point.count > 0 || index === series.length - 1 ? (
                <circle key={point.date} cx={xScale(index)} cy={yScale(point.count)} r={index === series.length - 1 ? 4 : 2.75} fill="#fff" stroke={BRAND} strokeWidth={2} />
              ) : null,
            )}
            {hovered && tooltipData !== undefined && (
              <g pointerEvents="none">
                <Line from={{ x: xScale(tooltipData), y: 0 }} to={{ x: xScale(tooltipData), y: innerHeight }} stroke={AXIS_TEXT} strokeDasharray="2 3" />
                <circle cx={xScale(tooltipData)} cy={yScale(hovered.count)} r={5} fill={BRAND} stroke="#fff" strokeWidth={2} />
              </g>
            )}
            <AxisLeft
              scale={yScale}
              tickValues={yTicks}
              tickFormat={(value) => formatCount(Number(value))}
              hideAxisLine
              hideTicks
              tickLabelProps={{ fill: AXIS_TEXT, fontSize: 11, textAnchor: 'end', dx: -4, dy: '0.33em' }}
            />
            <AxisBottom
              top={innerHeight}
              scale={xScale}
              tickValues={xTicks}
              tickFormat={(value) => dayMonthLabel(series[Number(value)]?.date ?? '')}
              stroke={GRID}
              tickStroke={GRID}
              tickLabelProps={{ fill: AXIS_TEXT, fontSize: 11, textAnchor: 'middle' }}
            />
            <rect
              width={innerWidth}
              height={innerHeight}
              fill="transparent"
              onPointerMove={onPointer}
              onPointerDown={onPointer}
              onPointerLeave={hideTooltip}
            />
          </Group>
        </svg>
      )}
      {hovered && tooltipLeft !== undefined && (
        <div
          className="chart-tooltip"
          style={{ left: Math.min(Math.max(tooltipLeft, 70), width - 70), top: 0 }}
          aria-hidden="true"
        >
          <strong>{longDayLabel(hovered.date)}</strong>
          <span>{formatCount(hovered.count)} ziyaret</span>
        </div>
      )}
    </div>
  );
}

interface PieChartProps {
  readonly slices: readonly Slice[];
  readonly title: string;
  /** Under the total in the middle: 'ziyaret', 'tıklama'. */
  readonly unit: string;
  readonly size?: number;
}

/** A donut of shares with the total in its middle. */
export function SharePieChart({ slices, title, unit, size = 200 }: PieChartProps) {
  const { parentRef, width } = useParentSize({ debounceTime: 60 });
  const titleId = useId();
  const descId = useId();
  const diameter = Math.max(120, Math.min(size, width || size));
  const radius = diameter / 2;
  const total = sum(slices.map((slice) => slice.value));
  const shown = slices.filter((slice) => slice.value > 0);

  return (
    <div ref={parentRef} className="pie-chart">
      <svg width={diameter} height={diameter} role="img" aria-labelledby={titleId} aria-describedby={descId}>
        <title id={titleId}>{title}</title>
        <desc id={descId}>{slicesSummary(slices)}</desc>
        <Group top={radius} left={radius}>
          <Pie<Slice>
            data={shown}
            pieValue={(slice) => slice.value}
            pieSort={null}
            pieSortValues={null}
            outerRadius={radius - 2}
            innerRadius={radius * 0.6}
            padAngle={shown.length > 1 ? 0.015 : 0}
            cornerRadius={3}
          >
            {(pie) =>
              pie.arcs.map((arc) => (
                <path key={arc.data.key} d={pie.path(arc) ?? ''} fill={arc.data.color} stroke="#fff" strokeWidth={1.5}>
                  <title>{`${arc.data.label}: ${formatCount(arc.data.value)} (${formatShare(shareOf(arc.data.value, total))})`}</title>
                </path>
              ))
            }
          </Pie>
          <text textAnchor="middle" dy="-0.1em" fontSize={radius * 0.3} fontWeight={800} fill="#0f172a">
            {formatCount(total)}
          </text>
          <text textAnchor="middle" dy="1.5em" fontSize={12} fill={AXIS_TEXT}>
            {unit}
          </text>
        </Group>
      </svg>
    </div>
  );
}
