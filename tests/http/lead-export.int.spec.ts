import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kartvizit/schemas';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { answer, ownerWithCard, seenEverything, send, submitLead, visitorForm, type CardOwner } from './lead-fixtures.ts';

/**
 * GET /api/leads/export.csv: the owner's leads for Excel. UTF-8 with BOM, semicolons, a Turkish
 * header, formulas neutralised; one owner's file never holds another's leads.
 */
let product: TestProduct;
let owner: CardOwner;
let other: CardOwner;

const BOM = '\uFEFF';

/** A minimal RFC 4180 reader (quoted cells, doubled quotes, line breaks inside quotes), `;` separated. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ';') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += char;
  }
  return rows;
}

beforeAll(async () => {
  product = await startTestProduct();
  owner = await ownerWithCard(product, 'Fuar Standı');
  other = await ownerWithCard(product, 'Başka Kart');
  const visitors = [
    { fullName: 'Gülşen Ünal', phone: '0532 111 22 33', email: '', message: 'Çarşamba günü uygunum.\nTeşekkürler; "acil" değil', marketingConsent: true },
    { fullName: '=cmd|/C calc!A0', phone: '', email: 'bot@ornek.com', message: '@SUM(1+1)*cmd', marketingConsent: false },
    { fullName: 'Hakan Yıldız', phone: '+44 20 7946 0958', email: 'hakan@ornek.com', message: '-ödeme sonra', marketingConsent: false },
  ];
  for (const visitor of visitors) {
    expect((await submitLead(product, visitorForm(product, owner.cardId, visitor))).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  expect((await submitLead(product, visitorForm(product, other.cardId, { fullName: 'Başkasının Ziyaretçisi' }))).statusCode).toBe(200);
});
afterAll(async () => {
  await product?.close();
});

describe('the CSV export', () => {
  it('is UTF-8 with a byte order mark, as an attachment, newest first, with a Turkish header', async () => {
    const response = await send(product, 'GET', '/api/leads/export.csv', owner.token, undefined, await seenEverything(product));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="baglantilar-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(response.body.startsWith(BOM)).toBe(true);

    const rows = parseCsv(response.body.slice(1));
    expect(rows[0]).toEqual(['Tarih', 'Ad Soyad', 'Telefon', 'E-posta', 'Mesaj', 'Pazarlama İzni', 'Kart', 'Durum', 'Not']);
    expect(rows.slice(1).map((row) => row.slice(1))).toEqual([
      ['Hakan Yıldız', "'+44 20 7946 0958", 'hakan@ornek.com', "'-ödeme sonra", 'Hayır', `Fuar Standı (${owner.cardId})`, 'Yeni', ''],
      ["'=cmd|/C calc!A0", '', 'bot@ornek.com', "'@SUM(1+1)*cmd", 'Hayır', `Fuar Standı (${owner.cardId})`, 'Yeni', ''],
      ['Gülşen Ünal', '0532 111 22 33', '', 'Çarşamba günü uygunum.\nTeşekkürler; "acil" değil', 'Evet', `Fuar Standı (${owner.cardId})`, 'Yeni', ''],
    ]);
    for (const row of rows.slice(1)) expect(row[0]).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    expect(response.body).not.toContain('Başkasının Ziyaretçisi');
  });

  it('exports what a search finds', async () => {
    const response = await send(product, 'GET', `/api/leads/export.csv?search=${encodeURIComponent('GÜLŞEN')}`, owner.token);
    const rows = parseCsv(response.body.slice(1));
    expect(rows.map((row) => row[1])).toEqual(['Ad Soyad', 'Gülşen Ünal']);
  });

  it('needs a session, and gives another owner only their own leads', async () => {
    const anonymous = await send(product, 'GET', '/api/leads/export.csv');
    expect(anonymous.statusCode).toBe(401);
    expect(answer(anonymous)).toEqual({ success: false, message: MESSAGES.sessionExpired });
    const theirs = await send(product, 'GET', '/api/leads/export.csv', other.token, undefined, await seenEverything(product));
    const rows = parseCsv(theirs.body.slice(1));
    expect(rows.map((row) => row[1])).toEqual(['Ad Soyad', 'Başkasının Ziyaretçisi']);
  });
});
