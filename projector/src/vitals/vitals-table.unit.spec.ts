import { describe, expect, it } from 'vitest';
import { formatVitalsTable } from './vitals-table.ts';

describe('the vitals table of the projector CLI', () => {
  it('names pages, devices and ratings in Turkish and writes numbers the Turkish way', () => {
    const table = formatVitalsTable(
      [
        { page: 'card', device: 'mobile', metric: 'LCP', samples: 1234, p75: 2612.4, rating: 'needs-improvement' },
        { page: 'card', device: 'mobile', metric: 'CLS', samples: 1200, p75: 0.0831, rating: 'good' },
        { page: 'dashboard', device: 'desktop', metric: 'INP', samples: 8, p75: 640, rating: 'poor' },
      ],
      28,
    );
    expect(table.split('\n')).toEqual([
      'Core Web Vitals, son 28 gün (p75: yüklemelerin dörtte üçü bu değerde ya da daha iyi)',
      'Sayfa         Cihaz     Ölçüm       p75  Değerlendirme    Örnek',
      'Kart sayfası  Telefon   LCP    2.612 ms  İyileştirilmeli  1.234',
      'Kart sayfası  Telefon   CLS       0,083  İyi              1.200',
      'Panel         Masaüstü  INP      640 ms  Kötü                 8',
    ]);
  });

  it('says so when the period has no measurements', () => {
    expect(formatVitalsTable([], 7)).toBe(
      'Core Web Vitals, son 7 gün (p75: yüklemelerin dörtte üçü bu değerde ya da daha iyi)\nBu dönemde ölçüm yok.',
    );
  });
});
