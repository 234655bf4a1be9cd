/**
 * Physical cards in CSV, both ways (issue 30): the order an office admin uploads (`type,color,count` or
 * `tür,renk,adet`), read the same by the screen's preview and by the server, and the list of produced cards for the
 * NFC vendor (`cardId,type,color,url`), written the same by the screen and the operator's CLI. Pure: no I/O.
 */
import {
  CARD_COLOR_LABELS,
  CARD_COLORS,
  CARD_TYPE_LABELS,
  PHYSICAL_CARD_TYPES,
  type CardColor,
  type PhysicalCardType,
} from './model.ts';
import { CARD_ORDER_MESSAGES } from './messages.ts';

/**
 * Cards one upload may produce. An office's order is tens of cards; 500 bounds the request's work (three atomic
 * writes of 200) and what a mistyped count ('5000' for '50') can do. Larger runs are the operator's CLI.
 */
export const CARD_ORDER_MAX_CARDS = 500;
/** Characters of the uploaded text: 500 one-card lines with Turkish names fit in a fraction of it. */
export const CARD_ORDER_MAX_LENGTH = 32 * 1024;

export interface CardOrderRow {
  readonly type: PhysicalCardType;
  readonly color: CardColor;
  readonly count: number;
}

export interface CardOrderProblem {
  /** The file's line (1-based) the problem is on; null for the file as a whole (empty, too many cards). */
  readonly line: number | null;
  /** Turkish, with the line number in front when there is one. */
  readonly message: string;
}

export type CardOrderResult =
  | { readonly ok: true; readonly rows: readonly CardOrderRow[]; readonly total: number }
  | { readonly ok: false; readonly problems: readonly CardOrderProblem[] };

const COLUMNS = ['type', 'color', 'count'] as const;
type Column = (typeof COLUMNS)[number];
const COLUMN_NAMES: Readonly<Record<Column, string>> = { type: 'tür', color: 'renk', count: 'adet' };
/** Problems listed at most: a wrong file (a photo, another spreadsheet) should not answer with a thousand lines. */
const MAX_PROBLEMS = 20;
/** A cell quoted in a message is cut to this many characters. */
const MAX_QUOTED = 40;

/**
 * How a header or a value is compared: Turkish lower case (so 'ALTIN' is 'altın'), then the Turkish letters folded to
 * ASCII (so 'Altin' and 'Gumus', typed on a keyboard without them, match too), runs of spaces, '-' and '_' one space.
 */
function fold(text: string): string {
  return text
    .normalize('NFC')
    .toLocaleLowerCase('tr-TR')
    .replace(/[ıİ]/gu, 'i')
    .replace(/ğ/gu, 'g')
    .replace(/ü/gu, 'u')
    .replace(/ş/gu, 's')
    .replace(/ö/gu, 'o')
    .replace(/ç/gu, 'c')
    .replace(/[\s_-]+/gu, ' ')
    .trim();
}

function lookup<Value extends string>(values: readonly Value[], labels: Readonly<Record<Value, string>>) {
  const byName = new Map<string, Value>();
  for (const value of values) {
    byName.set(fold(value), value);
    byName.set(fold(labels[value]), value);
  }
  return (raw: string): Value | undefined => byName.get(fold(raw));
}

const typeOf = lookup(PHYSICAL_CARD_TYPES, CARD_TYPE_LABELS);
const colorOf = lookup(CARD_COLORS, CARD_COLOR_LABELS);
const columnOf = lookup(COLUMNS, COLUMN_NAMES);
/** 'colour' and 'adet' spelled 'sayı' are common enough in spreadsheets to be accepted as they are. */
const COLUMN_ALIASES: Readonly<Record<string, Column>> = { colour: 'color', sayi: 'count', miktar: 'count' };

interface CsvRecord {
  /** The line the record starts on. */
  readonly line: number;
  readonly fields: readonly string[];
}

/**
 * RFC 4180 records with the given separator: quoted fields may hold the separator, quotes doubled, and line breaks
 * (the record keeps the line it started on). Lines of only white space are skipped.
 */
function records(text: string, separator: string): { records: CsvRecord[]; unclosedAt: number | null } {
  const found: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let rowHasQuote = false;
  const endRecord = () => {
    fields.push(field);
    if (rowHasQuote || fields.some((value) => value.trim() !== '')) found.push({ line: start, fields });
    fields = [];
    field = '';
    rowHasQuote = false;
  };
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          field += '"';
          index++;
        } else quoted = false;
      } else {
        if (char === '\n') line++;
        field += char;
      }
    } else if (char === '"' && field.trim() === '') {
      quoted = true;
      rowHasQuote = true;
      field = '';
    } else if (char === separator) {
      fields.push(field);
      field = '';
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[index + 1] === '\n') index++;
      endRecord();
      line++;
      start = line;
    } else field += char;
  }
  if (quoted) return { records: found, unclosedAt: start };
  endRecord();
  return { records: found, unclosedAt: null };
}

