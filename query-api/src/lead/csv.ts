/**
 * CSV as Excel in Turkish opens it with a double click: UTF-8 with a byte order mark (without it
 * Excel reads ANSI and 'Şahin' turns into 'Åžahin'), semicolons between cells (Turkish Excel's list
 * separator, because the comma is its decimal separator), CRLF line ends, every cell quoted.
 *
 * Formula injection (OWASP "CSV Injection"): a cell starting with = + - @, tab or carriage return
 * would run as a formula in Excel or LibreOffice. Visitors type these cells, so such a cell gets a
 * leading apostrophe and is shown as the text it is.
 */
export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const lines = [header, ...rows].map((cells) => cells.map(csvCell).join(CSV_SEPARATOR));
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}
