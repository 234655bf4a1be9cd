/**
 * The statistics screen's CSV export, built in the browser from what the screen shows. Same
 * dialect as the leads export (query-api/src/lead/csv.ts), the one Turkish Excel opens with a
 * double click: UTF-8 with a byte order mark, `;` between cells, CRLF, every cell quoted, and a
 * leading apostrophe on a cell that would otherwise run as a formula (OWASP "CSV Injection":
 * city and browser names come from visitors' requests).
 */
export const CSV_BOM = '\uFEFF';
const SEPARATOR = ';';
const FORMULA_START = /^[=+\-@\t\r]/;

export interface CsvTable {
  /** A title row above the table, so several tables in one file stay apart. */
  readonly title: string;
  readonly header: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

function csvLine(cells: readonly string[]): string {
  return cells.map(csvCell).join(SEPARATOR);
}

/** Tables one after another, each under its title, separated by an empty line. */
export function buildCsv(tables: readonly CsvTable[]): string {
  const blocks = tables.map((table) => [csvLine([table.title]), csvLine(table.header), ...table.rows.map(csvLine)].join('\r\n'));
  return `${CSV_BOM}${blocks.join('\r\n\r\n')}\r\n`;
}

/** `istatistikler-cihazlar-2025-11-21.csv`. */
export function csvFileName(tabSlug: string, day: string): string {
  return `istatistikler-${tabSlug}-${day}.csv`;
}

