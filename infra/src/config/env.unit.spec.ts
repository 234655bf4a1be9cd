import { describe, expect, it } from 'vitest';
import { publicBaseUrlWarning, readConfig } from './env.ts';

function warningFor(env: NodeJS.ProcessEnv): string | null {
  return publicBaseUrlWarning(env, readConfig(env).publicBaseUrl);
}

describe('PUBLIC_BASE_URL at start', () => {
  it('unset: links point at this machine, and the start-up log says so', () => {
    const env = { PORT: '3000' };
    expect(readConfig(env).publicBaseUrl).toBe('http://localhost:3000');
    expect(warningFor(env)).toBe(
      'Uyarı: PUBLIC_BASE_URL ayarlı değil; adresler http://localhost:3000 ile başlıyor ve kart bağlantıları ve QR ' +
        'kodlar başka cihazlarda (ziyaretçilerin telefonlarında) açılmaz. Herkese açık adresi PUBLIC_BASE_URL ile ' +
        'verin, örneğin PUBLIC_BASE_URL=https://kart.example.com.',
    );
  });

  it('set but empty counts as unset (an empty origin would make card links relative)', () => {
    const env = { PORT: '3001', PUBLIC_BASE_URL: '  ' };
    expect(readConfig(env).publicBaseUrl).toBe('http://localhost:3001');
    expect(warningFor(env)).toContain('PUBLIC_BASE_URL ayarlı değil');
  });

  it('set to a loopback address: warned as well', () => {
    expect(warningFor({ PUBLIC_BASE_URL: 'http://127.0.0.1:3140/' })).toContain(
      'PUBLIC_BASE_URL (http://127.0.0.1:3140) yalnızca bu makinede açılan bir adres',
    );
  });

  it('set to an address others can open: nothing to say', () => {
    expect(warningFor({ PUBLIC_BASE_URL: 'https://kart.example.com/' })).toBeNull();
    expect(readConfig({ PUBLIC_BASE_URL: 'https://kart.example.com/' }).publicBaseUrl).toBe('https://kart.example.com');
  });
});

describe('REMS_API_URL', () => {
  it('unset or empty: REMS is not available', () => {
    expect(readConfig({}).remsApiUrl).toBeNull();
    expect(readConfig({ REMS_API_URL: '' }).remsApiUrl).toBeNull();
    expect(readConfig({ REMS_API_URL: '  ' }).remsApiUrl).toBeNull();
  });

  it('set: the http(s) address, without trailing slashes, a path prefix kept', () => {
    expect(readConfig({ REMS_API_URL: 'https://rems.example.com/' }).remsApiUrl).toBe('https://rems.example.com');
    expect(readConfig({ REMS_API_URL: ' http://127.0.0.1:8080/rems ' }).remsApiUrl).toBe('http://127.0.0.1:8080/rems');
  });

  it('not an http(s) address, or one carrying credentials or a query: the service does not start', () => {
    expect(() => readConfig({ REMS_API_URL: 'rems.example.com' })).toThrow('REMS_API_URL must be an http(s) URL');
    expect(() => readConfig({ REMS_API_URL: 'ftp://rems.example.com' })).toThrow('must be an http(s) URL');
    expect(() => readConfig({ REMS_API_URL: 'https://a:b@rems.example.com' })).toThrow('user name or password');
    expect(() => readConfig({ REMS_API_URL: 'https://rems.example.com/?key=1' })).toThrow('query or a fragment');
  });
});
