import { describe, expect, it } from 'vitest';
import { cardColorLabel, cardStatus, downloadUrl, formatCardDateTime, qrFileName } from './card-facts.ts';

describe('cardStatus', () => {
  it('tells waiting, active and deactivated cards apart', () => {
    expect(cardStatus({ isActivated: false, isActive: false })).toBe('pending');
    expect(cardStatus({ isActivated: true, isActive: true })).toBe('active');
    expect(cardStatus({ isActivated: true, isActive: false })).toBe('inactive');
  });
});

describe('downloadUrl', () => {
  it('keeps the version and asks for an attachment', () => {
    expect(downloadUrl('/api/cards/NFC-1/qr.png?v=3')).toBe('/api/cards/NFC-1/qr.png?v=3&download=1');
  });

  it('works without a query and does not add download twice', () => {
    expect(downloadUrl('/api/cards/NFC-1/qr.svg')).toBe('/api/cards/NFC-1/qr.svg?download=1');
    expect(downloadUrl('/qr.png?download=1&v=2')).toBe('/qr.png?download=1&v=2');
  });

  it('names the files as SPEC §9 says', () => {
    expect(qrFileName('VC-AB12CD', 'png')).toBe('qrcode-VC-AB12CD.png');
  });
});

describe('formatCardDateTime', () => {
  it('writes Turkish long dates in Istanbul time', () => {
    expect(formatCardDateTime('2025-11-21T11:05:00Z')).toBe('21 Kasım 2025 14:05');
  });

  it('reads a missing or broken date as a dash', () => {
    expect(formatCardDateTime(null)).toBe('—');
    expect(formatCardDateTime('dün')).toBe('—');
  });
});

describe('cardColorLabel', () => {
  it('names the five colours in Turkish and passes unknown ones through', () => {
    expect(cardColorLabel('rose-gold')).toBe('Roze Altın');
    expect(cardColorLabel('silver')).toBe('Gümüş');
    expect(cardColorLabel('neon')).toBe('neon');
  });
});
