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

  it.each([
    ['a network failure', { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }],
    ['an HTML error page', { status: 502, data: '<html>Bad Gateway</html>' }],
    ['a framework error in English', { status: 429, data: { statusCode: 429, message: 'Rate limit exceeded' } }],
    ['an empty message', { status: 400, data: { success: false, message: ' ' } }],
  ])('ignores %s', (_case, error) => {
    expect(serverProblem(error)).toBeNull();
  });
});
