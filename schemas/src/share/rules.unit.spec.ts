import { describe, expect, it } from 'vitest';
import { SHARE_MESSAGES } from './messages.ts';
import { contrastRatio, foldPersonalAddress, personalAddressProblem, qrStyleProblem, slugFrom } from './rules.ts';

describe('the QR colours', () => {
  it('measure contrast as WCAG does: black on white is 21:1, a colour with itself 1:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#4f46e5', '#4f46e5')).toBe(1);
  });

  it('accept dark modules on a light ground at 4.5:1 or more, in any case of hex digits', () => {
    expect(qrStyleProblem({ foreground: '#1E3A8A', background: '#fffbeb', logo: 'profile' })).toBeNull();
    // The classic theme's indigo on white: 6.3:1.
    expect(qrStyleProblem({ foreground: '#4f46e5', background: '#ffffff', logo: 'none' })).toBeNull();
  });

  it('refuse a pair too close to scan, naming the foreground', () => {
    expect(qrStyleProblem({ foreground: '#777777', background: '#999999', logo: 'none' })).toEqual({
      message: SHARE_MESSAGES.qrContrastTooLow,
      field: 'foreground',
    });
    // Orange on white: about 3.6:1, under the line.
    expect(qrStyleProblem({ foreground: '#ea580c', background: '#ffffff', logo: 'none' })?.message).toBe(
      SHARE_MESSAGES.qrContrastTooLow,
    );
  });

  it('refuse light modules on a dark ground, which many phones cannot read', () => {
    expect(qrStyleProblem({ foreground: '#ffffff', background: '#0f172a', logo: 'none' })?.message).toBe(
      SHARE_MESSAGES.qrInverted,
    );
  });

  it('refuse what is no #rrggbb colour, and an unknown logo', () => {
    expect(qrStyleProblem({ foreground: 'black', background: '#ffffff', logo: 'none' })?.field).toBe('foreground');
    expect(qrStyleProblem({ foreground: '#000', background: '#ffffff', logo: 'none' })?.field).toBe('foreground');
    expect(qrStyleProblem({ foreground: '#000000', background: 42, logo: 'none' })?.field).toBe('background');
    expect(qrStyleProblem({ foreground: '#000000', background: '#ffffff', logo: 'gif' })).toEqual({
      message: SHARE_MESSAGES.qrLogoInvalid,
      field: 'logo',
    });
  });
});

describe('the personal address', () => {
  it('folds Turkish letters and capitals the way it is stored', () => {
    expect(foldPersonalAddress('  Ayşe-Yılmaz ')).toBe('ayse-yilmaz');
    expect(foldPersonalAddress('ÇINAR-EMLAK')).toBe('cinar-emlak');
    expect(foldPersonalAddress('İlkÖğretmen')).toBe('ilkogretmen');
  });

  it('suggests one from a name, spaces to hyphens', () => {
    expect(slugFrom('Ayşe Yılmaz')).toBe('ayse-yilmaz');
    expect(slugFrom('  Gül & Şükrü Gayrimenkul!  ')).toBe('gul-sukru-gayrimenkul');
    expect(slugFrom('a'.repeat(60))).toHaveLength(40);
  });

  it('takes letters, digits and single inner hyphens, 3 to 40 characters', () => {
    expect(personalAddressProblem('ayse-yilmaz')).toBeNull();
    expect(personalAddressProblem('a1b')).toBeNull();
    for (const refused of [
      'ab',
      'a'.repeat(41),
      '-ayse',
      'ayse-',
      'ayse--yilmaz',
      'ayse yilmaz',
      'ayşe',
      'ayse_yilmaz',
      'ayse.yilmaz',
    ]) {
      expect(personalAddressProblem(refused), refused).toEqual({
        message: SHARE_MESSAGES.addressInvalid,
        field: 'slug',
      });
    }
    expect(personalAddressProblem('')).toEqual({ message: SHARE_MESSAGES.addressRequired, field: 'slug' });
  });

  it('refuses the reserved words', () => {
    for (const reserved of ['admin', 'destek', 'kartvizit', 'yardim', 'api']) {
      expect(personalAddressProblem(reserved)?.message).toBe(SHARE_MESSAGES.addressReserved);
    }
  });
});
