import type { WebVitalsP75 } from '@kartvizit/infra/read-models/web-vitals';
import type { DeviceType, WebVitalMetric, WebVitalRating, WebVitalsPage } from '@kartvizit/schemas';

const PAGES: { readonly [P in WebVitalsPage]: string } = { card: 'Kart sayfası', dashboard: 'Panel' };
const DEVICES: { readonly [D in DeviceType]: string } = { mobile: 'Telefon', tablet: 'Tablet', desktop: 'Masaüstü' };
const RATINGS: { readonly [R in WebVitalRating]: string } = {
  good: 'İyi',
  'needs-improvement': 'İyileştirilmeli',
  poor: 'Kötü',
};

const MILLISECONDS = new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 0 });
const SHIFT = new Intl.NumberFormat('tr-TR', { minimumFractionDigits: 3, maximumFractionDigits: 3 });
const COUNT = new Intl.NumberFormat('tr-TR');

function valueOf(metric: WebVitalMetric, value: number): string {
  return metric === 'CLS' ? SHIFT.format(value) : `${MILLISECONDS.format(value)} ms`;
}

/**
 * `npm run projector -- vitals`: one line per page type × device class × metric, in columns, Turkish headings and
 * numbers written the Turkish way (1.234 ms, 0,083).
 */
export function formatVitalsTable(rows: readonly WebVitalsP75[], days: number): string {
  const title = `Core Web Vitals, son ${days} gün (p75: yüklemelerin dörtte üçü bu değerde ya da daha iyi)`;
  if (rows.length === 0) return `${title}\nBu dönemde ölçüm yok.`;
  const header = ['Sayfa', 'Cihaz', 'Ölçüm', 'p75', 'Değerlendirme', 'Örnek'];
  const lines = rows.map((row) => [
    PAGES[row.page] ?? row.page,
    DEVICES[row.device] ?? row.device,
    row.metric,
    valueOf(row.metric, row.p75),
    RATINGS[row.rating],
    COUNT.format(row.samples),
  ]);
  const widths = header.map((cell, column) => Math.max(cell.length, ...lines.map((line) => line[column]?.length ?? 0)));
  // Numbers right-aligned, words left-aligned.
  const numeric = new Set([3, 5]);
  const render = (cells: readonly string[]) =>
    cells
      .map((cell, column) =>
        numeric.has(column) ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  return [title, render(header), ...lines.map(render)].join('\n');
}
