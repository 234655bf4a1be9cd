import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@kartvizit/schemas';
import { findUnsafeText, isSafeText } from './text-guard.ts';
import { clientErrorAnswer, REQUEST_LINE_LIMIT } from './client-errors.ts';
import { originOfTemplate } from './security-headers.ts';

describe('text PostgreSQL can store', () => {
  it.each([
    ['Turkish letters', 'Çağrı Öztürk, İstanbul ılık şığ'],
    ['an emoji (a surrogate pair)', 'Merhaba 👋🏽'],
    ['line breaks and tabs', 'satır\nsatır\tsekme'],
    ['the empty string', ''],
  ])('%s is safe', (_label, text) => {
    expect(isSafeText(text)).toBe(true);
  });

  it.each([
    ['a NUL', 'Ayşe\u0000Yılmaz'],
    ['a lone high surrogate', 'a\uD83D'],
    ['a lone low surrogate', '\uDC4Bb'],
    ['a pair in the wrong order', '\uDC4B\uD83D'],
  ])('%s is not', (_label, text) => {
    expect(isSafeText(text)).toBe(false);
  });
});

describe('finding unsafe text in a parsed request part', () => {
  it('names the top-level field it sits under, however deep', () => {
    expect(findUnsafeText({ ok: 'evet', socialLinks: [{ platform: 'github', url: 'x\u0000' }] })).toBe('socialLinks');
    expect(findUnsafeText({ search: 'a\u0000' })).toBe('search');
  });

  it('checks keys as well as values', () => {
    expect(findUnsafeText({ ['ad\u0000']: 'Ayşe' })).toBe('');
    expect(findUnsafeText({ address: { ['sokak\uD800']: 'x' } })).toBe('address');
  });

  it('answers null when everything is safe, and skips numbers, booleans, null and bytes', () => {
    expect(findUnsafeText({ a: 1, b: true, c: null, d: ['x', { e: 'y' }], f: Buffer.from([0, 0xd8]) })).toBeNull();
    expect(findUnsafeText(undefined)).toBeNull();
  });

  it('a bare string or a list has no field to name', () => {
    expect(findUnsafeText('\u0000')).toBe('');
    expect(findUnsafeText(['a', 'b\u0000'])).toBe('');
  });

  it('walks 100 000 levels of nesting without exhausting the stack', () => {
    let nested: unknown = 'derin\u0000';
    for (let level = 0; level < 100_000; level++) nested = [nested];
    expect(findUnsafeText({ liste: nested })).toBe('liste');
  });
});

describe("answers to Node's parser errors", () => {
  const packet = (text: string) => Buffer.from(text, 'latin1');

  it('a request line longer than 8 KB is 414, oversized headers 431', () => {
    const longLine = packet(`GET /api/leads?search=${'a'.repeat(REQUEST_LINE_LIMIT)} HTTP/1.1\r\nHost: x\r\n`);
    expect(clientErrorAnswer('HPE_HEADER_OVERFLOW', longLine)).toEqual({ status: 414, message: MESSAGES.urlTooLong });
    const unfinishedLine = packet(`GET /${'a'.repeat(REQUEST_LINE_LIMIT + 10)}`);
    expect(clientErrorAnswer('HPE_HEADER_OVERFLOW', unfinishedLine)).toEqual({
      status: 414,
      message: MESSAGES.urlTooLong,
    });
    const bigHeader = packet(`GET / HTTP/1.1\r\nHost: x\r\nCookie: ${'a'.repeat(20_000)}`);
    expect(clientErrorAnswer('HPE_HEADER_OVERFLOW', bigHeader)).toEqual({
      status: 431,
      message: MESSAGES.headersTooLarge,
    });
    // The chunk the parser stopped in holds only the middle of a header: the headers are too large.
    expect(clientErrorAnswer('HPE_HEADER_OVERFLOW', packet('a'.repeat(20_000)))).toEqual({
      status: 431,
      message: MESSAGES.headersTooLarge,
    });
    expect(clientErrorAnswer('HPE_HEADER_OVERFLOW', undefined)).toEqual({
      status: 431,
      message: MESSAGES.headersTooLarge,
    });
  });

  it('a head that never finished is 408, anything else the parser refuses 400', () => {
    expect(clientErrorAnswer('ERR_HTTP_REQUEST_TIMEOUT', undefined)).toEqual({
      status: 408,
      message: MESSAGES.requestTimeout,
    });
    for (const code of ['HPE_INVALID_METHOD', 'HPE_INVALID_HEADER_TOKEN', 'HPE_INVALID_CONSTANT', '']) {
      expect(clientErrorAnswer(code, packet('MERHABA\r\n\r\n'))).toEqual({
        status: 400,
        message: MESSAGES.invalidRequest,
      });
    }
  });
});

describe('the origin of a map tile template', () => {
  it.each([
    ['https://tile.openstreetmap.org/{z}/{x}/{y}.png', 'https://tile.openstreetmap.org'],
    ['http://127.0.0.1:9/{z}/{x}/{-y}.png', 'http://127.0.0.1:9'],
    ['https://{a-c}.tile.example.com:8443/{z}/{x}/{y}@2x.png', 'https://*.tile.example.com:8443'],
    ['https://tiles-{s}.example.com/{z}/{x}/{y}.png', 'https:'],
    ['bozuk', null],
    ['ftp://tiles.example.com/{z}/{x}/{y}.png', null],
  ])('%s → %s', (template, origin) => {
    expect(originOfTemplate(template)).toBe(origin);
  });
});