/** ';' when the header has more of them than ','. Turkish Excel saves "CSV" with ';', as the decimal mark is ','. */
function separatorOf(text: string): string {
  const header = text.split(/\r\n|\n|\r/u).find((line) => line.trim() !== '') ?? '';
  const count = (char: string) => header.split(char).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

function quote(value: string): string {
  const trimmed = value.trim();
  return trimmed.length > MAX_QUOTED ? `${trimmed.slice(0, MAX_QUOTED)}…` : trimmed;
}

/** Reads an order; every problem found (up to 20), each on its line, or the rows and their total. */
export function parseCardOrderCsv(input: string): CardOrderResult {
  const problems: CardOrderProblem[] = [];
  const atLine = (line: number, problem: string) =>
    problems.push({ line, message: CARD_ORDER_MESSAGES.atLine(line, problem) });
  const whole = (message: string): CardOrderResult => ({ ok: false, problems: [{ line: null, message }] });

  if (input.length > CARD_ORDER_MAX_LENGTH) return whole(CARD_ORDER_MESSAGES.tooLong(CARD_ORDER_MAX_LENGTH / 1024));
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const parsed = records(text, separatorOf(text));
  if (parsed.unclosedAt !== null) {
    atLine(parsed.unclosedAt, CARD_ORDER_MESSAGES.unclosedQuote);
    return { ok: false, problems };
  }
  const [header, ...body] = parsed.records;
  if (!header) return whole(CARD_ORDER_MESSAGES.empty);

  // Which field holds which column. Empty header cells (Excel's trailing separators) are ignored.
  const positions = new Map<Column, number>();
  const unknown: string[] = [];
  header.fields.forEach((raw, position) => {
    if (raw.trim() === '') return;
    const column = columnOf(raw) ?? COLUMN_ALIASES[fold(raw)];
    if (!column) unknown.push(raw);
    else if (positions.has(column)) atLine(header.line, CARD_ORDER_MESSAGES.duplicateColumn(COLUMN_NAMES[column]));
    else positions.set(column, position);
  });
  // Not one known column: the first line is not a header (a file of only card lines, or another spreadsheet).
  if (positions.size === 0) atLine(header.line, CARD_ORDER_MESSAGES.headerMissing);
  else {
    for (const raw of unknown) atLine(header.line, CARD_ORDER_MESSAGES.unknownColumn(quote(raw)));
    for (const column of COLUMNS) {
      if (!positions.has(column)) atLine(header.line, CARD_ORDER_MESSAGES.missingColumn(COLUMN_NAMES[column]));
    }
  }
  if (problems.length > 0) return { ok: false, problems };
  if (body.length === 0) return whole(CARD_ORDER_MESSAGES.noRows);

  const width = Math.max(...positions.values()) + 1;
  const rows: CardOrderRow[] = [];
  let total = 0;
  for (const record of body) {
    if (problems.length >= MAX_PROBLEMS) break;
    // Fields up to the last non-empty one: Excel's trailing separators are no fields.
    let filled = record.fields.length;
    while (filled > 0 && (record.fields[filled - 1] ?? '').trim() === '') filled--;
    if (record.fields.length < width || filled > header.fields.length) {
      atLine(record.line, CARD_ORDER_MESSAGES.fieldCount(positions.size, filled));
      continue;
    }
    const cell = (column: Column) => (record.fields[positions.get(column) ?? -1] ?? '').trim();
    const rawType = cell('type');
    const rawColor = cell('color');
    const rawCount = cell('count');
    const type = typeOf(rawType);
    const color = colorOf(rawColor);
    const count = /^\d{1,6}$/u.test(rawCount) ? Number(rawCount) : 0;
    if (rawType === '') atLine(record.line, CARD_ORDER_MESSAGES.typeMissing);
    else if (!type) atLine(record.line, CARD_ORDER_MESSAGES.typeUnknown(quote(rawType)));
    if (rawColor === '') atLine(record.line, CARD_ORDER_MESSAGES.colorMissing);
    else if (!color) atLine(record.line, CARD_ORDER_MESSAGES.colorUnknown(quote(rawColor)));
    if (rawCount === '') atLine(record.line, CARD_ORDER_MESSAGES.countMissing);
    else if (count < 1) atLine(record.line, CARD_ORDER_MESSAGES.countInvalid(quote(rawCount)));
    if (type && color && count >= 1) {
      rows.push({ type, color, count });
      total += count;
    }
  }
  if (problems.length > 0) return { ok: false, problems: problems.slice(0, MAX_PROBLEMS) };
  if (total > CARD_ORDER_MAX_CARDS) return whole(CARD_ORDER_MESSAGES.tooMany(CARD_ORDER_MAX_CARDS, total));
  return { ok: true, rows, total };
}

/**
 * What a refused order says first: a problem of the whole file (empty, too many cards) is the message itself; problems
 * on lines are counted ("3 hata var") and listed under it.
 */
export function cardOrderSummary(problems: readonly CardOrderProblem[]): string {
  const [only] = problems;
  return problems.length === 1 && only?.line === null
    ? only.message
    : CARD_ORDER_MESSAGES.invalidOrder(problems.length);
}

/** An example order to start from: Turkish names, ';' and a BOM, so Turkish Excel opens it in columns and letters. */
export const CARD_ORDER_EXAMPLE = `\uFEFFtür;renk;adet\r\n${CARD_TYPE_LABELS.basic};${CARD_COLOR_LABELS.black};50\r\n${CARD_TYPE_LABELS.pro};${CARD_COLOR_LABELS.gold};10\r\n`;

/** One produced card, as the NFC vendor receives it. */
export interface ProvisionedCardLine {
  readonly cardId: string;
  readonly type: string;
  readonly color: string;
  readonly url: string;
}

/** The vendor's columns. The CLI has always written exactly these; the vendor's import depends on them. */
export const PROVISIONED_CARDS_CSV_HEADER = 'cardId,type,color,url';

export function csvField(value: string): string {
  return /[",\r\n]/u.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function provisionedCardCsvLine(card: ProvisionedCardLine): string {
  return [card.cardId, card.type, card.color, card.url].map(csvField).join(',');
}

/** The whole file: the header and one line per card, each line ending in '\n', as the CLI writes it. */
export function provisionedCardsCsv(cards: readonly ProvisionedCardLine[]): string {
  return [PROVISIONED_CARDS_CSV_HEADER, ...cards.map(provisionedCardCsvLine)].map((line) => `${line}\n`).join('');
}
