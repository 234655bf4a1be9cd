import { describe, expect, it } from 'vitest';
import { retryDelayMs, sessionCheckOutcome } from './session-check.ts';

const user = {
  id: 'u-1',
  email: 'ayse@example.com',
  firstName: 'Ayşe',
  lastName: 'Yılmaz',
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('sessionCheckOutcome: which answers to /api/auth/me end the session', () => {
  it('given the server confirms the token, then the session starts with its user', () => {
    expect(sessionCheckOutcome({ data: { success: true, user } })).toEqual({ kind: 'confirmed', user });
  });

  describe('the server refuses the token: sign out', () => {
    it('401', () => {
      const error = { status: 401, data: { success: false, message: 'Oturumunuz sonlandı, lütfen tekrar giriş yapın.' } };
      expect(sessionCheckOutcome({ error })).toEqual({ kind: 'refused' });
    });

    it('an answer that says success: false', () => {
      expect(sessionCheckOutcome({ data: { success: false, message: 'Kullanıcı bulunamadı' } })).toEqual({
        kind: 'refused',
      });
    });
  });

  describe('the question stays open: keep the token and ask again', () => {
    for (const [what, error] of [
      ['no network (or the page is being left and the browser dropped the answer)', { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }],
      ['a time-out', { status: 'TIMEOUT_ERROR', error: 'AbortError: signal timed out' }],
      ['an aborted request', { name: 'AbortError', message: 'Aborted' }],
      ['a 503 while the projection catches up', { status: 503, data: { success: false, message: 'Veriler güncelleniyor' } }],
      ['a 500 carrying our error shape', { status: 500, data: { success: false, message: 'Beklenmeyen bir hata oluştu' } }],
      ['a 502 from a proxy', { status: 502, data: '<html>Bad Gateway</html>' }],
      ['a 429 (too many requests)', { status: 429, data: { success: false, message: 'Çok fazla istek' } }],
      ['a captive portal’s HTML page', { status: 'PARSING_ERROR', originalStatus: 200, data: '<html>', error: 'SyntaxError' }],
      ['a proxy’s own 401 page that is not our JSON', { status: 'PARSING_ERROR', originalStatus: 401, data: '<html>', error: 'SyntaxError' }],
    ] as const) {
      it(what, () => {
        expect(sessionCheckOutcome({ error }).kind).toBe('unreachable');
      });
    }

    it('a successful status with an answer not in our shape', () => {
      expect(sessionCheckOutcome({ data: { success: true } }).kind).toBe('unreachable');
      expect(sessionCheckOutcome({ data: '<html>' }).kind).toBe('unreachable');
      expect(sessionCheckOutcome({}).kind).toBe('unreachable');
    });
  });
});

describe('retryDelayMs', () => {
  it('doubles from one second up to thirty, drawn from the upper half of each step', () => {
    const lowest = (attempt: number) => retryDelayMs(attempt, () => 0);
    const highest = (attempt: number) => retryDelayMs(attempt, () => 1);
    expect([1, 2, 3, 4, 5, 6, 7].map(highest)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect([1, 2, 3].map(lowest)).toEqual([500, 1_000, 2_000]);
    expect(highest(1_000)).toBe(30_000);
    expect(highest(0)).toBe(1_000);
  });
});
