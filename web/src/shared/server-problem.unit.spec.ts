import { describe, expect, it } from 'vitest';
import { serverProblem } from './server-problem.ts';

describe('serverProblem', () => {
  it('reads our error shape with and without a field', () => {
    expect(
      serverProblem({ status: 400, data: { success: false, message: 'Bu e-posta zaten var', field: 'email' } }),
    ).toEqual({ message: 'Bu e-posta zaten var', field: 'email' });
    expect(serverProblem({ status: 401, data: { success: false, message: 'E-posta veya şifre hatalı' } })).toEqual({
      message: 'E-posta veya şifre hatalı',
      field: null,
    });
  });

  it('keeps the list of problems when the message sums up several', () => {
    const data = {
      success: false,
      message: 'Sipariş dosyasında 2 hata var, hiçbir kart üretilmedi',
      field: 'csv',
      details: ['2. satır: kart rengi boş', 3, '3. satır: adet boş'],
    };
    expect(serverProblem({ status: 400, data })).toEqual({
      message: data.message,
      field: 'csv',
      details: ['2. satır: kart rengi boş', '3. satır: adet boş'],
    });
  });

  it.each([
    ['a network failure', { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }],
    ['an HTML error page', { status: 502, data: '<html>Bad Gateway</html>' }],
    ['a framework error in English', { status: 429, data: { statusCode: 429, message: 'Rate limit exceeded' } }],
    ['an empty message', { status: 400, data: { success: false, message: ' ' } }],
  ])('ignores %s', (_case, error) => {
    expect(serverProblem(error)).toBeNull();
  });
});
