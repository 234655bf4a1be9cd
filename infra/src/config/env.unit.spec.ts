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
