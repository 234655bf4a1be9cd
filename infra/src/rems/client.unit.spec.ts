import { describe, expect, it } from 'vitest';
import { cleanRemsText, parseRemsBaseUrl, remsCustomerBody, retryAfterMs } from './client.ts';

describe('remsCustomerBody', () => {
  it('sends every field, trimmed, with empty optionals as null and our source', () => {
    // Given a visitor who filled in the required fields and some of the optional ones
    const body = remsCustomerBody({
      firstName: ' Çağrı ',
      lastName: 'Öztürk',
      phoneNumber: '5321234567',
      customerType: 'TENANT',
      email: '',
      province: '34',
      provinceName: 'İstanbul',
      district: '   ',
      districtName: null,
      notes: 'Hafta içi akşam arayın.',
    });

    // Then REMS gets all twelve fields, in the contract's names
    expect(body).toEqual({
      firstName: 'Çağrı',
      lastName: 'Öztürk',
      phoneNumber: '5321234567',
      customerType: 'TENANT',
      email: null,
      province: '34',
      provinceName: 'İstanbul',
      district: null,
      districtName: null,
      address: null,
      notes: 'Hafta içi akşam arayın.',
      source: 'dijital-kartvizit',
    });
    expect(Object.keys(body)).toHaveLength(12);
  });
});

describe('parseRemsBaseUrl', () => {
  it('keeps http(s) origins and path prefixes, without trailing slashes', () => {
    expect(parseRemsBaseUrl('https://rems.example.com')).toBe('https://rems.example.com');
    expect(parseRemsBaseUrl(' https://rems.example.com/// ')).toBe('https://rems.example.com');
    expect(parseRemsBaseUrl('http://127.0.0.1:8080/kiraci/')).toBe('http://127.0.0.1:8080/kiraci');
  });

  it('refuses other schemes, credentials, queries and fragments, without repeating the text', () => {
    const refusals: Array<[string, RegExp]> = [
      ['rems.example.com', /must be an http\(s\) URL/u],
      ['ftp://rems.example.com', /must be an http\(s\) URL/u],
      ['https://kullanici:gizli-parola@rems.example.com', /user name or password/u],
      ['https://rems.example.com/?anahtar=gizli-parola', /query or a fragment/u],
      ['https://rems.example.com/?', /query or a fragment/u],
      ['https://rems.example.com/#gizli-parola', /query or a fragment/u],
    ];
    for (const [text, message] of refusals) {
      let thrown: unknown;
      try {
        parseRemsBaseUrl(text);
      } catch (error) {
        thrown = error;
      }
      expect(thrown, text).toBeInstanceOf(Error);
      expect((thrown as Error).message, text).toMatch(message);
      expect((thrown as Error).message, text).not.toContain('gizli-parola');
    }
  });
});

describe('retryAfterMs', () => {
  const now = Date.parse('2026-11-24T09:00:00Z');

  it('reads delay-seconds and HTTP dates (a past date is now)', () => {
    expect(retryAfterMs('7', now)).toBe(7000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs('Tue, 24 Nov 2026 09:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Tue, 24 Nov 2026 08:59:00 GMT', now)).toBe(0);
  });

  it('ignores what is absent or unreadable', () => {
    for (const value of [null, '', '-5', '1.5', 'yarın', 'Tue, 99 Foo 2026 09:00:30 GMT', '9'.repeat(30)]) {
      expect(retryAfterMs(value, now), String(value)).toBeUndefined();
    }
  });
});

describe('cleanRemsText', () => {
  it('turns line breaks into spaces and drops other control and direction characters', () => {
    expect(cleanRemsText('  Telefon\r\nnumarası\t\tkayıtlı\u0000\u0007 \u202eesrever\u202c  ', 100)).toBe(
      'Telefon numarası kayıtlı esrever',
    );
  });

  it('masks the secrets it is given, also when a control character split them', () => {
    expect(cleanRemsText('Anahtar rems_gizli geçersiz; rems_gi\u0000zli', 100, ['rems_gizli'])).toBe(
      'Anahtar *** geçersiz; ***',
    );
  });

  it('cuts long text to the limit, counting characters (not UTF-16 units), with an ellipsis', () => {
    const cut = cleanRemsText(`${'ş'.repeat(8)}😀😀😀`, 10);
    expect(cut).toBe(`${'ş'.repeat(8)}😀…`);
    expect(Array.from(cut ?? '')).toHaveLength(10);
    expect(cleanRemsText('ş'.repeat(10), 10)).toBe('ş'.repeat(10));
  });

  it('gives null when nothing readable is left', () => {
    expect(cleanRemsText(' \n\u0000 ', 100)).toBeNull();
  });
});
