import { describe, expect, it } from 'vitest';
import type { Lead } from '@kartvizit/schemas';
import { CSV_BOM, csvCell, toCsv } from './csv.ts';
import { leadsCsv } from './routes.ts';

describe('CSV for Turkish Excel', () => {
  it('starts with a byte order mark, separates with semicolons, quotes every cell, ends lines in CRLF', () => {
    const csv = toCsv(['Ad Soyad', 'Mesaj'], [['Şule Işık', 'Satır 1\nSatır 2; "alıntı"']]);
    expect(csv).toBe(`${CSV_BOM}"Ad Soyad";"Mesaj"\r\n"Şule Işık";"Satır 1\nSatır 2; ""alıntı"""\r\n`);
    expect(Buffer.from(csv, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  it('turns anything a spreadsheet would run as a formula into text', () => {
    for (const formula of ['=HYPERLINK("http://x","tıkla")', '+90 532', '-2+3', '@SUM(A1)', '\t=1', '\r=1']) {
      expect(csvCell(formula)).toBe(`"'${formula.replace(/"/g, '""')}"`);
    }
    expect(csvCell('0532 123 45 67')).toBe('"0532 123 45 67"');
    expect(csvCell('a=b')).toBe('"a=b"');
  });

  it('writes leads with a Turkish header, Istanbul time, Evet/Hayır, the status in Turkish and the note formula-safe', () => {
    const lead: Lead = {
      _id: '7d4c2a10-1b2c-4d3e-8f4a-5b6c7d8e9f00',
      cardId: 'KV-ABCD2345',
      cardName: 'Ofis',
      fullName: 'Çağrı Öztürk',
      phone: '+905321234567',
      phoneFormatted: '0532 123 45 67',
      email: 'cagri@ornek.com',
      message: '=1+1',
      marketingConsent: false,
      noticeVersion: '2025-11',
      submittedAt: '2026-11-21T10:05:00.000Z',
      status: 'met',
      statusChangedAt: '2026-11-22T08:00:00.000Z',
      note: '@Salı tekrar ara',
      remsStatus: null,
    };
    expect(leadsCsv([lead])).toBe(
      `${CSV_BOM}"Tarih";"Ad Soyad";"Telefon";"E-posta";"Mesaj";"Pazarlama İzni";"Kart";"Durum";"Not"\r\n` +
        `"21.11.2026 13:05";"Çağrı Öztürk";"0532 123 45 67";"cagri@ornek.com";"'=1+1";"Hayır";"Ofis (KV-ABCD2345)";"Görüşüldü";"'@Salı tekrar ara"\r\n`,
    );
  });
});
