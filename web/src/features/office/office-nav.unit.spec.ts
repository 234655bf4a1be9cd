import { describe, expect, it } from 'vitest';
import { officeNavGroup } from './office-nav.ts';

describe("the sidebar's 'OFİS' group", () => {
  it('given the office not known yet, then no group rather than a wrong one', () => {
    expect(officeNavGroup(undefined)).toBeNull();
  });

  it('given no office, then only Ofis Oluştur', () => {
    expect(officeNavGroup(null)).toEqual({
      title: 'OFİS',
      items: [expect.objectContaining({ to: '/office/new', label: 'Ofis Oluştur' })],
    });
  });

  it('given a Yönetici, then every office screen', () => {
    expect(officeNavGroup('admin')?.items.map((item) => item.label)).toEqual([
      'Ofisim',
      'Kart Şablonu',
      'Ekip',
      'Ofis Kartları',
      'Ofis Bağlantıları',
      'Takım İstatistikleri',
      'Ofis Geçmişi',
    ]);
  });

  it('given a Danışman, then no template, no office cards and neither the office’s leads nor its statistics (the admin’s work)', () => {
    expect(officeNavGroup('agent')?.items.map((item) => item.to)).toEqual([
      '/office',
      '/office/team',
      '/office/history',
    ]);
  });
});
