import { describe, expect, it } from 'vitest';
import { CARD_ORDER_MESSAGES } from './messages.ts';
import {
  cardOrderSummary,
  CARD_ORDER_EXAMPLE,
  CARD_ORDER_MAX_CARDS,
  CARD_ORDER_MAX_LENGTH,
  parseCardOrderCsv,
  provisionedCardsCsv,
  type CardOrderResult,
} from './provisioning-csv.ts';

/** The problems' messages, or the test fails with the rows it got instead. */
function problemsOf(result: CardOrderResult): string[] {
  if (result.ok) throw new Error(`expected problems, got ${JSON.stringify(result.rows)}`);
  return result.problems.map((problem) => problem.message);
}

describe('an office admin\'s card order (parseCardOrderCsv)', () => {
  it('given the English header, when read, then each row and the total', () => {
    const result = parseCardOrderCsv('type,color,count\nbasic,black,50\npro,rose-gold,10\n');
    expect(result).toEqual({
      ok: true,
      rows: [
        { type: 'basic', color: 'black', count: 50 },
        { type: 'pro', color: 'rose-gold', count: 10 },
      ],
      total: 60,
    });
  });

  it("given Turkish Excel's file (BOM, ';', CRLF, Turkish headers and names in any case), when read, then the same rows", () => {
    const result = parseCardOrderCsv('\uFEFFADET;Renk;TÜR\r\n3;ALTIN;Temel\r\n2;Roze Altın;PRO\r\n1;gümüş;basic\r\n');
    expect(result).toEqual({
      ok: true,
      rows: [
        { type: 'basic', color: 'gold', count: 3 },
        { type: 'pro', color: 'rose-gold', count: 2 },
        { type: 'basic', color: 'silver', count: 1 },
      ],
      total: 6,
    });
  });

  it('given names typed without Turkish letters, when read, then they match (Gumus, Altin, tur)', () => {
    const result = parseCardOrderCsv('tur,renk,adet\nTEMEL,Gumus,4\nbasic,Roze altin,1\nBASIC,WHITE,2\n');
    expect(result).toMatchObject({ ok: true, total: 7 });
  });

  it('given blank lines, quoted fields and trailing separators, when read, then they are ignored or unquoted', () => {
    const csv = '\n"type","color","count";\n\n"basic","black","5";\n ; ;\n"pro" ,white,"1"\n\n';
    const result = parseCardOrderCsv(csv.replaceAll(';', ','));
    expect(result).toEqual({
      ok: true,
      rows: [
        { type: 'basic', color: 'black', count: 5 },
        { type: 'pro', color: 'white', count: 1 },
      ],
      total: 6,
    });
  });

  it('given a quoted field holding the separator, a doubled quote and a line break, when read, then RFC 4180 holds: one field, the line numbers follow the file', () => {
    const result = parseCardOrderCsv('type,color,count\n"ba,""sic\nx",black,5\npro,mor,2\n');
    expect(problemsOf(result)).toEqual([
      '2. satır: bilinmeyen kart türü "ba,"sic\nx"',
      '4. satır: bilinmeyen kart rengi "mor"',
    ]);
  });

  it('given unknown values on several lines, when read, then every problem with its line, and no rows', () => {
    const result = parseCardOrderCsv('type,color,count\nbasic,black,5\ngold,black,1\npro,,0\nbasic,white,\npro,gold,2.5\n');
    expect(result.ok).toBe(false);
    expect(problemsOf(result)).toEqual([
      '3. satır: bilinmeyen kart türü "gold"',
      '4. satır: kart rengi boş',
      '4. satır: adet 1 veya daha büyük bir tam sayı olmalı ("0")',
      '5. satır: adet boş',
      '6. satır: adet 1 veya daha büyük bir tam sayı olmalı ("2.5")',
    ]);
    expect(result.ok ? [] : result.problems.map((problem) => problem.line)).toEqual([3, 4, 4, 5, 6]);
  });

  it('given a virtual card in the order, when read, then it is refused: only physical cards are produced', () => {
    expect(problemsOf(parseCardOrderCsv('tür,renk,adet\nSanal,Siyah,1\n'))).toEqual([
      '2. satır: bilinmeyen kart türü "Sanal"',
    ]);
  });

  it('given a row with too few or too many fields, when read, then the line says how many it needs', () => {
    expect(problemsOf(parseCardOrderCsv('type,color,count\nbasic,black\nbasic,black,1,fazla\n'))).toEqual([
      `2. satır: ${CARD_ORDER_MESSAGES.fieldCount(3, 2)}`,
      `3. satır: ${CARD_ORDER_MESSAGES.fieldCount(3, 4)}`,
    ]);
  });

  it('given a header that misses, repeats or adds a column, when read, then the header line names it', () => {
    expect(problemsOf(parseCardOrderCsv('type,count\nbasic,1\n'))).toEqual([
      `1. satır: ${CARD_ORDER_MESSAGES.missingColumn('renk')}`,
    ]);
    expect(problemsOf(parseCardOrderCsv('type,renk,color,count\nbasic,black,black,1\n'))).toEqual([
      `1. satır: ${CARD_ORDER_MESSAGES.duplicateColumn('renk')}`,
    ]);
    expect(problemsOf(parseCardOrderCsv('type,color,count,fiyat\nbasic,black,1,10\n'))).toEqual([
      `1. satır: ${CARD_ORDER_MESSAGES.unknownColumn('fiyat')}`,
    ]);
  });

  it('given no header (card lines only), when read, then the first line is said to need one', () => {
    expect(problemsOf(parseCardOrderCsv('basic,black,5\npro,gold,1\n'))).toEqual([
      `1. satır: ${CARD_ORDER_MESSAGES.headerMissing}`,
    ]);
  });

  it('given an empty file, a header alone, or an unclosed quote, when read, then the file is refused', () => {
    expect(problemsOf(parseCardOrderCsv(''))).toEqual([CARD_ORDER_MESSAGES.empty]);
    expect(problemsOf(parseCardOrderCsv('\uFEFF\r\n  \r\n'))).toEqual([CARD_ORDER_MESSAGES.empty]);
    expect(problemsOf(parseCardOrderCsv('tür;renk;adet\r\n'))).toEqual([CARD_ORDER_MESSAGES.noRows]);
    expect(problemsOf(parseCardOrderCsv('type,color,count\nbasic,black,1\n"pro,gold,1\n'))).toEqual([
      `3. satır: ${CARD_ORDER_MESSAGES.unclosedQuote}`,
    ]);
  });

  it(`given ${CARD_ORDER_MAX_CARDS} cards, when read, then accepted; one more, then refused with the total`, () => {
    const order = (extra: number) => `type,color,count\nbasic,black,${CARD_ORDER_MAX_CARDS - 1}\npro,gold,${extra}\n`;
    expect(parseCardOrderCsv(order(1))).toMatchObject({ ok: true, total: CARD_ORDER_MAX_CARDS });
    const refused = parseCardOrderCsv(order(2));
    expect(problemsOf(refused)).toEqual([CARD_ORDER_MESSAGES.tooMany(CARD_ORDER_MAX_CARDS, CARD_ORDER_MAX_CARDS + 1)]);
    expect(refused.ok ? null : refused.problems[0]?.line).toBeNull();
  });

  it('given a file longer than the limit, when read, then refused before it is parsed', () => {
    const long = `type,color,count\n${'basic,black,1\n'.repeat(CARD_ORDER_MAX_LENGTH / 10)}`;
    expect(problemsOf(parseCardOrderCsv(long))).toEqual([CARD_ORDER_MESSAGES.tooLong(32)]);
  });

  it('given a file of nonsense, when read, then at most 20 problems', () => {
    const nonsense = `type,color,count\n${'x,y,z\n'.repeat(100)}`;
    expect(problemsOf(parseCardOrderCsv(nonsense))).toHaveLength(20);
  });

  it('given the example offered for download, when read, then it is a valid order', () => {
    expect(parseCardOrderCsv(CARD_ORDER_EXAMPLE)).toEqual({
      ok: true,
      rows: [
        { type: 'basic', color: 'black', count: 50 },
        { type: 'pro', color: 'gold', count: 10 },
      ],
      total: 60,
    });
  });
});

