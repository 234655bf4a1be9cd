import { describe, expect, it } from 'vitest';
import { directionsUrls, mailtoUrl, safeMediaPath, safeWebUrl, telUrl } from './urls.ts';

describe('URL allow-list', () => {
  it('keeps http(s) links', () => {
    expect(safeWebUrl('https://ornek.com.tr')).toBe('https://ornek.com.tr');
    expect(safeWebUrl('https://ornek.com.tr/yol?a=1&b="2"')).toBe('https://ornek.com.tr/yol?a=1&b=%222%22');
    expect(safeWebUrl('HTTP://Ornek.com/')).toBe('http://ornek.com/');
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\nscript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//evil.example/x',
    '/relative',
    'https://user:pass@evil.example/',
    'mailto:a@b.co',
    'https://',
    '',
  ])('drops %j', (raw) => {
    expect(safeWebUrl(raw)).toBeNull();
  });

  it('builds tel: and mailto: only from plain values', () => {
    expect(telUrl('+905321234567')).toBe('tel:+905321234567');
    expect(telUrl('0532 123 45 67')).toBe('tel:05321234567');
    expect(telUrl('javascript:alert(1)')).toBeNull();
    expect(telUrl('"><b>')).toBeNull();
    expect(mailtoUrl('ayse@yilmaz-emlak.com.tr')).toBe('mailto:ayse@yilmaz-emlak.com.tr');
    expect(mailtoUrl('a@b.co" onmouseover="x')).toBeNull();
    expect(mailtoUrl('a@b.co?bcc=x@y.co')).toBeNull();
  });

  it('shows only our own media paths as images', () => {
    expect(
      safeMediaPath(
        '/media/profiles/0f8c6e9e-2e5b-4c5f-9a59-0f8c6e9e2e5b/picture-0123456789abcdef0123456789abcdef-sm.jpg',
      ),
    ).not.toBeNull();
    for (const raw of [
      '/media/../etc/passwd',
      '/media//x',
      'https://evil.example/a.png',
      'javascript:alert(1)',
      '/MEDIA/x',
      null,
      5,
    ]) {
      expect(safeMediaPath(raw), String(raw)).toBeNull();
    }
  });

  it('directions: by coordinates to three apps, by address to two', () => {
    expect(directionsUrls({ lat: 40.9632, lng: 29.0634 }, 'Bağdat Caddesi, İstanbul').map((link) => link.url)).toEqual([
      'https://www.google.com/maps/dir/?api=1&destination=40.963200%2C29.063400',
      'https://maps.apple.com/?daddr=40.963200%2C29.063400',
      'https://waze.com/ul?ll=40.963200%2C29.063400&navigate=yes',
    ]);
    expect(directionsUrls(null, 'Bağdat Caddesi, İstanbul').map((link) => link.target)).toEqual(['google', 'apple']);
    expect(directionsUrls(null, '')).toEqual([]);
  });
});
