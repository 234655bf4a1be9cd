import { describe, expect, it } from 'vitest';
import QRCode from 'qrcode';
import { qrModules } from './branded-qr-image.tsx';
import {
  addressInLanguage,
  ownerName,
  ownerPhotoUrl,
  qrLogoUrl,
  themeColours,
  type OwnerFacts,
} from './share-facts.ts';
import { brandedQrUrl, readableUrl, videoBackgroundUrl } from './share-urls.ts';

const PROFILE: OwnerFacts = {
  title: 'Dr.',
  firstName: 'Ayşe',
  lastName: 'Yılmaz',
  theme: 'forest',
  profilePicture: '/media/profiles/a/picture-1.jpg',
  companyLogo: '/media/profiles/a/logo-1.png',
  thumbnails: { profilePicture: '/media/profiles/a/picture-1-sm.jpg', companyLogo: null },
};

describe('what the share tools read of the owner', () => {
  it('names the owner as the card does, honorific first', () => {
    expect(ownerName(PROFILE)).toBe('Dr. Ayşe Yılmaz');
    expect(ownerName({ ...PROFILE, title: ' ' })).toBe('Ayşe Yılmaz');
  });

  it('takes the theme’s two colours, the first theme’s for an unknown one', () => {
    expect(themeColours('forest')).toEqual({ main: '#166534', soft: '#dcfce7' });
    expect(themeColours('neon')).toEqual({ main: '#4f46e5', soft: '#eef2ff' });
    expect(themeColours(undefined).main).toBe('#4f46e5');
  });

  it('shows the small photo where there is one', () => {
    expect(ownerPhotoUrl(PROFILE)).toBe('/media/profiles/a/picture-1-sm.jpg');
    expect(ownerPhotoUrl({ ...PROFILE, thumbnails: { profilePicture: null, companyLogo: null } })).toBe(
      '/media/profiles/a/picture-1.jpg',
    );
    expect(ownerPhotoUrl(null)).toBeNull();
  });

  it('puts the chosen logo in the QR’s centre, or none when there is no such logo', () => {
    expect(qrLogoUrl('none', PROFILE, '/media/offices/o/logo.png')).toBeNull();
    expect(qrLogoUrl('profile', PROFILE, undefined)).toBe('/media/profiles/a/logo-1.png');
    expect(qrLogoUrl('profile', { ...PROFILE, companyLogo: null }, undefined)).toBeNull();
    expect(qrLogoUrl('office', PROFILE, '/media/offices/o/logo.png')).toBe('/media/offices/o/logo.png');
    expect(qrLogoUrl('office', PROFILE, '')).toBeNull();
    expect(qrLogoUrl('office', PROFILE, undefined)).toBeNull();
  });

  it('asks the card page for a language other than Turkish', () => {
    expect(addressInLanguage('https://kart.example.com/k/ayse', 'tr')).toBe('https://kart.example.com/k/ayse');
    expect(addressInLanguage('https://kart.example.com/k/ayse', 'ar')).toBe('https://kart.example.com/k/ayse?lang=ar');
  });
});

describe('the addresses of the server’s images', () => {
  it('carry the look’s version, and ask for a download when the owner downloads', () => {
    expect(brandedQrUrl('VC-ABC234', '1764322800000.a1b2c3d4e5', 'png')).toBe(
      '/api/cards/VC-ABC234/branded-qr.png?s=1764322800000.a1b2c3d4e5',
    );
    expect(brandedQrUrl('VC-ABC234', '3', 'svg', { download: true })).toBe(
      '/api/cards/VC-ABC234/branded-qr.svg?s=3&download=1',
    );
    expect(videoBackgroundUrl('VC-ABC234', 'kose', 'tall', { download: true })).toBe(
      '/api/cards/VC-ABC234/background.png?design=kose&shape=tall&download=1',
    );
    expect(readableUrl('https://kart.example.com/k/ayse/')).toBe('kart.example.com/k/ayse');
  });
});

describe('the modules the browser draws the branded QR from', () => {
  it('are qrcode’s matrix read column first, as qr-art reads it, at H with a logo and M without', () => {
    const text = 'https://kart.example.com/p/VC-ABC234';
    const matrix = QRCode.create(text, { errorCorrectionLevel: 'H' }).modules;
    const modules = qrModules(text, true);
    expect(modules.size).toBe(matrix.size);
    for (let y = 0; y < matrix.size; y += 1) {
      for (let x = 0; x < matrix.size; x += 1) expect(modules.get(x, y)).toBe(matrix.get(y, x) === 1);
    }
    expect(qrModules(text, false).size).toBeLessThan(modules.size);
  });
});
