import { describe, expect, it } from 'vitest';
import { parseCardOrderCsv } from '@kartvizit/schemas/card/provisioning-csv';
import { decodeCardOrderFile, producedCardsCsv, producedCardsFileName } from './card-order-file.ts';

const bytes = (values: readonly number[]) => new Uint8Array(values).buffer;

describe('reading an uploaded order', () => {
  it('given UTF-8 with a BOM (the example file), the Turkish names arrive as typed', () => {
    const text = '\uFEFFtür;renk;adet\r\nTemel;Gümüş;3\r\n';
    const decoded = decodeCardOrderFile(new TextEncoder().encode(text).buffer);
    // The decoder drops the BOM; the reader would too.
    expect(decoded).toBe(text.slice(1));
    expect(parseCardOrderCsv(decoded)).toEqual({
      ok: true,
      rows: [{ type: 'basic', color: 'silver', count: 3 }],
      total: 3,
    });
  });

  it("given Windows-1254 (older Turkish Excel's CSV), ü, ş and ı are read, not replaced", () => {
    // 'tür;renk;adet\r\nPro;Gümüş;2\r\nTemel;Altın;1\r\n' in Windows-1254: ü = 0xFC, ş = 0xFE, ı = 0xFD.
    const latin = [
      't',
      0xfc,
      'r;renk;adet\r\nPro;G',
      0xfc,
      'm',
      0xfc,
      0xfe,
      ';2\r\nTemel;Alt',
      0xfd,
      'n;1\r\n',
    ].flatMap((part) => (typeof part === 'number' ? [part] : [...part].map((char) => char.charCodeAt(0))));
    const decoded = decodeCardOrderFile(bytes(latin));
    expect(decoded).toBe('tür;renk;adet\r\nPro;Gümüş;2\r\nTemel;Altın;1\r\n');
    expect(parseCardOrderCsv(decoded)).toMatchObject({ ok: true, total: 3 });
  });
});

describe("the vendor's file of the cards made", () => {
  it('has the CLI’s columns, one line per card, in order', () => {
    const csv = producedCardsCsv([
      { cardId: 'KV-AAAA2222', type: 'basic', color: 'black', profileUrl: 'https://kart.example/p/KV-AAAA2222' },
      { cardId: 'KV-BBBB3333', type: 'pro', color: 'rose-gold', profileUrl: 'https://kart.example/p/KV-BBBB3333' },
    ]);
    expect(csv).toBe(
      'cardId,type,color,url\nKV-AAAA2222,basic,black,https://kart.example/p/KV-AAAA2222\n' +
        'KV-BBBB3333,pro,rose-gold,https://kart.example/p/KV-BBBB3333\n',
    );
  });

  it('is named by its batch, keeping only safe characters', () => {
    expect(producedCardsFileName('2026-11-28-a1b2c3')).toBe('ofis-kartlari-2026-11-28-a1b2c3.csv');
    expect(producedCardsFileName('../x"y')).toBe('ofis-kartlari-xy.csv');
  });
});