describe("the vendor's list (provisionedCardsCsv)", () => {
  it('given produced cards, when written, then the header and one line per card, quoted only where RFC 4180 needs it', () => {
    const csv = provisionedCardsCsv([
      { cardId: 'KV-ABCDEFGH', type: 'basic', color: 'black', url: 'https://kart.example/p/KV-ABCDEFGH' },
      { cardId: 'KV-23456789', type: 'pro', color: 'rose-gold', url: 'https://kart.example/p/a,"b"' },
    ]);
    expect(csv).toBe(
      'cardId,type,color,url\n' +
        'KV-ABCDEFGH,basic,black,https://kart.example/p/KV-ABCDEFGH\n' +
        'KV-23456789,pro,rose-gold,"https://kart.example/p/a,""b"""\n',
    );
  });
});

describe('what a refused order says first', () => {
  it('a problem of the whole file is the message itself; problems on lines are counted', () => {
    const whole = parseCardOrderCsv('');
    const lines = parseCardOrderCsv('tür,renk,adet\nTemel,Mor,2\nPlatin,Siyah,1\n');
    if (whole.ok || lines.ok) throw new Error('both orders are wrong');
    expect(cardOrderSummary(whole.problems)).toBe(CARD_ORDER_MESSAGES.empty);
    expect(cardOrderSummary(lines.problems)).toBe(CARD_ORDER_MESSAGES.invalidOrder(2));
  });
});
